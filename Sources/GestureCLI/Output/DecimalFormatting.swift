/// Prints numbers the way every output format of `gesturectl` shows them.
///
/// Plain decimal, never exponent form, rounded to a fixed number of decimal places (6 unless told
/// otherwise), trailing zeros dropped, `-0` printed as `0`, integers without a decimal point.
///
/// Rounding is done on the decimal value of the number, that is the shortest decimal that reads back
/// as the same `Double`, and rounds half away from zero. So `0.1 + 0.2` (0.30000000000000004)
/// prints `0.3`, `400.00000000000017` prints `400`, and `0.0000005` prints `0.000001` even though the
/// nearest `Double` lies a hair below one half of a millionth.
///
/// ```swift
/// DecimalFormatting.string(1e20)          // "100000000000000000000"
/// DecimalFormatting.string(-0.00000049)   // "0"
/// DecimalFormatting.string(2.5, fractionDigits: 0)   // "3"
/// ```
///
/// Non-finite values have no JSON spelling; they print as `null` (the engine never reports one).
enum DecimalFormatting {
    /// The number of decimal places of machine-readable output.
    static let defaultFractionDigits = 6

    /// The number printed with at most `fractionDigits` decimal places.
    static func string(_ value: Double, fractionDigits: Int = defaultFractionDigits) -> String {
        var text = ""
        append(value, fractionDigits: fractionDigits, to: &text)
        return text
    }

    /// Appends the number, printed with at most `fractionDigits` decimal places, to `output`.
    static func append(_ value: Double, fractionDigits: Int = defaultFractionDigits, to output: inout String) {
        guard value.isFinite else {
            output += "null"
            return
        }
        // Integers below 2^53 are exact: print them directly (the common case for coordinates).
        if value.magnitude < 9_007_199_254_740_992, value == value.rounded(.towardZero) {
            output += Int64(value) == 0 ? "0" : String(Int64(value))
            return
        }
        if appendScaled(value, fractionDigits: fractionDigits, to: &output) { return }
        appendExactly(value, fractionDigits: fractionDigits, to: &output)
    }

    /// The general method: rounds the shortest decimal spelling of `value` digit by digit.
    static func appendExactly(_ value: Double, fractionDigits: Int, to output: inout String) {
        var decimal = ShortestDecimal(value.magnitude)
        decimal.round(toFractionDigits: fractionDigits)
        decimal.append(negative: value < 0, to: &output)
    }

