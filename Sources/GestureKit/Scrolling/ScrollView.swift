/// A scroll view (`UIScrollView`): its subviews are laid out in content coordinates and move with
/// the content offset, which its own pan recognizer (`NAME.pan`) drives (``ScrollCoordinator``).
public final class ScrollView: View {
    /// The scroll view's settings, as the scene gave them.
    public let settings: ScrollViewDescription
    /// The unpublished times and sizes it uses.
    public let thresholds: ViewThresholds
    /// Its pan recognizer, `NAME.pan`.
    public let panGestureRecognizer: ScrollViewPanGestureRecognizer
    /// Its pinch recognizer, `NAME.pinch`, when zooming is possible (the zoom scales differ).
    public let pinchGestureRecognizer: PinchGestureRecognizer?

    /// The zoom scale (`zoomScale`), which the pinch changes between the zoom scales.
    public internal(set) var zoomScale = 1.0
    /// What the scroll view is doing between events (``ScrollCoordinator``).
    var motion = ScrollMotion()

    /// The content offset: the point of the content at the scroll view's top-left corner.
    public var contentOffset: Point {
        get { boundsOrigin }
        set { boundsOrigin = newValue }
    }

    /// Creates a scroll view and its recognizers (add them to the engine with the scene's).
    public init(
        name: String, frame: Rect, settings: ScrollViewDescription, thresholds: ViewThresholds = ViewThresholds(),
        estimator: VelocityEstimatorKind = .uikit
    ) {
        self.settings = settings
        self.thresholds = thresholds
        panGestureRecognizer = ScrollViewPanGestureRecognizer(name: name + ".pan", estimator: estimator)
        pinchGestureRecognizer = settings.minimumZoomScale != settings.maximumZoomScale ? PinchGestureRecognizer(name: name + ".pinch", estimator: estimator) : nil
        super.init(name: name, frame: frame)
        boundsOrigin = settings.contentOffset
        panGestureRecognizer.thresholds.panHysteresis = thresholds.scrollHysteresis
        panGestureRecognizer.isEnabled = settings.scrollEnabled
        panGestureRecognizer.scrollView = self
        addGestureRecognizer(panGestureRecognizer)
        if let pinch = pinchGestureRecognizer {
            pinch.isEnabled = settings.scrollEnabled
            addGestureRecognizer(pinch)
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

    /// `touchesShouldCancel(in:)`: true unless the view is a control (UIKit's default), or always
    /// with `touchesShouldCancelInControls`.
    func touchesShouldCancel(in view: View) -> Bool {
        settings.touchesShouldCancelInControls || !(view is Control)
    }
}

/// The pan recognizer of a scroll view (`NAME.pan`): a pan whose hysteresis counts only the axes
/// the scroll view can scroll, so that a vertical list ignores a sideways drag (and a horizontal
/// pager around it takes it).
public final class ScrollViewPanGestureRecognizer: PanGestureRecognizer {
    /// The scroll view it belongs to.
    public internal(set) weak var scrollView: ScrollView?

    override var hysteresisName: String { "scrollHysteresis" }

    override func movementTowardHysteresis(_ raw: Point) -> Point {
        guard let scrollView else { return raw }
        return Point(x: scrollView.scrollsHorizontally ? raw.x : 0, y: scrollView.scrollsVertically ? raw.y : 0)
    }
}
