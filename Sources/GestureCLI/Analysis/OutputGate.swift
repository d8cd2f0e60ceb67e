import Foundation

/// Standard output held back until a trace is known to be good: what is written while the gate is
/// shut waits in a ``Spool`` (memory up to a limit, then an unnamed temporary file); ``open(_:)``
/// writes it out and lets everything after it straight through; ``discard()`` drops it and
/// everything after it.
///
/// `analyze` replays a big trace while its first pass is still checking it (on another thread); the
/// replay's output goes through a gate, which the first pass opens once it has found the trace good,
/// or discards when it has not, so that a bad trace prints nothing.
///
/// One thread writes (the renderer), another opens or discards (the first pass). Opening writes
/// the bytes held without keeping the writer waiting: the writer goes on adding to a second spool
/// meanwhile, which is written out next, and so on, until little is left; the last round keeps the
/// writer waiting. The output sees the bytes in the order they were written.
final class OutputGate: TextOutput, @unchecked Sendable {
    // `state`, `held`, `spare` and `failure` are read and written only with `lock` held, except
    // the spool being written out by `open`, which no other thread touches meanwhile.
    private let lock = NSLock()
    private let output: any TextOutput
    private var state = State.shut
    /// Where writes go until the gate is open.
    private var held: Spool
    /// An empty spool, for the next round of ``open(_:)``.
    private var spare: Spool
    private var failure: OutputError?

    private enum State {
        /// Writes are held.
        case shut
        /// ``open(_:)`` is writing out what was held; writes are still held.
        case opening
        /// Writes go straight to the output.
        case open
        /// Writes are dropped.
        case discarded
    }

    /// Rounds of ``open(_:)`` that let the writer go on before the last, which makes it wait.
    private static let roundsBeforeWaiting = 4

    /// A gate in front of `output`, keeping up to `memoryLimit` bytes in memory (in each of its two
    /// spools) while shut; the rest goes to a temporary file.
    init(_ output: any TextOutput, memoryLimit: Int = 1 << 18) {
        self.output = output
        held = Spool(memoryLimit: memoryLimit)
        spare = Spool(memoryLimit: memoryLimit)
    }

    /// Whether ``open(_:)`` has been called.
    var isOpen: Bool { lock.withLock { state == .opening || state == .open } }

    /// The first failure to write the output or the spool, if any.
    var writeFailure: OutputError? { lock.withLock { failure } }

    /// Writes `prelude` (which may write to the output itself: a prologue, after the warnings on
    /// standard error), then the bytes held, and lets later writes through. After a failure to hold
    /// the bytes (a temporary file that cannot be written), it writes nothing.
    func open(_ prelude: (any TextOutput) throws(OutputError) -> Void) {
        let writes = lock.withLock {
            guard state == .shut else { return false }
            state = failure == nil ? .opening : .open
            return failure == nil
        }
        guard writes else { return }
        do throws(OutputError) {
            try prelude(output)
            for _ in 0..<Self.roundsBeforeWaiting {
                let round: Spool? = lock.withLock {
                    guard failure == nil, !held.isEmpty else { return nil }
                    let round = held
                    held = spare
                    return round
                }
                guard let round else { break }
                try round.write(to: output)
                round.removeAll()
                lock.withLock { spare = round }
            }
            lock.lock()
            defer { lock.unlock() }
            if failure == nil { try held.write(to: output) }
            held.removeAll()
            state = .open
        } catch {
            lock.withLock {
                if failure == nil { failure = error }
                state = .open
            }
        }
    }

    /// Drops the bytes held and every later write.
    func discard() {
        lock.withLock {
            guard state == .shut else { return }
            state = .discarded
            held.removeAll()
        }
    }

    func write(bytes: UnsafeRawBufferPointer) throws(OutputError) {
        lock.lock()
        if let failure {
            lock.unlock()
            throw failure
        }
        switch state {
        case .open:
            // Only this thread writes to the output once the gate is open.
            lock.unlock()
            do throws(OutputError) {
                try output.write(bytes: bytes)
            } catch {
                lock.withLock { failure = error }
                throw error
            }
        case .shut, .opening:
            defer { lock.unlock() }
            do throws(OutputError) {
                try held.append(bytes)
            } catch {
                failure = error
                throw error
            }
        case .discarded:
            lock.unlock()
        }
    }

    func write(_ text: String) throws(OutputError) {
        let failed: OutputError? = Array(text.utf8).withUnsafeBytes { bytes in
            do throws(OutputError) {
                try write(bytes: bytes)
                return nil
            } catch {
                return error
            }
        }
        if let failed { throw failed }
    }

    /// Flushes the output once open; does nothing before.
    func flush() throws(OutputError) {
        let (failed, open) = lock.withLock { (failure, state == .open) }
        if let failed { throw failed }
        guard open else { return }
        do throws(OutputError) {
            try output.flush()
        } catch {
            lock.withLock { failure = error }
            throw error
        }
    }
}
