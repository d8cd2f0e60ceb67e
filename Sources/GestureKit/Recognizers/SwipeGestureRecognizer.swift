/// Recognizes a quick stroke of one or more fingers in one of its allowed directions
/// (`UISwipeGestureRecognizer`), a discrete gesture.
///
/// The rules, as measured on real UIKit (iOS 26.1 simulator), with `t` the time since the first
/// finger touched down:
///
/// - The swipe is recognized during the movement, in the event where the rule is first met, not at
///   lift, and only while `t ≤ swipeMaximumDuration` (0.5 s, inclusive). A timer at touch down +
///   `swipeMaximumDuration` fails it; it fires after any sample at exactly that time.
/// - Each finger, measured from where it touched down, must have moved at least
///   `swipeMinimumDistance × (1 − t × swipeDistanceDecay)` along the direction
///   (50 × (1 − 0.94 t): 45.3 pt at 0.1 s, 26.5 pt at 0.5 s).
/// - A finger that moves more than `swipeMaximumCrossDistance × (1 − t × swipeCrossDecay)` across
///   a direction (50 × (1 − 0.98 t): 45.1 pt at 0.1 s, 25.5 pt at 0.5 s) rules that direction out.
/// - A finger behind its start point along a direction, by any amount, rules that direction out;
///   a retreat that stays ahead of the start does not.
/// - With several allowed directions the one whose rules are met is recognized and reported; the
///   swipe fails once every direction is ruled out.
/// - With `numberOfTouchesRequired` above one, every finger must meet the rules in the same
///   direction; more fingers than required fail the swipe, and so does any finger lifting (or
///   being cancelled) before recognition.
///
/// ```swift
/// let swipe = SwipeGestureRecognizer(name: "swipe", direction: [.left, .right])
/// // down at (100, 400) at 0 s, moved to (150, 402) at 0.1 s: recognized, direction right
/// ```
///
/// Comparisons allow 1e-9 (times and positions pass through decimal text): a stroke meeting a
/// limit exactly meets it.
///
/// See also: ``PanGestureRecognizer``, ``Thresholds/swipeMinimumDistance``,
/// ``Thresholds/swipeMaximumDuration``.
open class SwipeGestureRecognizer: GestureRecognizer {
    /// The directions that may be recognized (`direction`, an option set in UIKit).
    public var direction: Set<SwipeDirection>
    // Unchecked, as `startTime`, `touchesSeen`, `candidates` and `lastMove`: read or written at every
    // move, ~7,200 checks (~0.3% of analyze on the 2 MB sample, callgrind).
    /// Fingers that must swipe together.
    @exclusivity(unchecked) public var numberOfTouchesRequired: Int
    /// The direction recognized, once the swipe is recognized; nil before.
    public private(set) var recognizedDirection: SwipeDirection?

    /// When the first finger touched down.
    @exclusivity(unchecked) private var startTime: Double?
    /// Fingers that have touched down since the last reset.
    @exclusivity(unchecked) private var touchesSeen = 0
    /// Directions not yet ruled out, in the order right, left, up, down.
    @exclusivity(unchecked) private var candidates: [SwipeDirection] = []
    /// Why each ruled-out direction was ruled out, in order.
    private var exclusions: [Exclusion] = []
    private var deadline: TimerToken?
    /// How far the last move that did not recognize got, for the reason of a lift.
    /// How far the stroke had got at its last move, for the reason if a finger lifts.
    @exclusivity(unchecked) private var lastMove: Progress?

    /// Tolerance for comparisons of times and distances that passed through decimal text.
    private static let epsilon = 1e-9

    /// Creates a swipe recognizer with UIKit's defaults: direction right, one finger.
    ///
    /// - Parameters:
    ///   - name: The recognizer's name in the scene.
    ///   - direction: The directions that may be recognized.
    ///   - numberOfTouchesRequired: Fingers that must swipe together (at least 1).
    public init(name: String, direction: Set<SwipeDirection> = [.right], numberOfTouchesRequired: Int = 1) {
        self.direction = direction
        self.numberOfTouchesRequired = max(1, numberOfTouchesRequired)
        super.init(name: name)
    }

    override open var kindName: String { "swipe" }
    override open var isDiscrete: Bool { true }

    /// The movement needed along a direction `elapsed` seconds after touch down, in points.
    public func neededDistance(at elapsed: Double) -> Double {
        thresholds.swipeMinimumDistance * (1 - elapsed * thresholds.swipeDistanceDecay)
    }

    /// The movement allowed across a direction `elapsed` seconds after touch down, in points.
    public func allowedCrossDistance(at elapsed: Double) -> Double {
        thresholds.swipeMaximumCrossDistance * (1 - elapsed * thresholds.swipeCrossDecay)
    }

