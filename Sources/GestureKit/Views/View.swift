/// A view of the simulated window: a rectangle that is hit-tested, receives touches and carries recognizers.
///
/// Views form a tree. A touch is delivered to the recognizers of its hit-test view and of all that
/// view's ancestors, then to the view itself, following `UIView`'s rules.
open class View {
    // Unchecked: read for every record and every responder chain (a `let` until views made in code
    // needed naming; checked, it cost 1.3% of analyze --deliveries on the 2 MB sample).
    /// The view's name, unique in a scene (set it before the view joins an engine).
    @exclusivity(unchecked) public var name: String
    // Unchecked: read by every conversion to view coordinates, ~16,000 checks (~0.7% of analyze on the 2 MB sample).
    /// The frame in the superview's coordinates (window coordinates for a root view).
    @exclusivity(unchecked) public var frame: Rect
    // Unchecked, as the hit-testing flags below: read for every view hit-tested, ~10 checks a new
    // touch (callgrind, check of 1,000 traces: 1,406.0 M instructions with the checks, 1,396.3 M without,
    // with those of the recognizers of each view and their delegates, and the touch's view).
    /// Subviews, back to front.
    @exclusivity(unchecked) public private(set) var subviews: [View] = []
    /// The superview, nil for a root view.
    public private(set) var superview: View? {
        get { superviewLink?.takeUnretainedValue() }
        set { superviewLink = newValue.map(Unmanaged.passUnretained) }
    }
    // Unchecked: walked by every conversion to view coordinates, ~16,000 checks (~0.7% of analyze on the 2 MB sample).
    // Unretained and cleared by the superview's deinit rather than weak: a weak reference gives the
    // view a side table, and then every retain and release of it takes the slow path (see
    // ``View/deinit``); walking the links up the tree retains none of the views.
    @exclusivity(unchecked) private var superviewLink: Unmanaged<View>?
    /// `false`: neither the view nor its subviews are hit.
    @exclusivity(unchecked) public var isUserInteractionEnabled = true
    /// Hidden views and their subviews are not hit.
    @exclusivity(unchecked) public var isHidden = false
    /// Below 0.01 the view is not hit.
    @exclusivity(unchecked) public var alpha = 1.0
    /// Whether the view receives more than the first touch of a sequence.
    public var isMultipleTouchEnabled = false
    /// While this view has touches no other view receives touches, and vice versa.
    @exclusivity(unchecked) public var isExclusiveTouch = false
    /// Whether ``isExclusiveTouch`` also keeps the touches it blocks from the recognizers of the
    /// other views (Apple does not say; off by default: only view delivery is blocked).
    public var exclusiveTouchBlocksRecognizers = false
    /// Recorded for completeness (hit-testing never reaches outside a superview's bounds).
    public var clipsToBounds = false
    /// The events the view's own responder methods handle.
    public var handles: Set<HandledEvents> = [.touches]
    /// Whether the view can become first responder.
    public var canBecomeFirstResponder = false
    /// The controller whose view this is, if any.
    public internal(set) var controllerName: String?
    /// The controller's handled events.
    var controllerHandles: Set<HandledEvents> = []
    /// The hit-testing override (`"hitTest"` in a scene).
    @exclusivity(unchecked) public var hitTestRule: HitTestRule = .standard
    /// The touch-area insets (`"hitInsets"`): positive shrink, negative enlarge.
    @exclusivity(unchecked) public var hitInsets: EdgeInsets?
    /// The name of the responder the view forwards its touch methods to (`"forwardsTo"`).
    public var forwardsTo: String?
    /// An object a layer above the engine keeps for this view (GestureUIKit's `UIView`), held weakly.
    public weak var compatibilityObject: AnyObject?
    // Unchecked: read for every view hit-tested and every delivery in a window with hosts.
    /// The layer above the engine that answers this view's hit-testing, `gestureRecognizerShouldBegin`
    /// and responder calls (GestureUIKit's `UIView` made through a UIKit class), or nil for the
    /// engine's own rules. Kept alive by the view.
    @exclusivity(unchecked) public var host: (any ViewHost)?
    // Unchecked: read for every new touch, for each view up from the one it hit.
    /// Recognizers attached to this view, in the order added.
    @exclusivity(unchecked) public private(set) var gestureRecognizers: [GestureRecognizer] = []
    // Unchecked: read with the frame by every conversion to view coordinates and every hit-test.
    /// The view's transform about its centre (`UIView.transform`, `"transform"` in a scene), or nil
    /// for the identity. The ``frame`` stays the untransformed one (UIKit's `center` and `bounds`);
    /// hit-testing and every conversion go through the transform.
    @exclusivity(unchecked) public var transform: AffineTransform?
    // Unchecked: read by every conversion to view coordinates, ~16,000 checks (~0.6% of analyze
    // on the 2 MB sample, callgrind).
    /// The origin of the view's bounds in its own coordinates: a scroll view's content offset, zero
    /// for every other view. Subviews are laid out, and hit-tested, relative to it.
    @exclusivity(unchecked) public internal(set) var boundsOrigin = Point.zero

