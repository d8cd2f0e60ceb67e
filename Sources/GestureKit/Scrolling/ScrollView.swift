/// A scroll view (`UIScrollView`): its subviews are laid out in content coordinates and move with
/// the content offset, which its own pan recognizer (`NAME.pan`) drives (``ScrollCoordinator``).
public final class ScrollView: View {
    /// The scroll view's settings: as the scene gave them, or as UIKit code sets them. Changing
    /// `scrollEnabled` enables or disables its recognizers; making the zoom scales differ gives it
    /// its pinch.
    public var settings: ScrollViewDescription {
        didSet { settingsChanged() }
    }
    /// The unpublished times and sizes it uses (its pan's hysteresis follows `scrollHysteresis`).
    public var thresholds: ViewThresholds {
        didSet { panGestureRecognizer.thresholds.panHysteresis = thresholds.scrollHysteresis }
    }
    /// Its pan recognizer, `NAME.pan`.
    public let panGestureRecognizer: ScrollViewPanGestureRecognizer
    /// Its pinch recognizer, `NAME.pinch`, once zooming is possible (the zoom scales differ).
    public private(set) var pinchGestureRecognizer: PinchGestureRecognizer?
    /// The layer above the engine that hears the delegate callbacks and answers the overridable
    /// questions (GestureUIKit's `UIScrollView`), or nil for the engine's own answers.
    public var scrollHost: (any ScrollViewHost)?

    /// The zoom scale (`zoomScale`), which the pinch changes between the zoom scales.
    public internal(set) var zoomScale = 1.0
    /// What the scroll view is doing between events (``ScrollCoordinator``).
    var motion = ScrollMotion()
    /// The engine's scrolling, once the scroll view is in a running engine (for ``setContentOffset(_:)``).
    weak var coordinator: ScrollCoordinator?
    private let estimator: VelocityEstimatorKind
    /// The name the own recognizers were named after.
    private var recognizerBaseName: String

    /// The content offset: the point of the content at the scroll view's top-left corner. Setting
    /// it moves the content without a report; ``setContentOffset(_:)`` is UIKit's setter.
    public var contentOffset: Point {
        get { boundsOrigin }
        set { boundsOrigin = newValue }
    }

    /// `isDragging`: the pan has begun moving the content and the finger has not lifted.
    public var isDragging: Bool { motion.dragging }
    /// `isTracking`: a finger is down on the content (it may not have begun dragging yet).
    public var isTracking: Bool { motion.dragging || panGestureRecognizer.numberOfTouches > 0 }
    /// `isDecelerating`: the content is still moving after the finger lifted (deceleration,
    /// bounce back or paging).
    public var isDecelerating: Bool { motion.animation != nil }

    /// Creates a scroll view and its recognizers (add them to the engine with the scene's).
    public init(
        name: String, frame: Rect, settings: ScrollViewDescription, thresholds: ViewThresholds = ViewThresholds(),
        estimator: VelocityEstimatorKind = .uikit
    ) {
        self.settings = settings
        self.thresholds = thresholds
        self.estimator = estimator
        recognizerBaseName = name
        panGestureRecognizer = ScrollViewPanGestureRecognizer(name: name + ".pan", estimator: estimator)
        super.init(name: name, frame: frame)
        boundsOrigin = settings.contentOffset
        panGestureRecognizer.thresholds.panHysteresis = thresholds.scrollHysteresis
        panGestureRecognizer.isEnabled = settings.scrollEnabled
        panGestureRecognizer.scrollView = self
        addGestureRecognizer(panGestureRecognizer)
        settingsChanged()
    }

    /// Clears its pan's link to it, as a weak reference would be cleared.
    deinit {
        if panGestureRecognizer.scrollView === self { panGestureRecognizer.scrollView = nil }
    }

    /// Renames `NAME.pan` and `NAME.pinch` after the scroll view's current name (a view made in code
    /// may be named after it was made), unless they were given other names; the engine does it as
    /// it starts.
    func nameOwnRecognizers() {
        for (recognizer, suffix) in [(panGestureRecognizer as GestureRecognizer, ".pan"), (pinchGestureRecognizer, ".pinch")] {
            guard let recognizer, recognizer.name == recognizerBaseName + suffix else { continue }
            recognizer.name = name + suffix
        }
        recognizerBaseName = name
    }

