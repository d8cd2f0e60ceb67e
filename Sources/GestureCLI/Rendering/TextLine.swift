import GestureKit

/// One line of the `text` format before its columns are padded: the cells as they will be shown,
/// kept in a ``Spool`` until the trace's column widths are known.
///
/// In a spool a line is a tag byte, then its cells: states and methods as one byte (their index
/// among all cases), strings as their UTF-8 length (LEB128) and bytes.
enum TextLine: Equatable {
    /// A gesture: outcome, recognizer, kind, view, time span, summary.
    case gesture(outcome: RecognizerState, recognizer: String, kind: String, view: String, span: String, summary: String)
    /// One of a gesture's transitions: time, state, figures.
    case transition(time: String, state: RecognizerState, figures: String)
    /// A delivery: time, method, responder, figures.
    case delivery(time: String, method: DeliveryMethod, responder: String, figures: String)
    /// A control event or scroll-view delegate call: time, control or scroll view, event, figures.
    case viewEvent(time: String, subject: String, event: String, figures: String)
    /// A transition in the log that `--deliveries` makes: time, state, recognizer, figures, in the
    /// columns of the deliveries it is interleaved with.
    case logTransition(time: String, state: RecognizerState, recognizer: String, figures: String)

    private enum Tag: UInt8 {
        case gesture = 1, transition, delivery, viewEvent, logTransition
    }

    /// Appends the line's spool form.
    func encode(into out: inout ByteBuffer) {
        switch self {
        case .gesture(let outcome, let recognizer, let kind, let view, let span, let summary):
            out.append(Tag.gesture.rawValue)
            out.append(Self.code(of: outcome))
            for cell in [recognizer, kind, view, span, summary] { Self.encode(cell, into: &out) }
        case .transition(let time, let state, let figures):
            out.append(Tag.transition.rawValue)
            Self.encode(time, into: &out)
            out.append(Self.code(of: state))
            Self.encode(figures, into: &out)
        case .delivery(let time, let method, let responder, let figures):
            Self.encode(.delivery, time, Self.code(of: method), responder, figures, into: &out)
        case .viewEvent(let time, let subject, let event, let figures):
            out.append(Tag.viewEvent.rawValue)
            for cell in [time, subject, event, figures] { Self.encode(cell, into: &out) }
        case .logTransition(let time, let state, let recognizer, let figures):
            Self.encode(.logTransition, time, Self.code(of: state), recognizer, figures, into: &out)
        }
    }

    /// Reads one line from the start of `bytes`.
    ///
    /// - Returns: the line and the number of bytes it took, or nil when `bytes` ends before the line does.
    /// - Throws: ``OutputError/failed(reason:)`` when the bytes are not a line's spool form.
    static func decode(_ bytes: UnsafeRawBufferPointer) throws(OutputError) -> (line: TextLine, count: Int)? {
        var cursor = Cursor(bytes: bytes)
        guard let tagByte = cursor.byte() else { return nil }
        let line: TextLine
        switch Tag(rawValue: tagByte) {
        case .gesture:
            guard let code = cursor.byte() else { return nil }
            let outcome = try state(code)
            guard let recognizer = try cursor.string(), let kind = try cursor.string(), let view = try cursor.string(),
                let span = try cursor.string(), let summary = try cursor.string()
            else { return nil }
            line = .gesture(outcome: outcome, recognizer: recognizer, kind: kind, view: view, span: span, summary: summary)
        case .transition:
            guard let time = try cursor.string(), let code = cursor.byte() else { return nil }
            let state = try state(code)
            guard let figures = try cursor.string() else { return nil }
            line = .transition(time: time, state: state, figures: figures)
        case .delivery:
            guard let time = try cursor.string(), let code = cursor.byte() else { return nil }
            let method = try method(code)
            guard let responder = try cursor.string(), let figures = try cursor.string() else { return nil }
            line = .delivery(time: time, method: method, responder: responder, figures: figures)
        case .viewEvent:
            guard let time = try cursor.string(), let subject = try cursor.string(), let event = try cursor.string(),
                let figures = try cursor.string()
            else { return nil }
            line = .viewEvent(time: time, subject: subject, event: event, figures: figures)
        case .logTransition:
            guard let time = try cursor.string(), let code = cursor.byte() else { return nil }
            let state = try state(code)
            guard let recognizer = try cursor.string(), let figures = try cursor.string() else { return nil }
            line = .logTransition(time: time, state: state, recognizer: recognizer, figures: figures)
        case nil:
            throw damaged
        }
        return (line, cursor.offset)
    }

