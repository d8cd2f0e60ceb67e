import Foundation
import GestureKit
import GestureTesting
import GestureUIKit
import Testing

/// A knob that notes where its touches are, in its own (rotated) coordinates.
final class Knob: UIView {
    var locations: [CGPoint] = []
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        locations += touches.map { $0.location(in: self) }
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        locations += touches.map { $0.location(in: self) }
    }
}

/// Both coordinates within 1e-9.
func close(_ a: CGPoint, _ b: CGPoint) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }

@MainActor
@Suite("UIView.transform in hit-testing, locations, convert and translation(in:)")
struct TransformTests {
    /// A 200×100 view centred at (200, 300), turned a quarter turn clockwise: it covers x 150–250, y 200–400.
    func turnedView() -> (UIWindow, Knob) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let knob = Knob(frame: CGRect(x: 100, y: 250, width: 200, height: 100))
        knob.transform = CGAffineTransform(rotationAngle: .pi / 2)
        window.addSubview(knob)
        return (window, knob)
    }

    @Test("convert(_:to:) and convert(_:from:) go through a rotation, for points and rectangles")
    func convertAcrossRotation() {
        let (window, knob) = turnedView()
        // The view's top-left corner (0, 0) is at the top right of the turned view: (250, 200).
        #expect(close(knob.convert(CGPoint(x: 0, y: 0), to: window), CGPoint(x: 250, y: 200)))
        #expect(close(knob.convert(CGPoint(x: 200, y: 0), to: nil), CGPoint(x: 250, y: 400)))
        #expect(close(knob.convert(CGPoint(x: 250, y: 400), from: window), CGPoint(x: 200, y: 0)))
        let box = knob.convert(knob.bounds, to: window)
        #expect(abs(box.minX - 150) < 1e-9 && abs(box.minY - 200) < 1e-9 && abs(box.width - 100) < 1e-9 && abs(box.height - 200) < 1e-9)
        #expect(abs(knob.frame.width - 100) < 1e-9 && abs(knob.frame.height - 200) < 1e-9)
        #expect(knob.center == CGPoint(x: 200, y: 300))
        let space: any UICoordinateSpace = window
        #expect(close(knob.convert(CGPoint(x: 0, y: 0), to: space), CGPoint(x: 250, y: 200)))
        #expect(close(window.screen.convert(CGPoint(x: 250, y: 200), to: knob), CGPoint(x: 0, y: 0)))
    }

    @Test("hit-testing follows the rotated shape, and touches read in the view's rotated coordinates")
    func hitTestingAndLocations() {
        let (window, knob) = turnedView()
        let engine = Engine(screen: window)
        // (160, 380) is inside the turned view but outside its untransformed frame (y 250–350 … x ≤ 300 yes, y > 350).
        _ = replay([.touch(0, id: .number(1), .began, x: 160, y: 380), .touch(0.02, id: .number(1), .moved, x: 160, y: 370),
                    .touch(0.04, id: .number(1), .ended, x: 160, y: 370)], on: engine)
        #expect(knob.locations.count == 2)
        #expect(close(knob.locations[0], CGPoint(x: 180, y: 90)))
        // Moving 10 points up on screen is 10 points left in the turned view.
        #expect(close(knob.locations[1], CGPoint(x: 170, y: 90)))
        // (120, 300) is inside the untransformed frame but outside the turned view: nothing is hit.
        #expect(window.hitTest(CGPoint(x: 120, y: 300), with: nil) === window)
        #expect(window.hitTest(CGPoint(x: 160, y: 380), with: nil) === knob)
    }

    @Test("a pan's translation(in:) and velocity(in:) are in the view's rotated coordinates")
    func panTranslation() {
        let (window, knob) = turnedView()
        let pan = UIPanGestureRecognizer()
        pan.name = "turn"
        knob.addGestureRecognizer(pan)
        var inKnob: [CGPoint] = []
        var inWindow: [CGPoint] = []
        pan.addAction { recognizer in
            guard let pan = recognizer as? UIPanGestureRecognizer else { return }
            inKnob.append(pan.translation(in: knob))
            inWindow.append(pan.translation(in: nil))
        }
        let timeline = replay(stroke([(200, 300), (200, 280), (200, 260), (200, 240)]), on: Engine(screen: window))
        timeline.expectStates("turn", [.began, .changed, .ended])
        guard let lastKnob = inKnob.last, let lastWindow = inWindow.last else {
            Issue.record("no actions")
            return
        }
        // Up the screen is towards the view's -x.
        #expect(close(lastKnob, CGPoint(x: lastWindow.y, y: -lastWindow.x)))
        pan.setTranslation(.zero, in: knob)
        #expect(close(pan.translation(in: knob), .zero))
    }

    @Test("a scene's \"transform\" turns a view for hit-testing; a singular one is an error")
    func sceneKey() throws {
        let json = """
            {"views": [{"name": "dial", "frame": [100, 250, 200, 100], "transform": [0, 1, -1, 0, 0, 0]}],
             "recognizers": [{"name": "dialTap", "kind": "tap", "view": "dial"}]}
            """
        let inside = try Replay.samples(tap(160, 380), sceneJSON: json)
        inside.expectStates("dialTap", [.recognized])
        let outside = try Replay.samples(tap(120, 300), sceneJSON: json)
        outside.expectStates("dialTap", [])
        let singular = decodingError(#"{"views": [{"name": "v", "frame": [0, 0, 10, 10], "transform": [1, 1, 1, 1, 0, 0]}]}"#)
        #expect(singular == #"scene.json:1:64: error: "transform" must be invertible (a·d − b·c is 0: the view would have no area)"#)
    }
}
