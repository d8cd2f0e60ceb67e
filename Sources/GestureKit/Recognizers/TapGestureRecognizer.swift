/// Recognizes one or more taps of one or more fingers (`UITapGestureRecognizer`), a discrete gesture.
///
/// A tap is every required finger down and back up, each within `tapMovementTolerance` of where it
/// touched down and within `tapMaximumPressDuration`. Each further tap must touch down within
/// `multiTapInterval` of the previous lift and within `multiTapDistance` of the first tap. The
/// location is the centroid of the fingers where they lifted; with several taps, that of the first
/// tap (as Apple documents for `location(in:)`).
///
/// A tap recognizer never prevents a tap recognizer that requires more taps (UIKit's rule), so a
/// single tap does not fail a double tap on the same view.
///
/// See also: ``LongPressGestureRecognizer``, ``Thresholds``.
open class TapGestureRecognizer: GestureRecognizer {
    /// Taps needed.
    public var numberOfTapsRequired: Int
    /// Fingers needed in each tap.
    public var numberOfTouchesRequired: Int

    private var tapsDone = 0
    private var touchesThisTap = 0
    private var liftedThisTap = 0
    private var firstTapLocation: Point?
    /// Where this tap's fingers lifted, window coordinates.
    private var liftLocations: [Point] = []
    private var pressTimer: TimerToken?
    private var intervalTimer: TimerToken?
    /// For the cause: when this tap touched down, when the last one lifted, the longest press, the
    /// longest gap between a lift and the next touch down, the farthest a finger moved.
    private var tapDownTime = 0.0
    private var lastLiftTime: Double?
    private var longestPress = 0.0
    private var longestGap = 0.0
    private var farthestMove = 0.0

    /// Creates a tap recognizer.
    public init(name: String, numberOfTapsRequired: Int = 1, numberOfTouchesRequired: Int = 1) {
        self.numberOfTapsRequired = max(1, numberOfTapsRequired)
        self.numberOfTouchesRequired = max(1, numberOfTouchesRequired)
        super.init(name: name)
    }

    override open var kindName: String { "tap" }
    override open var isDiscrete: Bool { true }
    override open var numberOfTouches: Int { numberOfTouchesRequired }

