import Foundation
import GestureKit

/// Margins: for each recognizer's outcome in each episode of a trace, the smallest perturbation of
/// the input (``Perturbation``) that changes it, found by replaying the trace.
///
/// The search, for each episode, each kind of perturbation and each of its two directions:
/// 1. replay the trace with the amount at each point of ``grid`` (fractions of the kind's
///    ``range``, from 0.5% to 100%), stopping once every recognizer's outcome has changed;
/// 2. for each recognizer whose outcome changed at a grid point, bisect between that point and
///    the one before it ``bisections`` times (to 1/4096 of the gap).
///
/// The margin reported is the amount that changed the outcome at the end of the bisection: the
/// boundary lies between it and an amount at most 1/4096 of the grid gap smaller. An outcome that
/// changes only in a window narrower than a grid gap can be missed (the grid is its resolution).
/// Everything is deterministic: the same trace gives the same margins.
struct MarginSearch {
    /// Where the grid points lie, as fractions of a kind's range.
    static let grid: [Double] = [
        0.005, 0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.08, 0.1, 0.12, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1,
    ]
    /// How many times a bracket is halved.
    static let bisections = 12

    /// The trace and what it is replayed with.
    let samples: [Sample]
    let scene: SceneDescription
    let screen: Size
    let options: EngineOptions
    /// How many replays the search made (its cost).
    private(set) var replays = 0

    init(samples: [Sample], scene: SceneDescription, screen: Size, options: EngineOptions) {
        self.samples = samples
        self.scene = scene
        self.screen = screen
        self.options = options
    }

    /// One recognizer's outcomes in an episode: the final state of each of its gestures that
    /// started there, in order.
    typealias Outcomes = [String: [RecognizerState]]

    /// The margins of every episode.
    mutating func run() -> [EpisodeMargins] {
        let episodes = Episode.split(samples)
        let baselineRecords = replay(samples)
        return episodes.indices.map { index in
            let window = (episodes[index].start, index + 1 < episodes.count ? episodes[index + 1].start : Double.infinity)
            let baseline = Self.outcomes(baselineRecords, from: window.0, before: window.1)
            return margins(of: episodes[index], next: index + 1 < episodes.count ? episodes[index + 1].start : nil, baseline: baseline)
        }
    }

    /// The transitions of a replay of `samples`.
    mutating func replay(_ samples: [Sample]) -> [TransitionRecord] {
        replays += 1
        guard let engine = try? Engine(scene: scene, screen: screen, options: options) else { return [] }
        let collected = Collected()
        engine.onRecord = { record in
            if case .transition(let transition) = record { collected.records.append(transition) }
        }
        for sample in samples { engine.process(sample) }
        engine.finish()
        return collected.records
    }

    private final class Collected {
        var records: [TransitionRecord] = []
    }

    /// The outcomes of the gestures that started in `[start, end)`.
    static func outcomes(_ records: [TransitionRecord], from start: Double, before end: Double) -> Outcomes {
        var open: [String: (start: Double, last: RecognizerState)] = [:]
        var outcomes: Outcomes = [:]
        func close(_ name: String) {
            guard let gesture = open.removeValue(forKey: name) else { return }
            if gesture.start >= start - 1e-9, gesture.start < end - 1e-9 { outcomes[name, default: []].append(gesture.last) }
        }
        for record in records {
            let gesture = open[record.recognizer] ?? (record.t, record.state)
            open[record.recognizer] = (gesture.start, record.state)
            if record.state.isFinal { close(record.recognizer) }
        }
        for name in open.keys.sorted() { close(name) }
        return outcomes
    }

    /// The largest amount searched in each direction, and the directions: speed up to 200% slower
    /// (three times the duration) and 100% faster (half of it); distance up to 95% less and 200%
    /// more; angle up to 90° either way; timing up to the later touches' delay after the first
    /// touch down or 0.5 s, whichever is more, later, and as early as they can come.
    static func range(_ kind: Perturbation.Kind, _ episode: Episode) -> [(sign: Double, maximum: Double)] {
        switch kind {
        case .speed: return [(1, 2), (-1, 1)]
        case .distance: return [(-1, 0.95), (1, 2)]
        case .angle: return [(1, 90), (-1, 90)]
        case .timing:
            guard let delay = laterDelay(episode) else { return [] }
            return [(1, max(delay, 0.5)), (-1, -Perturbation.earliestTimingShift(episode))]
        }
    }

