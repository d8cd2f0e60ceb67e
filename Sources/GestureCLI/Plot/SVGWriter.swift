import GestureTrace

/// Writes SVG 1.1 text element by element, escaping attribute values and text as XML requires.
///
/// ```swift
/// var svg = SVGWriter(width: 100, height: 50)
/// svg.open("g", ["class": "lane"])
/// svg.element("rect", ["x": "0", "y": "0", "width": "10", "height": "10"], title: "a < b")
/// svg.close("g")
/// svg.finish()   // <?xml …?><svg …>…</svg>
/// ```
///
/// Attributes are written in the order given (an array of pairs keeps it stable), so the same
/// picture always gives the same bytes.
struct SVGWriter {
    /// The document so far.
    private(set) var text: String
    private var depth = 1

    /// Starts a document of the given size in user units (pixels), with a white background.
    init(width: Double, height: Double) {
        let w = SVGWriter.number(width)
        let h = SVGWriter.number(height)
        text = """
            <?xml version="1.0" encoding="UTF-8" standalone="no"?>
            <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(w)" height="\(h)" viewBox="0 0 \(w) \(h)" \
            font-family="Helvetica, Arial, sans-serif">

            """
        element("rect", [("x", "0"), ("y", "0"), ("width", w), ("height", h), ("fill", "#ffffff")])
    }

    /// Opens an element that will hold others; `title` becomes its first child, shown on hover.
    mutating func open(_ name: String, _ attributes: [(String, String)] = [], title: String? = nil) {
        indent()
        text += "<\(name)"
        appendAttributes(attributes)
        text += ">\n"
        depth += 1
        if let title { appendTitle(title) }
    }

    /// Closes the innermost open element, which must be `name`.
    mutating func close(_ name: String) {
        depth -= 1
        indent()
        text += "</\(name)>\n"
    }

    /// An element without content, or with only a `<title>` when `title` is given.
    mutating func element(_ name: String, _ attributes: [(String, String)], title: String? = nil) {
        guard let title else {
            indent()
            text += "<\(name)"
            appendAttributes(attributes)
            text += "/>\n"
            return
        }
        open(name, attributes)
        appendTitle(title)
        close(name)
    }

    /// A `<text>` element holding `content`.
    mutating func text(_ content: String, _ attributes: [(String, String)], title: String? = nil) {
        indent()
        text += "<text"
        appendAttributes(attributes)
        text += ">"
        if let title {
            text += "<title>"
            text += SVGWriter.escaped(title)
            text += "</title>"
        }
        text += SVGWriter.escaped(content)
        text += "</text>\n"
    }

    /// A comment, for people reading the file (`--` is not allowed inside and is replaced).
    mutating func comment(_ content: String) {
        indent()
        text += "<!-- " + content.replacingDoubleHyphens() + " -->\n"
    }

    /// Closes the document and returns it.
    mutating func finish() -> String {
        text += "</svg>\n"
        return text
    }

    private mutating func appendTitle(_ title: String) {
        indent()
        text += "<title>" + SVGWriter.escaped(title) + "</title>\n"
    }

    private mutating func appendAttributes(_ attributes: [(String, String)]) {
        for (name, value) in attributes {
            text += " \(name)=\"" + SVGWriter.escaped(value) + "\""
        }
    }

    private mutating func indent() {
        text += String(repeating: "  ", count: depth)
    }

    /// `value` with `&`, `<`, `>`, `"` and `'` escaped, and characters XML 1.0 forbids dropped.
    static func escaped(_ value: String) -> String {
        TextEscaping.replacing(value) { scalar in
            if let entity = TextEscaping.xmlEntity(scalar, quotes: true) { return entity }
            switch scalar {
            case "\t", "\n", "\r": return nil
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": return ""
            default: return nil
            }
        }
    }

    /// A coordinate or length: at most two decimals, never an exponent.
    static func number(_ value: Double) -> String {
        DecimalFormatting.string(value, fractionDigits: 2)
    }
}

extension String {
    /// The text with every `--` broken up, so it can sit in an XML comment.
    fileprivate func replacingDoubleHyphens() -> String {
        var result = ""
        var previous: Character?
        for character in self {
            if character == "-", previous == "-" { result += " " }
            result.append(character)
            previous = character
        }
        return result.hasSuffix("-") ? result + " " : result
    }
}
