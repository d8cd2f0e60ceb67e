/// The control events a `UIControl` sends (`UIControl.Event`), as records name them.
public enum ControlEvent: String, Sendable, CaseIterable {
    case touchDown, touchDownRepeat, touchDragInside, touchDragOutside, touchDragEnter, touchDragExit
    case touchUpInside, touchUpOutside, touchCancel, valueChanged, primaryActionTriggered
}

/// The value a `valueChanged` record reports: a number (slider, stepper, segment index, page) or a
/// switch's `isOn`.
public enum ControlValue: Hashable, Sendable {
    /// A slider's or stepper's value, a segmented control's selected index, a page control's page.
    case number(Double)
    /// A switch's `isOn`.
    case on(Bool)
}

/// One control event, as the control's targets would receive it (`"type":"control"`).
public struct ControlRecord: Hashable, Sendable {
    /// The time of the event.
    public var t: Double
    /// The control view's name.
    public var control: String
    /// The control's kind.
    public var kind: ControlKind
    /// The event sent.
    public var event: ControlEvent
    /// The tracked touch ids.
    public var touches: [TouchID]
    /// The touch's location in the control's coordinates.
    public var location: Point?
    /// On `valueChanged`: the new value.
    public var value: ControlValue?
    /// On `touchCancel`: the recognizer (or scroll view pan) whose recognition cancelled the tracking.
    public var cancelledBy: String?

    /// Creates a record.
    public init(t: Double, control: String, kind: ControlKind, event: ControlEvent, touches: [TouchID]) {
        self.t = t
        self.control = control
        self.kind = kind
        self.event = event
        self.touches = touches
    }
}
