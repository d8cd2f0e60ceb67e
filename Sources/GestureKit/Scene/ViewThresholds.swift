/// The sizes and times UIKit does not publish for controls and scroll views, with their defaults;
/// a scene overrides them per view under the view's `"thresholds"`.
///
/// Sources are graded as in uikit-behaviour.md (**doc**, **measured**, **RE**, **choice**); see
/// docs/controls-and-scrolling.md for the evidence behind each.
public struct ViewThresholds: ThresholdTable, Hashable, Sendable {
    /// Control: how far outside its bounds a drag still counts as inside (`touchDragInside`,
    /// `touchUpInside`), in points (reported: a forum answer gives "about 70 pixels", no measurement described).
    public var controlTouchSlop = 70.0
    /// Slider: the width of the knob (thumb), in points (choice: the size commonly given for the default thumb).
    public var sliderKnobWidth = 31.0
    /// Switch: the width of the knob, in points (choice: the knob fills the switch's height, 31 pt).
    public var switchKnobWidth = 31.0
    /// Switch: how far a finger must move before the touch is a drag of the knob rather than a tap, in points (choice).
    public var switchDragThreshold = 4.0
    /// Stepper: how long a half must be held before its step repeats, in seconds (choice).
    public var stepperAutorepeatDelay = 0.5
    /// Stepper: the interval between repeated steps, in seconds (choice).
    public var stepperAutorepeatInterval = 0.1
    /// Scroll view: the content-touch delay (`delaysContentTouches`), in seconds (reported: developers'
    /// write-ups of the button-highlight delay give 150 ms, without a described measurement).
    public var contentTouchDelay = 0.15
    /// Scroll view: finger movement on a scrollable axis before the scroll view's pan begins, in points (RE: as a pan's hysteresis).
    public var scrollHysteresis = 10.0
    /// Scroll view: the rubber-band coefficient c of `(x × d × c) / (d + c × x)` (reported: Grant Paul's published reverse engineering, 0.55).
    public var rubberBandCoefficient = 0.55
    /// Scroll view: a finger that rested this long after its last movement before lifting throws
    /// nothing (the velocity at the lift is zero), in seconds (choice: the 100 ms window of the
    /// velocity estimators Android and Flutter use, beyond which a sample no longer counts).
    public var scrollVelocityWindow = 0.1
    /// Scroll view: the content comes to rest when it is this close to where it stops, in points (choice: half a point).
    public var decelerationRestDistance = 0.5
    /// Scroll view: the time constant of the spring back after pulling past an edge, in seconds (choice).
    public var bounceTimeConstant = 0.1
    /// Scroll view with paging: the speed from which a lift goes on to the next page rather than the nearest, in points per second (choice).
    public var pagingVelocityThreshold = 300.0

    /// Creates the defaults.
    public init() {}

    /// Every threshold's name and property, in documentation order.
    public static var entries: [(name: String, keyPath: WritableKeyPath<ViewThresholds, Double>)] {
        [
            ("controlTouchSlop", \.controlTouchSlop),
            ("sliderKnobWidth", \.sliderKnobWidth),
            ("switchKnobWidth", \.switchKnobWidth),
            ("switchDragThreshold", \.switchDragThreshold),
            ("stepperAutorepeatDelay", \.stepperAutorepeatDelay),
            ("stepperAutorepeatInterval", \.stepperAutorepeatInterval),
            ("contentTouchDelay", \.contentTouchDelay),
            ("scrollHysteresis", \.scrollHysteresis),
            ("rubberBandCoefficient", \.rubberBandCoefficient),
            ("scrollVelocityWindow", \.scrollVelocityWindow),
            ("decelerationRestDistance", \.decelerationRestDistance),
            ("bounceTimeConstant", \.bounceTimeConstant),
            ("pagingVelocityThreshold", \.pagingVelocityThreshold),
        ]
    }
}