    /// Keeps the recognizers in step with the settings: enabled with scrolling, a pinch once the
    /// zoom scales differ (joining the pan's engine when the scroll view already runs in one).
    private func settingsChanged() {
        if pinchGestureRecognizer == nil, settings.minimumZoomScale != settings.maximumZoomScale {
            let pinch = PinchGestureRecognizer(name: recognizerBaseName + ".pinch", estimator: estimator)
            pinchGestureRecognizer = pinch
            addGestureRecognizer(pinch)
            panGestureRecognizer.environment?.add(pinch)
        }
        if panGestureRecognizer.isEnabled != settings.scrollEnabled { panGestureRecognizer.isEnabled = settings.scrollEnabled }
        if let pinch = pinchGestureRecognizer, pinch.isEnabled != settings.scrollEnabled { pinch.isEnabled = settings.scrollEnabled }
    }

    /// UIKit's `contentOffset` setter: moves the content and reports `didScroll` when it moved (to the
    /// host alone, without a record, before the scroll view runs in an engine). While
    /// the finger drags, the drag goes on from the new offset (as a delegate that holds the content at
    /// its top in `scrollViewDidScroll` expects). With `stopping`, a deceleration under way stops
    /// where the offset is set, even to the offset it has (the usual way to stop a fling; the delegate
    /// hears no `didEndDecelerating`, as the programmatic update ends the scroll).
    public func setContentOffset(_ offset: Point, stopping: Bool = true) {
        if stopping, motion.animation != nil { coordinator?.stop(self) }
        guard offset != contentOffset else { return }
        if motion.dragging { motion.dragStart = offset + motion.translation }
        contentOffset = offset
        if let coordinator {
            coordinator.didSetContentOffset(self)
        } else if let host = scrollHost {
            // Not in a running engine yet (a screen being built): the delegate still hears it, as
            // UIKit's does; there is no trace time and no record.
            host.scrollView(self, didReport: ScrollRecord(t: 0, scrollView: name, event: .didScroll, contentOffset: offset))
        }
    }

    /// `delaysContentTouches`, for a scroll view that takes touches.
    var delaysContentTouches: Bool { settings.delaysContentTouches && settings.scrollEnabled }

    /// The least content offset (the content's top-left corner at the view's, less the insets).
    var minimumOffset: Point { Point(x: -settings.contentInset.left, y: -settings.contentInset.top) }

    /// The greatest content offset at which no content is pulled past its edge.
    var maximumOffset: Point {
        let size = bounds.size
        let inset = settings.contentInset
        return Point(
            x: max(minimumOffset.x, settings.contentSize.width + inset.right - size.width),
            y: max(minimumOffset.y, settings.contentSize.height + inset.bottom - size.height))
    }

    /// Whether a drag scrolls horizontally: the content is wider than the view, or it always bounces horizontally.
    var scrollsHorizontally: Bool {
        maximumOffset.x > minimumOffset.x || settings.alwaysBounceHorizontal
    }

    /// Whether a drag scrolls vertically: the content is taller than the view, or it always bounces
    /// vertically (or, as in UIKit, neither axis can scroll and the content is not wider either).
    var scrollsVertically: Bool {
        maximumOffset.y > minimumOffset.y || settings.alwaysBounceVertical
    }

    /// `offset` kept within the content, or pulled past an edge with rubber-banding when the view bounces.
    func constrained(_ offset: Point) -> Point {
        Point(
            x: constrained(offset.x, minimumOffset.x, maximumOffset.x, dimension: bounds.size.width),
            y: constrained(offset.y, minimumOffset.y, maximumOffset.y, dimension: bounds.size.height))
    }

    private func constrained(_ value: Double, _ low: Double, _ high: Double, dimension: Double) -> Double {
        if value >= low && value <= high { return value }
        let edge = value < low ? low : high
        guard settings.bounces else { return edge }
        let past = abs(value - edge)
        let c = thresholds.rubberBandCoefficient
        // The rubber band: (x × d × c) / (d + c × x), x the distance past the edge, d the view's size.
        let banded = dimension > 0 ? (past * dimension * c) / (dimension + c * past) : 0
        return value < low ? edge - banded : edge + banded
    }

