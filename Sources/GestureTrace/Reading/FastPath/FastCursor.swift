import GestureKit

/// The readers' fast path: a sample read straight from the bytes in the buffer, in one pass, without
/// copying keys, strings or number literals.
///
/// The fast path accepts only the common, valid form of a record that lies wholly in the buffer: known keys
/// without escapes, each once; numbers that `NumberParser.scanValue` takes; plain ASCII strings; known
/// phases and types; extension keys with a string, number, `true`, `false` or `null` value (CSV rows have
/// their own fast path in `CSVReader`). Anything else (a nested extension value, an escape, a non-ASCII
/// byte, a syntax or vocabulary error, a record cut by the end of the buffer) makes it give up having
/// consumed nothing, and the general reader reads the same record from its start, with its exact messages.
/// So the fast path never changes a result: it only decides sooner. `SampleFields` written before giving
/// up are reset by the general reader (`begin(at:)`) and rewritten.
///
/// The cursor tracks lines like `ByteScanner` does; the caller copies it back only on success.
/// (Its memberwise initializer makes a cursor over any bytes, for tests; `init(_:)` starts one at a
/// scanner's next byte.)
struct FastCursor {
    /// The scanner's buffer and its end.
    let buffer: UnsafePointer<UInt8>
    let end: UnsafePointer<UInt8>
    /// The input offset of `buffer[0]`.
    let base: Int
    var line: Int
    var lineStart: Int
    var lineExtra: Int
    /// The next byte.
    var p: UnsafePointer<UInt8>
    /// Whether x, y, force and radius need their values (`FormatReader.valuesNeeded`).
    var valuesNeeded = true

    /// Whether the next byte exists and is `byte`.
    @inline(__always)
    func at(_ byte: UInt8) -> Bool { p < end && p.pointee == byte }

    /// The position of `q` on the current line.
    @inline(__always)
    func position(_ q: UnsafePointer<UInt8>) -> SourcePosition {
        SourcePosition(line: line, column: base &+ (q - buffer) &- lineStart &- lineExtra &+ 1)
    }

    /// Consumes the `\n` at `p`.
    @inline(__always)
    mutating func newline() {
        p += 1
        line &+= 1
        lineStart = base &+ (p - buffer)
        lineExtra = 0
    }

    /// Skips spaces, tabs, carriage returns and, when `newlines`, line feeds; false at a line feed that is
    /// not allowed.
    @inline(__always)
    mutating func skipWhitespace(newlines: Bool) -> Bool {
        while p < end {
            let byte = p.pointee
            if byte > 0x20 { return true }
            if byte == 0x20 || byte == 0x09 || byte == 0x0D {
                p += 1
            } else if byte == 0x0A {
                guard newlines else { return false }
                newline()
            } else {
                return true
            }
        }
        return true
    }

    /// Skips spaces, tabs and carriage returns.
    @inline(__always)
    mutating func skipSpaces() {
        while p < end {
            let byte = p.pointee
            guard byte == 0x20 || byte == 0x09 || byte == 0x0D else { return }
            p += 1
        }
    }

    /// Copies the cursor back into the scanner: the bytes up to `p` are consumed.
    @inline(__always)
    func commit(to s: inout ByteScanner) {
        s.pos = p - buffer
        s.line = line
        s.lineStart = lineStart
        s.lineExtra = lineExtra
    }

    /// Scans a string of printable ASCII without escapes whose opening quote is at `p`; returns its bytes
    /// (the cursor after the closing quote), or nil for any other string (or one longer than the general
    /// reader accepts).
    @inline(__always)
    mutating func plainString() -> UnsafeBufferPointer<UInt8>? {
        var q = p + 1
        let start = q
        while q < end {
            let byte = q.pointee
            if byte == 0x22 {
                guard q - start <= JSONScanner.maximumStringLength else { return nil }
                p = q + 1
                return UnsafeBufferPointer(start: start, count: q - start)
            }
            if byte == 0x5C || byte < 0x20 || byte >= 0x80 { return nil }
            q += 1
        }
        return nil
    }
}

extension ByteScanner {
    /// How many bytes the fast paths like to have ahead before they start a record.
    static let fastPathLookahead = 4096

    /// Reads another chunk when fewer than `fastPathLookahead` bytes are left, so that the next record is
    /// likely whole in the buffer.
    ///
    /// A read error is not thrown here but left for the general reader to meet when it needs the bytes, as
    /// it would have without the fast path (the records already in the buffer are read first); topping up
    /// stops after one.
    @inline(__always)
    mutating func topUpForFastPath() {
        if end &- pos < Self.fastPathLookahead && !atEOF && !topUpFailed {
            do {
                try fill(ready: true)
            } catch {
                topUpFailed = true
            }
        }
    }
}

extension FastCursor {
    /// A cursor at the scanner's next byte.
    @inline(__always)
    init(_ s: ByteScanner) {
        buffer = UnsafePointer(s.buffer)
        end = buffer + s.end
        base = s.base
        line = s.line
        lineStart = s.lineStart
        lineExtra = s.lineExtra
        p = buffer + s.pos
    }
}
