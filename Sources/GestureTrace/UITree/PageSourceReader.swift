import GestureKit

/// Reads an Appium XCUITest page source (`driver.getPageSource()`, `driver.page_source`): XML whose
/// elements are named by their type (`XCUIElementTypeButton`) and carry `type`, `name`, `label`,
/// `value`, `enabled`, `visible`, `x`, `y`, `width` and `height` attributes, inside an `AppiumAUT`
/// root (see the XCUITest driver's "Element Attributes" page,
/// https://appium.github.io/appium-xcuitest-driver/latest/reference/element-attributes/).
///
/// A small XML reader: elements, attributes (entities and character references decoded), comments,
/// the declaration, `<!DOCTYPE …>` and CDATA are understood; text between elements is ignored.
enum PageSourceReader {
    /// The application element (or the first element with a frame) of `text`.
    static func read(_ text: String, file: String) throws(TraceError) -> UIElementNode {
        var scanner = XMLScanner(text: Array(text.unicodeScalars), file: file)
        var stack: [(name: String, node: UIElementNode?)] = []
        var roots: [UIElementNode] = []
        while let token = try scanner.next() {
            switch token {
            case .open(let name, let attributes, let position, let selfClosing):
                let node = try element(name, attributes, position, file: file)
                if selfClosing {
                    attach(node, to: &stack, roots: &roots)
                } else {
                    stack.append((name, node))
                }
            case .close(let name, let position):
                guard let top = stack.popLast() else {
                    throw UITreeReader.error(file, position, "</\(name)> closes no element")
                }
                guard top.name == name else {
                    throw UITreeReader.error(file, position, "</\(name)> where </\(top.name)> was expected")
                }
                attach(top.node, to: &stack, roots: &roots)
            }
        }
        if let open = stack.last {
            throw UITreeReader.error(file, scanner.position, "the page source ends inside <\(open.name)>")
        }
        guard let root = roots.first(where: { $0.type == "Application" }) ?? roots.first else {
            throw UITreeReader.error(
                file, SourcePosition(line: 1, column: 1),
                "no XCUITest element with a frame (x, y, width, height) in this XML: is it an Appium XCUITest page source?")
        }
        return root
    }

    /// Adds a finished element to its parent, or to the roots; an element that is no UI element
    /// (`AppiumAUT`) passes its children up.
    private static func attach(_ node: UIElementNode?, to stack: inout [(name: String, node: UIElementNode?)], roots: inout [UIElementNode]) {
        guard let node else { return }
        if let index = stack.lastIndex(where: { $0.node != nil }) {
            stack[index].node?.children.append(node)
        } else {
            roots.append(node)
        }
    }

    /// The UI element of an XML element, or nil for one without a frame (`AppiumAUT`).
    private static func element(
        _ name: String, _ attributes: [(String, String, SourcePosition)], _ position: SourcePosition, file: String
    ) throws(TraceError) -> UIElementNode? {
        var values: [String: (String, SourcePosition)] = [:]
        for (key, value, at) in attributes { values[key] = (value, at) }
        func number(_ key: String) throws(TraceError) -> Double? {
            guard let (text, at) = values[key] else { return nil }
            guard let value = Double(text), value.isFinite else {
                throw UITreeReader.error(file, at, "\(key)=\"\(text)\" is not a number")
            }
            return value
        }
        guard let x = try number("x"), let y = try number("y"), let width = try number("width"), let height = try number("height")
        else { return nil }
        let typeName = values["type"]?.0 ?? name
        var node = UIElementNode(
            type: typeName.hasPrefix("XCUIElementType") ? String(typeName.dropFirst("XCUIElementType".count)) : typeName,
            frame: Rect(x: x, y: y, width: max(0, width), height: max(0, height)), position: position)
        node.identifier = values["name"].map(\.0).flatMap { $0.isEmpty ? nil : $0 }
        node.label = values["label"].map(\.0).flatMap { $0.isEmpty ? nil : $0 }
        node.value = values["value"].map(\.0)
        node.enabled = values["enabled"]?.0 != "false"
        node.visible = values["visible"]?.0 != "false"
        node.selected = values["selected"]?.0 == "true"
        return node
    }
}

/// The tokens of an XML document that a page source needs.
struct XMLScanner {
    enum Token {
        case open(name: String, attributes: [(String, String, SourcePosition)], position: SourcePosition, selfClosing: Bool)
        case close(name: String, position: SourcePosition)
    }

    let text: [Unicode.Scalar]
    let file: String
    private var index = 0
    private var line = 1
    private var column = 1

