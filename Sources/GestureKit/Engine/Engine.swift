/// Options of an analysis that are not part of the scene.
public struct EngineOptions: Hashable, Sendable {
    /// Overrides the scene's velocity estimator when set.
    public var velocityEstimator: VelocityEstimatorKind?
    /// Whether to report deliveries to responders as well as transitions.
    public var deliveries: Bool

    /// Creates options.
    public init(velocityEstimator: VelocityEstimatorKind? = nil, deliveries: Bool = false) {
        self.velocityEstimator = velocityEstimator
        self.deliveries = deliveries
    }
}

/// Replays samples through a scene and reports what UIKit would do: every recognizer transition
/// and, on request, every delivery to a responder.
///
/// Feed samples in trace order with ``process(_:)``, then call ``finish()``. Samples with the same
/// `t` form one event; timers (long press, multi-tap, delayed failures) fire at their exact virtual
/// time between samples and after the last one. The engine does no I/O and never reads the wall clock,
/// so the same samples always give the same records.
///
/// ```swift
/// let engine = try Engine(scene: .defaultScene())
/// var records: [AnalysisRecord] = []
/// engine.onRecord = { records.append($0) }
/// engine.process(.touch(0, id: .number(1), .began, x: 100, y: 100))
/// engine.process(.touch(0.08, id: .number(1), .ended, x: 100, y: 100))
/// engine.finish()   // tap recognized at 0.43, when doubleTap has failed
/// ```
///
/// The samples must be valid (GestureTrace's reader checks them); touches that are not down are
/// ignored rather than trapped on.
public final class Engine {
    // Unchecked: called for every record, ~9,400 checks (~0.4% of analyze on the 2 MB sample).
    /// Receives each record as the engine produces it.
    @exclusivity(unchecked) public var onRecord: (AnalysisRecord) -> Void = { _ in }
    // Unchecked, as `onRecord`. A flag and a closure rather than an optional closure: testing the
    // optional retained and released the closure, and unwrapping it called it through a thunk.
    @exclusivity(unchecked) private var ownedRecordReceiver: (consuming AnalysisRecord) -> Void = { _ in }
    @exclusivity(unchecked) private var handsRecordsOver = false

    /// Hands each record over to `receiver`, owned, in place of ``onRecord``. The pipelined replay
    /// keeps every record in a batch for another thread: taken owned, a record is moved there
    /// instead of copied, and the engine's thread neither copies nor destroys it (callgrind, the
    /// engine's thread of `analyze` on the 2 MB sample: 97.1 M instructions before, 92.8 M).
    package func handRecordsOver(to receiver: @escaping (consuming AnalysisRecord) -> Void) {
        ownedRecordReceiver = receiver
        handsRecordsOver = true
    }

    /// Lends records to ``onRecord`` again, after ``handRecordsOver(to:)``.
    package func stopHandingRecordsOver() {
        ownedRecordReceiver = { _ in }
        handsRecordsOver = false
    }

    // Unchecked, as `onRecord`. The receiver of ``lendTransitions(to:)`` and an unretained link to
    // it, through which a report calls it: a closure in a variable was retained and released around
    // each call (callgrind, check of 1,000 traces: 1,411.7 M instructions before, 1,406.0 M).
    @exclusivity(unchecked) private var transitionBorrower: TransitionBorrower?
    @exclusivity(unchecked) private var transitionBorrowerLink: Unmanaged<TransitionBorrower>?

    /// Lends each transition to `receiver` as it is, not wrapped in an ``AnalysisRecord``; the
    /// other records still go to ``onRecord``. The one-thread replay renders each record where it
    /// is: wrapped, a transition was copied into the enum and out of it again.
    package func lendTransitions(to receiver: @escaping (borrowing TransitionRecord) -> Void) {
        let borrower = TransitionBorrower(receiver)
        transitionBorrower = borrower
        transitionBorrowerLink = Unmanaged.passUnretained(borrower)
    }

    /// Lends transitions to ``onRecord`` again, after ``lendTransitions(to:)``.
    package func stopLendingTransitions() {
        transitionBorrowerLink = nil
        transitionBorrower = nil
    }

