extension Engine {
    /// Sets up the engine for a window with hosted views (``View/host``; ``hostsViews``, which also
    /// routes touches to the responders whether or not deliveries are reported, since the hosts'
    /// touch methods run on them): the hosts answer `gestureRecognizerShouldBegin(_:)`. A window
    /// without hosted views keeps none of it.
    func installViewHosts() {
        environment.viewsShouldBegin = { [unowned self] r in hostRefusal(of: r) }
    }

    /// Why a hosted view refuses to let `r` begin (its `gestureRecognizerShouldBegin(_:)`), or nil:
    /// the recognizer's view is asked, then the hit-test view of each of its touches (once each).
    func hostRefusal(of r: GestureRecognizer) -> String? {
        var asked: [View] = []
        func refuses(_ view: View?) -> String? {
            guard let view, let host = view.host, !asked.contains(where: { $0 === view }) else { return nil }
            asked.append(view)
            return host.view(view, shouldBegin: r) ? nil : "\(view.name)'s gestureRecognizerShouldBegin(_:) answered no"
        }
        if let reason = refuses(r.view) { return reason }
        for touch in r.touches {
            if let reason = refuses(touch.view) { return reason }
        }
        return nil
    }
}
