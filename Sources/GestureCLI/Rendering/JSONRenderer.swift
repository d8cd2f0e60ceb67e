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

    func render(_ trace: AnalyzedTrace) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.key("trace")
        json.string(trace.path)
        json.key("gestures")
        json.beginArray()
        for gesture in Gesture.group(trace.transitions) {
            json.beginObject()
            json.key("recognizer")
            json.string(gesture.recognizer)
            json.key("kind")
            json.string(gesture.kind)
            json.key("view")
            json.string(gesture.view)
            json.key("outcome")
            json.string(gesture.outcome.rawValue)
            json.key("start")
            json.number(gesture.start)
            json.key("end")
            json.number(gesture.end)
            json.key("transitions")
            json.beginArray()
            for transition in gesture.transitions { json.transition(transition, identified: false) }
            json.endArray()
            json.endObject()
        }
        json.endArray()
        if options.deliveries {
            json.key("deliveries")
            json.beginArray()
            for delivery in trace.deliveries { json.delivery(delivery, typed: false) }
            json.endArray()
        }
        json.endObject()
        return json.text
    }
}
