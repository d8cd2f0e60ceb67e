import Foundation
import GestureKit

/// UIKit's `UIWindow` over the engine's window: the root of a screen's views.
@preconcurrency @MainActor
open class UIWindow: UIView {
    /// The window's root view controller: setting it puts the controller's view in the window,
    /// filling it.
    open var rootViewController: UIViewController? {
        didSet {
            guard let controller = rootViewController, controller !== oldValue else { return }
            let view: UIView = controller.view
            view.frame = bounds
            if view.superview !== self { addSubview(view) }
        }
    }

    /// A window covering a screen of `frame`'s size.
    public override init(frame: CGRect) { super.init(frame: frame) }

    /// Windows are not archived here: this returns nil.
    public required init?(coder: NSCoder) { return nil }

    override class func makeCore(frame: Rect) -> View { Window(screen: frame.size) }

    /// The engine's window (`makeCore` and `wrap` give a window's UIKit object only an engine window).
    public var engineWindow: Window? { core as? Window }

    /// The window's screen: its size, scale 3.
    open var screen: UIScreen { UIScreen(bounds: CGRect(origin: .zero, size: frame.size)) }

    /// The application.
    open override var next: UIResponder? { UIApplication.shared }

    override var responderName: String { "window" }

    /// Makes the window the key window and shows it (nothing else to do here).
    open func makeKeyAndVisible() { isHidden = false }
}
