/// The base class of every recognizer: it owns the state machine, the touches and the timers, so a
/// subclass only interprets touches (`UIGestureRecognizer` with its subclass interface).
///
/// ```
///                 ┌──────────────────────────────► recognized      (discrete)
///   possible ─────┼──► began ──► changed* ──┬──► ended            (continuous)
///                 │                         └──► cancelled
///                 └──────────────────────────────► failed
/// ```
///
/// A subclass overrides ``touchesBegan(_:with:)`` and its siblings, sets ``state`` (or calls
/// ``fail(_:)`` with a reason), and clears its own variables in ``reset()``. The engine resets a
/// recognizer to `possible` once the event that finished it has been handled and nothing waits on
/// it. An illegal transition, such as `possible → changed` or `possible → cancelled`, is a
/// programming error: ``transition(to:)`` throws it and the ``state`` setter stops a debug build
/// with an assertion. One exception keeps UIKit code working: setting ``state`` to `cancelled`
/// before anything began (as many textbook `touchesCancelled` overrides do) fails the recognizer instead,
/// with the reason "`name` set its state to cancelled before it began".
///
/// ``numberOfTouches`` counts the touches still down, so it is 0 once the last finger lifts;
/// ``touches`` also holds the ones that ended in the event being handled. A two-finger tap
/// (without the movement and duration limits of ``TapGestureRecognizer``) remembers how many
/// fingers were down together and decides when the last one lifts:
///
/// ```swift
/// final class TwoFingerTap: GestureRecognizer {
///     private var fingers = 0     // the most fingers down at once
///
///     override var kindName: String { "twoFingerTap" }
///     override var isDiscrete: Bool { true }
///
///     override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
///         fingers = max(fingers, numberOfTouches)
///     }
///
///     override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
///         guard state == .possible, numberOfTouches == 0 else { return }   // until the last finger lifts
///         if fingers == 2 { state = .recognized } else { fail("two fingers are needed, not \(fingers)") }
///     }
///
///     override func reset() { fingers = 0 }
/// }
/// ```
///
/// See also: ``Engine``, ``TapGestureRecognizer``, ``PanGestureRecognizer``.
open class GestureRecognizer {
    // Unchecked: read by every record, ~9,400 checks (~0.35% of analyze on the 2 MB sample, callgrind).
    /// The recognizer's name, unique in a scene; change it only before the recognizer joins an engine.
    @exclusivity(unchecked) public var name: String
    /// An object a layer above the engine keeps for this recognizer (GestureUIKit's
    /// `UIGestureRecognizer` for a built-in one), held weakly.
    public weak var compatibilityObject: AnyObject?
    /// The view it is attached to (nil once that view is gone).
    public internal(set) var view: View? {
        get { viewLink?.takeUnretainedValue() }
        set { viewLink = newValue.map(Unmanaged.passUnretained) }
    }
    // Unchecked: read by every location and record, ~16,000 checks (~0.7% of analyze on the 2 MB sample).
    // Unretained and cleared by the view's deinit, as a weak reference would be (see ``View/deinit``);
    // every record reads the view through it without retaining it.
    @exclusivity(unchecked) var viewLink: Unmanaged<View>?
    // Unchecked: tested for every recognizer of each event, ~47,000 checks (~2% of analyze on the 2 MB sample).
    /// Whether the recognizer is enabled, and its host.
    @exclusivity(unchecked) var reception = Reception()
    /// A disabled recognizer sees nothing; disabling one in progress cancels it.
    public var isEnabled: Bool {
        get { reception.isEnabled }
        set {
            let wasEnabled = reception.isEnabled
            reception.isEnabled = newValue
            if wasEnabled && !newValue { environment?.recognizerWasDisabled(self) }
        }
    }
    /// The layer that takes the engine's calls before this recognizer's own methods (see
    /// ``RecognizerHost``), or nil.
    public var host: (any RecognizerHost)? {
        get { reception.host }
        set { reception.host = newValue }
    }
    /// Whether recognition cancels the recognizer's touches in the view.
    public var cancelsTouchesInView = true
    /// Whether `touchesBegan` reaches the view only after this recognizer fails.
    public var delaysTouchesBegan = false
    /// Whether `touchesEnded` reaches the view only after this recognizer fails.
    public var delaysTouchesEnded = true
    // Unchecked: read for each recognizer a new touch may go to (`shouldReceive`), and by arbitration.
    /// The delegate that answers UIKit's questions (should begin, should receive, simultaneous).
    @exclusivity(unchecked) public weak var delegate: (any GestureRecognizerDelegate)?
    // Unchecked: read by every movement test, ~30,000 checks (~1.3% of analyze on the 2 MB sample).
    /// The unpublished constants this recognizer uses (defaults with per-recognizer overrides).
    @exclusivity(unchecked) public var thresholds = Thresholds()

