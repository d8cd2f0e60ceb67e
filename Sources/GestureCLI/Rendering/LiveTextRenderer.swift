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

    init(path: String, options: RenderOptions, nameWidth: Int) {
        self.path = path
        color = options.color
        self.nameWidth = nameWidth
    }

    override func begin(_ sink: ByteSink) throws(OutputError) {
        append(color ? TerminalStyle.bold.apply(path) : path, to: sink)
    }

    override func add(_ record: AnalysisRecord, to sink: ByteSink) throws(OutputError) {
        let cells: [String]
        switch record {
        case .transition(let transition):
            let state = transition.state.rawValue.padding(to: Self.stateWidth)
            let styled = color ? TextRenderer.color(of: transition.state).map { $0.apply(state) } ?? state : state
            cells = [
                time(transition.t), transition.recognizer.padding(to: nameWidth), styled,
                TextRenderer.figures(of: transition).joined(separator: ", "),
            ]
        case .delivery(let delivery):
            cells = [
                time(delivery.t), delivery.responder.padding(to: nameWidth), delivery.method.rawValue,
                TextRenderer.figures(of: delivery).joined(separator: ", "),
            ]
        case .control(let control):
            cells = [
                time(control.t), control.control.padding(to: nameWidth), control.event.rawValue,
                TextRenderer.figures(of: control).joined(separator: ", "),
            ]
        case .scroll(let scroll):
            cells = [
                time(scroll.t), scroll.scrollView.padding(to: nameWidth), scroll.event.rawValue,
                TextRenderer.figures(of: scroll).joined(separator: ", "),
            ]
        }
        append(TextColumns.trimmed("    " + cells.joined(separator: "  ")), to: sink)
        try sink.drainIfFull()
    }

    /// The time right-aligned in its column, dimmed when colour is allowed.
    private func time(_ t: Double) -> String {
        let text = TextRenderer.time(t)
        let padded = String(repeating: " ", count: max(0, LiveTextRenderer.timeWidth - text.count)) + text
        return color ? TerminalStyle.dim.apply(padded) : padded
    }

    private func append(_ line: String, to sink: ByteSink) {
        sink.buffer.append(utf8: line)
        sink.buffer.append(UInt8(ascii: "\n"))
    }
}
