import GestureKit
import GestureTesting
import GestureUIKit
import Testing

/// `canPrevent(_:)` and `canBePrevented(by:)` overridden in `UIGestureRecognizer` subclasses, as
/// an app writes them: the engine asks the UIKit object, so `analyze` names the winner the app
/// would see. A fast stroke right: the pan begins after 10 pt, the swipe would recognize at about 50 pt.
@Suite("UIKit subclasses overriding canPrevent(_:) and canBePrevented(by:)")
@MainActor
struct UIKitPreventionOverrideTests {
    static let registry: RecognizerRegistry = {
        var registry = RecognizerRegistry()
        registry.register(uiKind: "yieldingPan") { _ in YieldingPan() }
        registry.register(uiKind: "stubbornSwipe") { _ in StubbornSwipe() }
        registry.register(uiKind: "plainPan") { _ in UIPanGestureRecognizer() }
        return registry
    }()

    static let strokeRight = stroke((0...20).map { (50 + Double($0) * 10, 400) })

    func run(_ pan: String, _ swipe: String) throws -> Timeline {
        try Replay.samples(
            Self.strokeRight,
            sceneJSON: scene(#"{"name": "drag", "kind": "\#(pan)", "view": "pad"}, {"name": "swipe", "kind": "\#(swipe)", "view": "pad"}"#),
            registry: Self.registry)
    }

    @Test("without an override the pan that began prevents the swipe")
    func byDefault() throws {
        let timeline = try run("plainPan", "swipe")
        timeline.expectStates("swipe", [.failed])
        #expect(timeline.transitions(of: "swipe").first?.reason == "prevented by drag, which began at 0.01 s")
    }

    @Test("a pan whose canPrevent(_:) answers false for swipes lets the swipe recognize")
    func canPreventOverride() throws {
        let timeline = try run("yieldingPan", "swipe")
        timeline.expectStates("swipe", [.recognized])
        #expect(timeline.transitions(of: "drag").first?.state == .began)
    }

    @Test("a swipe whose canBePrevented(by:) answers false for pans recognizes beside the pan")
    func canBePreventedOverride() throws {
        let timeline = try run("plainPan", "stubbornSwipe")
        timeline.expectStates("swipe", [.recognized])
        #expect(timeline.transitions(of: "drag").first?.state == .began)
    }
}

private final class YieldingPan: UIPanGestureRecognizer {
    override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool {
        !(preventedGestureRecognizer is UISwipeGestureRecognizer)
    }
}

private final class StubbornSwipe: UISwipeGestureRecognizer {
    override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool {
        !(preventingGestureRecognizer is UIPanGestureRecognizer)
    }
}
