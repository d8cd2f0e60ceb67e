/// The `json` format: one compact JSON document on one line, followed by a newline.
///
/// ```json
/// {"gesturectl":1,"traces":[{"trace":"tap.jsonl","gestures":[{"recognizer":"doubleTap","kind":"tap",
///  "view":"screen","outcome":"failed","start":0.44,"end":0.44,"transitions":[{"t":0.44,"state":"failed",…}]}]}]}
/// ```
///
/// Transitions inside a gesture leave out `recognizer`, `kind` and `view` (the gesture has them).
/// With `--deliveries` each trace object also has a `deliveries` array of delivery records without
/// `type`. Every trace object has `trace`, whatever the number of traces.
struct JSONRenderer: AnalysisRenderer {
    let options: RenderOptions
    let prologue = "{\"gesturectl\":1,\"traces\":["
    let separator = ","
    let epilogue = "]}\n"

    func traceRenderer(path: String) -> TraceRenderer { JSONTraceRenderer(path: path, options: options) }
    func traceRenderer(path: String, scene: SceneOrigin) -> TraceRenderer {
        JSONTraceRenderer(path: path, scene: scene, options: options)
    }
}
