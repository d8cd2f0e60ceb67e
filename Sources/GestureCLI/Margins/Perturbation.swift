import Foundation
import GestureKit

/// One controlled change of a trace's input, applied to one episode's touches (``Episode``).
///
/// Every perturbation is a pure function of the samples: the same trace and amount always give
/// the same samples, so margins are deterministic.
///
/// - `speed`: time scaled about the episode's first touch down: durations × `1 + m` (slower) or
///   ÷ `1 + m` (faster).
/// - `distance`: each finger's displacement from where it touched down scaled by `1 − m` (less) or
///   `1 + m` (more); where fingers land does not move, so hit-testing stays the same.
/// - `angle`: each finger's displacement from where it touched down rotated by `θ` degrees,
///   positive clockwise on screen.
/// - `timing`: the touches that come down after the episode's first one (a second finger, a
///   later tap) shifted in time by `Δ` seconds, all together. A second finger's samples then land
///   on the nearest event of the first finger's (within half its frame interval), as a device
///   samples fingers together: otherwise any shift, however small, would split each event in two
///   and move one finger without the other.
///
/// Samples after the episode move later by as much as the episode grew, so that they stay after it.
struct Perturbation: Hashable, Sendable {
    /// Which change.
    enum Kind: String, CaseIterable, Sendable {
        case speed, distance, angle, timing
    }

    var kind: Kind
    /// The signed amount: a fraction for speed (positive slower) and distance (positive more),
    /// degrees for angle (positive clockwise), seconds for timing (positive later).
    var amount: Double

    /// The samples with this change applied to `episode`'s touches, and how much later the samples
    /// after the episode now come.
    func apply(to samples: [Sample], episode: Episode) -> (samples: [Sample], shift: Double) {
        var out = samples
        var latest = episode.end
        let events = kind == .timing ? episode.unshiftedTimes : []
        var frame = Double.infinity
        for (a, b) in zip(events, events.dropFirst()) where b - a > 1e-9 { frame = min(frame, b - a) }
        for index in episode.sampleIndices {
            guard case .touch(let id, let phase, let location, let force, let radius) = samples[index].kind else { continue }
            var t = samples[index].t
            var point = location
            let touch = episode.instance(of: index)
            switch kind {
            case .speed:
                let factor = amount >= 0 ? 1 + amount : 1 / (1 - amount)
                t = episode.start + (t - episode.start) * factor
            case .distance:
                if let origin = touch?.down { point = origin + (location - origin) * max(0, 1 + amount) }
            case .angle:
                if let origin = touch?.down {
                    let radians = amount * .pi / 180
                    let d = location - origin
                    point = origin + Point(x: d.x * cos(radians) - d.y * sin(radians), y: d.x * sin(radians) + d.y * cos(radians))
                }
            case .timing:
                if let touch, touch.isLater {
                    t += amount
                    if touch.overlaps { t = Self.snap(t, to: events, within: frame / 2) }
                }
            }
            latest = max(latest, t)
            out[index] = Sample(t: t, kind: .touch(id: id, phase: phase, location: point, force: force, radius: radius))
        }
        let shift = max(0, latest - episode.end)
        if shift > 0 {
            for index in out.indices where index > episode.lastIndex && !episode.contains(index) { out[index].t += shift }
        }
        // Stable: samples of one time keep their order.
        return (out.enumerated().sorted { ($0.element.t, $0.offset) < ($1.element.t, $1.offset) }.map(\.element), shift)
    }

    /// `t` moved onto the nearest of `events` when one is within `tolerance`.
    static func snap(_ t: Double, to events: [Double], within tolerance: Double) -> Double {
        var low = 0, high = events.count
        while low < high {
            let middle = (low + high) / 2
            if events[middle] < t { low = middle + 1 } else { high = middle }
        }
        var best = t, distance = Double.infinity
        for index in [low - 1, low] where events.indices.contains(index) {
            let d = abs(events[index] - t)
            if d <= tolerance + 1e-12, d < distance { (best, distance) = (events[index], d) }
        }
        return best
    }

    /// How far the episode's later touches may move earlier: each must stay after the first touch
    /// down, and after the end of an unshifted touch of the same id.
    static func earliestTimingShift(_ episode: Episode) -> Double {
        var limit = -Double.infinity
        for touch in episode.instances where touch.isLater {
            limit = max(limit, touch.earliestDown - touch.downTime + Episode.timingGuard)
        }
        return min(0, limit)
    }
}
