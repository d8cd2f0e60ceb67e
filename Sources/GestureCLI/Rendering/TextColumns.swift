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
    func write(_ line: UnsafeRawBufferPointer, color: Bool, into out: inout ByteBuffer) throws(OutputError) -> Int? {
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
            out.append("  ")
            Self.append(outcome.rawValue, width: self.outcome, style: color ? TextRenderer.color(of: outcome) : nil, into: &out)
            Self.append(recognizer, of: line, width: self.recognizer, into: &out)
            Self.append(kind, of: line, width: self.kind, into: &out)
            Self.append(view, of: line, width: self.view, into: &out)
            Self.append(span, of: line, width: self.span, into: &out)
            Self.append(last: summary, of: line, into: &out)
        case .transition:
            guard let time = try cursor.cell(padded: true), let code = cursor.byte() else { return nil }
            let state = try TextLine.state(code)
            guard let figures = try cursor.cell(padded: false) else { return nil }
            out.append("      ")
            Self.append(time, of: line, width: self.time, style: color ? .dim : nil, into: &out)
            Self.append(state.rawValue, width: self.state, style: nil, into: &out)
            Self.append(last: figures, of: line, into: &out)
        case .delivery:
            guard let time = try cursor.cell(padded: true), let code = cursor.byte() else { return nil }
            let method = try TextLine.method(code)
            guard let responder = try cursor.cell(padded: true), let figures = try cursor.cell(padded: false) else { return nil }
            out.append("  ")
            Self.append(time, of: line, width: self.time, style: color ? .dim : nil, into: &out)
            Self.append(method.rawValue, width: self.method, style: nil, into: &out)
            Self.append(responder, of: line, width: self.responder, into: &out)
            Self.append(last: figures, of: line, into: &out)
        case .viewEvent:
            guard let time = try cursor.cell(padded: true), let subject = try cursor.cell(padded: true),
                let event = try cursor.cell(padded: true), let figures = try cursor.cell(padded: false)
            else { return nil }
            out.append("      ")
            Self.append(time, of: line, width: self.time, style: color ? .dim : nil, into: &out)
            Self.append(subject, of: line, width: self.subject, into: &out)
            Self.append(event, of: line, width: self.event, into: &out)
            Self.append(last: figures, of: line, into: &out)
        case .logTransition:
            guard let time = try cursor.cell(padded: true), let code = cursor.byte() else { return nil }
            let state = try TextLine.state(code)
            guard let recognizer = try cursor.cell(padded: true), let figures = try cursor.cell(padded: false) else { return nil }
            out.append("  ")
            Self.append(time, of: line, width: self.time, style: color ? .dim : nil, into: &out)
            Self.append(state.rawValue, width: self.method, style: color ? TextRenderer.color(of: state) : nil, into: &out)
            Self.append(recognizer, of: line, width: self.responder, into: &out)
            Self.append(last: figures, of: line, into: &out)
        case nil:
            throw TextLine.damaged
        }
        Self.trimTrailingSpaces(from: start, in: &out)
        return cursor.offset
    }

    /// A padded cell of `line`, then the two spaces before the next.
    @inline(__always)
    private static func append(
        _ cell: TextLine.Cell, of line: UnsafeRawBufferPointer, width: Int, style: TerminalStyle? = nil, into out: inout ByteBuffer
    ) {
        if let style { startStyle(style, into: &out) }
        out.append(UnsafeRawBufferPointer(rebasing: line[cell.start..<(cell.start + cell.count)]))
        out.appendSpaces(width - cell.width)
        if style != nil { endStyle(into: &out) }
        out.append("  ")
    }

    /// A state or method name (ASCII), padded, then the two spaces before the next cell.
    @inline(__always)
    private static func append(_ name: String, width: Int, style: TerminalStyle?, into out: inout ByteBuffer) {
        if let style { startStyle(style, into: &out) }
        out.append(utf8: name)
        out.appendSpaces(width - name.utf8.count)
        if style != nil { endStyle(into: &out) }
        out.append("  ")
    }

    /// The line's last cell, not padded.
    @inline(__always)
    private static func append(last cell: TextLine.Cell, of line: UnsafeRawBufferPointer, into out: inout ByteBuffer) {
        out.append(UnsafeRawBufferPointer(rebasing: line[cell.start..<(cell.start + cell.count)]))
    }

    /// The escape sequence that starts `style` (``TerminalStyle/apply(_:)``'s first part).
    static func startStyle(_ style: TerminalStyle, into out: inout ByteBuffer) {
        out.append("\u{1B}[")
        out.append(utf8: style.rawValue)
        out.append(UInt8(ascii: "m"))
    }

    /// The escape sequence that ends a style (``TerminalStyle/apply(_:)``'s last part).
    static func endStyle(into out: inout ByteBuffer) { out.append("\u{1B}[0m") }

    /// Removes the trailing spaces of the line written from `start` on, as ``trimmed(_:)`` does:
    /// whole characters only. After an ASCII byte every space is a character of its own; after
    /// other bytes (a prepended mark such as U+0600 takes the space after it into its character)
    /// the `String` decides.
    static func trimTrailingSpaces(from start: Int, in out: inout ByteBuffer) {
        var end = out.count
        while end > start, out[end - 1] == UInt8(ascii: " ") { end -= 1 }
        guard end < out.count else { return }
        if end > start, out[end - 1] >= 0x80 {
            let line = out.withUnsafeBytes { String(decoding: UnsafeRawBufferPointer(rebasing: $0[start...]), as: UTF8.self) }
            out.truncate(to: start)
            out.append(utf8: trimmed(line))
            return
        }
        out.truncate(to: end)
    }

    /// The line without trailing spaces (padding of an empty last column).
    static func trimmed(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
