import Testing
@testable import GestureKit
@testable import GestureTrace

/// The invariants of `InvariantTests` on what those tests do not generate: random scenes with deep view
/// trees (hidden, transparent, disabled and exclusive views, hit-test overrides, insets, forwarding,
/// controllers, a first responder), recognizers with random settings and relationships, delegates that
/// answer at random, and traces with many fingers down at once (docs/reliability.md).
@Suite struct DeepSceneInvariantTests {}

/// A random view tree up to five levels deep, and recognizers on random views.
func deepRandomScene(seed: UInt64) -> SceneDescription {
    var rng = SplitMix64(seed: seed ^ 0x5CE4E)
    var names: [String] = []
    func makeView(depth: Int, in bounds: Rect) -> ViewDescription {
        let name = "v\(names.count)"
        names.append(name)
        let width = max(0, rng.uniform() * bounds.size.width * 1.2)
        let height = max(0, rng.uniform() * bounds.size.height * 1.2)
        let frame =
            rng.chance(0.1)
            ? Rect(x: -20, y: -20, width: bounds.size.width + 40, height: bounds.size.height + 40)
            : Rect(x: rng.uniform() * bounds.size.width - width / 4, y: rng.uniform() * bounds.size.height - height / 4, width: width, height: height)
        var view = ViewDescription(name: name, frame: frame)
        view.userInteractionEnabled = !rng.chance(0.08)
        view.hidden = rng.chance(0.05)
        view.alpha = rng.chance(0.05) ? 0.005 : 1
        view.multipleTouchEnabled = rng.chance(0.6)
        view.exclusiveTouch = rng.chance(0.1)
        view.clipsToBounds = rng.chance(0.3)
        view.handles = Set(HandledEvents.allCases.filter { _ in rng.chance(0.5) })
        view.canBecomeFirstResponder = rng.chance(0.3)
        view.hitTest = HitTestRule.allCases[rng.below(HitTestRule.allCases.count)]
        if rng.chance(0.2) {
            let inset = (rng.uniform() - 0.5) * 30
            view.hitInsets = EdgeInsets(top: inset, left: -inset, bottom: inset / 2, right: rng.uniform() * 10)
        }
        if depth < 5 {
            for _ in 0..<rng.below(depth == 0 ? 4 : 3) {
                view.children.append(makeView(depth: depth + 1, in: Rect(x: 0, y: 0, width: width, height: height)))
            }
        }
        return view
    }
    var roots = [makeView(depth: 0, in: Rect(x: 0, y: 0, width: 390, height: 844))]
    if rng.chance(0.4) { roots.append(makeView(depth: 1, in: Rect(x: 0, y: 0, width: 390, height: 844))) }
    let viewNames = names

    // Controllers on some views; forwarding to earlier names only (no forwarding cycles).
    var controllers: [ControllerDescription] = []
    for (index, view) in viewNames.enumerated() where rng.chance(0.15) {
        controllers.append(ControllerDescription(name: "c\(index)", view: view, handles: rng.chance(0.5) ? [.motion] : []))
    }
    func forward(_ view: inout ViewDescription) {
        if let index = viewNames.firstIndex(of: view.name), index > 0, rng.chance(0.1) {
            view.forwardsTo = viewNames[rng.below(index)]
        } else if !controllers.isEmpty, rng.chance(0.05) {
            view.forwardsTo = controllers[rng.below(controllers.count)].name
        }
        for child in view.children.indices { forward(&view.children[child]) }
    }
    for index in roots.indices { forward(&roots[index]) }
    var scene = SceneDescription(views: roots, recognizers: [])
    scene.controllers = controllers
    let responders = viewNames + controllers.map(\.name)
    if rng.chance(0.5) { scene.firstResponder = responders[rng.below(responders.count)] }
    scene.velocityEstimator = VelocityEstimatorKind.allCases[rng.below(3)]

    // Recognizers of every kind with random settings.
    func some<T>(_ all: [T]) -> Set<T> where T: Hashable {
        var chosen = Set(all.filter { _ in rng.chance(0.4) })
        if chosen.isEmpty { chosen.insert(all[rng.below(all.count)]) }
        return chosen
    }
    var recognizers: [RecognizerDescription] = []
    for index in 0..<(2 + rng.below(10)) {
        let kind: RecognizerKind
        switch rng.below(9) {
        case 0: kind = .tap(numberOfTapsRequired: 1 + rng.below(3), numberOfTouchesRequired: 1 + rng.below(3))
        case 1:
            kind = .longPress(
                minimumPressDuration: [0, 0.1, 0.5][rng.below(3)], allowableMovement: [0, 10, 1000][rng.below(3)],
                numberOfTouchesRequired: 1 + rng.below(2), numberOfTapsRequired: rng.below(2))
        case 2:
            let minimum = 1 + rng.below(3)
            kind = .pan(minimumNumberOfTouches: minimum, maximumNumberOfTouches: rng.chance(0.5) ? Int.max : minimum + rng.below(3))
        case 3: kind = .screenEdgePan(edges: some(ScreenEdge.allCases))
        case 4: kind = .swipe(direction: some(SwipeDirection.allCases), numberOfTouchesRequired: 1 + rng.below(3))
        case 5: kind = .pinch
        case 6: kind = .rotation
        case 7: kind = .checkmark
        default:
            kind = .template(
                templates: [StrokeTemplate(name: "vee", points: [Point(x: 0, y: 0), Point(x: 50, y: 50), Point(x: 100, y: 0)])],
                minimumScore: rng.uniform())
        }
        let view = rng.chance(0.15) ? "window" : viewNames[rng.below(viewNames.count)]
        var r = RecognizerDescription(name: "r\(index)", kind: kind, view: view)
        r.enabled = !rng.chance(0.08)
        r.cancelsTouchesInView = rng.chance(0.7)
        r.delaysTouchesBegan = rng.chance(0.25)
        r.delaysTouchesEnded = rng.chance(0.7)
        r.shouldBegin = !rng.chance(0.1)
        let earlier = recognizers.map(\.name)
        if !earlier.isEmpty, rng.chance(0.4) { r.requireToFail = Array(some(earlier)).sorted() }
        switch rng.below(4) {
        case 0: r.simultaneousWith = ["*"]
        case 1 where !earlier.isEmpty: r.simultaneousWith = Array(some(earlier)).sorted()
        default: break
        }
        switch rng.below(5) {
        case 0: r.canPrevent = .none
        case 1 where !earlier.isEmpty: r.canPrevent = .named(some(earlier))
        default: break
        }
        switch rng.below(5) {
        case 0: r.canBePreventedBy = .none
        case 1 where !earlier.isEmpty: r.canBePreventedBy = .named(some(earlier))
        default: break
        }
        switch rng.below(6) {
        case 0: r.shouldReceiveTouch = .inViews([viewNames[rng.below(viewNames.count)]])
        case 1: r.shouldReceiveTouch = .notInViews([viewNames[rng.below(viewNames.count)]])
        default: break
        }
        recognizers.append(r)
    }
    scene.recognizers = recognizers
    return scene
}

