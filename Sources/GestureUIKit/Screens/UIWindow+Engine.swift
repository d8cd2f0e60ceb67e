import GestureKit

extension Engine {
    /// Runs a screen built in UIKit code: `window`'s views, view controllers and the recognizers
    /// attached to them (the scroll views' own first, then the rest in tree order, as a scene file's).
    ///
    /// Views are named for records as they are for `scene --screen`: by `accessibilityIdentifier`,
    /// else after their class (`view`, `sheetView`), with `2`, `3`, … added to a name already used;
    /// view controllers by `title`, else after their class.
    @MainActor
    public convenience init(screen window: UIWindow, options: EngineOptions = EngineOptions()) {
        window.prepareForEngine()
        let core = window.engineWindow ?? Window(screen: window.core.frame.size)
        self.init(window: core, recognizers: core.recognizersInSceneOrder, options: options)
    }
}

extension UIWindow {
    /// Gives every view a unique name, registers the view controllers with the engine's window, and
    /// has the recognizers of the app's own classes report their class as their kind.
    func prepareForEngine() {
        guard let core = engineWindow else { return }
        var used: Set<String> = ["window", "application"]
        var stack: [View] = core.subviews.reversed()
        reportAppKinds(of: core)
        while let view = stack.popLast() {
            let base = view.name.isEmpty ? "view" : view.name
            var name = base
            var index = 2
            while used.contains(name) {
                name = "\(base)\(index)"
                index += 1
            }
            used.insert(name)
            if let scrollView = view as? ScrollView {
                // The scroll view's own recognizers are named after it (`NAME.pan`, `NAME.pinch`).
                for (recognizer, suffix) in [(scrollView.panGestureRecognizer, ".pan"), (scrollView.pinchGestureRecognizer, ".pinch")] {
                    if let recognizer, recognizer.name == view.name + suffix { recognizer.name = name + suffix }
                }
            }
            view.name = name
            reportAppKinds(of: view)
            stack.append(contentsOf: view.subviews.reversed())
        }
        stack = core.subviews.reversed()
        while let view = stack.popLast() {
            if let controller = (view.compatibilityObject as? UIView)?.owningController {
                var name = controller.responderName
                var index = 2
                while used.contains(name) {
                    name = "\(controller.responderName)\(index)"
                    index += 1
                }
                used.insert(name)
                controller.registeredName = name
                core.addController(named: name, for: view)
            }
            stack.append(contentsOf: view.subviews.reversed())
        }
    }

    /// Has the recognizers of `view` that are of the app's own classes report their class as their kind.
    private func reportAppKinds(of view: View) {
        for recognizer in view.gestureRecognizers {
            guard let link = recognizer.host as? CoreLink, link.kindName == nil, let owner = link.owner else { continue }
            link.kindName = appClassName(of: owner)
        }
    }
}
