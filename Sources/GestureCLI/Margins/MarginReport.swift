import Foundation
import GestureKit

/// `analyze --margins`: how close each recognizer's outcome was to going the other way, as text.
///
/// ```
/// traces/conflicts/scroll-vs-pan/trace.jsonl: margins (2 episodes, 1380 replays)
///   episode 0–0.3 s
///     sliderPan  ended  nearest: failed with 3.1° counter-clockwise (the stroke at 4.8° → 7.9° off horizontal, 3.5%)
///         speed     holds within 100% slower and 100% faster
///         angle     failed with 3.1° counter-clockwise (…); failed with 41.2° clockwise (…)
/// ```
enum MarginReport {
    /// The report of one trace.
    static func text(_ margins: TraceMargins) -> String {
        let count = margins.episodes.count
        var lines = ["\(margins.path): margins (\(count) episode\(count == 1 ? "" : "s"), \(margins.replays) replays)"]
        if margins.episodes.isEmpty { lines.append("  no touches") }
        for episode in margins.episodes {
            lines.append("  episode " + span(episode.start, episode.end))
            let names = episode.recognizers.keys.sorted()
            let width = names.map(\.count).max() ?? 0
            var steady: [String] = []
            for name in names {
                guard let recognizer = episode.recognizers[name] else { continue }
                let outcome = outcomeText(recognizer.outcome)
                guard let nearest = recognizer.nearest else {
                    steady.append("\(name) \(outcome)")
                    continue
                }
                lines.append("    \(name.padding(toLength: width, withPad: " ", startingAt: 0))  \(outcome)  nearest: "
                    + describe(nearest, episode.episode))
                for kind in Perturbation.Kind.allCases {
                    let flips = recognizer.flips.filter { $0.perturbation.kind == kind }
                    let holds = recognizer.holds.filter { $0.kind == kind }
                    guard !flips.isEmpty || !holds.isEmpty else { continue }
                    let parts = flips.sorted { $0.percent < $1.percent }.map { describe($0, episode.episode) }
                        + holds.map { "holds within \(holdText($0))" }
                    lines.append("        \(kind.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0))  " + parts.joined(separator: "; "))
                }
            }
            if !steady.isEmpty {
                lines.append("    no perturbation searched changes: " + steady.joined(separator: ", "))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `ended`, or `failed, ended` for several gestures, or `no gesture`.
    static func outcomeText(_ outcome: [RecognizerState]) -> String {
        outcome.isEmpty ? "no gesture" : outcome.map(\.rawValue).joined(separator: ", ")
    }

    /// `failed with 4% less distance (the longest stroke's 52 pt → 49.9 pt)`.
    static func describe(_ flip: Flip, _ episode: Episode) -> String {
        let text = "\(outcomeText(flip.becomes)) with " + amountText(flip.perturbation, episode)
        switch flip.perturbation.kind {
        case .speed, .distance: return text
        case .angle, .timing: return text + ", \(small(flip.percent, 1))%"
        }
    }

    /// The perturbation in its own units, with what it did to the trace's figure.
    static func amountText(_ p: Perturbation, _ episode: Episode) -> String {
        let magnitude = abs(p.amount)
        let first = episode.longestStroke
        switch p.kind {
        case .speed:
            let factor = p.amount >= 0 ? 1 + p.amount : 1 / (1 - p.amount)
            let duration = episode.end - episode.start
            return "\(small(magnitude * 100, 1))% \(p.amount >= 0 ? "slower" : "faster") (\(number(duration, 3)) s → \(number(duration * factor, 3)) s)"
        case .distance:
            let length = first.map { hypot($0.displacement.x, $0.displacement.y) } ?? 0
            return "\(small(magnitude * 100, 1))% \(p.amount >= 0 ? "more" : "less") distance (the longest stroke's "
                + "\(number(length, 2)) pt → \(number(length * (1 + p.amount), 2)) pt)"
        case .angle:
            // Measured from the axis the trace's stroke is nearer to.
            let before = first.map { offHorizontal($0.displacement) } ?? 0
            let radians = p.amount * .pi / 180
            var after = first.map { d in
                offHorizontal(Point(x: d.displacement.x * cos(radians) - d.displacement.y * sin(radians),
                                    y: d.displacement.x * sin(radians) + d.displacement.y * cos(radians)))
            } ?? 0
            var axis = "horizontal"
            var trace = before
            if before > 45 {
                axis = "vertical"
                trace = 90 - before
                after = 90 - after
            }
            return "\(small(magnitude, 2))° \(p.amount >= 0 ? "clockwise" : "counter-clockwise") (the stroke at "
                + "\(number(after, 2))° off \(axis); this trace: \(number(trace, 2))°)"
        case .timing:
            let delay = MarginSearch.laterDelay(episode) ?? 0
            return "the later touches \(number(magnitude, 3)) s \(p.amount >= 0 ? "later" : "earlier") (the second touch down "
                + "\(number(delay + p.amount, 3)) s after the first; this trace: \(number(delay, 3)) s)"
        }
    }

    /// `100% slower`, `±90°`…
    static func holdText(_ hold: Hold) -> String {
        switch hold.kind {
        case .speed: return "\(number(hold.upTo * 100, 1))% \(hold.sign > 0 ? "slower" : "faster")"
        case .distance: return "\(number(hold.upTo * 100, 1))% \(hold.sign > 0 ? "more" : "less")"
        case .angle: return "\(number(hold.upTo, 1))° \(hold.sign > 0 ? "clockwise" : "counter-clockwise")"
        case .timing: return "\(number(hold.upTo, 3)) s \(hold.sign > 0 ? "later" : "earlier")"
        }
    }

    /// The angle of a stroke off the horizontal, 0° to 90°.
    static func offHorizontal(_ d: Point) -> Double {
        guard d.x != 0 || d.y != 0 else { return 0 }
        return atan2(abs(d.y), abs(d.x)) * 180 / .pi
    }

    private static func span(_ start: Double, _ end: Double) -> String {
        number(start, 3) + "–" + number(end, 3) + " s"
    }

    private static func number(_ value: Double, _ digits: Int) -> String { DecimalFormatting.string(value, fractionDigits: digits) }

    /// A number with `digits` decimals, or, when that would print 0 for a value that is not, as
    /// many as its first significant digit needs (a margin of 0.0003° is not 0°).
    static func small(_ value: Double, _ digits: Int) -> String {
        var places = digits
        while places < 9, value != 0, DecimalFormatting.string(value, fractionDigits: places) == "0" { places += 1 }
        return DecimalFormatting.string(value, fractionDigits: places)
    }
}
