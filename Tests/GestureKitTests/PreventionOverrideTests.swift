import GestureKit
import Testing

/// `canPrevent(_:)` and `canBePrevented(by:)` overridden in subclasses, as an app overrides them
/// in a `UIGestureRecognizer` subclass (public API only). Apple: a subclass overrides them "to
/// indicate that the receiver can prevent" / "can be prevented by" the other recognizer; the
/// engine must ask the override, not only the scene's keys, or `analyze` names the wrong winner.
@Suite struct PreventionOverrideTests {
    let finger = Finger(1)

    /// A fast stroke right: a pan begins at 10 pt (0.0083 s), a swipe would recognize at about 50 pt.
    var strokeRight: [Sample] { finger.drag(from: Point(x: 50, y: 400), to: Point(x: 250, y: 400), duration: 0.2) }

    func run(_ recognizers: [GestureRecognizer]) -> [TransitionRecord] {
        let window = Window()
        let view = View(name: "screen", frame: window.frame)
        window.addSubview(view)
        for r in recognizers { view.addGestureRecognizer(r) }
        let engine = Engine(window: window, recognizers: recognizers)
        var records: [TransitionRecord] = []
        engine.onRecord = { if case .transition(let record) = $0 { records.append(record) } }
        for sample in strokeRight { engine.process(sample) }
        engine.finish()
        return records
    }

    @Test func byDefaultTheBeganPanPreventsTheSwipe() {
        let records = run([PanGestureRecognizer(name: "drag"), SwipeGestureRecognizer(name: "swipe")])
        #expect(records.of("swipe").map(\.state) == [.failed])
        #expect(records.of("swipe").first?.reason == "prevented by drag, which began at 0.017 s")
        #expect(records.of("drag").map(\.state).first == .began)
    }

    @Test func aPanWhoseCanPreventAnswersNoLetsTheSwipeRecognize() {
        let drag = YieldingPan(name: "drag")
        let records = run([drag, SwipeGestureRecognizer(name: "swipe")])
        #expect(records.of("swipe").map(\.state) == [.recognized])
        #expect(records.of("drag").map(\.state).first == .began)
        #expect(drag.asked.contains("swipe"), "the override was consulted")
    }

    @Test func aSwipeWhoseCanBePreventedByAnswersNoIsNotPreventedByThePan() {
        let swipe = StubbornSwipe(name: "swipe")
        let records = run([PanGestureRecognizer(name: "drag"), swipe])
        #expect(records.of("swipe").map(\.state) == [.recognized])
        #expect(swipe.asked.contains("drag"), "the override was consulted")
    }

    /// The override answers for one rival only: another pan on the same touch is still prevented.
    @Test func theOverrideIsAskedAboutEachRival() {
        let records = run([YieldingPan(name: "drag"), SwipeGestureRecognizer(name: "swipe"), PanGestureRecognizer(name: "other")])
        #expect(records.of("other").map(\.state) == [.failed])
        #expect(records.of("other").first?.reason == "prevented by drag, which began at 0.017 s")
        #expect(records.of("swipe").map(\.state) == [.recognized])
    }
}

/// A pan that does not prevent swipes (`canPrevent(_:)` overridden).
private final class YieldingPan: PanGestureRecognizer {
    var asked: [String] = []
    override func canPrevent(_ other: GestureRecognizer) -> Bool {
        asked.append(other.name)
        return !(other is SwipeGestureRecognizer)
    }
}

/// A swipe that a pan cannot prevent (`canBePrevented(by:)` overridden).
private final class StubbornSwipe: SwipeGestureRecognizer {
    var asked: [String] = []
    override func canBePrevented(by other: GestureRecognizer) -> Bool {
        asked.append(other.name)
        return !(other is PanGestureRecognizer)
    }
}