/// A random valid trace with many fingers: up to eleven down at once, bursts where several touch down
/// or lift in the same event, ids reused, stationary and cancelled touches, long gaps and identical times.
func manyFingerTrace(seed: UInt64, length: Int = 220) -> [Sample] {
    var rng = SplitMix64(seed: seed ^ 0xF1F1)
    var samples: [Sample] = []
    var down: [Int: Point] = [:]
    var t = rng.uniform() * 100
    for _ in 0..<length {
        let r = rng.uniform()
        t += r < 0.15 ? 0 : (r < 0.2 ? rng.uniform() * 3 : 1.0 / 120)
        // One event: a set of distinct fingers, each with one change.
        var fingers = Array(0..<11).filter { _ in rng.chance(0.25) }
        if fingers.isEmpty { fingers = [rng.below(11)] }
        if samples.last?.t == t {
            // The event goes on: only fingers not in it yet.
            let inEvent = Set(samples.reversed().prefix { $0.t == t }.compactMap { sample -> Int? in
                if case .touch(let id, _, _, _, _) = sample.kind, case .number(let n) = id { return n }
                return nil
            })
            fingers.removeAll { inEvent.contains($0) }
        }
        let step = FingerStep(jitter: 60, cancelBelow: 0.2, stayBelow: 0.35, area: Rect(x: -20, y: -20, width: 430, height: 884))
        for id in fingers {
            step.take(id, at: t, down: &down, rng: &rng, into: &samples)
        }
        if rng.chance(0.02) {
            samples.append(Sample(t: t, kind: .motion(phase: rng.chance(0.5) ? .began : .cancelled, subtype: .shake)))
        }
        if rng.chance(0.02) { samples.append(Sample(t: t, kind: .remoteControl(subtype: .play))) }
    }
    return samples
}

