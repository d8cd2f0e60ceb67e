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
            if let first = firstTapLocation, let here = touches.windowCentroid {
                let distance = first.distance(to: here)
                if distance > thresholds.multiTapDistance {
                    fail("tap \(tapsDone + 1) landed \(format(distance)) pt from the first, more than multiTapDistance \(format(thresholds.multiTapDistance)) pt", code: ReasonCode("tapTooFar", numbers: ["tap": Double(tapsDone + 1), "distance": distance, "multiTapDistance": thresholds.multiTapDistance]))
                    return
                }
            }
            let limit = thresholds.tapMaximumPressDuration
            pressTimer = schedule(after: limit) { [unowned self] in
                fail("held longer than tapMaximumPressDuration \(format(limit)) s", code: ReasonCode("heldTooLong", numbers: ["tapMaximumPressDuration": limit]))
            }
        }
        touchesThisTap += touches.count
        if touchesThisTap > numberOfTouchesRequired {
            fail("\(touchesThisTap) fingers touched down, more than numberOfTouchesRequired \(numberOfTouchesRequired)", code: ReasonCode("tooManyFingers", numbers: ["touches": Double(touchesThisTap), "numberOfTouchesRequired": Double(numberOfTouchesRequired)]))
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
        if touchesThisTap < numberOfTouchesRequired {
            fail("\(touchesThisTap) of the \(numberOfTouchesRequired) fingers of numberOfTouchesRequired tapped", code: ReasonCode("tooFewFingers", numbers: ["touches": Double(touchesThisTap), "numberOfTouchesRequired": Double(numberOfTouchesRequired)]))
            return
        }
        tapsDone += 1
        if firstTapLocation == nil, !liftLocations.isEmpty {
            firstTapLocation = liftLocations.reduce(Point.zero, +) / Double(liftLocations.count)
        }
        liftLocations.removeAll()
        touchesThisTap = 0
        liftedThisTap = 0
        if tapsDone >= numberOfTapsRequired {
            state = .recognized
            return
        }
        let interval = thresholds.multiTapInterval
        let next = tapsDone + 1
        intervalTimer = schedule(after: interval) { [unowned self] in
            fail("no \(ordinal(next)) tap within multiTapInterval \(format(interval)) s", code: ReasonCode("noNextTap", numbers: ["tap": Double(next), "multiTapInterval": interval]))
        }
    }

    override open func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        fail("its touches were cancelled", code: ReasonCode("touchesCancelled"))
    }

    @discardableResult
    private func checkMovement(_ touches: [Touch]) -> Bool {
        for touch in touches {
            let distance = touch.startLocation.distance(to: touch.windowLocation)
            if distance > thresholds.tapMovementTolerance {
                fail("moved \(format(distance)) pt, more than tapMovementTolerance \(format(thresholds.tapMovementTolerance)) pt", code: ReasonCode("moved", numbers: ["distance": distance, "tapMovementTolerance": thresholds.tapMovementTolerance]))
                return false
            }
        }
        return true
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
        liftLocations.removeAll()
        pressTimer = nil
        intervalTimer = nil
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

/// A number for a reason sentence: at most two decimals, no trailing zeros.
func format(_ value: Double) -> String {
    guard value.isFinite else { return String(value) }
    let scaled = (value * 100).rounded()
    let negative = scaled < 0
    let magnitude = abs(scaled)
    guard magnitude < 1e15 else { return String(value) }
    let whole = Int(magnitude) / 100
    let fraction = Int(magnitude) % 100
    var text = String(whole)
    if fraction != 0 {
        text += fraction % 10 == 0 ? "." + String(fraction / 10) : (fraction < 10 ? ".0" : ".") + String(fraction)
    }
    return negative && text != "0" ? "-" + text : text
}

/// "second", "third", … for reason sentences.
func ordinal(_ n: Int) -> String {
    switch n {
    case 1: return "first"
    case 2: return "second"
    case 3: return "third"
    case 4: return "fourth"
    case 5: return "fifth"
    default: return "\(n)th"
    }
}
