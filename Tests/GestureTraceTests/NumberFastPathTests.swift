import Testing
@testable import GestureTrace

/// The fast number paths (Clinger, Eisel-Lemire, the word-at-a-time scanners) against the standard library:
/// millions of random decimals, bit for bit, through every entry point the readers use.
@Suite struct NumberFastPathTests {
    /// Checks `text` through `parse`, `scan` and `scanValue` (with room to read ahead and without) against
    /// `Double(String)`; returns a description of the first disagreement.
    static func disagreement(_ text: String) -> String? {
        guard let expected = Double(text) else { return "\(text): Double(String) rejects it" }
        var bytes = Array(text.utf8)
        let count = bytes.count
        switch NumberParser.parse(bytes) {
        case .value(let value, _):
            guard expected.isFinite, value.bitPattern == expected.bitPattern else {
                return "\(text): parse gives \(value), Double(String) \(expected)"
            }
        case .outOfRange:
            guard !expected.isFinite else { return "\(text): parse says out of range, Double(String) \(expected)" }
        case .invalid(let reason):
            return "\(text): parse says invalid (\(reason))"
        }
        // The literal followed by a delimiter, then padding so that the word-at-a-time path runs.
        bytes.append(UInt8(ascii: ","))
        let exact = bytes.count
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 40))
        return bytes.withUnsafeBufferPointer { buffer -> String? in
            let start = buffer.baseAddress!
            for end in [start + exact, start + buffer.count, start + count] {
                let scanned = NumberParser.scan(start, end)
                var value = 0.0
                let next = NumberParser.scanValue(start, end, &value)
                if expected.isFinite {
                    guard let scanned, scanned.value.bitPattern == expected.bitPattern, scanned.next == start + count else {
                        return "\(text): scan gives \(String(describing: scanned?.value))"
                    }
                    guard next == start + count, value.bitPattern == expected.bitPattern else {
                        return "\(text): scanValue gives \(value)"
                    }
                } else if scanned != nil || next != nil {
                    return "\(text): scan accepts an infinite value"
                }
            }
            return nil
        }
    }

    /// `count` random decimals from `make`, checked; stops at the first few disagreements.
    static func check(_ count: Int, seed: UInt64, _ make: (inout SplitMix64) -> String) {
        var random = SplitMix64(seed: seed)
        var failures = 0
        for _ in 0..<count {
            let text = make(&random)
            if let problem = disagreement(text) {
                Issue.record(Comment(rawValue: problem))
                failures += 1
                if failures == 10 { return }
            }
        }
    }

    /// `digits` random significant digits (the first not zero), with a point somewhere or not.
    static func decimal(_ random: inout SplitMix64, digits: Int, point: Bool = true) -> String {
        var text = random.next() % 2 == 0 ? "-" : ""
        let pointAt = point ? Int(random.next() % UInt64(digits + 1)) : digits
        if pointAt == 0 { text += "0" }
        for i in 0..<digits {
            if i == pointAt { text += "." }
            text.append(Character(Unicode.Scalar(UInt8(ascii: "0") + UInt8(i == 0 ? 1 + random.next() % 9 : random.next() % 10))))
        }
        return text
    }

    /// The spellings of a float serializer (the shortest that reads back, such as `55097.315742722196`), which
    /// `scanShort` must take itself, bit for bit, when they have 19 digits or fewer, followed by each byte that ends a number in a trace: a million
    /// random doubles from 10⁻⁴ to 10⁷, and as many with their last digit changed.
    @Test func serializerSpellingsTakeTheShortPath() {
        var random = SplitMix64(seed: 7)
        var failures = 0
        for round in 0..<1_000_000 {
            let exponent = Int(random.next() % 12) - 4
            var magnitude = Double(random.next() >> 11) / Double(1 << 53)
            for _ in 0..<exponent.magnitude { magnitude = exponent < 0 ? magnitude / 10 : magnitude * 10 }
            var text = (random.next() % 2 == 0 ? "-" : "") + String(magnitude)
            guard !text.contains("e") else { continue }
            if round % 2 == 1, let last = text.utf8.last, last != UInt8(ascii: "0") {
                text.removeLast()
                text.append(Character(Unicode.Scalar(UInt8(ascii: "0") + UInt8(random.next() % 10))))
            }
            var bytes = Array(text.utf8)
            let count = bytes.count
            bytes.append([UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x0A, 0x20][Int(random.next() % 5)])
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "7"), count: 40))
            let expected = Double(text)
            let (next, value) = bytes.withUnsafeBufferPointer { buffer -> (Int?, Double) in
                var value = 0.0
                let next = NumberParser.scanShort(buffer.baseAddress!, &value)
                return (next.map { $0 - buffer.baseAddress! }, value)
            }
            // Taken whenever the digits (leading zeros of the fraction included) are at most 19; the
            // others it may leave to `scanOther`, which `disagreement` checks.
            let taken = next != nil || text.utf8.count(where: { $0 &- 0x30 < 10 }) > 19
            if !taken || (next != nil && (next != count || value.bitPattern != expected?.bitPattern)) {
                Issue.record("\(text): scanShort gives \(String(describing: next)) \(value)")
                failures += 1
                if failures == 10 { return }
            }
        }
    }

    /// A literal that continues after what `scanShort` reads (an exponent, a second point, a sign) is never
    /// taken by it.
    @Test func theShortPathStopsAtWhatContinuesANumber() {
        for literal in ["1.5e3", "12.34567890123456789e-2", "1.5.5", "1.25-", "1.25+", "7E2", "123.4567890123456E1", "0.1234567890123456789012"] {
            var bytes = Array(literal.utf8) + Array(repeating: UInt8(ascii: " "), count: 40)
            let next = bytes.withUnsafeMutableBufferPointer { buffer -> UnsafePointer<UInt8>? in
                var value = 0.0
                return NumberParser.scanShort(UnsafePointer(buffer.baseAddress!), &value)
            }
            #expect(next == nil, "\(literal)")
            #expect(Self.disagreement(literal) == nil || Double(literal) == nil, "\(literal)")
        }
    }

    @Test func longMantissasAreCorrectlyRounded() {
        // 16 to 19 significant digits: the shortest spellings of doubles and a little beyond.
        Self.check(1_000_000, seed: 1) { random in
            let digits = 16 + Int(random.next() % 4)
            var text = Self.decimal(&random, digits: digits)
            if random.next() % 3 == 0 { text += (random.next() % 2 == 0 ? "e" : "E") + String(Int(random.next() % 61) - 30) }
            return text
        }
    }

    @Test func shortMantissasAreCorrectlyRounded() {
        Self.check(300_000, seed: 2) { random in
            var text = Self.decimal(&random, digits: 1 + Int(random.next() % 15))
            if random.next() % 2 == 0 {
                text += "e" + ["", "+", "-"][Int(random.next() % 3)] + String(random.next() % 31)
            }
            return text
        }
    }

    @Test func extremeExponentsSubnormalsAndOverflow() {
        Self.check(300_000, seed: 3) { random in
            Self.decimal(&random, digits: 1 + Int(random.next() % 19), point: false) + "e" + String(Int(random.next() % 680) - 345)
        }
        // Around the smallest normal and subnormal numbers, and the largest finite one.
        Self.check(100_000, seed: 4) { random in
            let digits = 1 + Int(random.next() % 19)
            let mantissa = Self.decimal(&random, digits: digits, point: false)
            let exponents = [-308, -309, -310, -315, -320, -323, -324, -325, -330, 307, 308, 309]
            return mantissa + "e" + String(exponents[Int(random.next() % UInt64(exponents.count))] - digits + 1)
        }
    }

    /// Exact midpoints between neighbouring doubles (integers from 2^53 up, 16 to 19 digits), where
    /// Eisel-Lemire must give up and the slow path round half to even; and their neighbours.
    @Test func halfwayCasesRoundToEven() {
        Self.check(200_000, seed: 5) { random in
            let exponent = 53 + random.next() % 10  // doubles in [2^53, 2^63)
            let double = Double(sign: .plus, exponent: Int(exponent), significand: 1 + Double(random.next() >> 12) / Double(1 << 52))
            let ulp = UInt64(double.ulp)
            let midpoint = UInt64(double) + ulp / 2
            let offset: UInt64 = [0, 0, 1, ulp / 2 - 1][Int(random.next() % 4)]
            return String(midpoint &+ (random.next() % 2 == 0 ? offset : 0 &- offset))
        }
    }

    @Test func signedZerosAndSpecialSpellings() {
        for text in [
            "0", "-0", "0.0", "-0.0", "-0e5", "-0.000e-7", "-0E+0", "0e0", "0.000000000000000000000000000001",
            "-0.0000000000000000000000000000000000000000000000000000000000000000001e-300", "1e-400", "-1e-400",
            "9007199254740992", "9007199254740993", "9007199254740994", "9007199254740995", "18446744073709551615",
            "18446744073709551616", "9999999999999999999", "10000000000000000000", "1234567890123456789012345",
            "0.1", "0.2", "0.3", "2.2250738585072011e-308", "2.2250738585072014e-308", "4.9406564584124654e-324",
            "2.4703282292062327e-324", "2.4703282292062328e-324", "1.7976931348623157e308", "1.7976931348623158e308",
            "1.7976931348623159e308", "1e308", "1e309", "123456789.123456789", "55097.315742722196",
            "93.33333333333333", "150.33333333333334", "26.041666666666668", "7.2057594037927933e16", "1e23", "8.5e-1",
        ] {
            if let problem = Self.disagreement(text) { Issue.record(Comment(rawValue: problem)) }
        }
        #expect(NumberParser.parse(Array("-0".utf8)) == .value(-0.0, isInteger: true))
        guard case .value(let negativeZero, _) = NumberParser.parse(Array("-0.0e10".utf8)) else {
            Issue.record("-0.0e10 does not parse")
            return
        }
        #expect(negativeZero.sign == .minus && negativeZero == 0)
    }

    /// Any bytes: `scan` accepts exactly what `parse` accepts as a finite value (the literal being the longest
    /// run of number bytes), with the same value and integer flag.
    @Test func scanAgreesWithParseOnAnyBytes() {
        var random = SplitMix64(seed: 6)
        let alphabet = Array("0123456789.-+eE".utf8)
        for _ in 0..<150_000 {
            let length = 1 + Int(random.next() % 12)
            var bytes = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            let literal = bytes
            bytes.append(contentsOf: Array(",                                        ".utf8))
            let parsed = NumberParser.parse(literal)
            bytes.withUnsafeBufferPointer { buffer in
                let start = buffer.baseAddress!
                let scanned = NumberParser.scan(start, start + buffer.count)
                var value = 0.0
                let next = NumberParser.scanValue(start, start + buffer.count, &value)
                let text = String(decoding: literal, as: UTF8.self)
                if case .value(let expected, let isInteger) = parsed {
                    #expect(scanned?.value.bitPattern == expected.bitPattern, "\(text)")
                    #expect(scanned?.isInteger == isInteger, "\(text)")
                    #expect(scanned?.next == start + literal.count, "\(text)")
                    #expect(next == start + literal.count && value.bitPattern == expected.bitPattern, "\(text)")
                } else {
                    #expect(scanned == nil, "\(text)")
                    #expect(next == nil, "\(text)")
                }
            }
        }
    }

    /// The word-at-a-time digit helpers against the obvious byte loop, on words of digits and other bytes.
    @Test func digitWordsAgreeWithTheByteLoop() {
        var random = SplitMix64(seed: 7)
        for round in 0..<100_000 {
            var bytes = [UInt8](repeating: 0, count: 8)
            for i in 0..<8 {
                let r = random.next()
                bytes[i] = round % 2 == 0 || r % 5 != 0 ? UInt8(0x30 + r % 10) : UInt8(truncatingIfNeeded: r >> 8)
            }
            let word = bytes.withUnsafeBufferPointer { NumberParser.word($0.baseAddress!) }
            var count = 0
            var value: UInt64 = 0
            while count < 8, bytes[count] &- 0x30 < 10 {
                value = value * 10 + UInt64(bytes[count] - 0x30)
                count += 1
            }
            #expect(NumberParser.leadingDigitCount(word) == count, "\(bytes)")
            if count > 0 { #expect(NumberParser.valueOfDigits(word, count: count) == value, "\(bytes)") }
        }
    }
}
