import Testing
@testable import GestureKit
@testable import GestureTrace

/// The numbers of reasons and causes (`format`, `formatTime`) are written digit by digit; they must
/// read exactly as the `String(Int)` and `+` version they replaced, kept here as the reference.
@Suite struct ReasonTextTests {
    @Test func numbersReadAsBefore() {
        for value in Self.values(seed: 0x5EA5) {
            #expect(format(value) == Self.referenceFormat(value), "format(\(value))")
            #expect(formatTime(value) == Self.referenceFormatTime(value), "formatTime(\(value))")
        }
    }

    @Test func sentencesReadAsInterpolatedStrings() {
        let values = Self.values(seed: 0xC0DE)
        for (index, value) in values.enumerated() where index % 7 == 0 {
            let count = index % 5 - 1
            let name = index % 2 == 0 ? "doubleTap" : "a name longer than fifteen bytes, é"
            #expect(sentence("moved \(number: value) pt, \(time: value) s; \(count) of \(name)") == "moved \(format(value)) pt, \(formatTime(value)) s; \(count) of \(name)")
        }
        #expect(sentence("no numbers") == "no numbers")
    }

    @Test(arguments: [
        (0.0, "0", "0"), (-0.0, "0", "0"), (-0.004, "0", "-0.004"), (-0.0004, "0", "0"), (0.05, "0.05", "0.05"),
        (0.5, "0.5", "0.5"), (10, "10", "10"), (-3.1, "-3.1", "-3.1"), (0.024, "0.02", "0.024"),
        (11.894, "11.89", "11.894"), (.infinity, "inf", "inf"), (.nan, "nan", "nan"),
    ])
    func numbersOfReasons(value: Double, number: String, time: String) {
        #expect(format(value) == number)
        #expect(formatTime(value) == time)
    }

    /// Values around every rounding boundary and magnitude the reasons meet, and their negatives.
    static func values(seed: UInt64) -> [Double] {
        var rng = SplitMix64(seed: seed)
        var values: [Double] = [0, -0.0, 1e12, -1e12, 999_999_999_999.9996, 1e15 / 100, 9.999_999_999_999e12, .infinity, -.infinity, .nan]
        for _ in 0..<60_000 {
            let magnitude = [1e-4, 1e-2, 1, 100, 1e4, 1e8, 1e13][Int(rng.next() % 7)]
            let value = rng.uniform() * magnitude
            let halfway = (value * 1000).rounded() / 1000 + [0, 0.0005, 0.005, -0.0005][Int(rng.next() % 4)]
            values += [value, -value, halfway, -halfway]
        }
        return values
    }

    static func referenceFormat(_ value: Double) -> String {
        guard value.isFinite else { return String(value) }
        let scaled = (value * 100).rounded()
        let negative = scaled < 0
        let magnitude = abs(scaled)
        guard magnitude < 1e15 else { return String(value) }
        let whole = Int(magnitude) / 100
        let fraction = Int(magnitude) % 100
        var text = String(whole)
        if fraction != 0 {
            text += fraction % 10 == 0 ? "." + String(fraction / 10) : (fraction < 10 ? ".0" : ".") + String(fraction)
        }
        return negative && text != "0" ? "-" + text : text
    }

    static func referenceFormatTime(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return String(value) }
        let scaled = (abs(value) * 1000).rounded()
        let whole = Int(scaled) / 1000
        var fraction = Int(scaled) % 1000
        var text = String(whole)
        if fraction != 0 {
            var digits = 3
            while fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
            let raw = String(fraction)
            text += "." + String(repeating: "0", count: digits - raw.count) + raw
        }
        return value < 0 && text != "0" ? "-" + text : text
    }
}
