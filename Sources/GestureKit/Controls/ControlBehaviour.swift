/// A control's tracking of one touch (`beginTracking`, `continueTracking`, `endTracking`,
/// `cancelTracking`) and the events it sends.
struct TrackingState {
    /// Whether `beginTracking` accepted the touch (a slider only tracks a touch on its knob).
    var tracking = false
    /// Whether a host's `beginTracking` or `continueTracking` said no where the engine tracks: the
    /// control then sends nothing more for the touch.
    var refused = false
    /// Whether the touch was inside (the bounds widened by `controlTouchSlop`) at the last event.
    var inside = true
    /// Where the touch began, in the control's coordinates.
    var start = Point.zero
    /// The control's value when tracking began (slider).
    var startValue = 0.0
    /// The farthest the touch has moved from where it began.
    var farthest = 0.0
    /// A value change not yet sent (`continuous: false`).
    var valueChangePending = false
    /// Stepper: the half held, -1 or +1.
    var stepDirection = 0.0
    /// Stepper: the autorepeat timer.
    var repeatTimer: Int?
}

extension ControlTracker {
    /// `touchesBegan`: `beginTracking` (the host's answer when there is one), then `touchDown` (and
    /// `touchDownRepeat` for a later tap of a multi-tap); a stepper steps.
    func began(_ entry: Entry) {
        entry.delivered = true
        let control = entry.control
        let p = entry.location
        entry.state.start = p
        entry.state.startValue = control.value
        entry.state.inside = true
        let tracks = control.kind == .slider ? control.knobRect?.contains(p) ?? false : true
        var accepted = tracks
        if let host = control.controlHost {
            accepted = host.control(control, beginTracking: entry.touch, with: currentEvent, defaultAnswer: tracks)
        }
        entry.state.tracking = accepted
        entry.state.refused = tracks && !accepted
        control.isTracking = accepted
        control.isTouchInside = true
        highlight(control, !entry.state.refused)
        guard !entry.state.refused else { return }
        send(.touchDown, entry)
        if entry.touch.tapCount > 1 { send(.touchDownRepeat, entry) }
        if control.kind == .stepper, accepted {
            entry.state.stepDirection = p.x < control.bounds.size.width / 2 ? -1 : 1
            step(entry)
            if control.autorepeat { scheduleRepeat(entry, after: control.thresholds.stepperAutorepeatDelay) }
        }
    }

    /// `touchesMoved`: `touchDragEnter`/`Exit` when the touch crosses the widened bounds, otherwise
    /// `touchDragInside`/`Outside`; a tracked slider's value follows the finger.
    func moved(_ entry: Entry) {
        let control = entry.control
        let p = entry.location
        let wasInside = entry.state.inside
        let inside = control.isTouchInside(p)
        entry.state.inside = inside
        if entry.state.tracking, let host = control.controlHost, !host.control(control, continueTracking: entry.touch, with: currentEvent) {
            entry.state.tracking = false
            entry.state.refused = true
            control.isTracking = false
        }
        guard !entry.state.refused else { return }
        control.isTouchInside = inside
        highlight(control, inside)
        entry.state.farthest = max(entry.state.farthest, p.distance(to: entry.state.start))
        if inside {
            send(wasInside ? .touchDragInside : .touchDragEnter, entry)
        } else {
            send(wasInside ? .touchDragExit : .touchDragOutside, entry)
        }
        guard entry.state.tracking else { return }
        switch control.kind {
        case .slider:
            followKnob(entry, to: p)
        case .stepper:
            // Leaving the half held stops the repeat.
            let direction: Double = p.x < control.bounds.size.width / 2 ? -1 : 1
            if direction != entry.state.stepDirection || !control.bounds.contains(p) { cancelRepeat(entry) }
        default:
            break
        }
    }

    /// A tracked slider's knob follows the finger along the track; the value with it.
    private func followKnob(_ entry: Entry, to p: Point) {
        let control = entry.control
        let travel = control.bounds.size.width - min(control.thresholds.sliderKnobWidth, control.bounds.size.width)
        let range = control.maximumValue - control.minimumValue
        let proposed = travel > 0 ? entry.state.startValue + (p.x - entry.state.start.x) / travel * range : control.value
        let value = min(max(proposed, control.minimumValue), control.maximumValue)
        guard value != control.value else { return }
        control.value = value
        if control.isContinuous { sendValueChanged(entry) } else { entry.state.valueChangePending = true }
    }

