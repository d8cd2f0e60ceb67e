/// A layer above the engine that takes a view's hit-testing, its answer to a recognizer's
/// `gestureRecognizerShouldBegin(_:)` and its responder calls before the engine's own rules do.
///
/// GestureUIKit's `UIView` classes are hosts, as its `UIGestureRecognizer` classes are
/// ``RecognizerHost``s: a team's `UIView` subclass overrides `hitTest(_:with:)`,
/// `point(inside:with:)`, `gestureRecognizerShouldBegin(_:)` and the touch methods with UIKit's
/// types, and its `super` calls reach the engine's rules (``View/standardHitTest(_:)``,
/// ``View/point(inside:)``). A view without a host (every view a scene file makes without naming a
/// registered view class) follows the engine's rules directly, at the cost of one nil check.
///
/// The view keeps its host alive; set ``View/host`` before the engine is made.
public protocol ViewHost: AnyObject {
    /// The deepest view under `point` (in `view`'s coordinates) that receives touches, as the host
    /// answers `hitTest(_:with:)` for `view`.
    func view(_ view: View, hitTest point: Point) -> View?

    /// Whether `point` (in `view`'s coordinates) is inside `view`, as the host answers
    /// `point(inside:with:)`.
    func view(_ view: View, pointInside point: Point) -> Bool

    /// Whether `recognizer` may begin, as the host answers `gestureRecognizerShouldBegin(_:)` for
    /// `view` (asked of the recognizer's view and of the hit-test view of each of its touches).
    func view(_ view: View, shouldBegin recognizer: GestureRecognizer) -> Bool

    /// Delivers `touches` in `phase` to `view` as a responder (`touchesBegan(_:with:)` and the
    /// rest); the host's responders pass them along the responder chain with `super` or `next`.
    ///
    /// - Returns: the responders that passed the touches on, in order, and the one that kept them.
    func view(_ view: View, receives touches: [Touch], in phase: TouchPhase, with event: TouchEvent) -> ResponderTrail

    /// The view class a scene file names for this view (`"class"`) when a screen built in code is
    /// written as one, or nil (the default) for a view of no class of its own.
    var sceneClassName: String? { get }
}

extension ViewHost {
    /// Nil.
    public var sceneClassName: String? { nil }
}

/// The path of one touch delivery through hosted responders: who passed it on, and who kept it.
public struct ResponderTrail: Hashable, Sendable {
    /// The names of the responders that passed the touches on (`super` or `next`), in order.
    public var passed: [String]
    /// The name of the responder that kept them.
    public var responder: String

    /// Creates a trail.
    public init(passed: [String], responder: String) {
        self.passed = passed
        self.responder = responder
    }
}

extension View {
    /// ``point(inside:)`` as the host answers it, or the engine's rule without a host.
    @inline(__always)
    func answersPointInside(_ point: Point) -> Bool {
        guard let host else { return self.point(inside: point) }
        return host.view(self, pointInside: point)
    }

    /// UIKit's hit-testing rule (`UIView.hitTest(_:with:)` as UIKit implements it): nil when the
    /// view does not receive touches or `point` (in this view's coordinates) is outside it;
    /// otherwise the first subview, front to back, that the point hits, or the view itself. Subviews
    /// and `point(inside:)` are asked through their hosts. What a host calls for `super`.
    public final func standardHitTest(_ point: Point) -> View? {
        guard isUserInteractionEnabled, !isHidden, alpha >= 0.01, answersPointInside(point) else { return nil }
        if hitTestRule == .self { return self }
        for subview in subviews.reversed() {
            if let hit = subview.hitTest(subview.frameRelative(fromSuperviewContent: point + boundsOrigin)) { return hit }
        }
        if hitTestRule == .lastSubview, let last = subviews.last { return last }
        return self
    }

    /// Whether this view or one under it has a host.
    var treeHasHost: Bool {
        var stack: [View] = [self]
        while let view = stack.popLast() {
            if view.host != nil { return true }
            stack.append(contentsOf: view.subviews)
        }
        return false
    }
}