    let environment: GestureEnvironment
    /// The window, with the scene's views beneath it: find a view with ``Window/view(named:)`` to
    /// attach a recognizer of your own before calling ``add(_:)``.
    public let window: Window
    let options: EngineOptions
    // Unchecked: the state read and written for every sample and event, ~260,000 checks (~11% of analyze
    // on the 2 MB sample). One stored struct so that one annotation covers it.
    @exclusivity(unchecked) private var loop = EventLoopState()
    /// The touch changes of the event being collected (samples with the same `t`).
    private var pending: [PendingTouch] {
        get { loop.pending }
        _modify { yield &loop.pending }
    }
    private var pendingTime: Double? {
        get { loop.pendingTime }
        _modify { yield &loop.pendingTime }
    }
    private(set) var activeTouches: [Touch] {
        get { loop.activeTouches }
        _modify { yield &loop.activeTouches }
    }
    private var droppedTouches: Set<TouchID> {
        get { loop.droppedTouches }
        _modify { yield &loop.droppedTouches }
    }
    // Unchecked, as the two after it: read or written for every new touch, ~3,700 checks (~0.14% of
    // analyze on the 2 MB sample, callgrind).
    @exclusivity(unchecked) private var ignoringInteraction = 0
    @exclusivity(unchecked) private var touchSerial = 0
    @exclusivity(unchecked) private var lastTap: (location: Point, time: Double, count: Int)?
    private var lastTime: Double? {
        get { loop.lastTime }
        _modify { yield &loop.lastTime }
    }
    /// Counts touch events; touches and recognizers remember the last one they took part in.
    private var eventSerial: Int {
        get { loop.eventSerial }
        _modify { yield &loop.eventSerial }
    }
    private var changedScratch: [Touch] {
        get { loop.changedScratch }
        _modify { yield &loop.changedScratch }
    }
    /// The recognizers of the event being delivered, in order (reused from event to event).
    private let order = RecognizerList()
    /// The scene's delegates (recognizers hold their delegates weakly, as in UIKit).
    private var retainedDelegates: [AnyObject] = []
    lazy var delivery = DeliveryRouter(engine: self)
    /// The view side of controls; nil in scenes without controls or scroll views.
    var controls: ControlTracker?
    /// Scrolling; nil in scenes without scroll views.
    var scrolling: ScrollCoordinator?
    /// Whether touches go to the responders: with deliveries reported, or in a window with hosted
    /// views, whose touch methods run whether or not deliveries are reported. (Constants, so that
    /// reading them at every event costs no exclusivity check.)
    let routesTouches: Bool
    /// Whether the window has hosted views (``View/host``), whose hosts take their touch deliveries.
    let hostsViews: Bool

    /// Builds the live scene from its description.
    public convenience init(
        scene: SceneDescription, screen: Size = .defaultScreen, options: EngineOptions = EngineOptions()
    ) throws(SceneError) {
        let built = try SceneBuilder.build(scene, screen: screen, options: options)
        self.init(window: built.window, recognizers: built.recognizers, options: options)
        retainedDelegates = built.delegates
    }

    /// Runs a scene built in code: the window's views and the recognizers attached to them, in the
    /// order they should be considered.
    public init(window: Window, recognizers: [GestureRecognizer], options: EngineOptions = EngineOptions()) {
        self.window = window
        self.options = options
        hostsViews = window.treeHasHost
        routesTouches = options.deliveries || hostsViews
        environment = GestureEnvironment()
        environment.screen = window.frame.size
        for recognizer in recognizers { environment.add(recognizer) }
        // Unowned(unsafe): the environment, which keeps these closures, belongs to the engine
        // alone and goes with it. A checked unowned reference cost an atomic retain and release
        // of the engine for every record (perf: swift_unownedRetainStrong, 0.7% of analyze).
        environment.engineLink = Unmanaged.passUnretained(self)
        environment.willObserveRecognition = { [unowned(unsafe) self] r in
            if let controls { controls.recognizerWillRecognize(r) }
            delivery.recognizerWillRecognize(r)
        }
        environment.didObserveFailure = { [unowned(unsafe) self] r in
            if let controls { controls.recognizerDidFail(r) }
            delivery.recognizerDidFail(r)
        }
        environment.didIgnoreTouch = { [unowned(unsafe) self] r, touch in delivery.recognizer(r, didIgnore: touch) }
        installControlsAndScrolling()
    }

