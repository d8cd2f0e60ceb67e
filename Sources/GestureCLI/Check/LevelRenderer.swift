import GestureKit

/// The `jsonl` renderer for a ``GoldenLevel`` below `everything`: records the level never keeps
/// are dropped before they are written (a pan's `changed` records, `didScroll`, the per-move
/// control drags, deliveries), and failures carry their reason code instead of prose, so that
/// `transitions` needs nothing more and `outcomes` parses only the few records left to trim them.
/// (Parsing every record of the analysis back made `check` at `outcomes` 3.7 times the
/// instructions of `everything` on a 1,000-trace corpus.)
struct LevelRenderer: AnalysisRenderer {
    let level: GoldenLevel
    let options: RenderOptions

    func traceRenderer(path: String) -> TraceRenderer {
        LevelTraceRenderer(level: level, inner: JSONLinesTraceRenderer(path: path, options: options))
    }
}

/// Passes on the records ``GoldenLevel/mayKeep(_:)`` allows.
final class LevelTraceRenderer: TraceRenderer {
    private let level: GoldenLevel
    private let inner: TraceRenderer

    init(level: GoldenLevel, inner: TraceRenderer) {
        self.level = level
        self.inner = inner
    }

    override func begin(_ sink: ByteSink) throws(OutputError) { try inner.begin(sink) }
    override func add(_ record: AnalysisRecord, to sink: ByteSink) throws(OutputError) {
        guard level.mayKeep(record) else { return }
        try inner.add(record, to: sink)
    }
    override func end(_ sink: ByteSink) throws(OutputError) { try inner.end(sink) }
}

extension GoldenLevel {
    /// Whether the level may keep `record` at all (``projected(_:golden:)`` decides the rest).
    func mayKeep(_ record: AnalysisRecord) -> Bool {
        switch (self, record) {
        case (.everything, _): return true
        case (_, .delivery): return false
        case (.outcomes, .transition(let transition)): return transition.state != .changed
        case (.transitions, .transition): return true
        case (_, .control(let control)): return !Self.controlMoveEvents.contains(control.event.rawValue)
        case (.outcomes, .scroll(let scroll)):
            return [.willBeginDragging, .didEndDragging, .didEndDecelerating, .didEndZooming].contains(scroll.event)
        case (_, .scroll(let scroll)): return !Self.scrollFrameEvents.contains(scroll.event.rawValue)
        }
    }
}