    /// How long after the first touch down the first later touch came down.
    static func laterDelay(_ episode: Episode) -> Double? {
        episode.instances.first { $0.isLater }.map { $0.downTime - episode.start }
    }

    private mutating func margins(of episode: Episode, next: Double?, baseline: Outcomes) -> EpisodeMargins {
        var result = EpisodeMargins(start: episode.start, end: episode.end, episode: episode, recognizers: [:])
        for name in baseline.keys { result.recognizers[name] = RecognizerMargins(recognizer: name, outcome: baseline[name] ?? []) }
        for kind in Perturbation.Kind.allCases {
            for direction in Self.range(kind, episode) where direction.maximum > 0 {
                search(kind, direction, episode: episode, next: next, baseline: baseline, into: &result)
            }
        }
        return result
    }

    /// The outcomes with `perturbation` applied to `episode`.
    private mutating func outcomes(_ perturbation: Perturbation, episode: Episode, next: Double?) -> Outcomes {
        let (perturbed, shift) = perturbation.apply(to: samples, episode: episode)
        // The next episode moved as much as this one grew.
        let end = next.map { $0 + shift } ?? .infinity
        return Self.outcomes(replay(perturbed), from: episode.start, before: end)
    }

    private mutating func search(
        _ kind: Perturbation.Kind, _ direction: (sign: Double, maximum: Double), episode: Episode, next: Double?, baseline: Outcomes,
        into result: inout EpisodeMargins
    ) {
        var brackets: [String: (low: Double, high: Double, becomes: [RecognizerState])] = [:]
        var previous = 0.0
        for fraction in Self.grid {
            let amount = fraction * direction.maximum
            let perturbed = outcomes(Perturbation(kind: kind, amount: direction.sign * amount), episode: episode, next: next)
            for name in baseline.keys where brackets[name] == nil && perturbed[name] ?? [] != baseline[name] ?? [] {
                brackets[name] = (previous, amount, perturbed[name] ?? [])
            }
            previous = amount
            if brackets.count == baseline.count { break }
        }
        for name in baseline.keys.sorted() {
            guard var bracket = brackets[name] else {
                result.recognizers[name]?.holds.append(Hold(kind: kind, sign: direction.sign, upTo: direction.maximum))
                continue
            }
            for _ in 0..<Self.bisections {
                let middle = (bracket.low + bracket.high) / 2
                let perturbed = outcomes(Perturbation(kind: kind, amount: direction.sign * middle), episode: episode, next: next)
                if perturbed[name] ?? [] != baseline[name] ?? [] {
                    bracket.high = middle
                    bracket.becomes = perturbed[name] ?? []
                } else {
                    bracket.low = middle
                }
            }
            result.recognizers[name]?.flips.append(Flip(
                perturbation: Perturbation(kind: kind, amount: direction.sign * bracket.high), becomes: bracket.becomes,
                percent: Self.percent(kind, bracket.high, episode)))
        }
    }

    /// An amount as a percentage: of the speed or the distance; of a quarter turn for an angle; of
    /// the later touch's delay after the first touch down for timing.
    static func percent(_ kind: Perturbation.Kind, _ magnitude: Double, _ episode: Episode) -> Double {
        switch kind {
        case .speed, .distance: return magnitude * 100
        case .angle: return magnitude / 90 * 100
        case .timing: return laterDelay(episode).map { $0 > 0 ? magnitude / $0 * 100 : 0 } ?? 0
        }
    }
}

/// A perturbation that changed a recognizer's outcome.
struct Flip: Sendable {
    var perturbation: Perturbation
    /// The outcome it changed to (the final states of the recognizer's gestures in the episode).
    var becomes: [RecognizerState]
    /// The amount as a percentage (``MarginSearch/percent(_:_:_:)``).
    var percent: Double
}

/// A direction of a perturbation in which the outcome did not change, as far as it was searched.
struct Hold: Sendable {
    var kind: Perturbation.Kind
    var sign: Double
    var upTo: Double
}

/// One recognizer's margins in one episode.
struct RecognizerMargins: Sendable {
    var recognizer: String
    var outcome: [RecognizerState]
    var flips: [Flip] = []
    var holds: [Hold] = []

    /// The flip with the smallest percentage.
    var nearest: Flip? { flips.min { $0.percent < $1.percent } }
}

/// The margins of one episode.
struct EpisodeMargins: Sendable {
    var start: Double
    var end: Double
    var episode: Episode
    var recognizers: [String: RecognizerMargins]
}