    /// Hands `record` over (``handRecordsOver(to:)``), or lends it to ``onRecord``.
    func report(_ record: consuming AnalysisRecord) {
        if handsRecordsOver { ownedRecordReceiver(record) } else { onRecord(record) }
    }

    /// Hands a transition over (``handRecordsOver(to:)``), or lends it to ``onRecord``.
    // `consume` and not inlined: otherwise the record was copied into the enum and then destroyed
    // (callgrind, the engine's thread on the 2 MB sample: 96.2 M against 93.0 M).
    @inline(never)
    func report(transition record: consuming TransitionRecord) {
        if handsRecordsOver {
            ownedRecordReceiver(.transition(consume record))
        } else if let transitionBorrowerLink {
            transitionBorrowerLink._withUnsafeGuaranteedRef { $0.receive(record) }
        } else {
            lend(record)
        }
    }

    /// Lends a transition to ``onRecord``: wrapped as it is borrowed, the record is not copied.
    private func lend(_ record: TransitionRecord) {
        onRecord(.transition(record))
    }

    /// The current virtual time.
    public var now: Double { environment.clock.now }

    /// The recognizers, in the order they are considered: the scene's, then those added with ``add(_:)``.
    public var recognizers: [GestureRecognizer] { environment.recognizers }

    /// The recognizer with this name, if any.
    public func recognizer(named name: String) -> GestureRecognizer? {
        environment.recognizers.first { $0.name == name }
    }

    /// Adds a recognizer built in code, such as a subclass of your own, to the running scene: attach
    /// it to a view first (``View/addGestureRecognizer(_:)``), and set up its relationships with
    /// ``GestureRecognizer/require(toFail:)`` and its delegate as in UIKit. It takes part from the
    /// next event on; add it before the first sample to see the whole trace. The engine does not
    /// keep its delegate alive (recognizers hold delegates weakly).
    public func add(_ recognizer: GestureRecognizer) {
        guard !environment.recognizers.contains(where: { $0 === recognizer }) else { return }
        environment.add(recognizer)
    }

    /// Takes the next sample in trace order.
    // Consuming: the caller's copy is handed over, not destroyed after the call (check of 1,000
    // traces: 1,598.4 M -> 1,581.5 M instructions, callgrind).
    public func process(_ sample: consuming Sample) {
        let t = sample.t
        // The sample is consumed and its kind taken apart, so that its touch id moves into the pending
        // touch: copying the id out left the sample to be destroyed through its value witness, 43
        // instructions a sample (callgrind, check of 1,000 traces: 10.4 M).
        switch (consume sample).kind {
        case .touch(let id, let phase, let location, let force, let radius):
            if let time = pendingTime, time != t { flushTouchEvent() }
            pendingTime = t
            pending.append(PendingTouch(id: id, phase: phase, location: location, force: force, radius: radius))
        case .motion(let phase, let subtype):
            flushTouchEvent()
            fireTimers(before: t)
            environment.clock.set(t)
            lastTime = t
            delivery.deliverMotion(phase: phase, subtype: subtype)
        case .remoteControl(let subtype):
            flushTouchEvent()
            fireTimers(before: t)
            environment.clock.set(t)
            lastTime = t
            delivery.deliverRemoteControl(subtype)
        case .application(let subtype):
            flushTouchEvent()
            fireTimers(before: t)
            environment.clock.set(t)
            lastTime = t
            switch subtype {
            case .beginIgnoringInteractionEvents: ignoringInteraction += 1
            case .endIgnoringInteractionEvents: ignoringInteraction = max(0, ignoringInteraction - 1)
            }
        }
    }

    /// Ends the trace: dispatches the last event, cancels touches still down at the last time,
    /// and runs the remaining timers.
    public func finish() { finish(cancellingAt: nil) }

