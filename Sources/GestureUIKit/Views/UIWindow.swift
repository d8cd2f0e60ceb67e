import Foundation
import GestureKit

/// UIKit's `UIWindow`, seen through the engine's window.
open class UIWindow: UIView {
    /// Views the engine's window.
    init(viewing window: Window) {
        super.init(viewing: window)
    }

    /// A window covering a screen of `frame`'s size, for a scene built in code.
    public init(frame: CGRect) {
        super.init(viewing: Window(screen: Size(width: Double(frame.width), height: Double(frame.height))))
    }

    /// The window's screen: its size, scale 3.
    open var screen: UIScreen { UIScreen(bounds: CGRect(origin: .zero, size: frame.size)) }
}
