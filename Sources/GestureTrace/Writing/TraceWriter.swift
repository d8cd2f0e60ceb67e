import GestureKit

/// Why samples could not be written in the chosen encoding.
public enum TraceWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A string touch id that CSV would read back as something else: empty (an absent cell) or
    /// spelled like a number (an integer id, or an error).
    case idNotWritableInCSV(id: String, sampleIndex: Int)

    /// The message for standard error.
    public var description: String {
        switch self {
        case let .idNotWritableInCSV(id, index):
            let why =
                id.isEmpty
                ? "an empty cell means no id"
                : id.unicodeScalars.contains { $0.value < 0x20 } ? "CSV cannot hold its control characters" : "it would read back as a number"
            return "sample \(index + 1): the string touch id \(Messages.quoted(id)) cannot be written in CSV: \(why); "
                + "convert to json or jsonl instead"
        }
    }
}

/// Writes samples as a trace in any of the three encodings (trace-format.md), the inverse of `TraceReader`.
///
/// The output is canonical: keys and columns in one fixed order (`t`, `id`, `phase`, `x`, `y`, `force`,
/// `radius`, `type`, `subtype`), `type` only for samples that are not touches, numbers in their shortest
/// round-trip spelling (`TraceNumber`), a header that always names the format version and the screen.
/// Reading what it wrote gives back the same samples, and converting from one encoding to another and
/// back gives the same bytes.
///
/// - JSON document: a header member per line, then one compact sample per line.
/// - JSON Lines: a header line `{"gesturectl":1,"screen":{...}}`, then one sample per line.
/// - CSV: a `# screen: WxH` comment, a header row with `t,id,phase,x,y` and the optional columns some
///   sample uses, then one row per sample. CSV has no place for a scene: it is left out (the caller
///   says so).
///
/// ```swift
/// let text = try TraceWriter.write(samples, header: TraceHeader(screen: Size(width: 390, height: 844)), as: .jsonl)
/// // {"gesturectl":1,"screen":{"width":390,"height":844}}
/// // {"t":0,"id":1,"phase":"began","x":100,"y":200}
/// ```
///
/// See also: `TraceReader`, `TraceNumber`.
public enum TraceWriter {
    /// The text of a trace holding `samples`, with `header`'s screen (the default screen when it has
    /// none) and scene (not in CSV).
    ///
    /// - Throws: `TraceWriteError` for a string id that CSV cannot hold.
    public static func write(_ samples: [Sample], header: TraceHeader, as encoding: TraceEncoding)
        throws(TraceWriteError) -> String
    {
        switch encoding {
        case .json: return jsonDocument(samples, header: header)
        case .jsonl: return jsonLines(samples, header: header)
        case .csv: return try csv(samples, header: header)
        }
    }

    // MARK: JSON

    private static func jsonDocument(_ samples: [Sample], header: TraceHeader) -> String {
        var text = jsonDocumentHeader(header)
        guard !samples.isEmpty else { return text + ",\n  \"samples\": []\n}\n" }
        text += ",\n  \"samples\": [\n"
        for (index, sample) in samples.enumerated() {
            text += "    "
            appendJSON(sample, to: &text)
            text += index == samples.count - 1 ? "\n" : ",\n"
        }
        return text + "  ]\n}\n"
    }

    /// The JSON document up to the samples: `{`, then the header members, one per line.
    static func jsonDocumentHeader(_ header: TraceHeader) -> String {
        var text = ""
        appendHeader(header, pretty: true, to: &text)
        return text
    }

    /// The JSON Lines header line, with its line break.
    static func jsonLinesHeader(_ header: TraceHeader) -> String {
        var text = ""
        appendHeader(header, pretty: false, to: &text)
        return text + "}\n"
    }

    private static func jsonLines(_ samples: [Sample], header: TraceHeader) -> String {
        var text = jsonLinesHeader(header)
        for sample in samples {
            appendJSON(sample, to: &text)
            text += "\n"
        }
        return text
    }

    /// The header object opened: `{`, `"gesturectl"`, `"screen"` and any `"scene"` (the caller closes it).
    private static func appendHeader(_ header: TraceHeader, pretty: Bool, to text: inout String) {
        text += pretty ? "{\n  \"gesturectl\": 1,\n  \"screen\": " : "{\"gesturectl\":1,\"screen\":"
        appendScreen(header.screenOrDefault, pretty: pretty, to: &text)
        if let scene = header.scene {
            text += pretty ? ",\n  \"scene\": " : ",\"scene\":"
            appendScene(scene, to: &text)
        }
    }

    static func appendScreen(_ screen: Size, pretty: Bool, to text: inout String) {
        text += pretty ? "{\"width\": " : "{\"width\":"
        TraceNumber.append(screen.width, to: &text)
        text += pretty ? ", \"height\": " : ",\"height\":"
        TraceNumber.append(screen.height, to: &text)
        text += "}"
    }

    private static func appendScene(_ scene: SceneReference, to text: inout String) {
        switch scene {
        case .path(let path, _): appendQuoted(path, to: &text)
        case .inline(let value): appendJSON(value.value, to: &text)
        }
    }

    /// One sample as a compact JSON object.
    static func appendJSON(_ sample: Sample, to text: inout String) {
        text += "{\"t\":"
        TraceNumber.append(sample.t, to: &text)
        switch sample.kind {
        case let .touch(id, phase, location, force, radius):
            text += ",\"id\":"
            switch id {
            case .number(let n): text += String(n)
            case .name(let s): appendQuoted(s, to: &text)
            }
            text += ",\"phase\":\"\(phase.rawValue)\",\"x\":"
            TraceNumber.append(location.x, to: &text)
            text += ",\"y\":"
            TraceNumber.append(location.y, to: &text)
            if let force {
                text += ",\"force\":"
                TraceNumber.append(force, to: &text)
            }
            if let radius {
                text += ",\"radius\":"
                TraceNumber.append(radius, to: &text)
            }
        case let .motion(phase, subtype):
            text += ",\"phase\":\"\(phase.rawValue)\",\"type\":\"motion\",\"subtype\":\"\(subtype.rawValue)\""
        case .remoteControl(let subtype):
            text += ",\"type\":\"remoteControl\",\"subtype\":\"\(subtype.rawValue)\""
        case .application(let subtype):
            text += ",\"type\":\"application\",\"subtype\":\"\(subtype.rawValue)\""
        }
        text += "}"
    }

    /// A parsed JSON value (an inline scene) written compactly; numbers keep their literal.
    private static func appendJSON(_ value: JSONValue, to text: inout String) {
        switch value {
        case .null: text += "null"
        case .bool(let b): text += b ? "true" : "false"
        case .number(_, let literal): text += literal
        case .string(let s): appendQuoted(s, to: &text)
        case .array(let elements):
            text += "[" + elements.map { compactJSON($0.value) }.joined(separator: ",") + "]"
        case .object(let members):
            text += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { text += "," }
                appendQuoted(member.key, to: &text)
                text += ":" + compactJSON(member.value.value)
            }
            text += "}"
        }
    }

    private static func compactJSON(_ value: JSONValue) -> String {
        var text = ""
        appendJSON(value, to: &text)
        return text
    }

    /// `value` as a JSON string: quotes, backslashes and control characters escaped.
    static func appendQuoted(_ value: String, to text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            TextEscaping.append(scalar, to: &text) { TextEscaping.jsonEscape($0, backspaceAndFormFeed: false) }
        }
        text += "\""
    }
}
