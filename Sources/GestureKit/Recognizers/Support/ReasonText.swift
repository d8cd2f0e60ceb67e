/// The numbers and words of reasons and causes: every failure reason and every cause of a
/// `began` or `recognized` record is written with these, so that they read alike.

/// A number for a reason sentence: at most two decimals, no trailing zeros.
func format(_ value: Double) -> String {
    withNumberBytes(value) { String(decoding: $0, as: UTF8.self) } ?? String(value)
}

/// Calls `body` with the bytes of ``format(_:)`` for `value`; nil, without calling it, for a value
/// that is not finite or not below 10¹³ (written as `String(value)` then).
private func withNumberBytes<R>(_ value: Double, _ body: (UnsafeMutableBufferPointer<UInt8>) -> R) -> R? {
    guard value.isFinite else { return nil }
    let scaled = (value * 100).rounded()
    let magnitude = abs(scaled)
    guard magnitude < 1e15 else { return nil }
    let hundredths = Int(magnitude)
    return withDecimalBytes(negative: scaled < 0, whole: hundredths / 100, fraction: hundredths % 100, digits: 2, body)
}

/// "second", "third", … for reason sentences.
func ordinal(_ n: Int) -> String {
    switch n {
    case 1: return "first"
    case 2: return "second"
    case 3: return "third"
    case 4: return "fourth"
    case 5: return "fifth"
    default: return "\(n)th"
    }
}

/// A time for a reason sentence: at most three decimals (as the `text` format shows times), no
/// trailing zeros.
func formatTime(_ value: Double) -> String {
    withTimeBytes(value) { String(decoding: $0, as: UTF8.self) } ?? String(value)
}

/// Calls `body` with the bytes of ``formatTime(_:)`` for `value`; nil, without calling it, for a
/// value that is not finite or not below 10¹² in magnitude (written as `String(value)` then).
private func withTimeBytes<R>(_ value: Double, _ body: (UnsafeMutableBufferPointer<UInt8>) -> R) -> R? {
    guard value.isFinite, abs(value) < 1e12 else { return nil }
    let thousandths = Int((abs(value) * 1000).rounded())
    return withDecimalBytes(negative: value < 0, whole: thousandths / 1000, fraction: thousandths % 1000, digits: 3, body)
}

/// Calls `body` with the bytes of `whole`, then `fraction` as `digits` decimals without their
/// trailing zeros (none when it is 0), after a minus sign when `negative` and the number is not 0.
/// Written as bytes, right to left; through `String(Int)` and `+`, a number took about 1,300
/// instructions (callgrind, `check` of 1,000 traces: 2,122.2 M instructions before, 2,105.6 M).
private func withDecimalBytes<R>(
    negative: Bool, whole: Int, fraction: Int, digits: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> R
) -> R {
    var fraction = fraction
    var digits = fraction == 0 ? 0 : digits
    while digits > 0, fraction % 10 == 0 {
        fraction /= 10
        digits -= 1
    }
    let minus = negative && (whole != 0 || digits != 0)
    // At most 13 digits before the point (the callers' limits), 3 after, a point and a sign.
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { bytes in
        var start = bytes.count
        for _ in 0..<digits {
            start -= 1
            bytes[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction % 10)
            fraction /= 10
        }
        if digits > 0 {
            start -= 1
            bytes[start] = UInt8(ascii: ".")
        }
        var rest = whole
        repeat {
            start -= 1
            bytes[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        } while rest > 0
        if minus {
            start -= 1
            bytes[start] = UInt8(ascii: "-")
        }
        return body(UnsafeMutableBufferPointer(rebasing: bytes[start...]))
    }
}

/// A reason or cause written in one piece: `sentence("moved \(number: d) pt, more than \(name) \(number: limit) pt")`,
/// with `\(number:)` as ``format(_:)`` writes it and `\(time:)` as ``formatTime(_:)`` does.
func sentence(_ sentence: Sentence) -> String {
    sentence.text
}

/// A sentence's text, built from an interpolated literal as bytes and made a `String` once. As
/// ordinary interpolation, each piece cost about 350 instructions (`String.append`) and the numbers
/// a string each (callgrind, `check` of 1,000 traces: 2,088.6 M instructions before, 2,050.2 M).
struct Sentence: ExpressibleByStringInterpolation {
    let text: String

    init(stringLiteral value: StaticString) {
        text = value.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
    }

    init(stringInterpolation: Writer) {
        text = String(decoding: stringInterpolation.bytes, as: UTF8.self)
    }

    /// The bytes of a sentence as its literal is read.
    struct Writer: StringInterpolationProtocol {
        var bytes: [UInt8] = []

        init(literalCapacity: Int, interpolationCount: Int) {
            bytes.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        mutating func appendLiteral(_ literal: StaticString) {
            bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
        }

        mutating func appendInterpolation(_ text: String) {
            var text = text
            text.withUTF8 { bytes.append(contentsOf: $0) }
        }

        mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            appendInterpolation(value.description)
        }

        /// A number as ``format(_:)`` writes it.
        mutating func appendInterpolation(number value: Double) {
            if withNumberBytes(value, { bytes.append(contentsOf: $0) }) == nil { appendInterpolation(String(value)) }
        }

        /// A time as ``formatTime(_:)`` writes it.
        mutating func appendInterpolation(time value: Double) {
            if withTimeBytes(value, { bytes.append(contentsOf: $0) }) == nil { appendInterpolation(String(value)) }
        }
    }
}

/// The word for a movement along one axis of the screen: `right`, `left`, `down`, `up`.
func axisWord(horizontal: Bool, _ amount: Double) -> String {
    horizontal ? (amount < 0 ? "left" : "right") : (amount < 0 ? "up" : "down")
}

/// "two", "three", … for cause sentences ("two taps").
func countWord(_ n: Int) -> String {
    switch n {
    case 1: return "one"
    case 2: return "two"
    case 3: return "three"
    case 4: return "four"
    case 5: return "five"
    default: return "\(n)"
    }
}
