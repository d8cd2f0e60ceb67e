/// Recognizes fingers dragging (`UIPanGestureRecognizer`), a continuous gesture.
///
/// The pan tracks the centroid of its fingers. It begins when the centroid has moved
/// `panHysteresis` points on either axis while the number of fingers down on it is between
/// `minimumNumberOfTouches` and `maximumNumberOfTouches` (more fingers hold it back; once it has
/// begun, a finger beyond the maximum is ignored and the pan goes on); at that moment each axis of
/// the reported translation is moved toward zero by the hysteresis, so the translation starts
/// small rather than at 10 pt. When fingers are added or lifted the centroid jumps, but the
/// translation does not. While fewer than the minimum fingers are down, moves report nothing; the
/// pan ends when the last finger lifts. If the pan began only after a failure requirement was
/// resolved, its translation restarts at zero.
///
/// See also: ``ScreenEdgePanGestureRecognizer``, ``VelocityEstimatorKind``.
open class PanGestureRecognizer: GestureRecognizer {
    /// Fewest fingers that pan.
    public var minimumNumberOfTouches: Int {
        get { pan.minimumNumberOfTouches }
        set { pan.minimumNumberOfTouches = newValue }
    }
    /// Most fingers down for the pan to begin; once it has begun, further fingers are ignored.
    public var maximumNumberOfTouches: Int {
        get { pan.maximumNumberOfTouches }
        set { pan.maximumNumberOfTouches = newValue }
    }
    /// The velocity estimator.
    public var estimator: VelocityEstimatorKind {
        get { pan.estimator }
        set { pan.estimator = newValue }
    }

    // Unchecked: the settings and the tracking state, read and written at every move: one stored
    // struct so that one annotation covers them (callgrind, analyze of the 2 MB sample: the position
    // and velocity alone as checked properties made 16,500 runtime checks).
    @exclusivity(unchecked) private var pan: PanState

    /// Creates a pan recognizer.
    public init(
        name: String, minimumNumberOfTouches: Int = 1, maximumNumberOfTouches: Int = Int.max,
        estimator: VelocityEstimatorKind = .uikit
    ) {
        let minimum = max(1, minimumNumberOfTouches)
        pan = PanState(
            minimumNumberOfTouches: minimum, maximumNumberOfTouches: max(minimum, maximumNumberOfTouches), estimator: estimator)
        super.init(name: name)
    }

    override open var kindName: String { "pan" }

    /// The translation reported now, in the view's coordinates (`translation(in:)`).
    public var translation: Point { pan.position - pan.origin - pan.hysteresisOffset }

    /// The velocity reported now, in points per second (`velocity(in:)`): the tracker's estimate,
    /// kept from its last sample.
    public private(set) var velocity: Point {
        get { pan.velocity }
        _modify { yield &pan.velocity }
    }

    /// A reason to fail at touch down, or nil.
    func rejection(of touch: Touch) -> String? { nil }

    /// The part of the centroid's movement that counts toward the hysteresis: all of it (a scroll
    /// view's pan counts only the axes it can scroll).
    func movementTowardHysteresis(_ raw: Point) -> Point { raw }

    /// Why movement past the hysteresis did not count toward it, or nil (a scroll view's pan: the
    /// axes it cannot scroll).
    func uncountedMovementReason(moved: Point) -> String? { nil }

    /// The name of the hysteresis in reasons and causes (a scroll view's pan says `scrollHysteresis`).
    var hysteresisName: String { "panHysteresis" }

    /// What the cause of `began` says before the movement (the screen-edge pan names its edge).
    func causePrefix() -> String { "" }

    /// Whether fingers beyond the maximum are ignored before the pan begins too, instead of
    /// holding it back (the screen-edge pan follows its first finger alone).
    var ignoresExtraFingersBeforeBeginning: Bool { false }

