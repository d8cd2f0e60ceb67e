/// Parses JSON number literals into correctly rounded `Double`s.
///
/// Ordinary decimals take a fast path: when the digits form an integer mantissa of at most 2^53 and the
/// decimal exponent is within ±22, one multiplication or division by an exact power of ten is correctly
/// rounded (Clinger's fast path). Everything else goes to the standard library's `Double(String)`, which is
/// correctly rounded too. The grammar is JSON's: no `+`, no leading zeros, digits on both sides of `.`.
enum NumberParser {
    /// The outcome of parsing one literal.
    enum Result: Equatable {
        /// A finite value; `isInteger` when the literal has neither fraction nor exponent.
        case value(Double, isInteger: Bool)
        /// Not a JSON number; the reason completes "invalid number 'LITERAL': ".
        case invalid(String)
        /// A valid literal whose value is not finite, such as `1e999`.
        case outOfRange
    }

    /// 10^0 ... 10^22, each exactly representable.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    /// Parses `text`, which must be the whole literal.
    static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Result {
        let n = text.count
        var i = 0
        guard n > 0 else { return .invalid("expected a digit") }
        var negative = false
        switch text[0] {
        case UInt8(ascii: "-"):
            negative = true
            i = 1
        case UInt8(ascii: "+"):
            return .invalid("a number cannot start with '+'")
        case UInt8(ascii: "."):
            return .invalid("a number cannot start with '.'")
        default:
            break
        }
        guard i < n, isDigit(text[i]) else { return .invalid("expected a digit after '-'") }

        var mantissa: UInt64 = 0
        var digits = 0  // significant digits in `mantissa`
        var exponent = 0
        var inexact = false  // nonzero digits beyond the 19 kept
        var isInteger = true

        if text[i] == UInt8(ascii: "0") {
            i += 1
            if i < n, isDigit(text[i]) { return .invalid("leading zeros are not allowed") }
        } else {
            while i < n, isDigit(text[i]) {
                let digit = UInt64(text[i] &- 0x30)
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ digit
                    digits += 1
                } else {
                    exponent += 1
                    if digit != 0 { inexact = true }
                }
                i += 1
            }
        }
        if i < n, text[i] == UInt8(ascii: ".") {
            isInteger = false
            i += 1
            guard i < n, isDigit(text[i]) else { return .invalid("expected a digit after '.'") }
            while i < n, isDigit(text[i]) {
                let digit = UInt64(text[i] &- 0x30)
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ digit
                    if mantissa != 0 { digits += 1 }
                    exponent -= 1
                } else if digit != 0 {
                    inexact = true
                }
                i += 1
            }
        }
        if i < n, text[i] == UInt8(ascii: "e") || text[i] == UInt8(ascii: "E") {
            isInteger = false
            i += 1
            var exponentNegative = false
            if i < n, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") {
                exponentNegative = text[i] == UInt8(ascii: "-")
                i += 1
            }
            guard i < n, isDigit(text[i]) else { return .invalid("expected a digit in the exponent") }
            var value = 0
            while i < n, isDigit(text[i]) {
                if value < 100_000_000 { value = value * 10 + Int(text[i] &- 0x30) }
                i += 1
            }
            exponent += exponentNegative ? -value : value
        }
        if i < n {
            return .invalid("unexpected '\(Character(Unicode.Scalar(text[i])))'")
        }

        if mantissa == 0 && !inexact {
            return .value(negative ? -0.0 : 0.0, isInteger: isInteger)
        }
        if !inexact, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            var value = Double(mantissa)
            if exponent < 0 {
                value /= powersOfTen[-exponent]
            } else {
                value *= powersOfTen[exponent]
            }
            return .value(negative ? -value : value, isInteger: isInteger)
        }
        guard let value = Double(String(decoding: text, as: UTF8.self)) else {
            return .invalid("not a number")
        }
        return value.isFinite ? .value(value, isInteger: isInteger) : .outOfRange
    }

    /// Parses a literal known to be a JSON integer (`-?digits`) as an `Int`, nil if it does not fit.
    static func integer(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        var negative = false
        if i < text.count, text[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
        }
        guard i < text.count else { return nil }
        var value = 0
        while i < text.count {
            let digit = Int(text[i] &- 0x30)
            guard digit < 10 else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = negative
                ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = next
            i += 1
        }
        return value
    }

    /// `parse(_:)` of bytes in an array.
    static func parse(_ bytes: [UInt8]) -> Result {
        bytes.withUnsafeBufferPointer { parse($0) }
    }

    /// `integer(_:)` of bytes in an array.
    static func integer(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { integer($0) }
    }
}