    override open func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if liftedThisTap > 0 {
            fail("a finger touched down after another had lifted in the same tap", code: ReasonCode("touchAfterLift"))
            return
        }
        if touchesThisTap == 0 {
            invalidate(intervalTimer)
            tapDownTime = event.timestamp
            if let lift = lastLiftTime { longestGap = max(longestGap, event.timestamp - lift) }
            if let first = firstTapLocation, let here = touches.windowCentroid {
                let distance = first.distance(to: here)
                if distance > thresholds.multiTapDistance {
                    fail(sentence("tap \(tapsDone + 1) landed \(number: distance) pt from the first, more than multiTapDistance \(number: thresholds.multiTapDistance) pt"), code: ReasonCode("tapTooFar", numbers: ["tap": Double(tapsDone + 1), "distance": distance, "multiTapDistance": thresholds.multiTapDistance]))
                    return
                }
            }
            let limit = thresholds.tapMaximumPressDuration
            pressTimer = schedule(after: limit) { [unowned self] in
                fail(sentence("held longer than tapMaximumPressDuration \(number: limit) s"), code: ReasonCode("heldTooLong", numbers: ["tapMaximumPressDuration": limit]))
            }
        }
        touchesThisTap += touches.count
        if touchesThisTap > numberOfTouchesRequired {
            fail(sentence("\(touchesThisTap) fingers touched down, more than numberOfTouchesRequired \(numberOfTouchesRequired)"), code: ReasonCode("tooManyFingers", numbers: ["touches": Double(touchesThisTap), "numberOfTouchesRequired": Double(numberOfTouchesRequired)]))
        }
    }

    override open func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        checkMovement(touches)
    }

    override open func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        guard checkMovement(touches) else { return }
        liftedThisTap += touches.count
        liftLocations += touches.map(\.windowLocation)
        guard liftedThisTap >= touchesThisTap else { return }
        invalidate(pressTimer)
        longestPress = max(longestPress, event.timestamp - tapDownTime)
        lastLiftTime = event.timestamp
        if touchesThisTap < numberOfTouchesRequired {
            fail(sentence("\(touchesThisTap) of the \(numberOfTouchesRequired) fingers of numberOfTouchesRequired tapped"), code: ReasonCode("tooFewFingers", numbers: ["touches": Double(touchesThisTap), "numberOfTouchesRequired": Double(numberOfTouchesRequired)]))
            return
        }
        tapsDone += 1
        if firstTapLocation == nil, !liftLocations.isEmpty {
            firstTapLocation = liftLocations.reduce(Point.zero, +) / Double(liftLocations.count)
        }
        liftLocations.removeAllKeepingBuffer()
        touchesThisTap = 0
        liftedThisTap = 0
        if tapsDone >= numberOfTapsRequired {
            recognize(recognizedCause())
            return
        }
        let interval = thresholds.multiTapInterval
        let next = tapsDone + 1
        intervalTimer = schedule(after: interval) { [unowned self] in
            fail(sentence("no \(ordinal(next)) tap within multiTapInterval \(number: interval) s"), code: ReasonCode("noNextTap", numbers: ["tap": Double(next), "multiTapInterval": interval]))
        }
    }

    override open func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        fail("its touches were cancelled", code: ReasonCode("touchesCancelled"))
    }

    /// "two taps within multiTapInterval 0.35 s (the second touched down 0.12 s after the first
    /// lifted)"; for one tap, how long it was held and how far it moved, against their limits.
    private func recognizedCause() -> String {
        if numberOfTapsRequired == 1 {
            let who = numberOfTouchesRequired > 1 ? "the fingers" : "the finger"
            return sentence(
                "\(who) lifted \(time: longestPress) s after touch down, \(number: farthestMove) pt from where it touched down, within tapMaximumPressDuration \(number: thresholds.tapMaximumPressDuration) s and tapMovementTolerance \(number: thresholds.tapMovementTolerance) pt")
        }
        let taps = countWord(numberOfTapsRequired)
        let interval = thresholds.multiTapInterval
        return numberOfTapsRequired == 2
            ? sentence("\(taps) taps within multiTapInterval \(number: interval) s (the second touched down \(time: longestGap) s after the first lifted)")
            : sentence("\(taps) taps within multiTapInterval \(number: interval) s (each touched down at most \(time: longestGap) s after the previous one lifted)")
    }

    @discardableResult
    private func checkMovement(_ touches: [Touch]) -> Bool {
        // The first touch past the tolerance, found without retaining each touch (a `for` loop
        // retained and released every one: callgrind, 5,800 of each on the 2 MB sample).
        var tooFar: Double?
        touches.forEachBorrowed { touch in
            guard tooFar == nil else { return }
            let distance = touch.startLocation.distance(to: touch.windowLocation)
            if distance > farthestMove { farthestMove = distance }
            if distance > thresholds.tapMovementTolerance { tooFar = distance }
        }
        guard let distance = tooFar else { return true }
        fail(sentence("moved \(number: distance) pt, more than tapMovementTolerance \(number: thresholds.tapMovementTolerance) pt"), code: ReasonCode("moved", numbers: ["distance": distance, "tapMovementTolerance": thresholds.tapMovementTolerance]))
        return false
    }

    override open func location(in view: View?) -> Point {
        guard let first = firstTapLocation else { return super.location(in: view) }
        return view?.convertFromWindow(first) ?? first
    }

    override open func reset() {
        tapsDone = 0
        touchesThisTap = 0
        liftedThisTap = 0
        firstTapLocation = nil
        liftLocations.removeAllKeepingBuffer()
        pressTimer = nil
        intervalTimer = nil
        tapDownTime = 0
        lastLiftTime = nil
        longestPress = 0
        longestGap = 0
        farthestMove = 0
    }

    override open func describe(_ record: inout TransitionRecord) {
        record.taps = numberOfTapsRequired
    }

    /// UIKit's rule: a tap never prevents a tap that requires more taps.
    override open func canPrevent(_ other: GestureRecognizer) -> Bool {
        if let tap = other as? TapGestureRecognizer, tap.numberOfTapsRequired > numberOfTapsRequired { return false }
        return super.canPrevent(other)
    }
}