    override open func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if startTime == nil {
            startTime = event.timestamp
            for candidate in SwipeDirection.allCases where direction.contains(candidate) { candidates.append(candidate) }
            if candidates.isEmpty {
                fail("its direction is empty, so no swipe can be recognized", code: ReasonCode("noDirection"))
                return
            }
            let limit = thresholds.swipeMaximumDuration
            deadline = schedule(after: limit) { [unowned self] in
                fail(timeoutReason(limit), code: ReasonCode("tooSlow", numbers: ["swipeMaximumDuration": limit]))
            }
        }
        touchesSeen += touches.count
        if touchesSeen > numberOfTouchesRequired {
            fail("\(touchesSeen) fingers touched down, more than numberOfTouchesRequired \(numberOfTouchesRequired)", code: ReasonCode("tooManyFingers", numbers: ["touches": Double(touchesSeen), "numberOfTouchesRequired": Double(numberOfTouchesRequired)]))
        }
    }

    override open func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        guard state == .possible, let start = startTime else { return }
        let elapsed = event.timestamp - start
        let limit = thresholds.swipeMaximumDuration
        if elapsed > limit + VirtualClock.tolerance(near: event.timestamp) {
            fail(timeoutReason(limit), code: ReasonCode("tooSlow", numbers: ["swipeMaximumDuration": limit]))
            return
        }
        let allowed = allowedCrossDistance(at: elapsed)
        self.touches.forEachBorrowed { touch in
            guard !touch.phase.isTerminal else { return }
            let moved = touch.windowLocation - touch.startLocation
            candidates.removeAll { candidate in
                let along = candidate.along(moved)
                let across = candidate.across(moved)
                if along < -Self.epsilon {
                    exclusions.append(Exclusion(touch: subject(touch), direction: candidate, behind: -along, elapsed: elapsed))
                    return true
                }
                if across > allowed + Self.epsilon {
                    exclusions.append(Exclusion(touch: subject(touch), direction: candidate, across: across, allowed: allowed, elapsed: elapsed))
                    return true
                }
                return false
            }
        }
        if candidates.isEmpty {
            fail(exclusions.map(\.text).joined(separator: "; "), code: ReasonCode("wrongDirection", numbers: ["elapsed": elapsed]))
            return
        }
        lastMove = progress(at: elapsed)
        guard touchesSeen == numberOfTouchesRequired, self.touches.liveCount == numberOfTouchesRequired else { return }
        let needed = neededDistance(at: elapsed)
        var best: (direction: SwipeDirection, along: Double)?
        for candidate in candidates {
            // The least progress of the live fingers along the candidate (the first of equal ones).
            var along: Double?
            self.touches.forEachBorrowed { touch in
                guard !touch.phase.isTerminal else { return }
                let here = candidate.along(touch.windowLocation - touch.startLocation)
                if let least = along, !(here < least) { return }
                along = here
            }
            guard let along, along >= needed - Self.epsilon else { continue }
            if best.map({ along > $0.along }) ?? true { best = (candidate, along) }
        }
        guard let best else { return }
        recognizedDirection = best.direction
        invalidate(deadline)
        var across = 0.0
        for touch in self.touches where !touch.phase.isTerminal {
            across = max(across, best.direction.across(touch.windowLocation - touch.startLocation))
        }
        let who = numberOfTouchesRequired > 1 ? "the fingers moved at least" : "moved"
        recognize(sentence(
            "\(who) \(number: best.along) pt \(best.direction.rawValue) in \(time: elapsed) s, past the \(number: needed) pt needed then (swipeMinimumDistance \(number: thresholds.swipeMinimumDistance) pt), \(number: across) pt across, within the \(number: allowed) pt allowed"))
    }

    override open func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        guard state == .possible else { return }
        let elapsed = event.timestamp - (startTime ?? event.timestamp)
        let reason = lastMove.map { sentence("a finger lifted at \(number: elapsed) s, before the swipe was recognized: at its last move, at \(number: $0.elapsed) s, \(describe($0))") }
            ?? sentence("a finger lifted at \(number: elapsed) s, before the swipe was recognized (no move came before the lift)")
        fail(reason, code: ReasonCode("liftedEarly", numbers: ["elapsed": elapsed]))
    }

    override open func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        fail("its touches were cancelled", code: ReasonCode("touchesCancelled"))
    }

    /// Where the swipe began (Apple: "You can determine the location where a swipe begins by
    /// calling … location(in:)", the centroid for several touches): the centroid of the fingers'
    /// touch-down points, not where it was recognized.
    override open func location(in view: View?) -> Point {
        guard !touches.isEmpty else { return super.location(in: view) }
        var x = 0.0, y = 0.0
        for touch in touches {
            x += touch.startLocation.x
            y += touch.startLocation.y
        }
        let began = Point(x: x / Double(touches.count), y: y / Double(touches.count))
        return view?.convertFromWindow(began) ?? began
    }

    override open func reset() {
        recognizedDirection = nil
        startTime = nil
        touchesSeen = 0
        candidates.removeAllKeepingBuffer()
        exclusions.removeAllKeepingBuffer()
        deadline = nil
        lastMove = nil
    }

    override open func describe(_ record: inout TransitionRecord) {
        record.direction = recognizedDirection?.rawValue
    }

    // MARK: Reasons

    private func timeoutReason(_ limit: Double) -> String {
        if touchesSeen < numberOfTouchesRequired {
            return "only \(touchesSeen) of the \(numberOfTouchesRequired) fingers of numberOfTouchesRequired touched down within swipeMaximumDuration \(format(limit)) s"
        }
        return "not recognized within swipeMaximumDuration \(format(limit)) s of touch down: \(describe(progress(at: limit)))"
    }

    /// How far a stroke got in its best remaining direction at a moment.
    private struct Progress {
        var elapsed: Double
        var best: (direction: SwipeDirection, along: Double)?
    }

    /// Measures the stroke's progress in its best remaining direction (no text: this runs on every move).
    private func progress(at elapsed: Double) -> Progress {
        var best: (direction: SwipeDirection, along: Double)?
        for candidate in candidates {
            var along = Double.infinity
            touches.forEachBorrowed { touch in along = min(along, candidate.along(touch.windowLocation - touch.startLocation)) }
            if along == .infinity { along = 0 }
            if best.map({ along > $0.along }) ?? true { best = (candidate, along) }
        }
        return Progress(elapsed: elapsed, best: best)
    }

    /// The progress, against what was needed at its moment, as words for a reason.
    private func describe(_ progress: Progress) -> String {
        guard let best = progress.best else { return "no direction was left" }
        let needed = neededDistance(at: progress.elapsed)
        guard best.along > 0 else {
            // No direction named for a stroke that never moved in one.
            let toward = candidates.count == 1 ? best.direction.rawValue : "in any of its directions"
            let who = numberOfTouchesRequired > 1 ? "the fingers had not moved" : "it had not moved"
            return sentence("\(who) \(toward), \(number: needed) pt were needed")
        }
        let who = numberOfTouchesRequired > 1 ? "the fingers moved at least" : "it moved"
        return sentence("\(who) \(number: best.along) pt \(best.direction.rawValue), \(number: needed) pt were needed")
    }

    /// The finger to name in a reason when there are several; nil otherwise.
    private func subject(_ touch: Touch) -> TouchID? {
        numberOfTouchesRequired > 1 ? touch.id : nil
    }

    /// Why a direction was ruled out, kept as figures: its sentence is written only if every
    /// direction is ruled out and the swipe fails. (Written at every move that ruled one out, the
    /// sentences, mostly thrown away, cost 0.8% of `check`'s instructions: callgrind, 1,000 traces,
    /// 2,105.6 M with them, 2,088.6 M without.)
    private struct Exclusion {
        /// The finger, named when there are several.
        var touch: TouchID?
        var direction: SwipeDirection
        /// How far the finger went behind its start point, or nil.
        var behind: Double?
        /// How far it moved across the direction, and the movement allowed.
        var across = 0.0
        var allowed = 0.0
        var elapsed: Double

        init(touch: TouchID?, direction: SwipeDirection, behind: Double, elapsed: Double) {
            self.touch = touch
            self.direction = direction
            self.behind = behind
            self.elapsed = elapsed
        }

        init(touch: TouchID?, direction: SwipeDirection, across: Double, allowed: Double, elapsed: Double) {
            self.touch = touch
            self.direction = direction
            self.across = across
            self.allowed = allowed
            self.elapsed = elapsed
        }

        /// "touch 2 went 3.1 pt behind its start point along the right direction at 0.05 s", or
        /// "moved … pt across the right direction at … s, more than the … pt allowed".
        var text: String {
            let subject = touch.map { "touch \($0) " } ?? ""
            if let behind {
                return sentence("\(subject)went \(number: behind) pt behind its start point along the \(direction.rawValue) direction at \(number: elapsed) s")
            }
            return sentence(
                "\(subject)moved \(number: across) pt across the \(direction.rawValue) direction at \(number: elapsed) s, more than the \(number: allowed) pt allowed")
        }
    }
}

extension SwipeDirection {
    /// The direction as a unit vector on screen (y grows downwards).
    var unit: Point {
        switch self {
        case .right: return Point(x: 1, y: 0)
        case .left: return Point(x: -1, y: 0)
        case .up: return Point(x: 0, y: -1)
        case .down: return Point(x: 0, y: 1)
        }
    }

    /// The component of `movement` along the direction (negative: behind the start).
    func along(_ movement: Point) -> Double {
        movement.x * unit.x + movement.y * unit.y
    }

    /// The size of the component of `movement` across the direction.
    func across(_ movement: Point) -> Double {
        abs(movement.x * unit.y - movement.y * unit.x)
    }
}
