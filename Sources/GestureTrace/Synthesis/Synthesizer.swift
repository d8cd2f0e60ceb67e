import Foundation
import GestureKit

/// The gestures `Synthesizer` can draw.
public enum SynthKind: String, Sendable, CaseIterable {
    case tap, doubleTap, longPress, pan, swipe, pinch, rotation, screenEdgePan, checkmark

    /// Whether the kind is drawn with exactly two fingers.
    var isTwoFinger: Bool { self == .pinch || self == .rotation }
}

/// What to synthesize: the gesture and its geometry, timing and noise. Unset values take the kind's
/// defaults (see ``SynthParameters/resolved()``).
public struct SynthParameters: Hashable, Sendable {
    /// The gesture.
    public var kind: SynthKind
    /// The screen, in points.
    public var screen: Size = .defaultScreen
    /// The gesture's centre: the touch point of taps, the middle of a stroke, the point between two
    /// fingers. Default: the centre of the screen (for a screen-edge pan, the edge point level with it).
    public var position: Point?
    /// Stroke length (pan, swipe, screen-edge pan), finger spacing at the start (pinch, rotation), or
    /// width (checkmark), in points.
    public var distance: Double?
    /// Direction of movement in degrees, 0 = right, 90 = down (screen y grows downwards); for pinch
    /// and rotation, the angle of the line from the first finger to the second at the start.
    public var direction: Double?
    /// How long the fingers are down (each tap of a double tap), in seconds.
    public var duration: Double?
    /// Pinch: the final finger spacing over the first.
    public var scale: Double?
    /// Rotation: the angle turned, in degrees, positive clockwise on screen.
    public var angle: Double?
    /// Fingers moving together (tap, double tap, long press, pan, swipe).
    public var fingers: Int?
    /// Samples per second.
    public var rate: Double = 120
    /// The time of the first sample, in seconds.
    public var start: Double = 0
    /// Seed of the noise generator: the same seed gives the same trace.
    public var seed: UInt64 = 1
    /// Standard deviation of the position noise, in points (each sample; clamped at twice it); above
    /// 0 the sample times also wobble by up to 15% of the interval.
    public var jitter: Double = 0

    /// Creates parameters for `kind` with every default.
    public init(kind: SynthKind) {
        self.kind = kind
    }
}

/// Why parameters cannot be synthesized.
public struct SynthError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, naming the parameter.
    public var description: String
}

/// Writes synthetic traces: for each gesture kind, samples that the default scene (with a screen-edge
/// pan or checkmark recognizer added for those kinds) recognizes as that gesture.
///
/// Deterministic: the noise comes from ``SplitMix64`` seeded with `seed`, never the system's random
/// numbers, and times and positions are rounded (to 0.1 ms and 0.01 pt), so a trace is the same on
/// every machine.
///
/// ```swift
/// var parameters = SynthParameters(kind: .pinch)
/// parameters.scale = 0.5
/// let samples = try Synthesizer.samples(parameters)   // two fingers from 100 pt apart to 50 pt apart
/// ```
///
/// See also: `TraceWriter`, which writes the samples in any encoding.
public enum Synthesizer {
    /// The samples of the gesture, a valid trace.
    ///
    /// - Throws: ``SynthError`` for a parameter out of range (a non-positive duration or scale, a rate
    ///   outside 1…1000 Hz, a finger count the kind does not allow).
    public static func samples(_ parameters: SynthParameters) throws(SynthError) -> [Sample] {
        let p = try parameters.resolved()
        var builder = SampleBuilder(parameters: p)
        for stroke in Self.strokes(p) { builder.add(stroke) }
        return builder.samples
    }

    /// The strokes of a gesture: who is down when, and where.
    static func strokes(_ p: ResolvedSynth) -> [SynthStroke] {
        let fingers = p.fingers
        let spread = { (index: Int) -> Point in
            let offset = (Double(index) - Double(fingers - 1) / 2) * 40
            return p.normal * offset
        }
        switch p.kind {
        case .tap, .longPress:
            return [SynthStroke(start: p.start, duration: p.duration, fingers: fingers) { i, _ in p.center + spread(i) }]
        case .doubleTap:
            let second = p.start + p.duration + 0.12
            return [
                SynthStroke(start: p.start, duration: p.duration, fingers: fingers) { i, _ in p.center + spread(i) },
                SynthStroke(start: second, duration: p.duration, fingers: fingers) { i, _ in p.center + spread(i) + Point(x: 1, y: 1) },
            ]
        case .pan, .swipe:
            let swipe = p.kind == .swipe
            return [SynthStroke(start: p.start, duration: p.duration, fingers: fingers) { i, u in
                let progress = swipe ? Ease.out(u) : Ease.inOut(u)
                return p.center + spread(i) + p.unit * (p.distance * (progress - 0.5))
            }]
        case .screenEdgePan:
            let from = p.edgeStart
            return [SynthStroke(start: p.start, duration: p.duration, fingers: 1) { _, u in
                from + p.unit * (p.distance * Ease.inOut(u))
            }]
        case .pinch:
            return [SynthStroke(start: p.start, duration: p.duration, fingers: 2) { i, u in
                let half = p.distance * (1 + (p.scale - 1) * Ease.inOut(u)) / 2
                return p.center + p.unit * (i == 0 ? -half : half)
            }]
        case .rotation:
            return [SynthStroke(start: p.start, duration: p.duration, fingers: 2) { i, u in
                let theta = p.directionRadians + p.angleRadians * Ease.inOut(u)
                let half = Point(x: cos(theta), y: sin(theta)) * (p.distance / 2)
                return i == 0 ? p.center - half : p.center + half
            }]
        case .checkmark:
            let w = p.distance
            let topLeft = p.center + Point(x: -w / 2, y: -0.05 * w)
            let vertex = topLeft + Point(x: 0.35 * w, y: 0.45 * w)
            let end = topLeft + Point(x: w, y: -0.35 * w)
            let first = topLeft.distance(to: vertex)
            let total = first + vertex.distance(to: end)
            return [SynthStroke(start: p.start, duration: p.duration, fingers: 1) { _, u in
                let along = total * u
                if along <= first { return topLeft + (vertex - topLeft) * (along / first) }
                return vertex + (end - vertex) * ((along - first) / (total - first))
            }]
        }
    }
}

/// Easing curves of strokes: where a finger is at fraction `u` of the stroke's time.
enum Ease {
    /// Slow start and end, as a finger drags (smoothstep).
    static func inOut(_ u: Double) -> Double { u * u * (3 - 2 * u) }
    /// Fast start, slow end, as a flick.
    static func out(_ u: Double) -> Double { 1 - (1 - u) * (1 - u) }
}

/// Fingers down together from `start` for `duration`, each at `path(finger, u)` at fraction `u` of it.
struct SynthStroke {
    var start: Double
    var duration: Double
    var fingers: Int
    var path: (Int, Double) -> Point
}