    /// The state the recognizer has reached (its own view of it: a transition waiting on a
    /// failure requirement already counts).
    ///
    /// Setting it makes the transition with ``transition(to:)``; an illegal one stops a debug build
    /// with an assertion and is ignored in a release build, except `cancelled` while `possible`,
    /// which fails the recognizer with the reason "`name` set its state to cancelled before it began".
    public var state: RecognizerState {
        get { logicalState }
        set {
            var target = newValue
            if logicalState == .possible && newValue == .cancelled {
                // UIKit's subclass habit (textbook touchesCancelled overrides): cancelled before anything
                // began is taken as a failure here; `transition(to:)` throws instead.
                if pendingReason == nil {
                    pendingReason = "\(name) set its state to cancelled before it began"
                    pendingCode = ReasonCode("stateSet")
                }
                target = .failed
            }
            do {
                try transition(to: target)
            } catch {
                assertionFailure("\(name): \(error)")
            }
        }
    }

    // Unchecked: walked at every event and centroid, ~150,000 checks (~6% of analyze on the 2 MB sample).
    /// The touches the recognizer tracks in window order of arrival, ended ones included until
    /// the event that ended them has been handled.
    @exclusivity(unchecked) public internal(set) var touches: [Touch] = []

    /// The kind's name for records (`tap`, `pan`, …); subclasses return their own.
    open var kindName: String { "custom" }

    /// Whether the recognizer is discrete (it recognizes once) rather than continuous.
    open var isDiscrete: Bool { false }

