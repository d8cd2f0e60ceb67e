import Foundation
import GestureKit

/// A stretch of a trace that margins perturb as one: from a touch down while no finger is down,
/// through every touch that comes down before all fingers have been up for
/// ``Episode/separation`` seconds (a double tap's two taps are one episode; two gestures a second
/// apart are two).
struct Episode: Sendable {
    /// How long every finger must stay up for the next touch down to start a new episode, in seconds
    /// (longer than the default multiTapInterval, 0.35 s).
    static let separation = 0.5
    /// How close a shifted touch may come to the touch down before it, in seconds.
    static let timingGuard = 0.001

    /// One touch from its touch down to its lift.
    struct Instance: Sendable {
        var id: TouchID
        /// Where and when it touched down.
        var down: Point
        var downTime: Double
        /// Whether it came down after the episode's first touch (a second finger, a later tap).
        var isLater: Bool
        /// Whether another finger was down when it touched down (a second finger, not a later tap).
        var overlaps: Bool
        /// The earliest its touch down may be moved to (``Perturbation/earliestTimingShift(_:)``).
        var earliestDown: Double
        /// The indices of its samples, and their times.
        var indices: [Int]
        var times: [Double]
        /// Where its last sample is, relative to where it touched down.
        var displacement: Point
    }

    /// The first touch down's time, and the last touch sample's.
    var start: Double
    var end: Double
    /// Its touches in order of touch down.
    var instances: [Instance]
    /// The indices of its touch samples, in order.
    var sampleIndices: [Int]
    /// The index of its last sample.
    var lastIndex: Int
    /// Which instance each of its samples belongs to.
    private var owner: [Int: Int]

    /// The touch instance a sample belongs to.
    func instance(of index: Int) -> Instance? { owner[index].map { instances[$0] } }

    /// Whether the sample is one of the episode's.
    func contains(_ index: Int) -> Bool { owner[index] != nil }

    /// The instance with the longest displacement (the stroke that margins describe).
    var longestStroke: Instance? {
        instances.max { hypot($0.displacement.x, $0.displacement.y) < hypot($1.displacement.x, $1.displacement.y) }
    }

    /// The times of the samples of the touches that timing does not shift, sorted and distinct:
    /// the events a shifted second finger's samples are moved onto.
    var unshiftedTimes: [Double] {
        Array(Set(instances.filter { !$0.isLater }.flatMap(\.times))).sorted()
    }

    /// The episodes of a trace, in order.
    static func split(_ samples: [Sample]) -> [Episode] {
        var episodes: [Episode] = []
        var current: Episode?
        var down: [TouchID: Int] = [:]  // id → instance index in `current`
        var lastLift = -Double.infinity
        var lastEnd: [TouchID: Double] = [:]
        for (index, sample) in samples.enumerated() {
            guard case .touch(let id, let phase, let location, _, _) = sample.kind else { continue }
            if phase == .began {
                if down.isEmpty, sample.t - lastLift >= separation || current == nil {
                    if let done = current { episodes.append(done) }
                    current = Episode(
                        start: sample.t, end: sample.t, instances: [], sampleIndices: [], lastIndex: index, owner: [:])
                }
                guard var episode = current else { continue }
                let earliest = max(episode.start, lastEnd[id] ?? -Double.infinity) + timingGuard
                episode.instances.append(Instance(
                    id: id, down: location, downTime: sample.t, isLater: sample.t > episode.start, overlaps: !down.isEmpty,
                    earliestDown: earliest,
                    indices: [], times: [], displacement: .zero))
                down[id] = episode.instances.count - 1
                current = episode
            }
            guard var episode = current, let which = down[id] else { continue }
            episode.instances[which].indices.append(index)
            episode.instances[which].times.append(sample.t)
            episode.instances[which].displacement = location - episode.instances[which].down
            episode.sampleIndices.append(index)
            episode.owner[index] = which
            episode.end = sample.t
            episode.lastIndex = index
            current = episode
            if phase.isTerminal {
                down[id] = nil
                lastEnd[id] = sample.t
                if down.isEmpty { lastLift = sample.t }
            }
        }
        if let done = current { episodes.append(done) }
        return episodes
    }
}
