import GestureKit

extension RecognizerRegistry {
    /// Registers a kind made by a `UIGestureRecognizer` subclass: scene entries of kind `name` get
    /// the object `factory` returns (given the entry's settings), under the entry's name, with records
    /// reporting `kind` `name`. A pan, screen-edge pan, pinch or rotation takes the scene's velocity
    /// estimator.
    ///
    /// ```swift
    /// registry.register(uiKind: "verticalPan", settings: ["direction"]) { settings in
    ///     let pan = VerticalPan()
    ///     pan.downOnly = try settings.oneOf("direction", ["up", "down", "both"], default: "both") == "down"
    ///     return pan
    /// }
    /// ```
    public mutating func register(
        uiKind name: String, settings: [String] = [],
        _ factory: @escaping @MainActor @Sendable (RecognizerSettings) throws(SettingError) -> UIGestureRecognizer
    ) {
        register(kind: name, settings: settings) { (settings: RecognizerSettings) throws(SettingError) -> GestureRecognizer in
            let core = try onMainActor(settings) { (settings) throws(SettingError) -> GestureRecognizer in
                let recognizer = try factory(settings)
                recognizer.link?.kindName = name
                return recognizer.core
            }
            core.name = settings.name
            if let pan = core as? PanGestureRecognizer { pan.estimator = settings.velocityEstimator }
            if let pair = core as? TwoTouchGestureRecognizer { pair.estimator = settings.velocityEstimator }
            return core
        }
    }

    /// Registers a `UIGestureRecognizerDelegate` class that scenes name with `"delegate": name`:
    /// each recognizer naming it gets a new one from `factory`, kept alive by the engine.
    public mutating func register(
        uiDelegate name: String, _ factory: @escaping @MainActor @Sendable () -> any UIGestureRecognizerDelegate
    ) {
        register(delegate: name) { onMainActor(()) { _ in DelegateBridge(keeping: factory(), name: name) } }
    }
}

extension RecognizerRegistry {
    /// Registers a `UIView` subclass that scene views name with `"class": name`: each such view is
    /// the object `factory` returns, named and framed as the scene says, so its overrides of
    /// `hitTest(_:with:)`, `point(inside:with:)`, `gestureRecognizerShouldBegin(_:)` and the touch
    /// methods run. Scene keys set only what they name; the rest keep what the class's `init` set.
    ///
    /// ```swift
    /// registry.register(uiView: "GrabberView") { GrabberView(frame: .zero) }
    /// ```
    public mutating func register(uiView name: String, _ factory: @escaping @MainActor @Sendable () -> UIView) {
        register(viewClass: name) { viewName, frame in
            onMainActor((viewName, frame)) { viewName, frame in
                let view = factory()
                view.core.name = viewName
                view.core.frame = frame
                return view.core
            }
        }
    }

    /// Registers a screen built in UIKit code: `--scene name` (and `Replay`, and a trace's
    /// `"scene": name`) runs the window `factory` returns, a new one for each replay, with its views,
    /// view controllers, recognizers, failure requirements and delegates, in place of a scene file.
    /// `gesturectl scene --screen name` writes it as a scene file. See ``Engine/init(screen:options:)``
    /// for how its views are named in records.
    ///
    /// ```swift
    /// registry.register(screen: "sheetOverList") { SheetScreen().window }
    /// ```
    public mutating func register(screen name: String, _ factory: @escaping @MainActor @Sendable () -> UIWindow) {
        register(screen: name) { () -> BuiltScreen in
            onMainActor(()) { _ in
                let window = factory()
                window.prepareForEngine()
                let core = window.engineWindow ?? Window(screen: window.core.frame.size)
                return BuiltScreen(window: core, recognizers: core.recognizersInSceneOrder, retained: [window])
            }
        }
    }
}
