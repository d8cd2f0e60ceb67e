#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why text could not be written.
public enum OutputError: Error, Hashable, Sendable {
    /// The reading end went away (`EPIPE`), as when output is piped into `head`: stop quietly.
    case closed
    /// Any other failure, with the system's reason (exit status 74).
    case failed(reason: String)
}

/// A destination for text: standard output, standard error, or memory in tests.
///
/// See also: ``FileDescriptorOutput``, ``MemoryOutput``.
public protocol TextOutput: AnyObject {
    /// Writes `text`, possibly keeping it in a buffer until ``flush()``.
    func write(_ text: String) throws(OutputError)
    /// Writes out whatever is buffered.
    func flush() throws(OutputError)
    /// Writes UTF-8 bytes (rendered output, in chunks that may end inside a character), possibly
    /// keeping them in a buffer until ``flush()``.
    func write(bytes: UnsafeRawBufferPointer) throws(OutputError)
}

extension TextOutput {
    /// Writes the bytes as text; outputs that keep text must override this, since a chunk may end
    /// inside a character.
    public func write(bytes: UnsafeRawBufferPointer) throws(OutputError) {
        try write(String(decoding: bytes, as: UTF8.self))
    }
}

/// Writes to a file descriptor through a buffer, reporting `EPIPE` as ``OutputError/closed``.
///
/// The first failure sticks: later writes throw it again without touching the descriptor.
/// Ignore `SIGPIPE` (``CommandEnvironment/process()`` does) so that a closed pipe is an error
/// here rather than the end of the process.
public final class FileDescriptorOutput: TextOutput {
    private let descriptor: Int32
    private let capacity: Int
    private var buffer: [UInt8] = []
    private var failure: OutputError?

    /// Creates an output on `descriptor`; it writes whenever `capacity` bytes are buffered
    /// (0: on every write).
    public init(descriptor: Int32, bufferCapacity capacity: Int = 1 << 16) {
        self.descriptor = descriptor
        self.capacity = capacity
        buffer.reserveCapacity(capacity)
    }

    /// Buffers `text`, writing the buffer out once it holds `bufferCapacity` bytes.
    public func write(_ text: String) throws(OutputError) {
        if let failure { throw failure }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= capacity { try flush() }
    }

    /// Buffers `bytes`; a chunk at least as large as the buffer goes straight to the descriptor
    /// once the buffer is written out, without being copied.
    public func write(bytes: UnsafeRawBufferPointer) throws(OutputError) {
        if let failure { throw failure }
        if bytes.count >= capacity {
            try flush()
            try writeAll(bytes)
            return
        }
        buffer.append(contentsOf: bytes.bindMemory(to: UInt8.self))
        if buffer.count >= capacity { try flush() }
    }

    /// Writes out the buffer, retrying after interruptions and partial writes.
    public func flush() throws(OutputError) {
        if let failure { throw failure }
        guard !buffer.isEmpty else { return }
        let failed: OutputError? = buffer.withUnsafeBytes { bytes in
            do throws(OutputError) {
                try writeAll(bytes)
                return nil
            } catch {
                return error
            }
        }
        if let failed {
            buffer.removeAll()
            throw failed
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes every byte to the descriptor, retrying after interruptions and partial writes; the
    /// first failure sticks.
    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
        guard let base = bytes.baseAddress else { return }
        var written = 0
        while written < bytes.count {
            let result = systemWrite(descriptor, base + written, bytes.count - written)
            if result >= 0 {
                written += result
            } else if errno != EINTR {
                let error: OutputError = errno == EPIPE ? .closed : .failed(reason: String(cString: strerror(errno)))
                failure = error
                throw error
            }
        }
    }
}

/// Collects text in memory, for running the command line in tests.
public final class MemoryOutput: TextOutput {
    /// Everything written so far, as UTF-8.
    public private(set) var bytes: [UInt8] = []

    /// Everything written so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Creates an empty output.
    public init() {}

    /// Appends `text`.
    public func write(_ text: String) throws(OutputError) { bytes.append(contentsOf: text.utf8) }

    /// Appends `bytes`.
    public func write(bytes: UnsafeRawBufferPointer) throws(OutputError) {
        self.bytes.append(contentsOf: bytes.bindMemory(to: UInt8.self))
    }

    /// Does nothing: the text is already in memory.
    public func flush() throws(OutputError) {}
}

/// `write(2)`, named apart from the `write` methods above.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        return Glibc.write(descriptor, bytes, count)
    #elseif canImport(Musl)
        return Musl.write(descriptor, bytes, count)
    #else
        return Darwin.write(descriptor, bytes, count)
    #endif
}
