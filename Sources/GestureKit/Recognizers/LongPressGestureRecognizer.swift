/// Recognizes fingers held still (`UILongPressGestureRecognizer`), a continuous gesture.
///
/// After `numberOfTapsRequired` taps (each like a tap's, within `multiTapInterval`), the required
/// fingers touch down; if they stay within `allowableMovement` of where they touched down for
/// `minimumPressDuration`, the gesture begins, by timer. Once begun, movement has no limit and
/// reports `changed`; the gesture ends when a finger lifts.
///
/// See also: ``TapGestureRecognizer``.
open class LongPressGestureRecognizer: GestureRecognizer {
    /// Seconds the fingers must stay down.
    public var minimumPressDuration: Double
    // Unchecked, as `numberOfTapsRequired`, `tapsDone` and `farthestMove`: read at every move, ~3,000
    // checks (~0.12% of analyze on the 2 MB sample, callgrind).
    /// Points each finger may move before the gesture begins.
    @exclusivity(unchecked) public var allowableMovement: Double
    /// Fingers needed.
    public var numberOfTouchesRequired: Int
    /// Taps before the press.
    @exclusivity(unchecked) public var numberOfTapsRequired: Int

    @exclusivity(unchecked) private var tapsDone = 0
    private var touchesThisTap = 0
    private var liftedThisTap = 0
    private var pressTouches = 0
    private var intervalTimer: TimerToken?
    private var pressStart: Double?
    /// Where the first tap touched down (the centroid of its fingers), for `multiTapDistance`.
    private var firstTapLocation: Point?
    /// The farthest a finger of the press moved before it began (for the cause).
    @exclusivity(unchecked) private var farthestMove = 0.0

    /// Creates a long-press recognizer.
    public init(
        name: String, minimumPressDuration: Double = 0.5, allowableMovement: Double = 10,
        numberOfTouchesRequired: Int = 1, numberOfTapsRequired: Int = 0
    ) {
        self.minimumPressDuration = max(0, minimumPressDuration)
        self.allowableMovement = max(0, allowableMovement)
        self.numberOfTouchesRequired = max(1, numberOfTouchesRequired)
        self.numberOfTapsRequired = max(0, numberOfTapsRequired)
        super.init(name: name)
    }

    override open var kindName: String { "longPress" }

    override open func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        guard state == .possible else {
            for touch in touches { ignore(touch) }
            return
        }
        invalidate(intervalTimer)
        let tapping = tapsDone < numberOfTapsRequired
        // The first fingers of a tap or of the press must land near the first tap (multi-tap rules).
        if numberOfTapsRequired > 0, (tapping ? touchesThisTap : pressTouches) == 0, let here = touches.windowCentroid {
            if let first = firstTapLocation {
                let distance = first.distance(to: here)
                let limit = thresholds.multiTapDistance
                if distance > limit {
                    let what = tapping ? "tap \(tapsDone + 1)" : "the press"
                    fail(sentence("\(what) landed \(number: distance) pt from the first tap, more than multiTapDistance \(number: limit) pt"), code: ReasonCode("tapTooFar", numbers: ["tap": Double(tapsDone + 1), "distance": distance, "multiTapDistance": limit]))
                    return
                }
            } else {
                firstTapLocation = here
            }
        }
        if tapping {
            if liftedThisTap > 0 {
                fail("a finger touched down after another had lifted in the same tap", code: ReasonCode("touchAfterLift"))
                return
            }
            touchesThisTap += touches.count
            if touchesThisTap > numberOfTouchesRequired {
                fail(sentence("\(touchesThisTap) fingers touched down, more than numberOfTouchesRequired \(numberOfTouchesRequired)"), code: ReasonCode("tooManyFingers", numbers: ["touches": Double(touchesThisTap), "numberOfTouchesRequired": Double(numberOfTouchesRequired)]))
            }
            return
        }
        pressTouches += touches.count
        if pressTouches > numberOfTouchesRequired {
            fail(sentence("\(pressTouches) fingers touched down, more than numberOfTouchesRequired \(numberOfTouchesRequired)"), code: ReasonCode("tooManyFingers", numbers: ["touches": Double(pressTouches), "numberOfTouchesRequired": Double(numberOfTouchesRequired)]))
            return
        }
        if pressTouches == numberOfTouchesRequired {
            pressStart = now
            schedule(after: minimumPressDuration) { [unowned self] in
                if state == .possible { begin(beganCause()) }
            }
        }
    }

    override open func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        switch state {
        case .possible:
            let limit = tapsDone < numberOfTapsRequired ? thresholds.tapMovementTolerance : allowableMovement
            let name = tapsDone < numberOfTapsRequired ? "tapMovementTolerance" : "allowableMovement"
            // The first touch past the limit, found without retaining each touch (see the tap's `checkMovement`).
            var tooFar: Double?
            touches.forEachBorrowed { touch in
                guard tooFar == nil else { return }
                let distance = touch.startLocation.distance(to: touch.windowLocation)
                if tapsDone >= numberOfTapsRequired, distance > farthestMove { farthestMove = distance }
                if distance > limit { tooFar = distance }
            }
            if let distance = tooFar {
                fail(sentence("moved \(number: distance) pt before minimumPressDuration, more than \(name) \(number: limit) pt"), code: ReasonCode("moved", numbers: ["distance": distance, name: limit]))
                return
            }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    override open func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        switch state {
        case .began, .changed:
            state = .ended
        case .possible:
            if tapsDone < numberOfTapsRequired {
                liftedThisTap += touches.count
                guard liftedThisTap >= touchesThisTap else { return }
                if touchesThisTap < numberOfTouchesRequired {
                    fail(sentence("\(touchesThisTap) of the \(numberOfTouchesRequired) fingers of numberOfTouchesRequired tapped"), code: ReasonCode("tooFewFingers", numbers: ["touches": Double(touchesThisTap), "numberOfTouchesRequired": Double(numberOfTouchesRequired)]))
                    return
                }
                tapsDone += 1
                touchesThisTap = 0
                liftedThisTap = 0
                let interval = thresholds.multiTapInterval
                intervalTimer = schedule(after: interval) { [unowned self] in
                    fail(sentence("no touch down within multiTapInterval \(number: interval) s after tap \(tapsDone)"), code: ReasonCode("noNextTap", numbers: ["tap": Double(tapsDone + 1), "multiTapInterval": interval]))
                }
            } else {
                let held = pressStart.map { now - $0 } ?? 0
                fail(sentence("lifted after \(number: held) s, before minimumPressDuration \(number: minimumPressDuration) s"), code: ReasonCode("liftedTooSoon", numbers: ["held": held, "minimumPressDuration": minimumPressDuration]))
            }
        default:
            break
        }
    }

    override open func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        abandon("its touches were cancelled", code: ReasonCode("touchesCancelled"))
    }

    override open func reset() {
        tapsDone = 0
        touchesThisTap = 0
        liftedThisTap = 0
        pressTouches = 0
        intervalTimer = nil
        pressStart = nil
        firstTapLocation = nil
        farthestMove = 0
    }

    /// "held for minimumPressDuration 0.5 s, moving at most 1.2 pt, within allowableMovement 10 pt".
    private func beganCause() -> String {
        let taps = numberOfTapsRequired > 0 ? "after \(countWord(numberOfTapsRequired)) tap\(numberOfTapsRequired == 1 ? "" : "s"), " : ""
        return sentence(
            "\(taps)held for minimumPressDuration \(number: minimumPressDuration) s, moving at most \(number: farthestMove) pt, within allowableMovement \(number: allowableMovement) pt")
    }
}