    /// The fast method for the common case, when it is certain to agree with ``appendExactly``;
    /// returns false, writing nothing, otherwise (see ``scaled(_:fractionDigits:)``).
    private static func appendScaled(_ value: Double, fractionDigits: Int, to output: inout String) -> Bool {
        guard let (units, places) = scaled(value, fractionDigits: fractionDigits) else { return false }
        // The digits are written into bytes on the stack, as `ByteBuffer` writes them, and appended as
        // one string: `String(units)` and inserting the point cost `analyze --format text` 19% of its
        // instructions (the 2 MB sample: 474 million; see docs/performance.md for the figure after).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { scratch in
            let index = writeDigits(units, places: places, negative: value < 0 && units != 0, into: scratch)
            output += String(decoding: UnsafeBufferPointer(rebasing: scratch[index...]), as: UTF8.self)
        }
        return true
    }

    /// The fast method's digits: `|value|` rounded to `units` × 10^-`places` (trailing zeros
    /// dropped; 0 as 0 × 10⁰), or nil where only ``appendExactly`` is certain to be right.
    ///
    /// Below 10⁶ and at up to 6 places, `|value| × 10^places` lies within 2.5·10⁻⁴ of the scaled
    /// decimal value (half an ulp of `value`, scaled, plus the multiplication's rounding), so unless
    /// its fraction is within 10⁻³ of one half, rounding the scaled binary value to an integer gives
    /// the same digits as rounding the decimal value.
    @inline(__always)
    static func scaled(_ value: Double, fractionDigits: Int) -> (units: UInt64, places: Int)? {
        guard var units = roundedUnits(value, fractionDigits: fractionDigits) else { return nil }
        guard units != 0 else { return (0, 0) }
        var places = fractionDigits
        while places > 0, units % 10 == 0 {
            units /= 10
            places -= 1
        }
        return (units, places)
    }

    /// ``scaled(_:fractionDigits:)`` before its trailing zeros are dropped: `|value|` rounded to
    /// `units` × 10^-`fractionDigits`, or nil where only ``appendExactly`` is certain to be right.
    @inline(__always)
    static func roundedUnits(_ value: Double, fractionDigits: Int) -> UInt64? {
        guard value.magnitude < 1e6, fractionDigits >= 0, fractionDigits <= maximumScaledPlaces else { return nil }
        let scaled = value.magnitude * Double(Int64(truncatingIfNeeded: unitsPerWhole(fractionDigits)))
        // The nearest integer, by adding 2^52: for a scaled value from 0 to 10¹² the sum's last bit is
        // worth 1, so the addition rounds to an integer, whose bits are the sum's low bits (no conversion,
        // whose range checks took a dozen instructions). Its distance to `scaled` is exact.
        let rounded = scaled + 4_503_599_627_370_496
        let distance = scaled - (rounded - 4_503_599_627_370_496)
        guard distance.magnitude < 0.5 - 1e-3 else { return nil }
        return rounded.bitPattern &- (4_503_599_627_370_496 as Double).bitPattern
    }

    /// 10^`places` for `places` from 0 to 6, the places ``roundedUnits(_:fractionDigits:)`` takes.
    @inline(__always)
    static func unitsPerWhole(_ places: Int) -> UInt64 {
        // A switch, which the compiler makes a table in the binary: a `static let` array was
        // initialized through `swift_once` at every use (with the thresholds below, 4% of a record).
        switch places {
        case 0: return 1
        case 1: return 10
        case 2: return 100
        case 3: return 1_000
        case 4: return 10_000
        case 5: return 100_000
        default: return 1_000_000
        }
    }

    /// The most places ``roundedUnits(_:fractionDigits:)`` takes.
    static let maximumScaledPlaces = 6

    /// The eight decimal digits of `value` (below 10⁸, with leading zeros) as the ASCII bytes of a
    /// word, the first digit in its lowest byte (so that storing it little-endian writes them in order).
    ///
    /// All at once, in the lanes of one integer: the halves of 4 digits, their halves of 2, then
    /// the digits (each lane's quotient by a multiplication and a shift that is exact in its range).
    @inline(__always)
    static func eightDigits(_ value: UInt64) -> UInt64 {
        // In 32 bits (the value is below 10⁸): one multiplication and a shift (ByteWriter.number 71.6 M -> 70.3 M).
        let high = UInt64(UInt32(truncatingIfNeeded: value) / 10_000)
        return eightDigits(lanes: high | ((value &- high &* 10_000) << 32))
    }

    /// ``eightDigits(_:)`` of `high` × 10⁴ + `low` given as `high | low << 32` (both below 10⁴): for a
    /// value below 10⁴, `value << 32`, without the division.
    @inline(__always)
    static func eightDigits(lanes: UInt64) -> UInt64 {
        var lanes = lanes
        // v / 100 for v < 10⁴: (v × 10486) >> 20.
        let hundreds = ((lanes &* 10_486) >> 20) & 0x0000_007F_0000_007F
        lanes = hundreds | ((lanes &- hundreds &* 100) << 16)
        // v / 10 for v < 100: (v × 103) >> 10.
        let tens = ((lanes &* 103) >> 10) & 0x000F_000F_000F_000F
        lanes = tens | ((lanes &- tens &* 10) << 8)
        return lanes | 0x3030_3030_3030_3030
    }

    /// Writes `units` × 10^-`places` in plain decimal (`places` digits after the point, a zero before
    /// it when there is nothing else; a minus sign when `negative`) at the end of `scratch`, which
    /// holds at least 24 bytes (32 with places); returns the index of the first byte written.
    ///
    /// Two digits at a time from a table: one division by 100 for two digits rather than two by 10
    /// (every number of `analyze --format jsonl` and `check` comes through here).
    @inline(__always)
    static func writeDigits(_ units: UInt64, places: Int, negative: Bool, into scratch: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var units = units
        var index = scratch.count
        let pairs = digitPairs.utf8Start
        func writePair(_ value: UInt64) {
            let at = Int(truncatingIfNeeded: value) &* 2
            index -= 2
            scratch[index] = pairs[at]
            scratch[index + 1] = pairs[at &+ 1]
        }
        if places > 0 {
            var left = places
            while left >= 2 {
                writePair(units % 100)
                units /= 100
                left -= 2
            }
            if left == 1 {
                index -= 1
                scratch[index] = UInt8(truncatingIfNeeded: units % 10) &+ 48
                units /= 10
            }
            index -= 1
            scratch[index] = UInt8(ascii: ".")
        }
        while units >= 100 {
            writePair(units % 100)
            units /= 100
        }
        if units >= 10 {
            writePair(units)
        } else {
            index -= 1
            scratch[index] = UInt8(truncatingIfNeeded: units) &+ 48
        }
        if negative {
            index -= 1
            scratch[index] = UInt8(ascii: "-")
        }
        return index
    }

    /// `00`, `01`, … `99`: the two digits of each number below 100.
    private static let digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
}

