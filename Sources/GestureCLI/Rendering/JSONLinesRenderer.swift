/// The `jsonl` format: one compact JSON object per record and line, in engine order.
///
/// With `--deliveries` every record starts with `"type"`; with several traces every record ends
/// with `"trace"`. See docs/output-format.md.
struct JSONLinesRenderer: AnalysisRenderer {
    let options: RenderOptions
    let prologue = ""
    let separator = ""
    let epilogue = ""

    func render(_ trace: AnalyzedTrace) -> String {
        var json = JSONWriter()
        let label = options.labelsTraces ? trace.path : nil
        for record in trace.records {
            switch record {
            case .transition(let transition): json.transition(transition, typed: options.deliveries, trace: label)
            case .delivery(let delivery): json.delivery(delivery, typed: true, trace: label)
            }
            json.endLine()
        }
        return json.text
    }
}
