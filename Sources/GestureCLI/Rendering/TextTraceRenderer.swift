import GestureKit

/// `text`: the trace's lines, their columns aligned over the whole trace, in constant memory.
///
/// While the engine runs, each gesture's lines go, unpadded, into a ``Spool`` in the order they
/// are shown (``GestureSequencer`` puts the gestures in the order of their first transitions), the
/// deliveries into another, and the column widths grow with every line. Once the trace has ended,
/// the spools are read back and every line is written padded to the final widths: the output is
/// that of rendering all the trace's records at once, without keeping them.
final class TextTraceRenderer: TraceRenderer {
    private let path: String
    private let options: RenderOptions
    private let gestures: GestureSequencer<TextGestureLayout>
    /// The gesture and transition lines, in the order shown.
    private let lines: Spool
    /// Writes into ``lines``.
    private let linesSink: ByteSink
    /// The delivery lines, with `--deliveries`.
    private let deliveries: Spool?
    private var deliveryCount = 0
    /// The widths the deliveries need (those of gestures and transitions are the layout's).
    private var deliveryColumns = TextColumns()
    /// The control and scroll lines, made at the first one.
    private var viewEvents: Spool?
    private let spoolLimit: Int
    private var scratch = ByteBuffer()

    /// - Parameter spoolLimit: the most bytes each waiting gesture keeps in memory (tests make it
    ///   tiny, to exercise the temporary files).
    init(path: String, options: RenderOptions, spoolLimit: Int = 1 << 16) {
        self.path = path
        self.options = options
        self.spoolLimit = spoolLimit
        gestures = GestureSequencer(layout: TextGestureLayout(), spoolLimit: spoolLimit)
        lines = Spool(memoryLimit: spoolLimit << 2)
        linesSink = .spool(lines)
        deliveries = options.deliveries ? Spool(memoryLimit: spoolLimit << 2) : nil
    }

    override func add(_ record: AnalysisRecord, to sink: ByteSink) throws(OutputError) {
        switch record {
        case .transition(let transition):
            try gestures.add(transition, to: linesSink)
        case .delivery(let delivery):
            guard let deliveries else {
                // A delivery not shown still widens the time column, as every record's time does.
                deliveryColumns.time = max(deliveryColumns.time, TextRenderer.time(delivery.t).count)
                return
            }
            let line = TextLine.delivery(
                time: TextRenderer.time(delivery.t), method: delivery.method, responder: delivery.responder,
                figures: TextRenderer.figures(of: delivery).joined(separator: ", "))
            deliveryColumns.widen(for: line)
            scratch.removeAll()
            line.encode(into: &scratch)
            try deliveries.append(scratch)
            deliveryCount += 1
        case .control(let control):
            try addViewEvent(TextLine.viewEvent(
                time: TextRenderer.time(control.t), subject: control.control, event: control.event.rawValue,
                figures: TextRenderer.figures(of: control).joined(separator: ", ")))
        case .scroll(let scroll):
            try addViewEvent(TextLine.viewEvent(
                time: TextRenderer.time(scroll.t), subject: scroll.scrollView, event: scroll.event.rawValue,
                figures: TextRenderer.figures(of: scroll).joined(separator: ", ")))
        }
    }

    private func addViewEvent(_ line: TextLine) throws(OutputError) {
        let spool = viewEvents ?? Spool(memoryLimit: spoolLimit << 2)
        viewEvents = spool
        deliveryColumns.widen(for: line)
        scratch.removeAll()
        line.encode(into: &scratch)
        try spool.append(scratch)
    }

    override func end(_ sink: ByteSink) throws(OutputError) {
        try gestures.end(linesSink)
        try linesSink.drain()
        var columns = gestures.layout.columns
        columns.widen(toHold: deliveryColumns)
        append(options.color ? TerminalStyle.bold.apply(path) : path, to: sink)
        if gestures.gestureCount == 0 { append("  no gestures", to: sink) }
        try replay(lines, columns: columns, to: sink)
        lines.removeAll()
        if let deliveries {
            append("  deliveries", to: sink)
            if deliveryCount == 0 { append("      none", to: sink) }
            try replay(deliveries, columns: columns, to: sink)
            deliveries.removeAll()
        }
        if let viewEvents {
            append("  controls and scrolling", to: sink)
            try replay(viewEvents, columns: columns, to: sink)
            viewEvents.removeAll()
        }
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
struct TextGestureLayout: GestureLayout {
    /// The widths of the lines rendered so far.
    private(set) var columns = TextColumns()

    /// What the gesture line needs.
    struct GestureSummary {
        var recognizer: String
        var kind: String
        var view: String
        var start: Double
        var last: TransitionRecord
    }

    func open(_ first: TransitionRecord, index: Int) -> GestureSummary {
        GestureSummary(recognizer: first.recognizer, kind: first.kind, view: first.view, start: first.t, last: first)
    }

    mutating func add(_ transition: TransitionRecord, position: Int, to gesture: inout GestureSummary, into out: inout ByteBuffer) {
        let line = TextLine.transition(
            time: TextRenderer.time(transition.t), state: transition.state,
            figures: TextRenderer.figures(of: transition).joined(separator: ", "))
        columns.widen(for: line)
        line.encode(into: &out)
        gesture.last = transition
    }

    mutating func header(of gesture: GestureSummary, into out: inout ByteBuffer) {
        let line = TextLine.gesture(
            outcome: gesture.last.state, recognizer: gesture.recognizer, kind: gesture.kind, view: gesture.view,
            span: TextRenderer.span(start: gesture.start, end: gesture.last.t), summary: TextRenderer.summary(of: gesture.last))
        columns.widen(for: line)
        line.encode(into: &out)
    }

    func footer(of gesture: GestureSummary, into out: inout ByteBuffer) {}
}
