import GestureKit
import GestureTesting
import GestureUIKit
import Testing

/// Sets `state` to `request` at the `at`-th touch event (0 = touches began), whatever the state is.
final class StateSetter: UIGestureRecognizer {
    var plan: [Int: [UIGestureRecognizer.State]] = [:]
    private var events = 0

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { apply() }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { apply() }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { apply() }

    private func apply() {
        for request in plan[events] ?? [] { state = request }
        events += 1
    }

    override func reset() { events = 0 }
}

/// A pan subclass overriding a touch method with `UIEvent?`, as some iOS code does, and reading force.
final class ForcePan: UIPanGestureRecognizer {
    var forces: [CGFloat] = []
    var maximumForces: [CGFloat] = []
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesBegan(touches, with: event ?? UIEvent.empty)
        forces += touches.map(\.force)
        maximumForces += touches.map(\.maximumPossibleForce)
    }
}

extension UIEvent {
    /// Never used: the engine always passes an event.
    static let empty: UIEvent = { fatalError("no event") }()
}

@MainActor
@Suite("State changes UIKit does not allow: defined outcomes, shown in the records")
struct IllegalStateTests {
    func run(_ plan: [Int: [UIGestureRecognizer.State]]) throws -> Timeline {
        var registry = RecognizerRegistry()
        registry.register(uiKind: "setter") { _ in
            let setter = StateSetter()
            setter.plan = plan
            return setter
        }
        return try Replay.samples(
            stroke([(10, 10), (20, 20), (30, 30), (40, 40)]),
            sceneJSON: scene(#"{"name": "s", "kind": "setter", "view": "pad"}"#), registry: registry)
    }

    @Test("failed after began cancels the gesture, with the reason")
    func failedAfterBegan() throws {
        let timeline = try run([0: [.began], 1: [.failed]])
        timeline.expectStates("s", [.began, .cancelled])
        #expect(timeline.transitions.last?.reason == "s set its state to failed after it began (a began gesture can only end or be cancelled)")
    }

    @Test("changed before began fails the recognizer, with the reason")
    func changedBeforeBegan() throws {
        let timeline = try run([1: [.changed]])
        timeline.expectStates("s", [.failed])
        #expect(timeline.transitions.last?.reason == "s set its state to changed before it began (UIKit allows began, recognized or failed here)")
    }

    @Test("cancelled before began fails the recognizer (UIKit code's habit)")
    func cancelledBeforeBegan() throws {
        let timeline = try run([1: [.cancelled]])
        timeline.expectStates("s", [.failed])
        #expect(timeline.transitions.last?.reason == "s set its state to cancelled before it began")
    }

    @Test("ended from possible is recognized; began twice counts as changed; possible after began cancels")
    func otherChanges() throws {
        try run([1: [.ended]]).expectStates("s", [.recognized])
        try run([0: [.began], 1: [.began]]).expectStates("s", [.began, .changed])
        let back = try run([0: [.began], 1: [.possible]])
        back.expectStates("s", [.began, .cancelled])
        #expect(back.transitions.last?.reason == "s set its state to possible after it began")
    }

    @Test("changes after a final state are ignored until the reset, as UIKit ignores them")
    func afterFinal() throws {
        try run([1: [.failed, .began, .recognized]]).expectStates("s", [.failed])
        try run([0: [.began], 1: [.ended, .changed, .cancelled]]).expectStates("s", [.began, .ended])
    }

    @Test("a touch method overridden with UIEvent? is called; force comes from the trace")
    func optionalEventAndForce() throws {
        let pan = ForcePan()
        let samples: [Sample] = [
            .touch(0, id: .number(1), .began, x: 10, y: 10, force: 0.5),
            .touch(0.01, id: .number(1), .moved, x: 40, y: 10),
            .touch(0.02, id: .number(1), .ended, x: 60, y: 10),
        ]
        let timeline = try Replay.samples(samples, scene: SceneDescription(views: [ViewDescription(name: "pad", frame: Rect(x: 0, y: 0, width: 390, height: 844))])) { engine in
            pan.name = "forcePan"
            engine.window.view(named: "pad").map(UIView.of)?.addGestureRecognizer(pan)
            engine.add(pan.core)
        }
        timeline.expectStates("forcePan", [.began, .ended])
        #expect(pan.forces == [0.5])
        #expect(pan.maximumForces == [CGFloat(480.0 / 72.0)])
    }

    @Test("a trace without force gives force 0 and maximumPossibleForce 0")
    func noForce() throws {
        let pan = ForcePan()
        _ = try Replay.samples(stroke([(10, 10), (40, 10)]), scene: SceneDescription(views: [ViewDescription(name: "pad", frame: Rect(x: 0, y: 0, width: 390, height: 844))])) { engine in
            engine.window.view(named: "pad").map(UIView.of)?.addGestureRecognizer(pan)
            engine.add(pan.core)
        }
        #expect(pan.forces == [0])
        #expect(pan.maximumForces == [0])
    }

    @Test("a view outside any window has no window; a recognizer not attached has no view")
    func missingViews() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(view.window == nil)
        #expect(view.superview == nil)
        let pan = UIPanGestureRecognizer(target: nil, action: nil)
        #expect(pan.view == nil)
        #expect(pan.location(in: nil) == .zero)
        #expect(pan.location(ofTouch: 3, in: nil) == .zero)
        #expect(pan.translation(in: nil) == .zero)
        #expect(pan.state == .possible)
    }
}

@MainActor
@Suite struct UIGestureRecognizerStateTests {
    @Test func statesKeepUIKitsRawValuesAndNames() {
        let states: [UIGestureRecognizer.State] = [.possible, .began, .changed, .ended, .cancelled, .failed]
        #expect(states.map(\.rawValue) == [0, 1, 2, 3, 4, 5])
        #expect(states.map(\.description) == ["possible", "began", "changed", "ended", "cancelled", "failed"])
        #expect(UIGestureRecognizer.State(rawValue: 6) == nil)
        #expect(UIGestureRecognizerState.recognized == .ended)
    }
}