    // Unchecked: tested before every touches… call, ~47,000 checks (~2% of analyze on the 2 MB sample).
    @exclusivity(unchecked) var logicalState: RecognizerState = .possible
    // Unchecked: tested for each involved recognizer after the event, ~47,000 checks (~2% of analyze on the 2 MB sample).
    /// The state others observe: it lags ``logicalState`` while a transition waits on a failure requirement.
    @exclusivity(unchecked) var observedState: RecognizerState = .possible
    // Unchecked: tested by arbitration at every event, ~35,000 checks (~1.5% of analyze on the 2 MB sample).
    /// Transitions made while waiting for a failure requirement, made visible once it fails.
    @exclusivity(unchecked) var waitingStates: [RecognizerState] = []
    /// The reason given with the last failure or cancellation.
    var pendingReason: String?
    /// The code given with it, if any.
    var pendingCode: ReasonCode?
    /// What the recognizer said made it begin or recognize (``begin(_:)``, ``recognize(_:)``),
    /// before arbitration adds its part.
    var pendingCause: String?
    /// When the recognizer last began or recognized, as observed (for "prevented by X, which began at …").
    var recognitionTime: Double?
    /// When a transition out of `possible` started to wait for a failure requirement.
    var waitStart: Double?
    /// The environment of the engine the recognizer runs in.
    var environment: GestureEnvironment? {
        get { environmentLink?.takeUnretainedValue() }
        set { environmentLink = newValue.map(Unmanaged.passUnretained) }
    }
    // Unretained and cleared by the environment's deinit, as a weak reference would be: a weak one
    // made every transition load it through the environment's side table (see ``View/deinit``), and
    // a strong copy of it retained and released it at every transition.
    @exclusivity(unchecked) var environmentLink: Unmanaged<GestureEnvironment>?
    // Unchecked, as `seenTouchSerials` and `failureRequirements`: arbitration reads them for every
    // other recognizer when one recognizes; with their checks, 1,000 taps among 10,000 tap recognizers
    // (the scaling table's views row) spent half their instructions checking exclusive access.
    /// The touches this recognizer was given since it last reset (including ended ones).
    @exclusivity(unchecked) var engagedTouchCount = 0
    /// The serials of the touches given since the last reset and not ignored, ended ones included:
    /// every tap of a multi-tap belongs to its gesture, for exclusion (``GestureEnvironment/shareTouches(_:_:)``).
    @exclusivity(unchecked) var seenTouchSerials: [Int] = []
    // Unchecked: set and cleared for each involved recognizer, ~50,000 checks (~2% of analyze on the 2 MB sample).
    /// Whether the environment has it on its list of recognizers to clean up after the event.
    @exclusivity(unchecked) var isDirty = false
    // Unchecked: compared for every touch and recognizer pair, ~80,000 checks (~3% of analyze on the 2 MB sample).
    /// The last touch event the recognizer took part in, and its touches in it.
    @exclusivity(unchecked) var eventSerial = 0
    // Unchecked: updated for every touch and recognizer pair, ~150,000 checks (~6% of analyze on the 2 MB sample).
    @exclusivity(unchecked) var eventTouches = EventTouches()
    // Unchecked: read for every moved touch and recognizer pair.
    /// Whether the recognizer's own `touchesMoved(_:with:)` would return at once whatever moved, and
    /// no subclass override could see the call: then, in an event where no touch begins and its
    /// touches only move, the engine leaves it out of the event (no delivery, no bookkeeping, no
    /// clean-up), which changes nothing anyone can observe. Set by the built-in pinch and rotation
    /// classes themselves (not their subclasses) while they wait for a second finger or after one
    /// lifted; a recognizer with a ``host`` is never left out.
    @exclusivity(unchecked) var movesAreIdle = false
    /// How many times the recognizer has reset: a touch it received belongs to one cycle.
    var resetCycle = 0
    /// Requirements from `require(toFail:)`.
    @exclusivity(unchecked) var failureRequirements: [GestureRecognizer] = []

    /// Creates a recognizer.
    public init(name: String) {
        self.name = name
    }

    // MARK: Subclass interface

    /// Called with the touches that began in an event.
    open func touchesBegan(_ touches: [Touch], with event: TouchEvent) {}
    /// Called with the touches that moved in an event.
    open func touchesMoved(_ touches: [Touch], with event: TouchEvent) {}
    /// Called with the touches that ended in an event.
    open func touchesEnded(_ touches: [Touch], with event: TouchEvent) {}
    /// Called with the touches that were cancelled in an event.
    open func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {}
    /// Clears the subclass's variables; called when the recognizer returns to `possible`.
    open func reset() {}

    /// Adds the kind's figures (translation, scale, …) to a record about to be reported.
    open func describe(_ record: inout TransitionRecord) {}

    /// Whether this recognizer, by recognizing, may fail `other` (`canPrevent(_:)`); the scene's
    /// `canPrevent` key by default.
    open func canPrevent(_ other: GestureRecognizer) -> Bool { preventSelection.contains(other.name) }

    /// Whether `other`, by recognizing, may fail this recognizer (`canBePrevented(by:)`); the scene's
    /// `canBePreventedBy` key by default.
    open func canBePrevented(by other: GestureRecognizer) -> Bool { preventedBySelection.contains(other.name) }

    /// The scene's `canPrevent` answer.
    public var preventSelection: RecognizerSelection = .all
    /// The scene's `canBePreventedBy` answer.
    public var preventedBySelection: RecognizerSelection = .all

    /// The number of touches reported in records (`numberOfTouches`): touches still down.
    open var numberOfTouches: Int { touches.liveCount }

    /// The location reported in records: the centroid of the touches, in `view`'s coordinates.
    open func location(in view: View?) -> Point {
        guard let centroid = touches.liveWindowCentroid ?? touches.windowCentroid else {
            return lastLocation.map { view?.convertFromWindow($0) ?? $0 } ?? .zero
        }
        return view?.convertFromWindow(centroid) ?? centroid
    }

