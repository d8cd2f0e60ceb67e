#if canImport(UIKit)
import UIKit
import UIKit.UIGestureRecognizerSubclass
#else
import GestureUIKit
#endif

/// The seeds' checkmark (chapter 12 of the iOS book, written in C# for MonoTouch), line by line in
/// Swift against UIKit: one finger; while not yet on the upstroke, moving down-right moves the
/// midpoint, moving up-right starts the upstroke, anything else fails; recognized at the lift if
/// the upstroke started.
public final class CheckmarkGestureRecognizer: UIGestureRecognizer {
    private var strokeUp = false
    private var midpoint = CGPoint.zero

    override public func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        // we want one and only one finger
        if touches.count != 1 { state = .failed }
    }

    override public func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        // if we haven't already failed
        guard state != .failed, let touch = touches.first else { return }
        let newPoint = touch.location(in: view)
        let previousPoint = touch.previousLocation(in: view)
        // if we're not already on the upstroke
        if !strokeUp {
            if newPoint.x >= previousPoint.x && newPoint.y >= previousPoint.y {
                midpoint = newPoint   // moving down: the midpoint follows
            } else if newPoint.x >= previousPoint.x && newPoint.y <= previousPoint.y {
                strokeUp = true       // moving right and up (the y axis is flipped)
            } else {
                state = .failed
            }
        }
    }

    override public func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        // if the gesture is possible and it stroked upwards, we recognized!
        if state == .possible && strokeUp { state = .recognized }
    }

    override public func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        midpoint = .zero
        strokeUp = false
        state = .cancelled   // before anything began: a failure (docs/your-recognizers.md)
    }

    override public func reset() {
        super.reset()
        midpoint = .zero
        strokeUp = false
    }
}