    private static let damaged = OutputError.failed(reason: "cannot read a temporary file: its text lines are damaged")

    /// A delivery or log transition: tag, time, coded state or method, name, figures.
    @inline(__always)
    private static func encode(_ tag: Tag, _ time: String, _ code: UInt8, _ name: String, _ figures: String, into out: inout ByteBuffer) {
        out.append(tag.rawValue)
        encode(time, into: &out)
        out.append(code)
        encode(name, into: &out)
        encode(figures, into: &out)
    }

    private static func encode(_ cell: String, into out: inout ByteBuffer) {
        var cell = cell
        cell.withUTF8 { bytes in
            var length = bytes.count
            while length >= 0x80 {
                out.append(UInt8(truncatingIfNeeded: length) | 0x80)
                length >>= 7
            }
            out.append(UInt8(length))
            out.append(bytes)
        }
    }

    private static func code(of state: RecognizerState) -> UInt8 {
        UInt8(RecognizerState.allCases.firstIndex { $0 == state } ?? 0)
    }

    private static func code(of method: DeliveryMethod) -> UInt8 {
        UInt8(DeliveryMethod.allCases.firstIndex { $0 == method } ?? 0)
    }

    private static func state(_ code: UInt8) throws(OutputError) -> RecognizerState {
        let all = RecognizerState.allCases
        guard Int(code) < all.count else { throw damaged }
        return all[Int(code)]
    }

    private static func method(_ code: UInt8) throws(OutputError) -> DeliveryMethod {
        let all = DeliveryMethod.allCases
        guard Int(code) < all.count else { throw damaged }
        return all[Int(code)]
    }

    /// Reads cells from the start of a line's bytes; nil when the bytes end first.
    private struct Cursor {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        mutating func byte() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func string() throws(OutputError) -> String? {
            var length = 0
            var shift = 0
            while true {
                guard let byte = byte() else { return nil }
                guard shift < 63 else { throw TextLine.damaged }
                length |= Int(byte & 0x7F) << shift
                if byte < 0x80 { break }
                shift += 7
            }
            guard length <= bytes.count - offset else { return nil }
            defer { offset += length }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + length)]), as: UTF8.self)
        }
    }
}

/// Reads back the ``TextLine``s a spool keeps, from chunks that may end inside a line.
struct TextLineDecoder {
    /// The start of a line the chunks so far did not complete.
    private var pending = ByteBuffer()

    /// Calls `body` with each line that `chunk` completes, in order.
    mutating func decode(_ chunk: UnsafeRawBufferPointer, _ body: (TextLine) throws(OutputError) -> Void) throws(OutputError) {
        if pending.isEmpty {
            let used = try Self.decodeLines(chunk, body)
            pending.append(UnsafeRawBufferPointer(rebasing: chunk[used...]))
            return
        }
        pending.append(chunk)
        let used = try pending.withUnsafeBytes { bytes throws(OutputError) in try Self.decodeLines(bytes, body) }
        pending.removeFirst(used)
    }

    /// Checks that the last chunk ended a line.
    func finish() throws(OutputError) {
        guard pending.isEmpty else { throw .failed(reason: "cannot read a temporary file: it ends inside a text line") }
    }

    /// Decodes every whole line at the start of `bytes`; the number of bytes they took.
    private static func decodeLines(
        _ bytes: UnsafeRawBufferPointer, _ body: (TextLine) throws(OutputError) -> Void
    ) throws(OutputError) -> Int {
        var used = 0
        while used < bytes.count, let decoded = try TextLine.decode(UnsafeRawBufferPointer(rebasing: bytes[used...])) {
            try body(decoded.line)
            used += decoded.count
        }
        return used
    }
}
