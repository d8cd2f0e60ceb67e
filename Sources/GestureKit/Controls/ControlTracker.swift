/// The view side of controls: which touches reach a control and when, as UIKit delivers them, and
/// the control events the control sends while it tracks them (``ControlBehaviour``).
///
/// A touch whose hit-test view is (inside) an enabled control is tracked by that control, one touch
/// per control. Its `touchesBegan` waits while a recognizer with `delaysTouchesBegan` is still
/// possible, or while an enclosing scroll view delays content touches (`delaysContentTouches`,
/// `contentTouchDelay`); its `touchesEnded` waits while a recognizer with `delaysTouchesEnded` is
/// still possible. A recognizer with `cancelsTouchesInView` that begins or recognizes cancels the
/// tracking (`touchCancel`), or, if the control has not seen the touch yet, the control never does.
///
/// The engine has one only when the scene has controls or scroll views.
final class ControlTracker {
    /// One touch a control tracks (or will, once its `touchesBegan` is released).
    final class Entry {
        let touch: Touch
        let control: Control
        /// Recognizers that may still hold back or cancel the touch, each with its reset cycle then.
        var receivers: [(recognizer: GestureRecognizer, cycle: Int)]
        /// The scroll views delaying the touch's `touchesBegan`, until their delay is over.
        var delayingScrollViews: [ScrollView]
        var delayTimer: Int?
        /// Whether the control has been sent `touchesBegan`.
        var delivered = false
        /// Whether the touch has ended while its `touchesEnded` is held back.
        var endHeld = false
        var finished = false
        /// The control's tracking state (``ControlBehaviour``).
        var state = TrackingState()

        init(touch: Touch, control: Control) {
            self.touch = touch
            self.control = control
            receivers = touch.recognizers.compactMap { r in
                r.isReceiving && r.observedState == .possible ? (r, r.resetCycle) : nil
            }
            delayingScrollViews = []
        }

        /// The touch's location in the control's coordinates.
        var location: Point { control.convertFromWindow(touch.windowLocation) }
    }

    private let clock: VirtualClock
    /// Receives each control record.
    let emit: (ControlRecord) -> Void
    private(set) var entries: [Entry] = []
    /// The event being dispatched, for the hosts' tracking calls (nil when a timer releases a touch).
    private(set) var currentEvent: TouchEvent?

    init(clock: VirtualClock, emit: @escaping (ControlRecord) -> Void) {
        self.clock = clock
        self.emit = emit
    }

    var now: Double { clock.now }

    // MARK: Touches

    /// Takes the touches that changed in `event`, after the recognizers have seen them.
    func touchesChanged(_ changed: [Touch], in event: TouchEvent) {
        currentEvent = event
        defer { currentEvent = nil }
        for touch in changed {
            switch touch.phase {
            case .began: touchBegan(touch)
            case .moved:
                guard let entry = entry(for: touch), entry.delivered, !entry.endHeld else { continue }
                moved(entry)
            case .ended:
                guard let entry = entry(for: touch) else { continue }
                // A lift ends the content-touch delay: the scroll view hands the touch on at once.
                stopContentDelay(entry)
                if entry.delivered, blocker(entry, forBegan: false) == nil { ended(entry) } else { entry.endHeld = true }
            case .cancelled:
                guard let entry = entry(for: touch) else { continue }
                stopContentDelay(entry)
                if entry.delivered { cancelled(entry, by: nil) }
                entry.finished = true
            case .stationary:
                continue
            }
        }
        entries.removeAll { $0.finished }
    }

    private func entry(for touch: Touch) -> Entry? {
        for entry in entries where entry.touch === touch && !entry.finished { return entry }
        return nil
    }

    private func touchBegan(_ touch: Touch) {
        guard let control = touch.view?.enclosingControl, control.isEnabled,
            !entries.contains(where: { $0.control === control && !$0.finished && !$0.endHeld })
        else { return }
        // A touch that joins a gesture already begun that cancels touches in its view is that
        // gesture's from the start: the control never sees it (as DeliveryRouter has it).
        if touch.recognizers.contains(where: { r in
            r.cancelsTouchesInView && r.isReceiving && (r.observedState == .began || r.observedState == .changed)
        }) {
            return
        }
        if let knob = control.knobRect {
            let origin = control.windowOrigin
            control.knobAtTouchDown = Rect(x: knob.origin.x + origin.x, y: knob.origin.y + origin.y, width: knob.size.width, height: knob.size.height)
        }
        let entry = Entry(touch: touch, control: control)
        var delay = 0.0
        var ancestor = control.superview
        while let view = ancestor {
            if let scrollView = view as? ScrollView, scrollView.delaysContentTouches {
                entry.delayingScrollViews.append(scrollView)
                delay = max(delay, scrollView.thresholds.contentTouchDelay)
            }
            ancestor = view.superview
        }
        entries.append(entry)
        if !entry.delayingScrollViews.isEmpty {
            entry.delayTimer = clock.schedule(at: now + delay, owner: entry) { [unowned self, unowned entry] in
                entry.delayTimer = nil
                entry.delayingScrollViews = []
                releaseHolds()
            }
        }
        if entry.delayingScrollViews.isEmpty, blocker(entry, forBegan: true) == nil { handOn(entry) }
    }