    override open func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        pan.mostFingers = max(pan.mostFingers, self.touches.liveCount)
        if state == .began || state == .changed || ignoresExtraFingersBeforeBeginning {
            for touch in touches.reversed() where self.touches.liveCount > maximumNumberOfTouches {
                ignore(touch)
            }
        }
        if state == .possible, !pan.started {
            for touch in touches {
                if let reason = rejection(of: touch) {
                    fail(reason, code: ReasonCode("touchRejected"))
                    return
                }
            }
        }
        guard let centroid = self.touches.liveWindowCentroid else { return }
        if pan.started {
            pan.jump = centroid - pan.position
        } else {
            pan.started = true
            pan.position = centroid
            pan.origin = centroid
            pan.startTime = event.timestamp
            pan.jump = .zero
            var tracker = VelocityTracker(kind: estimator, thresholds: thresholds)
            velocity = tracker.add(centroid, at: event.timestamp)
            pan.tracker = tracker
        }
    }

    /// Follows the centroid (fingers lifting in this event count at their final location).
    private func follow(_ event: TouchEvent) {
        guard let centroid = touches.uncancelledWindowCentroid else { return }
        pan.position = centroid - pan.jump
        if let estimate = pan.tracker?.add(pan.position, at: event.timestamp) { velocity = estimate }
    }

    override open func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        let live = self.touches.liveCount
        follow(event)
        switch state {
        case .possible:
            let raw = movementTowardHysteresis(pan.position - pan.origin)
            let h = thresholds.panHysteresis
            guard abs(raw.x) >= h || abs(raw.y) >= h else { return }
            if live > maximumNumberOfTouches { pan.heldBackByMaximum = true }
            guard live >= minimumNumberOfTouches, live <= maximumNumberOfTouches else { return }
            pan.hysteresisOffset = Point(x: towardZero(raw.x, by: h), y: towardZero(raw.y, by: h))
            begin(beganCause(raw, at: event.timestamp))
        case .began, .changed:
            // Apple: it changes "when a finger moves while at least the minimum number of fingers
            // are pressed down".
            if live >= minimumNumberOfTouches { state = .changed }
        default:
            break
        }
    }

    override open func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if touches.contains(where: { $0.windowLocation != $0.previousWindowLocation }) { follow(event) }
        fingersLeft(event)
    }

    override open func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        switch state {
        case .began, .changed:
            cancel("its touches were cancelled", code: ReasonCode("touchesCancelled"))
        case .possible:
            if self.touches.liveCount == 0 { fail("its touches were cancelled", code: ReasonCode("touchesCancelled")) } else { fingersLeft(event) }
        default:
            break
        }
    }

    private func fingersLeft(_ event: TouchEvent) {
        let live = touches.liveCount
        switch state {
        case .began, .changed:
            if live == 0 { state = .ended }  // Apple: it ends "when all fingers are lifted".
        case .possible:
            if live == 0 {
                fail(liftReason(), code: ReasonCode("liftedBeforeHysteresis", numbers: ["moved": liftDistance, "panHysteresis": thresholds.panHysteresis]))
                return
            }
        default:
            return
        }
        if let centroid = touches.liveWindowCentroid { pan.jump = centroid - pan.position }
    }

    /// How far a pan that never began moved before its last finger lifted (the larger axis).
    private var liftDistance: Double { max(abs(pan.position.x - pan.origin.x), abs(pan.position.y - pan.origin.y)) }

    /// "moved 11.89 pt down, past panHysteresis 10 pt, 0.024 s after touch down": the axis that
    /// passed the hysteresis (the farther one when both did).
    private func beganCause(_ raw: Point, at time: Double) -> String {
        let horizontal = abs(raw.x) >= abs(raw.y)
        let amount = horizontal ? raw.x : raw.y
        let who = touches.liveCount > 1 ? "the fingers moved" : "moved"
        return sentence(
            "\(causePrefix())\(who) \(number: abs(amount)) pt \(axisWord(horizontal: horizontal, amount)), past \(hysteresisName) \(number: thresholds.panHysteresis) pt, \(time: time - pan.startTime) s after touch down")
    }

    /// Why a pan that never began failed when its last finger lifted.
    private func liftReason() -> String {
        let moved = liftDistance
        let hysteresis = thresholds.panHysteresis
        let hysteresisName = self.hysteresisName
        let who = pan.mostFingers > 1 ? "the fingers lifted" : "the finger lifted"
        let counted = movementTowardHysteresis(pan.position - pan.origin)
        if moved >= thresholds.panHysteresis, max(abs(counted.x), abs(counted.y)) < thresholds.panHysteresis,
            let reason = uncountedMovementReason(moved: pan.position - pan.origin)
        {
            return reason
        }
        if pan.heldBackByMaximum {
            return sentence(
                "\(who) after moving \(number: moved) pt, never with at most maximumNumberOfTouches \(Self.fingers(maximumNumberOfTouches)) down past \(hysteresisName) \(number: hysteresis) pt")
        }
        if moved < thresholds.panHysteresis || minimumNumberOfTouches == 1 {
            return sentence("\(who) after moving \(number: moved) pt, less than \(hysteresisName) \(number: hysteresis) pt")
        }
        return sentence(
            "\(who) after moving \(number: moved) pt, never with minimumNumberOfTouches \(Self.fingers(minimumNumberOfTouches)) down past \(hysteresisName) \(number: hysteresis) pt")
    }

    /// `1 finger`, `2 fingers`.
    private static func fingers(_ count: Int) -> String {
        count == 1 ? "1 finger" : "\(count) fingers"
    }

    override func didFinishWaiting() {
        pan.origin = pan.position
        pan.hysteresisOffset = .zero
    }

    override open func reset() {
        pan.reset()
    }

    override open func describe(_ record: inout TransitionRecord) {
        record.translation = translation
        record.velocity = .vector(velocity)
    }
}

/// A pan's settings and tracking state, stored together (see ``PanGestureRecognizer/pan``).
private struct PanState {
    var minimumNumberOfTouches: Int
    var maximumNumberOfTouches: Int
    var estimator: VelocityEstimatorKind
    /// The centroid minus the jumps caused by fingers coming and going: continuous.
    var position = Point.zero
    var jump = Point.zero
    var origin = Point.zero
    /// When the first finger touched down (causes say how long after).
    var startTime = 0.0
    var hysteresisOffset = Point.zero
    var tracker: VelocityTracker?
    var velocity = Point.zero
    var started = false
    /// Whether the centroid passed the hysteresis while more than the maximum fingers were down.
    var heldBackByMaximum = false
    /// The most fingers down at once since the reset (failure reasons say "the finger" or "the fingers").
    var mostFingers = 0

    /// Back to the state before the first touch; the settings stay. Field by field: a new state
    /// built and copied in went through memcpy.
    mutating func reset() {
        position = .zero
        jump = .zero
        origin = .zero
        startTime = 0
        hysteresisOffset = .zero
        tracker = nil
        velocity = .zero
        started = false
        heldBackByMaximum = false
        mostFingers = 0
    }
}

/// `value` moved toward zero by `amount`, stopping at zero.
func towardZero(_ value: Double, by amount: Double) -> Double {
    value > 0 ? min(value, amount) : max(value, -amount)
}
