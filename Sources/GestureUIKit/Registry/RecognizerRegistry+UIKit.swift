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
        register(delegate: name) { onMainActor(()) { _ in DelegateBridge(keeping: factory()) } }
    }
}
