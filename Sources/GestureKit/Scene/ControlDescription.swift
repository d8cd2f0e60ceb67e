/// The kinds of UIKit control a scene's view can be (`"control"`).
public enum ControlKind: String, Sendable, CaseIterable {
    /// `UIButton`.
    case button
    /// `UISwitch`.
    case `switch`
    /// `UISlider`.
    case slider
    /// `UIStepper`.
    case stepper
    /// `UISegmentedControl`.
    case segmentedControl
    /// `UIPageControl`.
    case pageControl
    /// A plain `UIControl`.
    case control
}

/// What makes a view a control: its kind and the UIKit properties of that kind, with UIKit's defaults.
public struct ControlDescription: Hashable, Sendable {
    /// The control's kind.
    public var kind: ControlKind
    /// `UIControl.isEnabled`: a disabled control sends no events.
    public var enabled = true
    /// Slider and stepper: the value.
    public var value: Double
    /// Slider and stepper: the least value.
    public var minimumValue: Double
    /// Slider and stepper: the greatest value.
    public var maximumValue: Double
    /// Slider and stepper: `valueChanged` while the finger moves or holds, not only at the end.
    public var continuous = true
    /// Stepper: the step.
    public var stepValue = 1.0
    /// Stepper: whether holding a half repeats the step.
    public var autorepeat = true
    /// Stepper: whether the value wraps around past its limits.
    public var wraps = false
    /// Switch: `isOn`.
    public var on = false
    /// Segmented control: the number of segments, of equal widths across the frame.
    public var segments = 2
    /// Segmented control: the selected segment, -1 for none.
    public var selectedSegmentIndex = -1
    /// Page control: the number of pages.
    public var numberOfPages = 0
    /// Page control: the current page.
    public var currentPage = 0

    /// A control of `kind` with UIKit's defaults (slider 0 in 0…1, stepper 0 in 0…100).
    public init(kind: ControlKind) {
        self.kind = kind
        value = 0
        minimumValue = 0
        maximumValue = kind == .stepper ? 100 : 1
    }
}

/// What makes a view a `UIScrollView` (`"scrollView"`), with UIKit's defaults.
public struct ScrollViewDescription: Hashable, Sendable {
    /// `contentSize`.
    public var contentSize = Size(width: 0, height: 0)
    /// `contentOffset` at the start of the trace.
    public var contentOffset = Point.zero
    /// `contentInset`.
    public var contentInset = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    /// `isScrollEnabled`: false, the scroll view takes no touches (they go up the responder chain).
    public var scrollEnabled = true
    /// `isPagingEnabled`: scrolling stops at multiples of the bounds.
    public var pagingEnabled = false
    /// `isDirectionalLockEnabled`: a drag that starts along one axis scrolls along it only.
    public var directionalLockEnabled = false
    /// `bounces`: the content can be pulled past its edges and springs back.
    public var bounces = true
    /// `alwaysBounceVertical`.
    public var alwaysBounceVertical = false
    /// `alwaysBounceHorizontal`.
    public var alwaysBounceHorizontal = false
    /// `decelerationRate`, per millisecond (`normal` 0.998, `fast` 0.99).
    public var decelerationRate = ScrollViewDescription.normalDecelerationRate
    /// Frames per second at which `didScroll` is reported while decelerating or bouncing back.
    public var scrollFrameRate = 60.0
    /// `minimumZoomScale`.
    public var minimumZoomScale = 1.0
    /// `maximumZoomScale`.
    public var maximumZoomScale = 1.0
    /// `delaysContentTouches`.
    public var delaysContentTouches = true
    /// `canCancelContentTouches`.
    public var canCancelContentTouches = true
    /// `touchesShouldCancel(in:)` answers true for controls too (UIKit's default answers false for them).
    public var touchesShouldCancelInControls = false
    /// The keys the scene file gave in `"scrollView"`, or nil for a description made in code. A
    /// scroll view of a registered class takes only these: the rest keep what its `init` set. Not
    /// part of the description's value (equality and hashing ignore it).
    public var givenKeys: Set<String>? {
        get { given.keys }
        set { given.keys = newValue }
    }
    private var given = GivenKeys()

    /// `UIScrollView.DecelerationRate.normal` (UIKit's headers: 0.998 per millisecond).
    public static let normalDecelerationRate = 0.998
    /// `UIScrollView.DecelerationRate.fast` (UIKit's headers: 0.99 per millisecond).
    public static let fastDecelerationRate = 0.99

    /// A scroll view with UIKit's defaults.
    public init() {}
}

extension SceneDescription {
    /// Whether any view of the scene is a control or a scroll view.
    public var hasControlsOrScrollViews: Bool {
        var stack = views
        while let view = stack.popLast() {
            if view.control != nil || view.scrollView != nil { return true }
            stack.append(contentsOf: view.children)
        }
        return false
    }
}