    /// ``finish()``, the touches still down being cancelled at `time` when that is later than the
    /// last event and the last timer fired (live input ended by the user: see ``advance(to:)``).
    public func finish(cancellingAt time: Double?) {
        flushTouchEvent()
        if !activeTouches.isEmpty, var t = lastTime {
            if let time { t = max(t, time, environment.clock.now) }
            let cancels = activeTouches.map { touch in
                PendingTouch(id: touch.id, phase: .cancelled, location: touch.windowLocation, force: nil, radius: nil)
            }
            dispatchTouchEvent(at: t, cancels)
        }
        fireTimers(before: nil)
    }

    func flushTouchEvent() {
        guard let time = pendingTime else { return }
        pendingTime = nil
        // The buffer goes back to `pending` for the next event (the dispatch never adds to it).
        Array.withTaken(&pending) { touches in
            dispatchTouchEvent(at: time, touches)
            touches.removeAllKeepingBuffer()
        }
    }

    func fireTimers(before time: Double?) {
        while let timer = environment.clock.popDue(before: time) {
            environment.clock.set(timer.deadline)
            timer.action()
            environment.endOfEvent()
            if let controls { controls.releaseHolds() }
            delivery.endOfEvent()
        }
    }

    private func dispatchTouchEvent(at t: Double, _ touches: [PendingTouch]) {
        fireTimers(before: t)
        environment.clock.set(t)
        lastTime = t
        eventSerial &+= 1
        let serial = eventSerial
        // The touches changed in this event, in the buffer of the last event's: most events change
        // the same touches as the one before, which then stay in their places (``Array/put(_:at:)``)
        // instead of being released and retained again.
        Array.withTaken(&changedScratch) { changed in
            var changedCount = 0
            // The touches down, taken out of the engine while the event's changes are applied: searching
            // the stored array retained and released it for every changed touch.
            Array.withTaken(&activeTouches) { active in
                // The pending touches are read in place: reading `touches[index].id` copied the whole
                // pending touch, and destroyed it, for every sample (callgrind: 66 instructions a sample).
                touches.withUnsafeBufferPointer { touches in
                    for index in touches.indices {
                        let phase = touches[index].phase
                        let location = touches[index].location
                        if phase == .began {
                            let id = touches[index].id
                            if ignoringInteraction > 0 {
                                droppedTouches.insert(id)
                                delivery.recordDropped(id: id, at: t)
                                continue
                            }
                            if !droppedTouches.isEmpty { droppedTouches.remove(id) }
                            let touch = beginTouch(id: id, at: location, time: t, among: active)
                            touch.eventSerial = serial
                            if let scrolling { scrolling.touchDown(touch) }
                            touch.setForce(touches[index].force, radius: touches[index].radius)
                            active.append(touch)
                            changed.put(touch, at: &changedCount)
                        } else {
                            if !droppedTouches.isEmpty, droppedTouches.contains(touches[index].id) {
                                if phase.isTerminal { droppedTouches.remove(touches[index].id) }
                                continue
                            }
                            // Found and updated in place: returning the touch cost a retain and a release of it
                            // for every changed touch (callgrind: 19,000 of each on the 2 MB sample).
                            active.withFirstBorrowed(where: { $0.id.matches(touches[index].id) }) { touch in
                                touch.phase = phase
                                if phase != .stationary {
                                    touch.previousWindowLocation = touch.windowLocation
                                    touch.windowLocation = location
                                }
                                touch.timestamp = t
                                touch.eventSerial = serial
                                touch.setForce(touches[index].force, radius: touches[index].radius)
                                changed.put(touch, at: &changedCount)
                            }
                        }
                    }
                }
            }
            changed.trim(to: changedCount)
            var anyEnded = false
            var anyBegan = false
            activeTouches.forEachBorrowed { touch in
                if touch.eventSerial != serial { touch.phase = .stationary }
                if touch.phase.isTerminal { anyEnded = true }
                if touch.phase == .began { anyBegan = true }
            }
            let event = TouchEvent(timestamp: t, allTouches: activeTouches, serial: serial)
            // The new touches' recognizers are found once the whole event is known, so that a delegate's
            // `shouldReceive` questions see the event as UIKit's do (every touch of it).
            if anyBegan {
                changed.forEachBorrowed { touch in
                    if touch.phase == .began, touch.recognizers.isEmpty { collectRecognizers(for: touch, in: event) }
                }
            }
            deliverToRecognizers(changed, event, anyBegan: anyBegan)
            if let controls { controls.touchesChanged(changed, in: event) }
            if routesTouches { delivery.deliverTouches(changed, event) }
            environment.endOfEvent(touchesEnded: anyEnded)
            if let controls { controls.releaseHolds() }
            if routesTouches { delivery.endOfEvent() }
            if anyEnded {
                for touch in changed where touch.phase == .ended {
                    lastTap = (touch.windowLocation, t, touch.tapCount)
                }
                activeTouches.removeAll { $0.phase.isTerminal }
            }
        }
    }

