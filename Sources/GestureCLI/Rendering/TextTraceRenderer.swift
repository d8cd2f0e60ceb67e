import GestureKit

/// `text`: the trace's lines, their columns aligned over the whole trace, in constant memory.
///
/// Without `--deliveries`, each gesture's lines go, unpadded, into a ``Spool`` while the engine runs,
/// in the order they are shown (``GestureSequencer`` puts the gestures in the order of their first
/// transitions); with `--deliveries` the text is a log instead, one line per transition or
/// delivery in the order they happened. The column widths grow with every line. Once the trace has
/// ended, the spool is read back and every line is written padded to the final widths: the output
/// is that of rendering all the trace's records at once, without keeping them.
final class TextTraceRenderer: TraceRenderer {
    private let path: String
    /// The scene the trace was analyzed with, named in the heading.
    private let scene: SceneOrigin?
    private let options: RenderOptions
    private let gestures: GestureSequencer<TextGestureLayout>
    /// The gesture and transition lines, in the order shown; with `--deliveries`, the log lines.
    private let lines: Spool
    /// Writes into ``lines``.
    private let linesSink: ByteSink
    /// With `--deliveries`: how many log lines, and the widths they need.
    private var logCount = 0
    private var logColumns = TextColumns()
    /// Without `--deliveries`: the control and scroll lines, made at the first one, and their widths.
    private var viewEvents: Spool?
    private var viewEventColumns = TextColumns()
    private let spoolLimit: Int
    private var scratch = ByteBuffer()

    /// - Parameter spoolLimit: the most bytes each waiting gesture keeps in memory (tests make it
    ///   tiny, to exercise the temporary files).
    init(path: String, scene: SceneOrigin? = nil, options: RenderOptions, spoolLimit: Int = 1 << 16) {
        self.path = path
        self.scene = scene
        self.options = options
        self.spoolLimit = spoolLimit
        gestures = GestureSequencer(layout: TextGestureLayout(compact: options.compact), spoolLimit: spoolLimit)
        lines = Spool(memoryLimit: spoolLimit << 2)
        linesSink = .spool(lines)
    }

    override func add(_ record: AnalysisRecord, to sink: ByteSink) throws(OutputError) {
        guard options.deliveries else {
            switch record {
            case .transition(let transition): try gestures.add(transition, to: linesSink)
            case .control(let control): try addViewEvent(Self.viewEventLine(control))
            case .scroll(let scroll):
                // `--compact`: a scroll view's moves between its events are not listed, one line a frame.
                if options.compact, scroll.event == .didScroll || scroll.event == .didZoom { return }
                try addViewEvent(Self.viewEventLine(scroll))
            case .delivery: break
            }
            return
        }
        // With deliveries the text is a log: transitions, deliveries, control events and scrolling
        // in the order they happened.
        let line: TextLine
        switch record {
        case .transition(let transition):
            line = .logTransition(
                time: TextRenderer.time(transition.t), state: transition.state, recognizer: transition.recognizer,
                figures: TextRenderer.figures(of: transition).joined(separator: ", "))
        case .delivery(let delivery):
            line = .delivery(
                time: TextRenderer.time(delivery.t), method: delivery.method, responder: delivery.responder,
                figures: TextRenderer.figures(of: delivery).joined(separator: ", "))
        case .control(let control):
            line = Self.viewEventLine(control)
        case .scroll(let scroll):
            line = Self.viewEventLine(scroll)
        }
        logColumns.widen(for: line)
        scratch.removeAll()
        line.encode(into: &scratch)
        try lines.append(scratch)
        logCount += 1
    }

    private static func viewEventLine(_ control: ControlRecord) -> TextLine {
        .viewEvent(
            time: TextRenderer.time(control.t), subject: control.control, event: control.event.rawValue,
            figures: TextRenderer.figures(of: control).joined(separator: ", "))
    }

    private static func viewEventLine(_ scroll: ScrollRecord) -> TextLine {
        .viewEvent(
            time: TextRenderer.time(scroll.t), subject: scroll.scrollView, event: scroll.event.rawValue,
            figures: TextRenderer.figures(of: scroll).joined(separator: ", "))
    }

