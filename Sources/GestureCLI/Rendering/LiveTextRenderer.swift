import GestureKit

/// The `text` format of `analyze --follow`: one line per record, written as the engine makes it.
///
/// The batch `text` format groups transitions under gesture lines and aligns its columns over the
/// whole trace, so it can only be written once the trace has ended. Live, each record is a line of
/// its own with columns of fixed width, known before the first record: the time right-aligned in
/// ``timeWidth`` characters (a longer time widens only its own line), the recognizer padded to the
/// longest name in the scene, the state to the longest state name, then the figures as the batch
/// format shows them. Deliveries (`--deliveries`) show the method in place of the state and the
/// responder in place of the recognizer; control and scroll records the event in place of the state
/// and the control or scroll view in place of the recognizer.
///
/// ```
/// traces/long-press.jsonl
///       0.000  longPress  possible
///       0.500  longPress  began       at (200, 400), touches 1
/// ```
struct LiveTextRenderer: AnalysisRenderer {
    let options: RenderOptions
    /// The scene's recognizer names, for the width of their column.
    let recognizerNames: [String]
    let prologue = ""
    let separator = "\n"
    let epilogue = ""

    /// The width the times are right-aligned in (seconds up to 99999.999).
    static let timeWidth = 9

    func traceRenderer(path: String) -> TraceRenderer {
        LiveTextTraceRenderer(path: path, options: options, nameWidth: recognizerNames.map(\.count).max() ?? 0)
    }
}

/// Renders one trace for ``LiveTextRenderer``.
final class LiveTextTraceRenderer: TraceRenderer {
    private let path: String
    private let color: Bool
    private let nameWidth: Int
    private static let stateWidth = RecognizerState.allCases.map(\.rawValue.count).max() ?? 0
    private var scratch = ByteBuffer()

    init(path: String, options: RenderOptions, nameWidth: Int) {
        self.path = path
        color = options.color
        self.nameWidth = nameWidth
    }

    override func begin(_ sink: ByteSink) throws(OutputError) {
        append(color ? TerminalStyle.bold.apply(path) : path, to: sink)
    }

    override func add(_ record: AnalysisRecord, to sink: ByteSink) throws(OutputError) {
        let start = sink.buffer.count
        sink.buffer.append("    ")
        appendTime(record.t, into: &sink.buffer)
        sink.buffer.append("  ")
        switch record {
        case .transition(let transition):
            appendName(transition.recognizer, into: &sink.buffer)
            let style = color ? TextRenderer.color(of: transition.state) : nil
            if let style { TextColumns.startStyle(style, into: &sink.buffer) }
            let state = transition.state.rawValue
            sink.buffer.append(utf8: state)
            sink.buffer.appendSpaces(Self.stateWidth - state.utf8.count)
            if style != nil { TextColumns.endStyle(into: &sink.buffer) }
            sink.buffer.append("  ")
            TextRenderer.appendFigures(of: transition, cause: transition.cause, into: &sink.buffer)
        case .delivery(let delivery):
            appendName(delivery.responder, into: &sink.buffer)
            sink.buffer.append(utf8: delivery.method.rawValue)
            sink.buffer.append("  ")
            TextRenderer.appendFigures(of: delivery, into: &sink.buffer)
        case .control(let control):
            appendName(control.control, into: &sink.buffer)
            sink.buffer.append(utf8: control.event.rawValue)
            sink.buffer.append("  ")
            TextRenderer.appendFigures(of: control, into: &sink.buffer)
        case .scroll(let scroll):
            appendName(scroll.scrollView, into: &sink.buffer)
            sink.buffer.append(utf8: scroll.event.rawValue)
            sink.buffer.append("  ")
            TextRenderer.appendFigures(of: scroll, into: &sink.buffer)
        }
        let kept = sink.buffer.withUnsafeBytes { bytes in TextColumns.trimmedCount(UnsafeRawBufferPointer(rebasing: bytes[start...])) }
        sink.buffer.truncate(to: start + kept)
        sink.buffer.append(UInt8(ascii: "\n"))
        try sink.drainIfFull()
    }

    /// The time right-aligned in its column, dimmed when colour is allowed, then two spaces.
    private func appendTime(_ t: Double, into out: inout ByteBuffer) {
        scratch.removeAll()
        TextRenderer.appendTime(t, into: &scratch)
        if color { TextColumns.startStyle(.dim, into: &out) }
        out.appendSpaces(LiveTextRenderer.timeWidth - scratch.count)
        scratch.withUnsafeBytes { out.append($0) }
        if color { TextColumns.endStyle(into: &out) }
    }

    /// A recognizer, responder, control or scroll view, padded to the names' column, then two spaces.
    private func appendName(_ name: String, into out: inout ByteBuffer) {
        var name = name
        name.withUTF8 { bytes in
            out.append(bytes)
            out.appendSpaces(nameWidth - TextWidth.of(UnsafeRawBufferPointer(bytes)))
        }
        out.append("  ")
    }

    private func append(_ line: String, to sink: ByteSink) {
        sink.buffer.append(utf8: line)
        sink.buffer.append(UInt8(ascii: "\n"))
    }
}
