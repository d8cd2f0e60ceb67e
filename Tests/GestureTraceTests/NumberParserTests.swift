import Testing
@testable import GestureTrace

@Suite struct NumberParserTests {
    static func parse(_ text: String) -> NumberParser.Result { NumberParser.parse(Array(text.utf8)) }

    static func value(_ text: String) -> Double? {
        if case .value(let value, _) = parse(text) { return value }
        return nil
    }

    @Test(arguments: [
        "0", "1", "-1", "0.1", "0.2", "0.3", "1e-7", "123456789.123456789", "1e308", "1.7976931348623157e308",
        "2.2250738585072014e-308", "4.9e-324", "5e-324", "9007199254740993", "9007199254740992", "0.30000000000000004",
        "0.1000000000000000055511151231257827", "1E22", "1e23", "123456789012345678901234567890", "3.141592653589793",
        "100", "1e-22", "8.98846567431158e307", "0.000001", "1234567.0e-3", "-2.5E+3", "12345678901234567890e-30",
        "1e-400", "0.0000000000000000000000000001", "7.2057594037927933e16", "2.4703282292062328e-324",
    ])
    func agreesWithTheStandardLibrary(text: String) throws {
        let expected = try #require(Double(text))
        let parsed = try #require(Self.value(text))
        #expect(parsed.bitPattern == expected.bitPattern, "\(text): \(parsed) != \(expected)")
    }

    @Test func edgeCases() {
        #expect(Self.value("0.1") == 0.1)
        #expect(Self.value("1e-7") == 1e-7)
        #expect(Self.value("123456789.123456789") == 123456789.123456789)
        #expect(Self.value("-0")?.sign == .minus)
        #expect(Self.value("-0.0e10")?.sign == .minus)
        #expect(Self.value("0")?.sign == .plus)
        #expect(Self.value("1e308") == 1e308)
        #expect(Self.parse("1e309") == .outOfRange)
        #expect(Self.parse("-1e309") == .outOfRange)
        #expect(Self.parse("1e99999999999999999999") == .outOfRange)
        #expect(Self.value("1e-99999999999999999999") == 0)
        #expect(Self.value("0e99999999999999999999") == 0)
        #expect(Self.parse("12") == .value(12, isInteger: true))
        #expect(Self.parse("-12") == .value(-12, isInteger: true))
        #expect(Self.parse("12.0") == .value(12, isInteger: false))
        #expect(Self.parse("1e1") == .value(10, isInteger: false))
    }

    @Test(arguments: [
        ("01", "leading zeros are not allowed"), ("-01", "leading zeros are not allowed"),
        ("+1", "a number cannot start with '+'"), (".5", "a number cannot start with '.'"),
        ("1.", "expected a digit after '.'"), ("1.e5", "expected a digit after '.'"), ("-", "expected a digit after '-'"),
        ("-.5", "expected a digit after '-'"), ("1e", "expected a digit in the exponent"),
        ("1e+", "expected a digit in the exponent"), ("1.5.3", "unexpected '.'"), ("1-2", "unexpected '-'"),
        ("", "expected a digit"),
    ])
    func rejectsWhatJSONRejects(text: String, reason: String) {
        #expect(Self.parse(text) == .invalid(reason))
    }

    @Test func integers() {
        #expect(NumberParser.integer(Array("9223372036854775807".utf8)) == Int.max)
        #expect(NumberParser.integer(Array("-9223372036854775808".utf8)) == Int.min)
        #expect(NumberParser.integer(Array("9223372036854775808".utf8)) == nil)
        #expect(NumberParser.integer(Array("-0".utf8)) == 0)
    }

    /// Random decimals, short and long, against `Double(String)` (correctly rounded).
    @Test func randomDecimalsAreCorrectlyRounded() throws {
        var random = SplitMix64(seed: 42)
        for _ in 0..<20_000 {
            let digits = 1 + Int(random.next() % 25)
            var text = random.next() % 2 == 0 ? "-" : ""
            let point = Int(random.next() % UInt64(digits + 1))
            for i in 0..<digits {
                if i == point && i > 0 { text += "." }
                let digit = (i == 0 && digits > 1 && point != 1) ? 1 + random.next() % 9 : random.next() % 10
                text += String(digit)
            }
            if random.next() % 3 == 0 { text += "e" + String(Int(random.next() % 80) - 40) }
            let expected = try #require(Double(text), "\(text)")
            let parsed = try #require(Self.value(text), "\(text)")
            #expect(parsed.bitPattern == expected.bitPattern, "\(text)")
        }
    }
}
