@testable import GestureCLI
import GestureKit

/// One trace's analysis, ready to render: its path as given and its records in engine order.
struct AnalyzedTrace {
    /// The path as the user gave it (`-` for standard input).
    var path: String
    /// Transitions and, with `--deliveries`, deliveries, in the order the engine made them.
    var records: [AnalysisRecord]
    /// The scene it was analyzed with, when the heading names it.
    var scene: SceneOrigin? = nil

    /// The transition records alone.
    var transitions: [TransitionRecord] {
        records.compactMap { if case .transition(let t) = $0 { return t } else { return nil } }
    }

    /// The delivery records alone.
    var deliveries: [DeliveryRecord] {
        records.compactMap { if case .delivery(let d) = $0 { return d } else { return nil } }
    }
}

extension AnalysisRenderer {
    /// The output for one trace whose records are all known (the command streams instead).
    func render(_ trace: AnalyzedTrace) -> String {
        let sink = ByteSink.memory()
        let renderer = trace.scene.map { traceRenderer(path: trace.path, scene: $0) } ?? traceRenderer(path: trace.path)
        do throws(OutputError) {
            try renderer.begin(sink)
            for record in trace.records { try renderer.add(record, to: sink) }
            try renderer.end(sink)
        } catch {
            preconditionFailure("AnalysisRenderer: rendering in memory failed: \(error)")
        }
        return sink.buffer.string
    }
}
