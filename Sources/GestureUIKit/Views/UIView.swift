import Foundation
import GestureKit

/// UIKit's `UIView` as far as recognizers use it, seen through the engine's view.
///
/// A scene's views are wrapped as they are reached (`recognizer.view`, `touch.view`, `superview`);
/// the same engine view gives the same `UIView` while anything holds it.
open class UIView {
    /// The engine's view.
    public let core: View

    /// Views an engine view.
    init(viewing core: View) {
        self.core = core
        core.compatibilityObject = self
    }

    /// Creates a view named "view" (see ``init(name:frame:)``) for a scene built in code.
    public convenience init(frame: CGRect) {
        self.init(name: "view", frame: frame)
    }

    /// Creates a view with a name for records.
    public init(name: String, frame: CGRect) {
        core = View(name: name, frame: frame.engine)
        core.compatibilityObject = self
    }

    /// The UIKit object of an engine view (`engine.window.view(named:)`).
    public static func of(_ engineView: View) -> UIView { wrap(engineView) }

    /// The UIKit object of an engine view.
    static func wrap(_ core: View) -> UIView {
        if let existing = core.compatibilityObject as? UIView { return existing }
        if let window = core as? Window { return UIWindow(viewing: window) }
        if let special = wrapControlOrScrollView(core) { return special }
        return UIView(viewing: core)
    }

    /// The frame in the superview's coordinates.
    open var frame: CGRect {
        get { CGRect(core.frame) }
        set { core.frame = newValue.engine }
    }

    /// The view's own coordinate space: origin zero, the frame's size.
    open var bounds: CGRect { CGRect(core.bounds) }

    /// The centre of the frame, in the superview's coordinates.
    open var center: CGPoint { CGPoint(x: frame.midX, y: frame.midY) }

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

    /// The recognizers attached, or nil for none.
    open var gestureRecognizers: [UIGestureRecognizer]? {
        core.gestureRecognizers.isEmpty ? nil : core.gestureRecognizers.map(UIGestureRecognizer.wrap)
    }

    /// Attaches a recognizer (add it to the engine too: ``Engine/add(_:)``).
    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        core.addGestureRecognizer(gestureRecognizer.core)
    }

    /// Whether `point` (in this view's coordinates) is inside the view.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool { core.point(inside: point.engine) }

    /// The deepest view under `point` (in this view's coordinates) that receives touches.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? { core.hitTest(point.engine).map(UIView.wrap) }

    /// Whether this view is `view` or inside it.
    open func isDescendant(of view: UIView) -> Bool { core.isDescendant(of: view.core) }

    /// Converts `point` from this view's coordinates to `view`'s (window coordinates for nil).
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let inWindow = point.engine + core.windowOrigin
        return CGPoint(view.map { $0.core.convertFromWindow(inWindow) } ?? inWindow)
    }

    /// Converts `point` from `view`'s coordinates (window coordinates for nil) to this view's.
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        let inWindow = view.map { point.engine + $0.core.windowOrigin } ?? point.engine
        return CGPoint(core.convertFromWindow(inWindow))
    }

    /// Converts `rect` from this view's coordinates to `view`'s.
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        CGRect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    /// Converts `rect` from `view`'s coordinates to this view's.
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        CGRect(origin: convert(rect.origin, from: view), size: rect.size)
    }

    /// The view's name in the scene (UIKit has none; the nearest is `accessibilityIdentifier`).
    public var accessibilityIdentifier: String? { core.name }
}
