/// The escapes of the text formats gesturectl writes (JSON strings, XML, GitHub workflow commands), in one
/// place for the writers of both modules. None of these is on a hot path: the record renderers escape
/// bytes with `ByteBuffer.appendJSONString`.
public enum TextEscaping {
    /// `text` with each scalar for which `replacement` gives a string replaced by that string (nil keeps
    /// the scalar, `""` drops it).
    public static func replacing(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            append(scalar, to: &result, replacement)
        }
        return result
    }

    /// Appends `replacement(scalar)`, or the scalar itself when that is nil.
    @inline(__always)
    public static func append(_ scalar: Unicode.Scalar, to text: inout String, _ replacement: (Unicode.Scalar) -> String?) {
        if let replaced = replacement(scalar) {
            text += replaced
        } else {
            text.unicodeScalars.append(scalar)
        }
    }

    /// The two-character JSON escape of `"`, `\`, LF, CR and tab, and with `backspaceAndFormFeed` of
    /// U+0008 and U+000C (`\b`, `\f`); nil for any other scalar.
    public static func shortJSONEscape(_ scalar: Unicode.Scalar, backspaceAndFormFeed: Bool) -> String? {
        switch scalar {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        case "\u{08}" where backspaceAndFormFeed: return "\\b"
        case "\u{0C}" where backspaceAndFormFeed: return "\\f"
        default: return nil
        }
    }

    /// `\u` and the scalar's value in lowercase hexadecimal, at least four digits (`\u001b`).
    public static func unicodeJSONEscape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// How a JSON string writes `scalar`: its short escape, `\u00XX` for another control character below
    /// U+0020, nil (the scalar itself) for the rest.
    public static func jsonEscape(_ scalar: Unicode.Scalar, backspaceAndFormFeed: Bool) -> String? {
        if let short = shortJSONEscape(scalar, backspaceAndFormFeed: backspaceAndFormFeed) { return short }
        return scalar.value < 0x20 ? unicodeJSONEscape(scalar) : nil
    }

    /// The XML entity of `&`, `<` and `>`, and with `quotes` of `"` and `'`; nil for any other scalar.
    public static func xmlEntity(_ scalar: Unicode.Scalar, quotes: Bool) -> String? {
        switch scalar {
        case "&": return "&amp;"
        case "<": return "&lt;"
        case ">": return "&gt;"
        case "\"" where quotes: return "&quot;"
        case "'" where quotes: return "&apos;"
        default: return nil
        }
    }
}
