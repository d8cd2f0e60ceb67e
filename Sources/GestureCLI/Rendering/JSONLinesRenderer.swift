/// The `jsonl` format: one compact JSON object per record and line, in engine order.
///
/// With `--deliveries` every record starts with `"type"`; with several traces every record ends
/// with `"trace"`. See docs/output-format.md.
struct JSONLinesRenderer: AnalysisRenderer {
    let options: RenderOptions

    func traceRenderer(path: String) -> TraceRenderer { JSONLinesTraceRenderer(path: path, options: options) }
}
