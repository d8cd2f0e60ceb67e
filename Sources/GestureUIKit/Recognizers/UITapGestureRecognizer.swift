import Foundation
import GestureKit

/// UIKit's `UITapGestureRecognizer` over the engine's tap.
open class UITapGestureRecognizer: UIGestureRecognizer {
    override class func makeCore() -> GestureRecognizer { TapGestureRecognizer(name: "") }

    private var tap: TapGestureRecognizer? { core as? TapGestureRecognizer }

    /// Taps needed (1).
    open var numberOfTapsRequired: Int {
        get { tap?.numberOfTapsRequired ?? 1 }
        set { tap?.numberOfTapsRequired = max(1, newValue) }
    }

    /// Fingers needed in each tap (1).
    open var numberOfTouchesRequired: Int {
        get { tap?.numberOfTouchesRequired ?? 1 }
        set { tap?.numberOfTouchesRequired = max(1, newValue) }
    }
}
