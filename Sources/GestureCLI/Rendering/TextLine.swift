import GestureKit

/// One line of the `text` format before its columns are padded, in the form a ``Spool`` keeps it
/// until the trace's column widths are known: written cell by cell straight into bytes, and read
/// back by ``TextColumns/write(_:color:into:)``.
///
/// A line is a kind byte, then its cells in order. A state or a method is one byte (its index
/// among all cases). A cell that is padded is its UTF-8 length (LEB128), its bytes, then its width
/// in characters (LEB128), counted once when it is written. The last cell (figures, a gesture's
/// summary), never padded, is its length and bytes. A cell written in place has its length
/// reserved as two LEB128 bytes (up to 16,383 bytes; a longer cell moves its bytes up to make room).
enum TextLine {
    /// What a line is, and so which cells follow its kind byte.
    enum Kind: UInt8 {
        /// A gesture: outcome (code), recognizer, kind, view, time span, summary.
        case gesture = 1
        /// One of a gesture's transitions: time, state (code), figures.
        case transition
        /// A delivery: time, method (code), responder, figures.
        case delivery
        /// A control event or scroll-view delegate call: time, control or scroll view, event, figures.
        case viewEvent
        /// A transition in the log that `--deliveries` makes: time, state (code), recognizer,
        /// figures, in the columns of the deliveries it is interleaved with.
        case logTransition
    }

    /// Starts a line.
    @inline(__always)
    static func start(_ kind: Kind, into out: LineBuffer) { out.write(byte: kind.rawValue) }

    /// Appends a state's code.
    @inline(__always)
    static func append(_ state: RecognizerState, into out: LineBuffer) { out.write(byte: code(of: state)) }

    /// Appends a method's code.
    @inline(__always)
    static func append(_ method: DeliveryMethod, into out: LineBuffer) { out.write(byte: code(of: method)) }