    private func beginTouch(id: TouchID, at location: Point, time: Double, among active: [Touch]) -> Touch {
        let defaults = Thresholds()
        var tapCount = 1
        if let last = lastTap, time - last.time <= defaults.multiTapInterval + VirtualClock.tolerance(near: time),
            last.location.distance(to: location) <= defaults.multiTapDistance
        {
            tapCount = last.count + 1
        }
        touchSerial += 1
        let touch = Touch(id: id, location: location, time: time, tapCount: tapCount, serial: touchSerial)
        let hit = window.hitTest(location)
        touch.view = hit
        touch.withheldFromRecognizers = exclusiveTouchWithholds(hit, among: active)
        return touch
    }

    /// The recognizers a new touch is delivered to: those of its view and the view's ancestors that
    /// accept it (their delegates asked with the whole `event`).
    private func collectRecognizers(for touch: Touch, in event: TouchEvent) {
        guard !touch.withheldFromRecognizers else { return }
        // Up the superview links (the window has none) rather than through `selfAndAncestors`,
        // whose array cost 1,300 instructions a touch (callgrind).
        var next: View? = touch.view ?? window
        while let view = next {
            next = view.superview
            for recognizer in view.gestureRecognizers where accepts(recognizer, touch, event) {
                touch.recognizers.append(recognizer)
            }
        }
    }

    /// Whether a touch landing on `hit` is kept from every recognizer by an exclusive view that
    /// also blocks recognizers (`exclusiveTouchBlocksRecognizers`): `hit` is such a view while
    /// another view has a finger down, or such a view other than `hit` has a finger down.
    private func exclusiveTouchWithholds(_ hit: View?, among active: [Touch]) -> Bool {
        var withholds = false
        active.forEachBorrowed { other in
            guard !withholds, !other.phase.isTerminal, let view = other.view, view !== hit else { return }
            if view.isExclusiveTouch && view.exclusiveTouchBlocksRecognizers { withholds = true }
            if let hit, hit.isExclusiveTouch && hit.exclusiveTouchBlocksRecognizers { withholds = true }
        }
        return withholds
    }

    private func accepts(_ recognizer: GestureRecognizer, _ touch: Touch, _ event: TouchEvent) -> Bool {
        guard recognizer.isEnabled, recognizer.environment === environment, recognizer.waitingStates.isEmpty else { return false }
        switch recognizer.logicalState {
        case .possible, .began, .changed: break
        default: return false
        }
        if let delegate = recognizer.delegate, !delegate.gestureRecognizer(recognizer, shouldReceive: touch, in: event) { return false }
        return true
    }

