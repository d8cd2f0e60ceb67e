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
        if let view = view(named: first) { return responderChain(from: view) }
        for (viewName, controller) in controllersByView where controller.name == first {
            let chain = responderChain(from: view(named: viewName))
            if let index = chain.firstIndex(where: { $0.name == first }) { return Array(chain[index...]) }
        }
        return responderChain(from: nil)
    }
}