    /// Creates a view.
    public init(name: String, frame: Rect) {
        self.name = name
        self.frame = frame
    }

    /// Clears the links to this view of its subviews and recognizers, as weak references would be
    /// cleared. They are unowned rather than weak because an object that is the target of a weak
    /// reference keeps its reference counts in a side table, where every retain and release takes
    /// the runtime's slow path (perf, analyze of the 100 MB trace: the side tables' releases of
    /// views and of the gesture environment were 4.8% of the samples, the weak loads 3.6%).
    deinit {
        for view in subviews where view.superview === self { view.superview = nil }
        for recognizer in gestureRecognizers where recognizer.view === self { recognizer.view = nil }
    }

    /// Adds a subview on top of the others.
    public func addSubview(_ view: View) {
        view.superview = self
        subviews.append(view)
    }

    /// Attaches a recognizer.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.view = self
        gestureRecognizers.append(recognizer)
    }

    /// The view's own coordinate space size, origin at its top-left corner.
    public var bounds: Rect { Rect(x: 0, y: 0, width: frame.size.width, height: frame.size.height) }

    /// The view's origin in window coordinates.
    public var windowOrigin: Point {
        var origin = frame.origin
        var ancestor = superview
        while let view = ancestor {
            origin = origin + view.frame.origin - view.boundsOrigin
            ancestor = view.superview
        }
        return origin
    }

    /// Converts a point from window coordinates to this view's coordinates.
    /// (A scroll view's own coordinates are its content's: they include its content offset.)
    public func convertFromWindow(_ point: Point) -> Point {
        // The same walk as `windowOrigin`, noting a transform on the way: without one the
        // conversion is a translation.
        var origin = frame.origin
        var transformed = transform != nil
        var ancestor = superviewLink
        while let link = ancestor, !transformed {
            link._withUnsafeGuaranteedRef { view in
                transformed = view.transform != nil
                origin = origin + view.frame.origin - view.boundsOrigin
                ancestor = view.superviewLink
            }
        }
        if transformed { return convertFromWindowThroughTransforms(point) }
        return point - origin + boundsOrigin
    }

    /// Converts a point from this view's coordinates to window coordinates.
    public func convertToWindow(_ point: Point) -> Point {
        if isTransformedInWindow { return convertToWindowThroughTransforms(point) }
        return point - boundsOrigin + windowOrigin
    }

    /// Whether `point` (in this view's coordinates) is inside the view (`point(inside:with:)`).
    open func point(inside point: Point) -> Bool {
        guard let insets = hitInsets else { return bounds.contains(point) }
        let area = Rect(
            x: insets.left, y: insets.top,
            width: bounds.size.width - insets.left - insets.right,
            height: bounds.size.height - insets.top - insets.bottom)
        return area.contains(point)
    }

    /// The deepest view containing `point` (in this view's coordinates) that can receive touches,
    /// searching subviews front to back (`hitTest(_:with:)`): the host's answer when the view has
    /// one, otherwise ``standardHitTest(_:)``.
    open func hitTest(_ point: Point) -> View? {
        if let host { return host.view(self, hitTest: point) }
        return standardHitTest(point)
    }

    /// Whether `self` is `view` or one of its descendants.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// This view followed by its ancestors up to the root.
    var selfAndAncestors: [View] {
        var chain: [View] = []
        var current: View? = self
        while let view = current {
            chain.append(view)
            current = view.superview
        }
        return chain
    }
}