    private func deliverToRecognizers(_ changed: [Touch], _ event: TouchEvent, anyBegan: Bool) {
        let serial = event.serial
        let order = self.order
        order.removeAll()
        changed.forEachBorrowed { touch in
            let phase = touch.phase
            guard phase != .stationary else { return }
            // Whether recognizers whose moves are idle can be left out of this touch's delivery: in an
            // event where no touch begins, such a recognizer's touchesMoved stays a no-op (a touch
            // beginning could give a pinch its second finger before its moves are delivered).
            let idleMovesSkipped = phase == .moved && !anyBegan
            touch.lendRecognizers { recognizers in
                recognizers.forEachBorrowed { r in
                    // Left out of the event altogether (see ``GestureRecognizer/movesAreIdle``): a waiting
                    // pinch and rotation took every one-finger move, 174,517 visits of 639,869 in a
                    // check of 1,000 traces.
                    if idleMovesSkipped, r.movesAreIdle, r.reception.host == nil {
                        r.lastLocationPending = true
                        return
                    }
                    if r.eventSerial != serial {
                        r.eventSerial = serial
                        r.eventTouches.startEvent()
                        order.append(r)
                        environment.markDirty(r)
                    }
                    r.eventTouches.add(touch, phase)
                }
            }
        }
        // Only the engine reads or writes `eventTouches`, so each recognizer's lists stay as they
        // are while its own methods run (and until its next event or reset).
        // Every recognizer takes its new touches before any is told of them, as UIKit delivers the
        // event to all of them before deciding: one that recognizes in touchesBegan then prevents
        // the others sharing the touch wherever they are listed in the scene.
        if anyBegan {
            order.forEach { r in
                r.eventTouches.seal()
                let began = r.eventTouches.began.count
                if began > 0 {
                    // One append per touch: `append(contentsOf:)` cost 500 instructions a call (callgrind).
                    r.eventTouches.began.forEachBorrowed { touch in
                        r.touches.append(touch)
                        r.seenTouchSerials.append(touch.serial)
                    }
                    r.engagedTouchCount += began
                }
            }
        }
        order.forEach { r in
            // Without new touches a recognizer's lists are sealed just before its delivery (only its own
            // delivery reads them): one loop over the recognizers fewer, 3.0 M instructions of a check
            // of 1,000 traces (callgrind).
            if !anyBegan { r.eventTouches.seal() }
            let began = r.eventTouches.began.count
            r.lastLocationPending = true
            if r.isEnabled {
                if began > 0, r.isReceiving { r.eventTouches.lend(.began) { r.receive(.began, $0, with: event) } }
                if !r.eventTouches.moved.isEmpty, r.isReceiving { r.eventTouches.lend(.moved) { r.receive(.moved, $0, with: event) } }
                if !r.eventTouches.ended.isEmpty, r.isReceiving { r.eventTouches.lend(.ended) { r.receive(.ended, $0, with: event) } }
                if !r.eventTouches.cancelled.isEmpty, r.isReceiving {
                    r.eventTouches.lend(.cancelled) { r.receive(.cancelled, $0, with: event) }
                }
            }
        }
    }
}

/// The receiver of ``Engine/lendTransitions(to:)``, kept as a constant: called through an unretained
/// reference, it is not retained around each call, as a closure stored in a variable is.
private final class TransitionBorrower {
    let receive: (borrowing TransitionRecord) -> Void

    init(_ receive: @escaping (borrowing TransitionRecord) -> Void) {
        self.receive = receive
    }
}

/// What ``Engine`` reads and writes for every sample and event (kept in one stored property).
struct EventLoopState {
    var pending: [PendingTouch] = []
    var pendingTime: Double?
    var activeTouches: [Touch] = []
    var droppedTouches: Set<TouchID> = []
    var lastTime: Double?
    var eventSerial = 0
    var changedScratch: [Touch] = []
}

/// A touch change waiting for the rest of its event: what the engine uses of a touch sample.
struct PendingTouch {
    var id: TouchID
    var phase: TouchPhase
    var location: Point
    var force: Double?
    var radius: Double?
}

extension Touch {
    /// Keeps the force and radius of a sample that gives them (a sample without them keeps the last).
    @inline(__always)
    func setForce(_ force: Double?, radius: Double?) {
        if let force { self.force = force }
        if let radius { majorRadius = radius }
    }

    /// Calls `body` with ``recognizers``, taken out of the touch for the call and put back after
    /// it (see ``EventTouches/lend(_:to:)``); `body` must not read or change the touch's recognizers.
    @inline(__always)
    func lendRecognizers(_ body: ([GestureRecognizer]) -> Void) {
        Array.lend(&recognizers, to: body)
    }
}