    init(text: [Unicode.Scalar], file: String) {
        self.text = text
        self.file = file
    }

    /// Where the scanner is.
    var position: SourcePosition { SourcePosition(line: line, column: column) }

    /// The next start or end tag, or nil at the end.
    mutating func next() throws(TraceError) -> Token? {
        while index < text.count {
            guard text[index] == "<" else {
                advance()
                continue
            }
            let start = position
            if starts(with: "<!--") {
                try skip(past: "-->", what: "a comment", from: start)
            } else if starts(with: "<![CDATA[") {
                try skip(past: "]]>", what: "a CDATA section", from: start)
            } else if starts(with: "<?") {
                try skip(past: "?>", what: "the XML declaration", from: start)
            } else if starts(with: "<!") {
                try skip(past: ">", what: "a declaration", from: start)
            } else if starts(with: "</") {
                advance(2)
                let name = readName()
                skipSpace()
                guard index < text.count, text[index] == ">" else {
                    throw UITreeReader.error(file, position, "expected '>' to end </\(name)")
                }
                advance()
                return .close(name: name, position: start)
            } else {
                advance()
                let name = readName()
                guard !name.isEmpty else { throw UITreeReader.error(file, start, "'<' does not start an element") }
                var attributes: [(String, String, SourcePosition)] = []
                while true {
                    skipSpace()
                    guard index < text.count else { throw UITreeReader.error(file, start, "<\(name) is not closed by '>'") }
                    if text[index] == ">" {
                        advance()
                        return .open(name: name, attributes: attributes, position: start, selfClosing: false)
                    }
                    if starts(with: "/>") {
                        advance(2)
                        return .open(name: name, attributes: attributes, position: start, selfClosing: true)
                    }
                    let at = position
                    let key = readName()
                    guard !key.isEmpty else {
                        throw UITreeReader.error(file, at, "unexpected '\(text[index])' in <\(name)>")
                    }
                    skipSpace()
                    guard index < text.count, text[index] == "=" else {
                        throw UITreeReader.error(file, position, "expected '=' after the attribute \(key)")
                    }
                    advance()
                    skipSpace()
                    guard index < text.count, text[index] == "\"" || text[index] == "'" else {
                        throw UITreeReader.error(file, position, "expected a quoted value for the attribute \(key)")
                    }
                    let quote = text[index]
                    advance()
                    var raw = String.UnicodeScalarView()
                    while index < text.count, text[index] != quote {
                        raw.append(text[index])
                        advance()
                    }
                    guard index < text.count else { throw UITreeReader.error(file, at, "the value of \(key) is not closed") }
                    advance()
                    attributes.append((key, Self.decodeEntities(String(raw)), at))
                }
            }
        }
        return nil
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and `&#N;`/`&#xN;` decoded; anything else kept.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[amp...]
            guard let semicolon = after.firstIndex(of: ";"), after.distance(from: amp, to: semicolon) <= 10 else {
                out += "&"
                rest = rest[rest.index(after: amp)...]
                continue
            }
            let name = String(after[after.index(after: amp)..<semicolon])
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            if let value = named[name] {
                out += value
            } else if name.hasPrefix("#x") || name.hasPrefix("#X"), let code = UInt32(name.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(code) {
                out.unicodeScalars.append(scalar)
            } else if name.hasPrefix("#"), let code = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(code) {
                out.unicodeScalars.append(scalar)
            } else {
                out += "&" + name + ";"
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return out + rest
    }

    private func starts(with prefix: String) -> Bool {
        var i = index
        for scalar in prefix.unicodeScalars {
            guard i < text.count, text[i] == scalar else { return false }
            i += 1
        }
        return true
    }

    private mutating func skip(past end: String, what: String, from start: SourcePosition) throws(TraceError) {
        while index < text.count {
            if starts(with: end) {
                advance(end.unicodeScalars.count)
                return
            }
            advance()
        }
        throw UITreeReader.error(file, start, "\(what) is not closed by '\(end)'")
    }

    private mutating func readName() -> String {
        var name = String.UnicodeScalarView()
        while index < text.count {
            let c = text[index]
            guard c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "_" || c == "-" || c == ":" || c == "." else { break }
            name.append(c)
            advance()
        }
        return String(name)
    }

    private mutating func skipSpace() {
        while index < text.count, text[index] == " " || text[index] == "\t" || text[index] == "\n" || text[index] == "\r" { advance() }
    }

    private mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where index < text.count {
            if text[index] == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += 1
        }
    }
}
