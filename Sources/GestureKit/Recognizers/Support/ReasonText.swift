/// The numbers and words of reasons and causes: every failure reason and every cause of a
/// `began` or `recognized` record is written with these, so that they read alike.

/// A number for a reason sentence: at most two decimals, no trailing zeros.
func format(_ value: Double) -> String {
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
