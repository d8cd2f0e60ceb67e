import Foundation
import GestureKit

/// UIKit's `UILongPressGestureRecognizer` over the engine's long press.
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    override class func makeCore() -> GestureRecognizer { LongPressGestureRecognizer(name: "") }

    private var press: LongPressGestureRecognizer? { core as? LongPressGestureRecognizer }

    /// Seconds the fingers must stay down (0.5).
    open var minimumPressDuration: TimeInterval {
        get { press?.minimumPressDuration ?? 0.5 }
        set { press?.minimumPressDuration = max(0, newValue) }
    }

    /// Points the fingers may move before the press fails (10).
    open var allowableMovement: CGFloat {
        get { CGFloat(press?.allowableMovement ?? 10) }
        set { press?.allowableMovement = max(0, Double(newValue)) }
    }

    /// Fingers needed (1).
    open var numberOfTouchesRequired: Int {
        get { press?.numberOfTouchesRequired ?? 1 }
        set { press?.numberOfTouchesRequired = max(1, newValue) }
    }

    /// Taps before the press (0).
    open var numberOfTapsRequired: Int {
        get { press?.numberOfTapsRequired ?? 0 }
        set { press?.numberOfTapsRequired = max(0, newValue) }
    }
}
