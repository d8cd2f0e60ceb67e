import Foundation
import GestureKit

/// UIKit's `UIView` over the engine's view: the frame, the tree, the interaction flags, the
/// recognizers, hit-testing and the responder chain.
///
/// Subclass it as on iOS. A view made through a UIKit class (`UIView(frame:)`, your subclass) hosts
/// its engine view: the engine asks it ``hitTest(_:with:)``, ``point(inside:with:)`` and
/// ``gestureRecognizerShouldBegin(_:)``, and delivers its touches to its responder methods, so your
/// overrides are called and `super` reaches UIKit's own rules. A scene file's views are wrapped as
/// they are reached (`recognizer.view`, `touch.view`, `superview`) and keep the engine's rules; a
/// scene entry with `"class"` makes its view through a registered class instead.
@preconcurrency @MainActor
open class UIView: UIResponder {
    /// The engine's view.
    public let core: View
    /// Whether this object only views a scene's engine view (it was not made through a UIKit class).
    let isSceneView: Bool
    /// The view controller whose view this is, if any (UIKit's next responder after the view).
    weak var owningController: UIViewController?

    /// The engine view the next `UIView` made on this thread adopts instead of making its own.
    @TaskLocal static var adopting: AdoptedView?

    /// Creates a view with `frame`, in its superview's coordinates.
    public init(frame: CGRect) {
        if let adopted = UIView.adopting {
            core = adopted.view
            isSceneView = true
        } else {
            core = Self.makeCore(frame: frame.engine)
            isSceneView = false
        }
        super.init()
        core.compatibilityObject = self
        guard !isSceneView else { return }
        core.host = ViewLink(owner: self)
        if core.name.isEmpty { core.name = UIView.defaultName(of: type(of: self)) }
    }

    /// Views are not archived here: there are no nibs or storyboards, so this returns nil.
    public required init?(coder: NSCoder) { return nil }

    /// Creates a view with a zero frame.
    public override convenience init() { self.init(frame: .zero) }

    /// Creates a view with a name for records (UIKit has none; see ``accessibilityIdentifier``).
    public convenience init(name: String, frame: CGRect) {
        self.init(frame: frame)
        core.name = name
    }

    /// The engine view a class makes for `frame` (a plain view; a window, a scroll view or a control
    /// for those classes).
    class func makeCore(frame: Rect) -> View { View(name: "", frame: frame) }

    /// The name of a view made in code without one: its class's, without `UI`, in lower camel case
    /// (`view`, `sheetView`).
    static func defaultName(of type: AnyClass) -> String {
        var name = String(describing: type)
        if name.hasPrefix("UI"), name.count > 2 { name.removeFirst(2) }
        return name.prefix(1).lowercased() + name.dropFirst()
    }

    /// The UIKit object of an engine view (`engine.window.view(named:)`).
    public static func of(_ engineView: View) -> UIView { wrap(engineView) }

    /// The UIKit object of an engine view: the one it was made through, or a new view of it with the
    /// UIKit class of its kind.
    static func wrap(_ core: View) -> UIView {
        if let existing = core.compatibilityObject as? UIView { return existing }
        return UIView.$adopting.withValue(AdoptedView(view: core)) {
            if core is Window { return UIWindow(frame: .zero) }
            if let special = wrapControlOrScrollView(core) { return special }
            return UIView(frame: .zero)
        }
    }

    // MARK: Geometry

    /// The frame in the superview's coordinates: with a transform, the bounding box of the
    /// transformed view (UIKit's answer); setting it sets the untransformed frame.
    open var frame: CGRect {
        get {
            guard core.transform != nil, let superview = core.superview else { return CGRect(core.frame) }
            return CGRect(x: 0, y: 0, width: core.frame.size.width, height: core.frame.size.height).mapCorners { corner in
                CGPoint(superview.convertFromWindow(core.convertToWindow(corner.engine + core.boundsOrigin)))
            }
        }
        set { core.frame = newValue.engine }
    }

    /// The view's own coordinate space: origin zero, the frame's size.
    open var bounds: CGRect { CGRect(core.bounds) }

    /// The centre, in the superview's coordinates (a transform turns about it and leaves it).
    open var center: CGPoint {
        get { CGPoint(x: core.frame.origin.x + core.frame.size.width / 2, y: core.frame.origin.y + core.frame.size.height / 2) }
        set {
            core.frame.origin = Point(x: Double(newValue.x) - core.frame.size.width / 2, y: Double(newValue.y) - core.frame.size.height / 2)
        }
    }

    /// The transform about the centre: hit-testing, touch locations, `convert` and a pan's
    /// `translation(in:)` go through it.
    open var transform: CGAffineTransform {
        get {
            guard let t = core.transform else { return .identity }
            return CGAffineTransform(a: CGFloat(t.a), b: CGFloat(t.b), c: CGFloat(t.c), d: CGFloat(t.d), tx: CGFloat(t.tx), ty: CGFloat(t.ty))
        }
        set {
            core.transform = newValue.isIdentity ? nil : AffineTransform(
                a: Double(newValue.a), b: Double(newValue.b), c: Double(newValue.c), d: Double(newValue.d),
                tx: Double(newValue.tx), ty: Double(newValue.ty))
        }
    }

    // MARK: The tree

    /// The superview, nil for the window and for a view not in one.
    open var superview: UIView? { core.superview.map(UIView.wrap) }

    /// The subviews, back to front.
    open var subviews: [UIView] { core.subviews.map(UIView.wrap) }