    // Unchecked: written when the touches shrink, read once they are gone.
    /// The centroid of ``touches`` when the engine last delivered an event to the recognizer, in window
    /// coordinates, kept for reports after the touches are gone.
    @exclusivity(unchecked) var lastLocation: Point?
    // Unchecked: set for every recognizer of each event, ~640,000 times in a check of 1,000 traces.
    /// Whether ``lastLocation`` is still to be taken from the touches of the last delivery: it is taken
    /// only before the touches next shrink (``takeLastLocation()``), as those touches do not move until
    /// the next delivery. Computing it at every delivery cost 37 M instructions of that check (callgrind:
    /// the centroid, and the delivery loop's body, which is inlined without it).
    @exclusivity(unchecked) var lastLocationPending = false

    /// Sets ``lastLocation`` from the touches of the last delivery if it is still pending; called
    /// before a touch leaves ``touches``.
    @inline(__always)
    func takeLastLocation() {
        guard lastLocationPending else { return }
        lastLocationPending = false
        if let centroid = touches.windowCentroid { lastLocation = centroid }
    }

    // MARK: Helpers for subclasses

    /// The current trace time.
    public var now: Double { environmentLink?._withUnsafeGuaranteedRef { $0.clock.now } ?? 0 }

    /// Makes the transition to `newState`, or throws if the state machine does not allow it.
    ///
    /// `ended` while `possible` on a discrete recognizer means `recognized`, as in UIKit. Every other
    /// transition the state machine lacks throws ``IllegalTransition`` and leaves the state alone,
    /// `possible → cancelled` included (the ``state`` setter turns that one into a failure).
    public func transition(to newState: RecognizerState) throws(IllegalTransition) {
        var target = newState
        // UIKit's subclass habit: `.ended` from possible is `.recognized` for a discrete gesture.
        if logicalState == .possible && newState == .ended && isDiscrete { target = .recognized }
        guard RecognizerState.isLegal(from: logicalState, to: target) else {
            throw IllegalTransition(recognizer: name, from: logicalState, to: target)
        }
        if target == .failed || target == .cancelled, pendingReason == nil {
            pendingReason = target == .failed ? "\(name) set its state to failed" : "\(name) set its state to cancelled"
            pendingCode = ReasonCode("stateSet")
        }
        logicalState = target
        environmentLink?._withUnsafeGuaranteedRef { $0.recognizer(self, didRequest: target) }
    }

    /// Fails the recognizer with a reason for the report; does nothing unless it is `possible`.
    public func fail(_ reason: String, code: ReasonCode? = nil) {
        guard logicalState == .possible else { return }
        pendingReason = reason
        pendingCode = code
        state = .failed
    }

    /// Begins a continuous gesture (`began`) or recognizes a discrete one (`recognized`), saying what
    /// made it happen, in the style of failure reasons: the figure, the threshold it passed and when
    /// ("moved 11.89 pt down, past panHysteresis 10 pt, 0.024 s after touch down"). The record's
    /// `cause` is this sentence, with what arbitration adds (a wait for a failure requirement, a
    /// delegate's answer, recognizers it recognizes alongside). Does nothing unless it is `possible`.
    public func begin(_ cause: String) {
        guard logicalState == .possible else { return }
        pendingCause = cause
        state = isDiscrete ? .recognized : .began
    }

    /// Recognizes a discrete gesture (the same as ``begin(_:)``, named for discrete gestures).
    public func recognize(_ cause: String) {
        begin(cause)
    }

    /// Cancels a began gesture with a reason for the report.
    public func cancel(_ reason: String, code: ReasonCode? = nil) {
        guard logicalState == .began || logicalState == .changed else { return }
        pendingReason = reason
        pendingCode = code
        state = .cancelled
    }

    /// Ends the gesture with a reason for the report, whatever it has reached: fails a `possible`
    /// recognizer and cancels a began one (what a continuous recognizer does when its touches are cancelled).
    public func abandon(_ reason: String, code: ReasonCode? = nil) {
        if logicalState == .possible { fail(reason, code: code) } else { cancel(reason, code: code) }
    }