/// A non-negative number as decimal digits: `0.d₁d₂d₃… × 10^pointPosition`.
private struct ShortestDecimal {
    /// Digit values 0…9, the first one nonzero unless the list is empty (the number 0).
    var digits: [UInt8] = []
    /// How many digits stand before the decimal point; negative for numbers below 0.1.
    var pointPosition = 0

    /// The shortest decimal that reads back as `magnitude`, from the standard library's printer.
    init(_ magnitude: Double) {
        var exponent = 0
        var exponentSign = 1
        var inExponent = false
        var integerDigits = 0
        var afterPoint = false
        digits.reserveCapacity(24)
        for byte in magnitude.description.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if inExponent {
                    exponent = exponent * 10 + Int(byte - UInt8(ascii: "0"))
                } else {
                    digits.append(byte - UInt8(ascii: "0"))
                    if !afterPoint { integerDigits += 1 }
                }
            case UInt8(ascii: "."): afterPoint = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
            case UInt8(ascii: "-"): exponentSign = -1
            default: break  // "+" of the exponent
            }
        }
        pointPosition = integerDigits + exponentSign * exponent
        let leadingZeros = digits.prefix { $0 == 0 }.count
        digits.removeFirst(leadingZeros)
        pointPosition -= leadingZeros
        if digits.isEmpty { pointPosition = 0 }
    }

    /// Rounds half away from zero to `fractionDigits` decimal places and drops trailing zeros.
    mutating func round(toFractionDigits fractionDigits: Int) {
        let kept = pointPosition + fractionDigits
        if kept < digits.count {
            if kept < 0 {
                digits.removeAll()
            } else {
                let roundsUp = digits[kept] >= 5
                digits.removeSubrange(kept...)
                if roundsUp { incrementLastDigit() }
            }
        }
        while digits.last == 0 { digits.removeLast() }
        if digits.isEmpty { pointPosition = 0 }
    }

    /// Adds one unit in the last kept place, carrying; an empty list becomes `1` one place up.
    private mutating func incrementLastDigit() {
        var index = digits.count - 1
        while index >= 0 {
            if digits[index] < 9 {
                digits[index] += 1
                return
            }
            digits[index] = 0
            index -= 1
        }
        digits.insert(1, at: 0)
        pointPosition += 1
    }

    /// Appends the plain decimal spelling; zero prints as `0` whatever the sign.
    func append(negative: Bool, to output: inout String) {
        guard !digits.isEmpty else {
            output += "0"
            return
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count + max(0, pointPosition) + max(0, -pointPosition) + 3)
        if negative { bytes.append(UInt8(ascii: "-")) }
        let zero = UInt8(ascii: "0")
        if pointPosition <= 0 {
            bytes.append(zero)
            bytes.append(UInt8(ascii: "."))
            bytes.append(contentsOf: repeatElement(zero, count: -pointPosition))
            bytes.append(contentsOf: digits.lazy.map { $0 + zero })
        } else if pointPosition >= digits.count {
            bytes.append(contentsOf: digits.lazy.map { $0 + zero })
            bytes.append(contentsOf: repeatElement(zero, count: pointPosition - digits.count))
        } else {
            bytes.append(contentsOf: digits[..<pointPosition].lazy.map { $0 + zero })
            bytes.append(UInt8(ascii: "."))
            bytes.append(contentsOf: digits[pointPosition...].lazy.map { $0 + zero })
        }
        output += String(decoding: bytes, as: UTF8.self)
    }
}
