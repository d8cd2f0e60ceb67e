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
    /// The line being written, and its time.
    private let line = LineBuffer()
    private let time = LineBuffer(capacity: 64)

    init(path: String, options: RenderOptions, nameWidth: Int) {
        self.path = path
        color = options.color
        self.nameWidth = nameWidth
    }

    override func begin(_ sink: ByteSink) throws(OutputError) {
        append(color ? TerminalStyle.bold.apply(path) : path, to: sink)
    }

    override func add(_ record: AnalysisRecord, to sink: ByteSink) throws(OutputError) {
        let out = line
        out.removeAll()
        out.write("    ")
        appendTime(record.t)
        switch record {
        case .transition(let transition):
            appendName(transition.recognizer)
            let style = color ? TextRenderer.color(of: transition.state) : nil
            if let style { TextColumns.startStyle(style, into: out) }
            let state = transition.state.rawValue
            out.write(utf8: state)
            out.writeSpaces(Self.stateWidth - state.utf8.count)
            if style != nil { TextColumns.endStyle(into: out) }
            out.write("  ")
            TextRenderer.appendFigures(of: transition, cause: transition.cause, into: out)
        case .delivery(let delivery):
            appendName(delivery.responder)
            out.write(utf8: delivery.method.rawValue)
            out.write("  ")
            TextRenderer.appendFigures(of: delivery, into: out)
        case .control(let control):
            appendName(control.control)
            out.write(utf8: control.event.rawValue)
            out.write("  ")
            TextRenderer.appendFigures(of: control, into: out)
        case .scroll(let scroll):
            appendName(scroll.scrollView)
            out.write(utf8: scroll.event.rawValue)
            out.write("  ")
            TextRenderer.appendFigures(of: scroll, into: out)
        }
        sink.buffer.append(UnsafeRawBufferPointer(rebasing: out.bytes[..<TextColumns.trimmedCount(out.bytes)]))
        sink.buffer.append(UInt8(ascii: "\n"))
        try sink.drainIfFull()
    }

    /// The time right-aligned in its column, dimmed when colour is allowed, then two spaces.
    private func appendTime(_ t: Double) {
        time.removeAll()
        TextRenderer.appendTime(t, into: time)
        if color { TextColumns.startStyle(.dim, into: line) }
        line.writeSpaces(LiveTextRenderer.timeWidth - time.count)
        line.write(time.bytes)
        if color { TextColumns.endStyle(into: line) }
        line.write("  ")
    }

    /// A recognizer, responder, control or scroll view, padded to the names' column, then two spaces.
    private func appendName(_ name: String) {
        var name = name
        name.withUTF8 { bytes in
            line.write(UnsafeRawBufferPointer(bytes))
            line.writeSpaces(nameWidth - TextWidth.of(UnsafeRawBufferPointer(bytes)))
        }
        line.write("  ")
    }

    private func append(_ line: String, to sink: ByteSink) {
        sink.buffer.append(utf8: line)
        sink.buffer.append(UInt8(ascii: "\n"))
    }
}
