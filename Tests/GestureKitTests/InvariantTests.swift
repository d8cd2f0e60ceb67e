import Testing
@testable import GestureKit
@testable import GestureTrace

/// Properties that hold for every valid trace and scene, checked on random ones.
@Suite struct InvariantTests {}

/// The synthesizer's deterministic generator (SplitMix64), so failures reproduce from their seed, with
/// the draws these tests make.
extension SplitMix64 {
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }
    mutating func chance(_ p: Double) -> Bool { uniform() < p }
}

/// A random valid trace: up to five fingers, ids reused, stationary samples, cancellations,
/// long gaps, several changes per event, and motion, remote-control and application samples.
func randomTrace(seed: UInt64, length: Int = 160) -> [Sample] {
    var rng = SplitMix64(seed: seed)
    var samples: [Sample] = []
    var down: [Int: Point] = [:]
    var t = rng.uniform() * 10
    var ignoring = 0
    var used: Set<Int> = []
    for _ in 0..<length {
        // Advance time: usually one 120 Hz frame, sometimes a long gap, sometimes no time at all
        // (then the event goes on, and a finger may still appear only once in it).
        let r = rng.uniform()
        let step = r < 0.1 ? 0 : (r < 0.15 ? rng.uniform() * 1.5 : 1.0 / 120)
        if step > 0 { used = [] }
        t += step
        let changes = 1 + rng.below(3)
        for _ in 0..<changes {
            let roll = rng.uniform()
            if roll < 0.03 {
                samples.append(Sample(t: t, kind: .motion(phase: rng.chance(0.5) ? .began : .ended, subtype: .shake)))
                break
            }
            if roll < 0.05 {
                let begin = ignoring == 0 || rng.chance(0.5)
                ignoring += begin ? 1 : -1
                samples.append(Sample(t: t, kind: .application(subtype: begin ? .beginIgnoringInteractionEvents : .endIgnoringInteractionEvents)))
                break
            }
            let id = rng.below(5)
            guard !used.contains(id) else { continue }
            used.insert(id)
            FingerStep(jitter: 40, cancelBelow: 0.18, stayBelow: 0.3, area: Rect(x: -15, y: -18, width: 420, height: 880))
                .take(id, at: t, down: &down, rng: &rng, into: &samples)
        }
    }
    return samples
}

/// One random change of a finger in the random traces: a finger that is down lifts (chance 0.15), is
/// cancelled (up to `cancelBelow`), stays (up to `stayBelow`) or moves by up to `jitter / 2` each way;
/// one that is up touches down somewhere in `area`.
struct FingerStep {
    var jitter: Double
    var cancelBelow: Double
    var stayBelow: Double
    var area: Rect

    func take(_ id: Int, at t: Double, down: inout [Int: Point], rng: inout SplitMix64, into samples: inout [Sample]) {
        guard let p = down[id] else {
            let p = Point(x: rng.uniform() * area.size.width + area.origin.x, y: rng.uniform() * area.size.height + area.origin.y)
            samples.append(.touch(t, id: .number(id), .began, x: p.x, y: p.y))
            down[id] = p
            return
        }
        let action = rng.uniform()
        let moved = Point(x: p.x + (rng.uniform() - 0.5) * jitter, y: p.y + (rng.uniform() - 0.5) * jitter)
        let phase: TouchPhase = action < 0.15 ? .ended : action < cancelBelow ? .cancelled : action < stayBelow ? .stationary : .moved
        let at = phase == .ended || phase == .moved ? moved : p
        samples.append(.touch(t, id: .number(id), phase, x: at.x, y: at.y))
        down[id] = phase == .moved ? moved : phase == .stationary ? p : nil
    }
}

