/// Spells numbers for trace files: the shortest decimal that reads back as the same `Double`, in plain
/// notation (never an exponent), so that every encoding writes a number the same way and a
/// JSON → CSV → JSON Lines → JSON round trip gives the same bytes.
///
/// ```swift
/// TraceNumber.string(0.1 + 0.2)   // "0.30000000000000004" (nothing is rounded away)
/// TraceNumber.string(1e-7)        // "0.0000001"
/// TraceNumber.string(-0.0)        // "0"
/// ```
///
/// Integers below 2^53 print without a decimal point. Non-finite values never occur in a valid trace;
/// they print as `0` rather than as text no reader accepts.
///
/// See also: `TraceWriter`, `NumberParser` (which reads these spellings back exactly).
enum TraceNumber {
    /// The number's spelling.
    static func string(_ value: Double) -> String {
        var text = ""
        append(value, to: &text)
        return text
    }

    /// Appends the number's spelling to `output`.
    static func append(_ value: Double, to output: inout String) {
        guard value.isFinite else {
            output += "0"
            return
        }
        if value == 0 {
            output += "0"
            return
        }
        if value.magnitude < 9_007_199_254_740_992, value == value.rounded(.towardZero) {
            output += String(Int64(value))
            return
        }
        let description = value.magnitude.description
        // The description's bytes are scanned here rather than with `contains("e")` and `hasSuffix`,
        // which with Foundation in the module are NSString searches: 29% of `convert`'s instructions
        // (the 2 MB sample through `convert -f`: 1,006 million instructions before, see docs/performance.md).
        let utf8 = description.utf8
        guard utf8.contains(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) else {
            if value < 0 { output += "-" }
            if utf8.count >= 2, utf8.last == UInt8(ascii: "0"), utf8[utf8.index(utf8.endIndex, offsetBy: -2)] == UInt8(ascii: ".") {
                output.append(contentsOf: description.dropLast(2))
            } else {
                output += description
            }
            return
        }
        if value < 0 { output += "-" }
        output += plain(fromExponentForm: description)
    }

    /// `1.25e-07` → `0.000000125`, `9.007199254740993e+15` → `9007199254740993`.
    private static func plain(fromExponentForm text: String) -> String {
        var digits: [UInt8] = []
        var integerDigits = 0
        var afterPoint = false
        var exponent = 0
        var exponentNegative = false
        var inExponent = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if inExponent {
                    exponent = min(exponent * 10 + Int(byte - UInt8(ascii: "0")), 100_000)
                } else {
                    digits.append(byte)
                    if !afterPoint { integerDigits += 1 }
                }
            case UInt8(ascii: "."): afterPoint = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
            case UInt8(ascii: "-"): exponentNegative = true
            default: break
            }
        }
        while digits.count > 1, digits.last == UInt8(ascii: "0") { digits.removeLast() }
        let zero = UInt8(ascii: "0")
        var point = integerDigits + (exponentNegative ? -exponent : exponent)
        let leading = digits.prefix { $0 == zero }.count
        if leading < digits.count {
            digits.removeFirst(leading)
            point -= leading
        }
        var bytes: [UInt8] = []
        if point <= 0 {
            bytes = [zero, UInt8(ascii: ".")] + [UInt8](repeating: zero, count: -point) + digits
        } else if point >= digits.count {
            bytes = digits + [UInt8](repeating: zero, count: point - digits.count)
        } else {
            bytes = Array(digits[..<point]) + [UInt8(ascii: ".")] + Array(digits[point...])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
