/// Recognizes fingers dragging (`UIPanGestureRecognizer`), a continuous gesture.
///
/// The pan tracks the centroid of its fingers. It begins when the centroid has moved
/// `panHysteresis` points on either axis with between `minimumNumberOfTouches` and
/// `maximumNumberOfTouches` fingers down; at that moment each axis of the reported translation is
/// moved toward zero by the hysteresis, so the translation starts small rather than at 10 pt. When
/// fingers are added or lifted the centroid jumps, but the translation does not. The pan ends when
/// the last finger lifts or fewer than the minimum remain. If the pan began only after a failure
/// requirement was resolved, its translation restarts at zero.
///
/// See also: ``ScreenEdgePanGestureRecognizer``, ``VelocityEstimatorKind``.
public class PanGestureRecognizer: GestureRecognizer {
    /// Fewest fingers that pan.
    public let minimumNumberOfTouches: Int
    /// Most fingers tracked; further fingers are ignored.
    public let maximumNumberOfTouches: Int
    /// The velocity estimator.
    public let estimator: VelocityEstimatorKind

    /// The centroid minus the jumps caused by fingers coming and going: continuous.
    private var position = Point.zero
    private var jump = Point.zero
    private var origin = Point.zero
    private var hysteresisOffset = Point.zero
    // Unchecked: updated at every move, ~24,000 checks (~1% of analyze on the 2 MB sample).
    @exclusivity(unchecked) private var tracker: VelocityTracker?
    private var started = false

    /// Creates a pan recognizer.
    public init(
        name: String, minimumNumberOfTouches: Int = 1, maximumNumberOfTouches: Int = Int.max,
        estimator: VelocityEstimatorKind = .uikit
    ) {
        self.minimumNumberOfTouches = max(1, minimumNumberOfTouches)
        self.maximumNumberOfTouches = max(self.minimumNumberOfTouches, maximumNumberOfTouches)
        self.estimator = estimator
        super.init(name: name)
    }

    override public var kindName: String { "pan" }

    /// The translation reported now, in the view's coordinates (`translation(in:)`).
    public var translation: Point { position - origin - hysteresisOffset }

    /// The velocity reported now, in points per second (`velocity(in:)`): the tracker's estimate,
    /// kept from its last sample.
    public private(set) var velocity = Point.zero

    /// A reason to fail at touch down, or nil.
    func rejection(of touch: Touch) -> String? { nil }

    override public func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        for touch in touches.reversed() where self.touches.liveCount > maximumNumberOfTouches {
            ignore(touch)
        }
        if state == .possible, !started {
            for touch in touches {
                if let reason = rejection(of: touch) {
                    fail(reason)
                    return
                }
            }
        }
        guard let centroid = self.touches.liveWindowCentroid else { return }
        if started {
            jump = centroid - position
        } else {
            started = true
            position = centroid
            origin = centroid
            jump = .zero
            var tracker = VelocityTracker(kind: estimator, thresholds: thresholds)
            velocity = tracker.add(centroid, at: event.timestamp)
            self.tracker = tracker
        }
    }

    /// Follows the centroid (fingers lifting in this event count at their final location).
    private func follow(_ event: TouchEvent) {
        guard let centroid = touches.uncancelledWindowCentroid else { return }
        position = centroid - jump
        if let estimate = tracker?.add(position, at: event.timestamp) { velocity = estimate }
    }

    override public func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        let live = self.touches.liveCount
        follow(event)
        switch state {
        case .possible:
            let raw = position - origin
            let h = thresholds.panHysteresis
            guard live >= minimumNumberOfTouches, live <= maximumNumberOfTouches,
                abs(raw.x) >= h || abs(raw.y) >= h
            else { return }
            hysteresisOffset = Point(x: towardZero(raw.x, by: h), y: towardZero(raw.y, by: h))
            state = .began
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    override public func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if touches.contains(where: { $0.windowLocation != $0.previousWindowLocation }) { follow(event) }
        fingersLeft(event)
    }

    override public func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        switch state {
        case .began, .changed:
            cancel("its touches were cancelled")
        case .possible:
            if self.touches.liveCount == 0 { fail("its touches were cancelled") } else { fingersLeft(event) }
        default:
            break
        }
    }

    private func fingersLeft(_ event: TouchEvent) {
        let live = touches.liveCount
        switch state {
        case .began, .changed:
            if live == 0 || live < minimumNumberOfTouches { state = .ended }
        case .possible:
            if live == 0 {
                let moved = max(abs(position.x - origin.x), abs(position.y - origin.y))
                let hysteresis = thresholds.panHysteresis
                if moved < hysteresis || minimumNumberOfTouches == 1 {
                    fail("fingers lifted after moving \(format(moved)) pt, less than panHysteresis \(format(hysteresis)) pt")
                } else {
                    fail("fingers lifted after moving \(format(moved)) pt, never with minimumNumberOfTouches \(minimumNumberOfTouches) fingers down past panHysteresis \(format(hysteresis)) pt")
                }
                return
            }
        default:
            return
        }
        if let centroid = touches.liveWindowCentroid { jump = centroid - position }
    }

    override func didFinishWaiting() {
        origin = position
        hysteresisOffset = .zero
    }

    override public func reset() {
        position = .zero
        jump = .zero
        origin = .zero
        hysteresisOffset = .zero
        tracker = nil
        velocity = .zero
        started = false
    }

    override public func describe(_ record: inout TransitionRecord) {
        record.translation = translation
        record.velocity = .vector(velocity)
    }
}

/// `value` moved toward zero by `amount`, stopping at zero.
func towardZero(_ value: Double, by amount: Double) -> Double {
    value > 0 ? min(value, amount) : max(value, -amount)
}
