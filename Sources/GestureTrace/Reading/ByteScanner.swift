#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Owns the memory of a `ByteScanner`'s buffer (a struct cannot free memory when it goes away).
///
/// The scanner keeps its own copy of the pointer for speed; this object only ties the memory's lifetime to
/// the scanner's. A bigger buffer is a new `ScanBuffer`.
final class ScanBuffer {
    let pointer: UnsafeMutablePointer<UInt8>
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        pointer = .allocate(capacity: capacity)
    }

    deinit { pointer.deallocate() }
}

/// A reusable buffer over a `ByteSource` that the readers scan byte by byte, tracking line and column.
///
/// The buffer holds the unconsumed bytes and is refilled one chunk at a time, so memory stays constant
/// whatever the input size. Positions cost nothing per byte: the column is computed from the offset of the
/// current line's start minus the UTF-8 continuation bytes seen on the line, which the string and field
/// scanners count when they validate multi-byte sequences (the only place such bytes may occur).
///
/// A plain struct, mutated in place through one owner (the reader), so scanning costs no reference counting
/// and no dynamic exclusivity checks. Do not copy a scanner that is in use: copies share the buffer.
struct ByteScanner {
    /// The file name for diagnostics.
    let file: String
    /// The bytes' origin.
    private(set) var source: any ByteSource
    /// How many bytes one read asks for.
    let chunkSize: Int

    /// Keeps `buffer` allocated.
    private var storage: ScanBuffer
    /// The buffer; `buffer[pos..<end]` are the bytes read but not consumed.
    private(set) var buffer: UnsafeMutablePointer<UInt8>
    /// The index in `buffer` of the next byte.
    var pos = 0
    /// The index in `buffer` after the last byte read.
    private(set) var end = 0
    /// The input offset of `buffer[0]`.
    private(set) var base = 0
    /// Whether the source has reported its end.
    private(set) var atEOF = false
    /// When not negative, a buffer index from which refills keep the bytes (a number token in progress).
    var pin = -1
    /// Whether a read for the fast path failed (see `topUpForFastPath()`).
    var topUpFailed = false

    /// The current line, from 1.
    var line = 1
    /// The input offset of the current line's first byte.
    var lineStart = 0
    /// The UTF-8 continuation bytes consumed so far on the current line.
    var lineExtra = 0

    /// The scanning state to return to with `restore(_:)`.
    struct State {
        var offset: Int
        var line: Int
        var lineStart: Int
        var lineExtra: Int
    }

    /// Creates a scanner that reads `chunkSize` bytes at a time.
    init(source: any ByteSource, file: String, chunkSize: Int = 1 << 16) {
        self.source = source
        self.file = file
        self.chunkSize = max(1, chunkSize)
        storage = ScanBuffer(capacity: max(2 * self.chunkSize, 64))
        buffer = storage.pointer
    }

    /// The input offset of the next byte.
    @inline(__always)
    var offset: Int { base &+ pos }

    /// The position of the next byte.
    @inline(__always)
    var position: SourcePosition {
        SourcePosition(line: line, column: base &+ pos &- lineStart &- lineExtra &+ 1)
    }

    /// The position of buffer index `index` on the current line (no line break between `pos` and it).
    @inline(__always)
    func position(ofIndex index: Int) -> SourcePosition {
        SourcePosition(line: line, column: base &+ index &- lineStart &- lineExtra &+ 1)
    }

    /// The next byte without consuming it, nil at the end of the input.
    @inline(__always)
    mutating func peek() throws(TraceError) -> UInt8? {
        if pos < end { return buffer[pos] }
        return try peekSlow()
    }

    private mutating func peekSlow() throws(TraceError) -> UInt8? {
        while pos >= end {
            if try !fill() { return nil }
        }
        return buffer[pos]
    }

    /// The byte `k` places after the next one, without consuming anything; nil past the end of the input.
    mutating func peek(at k: Int) throws(TraceError) -> UInt8? {
        while pos &+ k >= end {
            if try !fill() { return nil }
        }
        return buffer[pos &+ k]
    }

