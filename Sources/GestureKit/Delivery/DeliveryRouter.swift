/// Delivers touch, motion and remote-control events to responders as UIKit would, and reports them:
/// hit-test view first, then up the responder chain to the first responder that handles the event;
/// `multipleTouchEnabled`, `exclusiveTouch`, `cancelsTouchesInView`, `delaysTouchesBegan` and
/// `delaysTouchesEnded` decide what reaches the view and when.
final class DeliveryRouter {
    /// A touch as the view side sees it.
    private final class Entry {
        let touch: Touch
        /// Recognizers that may still hold back or cancel this touch's deliveries, each with the
        /// reset cycle it was in when it received the touch (after a reset it is done with the touch).
        var receivers: [(recognizer: GestureRecognizer, cycle: Int)]
        /// Whether the view has been sent `touchesBegan`.
        var beganDelivered = false
        /// Deliveries held back, oldest first, with the recognizer that held each.
        var held: [Held] = []
        var finished = false
        /// The scroll view whose content-touch delay still holds the touch's `touchesBegan`, and its timer.
        var contentDelayedBy: String?
        var contentDelayTimer: Int?

        init(touch: Touch) {
            self.touch = touch
            receivers = touch.recognizers.compactMap { r in
                r.isReceiving && r.observedState == .possible ? (r, r.resetCycle) : nil
            }
        }
    }

    /// A delivery held back by a recognizer's `delaysTouchesBegan`/`delaysTouchesEnded`.
    struct Held {
        var phase: TouchPhase
        var location: Point
        var previous: Point
        /// The event the delivery belongs to.
        var t: Double
        /// The order in which deliveries were held, across touches.
        var sequence: Int
        /// The recognizer that held it.
        var by: String
    }

    private unowned let engine: Engine
    private var heldCount = 0

    /// The touches whose view deliveries are not finished, for tests.
    var unfinished: [String] {
        entries.filter { !$0.finished }.map { e in
            "\(e.touch.id) began:\(e.beganDelivered) held:\(e.held.map { "\($0.phase)/\($0.by)" }) receivers:\(e.receivers.map { "\($0.recognizer.name)#\($0.cycle)/\($0.recognizer.resetCycle) \($0.recognizer.observedState)" })"
        }
    }
    private var entries: [Entry] = []
    /// Touches whose fingers are down, admitted to the view side or not: a view's touch sequence
    /// lasts until the last of them lifts (`multipleTouchEnabled`).
    private var down: [Touch] = []
    /// Whether touches are routed at all (deliveries reported, or hosted views to call).
    private var enabled: Bool { engine.routesTouches }

    /// ``Engine/hostsViews``, kept here: reading it through the unowned engine for every delivery
    /// cost 0.2% of analyze --deliveries.
    private let hostsViews: Bool

    init(engine: Engine) {
        self.engine = engine
        hostsViews = engine.hostsViews
    }

    private func emit(_ record: DeliveryRecord) {
        if engine.options.deliveries { engine.report(.delivery(record)) }
    }

    /// Makes the deliveries of `batch` (through the hosts of hosted views) and reports them.
    private func flush(_ batch: [DeliveryRecord], _ event: TouchEvent? = nil) {
        for var record in batch {
            if hostsViews { callHost(&record, event) }
            emit(record)
        }
    }

    // MARK: Touches

    func deliverTouches(_ changed: [Touch], _ event: TouchEvent) {
        guard enabled else { return }
        var batch: [DeliveryRecord] = []
        for touch in changed {
            if touch.phase.isTerminal { down.removeAll { $0 === touch } }
            if touch.phase == .began {
                // A touch that joins a recognizer which has already begun, and cancels touches in
                // its view, is that gesture's from the start: the view never sees it.
                if touch.recognizers.contains(where: { r in
                    r.cancelsTouchesInView && r.isReceiving && (r.observedState == .began || r.observedState == .changed)
                }) {
                    touch.cancelledInView = true
                }
                let admit = !touch.cancelledInView && admitted(touch)
                down.append(touch)
                guard admit else { continue }
                let entry = Entry(touch: touch)
                entries.append(entry)
                if let wait = touch.view?.contentTouchDelay { startContentDelay(entry, wait.delay, by: wait.scrollView.name) }
            }
            guard let entry = entries.first(where: { $0.touch === touch && !$0.finished }) else { continue }
            let phase = touch.phase
            if phase == .stationary { continue }
            // A lift ends the content-touch delay: the scroll view hands the touch on at once.
            if phase.isTerminal { stopContentDelay(entry) }
            if phase == .cancelled {
                entry.held.removeAll()
                if entry.beganDelivered { add(&batch, entry, .cancelled, at: event.timestamp, delayedBy: nil, cancelledBy: nil) }
                entry.finished = true
                continue
            }
            if !entry.held.isEmpty || (phase == .began && (blocker(entry, forBegan: true) != nil || entry.contentDelayedBy != nil)) {
                hold(entry, phase, by: blocker(entry, forBegan: true) ?? entry.contentDelayedBy ?? entry.held.last?.by ?? "", at: event.timestamp)
                continue
            }
            if phase == .ended, let by = blocker(entry, forBegan: false) {
                hold(entry, phase, by: by, at: event.timestamp)
                continue
            }
            add(&batch, entry, phase, at: event.timestamp, delayedBy: nil, cancelledBy: nil)
        }
        flush(batch, event)
        entries.removeAll { $0.finished }
    }

