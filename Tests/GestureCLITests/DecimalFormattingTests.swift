import Testing

@testable import GestureCLI
@testable import GestureTrace

@Suite struct DecimalFormattingTests {}

extension DecimalFormattingTests {
    /// Value, expected text at the default 6 decimal places.
    static let table: [(Double, String)] = [
        (0, "0"),
        (-0.0, "0"),
        (1, "1"),
        (-1, "-1"),
        (42, "42"),
        (390, "390"),
        (1.5, "1.5"),
        (-1.5, "-1.5"),
        (0.1, "0.1"),
        (0.1 + 0.2, "0.3"),
        (400.00000000000017, "400"),
        (399.99999999999994, "400"),
        (0.44, "0.44"),
        (0.09 + 0.35, "0.44"),
        (1e-7, "0"),
        (-1e-7, "0"),
        (0.0000005, "0.000001"),
        (-0.0000005, "-0.000001"),
        (0.00000049, "0"),
        (-0.00000049, "0"),
        (0.000001, "0.000001"),
        (0.0000015, "0.000002"),
        (0.0001, "0.0001"),
        (0.00001, "0.00001"),
        (0.123456, "0.123456"),
        (0.1234564, "0.123456"),
        (0.1234565, "0.123457"),
        (-0.1234565, "-0.123457"),
        (2.0000005, "2.000001"),
        (0.9999995, "1"),
        (9.9999995, "10"),
        (-9.9999995, "-10"),
        (99.9999999, "100"),
        (123456789.1234565, "123456789.123457"),
        (123456789.123456, "123456789.123456"),
        (1e15 + 0.5, "1000000000000000.5"),
        (9007199254740992, "9007199254740992"),
        (1e16, "10000000000000000"),
        (1e20, "100000000000000000000"),
        (-1e20, "-100000000000000000000"),
        (1.25e21, "1250000000000000000000"),
        (Double.leastNonzeroMagnitude, "0"),
        (-Double.leastNonzeroMagnitude, "0"),
        (480.5, "480.5"),
        (195.66666666666666, "195.666667"),
        (-3.14159265358979, "-3.141593"),
        (Double.nan, "null"),
        (Double.infinity, "null"),
        (-Double.infinity, "null"),
    ]

    @Test(arguments: table)
    func formats(_ entry: (Double, String)) {
        #expect(DecimalFormatting.string(entry.0) == entry.1, "\(entry.0)")
    }

    @Test func largestDoublePrintsEveryDigit() {
        let text = DecimalFormatting.string(Double.greatestFiniteMagnitude)
        #expect(text == "17976931348623157" + String(repeating: "0", count: 292))
        #expect(!text.contains("e") && !text.contains("."))
    }

    @Test func otherPrecisionsRoundHalfAwayFromZero() {
        #expect(DecimalFormatting.string(2.5, fractionDigits: 0) == "3")
        #expect(DecimalFormatting.string(-2.5, fractionDigits: 0) == "-3")
        #expect(DecimalFormatting.string(0.125, fractionDigits: 2) == "0.13")
        #expect(DecimalFormatting.string(41.3003, fractionDigits: 3) == "41.3")
        #expect(DecimalFormatting.string(0.0004, fractionDigits: 3) == "0")
        #expect(DecimalFormatting.string(0.0005, fractionDigits: 3) == "0.001")
    }

    @Test func appendsToExistingText() {
        var text = "t="
        DecimalFormatting.append(0.5, to: &text)
        #expect(text == "t=0.5")
    }

