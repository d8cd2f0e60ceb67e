import Foundation
import GestureKit
import GestureTesting
import GestureUIKit
import MyGestures
import Testing

/// Examples/Traces, found from this file's place.
let traces = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Traces").path

@MainActor
@Suite("The team's recognizers on their traces")
struct MyGesturesTests {
    @Test("a downward drag is the vertical pan's, which prevents the horizontal pan")
    func verticalDrag() throws {
        let timeline = try Replay.trace(traces + "/drag/vertical-drag.jsonl", registry: myGestures)
        #expect(timeline.states(of: "drag").first == .began)
        timeline.expectStates("swipeAway", [.failed])
        #expect(timeline.transitions(of: "swipeAway").first?.reason == "prevented by drag, which began at 0.032 s")
        #expect(timeline.states(of: "drag").last == .ended)
        timeline.expectFigure("drag", .translationY, in: .ended, 143, tolerance: 0.5)
    }

    @Test("a sideways drag fails the vertical pan before it begins; the horizontal pan takes it")
    func horizontalDrag() throws {
        let timeline = try Replay.trace(traces + "/drag/horizontal-drag.jsonl", registry: myGestures)
        timeline.expectStates("drag", [.failed])
        #expect(timeline.transitions(of: "drag").first?.reason == "drag set its state to failed")
        #expect(timeline.states(of: "swipeAway").first == .began)
    }

    @Test("an upward drag fails the down-only pan, and the horizontal-only delegate refuses the other")
    func upwardDrag() throws {
        let timeline = try Replay.trace(traces + "/drag/upward-drag.jsonl", registry: myGestures)
        timeline.expectStates("drag", [.failed])
        timeline.expectStates("swipeAway", [.failed])
        #expect(timeline.transitions(of: "swipeAway").first?.reason == "its delegate's gestureRecognizerShouldBegin answered no")
    }

    @Test("a quarter turn on the dial is the jog wheel's, about π/2 clockwise")
    func dialTurn() throws {
        var rotations: [CGFloat] = []
        let timeline = try Replay.trace(traces + "/dial/dial-turn.jsonl", registry: myGestures) { engine in
            let jog = engine.recognizer(named: "jog").map(UIGestureRecognizer.of) as? OneFingerRotationGestureRecognizer
            jog?.addAction { recognizer in
                if let jog = recognizer as? OneFingerRotationGestureRecognizer { rotations.append(jog.rotation) }
            }
        }
        #expect(timeline.states(of: "jog").first == .began)
        #expect(timeline.states(of: "jog").last == .ended)
        #expect(abs((rotations.last ?? 0) - .pi / 2) < 0.01, "\(rotations)")
    }

    @Test("the seed's checkmark recognizes a V")
    func checkmark() throws {
        let timeline = try Replay.trace(traces + "/checkmark/checkmark.jsonl", registry: myGestures)
        timeline.expectStates("check", [.recognized])
        timeline.expectFigure("check", .t, in: .recognized, 0.128, tolerance: 1e-9)
    }
}
