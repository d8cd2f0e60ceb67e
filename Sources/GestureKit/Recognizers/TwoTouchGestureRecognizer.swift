/// The shared life cycle of the two-finger continuous gestures, pinch and rotation: a figure
/// measured on the first two touches from the moment the second one touched down.
///
/// - The recognizer tracks the first two touches it is given; later touches are ignored
///   (`ignore(_:)`), so they neither count in `numberOfTouches` nor move the location (choice).
/// - When the second touch comes down the subclass records the start geometry; from then on every
///   move updates the figure (scale, rotation) and feeds it to the velocity estimator.
/// - The gesture begins on the first move where the subclass says the fingers have moved enough
///   (its start threshold), then reports `changed` on every move.
/// - Once begun it ends when both tracked fingers have lifted (Apple: "The gesture ends when the
///   user lifts both fingers"); while only one is down its moves report nothing, since the figure
///   needs two. It is cancelled when a tracked touch is cancelled after it began, and fails when a
///   finger lifts or is cancelled before it began.
///
/// Subclasses override ``pairDidStart(_:_:)``, ``pairDidMove(_:_:)``, ``figure``,
/// ``hasMovedEnough`` and ``shortfall``.
///
/// See also: ``PinchGestureRecognizer``, ``RotationGestureRecognizer``, ``VelocityEstimatorKind``.
open class TwoTouchGestureRecognizer: GestureRecognizer {
    /// The velocity estimator applied to the figure.
    public var estimator: VelocityEstimatorKind {
        get { two.estimator }
        set { two.estimator = newValue }
    }

    // Unchecked: the tracked pair, the estimator and the figure's velocity, read at every move of
    // pinch and rotation: one stored struct so that one annotation covers them (callgrind, analyze of
    // the 2 MB sample: the pair alone as a checked property made ~50,000 runtime checks, the tracker
    // 12,600).
    @exclusivity(unchecked) private var two: TwoTouchState

    init(name: String, estimator: VelocityEstimatorKind) {
        two = TwoTouchState(estimator: estimator)
        super.init(name: name)
        // Only the classes themselves: a subclass may override touchesMoved, which must see every call.
        isBuiltIn = type(of: self) == PinchGestureRecognizer.self || type(of: self) == RotationGestureRecognizer.self
        movesAreIdle = isBuiltIn
    }

    /// Whether this is a ``PinchGestureRecognizer`` or a ``RotationGestureRecognizer`` itself, not a subclass.
    private var isBuiltIn = false

    /// Keeps ``GestureRecognizer/movesAreIdle`` true exactly while ``touchesMoved(_:with:)`` returns at once:
    /// until the second finger touches down and once a tracked finger has lifted.
    private func updateMovesAreIdle() {
        movesAreIdle = isBuiltIn && (two.pair.count < 2 || two.aFingerLifted)
    }

    /// The figure's velocity per second from the configured estimator (0 before the second finger),
    /// kept from the tracker's last sample.
    private(set) var figureVelocity: Double {
        get { two.figureVelocity }
        _modify { yield &two.figureVelocity }
    }

    // MARK: Subclass hooks

    /// The gesture's name in reasons (`pinch`, `rotation`).
    var noun: String { reportedKind }
    /// Records the start geometry: the second finger just touched down; `a` is the first finger.
    func pairDidStart(_ a: Point, _ b: Point) {}
    /// Updates the figure for the fingers' new locations.
    func pairDidMove(_ a: Point, _ b: Point) {}
    /// The figure now (the scale, the rotation); fed to the velocity estimator.
    var figure: Double { 0 }
    /// Whether the fingers have moved enough since the start for the gesture to begin.
    var hasMovedEnough: Bool { false }
    /// How far the fingers got short of the start threshold, for a failure reason.
    var shortfall: String { "" }
    /// How far the fingers went past the start threshold, for the cause of `began`.
    var passedThreshold: String { "" }

    // MARK: Life cycle

    override open func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        for touch in touches {
            guard two.pair.count < 2 else {
                ignore(touch)
                continue
            }
            two.pair.append(touch)
            if two.pair.count == 2 {
                two.pairTime = event.timestamp
                pairDidStart(two.pair[0].windowLocation, two.pair[1].windowLocation)
                var tracker = VelocityTracker(kind: estimator, thresholds: thresholds)
                figureVelocity = tracker.add(Point(x: figure, y: 0), at: event.timestamp).x
                two.tracker = tracker
            }
        }
        updateMovesAreIdle()
    }

    override open func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        guard two.pair.count == 2, !two.aFingerLifted else { return }
        pairDidMove(two.pair[0].windowLocation, two.pair[1].windowLocation)
        if let estimate = two.tracker?.add(Point(x: figure, y: 0), at: event.timestamp) { figureVelocity = estimate.x }
        switch state {
        case .possible:
            if hasMovedEnough {
                begin(sentence("\(passedThreshold), \(time: event.timestamp - two.pairTime) s after the second finger touched down"))
            }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    override open func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        two.aFingerLifted = true
        updateMovesAreIdle()
        switch state {
        case .began, .changed:
            if two.pair.allSatisfy({ $0.phase.isTerminal }) { state = .ended }
        case .possible:
            if two.pair.count < 2 {
                fail(sentence("the finger lifted before a second one touched down; a \(noun) needs two"), code: ReasonCode("liftedBeforeSecondFinger"))
            } else {
                fail(sentence("a finger lifted before the \(noun) began: \(shortfall)"), code: ReasonCode("liftedBeforeBegan"))
            }
        default:
            break
        }
    }

    override open func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        abandon("its touches were cancelled", code: ReasonCode("touchesCancelled"))
    }

    override open func reset() {
        two.reset()
        updateMovesAreIdle()
    }
}

/// A two-finger recognizer's estimator and tracking state, stored together (see
/// ``TwoTouchGestureRecognizer/two``).
private struct TwoTouchState {
    var estimator: VelocityEstimatorKind
    /// The two tracked touches, in order of arrival (one until the second comes down).
    var pair: [Touch] = []
    var tracker: VelocityTracker?
    /// A tracked finger lifted in an earlier event: the figure can no longer be measured. (Moves are
    /// handled before lifts within one event, so a move in the lift's own event still counts.)
    var aFingerLifted = false
    /// When the second finger touched down.
    var pairTime = 0.0
    var figureVelocity = 0.0

    /// Back to the state before the first touch; the estimator stays. Field by field, keeping the
    /// pair's buffer: a new state copied in freed it, to allocate it again at the next touch down.
    mutating func reset() {
        pair.removeAllKeepingBuffer()
        tracker = nil
        aFingerLifted = false
        pairTime = 0
        figureVelocity = 0
    }
}