    /// `touchesEnded`: `endTracking` (a switch toggles, a segmented control or page control selects,
    /// a slider or stepper sends its pending change), then `touchUpInside`/`Outside`, and for a
    /// button `primaryActionTriggered`.
    func ended(_ entry: Entry) {
        entry.finished = true
        let control = entry.control
        let p = entry.location
        let inside = control.isTouchInside(p)
        cancelRepeat(entry)
        highlight(control, false)
        defer {
            control.isTracking = false
            control.isTouchInside = false
        }
        guard !entry.state.refused else { return }
        control.isTouchInside = inside
        if entry.state.tracking {
            if let host = control.controlHost { host.control(control, endTracking: entry.touch, with: currentEvent) }
            endTracking(entry, at: p, inside: inside)
        }
        send(inside ? .touchUpInside : .touchUpOutside, entry)
        if inside, control.kind == .button { send(.primaryActionTriggered, entry) }
    }

    private func endTracking(_ entry: Entry, at p: Point, inside: Bool) {
        let control = entry.control
        let width = control.bounds.size.width
        switch control.kind {
        case .switch:
            let on: Bool
            if entry.state.farthest < control.thresholds.switchDragThreshold {
                on = inside ? !control.isOn : control.isOn
            } else {
                // The knob went where the finger took it; the switch settles on the nearer side.
                let knob = min(control.thresholds.switchKnobWidth, width)
                let startCenter = control.isOn ? width - knob / 2 : knob / 2
                on = startCenter + (p.x - entry.state.start.x) > width / 2
            }
            if on != control.isOn {
                control.isOn = on
                sendValueChanged(entry)
            }
        case .segmentedControl:
            guard control.bounds.contains(p), width > 0 else { return }
            let index = min(control.segments - 1, max(0, Int(p.x / (width / Double(control.segments)))))
            if index != control.selectedSegmentIndex {
                control.selectedSegmentIndex = index
                sendValueChanged(entry)
            }
        case .pageControl:
            guard control.bounds.contains(p), control.numberOfPages > 0 else { return }
            let page = min(control.numberOfPages - 1, max(0, control.currentPage + (p.x < width / 2 ? -1 : 1)))
            if page != control.currentPage {
                control.currentPage = page
                sendValueChanged(entry)
            }
        case .slider:
            // A lift away from the last move still moves the knob there.
            if entry.touch.windowLocation != entry.touch.previousWindowLocation { followKnob(entry, to: p) }
            if entry.state.valueChangePending { sendValueChanged(entry) }
        case .stepper:
            if entry.state.valueChangePending { sendValueChanged(entry) }
        case .button, .control:
            break
        }
        entry.state.valueChangePending = false
    }

    /// `touchesCancelled`: `touchCancel`; a pending value change is dropped with the tracking.
    func cancelled(_ entry: Entry, by recognizer: String?) {
        cancelRepeat(entry)
        entry.state.valueChangePending = false
        let control = entry.control
        highlight(control, false)
        defer {
            control.isTracking = false
            control.isTouchInside = false
        }
        guard !entry.state.refused else { return }
        if entry.state.tracking, let host = control.controlHost { host.control(control, cancelTrackingWith: currentEvent) }
        send(.touchCancel, entry, cancelledBy: recognizer)
    }

    /// One step of a stepper in the half held.
    private func step(_ entry: Entry) {
        let control = entry.control
        guard let next = control.stepped(entry.state.stepDirection) else { return }
        control.value = next
        if control.isContinuous { sendValueChanged(entry) } else { entry.state.valueChangePending = true }
    }

    /// The stepper's autorepeat: another step, and the next one scheduled.
    func repeatStep(_ entry: Entry) {
        guard !entry.finished else { return }
        step(entry)
        // An interval of 0 (a scene's override) would repeat without end at one instant: one step only.
        let interval = entry.control.thresholds.stepperAutorepeatInterval
        if interval > 0 { scheduleRepeat(entry, after: interval) }
    }
}