    /// Whether the view side receives this new touch at all (`multipleTouchEnabled`, `exclusiveTouch`).
    ///
    /// A view that is not multiple-touch enabled receives only the first touch of its sequence: a
    /// touch that lands on it while another finger is down on it is never delivered, even after that
    /// finger lifts. Only fingers still down count: a lifted touch whose `touchesEnded` is held back
    /// (`delaysTouchesEnded`) no longer keeps its view's sequence, or an exclusive view's, going.
    private func admitted(_ touch: Touch) -> Bool {
        guard let view = touch.view else { return true }
        if !view.isMultipleTouchEnabled, down.contains(where: { $0 !== touch && $0.view === view }) { return false }
        let live = entries.filter { !$0.finished && !$0.touch.phase.isTerminal }
        if view.isExclusiveTouch, live.contains(where: { $0.touch.view !== view }) { return false }
        if live.contains(where: { $0.touch.view !== view && ($0.touch.view?.isExclusiveTouch ?? false) }) { return false }
        return true
    }

    /// The recognizer that holds back this entry's next delivery, if any.
    private func blocker(_ entry: Entry, forBegan: Bool) -> String? {
        for (r, cycle) in entry.receivers
        where r.resetCycle == cycle && r.isEnabled && r.observedState == .possible && r.logicalState != .failed {
            if forBegan ? r.delaysTouchesBegan : r.delaysTouchesEnded { return r.name }
        }
        return nil
    }

    /// Holds the touch's `touchesBegan` for a scroll view's content-touch delay (`delaysContentTouches`).
    private func startContentDelay(_ entry: Entry, _ delay: Double, by scrollView: String) {
        entry.contentDelayedBy = scrollView
        entry.contentDelayTimer = engine.environment.clock.schedule(at: engine.now + delay, owner: entry) { [weak entry] in
            // The engine releases what nothing holds any more right after its timers.
            entry?.contentDelayTimer = nil
            entry?.contentDelayedBy = nil
        }
    }

    private func stopContentDelay(_ entry: Entry) {
        if let timer = entry.contentDelayTimer { engine.environment.clock.cancel(timer) }
        entry.contentDelayTimer = nil
        entry.contentDelayedBy = nil
    }

    private func hold(_ entry: Entry, _ phase: TouchPhase, by: String, at t: Double) {
        heldCount += 1
        let touch = entry.touch
        entry.held.append(Held(
            phase: phase, location: touch.windowLocation, previous: touch.previousWindowLocation, t: t,
            sequence: heldCount, by: by))
    }

    /// Delivers, in the order they happened, the held deliveries nothing holds back any more.
    private func releaseHolds() {
        var released: [(entry: Entry, item: Held)] = []
        for entry in entries where !entry.finished && !entry.held.isEmpty && entry.contentDelayedBy == nil {
            while let first = entry.held.first {
                let blocked = first.phase == .ended && entry.beganDelivered
                    ? blocker(entry, forBegan: false) : blocker(entry, forBegan: true)
                if blocked != nil { break }
                entry.held.removeFirst()
                released.append((entry, first))
                if first.phase == .began { entry.beganDelivered = true }
            }
        }
        guard !released.isEmpty else { return }
        released.sort { $0.item.sequence < $1.item.sequence }
        var batch: [DeliveryRecord] = []
        var lastEventTime: Double?
        var groupStart = 0
        for (entry, item) in released {
            // Deliveries of one original event may share a record; those of different events may not.
            if lastEventTime != item.t { groupStart = batch.count }
            add(&batch, entry, item.phase, at: engine.now, delayedBy: item.by, cancelledBy: nil,
                location: item.location, previous: item.previous, eventTime: item.t, mergeFrom: groupStart)
            lastEventTime = item.t
        }
        flush(batch)
        entries.removeAll { $0.finished }
    }

