import GestureKit

/// Helpers that spell source text in diagnostics the same way everywhere.
enum Messages {
    /// The longest text quoted in a message before it is cut with `…`.
    static let maximumQuotedLength = 60

    /// `U+000A` style name of a scalar.
    static func scalarName(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// `0xFF` style name of a byte.
    static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "0x" + (digits.count < 2 ? "0" : "") + digits
    }

    /// A string in double quotes with JSON escapes for quotes, backslashes and control characters, cut when long.
    static func quoted(_ text: String) -> String {
        var result = "\""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == maximumQuotedLength {
                result += "…"
                break
            }
            count += 1
            TextEscaping.append(scalar, to: &result) { scalar in
                if let short = TextEscaping.shortJSONEscape(scalar, backspaceAndFormFeed: false) { return short }
                guard scalar.value < 0x20 || scalar.value == 0x7F else { return nil }
                return "\\u" + String(scalarName(scalar.value).dropFirst(2))
            }
        }
        return result + "\""
    }

    /// `quoted(_:)` of UTF-8 bytes (invalid sequences shown as U+FFFD).
    static func quoted(_ bytes: [UInt8]) -> String {
        quoted(String(decoding: bytes, as: UTF8.self))
    }

    /// A number literal as written, cut when long.
    static func literal(_ bytes: [UInt8]) -> String {
        literal(bytes, length: bytes.count)
    }

    /// `literal(_:)` of a literal of `length` bytes of which `prefix` holds at least the first
    /// `maximumQuotedLength` (or all).
    static func literal(_ prefix: [UInt8], length: Int) -> String {
        let text = String(decoding: prefix.prefix(maximumQuotedLength), as: UTF8.self)
        return length > maximumQuotedLength ? text + "…" : text
    }

    /// A touch for a message: `touch 1`, `touch "thumb"`.
    static func touch(_ id: TouchID) -> String {
        switch id {
        case .number(let n): return "touch \(n)"
        case .name(let s): return "touch " + quoted(s)
        }
    }

    /// A list of choices for a message: `"a", "b" or "c"`.
    static func choices(_ names: [String]) -> String {
        let quotedNames = names.map { "\"\($0)\"" }
        guard let last = quotedNames.last else { return "" }
        if quotedNames.count == 1 { return last }
        return quotedNames.dropLast().joined(separator: ", ") + " or " + last
    }
}
