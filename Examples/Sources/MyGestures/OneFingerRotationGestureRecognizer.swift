#if canImport(UIKit)
import UIKit
import UIKit.UIGestureRecognizerSubclass
#else
import GestureUIKit
#endif

/// One finger turning around the centre of its view, like a jog wheel: begins once the finger has
/// turned `minimumAngle` radians, reports `rotation` (radians, clockwise) until it lifts.
public final class OneFingerRotationGestureRecognizer: UIGestureRecognizer {
    /// Radians turned since the touch began, clockwise on screen.
    public private(set) var rotation: CGFloat = 0
    /// Radians to turn before the gesture begins (0.2).
    public var minimumAngle: CGFloat = 0.2
    private var trackedTouch: UITouch?

    override public func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard trackedTouch == nil, touches.count == 1, let touch = touches.first else {
            for touch in touches where touch != trackedTouch { ignore(touch, for: event) }
            return
        }
        trackedTouch = touch
    }

    override public func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        follow(touch)
        switch state {
        case .possible where abs(rotation) >= minimumAngle: state = .began
        case .began, .changed: state = .changed
        default: break
        }
    }

    override public func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        follow(touch)   // the finger may have moved in the event that lifted it
        state = state == .possible ? .failed : .ended
    }

    /// Adds the angle the finger turned around the view's centre since its previous location.
    private func follow(_ touch: UITouch) {
        guard let view else { return }
        let centre = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
        let now = touch.location(in: view), before = touch.previousLocation(in: view)
        var delta = atan2(now.y - centre.y, now.x - centre.x) - atan2(before.y - centre.y, before.x - centre.x)
        if delta > .pi { delta -= 2 * .pi }
        if delta < -.pi { delta += 2 * .pi }
        rotation += delta
    }

    override public func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        state = state == .possible ? .failed : .cancelled
    }

    override public func reset() {
        super.reset()
        rotation = 0
        trackedTouch = nil
    }
}
