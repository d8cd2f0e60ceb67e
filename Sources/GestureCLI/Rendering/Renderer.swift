import GestureKit

/// What every renderer needs to know besides the records.
struct RenderOptions {
    /// `--deliveries` was given: records are tagged with `type` and deliveries are shown.
    var deliveries = false
    /// Several traces are analyzed together: each record (or row) names its trace.
    var labelsTraces = false
    /// ANSI colour is allowed (text format only).
    var color = false
    /// The trace's position among the traces analyzed, from 0 (`trace-event` numbers its processes by it).
    var traceIndex = 0

    /// These options for the trace at `index`.
    func forTrace(_ index: Int) -> RenderOptions {
        var options = self
        options.traceIndex = index
        return options
    }
    /// `--compact`: the text format shows one line per gesture, without its transitions.
    var compact = false
    /// `jsonl`: failures and cancellations carry their ``ReasonCode`` (`check --level outcomes` or
    /// `transitions`).
    var reasonCodes = false
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
    /// The prologue when the first trace's scene has controls or scroll views (`extended`), or not.
    func prologue(extended: Bool) -> String
    /// A renderer of one trace's records that also names the scene they came from (the `text`
    /// heading, the `json` trace object); formats that hold only records ignore `scene`.
    func traceRenderer(path: String, scene: SceneOrigin) -> TraceRenderer
    /// A renderer of one trace's records for a scene with controls or scroll views (`extended`) or
    /// not, naming the scene they came from where the format does.
    func traceRenderer(path: String, scene: SceneOrigin, extended: Bool) -> TraceRenderer
}

extension AnalysisRenderer {
    /// ``prologue``: only the CSV header depends on the scene.
    func prologue(extended: Bool) -> String { prologue }
    /// ``traceRenderer(path:)``: only `text` and `json` name the scene.
    func traceRenderer(path: String, scene: SceneOrigin) -> TraceRenderer { traceRenderer(path: path) }
    /// ``traceRenderer(path:scene:)``: only CSV rows depend on the scene's controls and scroll
    /// views, and CSV does not name the scene.
    func traceRenderer(path: String, scene: SceneOrigin, extended: Bool) -> TraceRenderer {
        traceRenderer(path: path, scene: scene)
    }
}

extension AnalysisRenderer {
    /// No prologue unless the format has one.
    var prologue: String { "" }
    /// Nothing between traces unless the format needs it.
    var separator: String { "" }
    /// No epilogue unless the format has one.
    var epilogue: String { "" }
}

/// The `--format` values of `analyze`.
enum OutputFormat: String, CaseIterable {
    case text, jsonl, json, csv
    case traceEvent = "trace-event"

    /// The renderer of this format.
    func renderer(_ options: RenderOptions) -> any AnalysisRenderer {
        switch self {
        case .text: return TextRenderer(options: options)
        case .jsonl: return JSONLinesRenderer(options: options)
        case .json: return JSONRenderer(options: options)
        case .csv: return CSVRenderer(options: options)
        case .traceEvent: return TraceEventRenderer(options: options)
        }
    }
}
