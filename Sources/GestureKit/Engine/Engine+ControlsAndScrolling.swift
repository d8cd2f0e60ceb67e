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
        controls = ControlTracker(clock: environment.clock) { [unowned self] record in onRecord(.control(record)) }
        if !scrollViews.isEmpty {
            let scrolling = ScrollCoordinator(clock: environment.clock) { [unowned self] record in onRecord(.scroll(record)) }
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
        guard let pan = r as? ScrollViewPanGestureRecognizer, let scrollView = pan.scrollView,
            let control = controls?.trackingControl(inside: scrollView)
        else { return nil }
        if !scrollView.settings.canCancelContentTouches {
            return "\(control.name) is tracking the touch and \(scrollView.name)'s canCancelContentTouches is false"
        }
        if !scrollView.touchesShouldCancel(in: control) {
            return "\(control.name) is tracking the touch and \(scrollView.name)'s touchesShouldCancel(in:) answered false for it, a control"
        }
        return nil
    }
}
