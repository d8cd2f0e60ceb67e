import GestureKit

/// Reads XCUITest's element tree: the `debugDescription` of an `XCUIElement` (`print(app.debugDescription)`
/// in a UI test), or the same text as Appium returns it in JSON (a string, `{"value": "…"}`, or an
/// array of lines).
///
/// ```
/// Element subtree:
///  →Application, 0x600003a38a80, pid: 51374, label: 'Shop'
///     Window (Main), 0x600003a38b60, {{0.0, 0.0}, {390.0, 844.0}}
///       Table, 0x600003a38c40, {{0.0, 91.0}, {390.0, 753.0}}, identifier: 'feed'
///         Cell, 0x600003a38d20, {{0.0, 91.0}, {390.0, 44.0}}, identifier: 'row-0', Selected
///       Switch, 0x600003a38e00, {{300.0, 50.0}, {51.0, 31.0}}, identifier: 'wifi', value: 1, Disabled
/// ```
///
/// Only the `Element subtree:` section is read when there is one (not `Path to element:` or
/// `Query chain:`). Indentation gives the nesting. An element without a frame (the application)
/// takes the frame of its first child that has one.
enum ElementTreeReader {
    static func read(_ text: String, file: String) throws(TraceError) -> UIElementNode {
        let lines = try Self.lines(of: text, file: file)
        var section = lines
        if let start = lines.firstIndex(where: { $0.text.trimmingLeadingSpace.hasPrefix("Element subtree:") }) {
            section = Array(lines[(start + 1)...].prefix { line in line.text.first.map { $0 == " " || $0 == "\t" } ?? true })
        }
        var stack: [(indent: Int, node: UIElementNode)] = []
        var root: UIElementNode?
        func close(to indent: Int) {
            while let top = stack.last, top.indent >= indent {
                stack.removeLast()
                var node = top.node
                if node.frame.size.width == 0, node.frame.size.height == 0, let first = node.children.first { node.frame = first.frame }
                if stack.isEmpty { root = root ?? node } else { stack[stack.count - 1].node.children.append(node) }
            }
        }
        for line in section {
            guard let (indent, node) = try parse(line.text, line: line.number, file: file) else { continue }
            close(to: indent)
            stack.append((indent, node))
        }
        close(to: Int.min)
        guard let root else {
            throw UITreeReader.error(
                file, SourcePosition(line: 1, column: 1),
                "no element in this text: an element tree has lines such as 'Button, 0x1234, {{20.0, 100.0}, {80.0, 44.0}}, identifier: 'buy'' "
                    + "(print(app.debugDescription) in an XCUITest), and a page source starts with '<'")
        }
        return root
    }

    /// The text's lines with their numbers; JSON (a string, `{"value": …}` or an array of strings) is
    /// unwrapped first (positions then count lines of the unwrapped text).
    private static func lines(of text: String, file: String) throws(TraceError) -> [(number: Int, text: String)] {
        var body = text
        let start = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if start.hasPrefix("{") || start.hasPrefix("[") || start.hasPrefix("\"") {
            let document = try parseJSON(bytes: Array(text.utf8), file: file)
            switch document.value {
            case .string(let value): body = value
            case .array(let items):
                body = items.compactMap { if case .string(let line) = $0.value { return line } else { return nil } }.joined(separator: "\n")
            case .object:
                guard case .string(let value)? = document.value.member("value")?.value.value else {
                    throw UITreeReader.error(file, document.position, "a JSON element tree is a string, {\"value\": STRING} or an array of lines")
                }
                body = value
            default:
                throw UITreeReader.error(file, document.position, "a JSON element tree is a string, {\"value\": STRING} or an array of lines")
            }
        }
        return body.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { ($0.offset + 1, String($0.element)) }
    }

