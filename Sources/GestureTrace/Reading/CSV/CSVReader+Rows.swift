import GestureKit

/// The general CSV reader's rows: lines, RFC 4180 fields and comment lines (with the `# screen:` directive).
extension CSVReader {
    /// Skips blank and comment lines and reads the next row's cells; false at the end of the input.
    mutating func nextRow() throws(TraceError) -> Bool {
        while let byte = try s.peek() {
            switch byte {
            case 0x0A:
                s.consumeNewline()
            case 0x0D:
                try consumeCarriageReturn()
            case UInt8(ascii: "#"):
                try readComment()
            default:
                try readRow()
                return true
            }
        }
        return false
    }

    /// Consumes `\r\n`, or throws for a carriage return alone.
    private mutating func consumeCarriageReturn() throws(TraceError) {
        guard try s.peek(at: 1) == 0x0A else {
            throw s.error("carriage return not followed by a line feed (lines end with LF or CRLF)")
        }
        s.pos &+= 1
        s.consumeNewline()
    }

    /// Reads one row's cells, through its line break.
    private mutating func readRow() throws(TraceError) {
        rowStart = s.position
        cells.removeAll(keepingCapacity: true)
        cellStarts.removeAll(keepingCapacity: true)
        cellEnds.removeAll(keepingCapacity: true)
        cellPositions.removeAll(keepingCapacity: true)
        var index = 0
        while true {
            let at = s.position
            if headerRowRead {
                guard index < columns.count else {
                    throw s.error("row has more fields than the header row's \(columns.count) column\(columns.count == 1 ? "" : "s")", at: at)
                }
            } else if index >= Self.maximumColumns {
                throw s.error("more than \(Self.maximumColumns) columns", at: at)
            }
            let store = !headerRowRead || columns[index].isKey
            cellStarts.append(cells.count)
            if try s.peek() == UInt8(ascii: "\"") {
                try readQuotedField(store: store, at: at)
            } else {
                try readUnquotedField(store: store, at: at)
            }
            cellEnds.append(cells.count)
            cellPositions.append(at)
            index += 1
            switch try s.peek() {
            case UInt8(ascii: ",")?:
                s.pos &+= 1
                continue
            case 0x0A?:
                s.consumeNewline()
            case 0x0D?:
                try consumeCarriageReturn()
            case nil:
                break
            default:
                throw s.error("expected ',' or end of line after a quoted field, found \(try s.foundDescription())")
            }
            break
        }
        if headerRowRead && index < columns.count {
            throw s.error("row has \(index) field\(index == 1 ? "" : "s") but the header row has \(columns.count) column\(columns.count == 1 ? "" : "s")",
                at: rowStart)
        }
    }

