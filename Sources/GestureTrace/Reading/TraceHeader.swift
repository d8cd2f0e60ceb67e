import GestureKit

/// What a trace says about itself besides its samples: format version, screen size and scene.
public struct TraceHeader: Hashable, Sendable {
    /// The `gesturectl` format version when the trace gives one (always 1: other versions are errors).
    public var version: Int?
    /// The screen size when the trace gives one; nil means the default, `Size.defaultScreen`.
    public var screen: Size?
    /// The trace's scene when it names one.
    public var scene: SceneReference?

    /// Creates a header.
    public init(version: Int? = nil, screen: Size? = nil, scene: SceneReference? = nil) {
        self.version = version
        self.screen = screen
        self.scene = scene
    }

    /// The screen size, or the default screen when the trace gives none.
    public var screenOrDefault: Size { screen ?? .defaultScreen }
}

/// The scene a trace names: inline, or by a path relative to the trace file.
public enum SceneReference: Hashable, Sendable {
    /// An inline scene value (normally an object), positioned in the trace file.
    case inline(Located<JSONValue>)
    /// A path as written, relative to the trace file's directory, with the position of its string.
    case path(String, SourcePosition)
}

/// A touch that is still down when a trace ends; the engine cancels it at the trace's last `t`.
public struct StillDownTouch: Hashable, Sendable {
    /// The touch's id.
    public var id: TouchID
    /// The `t` of the touch's last sample.
    public var lastSampleT: Double
    /// The position of the touch's last sample.
    public var lastSamplePosition: SourcePosition

    /// Creates a record of a touch still down.
    public init(id: TouchID, lastSampleT: Double, lastSamplePosition: SourcePosition) {
        self.id = id
        self.lastSampleT = lastSampleT
        self.lastSamplePosition = lastSamplePosition
    }
}
