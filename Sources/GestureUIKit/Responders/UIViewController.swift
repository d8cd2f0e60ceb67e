import Foundation
import GestureKit

/// UIKit's `UIViewController` as a responder: it comes after its view in the responder chain, so a
/// view that passes touches on with `super` passes them to its controller first.
///
/// Its view is made by ``loadView()`` the first time ``view`` is read, then ``viewDidLoad()`` is
/// called, as in UIKit. Records name the controller by ``title``, or after its class.
@preconcurrency @MainActor
open class UIViewController: UIResponder {
    private var loadedView: UIView?
    private weak var parentController: UIViewController?
    private var childControllers: [UIViewController] = []

    /// Creates a controller (there are no nibs here: both arguments are ignored).
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }

    /// Controllers are not archived here: this returns nil.
    public required init?(coder: NSCoder) { return nil }

    /// Creates a controller.
    public override convenience init() { self.init(nibName: nil, bundle: nil) }

    /// The controller's view, made by ``loadView()`` when first read.
    open var view: UIView! {
        get {
            if loadedView == nil {
                loadView()
                if loadedView == nil { loadedView = UIView(frame: .zero) }
                loadedView?.owningController = self
                viewDidLoad()
            }
            return loadedView
        }
        set {
            loadedView?.owningController = nil
            loadedView = newValue
            newValue?.owningController = self
        }
    }

    /// Whether the view has been made.
    open var isViewLoaded: Bool { loadedView != nil }

    /// The view if it has been made, without making it.
    open var viewIfLoaded: UIView? { loadedView }

    /// Makes the view: a plain view unless overridden (set ``view`` in an override).
    open func loadView() { view = UIView(frame: .zero) }

    /// Called once the view has been made.
    open func viewDidLoad() {}

    /// The title; records name the controller by it.
    open var title: String?

    /// The parent controller, if this one is a child.
    open var parent: UIViewController? { parentController }

    /// The child controllers, in the order added.
    open var children: [UIViewController] { childControllers }

    /// Adds a child controller (add its view to yours yourself, as in UIKit).
    open func addChild(_ childController: UIViewController) {
        childController.removeFromParent()
        childControllers.append(childController)
        childController.parentController = self
        childController.willMove(toParent: self)
    }

    /// Removes the controller from its parent.
    open func removeFromParent() {
        guard let parentController else { return }
        parentController.childControllers.removeAll { $0 === self }
        self.parentController = nil
    }

    /// Called before the controller is added to or removed from a parent.
    open func willMove(toParent parent: UIViewController?) {}

    /// Called after the controller is added to or removed from a parent.
    open func didMove(toParent parent: UIViewController?) {}

    /// The superview of the controller's view (UIKit's next responder after a controller).
    open override var next: UIResponder? { loadedView?.superview }

    /// The name the engine's window knows the controller by, once its screen runs.
    var registeredName: String?

    override var responderName: String { registeredName ?? title ?? UIView.defaultName(of: type(of: self)) }
}
