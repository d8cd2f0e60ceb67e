import GestureKit
import GestureTesting
import GestureUIKit
import Testing

/// A view whose touch area reaches `margin` points beyond its bounds (a small button made easy to hit).
final class GenerousView: UIView {
    var margin: CGFloat = 20
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.insetBy(dx: -margin, dy: -margin).contains(point)
    }
}

/// A container that hands every touch in it to one chosen subview (a common "pass-through" view).
final class Redirector: UIView {
    weak var target: UIView?
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard let hit = super.hitTest(point, with: event) else { return nil }
        return hit === self ? target : hit
    }
}

/// A view that lets no pan begin on it.
final class NoPanView: UIView {
    override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        !(gestureRecognizer is UIPanGestureRecognizer)
    }
}

/// A view that notes its touches and passes them on with `super`, as many drawing views do.
final class NotingView: UIView {
    var log: [String] = []
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("view began \(touches.count)")
        super.touchesBegan(touches, with: event)
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("view ended")
        super.touchesEnded(touches, with: event)
    }
}

/// A controller that keeps the touches its view passes on.
final class KeepingController: UIViewController {
    var log: [String] = []
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("controller began at \(touches.first.map { $0.location(in: view) } ?? .zero)")
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("controller ended") }
}

/// Runs `samples` through `engine` and returns the timeline.
@MainActor
func replay(_ samples: [Sample], on engine: Engine) -> Timeline {
    var records: [AnalysisRecord] = []
    engine.onRecord = { records.append($0) }
    for sample in samples { engine.process(sample) }
    engine.finish()
    return Timeline(records: records, trace: "<samples>")
}

/// A tap at `(x, y)`.
func tap(_ x: Double, _ y: Double, t0: Double = 0) -> [Sample] {
    [.touch(t0, id: .number(1), .began, x: x, y: y), .touch(t0 + 0.05, id: .number(1), .ended, x: x, y: y)]
}

@MainActor
@Suite("A UIView subclass's overrides are what the engine asks")
struct ViewClassTests {
    /// A window with two 40-point views side by side, 10 points apart, each with a tap.
    func twoButtons(_ left: UIView, _ right: UIView) -> (UIWindow, Engine) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        left.frame = CGRect(x: 100, y: 100, width: 40, height: 40)
        right.frame = CGRect(x: 150, y: 100, width: 40, height: 40)
        left.accessibilityIdentifier = "left"
        right.accessibilityIdentifier = "right"
        for view in [left, right] {
            window.addSubview(view)
            let tap = UITapGestureRecognizer()
            tap.name = view.accessibilityIdentifier.map { $0 + "Tap" }
            view.addGestureRecognizer(tap)
        }
        return (window, Engine(screen: window))
    }

    @Test("point(inside:with:) enlarged by 20 points takes a tap beside the view", arguments: [true, false])
    func enlargedHitArea(enlarged: Bool) {
        let right = GenerousView(frame: .zero)
        right.margin = enlarged ? 20 : 0
        let (_, engine) = twoButtons(UIView(frame: .zero), right)
        // 5 points right of `left`, 5 points left of `right`: `right` is in front, so it wins when enlarged.
        let timeline = replay(tap(145, 120), on: engine)
        timeline.expectStates("rightTap", enlarged ? [.recognized] : [])
        timeline.expectStates("leftTap", [])
    }

    @Test("hitTest(_:with:) returning another view sends the touch there")
    func hitTestRedirects() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let container = Redirector(frame: CGRect(x: 0, y: 400, width: 390, height: 444))
        let handle = UIView(frame: CGRect(x: 170, y: 8, width: 50, height: 6))
        handle.accessibilityIdentifier = "handle"
        container.addSubview(handle)
        container.target = handle
        window.addSubview(container)
        let handleTap = UITapGestureRecognizer()
        handleTap.name = "handleTap"
        handle.addGestureRecognizer(handleTap)
        let engine = Engine(screen: window, options: EngineOptions(deliveries: true))
        let timeline = replay(tap(50, 600), on: engine)
        timeline.expectStates("handleTap", [.recognized])
        let began = timeline.records.compactMap { record -> DeliveryRecord? in
            if case .delivery(let d) = record, d.method == .touchesBegan { return d } else { return nil }
        }
        #expect(began.first?.responder == "application")
        #expect(began.first?.chain.first == "handle")
    }

    @Test("gestureRecognizerShouldBegin(_:) of the view refuses a pan and allows a tap")
    func viewRefusesPan() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let card = NoPanView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.addSubview(card)
        let pan = UIPanGestureRecognizer()
        pan.name = "drag"
        card.addGestureRecognizer(pan)
        let engine = Engine(screen: window)
        let timeline = replay(stroke([(100, 100), (100, 130), (100, 160)]), on: engine)
        timeline.expectStates("drag", [.failed])
        #expect(timeline.transitions(of: "drag").first?.reason == "noPanView's gestureRecognizerShouldBegin(_:) answered no")
    }

    @Test("touches reach a subclass, pass up with super to its controller, which keeps them")
    func touchesPassToController() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let controller = KeepingController()
        let canvas = NotingView(frame: CGRect(x: 20, y: 20, width: 100, height: 100))
        controller.view = UIView(frame: .zero)
        controller.view.addSubview(canvas)
        window.rootViewController = controller
        let engine = Engine(screen: window, options: EngineOptions(deliveries: true))
        let timeline = replay(tap(50, 60), on: engine)
        #expect(canvas.log == ["view began 1", "view ended"])
        #expect(controller.log == ["controller began at CGPoint(x: 50.0, y: 60.0)", "controller ended"])
        let deliveries = timeline.records.compactMap { record -> DeliveryRecord? in
            if case .delivery(let d) = record { return d } else { return nil }
        }
        #expect(deliveries.map(\.responder) == ["keepingController", "keepingController"])
        #expect(deliveries.first?.chain == ["notingView", "view"])
        #expect(deliveries.first?.details.first?.location == Point(x: 50, y: 60))
    }

    @Test("without deliveries reported, the touch methods still run")
    func touchesRunWithoutDeliveries() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let canvas = NotingView(frame: CGRect(x: 20, y: 20, width: 100, height: 100))
        window.addSubview(canvas)
        let timeline = replay(tap(50, 60), on: Engine(screen: window))
        #expect(canvas.log == ["view began 1", "view ended"])
        #expect(timeline.records.isEmpty)
    }

    @Test("UIKit's classes are NSObject subclasses: isKind(of:), isEqual, description")
    func nsObject() {
        let view = GenerousView(frame: CGRect(x: 1, y: 2, width: 3, height: 4))
        view.accessibilityIdentifier = "big"
        #expect(view.isKind(of: UIView.self))
        #expect(!view.isKind(of: UIWindow.self))
        #expect(view.isEqual(view))
        #expect(!view.isEqual(UIView(frame: .zero)))
        #expect(view.description.hasPrefix("<GenerousView: big; frame = "))
        let pan: NSObject = UIPanGestureRecognizer()
        #expect(pan.isKind(of: UIGestureRecognizer.self))
    }
}
