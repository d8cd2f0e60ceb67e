import GestureKit

/// What every renderer needs to know besides the records.
struct RenderOptions {
    /// `--deliveries` was given: records are tagged with `type` and deliveries are shown.
    var deliveries = false
    /// Several traces are analyzed together: each record (or row) names its trace.
    var labelsTraces = false
    /// ANSI colour is allowed (text format only).
    var color = false
    /// `--compact`: the text format shows one line per gesture, without its transitions.
    var compact = false
}

/// Turns analyzed traces into the text of one output format.
///
/// The command writes ``prologue`` before the first trace that parsed, ``separator`` between traces,
/// each trace's output (rendered record by record by a ``TraceRenderer``) once the whole trace
/// parsed, and ``epilogue`` at the end; when no trace parsed it writes nothing at all.
///
/// See also: ``JSONLinesRenderer``, ``JSONRenderer``, ``CSVRenderer``, ``TextRenderer``.
protocol AnalysisRenderer {
    /// Written once before the first trace's output (the CSV header, the JSON document's opening).
    var prologue: String { get }
    /// Written between two traces' outputs.
    var separator: String { get }
    /// Written once after the last trace's output.
    var epilogue: String { get }
    /// A renderer of one trace's records, as the engine makes them.
    func traceRenderer(path: String) -> TraceRenderer
    /// A renderer of one trace's records that also names the scene they came from (the `text`
    /// heading, the `json` trace object); formats that hold only records ignore `scene`.
    func traceRenderer(path: String, scene: SceneOrigin) -> TraceRenderer
}

extension AnalysisRenderer {
    func traceRenderer(path: String, scene: SceneOrigin) -> TraceRenderer { traceRenderer(path: path) }
}

/// The `--format` values of `analyze`.
enum OutputFormat: String, CaseIterable {
    case text, jsonl, json, csv

    /// The renderer of this format.
    func renderer(_ options: RenderOptions) -> any AnalysisRenderer {
        switch self {
        case .text: return TextRenderer(options: options)
        case .jsonl: return JSONLinesRenderer(options: options)
        case .json: return JSONRenderer(options: options)
        case .csv: return CSVRenderer(options: options)
        }
    }
}
