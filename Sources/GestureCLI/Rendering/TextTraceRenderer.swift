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
    /// The line being written, before it goes into its spool.
    private let line = LineBuffer()

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

    /// A transition lent as it is (the one-thread replay): wrapped, it was copied into the enum.
    /// With deliveries, the log line takes the record as ``add(_:to:)`` does.
    override func add(transition: borrowing TransitionRecord, to sink: ByteSink) throws(OutputError) {
        guard options.deliveries else { return try gestures.add(transition, to: linesSink) }
        try add(.transition(copy transition), to: sink)
    }

    override func add(_ record: AnalysisRecord, to sink: ByteSink) throws(OutputError) {
        guard options.deliveries else {
            switch record {
            case .transition(let transition): try gestures.add(transition, to: linesSink)
            case .control: try addViewEvent(record)
            case .scroll(let scroll):
                // `--compact`: a scroll view's moves between its events are not listed, one line a frame.
                if options.compact, scroll.event == .didScroll || scroll.event == .didZoom { return }
                try addViewEvent(record)
            case .delivery: break
            }
            return
        }
        // With deliveries the text is a log: transitions, deliveries, control events and scrolling
        // in the order they happened.
        line.removeAll()
        switch record {
        case .transition(let transition):
            appendLogLine(
                .logTransition, t: transition.t, what: transition.state.rawValue, who: transition.recognizer,
                code: { TextLine.append(transition.state, into: $0) },
                figures: { TextRenderer.appendFigures(of: transition, cause: transition.cause, into: $0) })
        case .delivery(let delivery):
            appendLogLine(
                .delivery, t: delivery.t, what: delivery.method.rawValue, who: delivery.responder,
                code: { TextLine.append(delivery.method, into: $0) }, figures: { TextRenderer.appendFigures(of: delivery, into: $0) })
        case .control, .scroll:
            Self.appendViewEvent(record, columns: &logColumns, into: line)
        }
        try lines.append(line.bytes)
        logCount += 1
    }

    /// A line of the log of transitions and deliveries: time, state or method (`what`, written by
    /// `code`), recognizer or responder (`who`), figures.
    private func appendLogLine(
        _ kind: TextLine.Kind, t: Double, what: String, who: String, code: (LineBuffer) -> Void, figures: (LineBuffer) -> Void
    ) {
        TextLine.start(kind, into: line)
        logColumns.time = max(logColumns.time, TextLine.appendTime(t, into: line))
        code(line)
        logColumns.method = max(logColumns.method, what.utf8.count)
        logColumns.responder = max(logColumns.responder, TextLine.appendCell(who, into: line))
        let cell = TextLine.openCell(into: line)
        figures(line)
        TextLine.closeCell(cell, into: line)
    }

    /// A control event's or scroll-view call's line: time, control or scroll view, event, figures.
    private static func appendViewEvent(_ record: AnalysisRecord, columns: inout TextColumns, into out: LineBuffer) {
        let (t, subject, event): (Double, String, String)
        switch record {
        case .control(let control): (t, subject, event) = (control.t, control.control, control.event.rawValue)
        case .scroll(let scroll): (t, subject, event) = (scroll.t, scroll.scrollView, scroll.event.rawValue)
        case .transition, .delivery: return
        }
        TextLine.start(.viewEvent, into: out)
        columns.time = max(columns.time, TextLine.appendTime(t, into: out))
        columns.subject = max(columns.subject, TextLine.appendCell(subject, into: out))
        columns.event = max(columns.event, TextLine.appendCell(event, into: out))
        let figures = TextLine.openCell(into: out)
        switch record {
        case .control(let control): TextRenderer.appendFigures(of: control, into: out)
        case .scroll(let scroll): TextRenderer.appendFigures(of: scroll, into: out)
        case .transition, .delivery: break
        }
        TextLine.closeCell(figures, into: out)
    }

    /// A control or scroll line, shown after the gestures when there is no log.
    private func addViewEvent(_ record: AnalysisRecord) throws(OutputError) {
        line.removeAll()
        Self.appendViewEvent(record, columns: &viewEventColumns, into: line)
        try viewEventSpool().append(line.bytes)
    }

    /// The spool of the control and scroll lines, made at the first one.
    private func viewEventSpool() -> Spool {
        let spool = viewEvents ?? Spool(memoryLimit: spoolLimit << 2)
        viewEvents = spool
        return spool
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
        // Lines written through a pointer and handed to the sink 64 KiB at a time: the column pass
        // took 14.4 M instructions of the 2 MB sample's 253 M appending cell by cell to the sink's buffer.
        let out = LineBuffer(capacity: ByteSink.chunkSize + (ByteSink.chunkSize >> 2))
        try spool.forEachChunk { chunk throws(OutputError) in
            try decoder.decode(chunk) { line throws(OutputError) -> Int? in
                guard let count = try columns.write(line, color: color, into: out) else { return nil }
                out.write(byte: UInt8(ascii: "\n"))
                if out.count >= ByteSink.chunkSize { try flush(out, to: sink) }
                return count
            }
        }
        try decoder.finish()
        try flush(out, to: sink)
    }

    private func flush(_ out: LineBuffer, to sink: ByteSink) throws(OutputError) {
        sink.buffer.append(out.bytes)
        out.removeAll()
        try sink.drainIfFull()
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
    /// The lines being written, before they go where the sequencer says.
    private let line = LineBuffer()

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
        /// The first transition, held until a second transition shows that its line is needed.
        var first: TransitionRecord?
    }

    func open(_ first: TransitionRecord, index: Int) -> GestureSummary {
        GestureSummary(recognizer: first.recognizer, kind: first.kind, view: first.view, start: first.t, last: first, cause: first.cause)
    }

    mutating func add(_ transition: TransitionRecord, position: Int, to gesture: inout GestureSummary, into out: inout ByteBuffer) {
        gesture.last = transition
        line.removeAll()
        guard !compact, position > 0 else {
            // Not shown (yet): its time widens the time column all the same.
            TextRenderer.appendTime(transition.t, into: line)
            columns.time = max(columns.time, line.count)
            if !compact { gesture.first = transition }
            return
        }
        if position == 1, let first = gesture.first {
            append(first)
            gesture.first = nil
        }
        append(transition)
        out.append(line.bytes)
    }

    /// A transition's line: time, state, figures.
    private mutating func append(_ transition: TransitionRecord) {
        let out = line
        TextLine.start(.transition, into: out)
        columns.time = max(columns.time, TextLine.appendTime(transition.t, into: out))
        TextLine.append(transition.state, into: out)
        columns.state = max(columns.state, transition.state.rawValue.utf8.count)
        let figures = TextLine.openCell(into: out)
        TextRenderer.appendFigures(of: transition, cause: transition.cause, into: out)
        TextLine.closeCell(figures, into: out)
    }

    mutating func header(of gesture: GestureSummary, into bytes: inout ByteBuffer) {
        line.removeAll()
        let out = line
        let outcome = gesture.last.state
        TextLine.start(.gesture, into: out)
        TextLine.append(outcome, into: out)
        columns.outcome = max(columns.outcome, outcome.rawValue.utf8.count)
        columns.recognizer = max(columns.recognizer, TextLine.appendCell(gesture.recognizer, into: out))
        columns.kind = max(columns.kind, TextLine.appendCell(gesture.kind, into: out))
        columns.view = max(columns.view, TextLine.appendCell(gesture.view, into: out))
        let span = TextLine.openCell(into: out)
        TextRenderer.appendSpan(start: gesture.start, end: gesture.last.t, into: out)
        // The times are ASCII; the dash between them is one character of three bytes.
        let spanWidth = out.count - span - 2 - (gesture.start == gesture.last.t ? 0 : 2)
        columns.span = max(columns.span, TextLine.closePaddedCell(span, width: spanWidth, into: out))
        let summary = TextLine.openCell(into: out)
        TextRenderer.appendSummary(of: gesture.last, cause: gesture.cause, into: out)
        TextLine.closeCell(summary, into: out)
        bytes.append(line.bytes)
    }

    func footer(of gesture: GestureSummary, into out: inout ByteBuffer) {}
}
