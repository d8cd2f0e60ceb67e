import GestureKit

extension TraceWriter {
    /// The JSON Lines header line of a trace on `screen`, naming the scene file at `scene` (relative
    /// to the trace) when given, without its line feed:
    /// `{"gesturectl":1,"screen":{"width":390,"height":844}}`, as `write(_:header:as:)` writes it.
    ///
    /// For writers that stream a trace line by line, such as GestureRecorder.
    public static func jsonLinesHeader(screen: Size, scene: String? = nil) -> String {
        var text = "{\"gesturectl\":1,\"screen\":"
        appendScreen(screen, pretty: false, to: &text)
        if let scene {
            text += ",\"scene\":"
            appendQuoted(scene, to: &text)
        }
        return text + "}"
    }

    /// One sample as a JSON Lines line, without its line feed, spelled as `write(_:header:as:)`
    /// spells it: `{"t":0.016,"id":1,"phase":"moved","x":104,"y":200}`.
    public static func jsonLine(_ sample: Sample) -> String {
        var text = ""
        appendJSON(sample, to: &text)
        return text
    }

    /// A number as traces spell it: the shortest decimal that reads back as the same value, never
    /// with an exponent (`0.0000001`, not `1e-07`).
    public static func number(_ value: Double) -> String { TraceNumber.string(value) }

    /// A string as a JSON string literal, quotes and escapes included.
    public static func quoted(_ value: String) -> String {
        var text = ""
        appendQuoted(value, to: &text)
        return text
    }
}
