#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where rendered bytes go: the renderers write into ``buffer``; once it holds a chunk's worth,
/// ``drainIfFull()`` hands it on (to standard output, to a ``Spool``) and empties it. A sink made
/// with ``memory()`` keeps everything, for callers that need the whole output (`check`).
final class ByteSink {
    // Unchecked: written for every record (twice by `jsonl`), ~19,000 checks (~1% of analyze on the 2 MB
    // sample, on the rendering thread); one thread at a time renders into a sink.
    /// What the renderers write into.
    @exclusivity(unchecked) var buffer: ByteBuffer
    private let destination: Destination
    /// How many bytes the buffer collects before it is handed on.
    static let chunkSize = 1 << 16

    private enum Destination {
        case output(any TextOutput)
        case spool(Spool)
        case memory
    }

    private init(_ destination: Destination, capacity: Int) {
        self.destination = destination
        buffer = ByteBuffer(capacity: capacity)
    }

    /// A sink writing to `output` in chunks of 64 KiB or more.
    static func output(_ output: any TextOutput) -> ByteSink { ByteSink(.output(output), capacity: chunkSize + (chunkSize >> 2)) }

    /// A sink writing to `spool`.
    static func spool(_ spool: Spool) -> ByteSink { ByteSink(.spool(spool), capacity: chunkSize + (chunkSize >> 2)) }

    /// A sink that keeps every byte in ``buffer``, with room for `capacity` bytes before it grows
    /// (`check` gives the golden file's size: the analysis that matches it is never copied to grow).
    static func memory(capacity: Int = 1 << 12) -> ByteSink { ByteSink(.memory, capacity: max(capacity, 1 << 12)) }

    /// Hands the buffer on once it holds a chunk.
    @inline(__always)
    func drainIfFull() throws(OutputError) {
        if buffer.count >= Self.chunkSize { try drain() }
    }

    /// Hands whatever the buffer holds on (a memory sink keeps it).
    func drain() throws(OutputError) {
        switch destination {
        case .memory:
            return
        case .output(let output):
            guard !buffer.isEmpty else { return }
            defer { buffer.removeAll() }
            try buffer.withUnsafeBytes { bytes throws(OutputError) in try output.write(bytes: bytes) }
        case .spool(let spool):
            try spool.take(&buffer)
        }
    }
}

/// Bytes kept for later, in memory up to a limit and beyond it in an unnamed temporary file, so
/// that output that must wait (another trace's turn, a gesture that is not over) takes bounded memory.
final class Spool {
    // Unchecked: written for each transition of `json` (a gesture's spool); one thread at a time uses a
    // spool (analyze --format json of the 2 MB sample: 162.3 M -> 159.3 M instructions, callgrind).
    @exclusivity(unchecked) private var memory = ByteBuffer()
    private var file: TemporaryFile?
    private var fileCount = 0
    /// The most bytes kept in memory.
    let memoryLimit: Int

    /// Creates an empty spool keeping up to `memoryLimit` bytes in memory.
    init(memoryLimit: Int = 1 << 20) {
        self.memoryLimit = memoryLimit
    }

    /// The number of bytes kept.
    var count: Int { fileCount + memory.count }

    /// Whether nothing is kept.
    var isEmpty: Bool { count == 0 }

    /// Appends a literal.
    func append(_ literal: StaticString) throws(OutputError) {
        memory.append(literal)
        try spillIfFull()
    }

    /// Appends bytes.
    func append(_ buffer: ByteBuffer) throws(OutputError) {
        buffer.withUnsafeBytes { memory.append($0) }
        try spillIfFull()
    }

    /// Appends raw bytes.
    func append(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
        memory.append(bytes)
        try spillIfFull()
    }

    /// Appends what `write` writes, straight into the spool's memory.
    func append(writing write: (inout ByteBuffer) -> Void) throws(OutputError) {
        write(&memory)
        try spillIfFull()
    }

    /// Moves `buffer`'s bytes to the end of the spool, leaving it empty.
    func take(_ buffer: inout ByteBuffer) throws(OutputError) {
        if memory.isEmpty, fileCount == 0, buffer.count >= memoryLimit {
            try spill(buffer)
            buffer.removeAll()
            return
        }
        buffer.withUnsafeBytes { memory.append($0) }
        buffer.removeAll()
        try spillIfFull()
    }