    /// Applies a recognition's delivery effects, right before it is observed: with
    /// `cancelsTouchesInView` the view's touches are cancelled; otherwise touches whose `touchesBegan`
    /// the recognizer held back (`delaysTouchesBegan`) are discarded, never delivered, and a
    /// `touchesEnded` it held back (`delaysTouchesEnded`) becomes `touchesCancelled`.
    func recognizerWillRecognize(_ r: GestureRecognizer) {
        guard enabled else { return }
        var batch: [DeliveryRecord] = []
        if r.cancelsTouchesInView {
            for touch in r.touches { touch.cancelledInView = true }
        }
        for entry in entries where !entry.finished && entry.receivers.contains(where: { $0.recognizer === r && $0.cycle == r.resetCycle }) {
            if r.cancelsTouchesInView || (r.delaysTouchesBegan && !entry.beganDelivered) {
                entry.touch.cancelledInView = true
                stopContentDelay(entry)
                entry.held.removeAll()
                if entry.beganDelivered {
                    add(&batch, entry, .cancelled, at: engine.now, delayedBy: nil, cancelledBy: r.name)
                }
                entry.finished = true
            } else if r.delaysTouchesEnded, entry.beganDelivered, entry.held.contains(where: { $0.phase == .ended }) {
                for i in entry.held.indices where entry.held[i].phase == .ended { entry.held[i].phase = .cancelled }
                if entry.held.allSatisfy({ $0.phase == .cancelled }) {
                    entry.held.removeAll()
                    add(&batch, entry, .cancelled, at: engine.now, delayedBy: nil, cancelledBy: r.name)
                }
            }
        }
        for entry in entries { entry.receivers.removeAll { $0.recognizer === r } }
        flush(batch)
        entries.removeAll { $0.finished }
    }

    func recognizerDidFail(_ r: GestureRecognizer) {
        guard enabled else { return }
        for entry in entries { entry.receivers.removeAll { $0.recognizer === r } }
        releaseHolds()
    }

    /// Delivers what was held back for recognizers that have since failed or recognized;
    /// called at the end of every event and timer.
    func endOfEvent() {
        if enabled { releaseHolds() }
    }

    /// A recognizer stopped tracking a touch (`ignore(_:)`): it no longer holds back its deliveries.
    func recognizer(_ r: GestureRecognizer, didIgnore touch: Touch) {
        guard enabled else { return }
        for entry in entries where entry.touch === touch { entry.receivers.removeAll { $0.recognizer === r } }
    }

    func recordDropped(id: TouchID, at t: Double) {
        var record = DeliveryRecord(t: t, method: .touchesBegan, responder: "application")
        record.touches = [id]
        record.dropped = true
        emit(record)
    }

