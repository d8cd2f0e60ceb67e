/// Delivers touch, motion and remote-control events to responders as UIKit would, and reports them:
/// hit-test view first, then up the responder chain to the first responder that handles the event;
/// `multipleTouchEnabled`, `exclusiveTouch`, `cancelsTouchesInView`, `delaysTouchesBegan` and
/// `delaysTouchesEnded` decide what reaches the view and when.
final class DeliveryRouter {
    /// A touch as the view side sees it.
    private final class Entry {
        let touch: Touch
        /// Recognizers that may still hold back or cancel this touch's deliveries.
        var receivers: [GestureRecognizer]
        /// Whether the view has been sent `touchesBegan`.
        var beganDelivered = false
        /// Deliveries held back, oldest first, with the recognizer that held each.
        var held: [(phase: TouchPhase, location: Point, previous: Point, t: Double, by: String)] = []
        var finished = false

        init(touch: Touch) {
            self.touch = touch
            receivers = touch.recognizers
        }
    }

    private unowned let engine: Engine
    private var entries: [Entry] = []
    private var enabled: Bool { engine.options.deliveries }

    init(engine: Engine) {
        self.engine = engine
    }

    private func emit(_ record: DeliveryRecord) {
        if enabled { engine.onRecord(.delivery(record)) }
    }

    // MARK: Touches

    func deliverTouches(_ changed: [Touch], _ event: TouchEvent) {
        guard enabled else { return }
        var batch: [DeliveryRecord] = []
        for touch in changed {
            if touch.phase == .began {
                guard !touch.cancelledInView, admitted(touch) else { continue }
                entries.append(Entry(touch: touch))
            }
            guard let entry = entries.first(where: { $0.touch === touch && !$0.finished }) else { continue }
            let phase = touch.phase
            if phase == .stationary { continue }
            if phase == .cancelled {
                entry.held.removeAll()
                if entry.beganDelivered { add(&batch, entry, .cancelled, at: event.timestamp, delayedBy: nil, cancelledBy: nil) }
                entry.finished = true
                continue
            }
            if !entry.held.isEmpty || (phase == .began && blocker(entry, forBegan: true) != nil) {
                let by = blocker(entry, forBegan: true) ?? entry.held.last?.by ?? ""
                entry.held.append((phase, touch.windowLocation, touch.previousWindowLocation, event.timestamp, by))
                continue
            }
            if phase == .ended, let by = blocker(entry, forBegan: false) {
                entry.held.append((phase, touch.windowLocation, touch.previousWindowLocation, event.timestamp, by))
                continue
            }
            add(&batch, entry, phase, at: event.timestamp, delayedBy: nil, cancelledBy: nil)
        }
        for record in batch { emit(record) }
        releaseHolds()
        entries.removeAll { $0.finished }
    }

    /// Whether the view side receives this new touch at all (`multipleTouchEnabled`, `exclusiveTouch`).
    private func admitted(_ touch: Touch) -> Bool {
        let live = entries.filter { !$0.finished }
        guard let view = touch.view else { return true }
        if !view.isMultipleTouchEnabled, live.contains(where: { $0.touch.view === view }) { return false }
        if view.isExclusiveTouch, live.contains(where: { $0.touch.view !== view }) { return false }
        if live.contains(where: { $0.touch.view !== view && ($0.touch.view?.isExclusiveTouch ?? false) }) { return false }
        return true
    }

    /// The recognizer that holds back this entry's next delivery, if any.
    private func blocker(_ entry: Entry, forBegan: Bool) -> String? {
        for r in entry.receivers where r.isEnabled && r.observedState == .possible && r.logicalState != .failed {
            if forBegan ? r.delaysTouchesBegan : r.delaysTouchesEnded { return r.name }
        }
        return nil
    }

    private func releaseHolds() {
        var batch: [DeliveryRecord] = []
        for entry in entries where !entry.finished && !entry.held.isEmpty {
            while let first = entry.held.first {
                let blocked = first.phase == .ended && entry.beganDelivered
                    ? blocker(entry, forBegan: false) : blocker(entry, forBegan: true)
                if blocked != nil { break }
                entry.held.removeFirst()
                add(&batch, entry, first.phase, at: engine.now, delayedBy: first.by, cancelledBy: nil,
                    location: first.location, previous: first.previous)
            }
        }
        for record in batch { emit(record) }
        entries.removeAll { $0.finished }
    }

    func recognizerWillRecognize(_ r: GestureRecognizer) {
        guard enabled else { return }
        var batch: [DeliveryRecord] = []
        if r.cancelsTouchesInView {
            for touch in r.touches { touch.cancelledInView = true }
            for entry in entries where !entry.finished && entry.receivers.contains(where: { $0 === r }) {
                entry.touch.cancelledInView = true
                entry.held.removeAll()
                if entry.beganDelivered {
                    add(&batch, entry, .cancelled, at: engine.now, delayedBy: nil, cancelledBy: r.name)
                }
                entry.finished = true
            }
        }
        for entry in entries { entry.receivers.removeAll { $0 === r } }
        for record in batch { emit(record) }
        entries.removeAll { $0.finished }
    }

    func recognizerDidFail(_ r: GestureRecognizer) {
        guard enabled else { return }
        for entry in entries { entry.receivers.removeAll { $0 === r } }
        releaseHolds()
    }

    func flushAfterTimer() {
        if enabled { releaseHolds() }
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
        delayedBy: String?, cancelledBy: String?, location: Point? = nil, previous: Point? = nil
    ) {
        let touch = entry.touch
        let method: DeliveryMethod
        switch phase {
        case .began: method = .touchesBegan; entry.beganDelivered = true
        case .moved, .stationary: method = .touchesMoved
        case .ended: method = .touchesEnded; entry.finished = true
        case .cancelled: method = .touchesCancelled; entry.finished = true
        }
        let chain = engine.window.responderChain(from: touch.view)
        let index = chain.firstIndex { $0.handles.contains(.touches) } ?? (chain.count - 1)
        var responder = chain[index].name
        var forwardedBy: String?
        if let handler = touch.view?.selfAndAncestors.first(where: { $0.name == responder }), let target = handler.forwardsTo {
            forwardedBy = responder
            responder = target
        }
        let coordinateView = engine.window.view(named: responder)
            ?? touch.view.flatMap { view in view.selfAndAncestors.first { $0.controllerName == responder } }
        let here = location ?? touch.windowLocation
        let before = previous ?? touch.previousWindowLocation
        let detail = TouchDetail(
            id: touch.id, phase: phase, tapCount: touch.tapCount,
            location: coordinateView?.convertFromWindow(here) ?? here,
            previousLocation: coordinateView?.convertFromWindow(before) ?? before)
        if let i = batch.firstIndex(where: {
            $0.responder == responder && $0.method == method && $0.delayedBy == delayedBy && $0.cancelledBy == cancelledBy
                && $0.forwardedBy == forwardedBy
        }) {
            batch[i].touches.append(touch.id)
            batch[i].details.append(detail)
            return
        }
        var record = DeliveryRecord(t: t, method: method, responder: responder)
        record.chain = chain[..<index].map(\.name)
        record.touches = [touch.id]
        record.details = [detail]
        record.delayedBy = delayedBy
        record.cancelledBy = cancelledBy
        record.forwardedBy = forwardedBy
        batch.append(record)
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
