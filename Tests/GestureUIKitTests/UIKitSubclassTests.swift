import GestureKit
import GestureTesting
import GestureUIKit
import Testing

/// A one-finger stroke through `points`, 10 ms apart, starting at `t0`.
func stroke(_ points: [(Double, Double)], id: Int = 1, t0: Double = 0) -> [Sample] {
    points.enumerated().map { index, p in
        let phase: TouchPhase = index == 0 ? .began : index == points.count - 1 ? .ended : .moved
        return .touch(t0 + Double(index) * 0.01, id: .number(id), phase, x: p.0, y: p.1)
    }
}

/// A scene with one view "pad" and the recognizers given as JSON objects.
func scene(_ recognizers: String, extraViews: String = "") -> String {
    """
    {"views": [{"name": "pad", "frame": [0, 0, 390, 844], "multipleTouchEnabled": true\(extraViews)}],
     "recognizers": [\(recognizers)]}
    """
}

let appleRegistry: RecognizerRegistry = {
    var registry = RecognizerRegistry()
    registry.register(uiKind: "appleCheckmark") { _ in CheckmarkGestureRecognizer() }
    registry.register(uiKind: "touchCapture") { _ in TouchCaptureGesture() }
    registry.register(uiDelegate: "horizontalOnly") { HorizontalOnly() }
    return registry
}()

let checkmarkPoints: [(Double, Double)] = [(100, 100), (110, 110), (120, 120), (130, 130), (140, 110), (150, 90), (160, 70), (170, 60)]

@MainActor
@Suite("UIKit subclasses from Apple's documentation")
struct AppleDocumentationTests {
    @Test("Apple's checkmark recognizes a V whose end is above its start")
    func checkmarkRecognized() throws {
        let timeline = try Replay.samples(
            stroke(checkmarkPoints), sceneJSON: scene(#"{"name": "check", "kind": "appleCheckmark", "view": "pad"}"#),
            registry: appleRegistry)
        timeline.expectStates("check", [.recognized])
        timeline.expectFigure("check", .t, in: .recognized, 0.07)
        #expect(timeline.transitions(of: "check").first?.kind == "appleCheckmark")
    }

    @Test("Apple's checkmark fails a stroke that starts up-left, with the reason the state setter gives")
    func checkmarkFails() throws {
        let timeline = try Replay.samples(
            stroke([(100, 100), (90, 90), (80, 80)]), sceneJSON: scene(#"{"name": "check", "kind": "appleCheckmark", "view": "pad"}"#),
            registry: appleRegistry)
        timeline.expectStates("check", [.failed])
        #expect(timeline.transitions(of: "check").first?.reason == "check set its state to failed")
        #expect(timeline.transitions(of: "check").first?.t == 0.01)
    }

    @Test("Apple's touch capture is continuous: began at the touch, changed per move, ended at the lift")
    func touchCapture() throws {
        var sampleCounts: [Int] = []
        let timeline = try Replay.samples(
            stroke([(10, 10), (20, 20), (30, 30), (40, 40)]),
            sceneJSON: scene(#"{"name": "capture", "kind": "touchCapture", "view": "pad"}"#), registry: appleRegistry
        ) { engine in
            let capture = engine.recognizer(named: "capture").map(UIGestureRecognizer.of) as? TouchCaptureGesture
            capture?.addAction { recognizer in sampleCounts.append((recognizer as? TouchCaptureGesture)?.samples.count ?? -1) }
        }
        timeline.expectStates("capture", [.began, .changed, .changed, .ended])
        timeline.expectFigure("capture", .locationX, in: .ended, 40)
        #expect(sampleCounts == [1, 2, 3, 4])
    }

    @Test("a registered UIKit delegate answers for a scene's built-in pan")
    func delegateOnBuiltInPan() throws {
        let json = scene(#"{"name": "swipeAway", "kind": "pan", "view": "pad", "delegate": "horizontalOnly"}"#)
        let vertical = try Replay.samples(stroke([(100, 100), (101, 120), (102, 140)]), sceneJSON: json, registry: appleRegistry)
        vertical.expectStates("swipeAway", [.failed])
        #expect(vertical.transitions.first?.reason == "its delegate's gestureRecognizerShouldBegin answered no")
        let horizontal = try Replay.samples(stroke([(100, 100), (120, 101), (140, 102)]), sceneJSON: json, registry: appleRegistry)
        horizontal.expectStates("swipeAway", [.began, .ended])
    }
}

/// A pinch subclass that counts the touches of each `touchesMoved` call it receives.
final class MoveCountingPinch: UIPinchGestureRecognizer {
    var moves: [Int] = []
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        moves.append(touches.count)
        super.touchesMoved(touches, with: event)
    }
}

/// A rotation subclass that counts the touches of each `touchesMoved` call it receives.
final class MoveCountingRotation: UIRotationGestureRecognizer {
    var moves: [Int] = []
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        moves.append(touches.count)
        super.touchesMoved(touches, with: event)
    }
}

@MainActor
@Suite("UIKit subclasses see every call UIKit makes")
struct UIKitSubclassCallTests {
    /// The engine leaves its own waiting pinch and rotation out of one-finger moves; a UIKit
    /// subclass's override still gets each of them, as in UIKit.
    @Test("a pinch or rotation subclass's touchesMoved sees every one-finger move")
    func oneFingerMovesReachTheSubclass() throws {
        var registry = RecognizerRegistry()
        registry.register(uiKind: "countingPinch") { _ in MoveCountingPinch() }
        registry.register(uiKind: "countingRotation") { _ in MoveCountingRotation() }
        var pinch: MoveCountingPinch?
        var rotation: MoveCountingRotation?
        let timeline = try Replay.samples(
            stroke([(100, 100), (110, 100), (120, 100), (130, 100), (140, 100)]),
            sceneJSON: scene(#"{"name": "pinch", "kind": "countingPinch", "view": "pad"}, {"name": "rotation", "kind": "countingRotation", "view": "pad"}"#),
            registry: registry
        ) { engine in
            pinch = engine.recognizer(named: "pinch").map(UIGestureRecognizer.of) as? MoveCountingPinch
            rotation = engine.recognizer(named: "rotation").map(UIGestureRecognizer.of) as? MoveCountingRotation
        }
        #expect(pinch?.moves == [1, 1, 1])
        #expect(rotation?.moves == [1, 1, 1])
        timeline.expectStates("pinch", [.failed])
        timeline.expectStates("rotation", [.failed])
    }
}
