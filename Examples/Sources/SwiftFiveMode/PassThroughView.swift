#if canImport(UIKit)
import UIKit
#else
import GestureUIKit
#endif

// App code as many projects still compile it, in the Swift 5 language mode (see Package.swift):
// no isolation annotations, relying on UIKit's classes being @MainActor.

/// An overlay that lets touches through to what is under it, except on its own subviews.
public final class PassThroughView: UIView {
    public override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let hit = super.hitTest(point, with: event)
        return hit == self ? nil : hit
    }
}

/// A controller that dims its overlay while a finger is down on it.
public final class OverlayController: UIViewController, UIGestureRecognizerDelegate {
    public private(set) var isDimmed = false
    /// Whether the overlay was dimmed while a finger was down.
    public private(set) var wasDimmed = false

    public override func loadView() {
        view = PassThroughView(frame: UIScreen.main.bounds)
    }

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        isDimmed = true
        wasDimmed = true
        super.touchesBegan(touches, with: event)
    }

    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        isDimmed = false
        super.touchesEnded(touches, with: event)
    }

    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        !(touch.view is UIControl)
    }
}
