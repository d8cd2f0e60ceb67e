extension SceneDescription {
    /// The scene file of a screen built in code (`gesturectl scene --screen NAME`): its views with
    /// their frames and flags, controls and scroll views, controllers, and recognizers with their
    /// settings, failure requirements and prevention answers. A view of a class of its own is
    /// written with `"class"`, a recognizer of a class of its own with its kind (its host's
    /// ``RecognizerHost/kindName``), a delegate with `"delegate"` (its
    /// ``GestureRecognizerDelegate/sceneName``): the file reads back with a registry that registers
    /// those names, and `registry` resolves those it already registers.
    public init(describing screen: BuiltScreen, registry: RecognizerRegistry = RecognizerRegistry.current) {
        let window = screen.window
        self.init(views: window.subviews.map { ViewDescription(describing: $0, registry: registry) })
        var stack: [View] = window.subviews.reversed()
        while let view = stack.popLast() {
            if let controller = view.controllerName {
                controllers.append(ControllerDescription(name: controller, view: view.name, handles: view.controllerHandles))
            }
            stack.append(contentsOf: view.subviews.reversed())
        }
        firstResponder = window.firstResponderName
        let own = Set(screen.recognizers.compactMap { r in
            (r.view as? ScrollView).flatMap { $0.panGestureRecognizer === r || $0.pinchGestureRecognizer === r ? ObjectIdentifier(r) : nil }
        })
        for recognizer in screen.recognizers {
            // A scroll view's own recognizer is written only when the screen configures it.
            if own.contains(ObjectIdentifier(recognizer)),
                recognizer.failureRequirements.isEmpty, recognizer.delegate?.sceneName == nil, recognizer.preventSelection == .all,
                recognizer.preventedBySelection == .all
            {
                continue
            }
            recognizers.append(RecognizerDescription(describing: recognizer, window: window, registry: registry))
        }
    }
}

extension ViewDescription {
    /// The description of a live view and its subviews.
    init(describing view: View, registry: RecognizerRegistry) {
        self.init(name: view.name, frame: view.frame, children: view.subviews.map { ViewDescription(describing: $0, registry: registry) })
        for (_, target, source) in SceneBuilder.viewFlags { self[keyPath: target] = view[keyPath: source] }
        alpha = view.alpha
        handles = view.handles
        hitTest = view.hitTestRule
        hitInsets = view.hitInsets
        forwardsTo = view.forwardsTo
        transform = view.transform
        if let className = view.host?.sceneClassName {
            viewClass = registry.viewClass(className) ?? RegisteredViewClass(name: className) { name, frame in View(name: name, frame: frame) }
        }
        if let scrollView = view as? ScrollView { self.scrollView = scrollView.settings }
        if let control = view as? Control { self.control = control.describedSettings }
    }
}

extension Control {
    /// The control's settings as a scene describes them (its current value, state and page).
    var describedSettings: ControlDescription {
        var d = ControlDescription(kind: kind)
        d.enabled = isEnabled
        d.minimumValue = minimumValue
        d.maximumValue = maximumValue
        d.value = value
        d.continuous = isContinuous
        d.stepValue = stepValue
        d.autorepeat = autorepeat
        d.wraps = wraps
        d.on = isOn
        d.segments = segments
        d.selectedSegmentIndex = selectedSegmentIndex
        d.numberOfPages = numberOfPages
        d.currentPage = currentPage
        return d
    }
}

extension RecognizerDescription {
    /// The description of a live recognizer.
    init(describing r: GestureRecognizer, window: Window, registry: RecognizerRegistry) {
        self.init(name: r.name, kind: RecognizerKind(describing: r, registry: registry), view: r.view.map { $0 === window ? "window" : $0.name } ?? "window")
        enabled = r.isEnabled
        cancelsTouchesInView = r.cancelsTouchesInView
        delaysTouchesBegan = r.delaysTouchesBegan
        delaysTouchesEnded = r.delaysTouchesEnded
        requireToFail = r.failureRequirements.map(\.name)
        canPrevent = r.preventSelection
        canBePreventedBy = r.preventedBySelection
        let defaults = Thresholds()
        for name in Thresholds.names where r.thresholds[name] != defaults[name] {
            thresholds[name] = r.thresholds[name]
        }
        if let name = r.delegate?.sceneName {
            delegate = registry.delegate(name) ?? RegisteredDelegate(name: name) { UnregisteredDelegate() }
        }
    }
}

/// Stands for a delegate a screen names that the registry does not know: it answers UIKit's defaults.
private final class UnregisteredDelegate: GestureRecognizerDelegate {}

extension RecognizerKind {
    /// The kind of a live recognizer: its host's registered kind, or the built-in kind of its class
    /// with its settings.
    init(describing r: GestureRecognizer, registry: RecognizerRegistry) {
        if let name = r.host?.kindName {
            self = .named(name, in: registry)
            return
        }
        switch r {
        case let tap as TapGestureRecognizer:
            self = .tap(numberOfTapsRequired: tap.numberOfTapsRequired, numberOfTouchesRequired: tap.numberOfTouchesRequired)
        case let press as LongPressGestureRecognizer:
            self = .longPress(
                minimumPressDuration: press.minimumPressDuration, allowableMovement: press.allowableMovement,
                numberOfTouchesRequired: press.numberOfTouchesRequired, numberOfTapsRequired: press.numberOfTapsRequired)
        case let edge as ScreenEdgePanGestureRecognizer:
            self = .screenEdgePan(edges: edge.edges)
        case let pan as PanGestureRecognizer:
            self = .pan(minimumNumberOfTouches: pan.minimumNumberOfTouches, maximumNumberOfTouches: pan.maximumNumberOfTouches)
        case let swipe as SwipeGestureRecognizer:
            self = .swipe(direction: swipe.direction, numberOfTouchesRequired: swipe.numberOfTouchesRequired)
        case is PinchGestureRecognizer:
            self = .pinch
        case is RotationGestureRecognizer:
            self = .rotation
        case let template as TemplateGestureRecognizer:
            self = .template(templates: template.templates, minimumScore: template.minimumScore)
        case is CheckmarkGestureRecognizer:
            self = .checkmark
        default:
            self = .named(r.kindName, in: registry)
        }
    }

    /// The registered kind `name`, or a stand-in that names it (a scene file with it reads back
    /// with a registry that registers it).
    private static func named(_ name: String, in registry: RecognizerRegistry) -> RecognizerKind {
        .custom(registry.kind(name, settings: [:]) ?? CustomKind(name: name, settings: [:]) { _ throws(SettingError) in
            throw SettingError(key: nil, "kind \"\(name)\" is not registered")
        })
    }
}
