/// The recognizer kinds and delegates a team adds to scene files: kind name → factory taking the
/// scene entry's own settings, delegate name → factory.
///
/// ```swift
/// var registry = RecognizerRegistry()
/// registry.register(kind: "twoFingerTap") { settings in TwoFingerTap(name: settings.name) }
/// try RecognizerRegistry.$current.withValue(registry) {
///     let scene = try SceneLoader.load(path: "scene.json")   // may name "kind": "twoFingerTap"
/// }
/// ```
///
/// The scene decoder looks kinds up in ``current`` (a task-local value, so tests running side by side
/// each see their own); GestureUIKit adds `register(kind:settings:_:)` for `UIGestureRecognizer`
/// subclasses and `register(delegate:_:)` for `UIGestureRecognizerDelegate` classes.
public struct RecognizerRegistry: Sendable {
    /// Makes a recognizer from a scene entry's settings; throws for a setting it cannot use.
    public typealias Factory = @Sendable (RecognizerSettings) throws(SettingError) -> GestureRecognizer
    /// Makes a delegate for one recognizer.
    public typealias DelegateFactory = @Sendable () -> any GestureRecognizerDelegate
    /// Makes a scene's view of a registered class, given the view's name and frame.
    public typealias ViewFactory = @Sendable (String, Rect) -> View
    /// Builds a registered screen.
    public typealias ScreenFactory = @Sendable () -> BuiltScreen

    /// A registered kind: the setting keys its entries may have and its factory.
    public struct Kind: Sendable {
        /// The keys a scene entry of this kind may have besides the common ones.
        public var settingKeys: [String]
        /// Makes the recognizer.
        public var factory: Factory
    }

    /// Registered kinds by name.
    public private(set) var kinds: [String: Kind] = [:]
    /// Registered delegates by name.
    public private(set) var delegates: [String: DelegateFactory] = [:]
    /// Registered view classes by name.
    public private(set) var viewClasses: [String: ViewFactory] = [:]
    /// Registered screens by name.
    public private(set) var screens: [String: ScreenFactory] = [:]

    /// The registry scene files are decoded with (empty unless a caller binds one).
    @TaskLocal public static var current = RecognizerRegistry()

    /// Creates an empty registry.
    public init() {}

    /// Registers (or replaces) a kind; `settings` lists the keys its scene entries may have besides
    /// the common recognizer keys. A name of a built-in kind (`pan`, …) replaces the built-in.
    public mutating func register(kind name: String, settings: [String] = [], _ factory: @escaping Factory) {
        kinds[name] = Kind(settingKeys: settings, factory: factory)
    }

    /// Registers (or replaces) a delegate that scenes name with `"delegate": name`.
    public mutating func register(delegate name: String, _ factory: @escaping DelegateFactory) {
        delegates[name] = factory
    }

    /// Registers (or replaces) a view class that scene views name with `"class": name`.
    public mutating func register(viewClass name: String, _ factory: @escaping ViewFactory) {
        viewClasses[name] = factory
    }

    /// Registers (or replaces) a screen built in code, which `--scene name` (and a trace's
    /// `"scene": name`) runs in place of a scene file.
    public mutating func register(screen name: String, _ factory: @escaping ScreenFactory) {
        screens[name] = factory
    }

    /// The view class `name`, or nil when it is not registered.
    public func viewClass(_ name: String) -> RegisteredViewClass? {
        viewClasses[name].map { RegisteredViewClass(name: name, factory: $0) }
    }

    /// The screen `name` as a scene, or nil when it is not registered.
    public func screen(_ name: String) -> SceneDescription? {
        screens[name].map { SceneDescription(screen: RegisteredScreen(name: name, factory: $0)) }
    }

    /// The kind `name` with one entry's settings, or nil when it is not registered.
    public func kind(_ name: String, settings: [String: SettingValue]) -> CustomKind? {
        kinds[name].map { CustomKind(name: name, settings: settings, factory: $0.factory) }
    }

    /// The delegate `name`, or nil when it is not registered.
    public func delegate(_ name: String) -> RegisteredDelegate? {
        delegates[name].map { RegisteredDelegate(name: name, factory: $0) }
    }
}

extension RecognizerKind {
    /// The kind's settings as a scene entry spells them (what a registered factory receives).
    public var settings: [String: SettingValue] {
        func n(_ value: Int) -> SettingValue { .number(Double(value)) }
        switch self {
        case let .tap(taps, touches):
            return ["numberOfTapsRequired": n(taps), "numberOfTouchesRequired": n(touches)]
        case let .longPress(duration, movement, touches, taps):
            return [
                "minimumPressDuration": .number(duration), "allowableMovement": .number(movement),
                "numberOfTouchesRequired": n(touches), "numberOfTapsRequired": n(taps),
            ]
        case let .pan(minimum, maximum):
            var settings = ["minimumNumberOfTouches": n(minimum)]
            if maximum != Int.max { settings["maximumNumberOfTouches"] = n(maximum) }
            return settings
        case .screenEdgePan(let edges):
            return ["edges": .array(ScreenEdge.allCases.filter(edges.contains).map { .string($0.rawValue) })]
        case let .swipe(directions, touches):
            return [
                "direction": .array(SwipeDirection.allCases.filter(directions.contains).map { .string($0.rawValue) }),
                "numberOfTouchesRequired": n(touches),
            ]
        case .pinch, .rotation, .checkmark:
            return [:]
        case let .template(templates, minimumScore):
            let list = templates.map { t -> SettingValue in
                .object(["name": .string(t.name), "points": .array(t.points.map { .array([.number($0.x), .number($0.y)]) })])
            }
            return ["templates": .array(list), "minimumScore": .number(minimumScore)]
        case .custom(let kind):
            return kind.settings
        }
    }
}

extension SceneDescription {
    /// The scene with every built-in kind that `registry` registers a kind of the same name for
    /// replaced by the registered one (with the entry's settings): how the scene `analyze` uses
    /// for a trace that names none follows a registry, as scene files do.
    public func replacingBuiltInKinds(with registry: RecognizerRegistry) -> SceneDescription {
        guard !registry.kinds.isEmpty else { return self }
        var scene = self
        for index in scene.recognizers.indices {
            let kind = scene.recognizers[index].kind
            if case .custom = kind { continue }
            if let registered = registry.kind(kind.name, settings: kind.settings) {
                scene.recognizers[index].kind = .custom(registered)
            }
        }
        return scene
    }
}