    /// Consumes a `\n` at the current position and starts a new line.
    @inline(__always)
    mutating func consumeNewline() {
        pos &+= 1
        line &+= 1
        lineStart = base &+ pos
        lineExtra = 0
    }

    /// Reads another chunk after the unconsumed bytes; false at the end of the input.
    ///
    /// When the buffer has no room for a chunk after them, bytes before `pos` (or before `pin`, when set)
    /// are discarded to make room, so buffer indices other than `pos` and `pin` are invalid afterwards.
    /// (Moving them at every read moved a small file's every byte once more when a JSON document's
    /// read-ahead asked whether it had ended: 0.6% of `check`'s instructions.)
    ///
    /// - Parameter ready: only take bytes that are ready to be read (`ByteSource.readReady`), for a read
    ///   ahead that must not wait for a live stream; false then means either the end or that none were ready yet.
    @discardableResult
    mutating func fill(ready: Bool = false) throws(TraceError) -> Bool {
        if atEOF { return false }
        let keep = pin >= 0 ? min(pin, pos) : pos
        if keep > 0, storage.capacity &- end < chunkSize {
            let count = end - keep
            if count > 0 { memmove(buffer, buffer + keep, count) }
            base &+= keep
            pos -= keep
            end -= keep
            if pin >= 0 { pin -= keep }
        }
        if storage.capacity - end < chunkSize {
            let bigger = ScanBuffer(capacity: max(storage.capacity * 2, end + chunkSize))
            bigger.pointer.update(from: buffer, count: end)
            storage = bigger
            buffer = bigger.pointer
        }
        let n = ready ? try source.readReady(into: buffer + end, count: chunkSize) : try source.read(into: buffer + end, count: chunkSize)
        if n <= 0 {
            if n < 0 { return false }  // a live stream with nothing ready yet
            atEOF = true
            return false
        }
        end += n
        return true
    }

    /// Skips a UTF-8 byte order mark at the very start of the input.
    mutating func skipByteOrderMark() throws(TraceError) {
        guard offset == 0, try peek() == 0xEF, try peek(at: 1) == 0xBB, try peek(at: 2) == 0xBF else { return }
        pos += 3
        lineStart = offset
    }

    // MARK: Text runs

    /// Consumes the run of bytes for which `ordinary` holds (refilling the buffer as needed) and
    /// returns the byte that ended it, left unconsumed, or nil at the end of the input. The run goes to
    /// `output` when `store` is true and is added to `length`; a `length` over `limit` is the error
    /// "`noun` longer than `limit` bytes" at `start`.
    ///
    /// The byte loop of CSV fields and JSON strings: inlined, so each caller's `ordinary` test
    /// compiles into its own loop.
    @inline(__always)
    mutating func consumeRun(
        into output: inout [UInt8], store: Bool, length: inout Int, limit: Int, noun: String, start: SourcePosition,
        while ordinary: (UInt8) -> Bool
    ) throws(TraceError) -> UInt8? {
        while true {
            let buffer = self.buffer
            let end = self.end
            var i = pos
            while i < end, ordinary(buffer[i]) { i &+= 1 }
            let run = i &- pos
            if run > 0 {
                if store { output.append(contentsOf: UnsafeBufferPointer(start: buffer + pos, count: run)) }
                length &+= run
                pos = i
            }
            if length > limit { throw error("\(noun) longer than \(limit) bytes", at: start) }
            if i < end { return buffer[i] }
            guard try fill() else { return nil }
        }
    }

    /// ``consumeUTF8Sequence(into:store:)``, adding the bytes to `length`; invalid UTF-8 is the error
    /// "invalid UTF-8 in `place`".
    mutating func consumeUTF8Sequence(into output: inout [UInt8], store: Bool, length: inout Int, in place: String) throws(TraceError) {
        let at = position
        let before = offset
        guard try consumeUTF8Sequence(into: &output, store: store) else { throw error("invalid UTF-8 in \(place)", at: at) }
        length &+= offset &- before
    }

    // MARK: UTF-8

