/// A UIKit control (`UIControl` and its subclasses): a view that tracks the touches it receives and
/// sends control events (``ControlEvent``) to its targets.
///
/// The control's state (value, `isOn`, selected segment, page) changes as UIKit's does while it
/// tracks a touch; ``ControlTracker`` drives it. Geometry that UIKit does not publish (the knob,
/// the area in which a drag still counts as inside) comes from ``thresholds``.
public final class Control: View {
    /// The control's kind.
    public let kind: ControlKind
    /// `isEnabled`: a disabled control sends no events.
    public var isEnabled: Bool
    /// Slider and stepper: the value (set it within ``minimumValue`` and ``maximumValue``).
    public var value: Double
    /// Slider and stepper: the least value.
    public var minimumValue: Double
    /// Slider and stepper: the greatest value.
    public var maximumValue: Double
    /// Slider and stepper: whether `valueChanged` is sent while tracking, not only at the end.
    public var isContinuous: Bool
    /// Stepper: the step.
    public var stepValue: Double
    /// Stepper: whether a held half repeats its step.
    public var autorepeat: Bool
    /// Stepper: whether the value wraps around.
    public var wraps: Bool
    /// Switch: `isOn`.
    public var isOn: Bool
    /// Segmented control: the number of segments (at least 1).
    public var segments: Int
    /// Segmented control: the selected segment (-1: none).
    public var selectedSegmentIndex: Int
    /// Page control: the number of pages.
    public var numberOfPages: Int
    /// Page control: the current page.
    public var currentPage: Int
    /// The unpublished sizes and times this control uses.
    public var thresholds: ViewThresholds
    /// The layer above the engine that takes the tracking calls and hears the events sent
    /// (GestureUIKit's `UIControl`), or nil for the engine's own tracking.
    public var controlHost: (any ControlHost)?
    /// `isTracking`: the control is tracking a touch (its `beginTracking` said yes and nothing has
    /// ended or cancelled it).
    public internal(set) var isTracking = false
    /// `isTouchInside`: the tracked touch is inside the bounds widened by `controlTouchSlop`.
    public internal(set) var isTouchInside = false
    /// `isHighlighted`: a touch is down on the control and inside it (UIKit code may set it too).
    public var isHighlighted = false
    /// The knob where it was when the last touch on the control came down (window coordinates).
    var knobAtTouchDown: Rect?

    /// Creates a control from its description.
    public init(name: String, frame: Rect, description: ControlDescription, thresholds: ViewThresholds = ViewThresholds()) {
        kind = description.kind
        isEnabled = description.enabled
        minimumValue = description.minimumValue
        maximumValue = max(description.minimumValue, description.maximumValue)
        value = min(max(description.value, minimumValue), maximumValue)
        isContinuous = description.continuous
        stepValue = description.stepValue
        autorepeat = description.autorepeat
        wraps = description.wraps
        isOn = description.on
        segments = max(1, description.segments)
        selectedSegmentIndex = description.selectedSegmentIndex
        numberOfPages = max(0, description.numberOfPages)
        currentPage = description.currentPage
        self.thresholds = thresholds
        super.init(name: name, frame: frame)
    }

    /// Whether a touch at `point` (control coordinates) counts as inside while tracking: the bounds
    /// widened by `controlTouchSlop` on every side.
    public func isTouchInside(_ point: Point) -> Bool {
        let slop = thresholds.controlTouchSlop
        let b = bounds
        return point.x >= -slop && point.y >= -slop && point.x < b.size.width + slop && point.y < b.size.height + slop
    }

    /// The knob (thumb) of a slider or switch, in control coordinates; nil for other kinds.
    public var knobRect: Rect? {
        let b = bounds.size
        switch kind {
        case .slider:
            let w = min(thresholds.sliderKnobWidth, b.width)
            let fraction = maximumValue > minimumValue ? (value - minimumValue) / (maximumValue - minimumValue) : 0
            return Rect(x: (b.width - w) * fraction, y: 0, width: w, height: b.height)
        case .switch:
            let w = min(thresholds.switchKnobWidth, b.width)
            return Rect(x: isOn ? b.width - w : 0, y: 0, width: w, height: b.height)
        default:
            return nil
        }
    }

    /// The value a `valueChanged` record reports for this control.
    var reportedValue: ControlValue {
        switch kind {
        case .switch: return .on(isOn)
        case .segmentedControl: return .number(Double(selectedSegmentIndex))
        case .pageControl: return .number(Double(currentPage))
        default: return .number(value)
        }
    }

    /// Sets the value, kept between the least and greatest values (UIKit's `value` setter).
    public func setValue(_ newValue: Double) { value = min(max(newValue, minimumValue), maximumValue) }

    /// Sets the least value; the greatest value and the value follow it, as UIKit's do.
    public func setMinimumValue(_ newValue: Double) {
        minimumValue = newValue
        maximumValue = max(maximumValue, newValue)
        setValue(value)
    }

    /// Sets the greatest value; the least value and the value follow it, as UIKit's do.
    public func setMaximumValue(_ newValue: Double) {
        maximumValue = newValue
        minimumValue = min(minimumValue, newValue)
        setValue(value)
    }

    /// The stepper's value after one step in `direction` (-1 or +1), or nil when it cannot move.
    func stepped(_ direction: Double) -> Double? {
        var next = value + direction * stepValue
        if next > maximumValue { next = wraps ? minimumValue : maximumValue }
        if next < minimumValue { next = wraps ? maximumValue : minimumValue }
        return next == value ? nil : next
    }
}

extension View {
    /// The control this view is or is inside of (the nearest), if any.
    var enclosingControl: Control? {
        var current: View? = self
        while let view = current {
            if let control = view as? Control { return control }
            current = view.superview
        }
        return nil
    }
}
