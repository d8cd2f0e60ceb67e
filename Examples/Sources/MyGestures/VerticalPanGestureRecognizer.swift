#if canImport(UIKit)
import UIKit
import UIKit.UIGestureRecognizerSubclass
#else
import GestureUIKit
#endif

/// A pan that only accepts vertical drags: it fails as soon as the finger has moved 10 pt more
/// sideways than up or down (or the wrong way when `direction` is set), before the pan begins, so
/// a horizontal scroll view underneath gets the touch.
public final class VerticalPanGestureRecognizer: UIPanGestureRecognizer {
    /// Which vertical drags are accepted.
    public enum Direction: String, Sendable { case up, down, both }

    /// Which vertical drags are accepted (both).
    public var direction: Direction = .both
    private var start: CGPoint?

    override public func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        if start == nil { start = location(in: view) }
    }

    override public func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible, let start {
            let here = location(in: view)
            let dx = here.x - start.x, dy = here.y - start.y
            if max(abs(dx), abs(dy)) >= 10 {
                let wrongWay = (direction == .down && dy < 0) || (direction == .up && dy > 0)
                if abs(dx) > abs(dy) || wrongWay {
                    state = .failed
                    return
                }
            }
        }
        super.touchesMoved(touches, with: event)
    }

    override public func reset() {
        super.reset()
        start = nil
    }
}