    /// A control or scroll line, shown after the gestures when there is no log.
    private func addViewEvent(_ line: TextLine) throws(OutputError) {
        let spool = viewEvents ?? Spool(memoryLimit: spoolLimit << 2)
        viewEvents = spool
        viewEventColumns.widen(for: line)
        scratch.removeAll()
        line.encode(into: &scratch)
        try spool.append(scratch)
    }

    override func end(_ sink: ByteSink) throws(OutputError) {
        let heading = options.color ? TerminalStyle.bold.apply(path) : path
        append(heading + (scene.map { ": " + $0.description } ?? ""), to: sink)
        if options.deliveries {
            if logCount == 0 { append("  no transitions and no deliveries", to: sink) }
            try replay(lines, columns: logColumns, to: sink)
        } else {
            try gestures.end(linesSink)
            try linesSink.drain()
            if gestures.gestureCount == 0 { append("  no gestures", to: sink) }
            try replay(lines, columns: gestures.layout.columns, to: sink)
        }
        if let viewEvents {
            append("  controls and scrolling", to: sink)
            try replay(viewEvents, columns: viewEventColumns, to: sink)
            viewEvents.removeAll()
        }
        lines.removeAll()
        try sink.drainIfFull()
    }

    /// Writes the lines `spool` keeps, padded to `columns`.
    private func replay(_ spool: Spool, columns: TextColumns, to sink: ByteSink) throws(OutputError) {
        var decoder = TextLineDecoder()
        let color = options.color
        try spool.forEachChunk { chunk throws(OutputError) in
            try decoder.decode(chunk) { line throws(OutputError) in
                append(columns.render(line, color: color), to: sink)
                try sink.drainIfFull()
            }
        }
        try decoder.finish()
    }

    private func append(_ line: String, to sink: ByteSink) {
        sink.buffer.append(utf8: line)
        sink.buffer.append(UInt8(ascii: "\n"))
    }
}

/// The gesture and transition lines of the `text` format, unpadded, with the widths they need.
///
/// A gesture of one transition is its gesture line alone (the transition would say the same
/// again); with `--compact` every gesture is. Every transition's time still widens the time
/// column, shown or not.
struct TextGestureLayout: GestureLayout {
    /// `--compact`: gesture lines only.
    let compact: Bool
    /// The widths of the lines rendered so far.
    private(set) var columns = TextColumns()

    init(compact: Bool = false) {
        self.compact = compact
    }

    /// What the gesture line needs.
    struct GestureSummary {
        var recognizer: String
        var kind: String
        var view: String
        var start: Double
        var last: TransitionRecord
        /// What made it begin or recognize (its first transition's `cause`).
        var cause: String?
        /// The first transition's line, held until a second transition shows it is needed.
        var first: TextLine?
    }

    func open(_ first: TransitionRecord, index: Int) -> GestureSummary {
        GestureSummary(recognizer: first.recognizer, kind: first.kind, view: first.view, start: first.t, last: first, cause: first.cause)
    }

    mutating func add(_ transition: TransitionRecord, position: Int, to gesture: inout GestureSummary, into out: inout ByteBuffer) {
        let time = TextRenderer.time(transition.t)
        columns.time = max(columns.time, time.count)
        gesture.last = transition
        guard !compact else { return }
        let line = TextLine.transition(
            time: time, state: transition.state, figures: TextRenderer.figures(of: transition).joined(separator: ", "))
        if position == 0 {
            gesture.first = line
            return
        }
        if position == 1, let first = gesture.first {
            columns.widen(for: first)
            first.encode(into: &out)
        }
        columns.widen(for: line)
        line.encode(into: &out)
    }

    mutating func header(of gesture: GestureSummary, into out: inout ByteBuffer) {
        let line = TextLine.gesture(
            outcome: gesture.last.state, recognizer: gesture.recognizer, kind: gesture.kind, view: gesture.view,
            span: TextRenderer.span(start: gesture.start, end: gesture.last.t), summary: TextRenderer.summary(of: gesture.last, cause: gesture.cause))
        columns.widen(for: line)
        line.encode(into: &out)
    }

    func footer(of gesture: GestureSummary, into out: inout ByteBuffer) {}
}