    /// Runs `action` after `delay` seconds of trace time unless the recognizer resets first or the
    /// timer is invalidated.
    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping () -> Void) -> TimerToken {
        guard let environment else { return TimerToken(serial: 0) }
        let serial = environment.clock.schedule(at: environment.clock.now + delay, owner: self, action)
        return TimerToken(serial: serial)
    }

    /// Stops a timer scheduled with ``schedule(after:_:)``; does nothing if it has fired.
    public func invalidate(_ token: TimerToken?) {
        guard let token, token.serial != 0 else { return }
        environment?.clock.cancel(token.serial)
    }

    /// Stops delivering `touch` to this recognizer (`ignore(_:for:)`).
    public func ignore(_ touch: Touch) {
        takeLastLocation()
        touches.removeAll { $0 === touch }
        seenTouchSerials.removeAll { $0 == touch.serial }
        touch.recognizers.removeAll { $0 === self }
        environment?.didIgnoreTouch(self, touch)
    }

    /// Called when a transition that waited on a failure requirement is about to be observed.
    func didFinishWaiting() {}

    // MARK: Engine side

    func cancelTimers() {
        environmentLink?._withUnsafeGuaranteedRef { $0.clock.cancelAll(ownedBy: self) }
    }

    /// Returns the recognizer to `possible`, forgetting its touches.
    func performReset() {
        resetCycle &+= 1
        cancelTimers()
        touches.forEachBorrowed { touch in touch.recognizers.removeAll(identicalTo: self) }
        // Emptied keeping their buffers, for the next gesture's appends (they were freed and allocated again).
        touches.removeAllKeepingBuffer()
        eventTouches.removeAll()
        logicalState = .possible
        pendingReason = nil
        pendingCode = nil
        pendingCause = nil
        recognitionTime = nil
        waitStart = nil
        engagedTouchCount = 0
        seenTouchSerials.removeAllKeepingBuffer()
        lastLocation = nil
        lastLocationPending = false
        reset()
        reception.host?.recognizerDidReset(self)
    }

    /// The record of a transition to `state` at the current time, with the kind's figures.
    // Not inlined into the environment's `observe` (callgrind, `check` of 1,000 traces: 1.7 M fewer).
    @inline(never)
    func makeRecord(_ state: RecognizerState, at t: Double, reason: String?, code: ReasonCode? = nil, cause: String? = nil) -> TransitionRecord {
        switch state {
        case .failed:
            return TransitionRecord(
                t: t, recognizer: name, kind: reportedKind, view: view?.name ?? "", state: state,
                sentence: reason ?? "failed", isCause: false, code: code)
        case .cancelled:
            var record = describedRecord(state, at: t)
            record.reason = reason ?? "cancelled"
            record.code = code
            return record
        case .began, .recognized:
            var record = describedRecord(state, at: t)
            record.cause = cause
            return record
        default:
            return describedRecord(state, at: t)
        }
    }

    /// The record of a transition to any state but `failed`: location, touches and the kind's figures.
    ///
    /// Kept apart from the reasons of ``makeRecord(_:at:reason:code:cause:)``: storing a string argument into
    /// the record makes the compiler copy and destroy the whole record on the way out, and this
    /// is the path of every `changed`.
    @inline(never)
    func describedRecord(_ state: RecognizerState, at t: Double) -> TransitionRecord {
        var record: TransitionRecord
        if let viewLink {
            record = viewLink._withUnsafeGuaranteedRef { view in
                var record = TransitionRecord(t: t, recognizer: name, kind: reportedKind, view: view.name, state: state)
                record.location = location(in: view)
                return record
            }
        } else {
            record = TransitionRecord(t: t, recognizer: name, kind: reportedKind, view: "", state: state)
            record.location = location(in: nil)
        }
        record.touches = numberOfTouches
        describe(&record)
        reception.host?.recognizerDidDescribe(self)
        return record
    }
}

/// A handle on a scheduled timer, to invalidate it.
public struct TimerToken: Hashable, Sendable {
    let serial: Int
}