    /// Validates and consumes the multi-byte UTF-8 sequence that starts at the next byte (which is >= 0x80),
    /// appending it to `output` when `store` is true; returns false, consuming nothing, if it is not valid UTF-8.
    mutating func consumeUTF8Sequence(into output: inout [UInt8], store: Bool) throws(TraceError) -> Bool {
        guard let lead = try peek() else { return false }
        let continuationCount: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: continuationCount = 1
        case 0xE0: continuationCount = 2; low = 0xA0
        case 0xE1...0xEC, 0xEE, 0xEF: continuationCount = 2
        case 0xED: continuationCount = 2; high = 0x9F
        case 0xF0: continuationCount = 3; low = 0x90
        case 0xF1...0xF3: continuationCount = 3
        case 0xF4: continuationCount = 3; high = 0x8F
        default: return false
        }
        for k in 1...continuationCount {
            guard let byte = try peek(at: k) else { return false }
            if byte < low || byte > high { return false }
            low = 0x80
            high = 0xBF
        }
        if store {
            output.append(contentsOf: UnsafeBufferPointer(start: buffer + pos, count: continuationCount + 1))
        }
        pos += continuationCount + 1
        lineExtra += continuationCount
        return true
    }

    // MARK: Messages

    /// An error at `position` with `message`.
    func error(_ message: String, at position: SourcePosition) -> TraceError {
        .invalid(Diagnostic(file: file, position: position, severity: .error, message: message))
    }

    /// An error at the current position.
    func error(_ message: String) -> TraceError {
        error(message, at: position)
    }

    /// The next byte for a message, as in "found 'x'": a quoted character, `end of line`, `end of file`,
    /// `U+0000` for a control character, or `byte 0xFF` for a byte that does not start valid UTF-8.
    mutating func foundDescription() throws(TraceError) -> String {
        guard let byte = try peek() else { return "end of file" }
        switch byte {
        case 0x0A:
            return "end of line"
        case 0x0D:
            return try peek(at: 1) == 0x0A ? "end of line" : "U+000D (carriage return)"
        case 0x20..<0x7F:
            return "'\(Character(Unicode.Scalar(byte)))'"
        case 0..<0x20, 0x7F:
            return Messages.scalarName(UInt32(byte))
        default:
            var bytes: [UInt8] = []
            let savedOffset = offset
            let savedExtra = lineExtra
            let valid = try consumeUTF8Sequence(into: &bytes, store: true)
            pos = savedOffset - base
            lineExtra = savedExtra
            if valid {
                return "'\(String(decoding: bytes, as: UTF8.self))'"
            }
            return "byte " + Messages.hex(byte)
        }
    }

    // MARK: Going back

    /// The current scanning state.
    func save() -> State {
        State(offset: offset, line: line, lineStart: lineStart, lineExtra: lineExtra)
    }

    /// Makes sure that `restore(_:)` can return to the current offset: a source that cannot seek (a pipe)
    /// is copied to a temporary file from here on.
    mutating func makeRewindable() throws(TraceError) {
        if source.isSeekable { return }
        let rest = UnsafeBufferPointer(start: buffer + pos, count: end - pos)
        let spool = try FileSource.spool(prefix: rest, rest: source, name: file)
        source = SpoolSource(spool, origin: offset)
        base = offset
        pos = 0
        end = 0
        pin = -1
        atEOF = false
    }

    /// Returns to a saved state; the source must be seekable there (see `makeRewindable()`).
    mutating func restore(_ state: State) throws(TraceError) {
        if state.offset >= base && state.offset <= base + end {
            pos = state.offset - base
        } else {
            guard source.seek(to: state.offset) else {
                throw .cannotOpen(path: file, reason: "cannot go back in the input")
            }
            base = state.offset
            pos = 0
            end = 0
            atEOF = false
        }
        pin = -1
        line = state.line
        lineStart = state.lineStart
        lineExtra = state.lineExtra
    }
}

/// A spool file whose first byte stands for input offset `origin`.
private final class SpoolSource: ByteSource {
    private let file: FileSource
    private let origin: Int

    init(_ file: FileSource, origin: Int) {
        self.file = file
        self.origin = origin
    }

    var isSeekable: Bool { true }

    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(TraceError) -> Int {
        try file.read(into: buffer, count: count)
    }

    func seek(to offset: Int) -> Bool {
        offset >= origin && file.seek(to: offset - origin)
    }
}
