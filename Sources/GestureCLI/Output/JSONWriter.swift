import GestureKit
import GestureTrace

/// Writes JSON text token by token, placing commas, and optionally indentation, itself.
///
/// Compact by default: no whitespace at all, as in the `jsonl` and `json` outputs. The pretty style
/// puts each member of a container on its own indented line, except in containers opened with
/// `inline: true`, which stay on one line (`[0, 0, 390, 844]`); everything inside an inline
/// container is inline too.
///
/// ```swift
/// var json = JSONWriter()
/// json.beginObject()
/// json.key("t"); json.number(0.1 + 0.2)
/// json.key("touches"); json.beginArray(); json.integer(1); json.endArray()
/// json.endObject()
/// json.text   // {"t":0.3,"touches":[1]}
/// ```
///
/// Numbers go through ``DecimalFormatting``. Strings are escaped as `JSON.stringify` does: `\"`,
/// `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, and `\u00XX` (lowercase hex) for the other control characters.
struct JSONWriter {
    /// The JSON written so far.
    private(set) var text: String
    /// Whether containers not opened inline are spread over indented lines.
    let pretty: Bool

    private struct Container {
        var count = 0
        var inline: Bool
    }

    private var containers: [Container] = []
    private var afterKey = false

    /// Creates a writer that appends to `text`.
    init(pretty: Bool = false, appendingTo text: String = "") {
        self.pretty = pretty
        self.text = text
    }

    /// Opens an object; with `inline`, a pretty writer keeps it on one line.
    mutating func beginObject(inline: Bool = false) { open("{", inline: inline) }
    /// Closes the innermost object.
    mutating func endObject() { close("}") }
    /// Opens an array; with `inline`, a pretty writer keeps it on one line.
    mutating func beginArray(inline: Bool = false) { open("[", inline: inline) }
    /// Closes the innermost array.
    mutating func endArray() { close("]") }

    /// Writes an object key; the next value written is its value.
    mutating func key(_ key: String) {
        beforeValue()
        JSONWriter.appendQuoted(key, to: &text)
        text += pretty ? ": " : ":"
        afterKey = true
    }

    /// Writes a string value.
    mutating func string(_ value: String) {
        beforeValue()
        JSONWriter.appendQuoted(value, to: &text)
    }

    /// Writes a number per ``DecimalFormatting``.
    mutating func number(_ value: Double) {
        beforeValue()
        DecimalFormatting.append(value, to: &text)
    }

    /// Writes an integer.
    mutating func integer(_ value: Int) {
        beforeValue()
        text += String(value)
    }

    /// Writes `true` or `false`.
    mutating func bool(_ value: Bool) {
        beforeValue()
        text += value ? "true" : "false"
    }

    /// Writes `null`.
    mutating func null() {
        beforeValue()
        text += "null"
    }

    /// Ends a line between top-level values (JSON Lines).
    mutating func endLine() {
        precondition(containers.isEmpty, "JSONWriter: endLine() inside \(containers.count) open containers")
        text += "\n"
    }

    /// Writes a key and its string value.
    mutating func member(_ key: String, _ value: String) {
        self.key(key)
        string(value)
    }

    /// Writes a key and its string value, or nothing when there is no value.
    mutating func member(_ key: String, ifPresent value: String?) {
        guard let value else { return }
        member(key, value)
    }

    /// Writes a key and its integer value.
    mutating func member(_ key: String, _ value: Int) {
        self.key(key)
        integer(value)
    }

    /// Writes stroke templates as `[{"name":…,"points":[[x,y],…]},…]`; with `inlinePoints`, a pretty
    /// writer keeps each template's points on one line.
    mutating func strokeTemplates(_ templates: [StrokeTemplate], inlinePoints: Bool) {
        beginArray()
        for template in templates {
            beginObject()
            member("name", template.name)
            key("points")
            beginArray(inline: inlinePoints)
            for point in template.points {
                beginArray(inline: inlinePoints)
                number(point.x)
                number(point.y)
                endArray()
            }
            endArray()
            endObject()
        }
        endArray()
    }

    /// Writes `{"x":…,"y":…}` on one line.
    mutating func point(x: Double, y: Double) {
        beginObject(inline: true)
        key("x")
        number(x)
        key("y")
        number(y)
        endObject()
    }

    /// Writes an array of strings on one line.
    mutating func strings(_ values: [String]) {
        beginArray(inline: true)
        for value in values { string(value) }
        endArray()
    }

    private mutating func open(_ bracket: String, inline: Bool) {
        beforeValue()
        text += bracket
        containers.append(Container(inline: inline || !pretty || (containers.last?.inline ?? false)))
    }

    private mutating func close(_ bracket: String) {
        guard let container = containers.popLast() else {
            preconditionFailure("JSONWriter: '\(bracket)' closes nothing")
        }
        if !container.inline, container.count > 0 { newline() }
        text += bracket
    }

    private mutating func beforeValue() {
        if afterKey {
            afterKey = false
            return
        }
        guard let last = containers.indices.last else { return }
        if containers[last].count > 0 { text += containers[last].inline && pretty ? ", " : "," }
        containers[last].count += 1
        if !containers[last].inline { newline() }
    }

    private mutating func newline() {
        text += "\n"
        text += String(repeating: "  ", count: containers.count)
    }

    /// Appends `value` as a quoted, escaped JSON string.
    static func appendQuoted(_ value: String, to output: inout String) {
        output += "\""
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            output += value
        } else {
            for scalar in value.unicodeScalars {
                TextEscaping.append(scalar, to: &output) { TextEscaping.jsonEscape($0, backspaceAndFormFeed: true) }
            }
        }
        output += "\""
    }
}
