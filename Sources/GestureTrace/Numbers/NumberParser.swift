/// Parses JSON number literals into correctly rounded `Double`s.
///
/// Ordinary decimals take a fast path: when the digits form an integer mantissa of at most 2^53 and the
/// decimal exponent is within ±22, one multiplication or division by an exact power of ten is correctly
/// rounded (Clinger's fast path). Other mantissas of up to 19 significant digits (such as the 17 digits of
/// a shortest round-trip spelling) go through the Eisel-Lemire algorithm, which multiplies by a 128-bit
/// approximation of the power of ten and either proves the rounding exact or gives up. What remains (more
/// than 19 digits, subnormals, overflow, the rare undecided halfway case) goes to the standard library's
/// `Double(String)`, which is correctly rounded too. Every path gives the same bits as `Double(String)`.
/// The grammar is JSON's: no `+`, no leading zeros, digits on both sides of `.`.
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
        if !inexact, let value = convert(mantissa, exponent, negative: negative) {
            return .value(value, isInteger: isInteger)
        }
        return slowValue(text, isInteger: isInteger)
    }

    /// The correctly rounded value of a literal, by the standard library.
    private static func slowValue(_ text: UnsafeBufferPointer<UInt8>, isInteger: Bool) -> Result {
        guard let value = Double(String(decoding: text, as: UTF8.self)) else {
            return .invalid("not a number")
        }
        return value.isFinite ? .value(value, isInteger: isInteger) : .outOfRange
    }

    /// `±mantissa × 10^exponent` correctly rounded, for a nonzero mantissa (all its digits, at most 19), or
    /// nil when only the slow path can tell (subnormal, overflow, an exact halfway case).
    @inline(__always)
    static func convert(_ mantissa: UInt64, _ exponent: Int, negative: Bool) -> Double? {
        if mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            // Clinger: both operands exact, so the one rounding is the correct one.
            var value = Double(mantissa)
            if exponent < 0 {
                value /= powersOfTen[-exponent]
            } else {
                value *= powersOfTen[exponent]
            }
            return negative ? -value : value
        }
        return eiselLemire(mantissa, exponent, negative: negative)
    }

    /// `convert` of `scanShort`'s numbers, whose exponent is from -18 to 0: Clinger's test without the
    /// exponent's range, Eisel-Lemire without its.
    @inline(__always)
    static func convertShort(_ mantissa: UInt64, _ exponent: Int, negative: Bool) -> Double? {
        if mantissa <= 1 << 53 {
            let value = Double(mantissa) / powersOfTen[0 &- exponent]
            return negative ? -value : value
        }
        return eiselLemire(mantissa, exponent, negative: negative, normalRange: true)
    }

    /// The Eisel-Lemire conversion of `±mantissa × 10^exponent` (mantissa nonzero), nil when it cannot decide.
    ///
    /// After Daniel Lemire, "Number Parsing at a Gigabyte per Second" (2021), as in Go's `strconv` and
    /// fast_float: the normalized mantissa times the truncated 128-bit power of ten gives the result's bits,
    /// unless the product is too close to a rounding boundary for the truncation error to be excluded.
    @inline(__always)
    static func eiselLemire(_ mantissa: UInt64, _ exponent: Int, negative: Bool) -> Double? {
        eiselLemire(mantissa, exponent, negative: negative, normalRange: false)
    }

    /// `eiselLemire` without its range checks when `normalRange` (a constant where it is inlined) says the
    /// exponent is from -19 to 19, so that the value (from 10^-19 to 10^39) is in the table and neither
    /// subnormal nor infinite.
    @inline(__always)
    static func eiselLemire(_ mantissa: UInt64, _ exponent: Int, negative: Bool, normalRange: Bool) -> Double? {
        if !normalRange {
            guard exponent >= minimumPowerExponent, exponent <= maximumPowerExponent else { return nil }
        }
        let leadingZeros = mantissa.leadingZeroBitCount
        let normalized = mantissa << UInt64(leadingZeros)
        // floor(exponent × log2(10)) + 64 + bias - leadingZeros.
        var exponent2 = UInt64(bitPattern: Int64(((217_706 &* exponent) >> 16) &+ 64 &+ 1023)) &- UInt64(leadingZeros)
        let index = 2 &* (exponent &- minimumPowerExponent)
        let powers = powersOfTen128
        var (high, low) = normalized.multipliedFullWidth(by: powers[index])
        if high & 0x1FF == 0x1FF && low &+ normalized < normalized {
            // The low bits are all ones: refine with the power's next 64 bits.
            let (nextHigh, nextLow) = normalized.multipliedFullWidth(by: powers[index &+ 1])
            var mergedHigh = high
            let mergedLow = low &+ nextHigh
            if mergedLow < low { mergedHigh &+= 1 }
            if mergedHigh & 0x1FF == 0x1FF && mergedLow &+ 1 == 0 && nextLow &+ normalized < normalized {
                return nil
            }
            high = mergedHigh
            low = mergedLow
        }
        let top = high >> 63
        var significand = high >> (top &+ 9)
        exponent2 &-= 1 ^ top
        if low == 0 && high & 0x1FF == 0 && significand & 3 == 1 {
            return nil  // exactly halfway: round-half-even needs the exact value
        }
        significand &+= significand & 1
        significand >>= 1
        if significand >> 53 > 0 {
            significand >>= 1
            exponent2 &+= 1
        }
        if !normalRange, exponent2 &- 1 >= 0x7FF - 1 {
            return nil  // subnormal or zero, or infinite
        }
        var bits = exponent2 << 52 | significand & 0x000F_FFFF_FFFF_FFFF
        if negative { bits |= 0x8000_0000_0000_0000 }
        return Double(bitPattern: bits)
    }

    /// Whether `byte` can be part of a number literal (the readers take a literal as the longest run of them).
    @inline(__always)
    static func isNumberByte(_ byte: UInt8) -> Bool {
        // One bit per byte of the set (`+ - . 0-9 E e`), all from 0x2B to 0x2B + 63: one word, one test of the range.
        let set: UInt64 = 0x0400_0000_0400_7FED  // + at bit 0, - . at 2 3, digits at 5 ... 14, E at 26, e at 58
        let offset = byte &- 0x2B
        return offset < 64 && (set &>> UInt64(offset)) & 1 != 0
    }

    /// 10^0 ... 10^8.
    private static let smallPowersOfTen: [UInt64] = [
        1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000,
    ]

    /// How many ASCII digits the little-endian word `bytes` starts with (0 ... 8).
    ///
    /// A byte is a digit when, XORed with `0`, it is at most 9: neither it nor it plus 0x76 reaches 0x80. A carry
    /// out of a byte (from a byte that is not a digit) can only disturb the bytes after it, which do not count.
    @inline(__always)
    static func leadingDigitCount(_ bytes: UInt64) -> Int {
        let offsets = bytes ^ 0x3030_3030_3030_3030
        let nonDigits = (offsets | (offsets &+ 0x7676_7676_7676_7676)) & 0x8080_8080_8080_8080
        return nonDigits.trailingZeroBitCount &>> 3
    }

    /// The value of the first `count` (1 ... 8) bytes of `bytes`, all ASCII digits.
    @inline(__always)
    static func valueOfDigits(_ bytes: UInt64, count: Int) -> UInt64 {
        // Move the digits to the end of the word and fill the start with '0's.
        let shift = UInt64(truncatingIfNeeded: 64 &- 8 &* count)
        let padded = (bytes &<< shift) | (0x3030_3030_3030_3030 &>> (64 &- shift))
        var value = padded &- 0x3030_3030_3030_3030
        value = value &* 10 &+ (value >> 8)
        let mask: UInt64 = 0x0000_00FF_0000_00FF
        value = ((value & mask) &* 0x000F_4240_0000_0064 &+ ((value >> 16) & mask) &* 0x0000_2710_0000_0001) >> 32
        return value & 0xFFFF_FFFF
    }

    /// The value of the eight bytes of `bytes`, all ASCII digits: ``valueOfDigits(_:count:)`` without its padding.
    @inline(__always)
    static func valueOfEightDigits(_ bytes: UInt64) -> UInt64 {
        var value = bytes &- 0x3030_3030_3030_3030
        value = value &* 10 &+ (value >> 8)
        let mask: UInt64 = 0x0000_00FF_0000_00FF
        value = ((value & mask) &* 0x000F_4240_0000_0064 &+ ((value >> 16) & mask) &* 0x0000_2710_0000_0001) >> 32
        return value & 0xFFFF_FFFF
    }

    /// Consumes the run of ASCII digits at `p` (before `end`), appending them to `mantissa` (which wraps
    /// beyond 19 digits: the caller counts them), eight at a time where it can.
    @inline(__always)
    static func digitRun(_ p: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, _ mantissa: inout UInt64) {
        while end - p >= 8 {
            let bytes = UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
            let count = leadingDigitCount(bytes)
            if count == 0 { return }
            mantissa = mantissa &* smallPowersOfTen[count] &+ valueOfDigits(bytes, count: count)
            p += count
            if count < 8 { return }
        }
        while p < end {
            let digit = p.pointee &- 0x30
            if digit >= 10 { return }
            mantissa = mantissa &* 10 &+ UInt64(digit)
            p += 1
        }
    }

    /// The little-endian word at `p`.
    @inline(__always)
    static func word(_ p: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
    }

    /// The value of the number literal at `start` (before `end`), for the fast paths: the position after the
    /// literal, with its value in `value`, or nil unless it is a valid JSON number with a finite value
    /// followed, before `end`, by a byte that cannot continue a number literal (or ending at `end`).
    ///
    /// The value is `parse(_:)`'s. The common short forms (`-ddd.ddd`, up to 7 integer and 16 fraction
    /// digits) are read whole words at a time without bounds checks; the rest go through `scan`.
    @inline(__always)
    static func scanValue(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, _ value: inout Double)
        -> UnsafePointer<UInt8>?
    {
        if end - start >= 32, let next = scanShort(start, &value) {
            return next
        }
        return scanOther(start, end, &value)
    }

    /// `scanValue` of what `scanShort` does not take, out of line: with `scan` inlined, `scanValue` was too
    /// large for the optimizer to inline it, whatever its attribute said.
    @inline(never)
    static func scanOther(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, _ value: inout Double)
        -> UnsafePointer<UInt8>?
    {
        guard let scanned = scan(start, end) else { return nil }
        value = scanned.value
        return scanned.next
    }

    /// `scanValue` of a short decimal with at least 32 bytes readable at `start`; nil for anything else.
    ///
    /// Takes `-ddd` and `-ddd.ddd` with 1 to 7 integer digits and 19 significant digits at most. The digits
    /// are read as one run with the point taken out: the integer digits of the first word merged with the
    /// word one byte further on, then whole words of eight (no padding, no count) and a short tail, so
    /// that a 17-digit spelling such as `55097.315742722196` costs two full conversions and one digit.
    @inline(__always)
    static func scanShort(_ start: UnsafePointer<UInt8>, _ value: inout Double) -> UnsafePointer<UInt8>? {
        var q = start
        let negative = q.pointee == UInt8(ascii: "-")
        if negative { q += 1 }
        let integer = word(q)
        let integerDigits = leadingDigitCount(integer)
        guard integerDigits > 0, integerDigits < 8, integerDigits == 1 || q.pointee != UInt8(ascii: "0") else {
            return nil
        }
        var mantissa: UInt64
        var exponent = 0
        if q[integerDigits] != UInt8(ascii: ".") {
            mantissa = valueOfDigits(integer, count: integerDigits)
            q += integerDigits
        } else {
            // The first eight digits without the point: byte i of `run` is digit i of the literal.
            let integerMask: UInt64 = (1 &<< UInt64(truncatingIfNeeded: integerDigits &* 8)) &- 1
            let run = integer & integerMask | word(q + 1) & ~integerMask
            let runDigits = leadingDigitCount(run)
            guard runDigits > integerDigits else { return nil }
            var digits: Int
            if runDigits < 8 {
                mantissa = valueOfDigits(run, count: runDigits)
                digits = runDigits
            } else {
                mantissa = valueOfEightDigits(run)
                let second = word(q + 9)
                let more = leadingDigitCount(second)
                if more < 8 {
                    if more > 0 {
                        mantissa = mantissa &* smallPowersOfTen[more] &+ valueOfDigits(second, count: more)
                    }
                    digits = 8 &+ more
                } else {
                    mantissa = mantissa &* 100_000_000 &+ valueOfEightDigits(second)
                    digits = 16
                    // At most three more: 19 digits always fit.
                    while digits < 19 {
                        let digit = q[digits &+ 1] &- 0x30
                        if digit >= 10 { break }
                        mantissa = mantissa &* 10 &+ UInt64(digit)
                        digits &+= 1
                    }
                }
            }
            q += digits &+ 1
            exponent = integerDigits &- digits
        }
        guard !isNumberByte(q.pointee) else { return nil }
        if mantissa == 0 {
            value = negative ? -0.0 : 0.0
            return q
        }
        guard let converted = convertShort(mantissa, exponent, negative: negative) else { return nil }
        value = converted
        return q
    }

    /// `scanShort`'s syntax check without its conversion, for a literal without a sign: the position after
    /// the literal when `scanShort` would take it, nil otherwise (at least 32 bytes readable at `start`).
    ///
    /// Such a literal (up to 7 integer and 15 fraction digits) is a finite, non-negative number whatever its
    /// digits, so a reader that only checks a value (not `t`) needs no more than this. It takes the literals of
    /// more than 19 digits that `scanShort` leaves to `scanOther`, and those where Eisel-Lemire cannot decide:
    /// `scanOther` accepts them all too.
    @inline(__always)
    static func skipShort(_ start: UnsafePointer<UInt8>) -> UnsafePointer<UInt8>? {
        var q = start
        let integerDigits = leadingDigitCount(word(q))
        guard integerDigits > 0, integerDigits < 8, integerDigits == 1 || q.pointee != UInt8(ascii: "0") else {
            return nil
        }
        q += integerDigits
        if q.pointee == UInt8(ascii: ".") {
            let fractionDigits = leadingDigitCount(word(q + 1))
            guard fractionDigits > 0 else { return nil }
            q += 1 + fractionDigits
            if fractionDigits == 8 {
                let more = leadingDigitCount(word(q))
                guard more < 8 else { return nil }
                q += more
            }
        }
        guard !isNumberByte(q.pointee) else { return nil }
        return q
    }

    /// A number scanned in place by the readers' fast paths.
    struct Scanned {
        var value: Double
        var isInteger: Bool
        /// Just after the literal.
        var next: UnsafePointer<UInt8>
    }

    /// Scans the literal at `start` (before `end`) in one pass: nil unless it is a valid JSON number with a
    /// finite value that ends before `end` or at it, followed by a byte that cannot continue a number
    /// literal; then the same value as `parse(_:)` of the literal.
    @inline(__always)
    static func scan(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Scanned? {
        var p = start
        guard p < end else { return nil }
        let negative = p.pointee == UInt8(ascii: "-")
        if negative {
            p += 1
            guard p < end else { return nil }
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        var isInteger = true
        let first = p.pointee &- 0x30
        guard first < 10 else { return nil }
        if first == 0 {
            p += 1
        } else {
            let integerStart = p
            digitRun(&p, end, &mantissa)
            digits = p - integerStart
        }
        if p < end && p.pointee == UInt8(ascii: ".") {
            isInteger = false
            p += 1
            let fraction = p
            digitRun(&p, end, &mantissa)
            guard p > fraction else { return nil }
            digits &+= p - fraction
            exponent = fraction - p
        }
        if p < end && p.pointee | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            p += 1
            guard p < end else { return nil }
            let sign = p.pointee
            if sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { p += 1 }
            let digitsStart = p
            var value = 0
            while p < end {
                let digit = p.pointee &- 0x30
                if digit >= 10 { break }
                if value < 100_000_000 { value = value &* 10 &+ Int(digit) }
                p += 1
            }
            guard p > digitsStart else { return nil }
            exponent &+= sign == UInt8(ascii: "-") ? -value : value
        }
        if p < end && isNumberByte(p.pointee) { return nil }
        if mantissa == 0 && digits <= 19 {
            return Scanned(value: negative ? -0.0 : 0.0, isInteger: isInteger, next: p)
        }
        if digits <= 19, let value = convert(mantissa, exponent, negative: negative) {
            return Scanned(value: value, isInteger: isInteger, next: p)
        }
        guard case .value(let value, let isInteger) = parse(UnsafeBufferPointer(start: start, count: p - start))
        else { return nil }
        return Scanned(value: value, isInteger: isInteger, next: p)
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
