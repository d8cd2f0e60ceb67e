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

    /// The kind `name` with one entry's settings, or nil when it is not registered.
    public func kind(_ name: String, settings: [String: SettingValue]) -> CustomKind? {
        kinds[name].map { CustomKind(name: name, settings: settings, factory: $0.factory) }
    }

    /// The delegate `name`, or nil when it is not registered.
    public func delegate(_ name: String) -> RegisteredDelegate? {
        delegates[name].map { RegisteredDelegate(name: name, factory: $0) }
    }
}
