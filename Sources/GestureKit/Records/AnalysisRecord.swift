/// A velocity as reported in a record: a vector for pans, a scalar for pinch (scale/s) and rotation (rad/s).
public enum ReportedVelocity: Hashable, Sendable {
    /// Points per second on each axis.
    case vector(Point)
    /// Scale per second or radians per second.
    case scalar(Double)
}

/// One state transition of one recognizer, as `gesturectl analyze` reports it.
public struct TransitionRecord: Hashable, Sendable {
    /// The time of the transition, in trace seconds.
    public var t: Double
    /// The recognizer's name in the scene.
    public var recognizer: String
    /// The recognizer's kind (`tap`, `pan`, …).
    public var kind: String
    /// The name of the view the recognizer is attached to.
    public var view: String
    /// The state entered.
    public var state: RecognizerState
    /// The centroid of the recognizer's touches in its view's coordinates; absent on `failed`.
    public var location: Point?
    /// The number of touches the recognizer tracks; absent on `failed`.
    public var touches: Int?
    /// Pan translation in the view's coordinates.
    public var translation: Point?
    /// Velocity (see ``ReportedVelocity``).
    public var velocity: ReportedVelocity?
    /// Pinch scale.
    public var scale: Double?
    /// Rotation in radians, positive clockwise on screen.
    public var rotation: Double?
    /// Swipe direction recognized.
    public var direction: String?
    /// Taps recognized, for tap recognizers.
    public var taps: Int?
    /// Best template name, for template recognizers.
    public var template: String?
    /// Template score, for template recognizers.
    public var score: Double?
    /// Why the recognizer failed or was cancelled.
    public var reason: String? {
        get { sentenceIsCause ? nil : sentence }
        set {
            guard newValue != nil || !sentenceIsCause else { return }
            sentence = newValue
            sentenceIsCause = false
        }
    }
    /// What made a `began` or `recognized` transition happen: the figure and the threshold it
    /// passed, and what arbitration added (a failure requirement it waited for, a delegate's answer,
    /// the recognizers it recognizes alongside). A record has a reason or a cause, never both:
    /// setting one replaces the other.
    public var cause: String? {
        get { sentenceIsCause ? sentence : nil }
        set {
            guard newValue != nil || sentenceIsCause else { return }
            sentence = newValue
            sentenceIsCause = newValue != nil
        }
    }
    // One stored sentence for both (a record has one or the other): every record is copied from
    // the engine to the renderer, and a second string would make each `changed` copy larger
    // (callgrind, analyze of the 2 MB sample: +2.5% instructions with two fields).
    private var sentence: String?
    private var sentenceIsCause = false
    /// The reason as a stable code with its figures (see ``ReasonCode``); nil when the recognizer
    /// gave prose only (a team's own recognizer calling `fail(_:)` without a code).
    public var code: ReasonCode?

    /// Creates a record with only the keys every record has.
    public init(t: Double, recognizer: String, kind: String, view: String, state: RecognizerState) {
        self.t = t
        self.recognizer = recognizer
        self.kind = kind
        self.view = view
        self.state = state
    }

    /// Creates a record with its sentence, a reason or (with `isCause`) a cause, in one step.
    init(
        t: Double, recognizer: String, kind: String, view: String, state: RecognizerState,
        sentence: String?, isCause: Bool, code: ReasonCode?
    ) {
        self.t = t
        self.recognizer = recognizer
        self.kind = kind
        self.view = view
        self.state = state
        self.sentence = sentence
        sentenceIsCause = isCause && sentence != nil
        self.code = code
    }
}

/// The responder methods reported in delivery records.
public enum DeliveryMethod: String, Sendable, CaseIterable {
    case touchesBegan, touchesMoved, touchesEnded, touchesCancelled
    case motionBegan, motionEnded, motionCancelled
    case remoteControlReceived
}

/// One touch as a responder sees it in a delivery (what a `UITouch` would tell the handler).
public struct TouchDetail: Hashable, Sendable {
    /// The touch's id in the trace.
    public var id: TouchID
    /// Its phase in this delivery.
    public var phase: TouchPhase
    /// UIKit's tap count for the touch.
    public var tapCount: Int
    /// The time of the event in which the touch changed (`UITouch.timestamp`): the delivery's own
    /// time, except for a delivery held back by `delaysTouchesBegan`/`delaysTouchesEnded`.
    public var timestamp: Double
    /// Location in the responder's coordinates.
    public var location: Point
    /// Previous location in the responder's coordinates.
    public var previousLocation: Point

    /// Creates a touch detail.
    public init(
        id: TouchID, phase: TouchPhase, tapCount: Int, timestamp: Double, location: Point, previousLocation: Point
    ) {
        self.id = id
        self.phase = phase
        self.tapCount = tapCount
        self.timestamp = timestamp
        self.location = location
        self.previousLocation = previousLocation
    }
}

/// What UIKit would deliver to a responder (`--deliveries`).
public struct DeliveryRecord: Hashable, Sendable {
    /// The time of the delivery.
    public var t: Double
    /// The responder method called.
    public var method: DeliveryMethod
    /// The responder that handled it: a view, a controller, `window`, or `application` (nobody did).
    public var responder: String
    /// The responders it passed through first because they do not handle it.
    public var chain: [String]
    /// The view whose touch method forwarded the event to `responder` (`"forwardsTo"` in a scene).
    public var forwardedBy: String?
    /// Touch ids, for touch methods.
    public var touches: [TouchID]
    /// Motion or remote-control subtype.
    public var subtype: String?
    /// The recognizer that delayed this delivery.
    public var delayedBy: String?
    /// The recognizer whose recognition cancelled these touches.
    public var cancelledBy: String?
    /// Per-touch details, for touch methods.
    public var details: [TouchDetail]
    /// Set when the touches were dropped instead of delivered (application ignoring interaction).
    public var dropped: Bool

    /// Creates a delivery record.
    public init(t: Double, method: DeliveryMethod, responder: String) {
        self.t = t
        self.method = method
        self.responder = responder
        chain = []
        touches = []
        details = []
        dropped = false
    }
}

/// One line of an analysis: a recognizer transition or a delivery to a responder.
public enum AnalysisRecord: Hashable, Sendable {
    /// A recognizer changed state.
    case transition(TransitionRecord)
    /// A responder received an event.
    case delivery(DeliveryRecord)
    /// A control sent a control event (scenes with controls).
    case control(ControlRecord)
    /// A scroll view told its delegate something (scenes with scroll views).
    case scroll(ScrollRecord)

    /// The record's time.
    public var t: Double {
        switch self {
        case .transition(let r): return r.t
        case .delivery(let d): return d.t
        case .control(let c): return c.t
        case .scroll(let s): return s.t
        }
    }
}
