import Foundation
import GestureKit

/// Synthesis parameters with every default applied and every value checked.
struct ResolvedSynth {
    var kind: SynthKind
    var screen: Size
    var center: Point
    var distance: Double
    var directionRadians: Double
    var duration: Double
    var scale: Double
    var angleRadians: Double
    var fingers: Int
    var rate: Double
    var start: Double
    var seed: UInt64
    var jitter: Double

    /// The direction of movement as a unit vector.
    var unit: Point { Point(x: cos(directionRadians), y: sin(directionRadians)) }
    /// The unit vector a quarter turn clockwise from ``unit``: where side-by-side fingers are spread.
    var normal: Point { Point(x: -sin(directionRadians), y: cos(directionRadians)) }

    /// Where a screen-edge pan starts: 2 pt inside the edge it moves away from, level with the centre.
    var edgeStart: Point {
        let u = unit
        if abs(u.x) >= abs(u.y) {
            return Point(x: u.x >= 0 ? 2 : screen.width - 2, y: center.y)
        }
        return Point(x: center.x, y: u.y >= 0 ? 2 : screen.height - 2)
    }
}

extension SynthParameters {
    /// Every parameter with the kind's default where unset; defaults give a gesture the default scene
    /// recognizes with margin (a 0.08 s tap, a 0.8 s long press, a 200 pt pan over 0.6 s, a 120 pt
    /// swipe in 0.12 s, a pinch from 100 pt to twice that, a 60° rotation of fingers 140 pt apart, a
    /// 150 pt screen-edge pan, a checkmark 120 pt wide).
    ///
    /// - Throws: ``SynthError`` naming the first value out of range.
    func resolved() throws(SynthError) -> ResolvedSynth {
        func check(_ ok: Bool, _ message: String) throws(SynthError) {
            if !ok { throw SynthError(description: message) }
        }
        let defaults: (distance: Double, duration: Double) = {
            switch kind {
            case .tap, .doubleTap: return (0, 0.08)
            case .longPress: return (0, 0.8)
            case .pan: return (200, 0.6)
            case .swipe: return (120, 0.12)
            case .pinch: return (100, 0.5)
            case .rotation: return (140, 0.6)
            case .screenEdgePan: return (150, 0.5)
            case .checkmark: return (120, 0.5)
            }
        }()
        try check(screen.width.isFinite && screen.height.isFinite && screen.width > 0 && screen.height > 0,
            "the screen must have a positive width and height")
        let center = position ?? Point(x: screen.width / 2, y: screen.height / 2)
        try check(center.x.isFinite && center.y.isFinite, "the position must be finite")
        let distance = self.distance ?? defaults.distance
        try check(distance.isFinite && distance >= 0 && distance <= 100_000, "distance must be between 0 and 100000 points")
        let duration = self.duration ?? defaults.duration
        try check(duration.isFinite && duration > 0 && duration <= 600, "duration must be more than 0 and at most 600 seconds")
        let scale = self.scale ?? 2
        try check(scale.isFinite && scale > 0 && scale <= 100, "scale must be more than 0 and at most 100")
        let angle = self.angle ?? 60
        try check(angle.isFinite && abs(angle) <= 3600, "angle must be between -3600 and 3600 degrees")
        let direction = self.direction ?? 0
        try check(direction.isFinite, "direction must be finite")
        try check(rate.isFinite && rate >= 1 && rate <= 1000, "rate must be between 1 and 1000 samples per second")
        try check(start.isFinite && abs(start) <= 1e9, "start must be a time within ±1e9 seconds")
        try check(jitter.isFinite && jitter >= 0 && jitter <= 50, "jitter must be between 0 and 50 points")
        let fingers: Int
        switch kind {
        case .pinch, .rotation:
            try check(self.fingers == nil || self.fingers == 2, "a \(kind.rawValue) is made with exactly 2 fingers")
            fingers = 2
        case .screenEdgePan, .checkmark:
            try check(self.fingers == nil || self.fingers == 1, "a \(kind.rawValue) is made with 1 finger")
            fingers = 1
        default:
            fingers = self.fingers ?? 1
            try check((1...10).contains(fingers), "fingers must be between 1 and 10")
        }
        return ResolvedSynth(
            kind: kind, screen: screen, center: center, distance: distance, directionRadians: direction * .pi / 180,
            duration: duration, scale: scale, angleRadians: angle * .pi / 180, fingers: fingers, rate: rate,
            start: start, seed: seed, jitter: jitter)
    }
}

/// SplitMix64 (Steele, Lea and Flood, 2014): a small, fast, seedable generator whose output is the
/// same on every platform, for reproducible noise (and, in the tests, reproducible random inputs).
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform number in [0, 1).
    mutating func uniform() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// A standard normal number (Box–Muller).
    mutating func gaussian() -> Double {
        let u1 = max(uniform(), 1e-300)
        let u2 = uniform()
        return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }
}

/// Turns strokes into samples: one event per sample time with every finger of the stroke, `moved`
/// only when a finger's rounded position changed, times strictly increasing. The path is complete
/// at the last move; the lift comes one interval later at the same place.
struct SampleBuilder {
    let parameters: ResolvedSynth
    private(set) var samples: [Sample] = []
    private var random: SplitMix64
    private var nextID = 1
    private var lastT: Double?

    init(parameters: ResolvedSynth) {
        self.parameters = parameters
        random = SplitMix64(seed: parameters.seed)
    }

    mutating func add(_ stroke: SynthStroke) {
        let intervals = max(1, Int((stroke.duration * parameters.rate).rounded(.up)))
        let ids = (0..<stroke.fingers).map { nextID + $0 }
        nextID += stroke.fingers
        var last: [Point?] = Array(repeating: nil, count: stroke.fingers)
        for k in 0...intervals {
            // The fingers reach the end of the path one sample before they lift, as fingers settle:
            // the last move then carries the full distance, scale or angle.
            let u = intervals < 2 ? Double(k) / Double(intervals) : min(1, Double(k) / Double(intervals - 1))
            var t = stroke.start + stroke.duration * Double(k) / Double(intervals)
            if parameters.jitter > 0, k > 0, k < intervals {
                t += (random.uniform() - 0.5) * 0.3 * stroke.duration / Double(intervals)
            }
            t = Self.rounded(t, 10_000)
            if let lastT, t <= lastT { t = Self.rounded(lastT + 0.0001, 10_000) }
            let phase: TouchPhase = k == 0 ? .began : (k == intervals ? .ended : .moved)
            var event: [Sample] = []
            for finger in 0..<stroke.fingers {
                let point = place(stroke.path(finger, u))
                if phase == .moved, point == last[finger] { continue }
                last[finger] = point
                event.append(.touch(t, id: .number(ids[finger]), phase, x: point.x, y: point.y))
            }
            if !event.isEmpty {
                samples += event
                lastT = t
            }
        }
    }

    /// The point with noise, inside the screen, rounded to 0.01 pt.
    private mutating func place(_ point: Point) -> Point {
        var p = point
        if parameters.jitter > 0 {
            let limit = 2.0
            p.x += parameters.jitter * min(max(random.gaussian(), -limit), limit)
            p.y += parameters.jitter * min(max(random.gaussian(), -limit), limit)
        }
        let screen = parameters.screen
        p.x = min(max(p.x, 0), max(0, screen.width - 0.01))
        p.y = min(max(p.y, 0), max(0, screen.height - 0.01))
        return Point(x: Self.rounded(p.x, 100), y: Self.rounded(p.y, 100))
    }

    static func rounded(_ value: Double, _ places: Double) -> Double { (value * places).rounded() / places }
}