    /// The window the view is in, or nil.
    open var window: UIWindow? {
        var current: View? = core
        while let view = current {
            if let window = view as? Window { return UIView.wrap(window) as? UIWindow }
            current = view.superview
        }
        return nil
    }

    /// Adds a subview on top.
    open func addSubview(_ view: UIView) { core.addSubview(view.core) }

    /// Whether this view is `view` or inside it.
    open func isDescendant(of view: UIView) -> Bool { core.isDescendant(of: view.core) }

    // MARK: Interaction

    /// Whether the view and its subviews receive touches.
    open var isUserInteractionEnabled: Bool {
        get { core.isUserInteractionEnabled }
        set { core.isUserInteractionEnabled = newValue }
    }

    /// Whether the view receives more than one touch at a time.
    open var isMultipleTouchEnabled: Bool {
        get { core.isMultipleTouchEnabled }
        set { core.isMultipleTouchEnabled = newValue }
    }

    /// Whether the view has its touches to itself.
    open var isExclusiveTouch: Bool {
        get { core.isExclusiveTouch }
        set { core.isExclusiveTouch = newValue }
    }

    /// Whether the view is hidden.
    open var isHidden: Bool {
        get { core.isHidden }
        set { core.isHidden = newValue }
    }

    /// The view's opacity.
    open var alpha: CGFloat {
        get { CGFloat(core.alpha) }
        set { core.alpha = Double(newValue) }
    }

    /// Kept for hit-testing's sake only: hit-testing never reaches outside a superview's bounds.
    open var clipsToBounds: Bool {
        get { core.clipsToBounds }
        set { core.clipsToBounds = newValue }
    }

    /// The recognizers attached, or nil for none.
    open var gestureRecognizers: [UIGestureRecognizer]? {
        core.gestureRecognizers.isEmpty ? nil : core.gestureRecognizers.map(UIGestureRecognizer.wrap)
    }

    /// Attaches a recognizer. In a screen built in code (``RecognizerRegistry/register(screen:_:)``)
    /// the engine finds it; in an engine already running, add it there too (``Engine/add(_:)``).
    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        core.addGestureRecognizer(gestureRecognizer.core)
    }

    /// Whether `gestureRecognizer` may begin (true). Asked when a recognizer of this view, or one
    /// that has a touch on this view, is about to leave `possible`, after its delegate; a no fails it.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }

    /// Whether `point` (in this view's coordinates) is inside the view: in its bounds (less the
    /// scene's `hitInsets`, for a scene view).
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool { core.point(inside: point.engine - core.boundsOrigin) }

    /// The deepest view under `point` (in this view's coordinates) that receives touches: nil when
    /// this view is hidden, transparent, not interactive or `point(inside:with:)` says no; otherwise
    /// the subviews' answers front to back, or this view. The engine calls it with a nil event.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        core.standardHitTest(point.engine - core.boundsOrigin).map(UIView.wrap)
    }

    // MARK: Responder chain

    /// The view controller whose view this is, else the superview.
    open override var next: UIResponder? { owningController ?? superview }

    override var responderName: String { core.name }

    /// A scene view that handles touches (`handles`) keeps them, as the scene says.
    override var keepsUnhandledTouches: Bool { isSceneView && core.handles.contains(.touches) }

    // MARK: Coordinates

    /// Converts `point` from this view's coordinates to `view`'s (window coordinates for nil).
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let inWindow = core.convertToWindow(point.engine)
        return CGPoint(view.map { $0.core.convertFromWindow(inWindow) } ?? inWindow)
    }

    /// Converts `point` from `view`'s coordinates (window coordinates for nil) to this view's.
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        let inWindow = view.map { $0.core.convertToWindow(point.engine) } ?? point.engine
        return CGPoint(core.convertFromWindow(inWindow))
    }

    /// Converts `rect` from this view's coordinates to `view`'s: the bounding box of its corners.
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        rect.mapCorners { convert($0, to: view) }
    }

    /// Converts `rect` from `view`'s coordinates to this view's: the bounding box of its corners.
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        rect.mapCorners { convert($0, from: view) }
    }

    // MARK: Identity

    /// The view's name in records: its scene name, or the one set here (set it before the engine
    /// runs the screen). A view made in code without one is named after its class.
    open var accessibilityIdentifier: String? {
        get { core.name.isEmpty ? nil : core.name }
        set { core.name = newValue ?? "" }
    }

    /// The class, the name and the frame, as UIKit's description starts.
    open override var description: String {
        // NSObject's `description` is not isolated; the bridge reads the view as the engine does.
        onMainActor(self) { view in
            "<\(type(of: view)): \(view.core.name); frame = \(view.frame)>"
        }
    }
}

extension UIView: UICoordinateSpace {
    /// Converts `point` to another coordinate space (a view, or a screen: window coordinates).
    public func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint {
        convert(point, to: coordinateSpace as? UIView)
    }

    /// Converts `point` from another coordinate space (a view, or a screen: window coordinates).
    public func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint {
        convert(point, from: coordinateSpace as? UIView)
    }

    /// Converts `rect` to another coordinate space.
    public func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect {
        convert(rect, to: coordinateSpace as? UIView)
    }

    /// Converts `rect` from another coordinate space.
    public func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect {
        convert(rect, from: coordinateSpace as? UIView)
    }
}

/// An engine view for the next `UIView` to adopt (a task-local value, so threads do not share it).
struct AdoptedView: @unchecked Sendable {
    // Unchecked: set and read on one thread, around one initializer call.
    let view: View
}