    /// Adds a touch delivery to `batch`, merging with a record of the same responder and method.
    private func add(
        _ batch: inout [DeliveryRecord], _ entry: Entry, _ phase: TouchPhase, at t: Double,
        delayedBy: String?, cancelledBy: String?, location: Point? = nil, previous: Point? = nil,
        eventTime: Double? = nil, mergeFrom: Int = 0
    ) {
        let touch = entry.touch
        let method: DeliveryMethod
        switch phase {
        case .began: method = .touchesBegan; entry.beganDelivered = true
        case .moved, .stationary: method = .touchesMoved
        case .ended: method = .touchesEnded; entry.finished = true
        case .cancelled: method = .touchesCancelled; entry.finished = true
        }
        let window = engine.window
        let chain = window.responderChain(from: touch.view)
        var index = chain.firstIndex { $0.handles.contains(.touches) } ?? (chain.count - 1)
        if hostsViews, let hosted = firstHostedView(from: touch.view, before: chain[index].name),
            let hostedIndex = chain.firstIndex(where: { $0.name == hosted.name }), hostedIndex <= index
        {
            index = hostedIndex
        }
        var responder = chain[index].name
        var passed = chain[..<index].map(\.name)
        var forwardedBy: String?
        if let handler = touch.view?.selfAndAncestors.first(where: { $0.name == responder }), let target = handler.forwardsTo {
            // The forwarded call goes to the target, and up the target's own chain if it does not handle touches.
            forwardedBy = responder
            let targetChain = window.responderChain(fromResponder: target)
            let targetIndex = targetChain.firstIndex { $0.handles.contains(.touches) } ?? (targetChain.count - 1)
            responder = targetChain[targetIndex].name
            passed += targetChain[..<targetIndex].map(\.name)
        }
        let coordinateView = window.view(named: responder) ?? window.controllerView(named: responder)
        let here = location ?? touch.windowLocation
        let before = previous ?? touch.previousWindowLocation
        let detail = TouchDetail(
            id: touch.id, phase: phase, tapCount: touch.tapCount, timestamp: eventTime ?? t,
            location: coordinateView?.convertFromWindow(here) ?? here,
            previousLocation: coordinateView?.convertFromWindow(before) ?? before)
        if let i = batch.indices.suffix(from: min(mergeFrom, batch.count)).last(where: { i in
            let r = batch[i]
            return r.responder == responder && r.method == method && r.delayedBy == delayedBy
                && r.cancelledBy == cancelledBy && r.forwardedBy == forwardedBy && !r.touches.contains(touch.id)
        }) {
            batch[i].touches.append(touch.id)
            batch[i].details.append(detail)
            return
        }
        var record = DeliveryRecord(t: t, method: method, responder: responder)
        record.chain = passed
        record.touches = [touch.id]
        record.details = [detail]
        record.delayedBy = delayedBy
        record.cancelledBy = cancelledBy
        record.forwardedBy = forwardedBy
        batch.append(record)
    }

    // MARK: Hosted views

    /// The first hosted view from `view` up, before the responder named `handler` (which handles
    /// the touches by the scene's `handles`), or nil.
    private func firstHostedView(from view: View?, before handler: String) -> View? {
        var current = view
        while let candidate = current, candidate !== engine.window {
            if candidate.host != nil { return candidate }
            if candidate.name == handler { return nil }
            current = candidate.superview
        }
        return nil
    }

    /// Makes the delivery of `record` through the host of its responder, if that is a hosted view,
    /// and puts in the record who passed the touches on and who kept them, with the touches'
    /// locations in the coordinates of the one that kept them.
    private func callHost(_ record: inout DeliveryRecord, _ event: TouchEvent?) {
        let window = engine.window
        guard let view = window.view(named: record.responder), let host = view.host else { return }
        let touches = record.touches.compactMap { id in entries.last { $0.touch.id == id }?.touch }
        let phase: TouchPhase
        switch record.method {
        case .touchesBegan: phase = .began
        case .touchesMoved: phase = .moved
        case .touchesEnded: phase = .ended
        case .touchesCancelled: phase = .cancelled
        default: return
        }
        let trail = host.view(view, receives: touches, in: phase, with: event ?? TouchEvent(timestamp: engine.now, allTouches: touches))
        guard trail.responder != record.responder else { return }
        record.chain += trail.passed
        record.responder = trail.responder
        let keeper = window.view(named: trail.responder) ?? window.controllerView(named: trail.responder)
        for i in record.details.indices {
            let location = view.convertToWindow(record.details[i].location)
            let previous = view.convertToWindow(record.details[i].previousLocation)
            record.details[i].location = keeper?.convertFromWindow(location) ?? location
            record.details[i].previousLocation = keeper?.convertFromWindow(previous) ?? previous
        }
    }

    // MARK: Motion and remote control

    func deliverMotion(phase: MotionPhase, subtype: MotionSubtype) {
        let method: DeliveryMethod
        switch phase {
        case .began: method = .motionBegan
        case .ended: method = .motionEnded
        case .cancelled: method = .motionCancelled
        }
        deliverEvent(method, subtype: subtype.rawValue, needs: .motion)
    }

    func deliverRemoteControl(_ subtype: RemoteControlSubtype) {
        deliverEvent(.remoteControlReceived, subtype: subtype.rawValue, needs: .remoteControl)
    }

    private func deliverEvent(_ method: DeliveryMethod, subtype: String, needs: HandledEvents) {
        let chain = engine.window.eventChain()
        let index = chain.firstIndex { $0.handles.contains(needs) } ?? (chain.count - 1)
        var record = DeliveryRecord(t: engine.now, method: method, responder: chain[index].name)
        record.chain = chain[..<index].map(\.name)
        record.subtype = subtype
        emit(record)
    }
}