    @Test func neverPrintsExponentsOrNegativeZero() {
        var value = 1e-300
        while value < 1e300 {
            for sign in [1.0, -1.0] {
                let text = DecimalFormatting.string(sign * value)
                #expect(!text.contains("e") && !text.contains("E") && text != "-0", "\(sign * value) → \(text)")
                if text.contains(".") { #expect(!text.hasSuffix("0") && !text.hasSuffix("."), "\(text)") }
            }
            value *= 7.3
        }
    }

    /// The fast path (scaling by 10^places) must agree with the exact one (rounding the shortest
    /// decimal digits) everywhere; random values of every magnitude, plus values near one half of
    /// the last place, check it.
    @Test func fastPathAgreesWithExactRounding() {
        var random = SplitMix64(seed: 0x6765_7374_7572_6563)
        var checked = 0
        for _ in 0..<50_000 {
            let magnitude = Double(random.next() % 14) - 7
            var value = Double(Int64(bitPattern: random.next()) % 1_000_000_007) / 1_000_000_007 * pow10(magnitude)
            if random.next() % 4 == 0 {
                value = (value * 1e6).rounded(.down) / 1e6 + 0.0000005
            }
            for places in [2, 3, 6] {
                var exact = ""
                DecimalFormatting.appendExactly(value, fractionDigits: places, to: &exact)
                #expect(DecimalFormatting.string(value, fractionDigits: places) == exact, "\(value) at \(places) places")
                checked += 1
            }
        }
        #expect(checked == 150_000)
    }

    private func pow10(_ exponent: Double) -> Double {
        var result = 1.0
        for _ in 0..<Int(exponent.magnitude) { result *= 10 }
        return exponent < 0 ? 1 / result : result
    }
}

extension DecimalFormattingTests {
    /// The digit writer, two digits at a time, against the digits of `String(units)` with the point
    /// put in by hand: every count of places, both signs, numbers of every length.
    @Test(arguments: 0...6)
    func digitsWithAPointAtEveryPlace(places: Int) {
        var values: [UInt64] = [0, 1, 9, 10, 11, 99, 100, 101, 999, 1_000, 123_456, 1_000_000, 9_007_199_254_740_992, .max]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15  // xorshift: the same numbers every run
        for digits in 1...19 {
            for _ in 0..<20 {
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                values.append(state % power(digits))
            }
        }
        for units in values {
            for negative in [false, true] {
                var text = String(units)
                if places > 0 {
                    if text.count <= places { text = String(repeating: "0", count: places - text.count + 1) + text }
                    text.insert(".", at: text.index(text.endIndex, offsetBy: -places))
                }
                if negative { text = "-" + text }
                let written = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { scratch in
                    let index = DecimalFormatting.writeDigits(units, places: places, negative: negative, into: scratch)
                    return String(decoding: UnsafeBufferPointer(rebasing: scratch[index...]), as: UTF8.self)
                }
                #expect(written == text, "\(units) with \(places) places")
            }
        }
    }

    private func power(_ digits: Int) -> UInt64 { (0..<digits).reduce(1) { value, _ in value * 10 } }
}

// MARK: - The text format's writer

extension DecimalFormattingTests {
    /// `LineBuffer` (the text format's figures and times) writes every number as `DecimalFormatting`
    /// prints it: the table, then random doubles of every magnitude, bit patterns, values on and
    /// next to a half of the 2nd, 3rd and 6th place, and integers, at 2, 3 and 6 places.
    @Test func theTextWriterAgreesWithTheStringFormatter() {
        func written(_ value: Double, _ places: Int) -> String {
            let out = LineBuffer(capacity: 8)
            out.write(number: value, fractionDigits: places)
            return String(decoding: out.bytes, as: UTF8.self)
        }
        var random = SplitMix64(seed: 0x7465_7874_2020_2020)
        var values = Self.table.map(\.0) + [.nan, .infinity, -.infinity, 9_007_199_254_740_992, -9_007_199_254_740_991, 999_999.995]
        for _ in 0..<30_000 {
            let exponent = Double(Int(random.next() % 24) - 6)
            values.append(Double(random.next() >> 11) / Double(1 << 53) * pow10(exponent) * (random.next() & 1 == 0 ? 1 : -1))
            values.append(Double(bitPattern: random.next()))
            let places = [6, 3, 2][Int(random.next() % 3)]
            let scale = pow10(Double(places))
            let half = (Double(random.next() % 2_000_000_000) / 1000 * scale).rounded(.down) / scale + 0.5 / scale
            values += [half, half.nextUp, half.nextDown, -half]
            values.append(Double(Int64(bitPattern: random.next()) >> Int64(random.next() % 60)))
        }
        var mismatches: [String] = []
        for value in values {
            for places in [2, 3, 6] where written(value, places) != DecimalFormatting.string(value, fractionDigits: places) {
                mismatches.append("\(value) at \(places): \(written(value, places))")
            }
        }
        #expect(values.count > 200_000)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
        let out = LineBuffer(capacity: 8)
        for integer in [0, 7, -10, Int.max, Int.min] { out.write(integer: integer) }
        #expect(String(decoding: out.bytes, as: UTF8.self) == "07-10\(Int.max)\(Int.min)")
    }
}