/// A random scene: nested views and every kind of recognizer with random relationships (no cycles).
func randomScene(seed: UInt64) -> SceneDescription {
    var rng = SplitMix64(seed: seed ^ 0xABCDEF)
    var inner = ViewDescription(name: "inner", frame: Rect(x: 40, y: 200, width: 300, height: 300))
    inner.multipleTouchEnabled = rng.chance(0.5)
    inner.exclusiveTouch = rng.chance(0.2)
    inner.handles = rng.chance(0.7) ? [.touches] : []
    var root = ViewDescription(name: "root", frame: Rect(x: 0, y: 0, width: 390, height: 844), children: [inner])
    root.multipleTouchEnabled = true
    let kinds: [RecognizerKind] = [
        .tap(), .tap(numberOfTapsRequired: 2), .tap(numberOfTouchesRequired: 2), .longPress(),
        .longPress(numberOfTouchesRequired: 2, numberOfTapsRequired: 1), .pan(), .pan(minimumNumberOfTouches: 2, maximumNumberOfTouches: 3),
        .screenEdgePan(edges: [.left, .bottom]), .swipe(direction: Set(SwipeDirection.allCases)), .swipe(direction: [.up], numberOfTouchesRequired: 2),
        .pinch, .rotation, .checkmark,
        .template(templates: [StrokeTemplate(name: "line", points: [Point(x: 0, y: 0), Point(x: 100, y: 0)])]),
    ]
    var recognizers: [RecognizerDescription] = []
    for (index, kind) in kinds.enumerated() where rng.chance(0.6) {
        var r = RecognizerDescription(name: "r\(index)", kind: kind, view: ["root", "inner", "window"][rng.below(3)])
        r.cancelsTouchesInView = rng.chance(0.7)
        r.delaysTouchesBegan = rng.chance(0.2)
        r.delaysTouchesEnded = rng.chance(0.7)
        r.shouldBegin = rng.chance(0.9)
        if rng.chance(0.3) { r.simultaneousWith = ["*"] }
        if rng.chance(0.2) { r.canPrevent = .none }
        if rng.chance(0.1) { r.enabled = false }
        if rng.chance(0.2) { r.shouldReceiveTouch = .notInViews(["inner"]) }
        // Require only earlier recognizers to fail, so there is never a cycle.
        if let earlier = recognizers.last, rng.chance(0.4) { r.requireToFail = [earlier.name] }
        recognizers.append(r)
    }
    return SceneDescription(views: [root], recognizers: recognizers)
}

extension InvariantTests {
    @Test(arguments: 0..<120)
    func randomTracesKeepEveryInvariant(seed: Int) throws {
        let samples = randomTrace(seed: UInt64(seed))
        let scene = seed % 3 == 0 ? SceneDescription.defaultScene() : randomScene(seed: UInt64(seed))
        let engine = try Engine(scene: scene, options: EngineOptions(deliveries: true))
        var records: [AnalysisRecord] = []
        engine.onRecord = { records.append($0) }
        for sample in samples { engine.process(sample) }
        engine.finish()

        // Times never go back, transitions are legal paths, each delivered touch ends once.
        let violations = RecordInvariants.violations(in: records)
        #expect(violations.isEmpty, "\(violations) (seed \(seed))")
        // Every recognizer is back in possible, with no touches, timers or waiting transitions.
        expectAtRest(engine, seed: seed)

        // The same input gives the same records.
        let again = try analyze(samples, scene: scene, deliveries: true)
        #expect(again == records)
    }
}

/// Checks that the engine has nothing left after `finish()`: every recognizer in possible with no
/// touches or waiting transitions, no timers, no touches, no held deliveries.
func expectAtRest(_ engine: Engine, seed: Int) {
    for r in engine.environment.recognizers {
        #expect(r.state == .possible, "\(r.name) ends in \(r.state) (seed \(seed))")
        #expect(r.touches.isEmpty, "\(r.name) still has touches (seed \(seed))")
        #expect(r.waitingStates.isEmpty, "\(r.name) still waits (seed \(seed))")
    }
    #expect(engine.environment.clock.isEmpty, "timers left (seed \(seed))")
    #expect(engine.activeTouches.isEmpty, "touches left (seed \(seed))")
    #expect(engine.delivery.unfinished.isEmpty, "deliveries still held at the end (seed \(seed))")
}