    /// Sends the control `touchesBegan`, unless an enclosing scroll view's host answers no to
    /// `touchesShouldBegin(_:with:in:)` (the control then never sees the touch).
    private func handOn(_ entry: Entry) {
        var ancestor = entry.control.superview
        while let view = ancestor {
            if let scrollView = view as? ScrollView, let host = scrollView.scrollHost,
                !host.scrollView(scrollView, touchesShouldBegin: [entry.touch], with: currentEvent, in: entry.control)
            {
                entry.finished = true
                return
            }
            ancestor = view.superview
        }
        began(entry)
    }

    private func stopContentDelay(_ entry: Entry) {
        if let timer = entry.delayTimer { clock.cancel(timer) }
        entry.delayTimer = nil
        entry.delayingScrollViews = []
    }

    /// The recognizer that holds back this entry's next delivery, if any.
    private func blocker(_ entry: Entry, forBegan: Bool) -> GestureRecognizer? {
        for (r, cycle) in entry.receivers
        where r.resetCycle == cycle && r.isEnabled && r.observedState == .possible && r.logicalState != .failed {
            if forBegan ? r.delaysTouchesBegan : r.delaysTouchesEnded { return r }
        }
        return nil
    }

    /// Delivers what nothing holds back any more.
    func releaseHolds() {
        guard !entries.isEmpty else { return }
        for entry in entries where !entry.finished {
            if !entry.delivered {
                guard entry.delayingScrollViews.isEmpty, blocker(entry, forBegan: true) == nil else { continue }
                handOn(entry)
                if entry.finished { continue }
            }
            if entry.endHeld, blocker(entry, forBegan: false) == nil { ended(entry) }
        }
        entries.removeAll { $0.finished }
    }

    // MARK: Recognizers

    /// A recognizer is about to begin or recognize: with `cancelsTouchesInView` it cancels the
    /// tracking of its touches (or the control never sees them); a `touchesBegan` it held back
    /// (`delaysTouchesBegan`) is dropped; a `touchesEnded` it held back (`delaysTouchesEnded`)
    /// becomes a cancellation.
    func recognizerWillRecognize(_ r: GestureRecognizer) {
        for entry in entries where !entry.finished && entry.receivers.contains(where: { $0.recognizer === r && $0.cycle == r.resetCycle }) {
            if r.cancelsTouchesInView || (r.delaysTouchesBegan && !entry.delivered) {
                stopContentDelay(entry)
                if entry.delivered { cancelled(entry, by: r.name) }
                entry.finished = true
            } else if r.delaysTouchesEnded, entry.delivered, entry.endHeld {
                cancelled(entry, by: r.name)
                entry.finished = true
            }
        }
        for entry in entries { entry.receivers.removeAll { $0.recognizer === r } }
        entries.removeAll { $0.finished }
    }

    /// A recognizer failed: it holds nothing back any more.
    func recognizerDidFail(_ r: GestureRecognizer) {
        for entry in entries { entry.receivers.removeAll { $0.recognizer === r } }
    }

    /// Whether a control inside `scrollView` has been sent `touchesBegan` for a touch still down,
    /// and that control (the first such, if any).
    func trackingControl(inside scrollView: ScrollView) -> Control? {
        for entry in entries where !entry.finished && entry.delivered && entry.control.isDescendant(of: scrollView) {
            return entry.control
        }
        return nil
    }

    // MARK: Records

    func send(_ event: ControlEvent, _ entry: Entry, value: ControlValue? = nil, cancelledBy: String? = nil) {
        var record = ControlRecord(t: now, control: entry.control.name, kind: entry.control.kind, event: event, touches: [entry.touch.id])
        record.location = entry.location
        record.value = value
        record.cancelledBy = cancelledBy
        emit(record)
        if let host = entry.control.controlHost { host.control(entry.control, didSend: record, for: entry.touch, with: currentEvent) }
    }

    /// Sets the control's `isHighlighted`, telling its host when it changed.
    func highlight(_ control: Control, _ highlighted: Bool) {
        guard control.isHighlighted != highlighted else { return }
        control.isHighlighted = highlighted
        if let host = control.controlHost { host.controlDidChangeHighlight(control) }
    }

    /// Sends `valueChanged` with the control's value.
    func sendValueChanged(_ entry: Entry) {
        send(.valueChanged, entry, value: entry.control.reportedValue)
    }

    /// Schedules a repeating step of a held stepper half.
    func scheduleRepeat(_ entry: Entry, after delay: Double) {
        entry.state.repeatTimer = clock.schedule(at: now + delay, owner: entry) { [unowned self, unowned entry] in
            entry.state.repeatTimer = nil
            repeatStep(entry)
        }
    }

    func cancelRepeat(_ entry: Entry) {
        if let timer = entry.state.repeatTimer { clock.cancel(timer) }
        entry.state.repeatTimer = nil
    }
}
