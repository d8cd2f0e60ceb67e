import GestureKit

/// The widths of the `text` format's columns over one trace, widened line by line, and the lines
/// written with them.
///
/// Widths count characters (`String.count`), as the padding does. The time column is shared by
/// transitions and deliveries, and counts every record's time, shown or not.
struct TextColumns {
    var outcome = 0
    var recognizer = 0
    var kind = 0
    var view = 0
    var span = 0
    var time = 0
    var state = 0
    var method = 0
    var responder = 0
    var subject = 0
    var event = 0

    /// Writes the line whose spool form (``TextLine``) starts `line`, as shown, without its line
    /// break: indented, cells padded to the columns' widths and separated by two spaces, styled
    /// when `color` allows, trailing spaces removed.
    ///
    /// - Returns: the number of bytes the line took in `line`, or nil, writing nothing, when
    ///   `line` ends before the line does.
    /// - Throws: ``OutputError/failed(reason:)`` when the bytes are not a line's spool form.
    func write(_ line: UnsafeRawBufferPointer, color: Bool, into out: LineBuffer) throws(OutputError) -> Int? {
        var cursor = TextLine.Cursor(line)
        guard let kindByte = cursor.byte() else { return nil }
        let start = out.count
        switch TextLine.Kind(rawValue: kindByte) {
        case .gesture:
            guard let code = cursor.byte() else { return nil }
            let outcome = try TextLine.state(code)
            guard let recognizer = try cursor.cell(padded: true), let kind = try cursor.cell(padded: true),
                let view = try cursor.cell(padded: true), let span = try cursor.cell(padded: true),
                let summary = try cursor.cell(padded: false)
            else { return nil }
            out.write("  ")
            Self.write(name: outcome.rawValue, width: self.outcome, style: color ? TextRenderer.color(of: outcome) : nil, into: out)
            Self.write(recognizer, of: line, width: self.recognizer, into: out)
            Self.write(kind, of: line, width: self.kind, into: out)
            Self.write(view, of: line, width: self.view, into: out)
            Self.write(span, of: line, width: self.span, into: out)
            Self.write(last: summary, of: line, into: out)
        case .transition:
            guard let time = try cursor.cell(padded: true), let code = cursor.byte() else { return nil }
            let state = try TextLine.state(code)
            guard let figures = try cursor.cell(padded: false) else { return nil }
            out.write("      ")
            Self.write(time, of: line, width: self.time, style: color ? .dim : nil, into: out)
            Self.write(name: state.rawValue, width: self.state, style: nil, into: out)
            Self.write(last: figures, of: line, into: out)
        case .delivery, .logTransition:
            // A log line: a delivery's method or a transition's state, in one column, then the
            // responder or recognizer.
            guard let time = try cursor.cell(padded: true), let code = cursor.byte() else { return nil }
            let what: String
            var style: TerminalStyle?
            if kindByte == TextLine.Kind.delivery.rawValue {
                what = try TextLine.method(code).rawValue
            } else {
                let state = try TextLine.state(code)
                what = state.rawValue
                style = color ? TextRenderer.color(of: state) : nil
            }
            guard let name = try cursor.cell(padded: true), let figures = try cursor.cell(padded: false) else { return nil }
            out.write("  ")
            Self.write(time, of: line, width: self.time, style: color ? .dim : nil, into: out)
            Self.write(name: what, width: self.method, style: style, into: out)
            Self.write(name, of: line, width: self.responder, into: out)
            Self.write(last: figures, of: line, into: out)
        case .viewEvent:
            guard let time = try cursor.cell(padded: true), let subject = try cursor.cell(padded: true),
                let event = try cursor.cell(padded: true), let figures = try cursor.cell(padded: false)
            else { return nil }
            out.write("      ")
            Self.write(time, of: line, width: self.time, style: color ? .dim : nil, into: out)
            Self.write(subject, of: line, width: self.subject, into: out)
            Self.write(event, of: line, width: self.event, into: out)
            Self.write(last: figures, of: line, into: out)
        case nil:
            throw TextLine.damaged
        }
        out.truncate(to: start + Self.trimmedCount(UnsafeRawBufferPointer(rebasing: out.bytes[start...])))
        return cursor.offset
    }

    /// A padded cell of `line`, then the two spaces before the next.
    @inline(__always)
    private static func write(
        _ cell: TextLine.Cell, of line: UnsafeRawBufferPointer, width: Int, style: TerminalStyle? = nil, into out: LineBuffer
    ) {
        if let style { startStyle(style, into: out) }
        out.write(UnsafeRawBufferPointer(rebasing: line[cell.start..<(cell.start + cell.count)]))
        out.writeSpaces(width - cell.width)
        if style != nil { endStyle(into: out) }
        out.write("  ")
    }

    /// A state or method name (ASCII), padded, then the two spaces before the next cell.
    @inline(__always)
    private static func write(name: String, width: Int, style: TerminalStyle?, into out: LineBuffer) {
        if let style { startStyle(style, into: out) }
        out.write(utf8: name)
        out.writeSpaces(width - name.utf8.count)
        if style != nil { endStyle(into: out) }
        out.write("  ")
    }

    /// The line's last cell, not padded.
    @inline(__always)
    private static func write(last cell: TextLine.Cell, of line: UnsafeRawBufferPointer, into out: LineBuffer) {
        out.write(UnsafeRawBufferPointer(rebasing: line[cell.start..<(cell.start + cell.count)]))
    }

    /// The escape sequence that starts `style` (``TerminalStyle/apply(_:)``'s first part).
    static func startStyle(_ style: TerminalStyle, into out: LineBuffer) {
        out.write("\u{1B}[")
        out.write(style.code)
    }


    /// The escape sequence that ends a style (``TerminalStyle/apply(_:)``'s last part).
    static func endStyle(into out: LineBuffer) { out.write("\u{1B}[0m") }

    /// The number of bytes of `line` left once its trailing spaces are removed, as ``trimmed(_:)``
    /// removes them: whole characters only. After an ASCII byte every space is a character of its
    /// own; after other bytes (a prepended mark such as U+0600 takes the space after it into its
    /// character) the `String` decides.
    static func trimmedCount(_ line: UnsafeRawBufferPointer) -> Int {
        var end = line.count
        while end > 0, line[end - 1] == UInt8(ascii: " ") { end -= 1 }
        guard end < line.count, end > 0, line[end - 1] >= 0x80 else { return end }
        return trimmed(String(decoding: line, as: UTF8.self)).utf8.count
    }

    /// The line without trailing spaces (padding of an empty last column).
    static func trimmed(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}

extension TerminalStyle {
    /// The style's code and the `m` that ends its escape sequence (`32m`).
    var code: StaticString {
        switch self {
        case .bold: return "1m"
        case .dim: return "2m"
        case .red: return "31m"
        case .green: return "32m"
        case .yellow: return "33m"
        case .cyan: return "36m"
        }
    }
}
