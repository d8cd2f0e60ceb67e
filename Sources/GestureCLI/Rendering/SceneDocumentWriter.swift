import GestureTrace

/// Writes a scene document held as JSON (`scene --from`) the way scene files are laid out: the
/// top level and every list of views one entry per line, each view without subviews on one line.
enum SceneDocumentWriter {
    /// The document's text, ending in a newline.
    static func text(of document: JSONValue) -> String {
        var json = JSONWriter(pretty: true)
        write(document, into: &json)
        return json.text + "\n"
    }

    private static func write(_ value: JSONValue, into json: inout JSONWriter) {
        switch value {
        case .object(let members):
            json.beginObject(inline: !spreads(value))
            for member in members {
                json.key(member.key)
                write(member.value.value, into: &json)
            }
            json.endObject()
        case .array(let elements):
            let objects = elements.contains { if case .object = $0.value { return true } else { return false } }
            json.beginArray(inline: !objects)
            for element in elements { write(element.value, into: &json) }
            json.endArray()
        default:
            json.value(value)
        }
    }

    /// Whether an object is spread over lines: when it holds a list of objects (views, children,
    /// recognizers).
    private static func spreads(_ value: JSONValue) -> Bool {
        guard case .object(let members) = value else { return false }
        return members.contains { member in
            guard case .array(let elements) = member.value.value else { return false }
            return elements.contains { if case .object = $0.value { return true } else { return false } }
        }
    }
}
