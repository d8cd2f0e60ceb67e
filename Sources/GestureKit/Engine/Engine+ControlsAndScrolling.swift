extension Engine {
    /// Whether the scene has controls or scroll views (their records may then appear).
    public var hasControlsOrScrollViews: Bool { controls != nil }

    /// Sets up the view side of controls and scroll views when the window has any: the control
    /// tracker, scrolling, and the views' answers to `gestureRecognizerShouldBegin(_:)`. A scene
    /// without them keeps none of it, and the engine's loop does no more than check for nil.
    func installControlsAndScrolling() {
        var hasControls = false
        var scrollViews: [ScrollView] = []
        var stack: [View] = [window]
        while let view = stack.popLast() {
            if view is Control { hasControls = true }
            if let scrollView = view as? ScrollView { scrollViews.append(scrollView) }
            stack.append(contentsOf: view.subviews)
        }
        if hostsViews { installViewHosts() }
        guard hasControls || !scrollViews.isEmpty else { return }
        controls = ControlTracker(clock: environment.clock) { [unowned self] record in report(.control(record)) }
        if !scrollViews.isEmpty {
            let scrolling = ScrollCoordinator(clock: environment.clock) { [unowned self] record in report(.scroll(record)) }
            self.scrolling = scrolling
            for scrollView in scrollViews {
                scrollView.coordinator = scrolling
                scrollView.nameOwnRecognizers()
            }
            environment.didObserveTransition = { r, state in scrolling.recognizer(r, didEnter: state) }
        }
        environment.viewsShouldBegin = hostsViews
            ? { [unowned self] r in hostRefusal(of: r) ?? refusal(of: r) }
            : { [unowned self] r in refusal(of: r) }
    }

    /// Why a view refuses to let `r` begin (`gestureRecognizerShouldBegin(_:)` of the controls its
    /// touches are on, or of the scroll view whose pan it is), or nil.
    private func refusal(of r: GestureRecognizer) -> String? {
        for touch in r.touches {
            if let control = touch.view?.enclosingControl, let reason = control.refusal(of: r) { return reason }
        }
        guard let pan = r as? ScrollViewPanGestureRecognizer, let scrollView = pan.scrollView else { return nil }
        guard let control = controls?.trackingControl(inside: scrollView) else {
            // A plain content view tracks a touch once its touchesBegan is due: at once, or after the
            // content-touch delay (touchesShouldCancel(in:) answers true for it, so only
            // canCancelContentTouches can refuse).
            guard !scrollView.settings.canCancelContentTouches, let view = trackingContentView(of: pan, inside: scrollView) else { return nil }
            return "\(view.name) is tracking the touch and \(scrollView.name)'s canCancelContentTouches is false"
        }
        if !scrollView.settings.canCancelContentTouches {
            return "\(control.name) is tracking the touch and \(scrollView.name)'s canCancelContentTouches is false"
        }
        if !scrollView.touchesShouldCancel(in: control) {
            return "\(control.name) is tracking the touch and \(scrollView.name)'s touchesShouldCancel(in:) answered false for it, a control"
        }
        return nil
    }

    /// A view inside `scrollView` (not a control, which the control tracker follows, nor a scroll
    /// view) that has been sent `touchesBegan` for one of the pan's touches still down: the content
    /// touch delay, if any, is over.
    private func trackingContentView(of pan: ScrollViewPanGestureRecognizer, inside scrollView: ScrollView) -> View? {
        for touch in pan.touches where !touch.phase.isTerminal {
            guard let view = touch.view, view !== scrollView, !(view is ScrollView), view.isDescendant(of: scrollView),
                view.enclosingControl == nil
            else { continue }
            let delay = view.contentTouchDelay?.delay ?? 0
            if now - touch.startTime >= delay - VirtualClock.tolerance(near: now) { return view }
        }
        return nil
    }
}