/// The touches of one event for one recognizer, by phase.
///
/// Between events each list keeps the touches it had, so that a recognizer given the same touches
/// event after event (fingers moving) costs no appends or removals: ``add(_:)`` only finds the
/// touch already in its place, and ``seal()`` drops whatever the event did not renew. The lists are
/// emptied when the recognizer resets, so they hold no touch past its gesture.
struct EventTouches {
    private(set) var began: [Touch] = []
    private(set) var moved: [Touch] = []
    private(set) var ended: [Touch] = []
    private(set) var cancelled: [Touch] = []
    /// How many touches of each list the current event has given so far.
    private var beganCount = 0
    private var movedCount = 0
    private var endedCount = 0
    private var cancelledCount = 0

    /// Starts an event: ``add(_:)`` renews the lists from their beginning.
    mutating func startEvent() {
        beganCount = 0
        movedCount = 0
        endedCount = 0
        cancelledCount = 0
    }

    // Inlined, with the phase read once per touch: a call per touch and recognizer cost 52
    // instructions (callgrind, check of 1,000 traces: 44 M).
    /// Adds `touch`, whose phase is `phase`, to the list of its phase.
    @inline(__always)
    mutating func add(_ touch: Touch, _ phase: TouchPhase) {
        switch phase {
        case .began: began.put(touch, at: &beganCount)
        case .moved: moved.put(touch, at: &movedCount)
        case .ended: ended.put(touch, at: &endedCount)
        case .cancelled: cancelled.put(touch, at: &cancelledCount)
        case .stationary: break
        }
    }

    /// Drops what is left of earlier events: the lists then hold exactly this event's touches.
    @inline(__always)
    mutating func seal() {
        began.trim(to: beganCount)
        moved.trim(to: movedCount)
        ended.trim(to: endedCount)
        cancelled.trim(to: cancelledCount)
    }

    /// Calls `body` with the list of `phase`, which is taken out of `self` for the call and put
    /// back after it: handing the stored list itself to a recognizer's method made the compiler
    /// retain and release it around every call (it cannot know the method leaves the lists alone,
    /// which it does: only the engine reads or writes them, and not while a recognizer runs).
    @inline(__always)
    mutating func lend(_ phase: TouchPhase, to body: ([Touch]) -> Void) {
        switch phase {
        case .began: Array.lend(&began, to: body)
        case .moved: Array.lend(&moved, to: body)
        case .ended: Array.lend(&ended, to: body)
        case .cancelled: Array.lend(&cancelled, to: body)
        case .stationary: break
        }
    }

    /// Empties the lists.
    mutating func removeAll() {
        startEvent()
        seal()
    }
}

extension Array where Element: AnyObject {
    /// Puts `element` at index `count` and counts it: a list renewed event after event from its
    /// beginning, which stores (and so retains) only what differs from the last event's.
    @inline(__always)
    mutating func put(_ element: Element, at count: inout Int) {
        if count < self.count {
            if self[count] !== element { self[count] = element }
        } else {
            append(element)
        }
        count += 1
    }

    /// Removes every element identical to `object`, keeping the others in order, as
    /// `removeAll { $0 === object }` does without its generic partition and range replacement
    /// (a touch's recognizers lose one at a time). With the resets' lists emptied by popping, it took a
    /// check of 1,000 traces from 1,528.0 M instructions to 1,510.1 M (callgrind).
    @inline(__always)
    mutating func removeAll(identicalTo object: Element) {
        var index = 0
        while index < count {
            if self[index] === object { remove(at: index) } else { index += 1 }
        }
    }

    /// Drops the elements from index `count` on: what the last event put there and this one did not renew.
    @inline(__always)
    mutating func trim(to count: Int) {
        while self.count > count { removeLast() }
    }
}

extension Array {
    /// Removes every element but keeps the buffer, like `removeAll(keepingCapacity: true)`; cheaper
    /// for the few elements of the engine's per-event buffers (no call into the generic range removal).
    @inline(__always)
    mutating func removeAllKeepingBuffer() {
        while popLast() != nil {}
    }
}

extension GestureRecognizer {
    /// Whether touch methods still reach the recognizer in this event (not once it has finished).
    var isReceiving: Bool {
        switch logicalState {
        case .possible, .began, .changed: return true
        default: return false
        }
    }
}
