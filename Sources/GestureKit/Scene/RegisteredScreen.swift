/// A view class a team registered (``RecognizerRegistry/register(viewClass:_:)``), named by a scene
/// view's `"class"` key: the scene's view is made through it, so the class's overrides (hit-testing,
/// `gestureRecognizerShouldBegin`, touch methods) run.
///
/// Two are equal when they have the same name.
public struct RegisteredViewClass: Hashable, Sendable {
    /// The name the scene uses.
    public let name: String
    /// Makes the engine view (hosted by the class's object) named and framed as the scene says.
    let factory: RecognizerRegistry.ViewFactory

    /// Creates a reference to a registered view class.
    public init(name: String, factory: @escaping RecognizerRegistry.ViewFactory) {
        self.name = name
        self.factory = factory
    }

    /// Makes a view named `viewName` with `frame`.
    public func make(named viewName: String, frame: Rect) -> View { factory(viewName, frame) }

    public static func == (a: RegisteredViewClass, b: RegisteredViewClass) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// A screen a team built in code and registered by name (``RecognizerRegistry/register(screen:_:)``):
/// `--scene NAME`, a trace's `"scene": "NAME"` and ``SceneDescription/screen`` run it in place of a
/// scene file.
///
/// Two are equal when they have the same name.
public struct RegisteredScreen: Hashable, Sendable {
    /// The name the screen is registered under.
    public let name: String
    /// Builds a new copy of the screen (each replay gets its own).
    let factory: RecognizerRegistry.ScreenFactory

    /// Creates a reference to a registered screen.
    public init(name: String, factory: @escaping RecognizerRegistry.ScreenFactory) {
        self.name = name
        self.factory = factory
    }

    /// Builds a new copy of the screen.
    public func make() -> BuiltScreen { factory() }

    public static func == (a: RegisteredScreen, b: RegisteredScreen) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// A screen built in code, ready for an engine: its window, the recognizers in the order they are
/// considered, and the objects the engine must keep alive (delegates, which recognizers hold weakly).
public struct BuiltScreen {
    /// The window, with the screen's views.
    public var window: Window
    /// The recognizers, in the order they are considered.
    public var recognizers: [GestureRecognizer]
    /// Objects kept alive for as long as the engine runs the screen.
    public var retained: [AnyObject]

    /// Creates a built screen.
    public init(window: Window, recognizers: [GestureRecognizer], retained: [AnyObject] = []) {
        self.window = window
        self.recognizers = recognizers
        self.retained = retained
    }
}
