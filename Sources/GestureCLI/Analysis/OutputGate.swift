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
/// The thread that renders writes, the thread of the first pass opens or discards; a lock keeps
/// them apart, so that the output sees the held bytes first, then the rest, in order.
final class OutputGate: TextOutput, @unchecked Sendable {
    // `state`, `spool` and `failure` are read and written only with `lock` held.
    private let lock = NSLock()
    private let output: any TextOutput
    private var state = State.shut
    private let spool: Spool
    private var failure: OutputError?

    private enum State {
        case shut
        case open
        case discarded
    }

    /// A gate in front of `output`, keeping up to `memoryLimit` bytes in memory while shut.
    init(_ output: any TextOutput, memoryLimit: Int = 1 << 20) {
        self.output = output
        spool = Spool(memoryLimit: memoryLimit)
    }

    /// Whether ``open(_:)`` has been called.
    var isOpen: Bool { lock.withLock { state == .open } }

    /// The first failure to write the output or the spool, if any.
    var writeFailure: OutputError? { lock.withLock { failure } }

    /// Writes `prelude` (which may write to the output itself: a prologue, after the warnings on
    /// standard error), then the bytes held, and lets later writes through.
    func open(_ prelude: (any TextOutput) throws(OutputError) -> Void) {
        lock.withLock {
            guard state == .shut else { return }
            state = .open
            guard failure == nil else { return }
            do throws(OutputError) {
                try prelude(output)
                try spool.write(to: output)
            } catch {
                failure = error
            }
            spool.removeAll()
        }
    }

    /// Drops the bytes held and every later write.
    func discard() {
        lock.withLock {
            guard state == .shut else { return }
            state = .discarded
            spool.removeAll()
        }
    }

    func write(bytes: UnsafeRawBufferPointer) throws(OutputError) {
        lock.lock()
        defer { lock.unlock() }
        if let failure { throw failure }
        do throws(OutputError) {
            switch state {
            case .open: try output.write(bytes: bytes)
            case .shut: try spool.append(bytes)
            case .discarded: return
            }
        } catch {
            failure = error
            throw error
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
        lock.lock()
        defer { lock.unlock() }
        if let failure { throw failure }
        guard state == .open else { return }
        do throws(OutputError) {
            try output.flush()
        } catch {
            failure = error
            throw error
        }
    }
}
