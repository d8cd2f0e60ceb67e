/// The window: the root of the view tree, the last view of every responder chain before the application.
///
/// Root views are its subviews, back to front. A touch that hits no view lands on the window.
/// Recognizers attached to the window see every touch.
public final class Window: View {
    /// Controllers by the name of their view.
    var controllersByView: [String: (name: String, handles: Set<HandledEvents>)] = [:]
    /// The responder that receives motion and remote-control events first.
    public var firstResponderName: String?

    /// Creates a window covering the screen.
    public init(screen: Size = .defaultScreen) {
        super.init(name: "window", frame: Rect(x: 0, y: 0, width: screen.width, height: screen.height))
        isMultipleTouchEnabled = true
        handles = []
    }

    /// Adds a view controller in the responder chain between `view` and its superview.
    public func addController(named name: String, for view: View, handles: Set<HandledEvents> = []) {
        controllersByView[view.name] = (name, handles)
        view.controllerName = name
        view.controllerHandles = handles
    }

    /// Finds a view by name.
    public func view(named name: String) -> View? {
        var stack: [View] = [self]
        while let view = stack.popLast() {
            if view.name == name { return view }
            stack.append(contentsOf: view.subviews)
        }
        return nil
    }

    /// The responder chain from `view` up: views and controllers, then `window` and `application`,
    /// each with the events it handles.
    func responderChain(from view: View?) -> [(name: String, handles: Set<HandledEvents>)] {
        var chain: [(name: String, handles: Set<HandledEvents>)] = []
        var current = view
        while let v = current, v !== self {
            chain.append((v.name, v.handles))
            if let controller = v.controllerName { chain.append((controller, v.controllerHandles)) }
            current = v.superview
        }
        chain.append(("window", handles))
        chain.append(("application", Set(HandledEvents.allCases)))
        return chain
    }

    /// The chain for motion and remote-control events: from the first responder (a view or a
    /// controller), or from the window when there is none.
    func eventChain() -> [(name: String, handles: Set<HandledEvents>)] {
        guard let first = firstResponderName else { return responderChain(from: nil) }
        return responderChain(fromResponder: first)
    }

    /// The responder chain from the responder named `name` (a view, a controller, `window` or
    /// `application`) up; from the window when no responder has that name.
    func responderChain(fromResponder name: String) -> [(name: String, handles: Set<HandledEvents>)] {
        if let view = view(named: name), view !== self { return responderChain(from: view) }
        if let view = controllerView(named: name) {
            let chain = responderChain(from: view)
            if let index = chain.firstIndex(where: { $0.name == name }) { return Array(chain[index...]) }
        }
        let chain = responderChain(from: nil)
        return Array(chain[(chain.firstIndex { $0.name == name } ?? 0)...])
    }

    /// The view of the controller named `name`, if there is one.
    func controllerView(named name: String) -> View? {
        for (viewName, controller) in controllersByView where controller.name == name { return view(named: viewName) }
        return nil
    }

    /// The recognizers attached to the window and its views, in the order a scene file's would be
    /// considered: the scroll views' own (`NAME.pan`, `NAME.pinch`) first, then the others, each
    /// group in tree order (a view before its subviews, subviews back to front, each view's
    /// recognizers in the order added). What a screen built in code runs with.
    public var recognizersInSceneOrder: [GestureRecognizer] {
        var own: [GestureRecognizer] = []
        var others: [GestureRecognizer] = []
        var stack: [View] = [self]
        while let view = stack.popLast() {
            for recognizer in view.gestureRecognizers {
                if let scrollView = view as? ScrollView,
                    recognizer === scrollView.panGestureRecognizer || recognizer === scrollView.pinchGestureRecognizer
                {
                    own.append(recognizer)
                } else {
                    others.append(recognizer)
                }
            }
            stack.append(contentsOf: view.subviews.reversed())
        }
        return own + others
    }
}