    /// One line: its indentation and element, or nil for a line that is no element.
    private static func parse(_ raw: String, line: Int, file: String) throws(TraceError) -> (Int, UIElementNode)? {
        var text = Substring(raw.replacingOccurrences(of: "\r", with: ""))
        var indent = 0
        while let c = text.first, c == " " || c == "\t" || c == "→" || c == "↳" {
            indent += 1
            text = text.dropFirst()
        }
        guard let comma = text.range(of: ", ") else { return nil }
        var type = String(text[..<comma.lowerBound])
        if let paren = type.range(of: " (") { type = String(type[..<paren.lowerBound]) }
        guard !type.isEmpty, type.allSatisfy({ $0.isLetter || $0.isNumber }), type.first?.isUppercase == true else { return nil }
        var node = UIElementNode(type: type, frame: Rect(x: 0, y: 0, width: 0, height: 0), position: SourcePosition(line: line, column: indent + 1))
        var rest = text[comma.upperBound...]
        while !rest.isEmpty {
            if rest.hasPrefix("{{") {
                guard let end = rest.range(of: "}}") else { throw UITreeReader.error(file, node.position, "a frame {{x, y}, {w, h}} is not closed") }
                let numbers = rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound]
                    .split(whereSeparator: { $0 == "," || $0 == "{" || $0 == "}" || $0 == " " }).map { Double($0) }
                guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let w = numbers[2], let h = numbers[3],
                    [x, y, w, h].allSatisfy(\.isFinite)
                else {
                    throw UITreeReader.error(file, node.position, "expected a frame {{x, y}, {width, height}} of four numbers in '\(raw)'")
                }
                node.frame = Rect(x: x, y: y, width: max(0, w), height: max(0, h))
                rest = rest[end.upperBound...]
            } else if let (key, value, after) = quoted(rest) {
                switch key {
                case "identifier": node.identifier = value.isEmpty ? nil : value
                case "label": node.label = value.isEmpty ? nil : value
                case "value": node.value = value
                default: break
                }
                rest = after
            } else {
                let end = rest.range(of: ", ")?.lowerBound ?? rest.endIndex
                let item = rest[..<end]
                if item == "Selected" { node.selected = true }
                if item == "Disabled" { node.enabled = false }
                if item.hasPrefix("value: ") { node.value = String(item.dropFirst("value: ".count)) }
                rest = rest[end...]
            }
            if rest.hasPrefix(", ") { rest = rest.dropFirst(2) }
        }
        return (indent, node)
    }

    /// `key: 'text'` at the start of `rest`: the key, the text (up to the last quote before the next
    /// `, ` that starts a known item, or the end), and what follows.
    private static func quoted(_ rest: Substring) -> (String, String, Substring)? {
        guard let colon = rest.range(of: ": '") else { return nil }
        let key = rest[..<colon.lowerBound]
        guard !key.isEmpty, key.allSatisfy(\.isLetter) else { return nil }
        let body = rest[colon.upperBound...]
        // The value ends at a quote followed by the end of the line or by ", " and another item.
        var index = body.startIndex
        while let quote = body[index...].firstIndex(of: "'") {
            let after = body[body.index(after: quote)...]
            if after.isEmpty || after.hasPrefix(", ") && startsItem(after.dropFirst(2)) {
                return (String(key), String(body[..<quote]), after)
            }
            index = body.index(after: quote)
        }
        return (String(key), String(body), body[body.endIndex...])
    }

    private static func startsItem(_ text: Substring) -> Bool {
        if text.hasPrefix("{{") || text.hasPrefix("0x") { return true }
        if let colon = text.range(of: ": "), text[..<colon.lowerBound].allSatisfy(\.isLetter) { return true }
        let word = text.prefix { $0 != "," }
        return word.allSatisfy { $0.isLetter || $0 == " " }
    }
}

extension String {
    /// The string without leading spaces, tabs and arrows.
    fileprivate var trimmingLeadingSpace: Substring { drop { $0 == " " || $0 == "\t" || $0 == "→" } }
}