    /// Reads an unquoted field up to the comma or line break that ends it.
    private mutating func readUnquotedField(store: Bool, at: SourcePosition) throws(TraceError) {
        var length = 0
        while true {
            let next = try s.consumeRun(
                into: &cells, store: store, length: &length, limit: Self.maximumFieldLength, noun: "field", start: at
            ) { byte in
                (byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: ",") && byte != UInt8(ascii: "\"")) || byte == 0x09
            }
            guard let byte = next else { return }
            switch byte {
            case UInt8(ascii: ","), 0x0A, 0x0D:
                return
            case UInt8(ascii: "\""):
                throw s.error("'\"' in an unquoted field (quote the whole field and double each '\"' inside it)")
            case 0..<0x20:
                throw s.error("control character \(Messages.scalarName(UInt32(byte))) in a field")
            default:
                try s.consumeUTF8Sequence(into: &cells, store: store, length: &length, in: "a field")
            }
        }
    }

    /// Reads a quoted field from its opening quote through its closing quote.
    private mutating func readQuotedField(store: Bool, at: SourcePosition) throws(TraceError) {
        s.pos &+= 1
        var length = 0
        while true {
            let next = try s.consumeRun(
                into: &cells, store: store, length: &length, limit: Self.maximumFieldLength, noun: "field", start: at
            ) { byte in
                byte != UInt8(ascii: "\"") && byte < 0x80 && (byte >= 0x20 || byte == 0x09 || byte == 0x0D)
            }
            guard let byte = next else { throw s.error("unterminated quoted field (missing closing '\"')", at: at) }
            switch byte {
            case UInt8(ascii: "\""):
                if try s.peek(at: 1) == UInt8(ascii: "\"") {
                    if store { cells.append(byte) }
                    s.pos &+= 2
                    length &+= 1
                } else {
                    s.pos &+= 1
                    return
                }
            case 0x0A:
                if store { cells.append(byte) }
                s.consumeNewline()
                length &+= 1
            case 0..<0x20:
                throw s.error("control character \(Messages.scalarName(UInt32(byte))) in a field")
            default:
                try s.consumeUTF8Sequence(into: &cells, store: store, length: &length, in: "a field")
            }
        }
    }

    // MARK: Comments

    /// Reads a comment line (not its line break), applying a `# screen: WxH` directive.
    private mutating func readComment() throws(TraceError) {
        let line = s.position.line
        s.pos &+= 1
        sawComment = true
        comment.removeAll(keepingCapacity: true)
        var tooLong = false
        while true {
            let buffer = s.buffer
            let end = s.end
            var i = s.pos
            while i < end, buffer[i] != 0x0A { i &+= 1 }
            // Enough for any screen directive TraceWriter writes: a double in plain decimal can take more
            // than 300 characters (5e-324 is "0." and 324 digits).
            let room = 1024 - comment.count
            if i - s.pos > room { tooLong = true }
            comment.append(contentsOf: UnsafeBufferPointer(start: buffer + s.pos, count: min(room, i - s.pos)))
            s.pos = i
            if i < end { break }
            if try !s.fill() { break }
        }
        if comment.last == 0x0D { comment.removeLast() }
        try applyScreenDirective(line: line, truncated: tooLong)
    }

    /// Applies `comment` as a screen directive if it is one (`screen:` after optional spaces).
    private mutating func applyScreenDirective(line: Int, truncated: Bool) throws(TraceError) {
        var j = 0
        func skipSpaces() {
            while j < comment.count, comment[j] == 0x20 || comment[j] == 0x09 { j += 1 }
        }
        skipSpaces()
        let word = Array("screen".utf8)
        guard comment.count >= j + word.count, comment[j..<(j + word.count)].elementsEqual(word) else { return }
        j += word.count
        skipSpaces()
        guard j < comment.count, comment[j] == UInt8(ascii: ":") else { return }
        j += 1
        skipSpaces()
        let valueStart = j
        var valueEnd = comment.count
        while valueEnd > valueStart, comment[valueEnd - 1] == 0x20 || comment[valueEnd - 1] == 0x09 { valueEnd -= 1 }
        let lineStart = SourcePosition(line: line, column: 1)
        guard !sawDataRow else {
            throw s.error("\"# screen:\" must come before the first sample", at: lineStart)
        }
        guard header.screen == nil else {
            throw s.error("duplicate \"# screen:\" comment", at: lineStart)
        }
        let value = Array(comment[valueStart..<valueEnd])
        let at = SourcePosition(line: line, column: valueStart + 2)
        guard !truncated, let size = Self.parseSize(value) else {
            throw s.error(
                "invalid screen size \(Messages.quoted(value)): expected WIDTHxHEIGHT in points, "
                    + "as in \"# screen: 390x844\"", at: at)
        }
        header.screen = size
    }

    /// `WIDTHxHEIGHT` with positive finite numbers.
    private static func parseSize(_ text: [UInt8]) -> Size? {
        guard let x = text.firstIndex(of: UInt8(ascii: "x")) else { return nil }
        guard case .value(let width, _) = NumberParser.parse(Array(text[..<x])), width > 0,
            case .value(let height, _) = NumberParser.parse(Array(text[(x + 1)...])), height > 0
        else { return nil }
        return Size(width: width, height: height)
    }
}