    /// Appends a padded cell holding `text`; returns its width in characters.
    @discardableResult
    static func appendCell(_ text: String, into out: LineBuffer) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            appendLength(bytes.count, into: out)
            out.write(UnsafeRawBufferPointer(bytes))
            let width = TextWidth.of(UnsafeRawBufferPointer(bytes))
            appendLength(width, into: out)
            return width
        }
    }

    /// Appends a padded cell holding a time (``TextRenderer/appendTime(_:into:)``); returns its width.
    @inline(__always)
    static func appendTime(_ t: Double, into out: LineBuffer) -> Int {
        let cell = openCell(into: out)
        TextRenderer.appendTime(t, into: out)
        return closePaddedCell(cell, width: out.count - cell - 2, into: out)
    }

    /// Reserves a cell's length; the cell's bytes follow, then ``closeCell(_:into:)`` or
    /// ``closePaddedCell(_:width:into:)``. Returns where the cell starts.
    @inline(__always)
    static func openCell(into out: LineBuffer) -> Int {
        let start = out.count
        out.write(byte: 0x80)
        out.write(byte: 0)
        return start
    }

    /// Ends the last cell of a line, opened at `start`: fills in its length.
    static func closeCell(_ start: Int, into out: LineBuffer) {
        let first = start + 2
        let length = out.count - first
        if length < 1 << 14 {
            out[start] = UInt8(truncatingIfNeeded: length) | 0x80
            out[start + 1] = UInt8(truncatingIfNeeded: length >> 7)
        } else {
            // Up to 2^21 bytes in three, and so on: the cell's bytes move up to make room.
            var extra = 0
            while length >> (7 * (extra + 2)) > 0 { extra += 1 }
            out.shiftUp(from: first, by: extra)
            var value = length
            for index in start..<(first + extra) {
                out[index] = UInt8(truncatingIfNeeded: value) | (index < first + extra - 1 ? 0x80 : 0)
                value >>= 7
            }
        }
    }

    /// Ends a padded cell opened at `start`: fills in its length and appends its width, counted
    /// from its bytes unless given. Returns the width.
    @discardableResult
    static func closePaddedCell(_ start: Int, width: Int? = nil, into out: LineBuffer) -> Int {
        let width = width ?? TextWidth.of(UnsafeRawBufferPointer(rebasing: out.bytes[(start + 2)...]))
        closeCell(start, into: out)
        appendLength(width, into: out)
        return width
    }

    /// Appends `value` in LEB128.
    @inline(__always)
    private static func appendLength(_ value: Int, into out: LineBuffer) {
        var value = value
        while value >= 0x80 {
            out.write(byte: UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        out.write(byte: UInt8(value))
    }

    private static let states = RecognizerState.allCases
    private static let methods = DeliveryMethod.allCases

    private static func code(of state: RecognizerState) -> UInt8 {
        UInt8(states.firstIndex { $0 == state } ?? 0)
    }

    private static func code(of method: DeliveryMethod) -> UInt8 {
        UInt8(methods.firstIndex { $0 == method } ?? 0)
    }

    /// The state of a code.
    static func state(_ code: UInt8) throws(OutputError) -> RecognizerState {
        guard Int(code) < states.count else { throw damaged }
        return states[Int(code)]
    }

    /// The method of a code.
    static func method(_ code: UInt8) throws(OutputError) -> DeliveryMethod {
        guard Int(code) < methods.count else { throw damaged }
        return methods[Int(code)]
    }

    static let damaged = OutputError.failed(reason: "cannot read a temporary file: its text lines are damaged")

    /// Reads a line's parts from the start of its bytes; nil when the bytes end first.
    struct Cursor {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        @inline(__always)
        mutating func byte() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func length() throws(OutputError) -> Int? {
            var value = 0
            var shift = 0
            while true {
                guard let byte = byte() else { return nil }
                guard shift < 63 else { throw TextLine.damaged }
                value |= Int(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
        }

        /// A cell's bytes, and its width when `padded`.
        mutating func cell(padded: Bool) throws(OutputError) -> Cell? {
            guard let length = try length(), length <= bytes.count - offset else { return nil }
            let start = offset
            offset += length
            guard padded else { return Cell(start: start, count: length, width: 0) }
            guard let width = try self.length() else { return nil }
            return Cell(start: start, count: length, width: width)
        }
    }

    /// Where a cell's bytes are in a line's bytes, and its width.
    struct Cell {
        var start: Int
        var count: Int
        var width: Int
    }
}

/// The width of text in characters (`String.count`), as the columns count it.
enum TextWidth {
    /// Counted from the bytes when they are ASCII without a carriage return (every byte one
    /// character); otherwise as a `String` counts.
    @inline(__always)
    static func of(_ bytes: UnsafeRawBufferPointer) -> Int {
        for byte in bytes where byte >= 0x80 || byte == 0x0D {
            return String(decoding: bytes, as: UTF8.self).count
        }
        return bytes.count
    }
}

/// Reads back the lines a spool keeps, from chunks that may end inside a line.
struct TextLineDecoder {
    /// The start of a line the chunks so far did not complete.
    private var pending = ByteBuffer()

    /// Calls `line` with the bytes from the start of each line that `chunk` completes, in order;
    /// `line` returns the number of bytes the line takes, or nil when they end before the line does.
    mutating func decode(
        _ chunk: UnsafeRawBufferPointer, _ line: (UnsafeRawBufferPointer) throws(OutputError) -> Int?
    ) throws(OutputError) {
        if pending.isEmpty {
            let used = try Self.decodeLines(chunk, line)
            pending.append(UnsafeRawBufferPointer(rebasing: chunk[used...]))
            return
        }
        pending.append(chunk)
        let used = try pending.withUnsafeBytes { bytes throws(OutputError) in try Self.decodeLines(bytes, line) }
        pending.removeFirst(used)
    }

    /// Checks that the last chunk ended a line.
    func finish() throws(OutputError) {
        guard pending.isEmpty else { throw .failed(reason: "cannot read a temporary file: it ends inside a text line") }
    }

    /// Decodes every whole line at the start of `bytes`; the number of bytes they took.
    private static func decodeLines(
        _ bytes: UnsafeRawBufferPointer, _ line: (UnsafeRawBufferPointer) throws(OutputError) -> Int?
    ) throws(OutputError) -> Int {
        var used = 0
        while used < bytes.count, let count = try line(UnsafeRawBufferPointer(rebasing: bytes[used...])) {
            used += count
        }
        return used
    }
}