/// A delegate whose answers are random but a function of the question, so that a second run asks and
/// gets the same.
final class RandomDelegate: GestureRecognizerDelegate {
    let seed: UInt64
    init(seed: UInt64) { self.seed = seed }

    private func answer(_ parts: [String], _ probability: Double) -> Bool {
        var hash: UInt64 = seed
        for byte in parts.joined(separator: "|").utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        var rng = SplitMix64(seed: hash)
        return rng.chance(probability)
    }

    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        answer(["begin", recognizer.name, "\(recognizer.now)"], 0.8)
    }

    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        answer(["receive", recognizer.name, "\(touch.id)", "\(touch.startTime)"], 0.85)
    }

    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        answer(["simultaneous", recognizer.name, other.name], 0.5)
    }
}

extension DeepSceneInvariantTests {
    /// Runs the samples, checking every invariant; returns the records.
    @discardableResult
    static func runChecked(_ samples: [Sample], scene: SceneDescription, randomDelegates: Bool, seed: Int) throws
        -> [AnalysisRecord]
    {
        let engine = try Engine(scene: scene, options: EngineOptions(deliveries: true))
        var delegates: [RandomDelegate] = []
        if randomDelegates {
            for recognizer in engine.environment.recognizers {
                let delegate = RandomDelegate(seed: UInt64(seed))
                recognizer.delegate = delegate
                delegates.append(delegate)
            }
        }
        var records: [AnalysisRecord] = []
        engine.onRecord = { records.append($0) }
        for sample in samples { engine.process(sample) }
        engine.finish()
        withExtendedLifetime(delegates) {}

        let violations = RecordInvariants.violations(in: records)
        #expect(violations.isEmpty, "\(violations) (seed \(seed))")
        expectAtRest(engine, seed: seed)
        return records
    }

    @Test(arguments: 0..<60)
    func deepScenesKeepEveryInvariant(seed: Int) throws {
        let scene = deepRandomScene(seed: UInt64(seed))
        let samples = seed % 2 == 0 ? manyFingerTrace(seed: UInt64(seed)) : randomTrace(seed: UInt64(seed), length: 200)
        let first = try Self.runChecked(samples, scene: scene, randomDelegates: false, seed: seed)
        // Byte-identical reruns: the same records, in the same order.
        #expect(try Self.runChecked(samples, scene: scene, randomDelegates: false, seed: seed) == first, "seed \(seed)")
    }

    @Test(arguments: 0..<60)
    func randomDelegateAnswersKeepEveryInvariant(seed: Int) throws {
        let scene = seed % 3 == 0 ? SceneDescription.defaultScene() : deepRandomScene(seed: UInt64(seed) &+ 1000)
        let samples = seed % 2 == 0 ? manyFingerTrace(seed: UInt64(seed) &+ 7) : randomTrace(seed: UInt64(seed) &+ 7)
        let first = try Self.runChecked(samples, scene: scene, randomDelegates: true, seed: seed)
        #expect(try Self.runChecked(samples, scene: scene, randomDelegates: true, seed: seed) == first, "seed \(seed)")
    }
}

extension DeepSceneInvariantTests {
    /// The random scenes are not vacuous: touches reach views, and recognizers begin and recognize.
    @Test func randomScenesExerciseTheEngine() throws {
        var successes = 0
        var deliveries = 0
        var forwarded = 0
        for seed in 0..<20 {
            let records = try Self.runChecked(
                manyFingerTrace(seed: UInt64(seed)), scene: deepRandomScene(seed: UInt64(seed)), randomDelegates: seed % 2 == 1,
                seed: seed)
            for record in records {
                switch record {
                case .transition(let r) where r.state == .began || r.state == .recognized: successes += 1
                case .delivery(let d):
                    deliveries += 1
                    if d.forwardedBy != nil { forwarded += 1 }
                default: break
                }
            }
        }
        #expect(successes > 50 && deliveries > 1000 && forwarded > 0, "\(successes) successes, \(deliveries) deliveries, \(forwarded) forwarded")
    }
}