    /// `offset` clamped to the content.
    func clamped(_ offset: Point) -> Point {
        let low = minimumOffset, high = maximumOffset
        return Point(x: min(max(offset.x, low.x), high.x), y: min(max(offset.y, low.y), high.y))
    }

    /// `touchesShouldCancel(in:)`: the host's answer, or ``defaultTouchesShouldCancel(in:)``.
    func touchesShouldCancel(in view: View) -> Bool {
        guard let host = scrollHost else { return defaultTouchesShouldCancel(in: view) }
        return host.scrollView(self, touchesShouldCancelIn: view)
    }

    /// UIKit's own `touchesShouldCancel(in:)`: true unless the view is a control, or always with
    /// `touchesShouldCancelInControls`.
    public func defaultTouchesShouldCancel(in view: View) -> Bool {
        settings.touchesShouldCancelInControls || !(view is Control)
    }
}

extension View {
    /// How long a touch landing on this view waits for its `touchesBegan` because enclosing scroll
    /// views delay content touches (`delaysContentTouches`, `contentTouchDelay`): the longest of
    /// their delays, with the nearest of them; nil when none delays it.
    var contentTouchDelay: (delay: Double, scrollView: ScrollView)? {
        var result: (delay: Double, scrollView: ScrollView)?
        var ancestor = superview
        while let view = ancestor {
            if let scrollView = view as? ScrollView, scrollView.delaysContentTouches {
                let delay = max(result?.delay ?? 0, scrollView.thresholds.contentTouchDelay)
                result = (delay, result?.scrollView ?? scrollView)
            }
            ancestor = view.superview
        }
        return result
    }
}

/// The pan recognizer of a scroll view (`NAME.pan`): a pan whose hysteresis counts only the axes
/// the scroll view can scroll, so that a vertical list ignores a sideways drag (and a horizontal
/// pager around it takes it).
public final class ScrollViewPanGestureRecognizer: PanGestureRecognizer {
    // Unowned and cleared by the scroll view's deinit, as a weak reference would be (see ``View/deinit``).
    /// The scroll view it belongs to.
    public internal(set) unowned(unsafe) var scrollView: ScrollView?

    override var hysteresisName: String { "scrollHysteresis" }

    override func movementTowardHysteresis(_ raw: Point) -> Point {
        guard let scrollView else { return raw }
        return Point(x: scrollView.scrollsHorizontally ? raw.x : 0, y: scrollView.scrollsVertically ? raw.y : 0)
    }

    /// The true reason a drag past the hysteresis did not begin the pan: the scroll view cannot
    /// scroll at all, or not along the way the finger went.
    override func uncountedMovementReason(moved: Point) -> String? {
        guard let scrollView else { return nil }
        let name = scrollView.name
        let h = format(thresholds.panHysteresis)
        if !scrollView.scrollsHorizontally && !scrollView.scrollsVertically {
            let content = scrollView.settings.contentSize, size = scrollView.bounds.size
            return "\(name) cannot scroll: its contentSize \(format(content.width))×\(format(content.height)) (with its insets) "
                + "fits within its bounds \(format(size.width))×\(format(size.height)), and neither alwaysBounceVertical nor "
                + "alwaysBounceHorizontal is set; the finger moved \(format(max(abs(moved.x), abs(moved.y)))) pt"
        }
        let (axis, along, other) = scrollView.scrollsVertically
            ? ("vertically", abs(moved.y), abs(moved.x)) : ("horizontally", abs(moved.x), abs(moved.y))
        return "\(name) scrolls only \(axis): the finger moved \(format(along)) pt \(axis), less than scrollHysteresis \(h) pt "
            + "(and \(format(other)) pt the other way, which does not scroll)"
    }
}

extension ScrollView {
    /// `offset` kept within the content (no rubber band): where a programmatic scroll may go.
    public func clampedContentOffset(_ offset: Point) -> Point { clamped(offset) }

    /// UIKit's `zoomScale` setter: the scale kept within the zoom scales, reported as `didZoom`
    /// when it changed.
    public func setZoomScale(_ scale: Double) {
        let kept = min(max(scale, settings.minimumZoomScale), settings.maximumZoomScale)
        guard kept != zoomScale else { return }
        zoomScale = kept
        coordinator?.didSetZoomScale(self)
    }
}