    /// Appends everything `other` keeps.
    func append(contentsOf other: Spool) throws(OutputError) {
        try other.forEachChunk { chunk throws(OutputError) in
            memory.append(chunk)
            try spillIfFull()
        }
    }

    /// Writes everything kept into `sink`, in order.
    func write(to sink: ByteSink) throws(OutputError) {
        try forEachChunk { chunk throws(OutputError) in
            sink.buffer.append(chunk)
            try sink.drainIfFull()
        }
    }

    /// Writes everything kept to `output`, in order.
    func write(to output: any TextOutput) throws(OutputError) {
        try forEachChunk { chunk throws(OutputError) in try output.write(bytes: chunk) }
    }

    /// Forgets everything kept (the temporary file, if any, is kept for reuse).
    func removeAll() {
        memory.removeAll()
        if fileCount > 0 {
            file?.truncate()
            fileCount = 0
        }
    }

    /// Calls `body` with the kept bytes in order, in chunks.
    func forEachChunk(_ body: (UnsafeRawBufferPointer) throws(OutputError) -> Void) throws(OutputError) {
        if let file, fileCount > 0 {
            try file.read(count: fileCount, body)
        }
        guard !memory.isEmpty else { return }
        try memory.withUnsafeBytes { bytes throws(OutputError) in try body(bytes) }
    }

    private func spillIfFull() throws(OutputError) {
        guard memory.count >= memoryLimit else { return }
        try spill(memory)
        memory.removeAll()
    }

    private func spill(_ buffer: ByteBuffer) throws(OutputError) {
        if file == nil { file = try TemporaryFile.create() }
        guard let file else { return }
        try buffer.withUnsafeBytes { bytes throws(OutputError) in try file.write(bytes) }
        fileCount += buffer.count
    }
}

/// An unnamed temporary file (`tmpfile(3)`): gone when closed, or when the process ends however it ends.
final class TemporaryFile {
    private let stream: UnsafeMutablePointer<FILE>
    /// Its descriptor.
    let descriptor: Int32
    /// The bytes written so far, from the start of the file.
    private(set) var size = 0

    private init(stream: UnsafeMutablePointer<FILE>) {
        self.stream = stream
        descriptor = fileno(stream)
    }

    deinit { fclose(stream) }

    /// Creates one.
    ///
    /// - Throws: ``OutputError/failed(reason:)`` when the system cannot.
    static func create() throws(OutputError) -> TemporaryFile {
        guard let stream = tmpfile() else {
            throw .failed(reason: "cannot create a temporary file: " + String(cString: strerror(errno)))
        }
        return TemporaryFile(stream: stream)
    }

    /// Appends `bytes`.
    func write(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
        guard let base = bytes.baseAddress else { return }
        var done = 0
        while done < bytes.count {
            let n = pwrite(descriptor, base + done, bytes.count - done, off_t(size + done))
            if n < 0 {
                if errno == EINTR { continue }
                throw .failed(reason: "cannot write a temporary file: " + String(cString: strerror(errno)))
            }
            done += n
        }
        size += bytes.count
    }

    /// Calls `body` with the first `count` bytes of the file, in chunks.
    func read(count: Int, _ body: (UnsafeRawBufferPointer) throws(OutputError) -> Void) throws(OutputError) {
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { chunk.deallocate() }
        var offset = 0
        while offset < count {
            let n = pread(descriptor, chunk.baseAddress, min(chunk.count, count - offset), off_t(offset))
            if n < 0 {
                if errno == EINTR { continue }
                throw .failed(reason: "cannot read a temporary file: " + String(cString: strerror(errno)))
            }
            if n == 0 { throw .failed(reason: "cannot read a temporary file: it is shorter than written") }
            try body(UnsafeRawBufferPointer(rebasing: chunk[..<n]))
            offset += n
        }
    }

    /// Empties the file.
    func truncate() {
        _ = ftruncate(descriptor, 0)
        size = 0
    }
}
