import GestureCLI
import GestureKit
import GestureTrace

/// Replays touches through a scene and returns the records, for tests of your recognizers.
///
/// ```swift
/// var registry = RecognizerRegistry()
/// registry.register(uiKind: "verticalPan") { _ in VerticalPan() }
/// let timeline = try Replay.trace("Traces/drag-down.jsonl", registry: registry)
/// timeline.expectStates("drag", [.began, .changed, .ended])
/// ```
public enum Replay {
    /// Replays the trace file at `path` with the scene `analyze` would use for it (its `--scene` is
    /// `scenePath` when given, a file or the name of a screen registered in `registry`), decoding
    /// scenes with `registry`.
    ///
    /// - Parameter configure: called with the engine before the first sample, to add recognizers
    ///   built in code (``Engine/add(_:)``).
    /// - Throws: ``TraceError`` for a trace or scene that cannot be read, ``SceneError`` for a scene
    ///   that cannot be built.
    public static func trace(
        _ path: String, scene scenePath: String? = nil, registry: RecognizerRegistry = RecognizerRegistry.current,
        deliveries: Bool = false, configure: (Engine) -> Void = { _ in }
    ) throws -> Timeline {
        try RecognizerRegistry.$current.withValue(registry) { () throws -> Timeline in
            let reader = try TraceReader(path: path, encoding: nil)
            let header = try reader.header()
            let scene = try SceneLoader.resolve(explicit: scenePath, header: header, tracePath: path).scene
            let samples = try reader.readAll()
            let engine = try Engine(
                scene: scene, screen: header.screen ?? .defaultScreen, options: EngineOptions(deliveries: deliveries))
            configure(engine)
            return run(samples, through: engine, trace: path)
        }
    }

    /// Replays `samples` (in trace order) through `scene`.
    public static func samples(
        _ samples: [Sample], scene: SceneDescription, screen: Size = .defaultScreen, deliveries: Bool = false,
        configure: (Engine) -> Void = { _ in }
    ) throws(SceneError) -> Timeline {
        let engine = try Engine(scene: scene, screen: screen, options: EngineOptions(deliveries: deliveries))
        configure(engine)
        return run(samples, through: engine, trace: "<samples>")
    }

    /// Replays `samples` through the screen registered as `screen` in `registry` (a screen built in
    /// UIKit code: `registry.register(screen:)`), a new copy of it.
    ///
    /// - Throws: ``SceneError`` when no screen of that name is registered.
    public static func samples(
        _ samples: [Sample], screen: String, registry: RecognizerRegistry = RecognizerRegistry.current,
        deliveries: Bool = false, configure: (Engine) -> Void = { _ in }
    ) throws(SceneError) -> Timeline {
        guard let scene = registry.screen(screen) else {
            let known = registry.screens.keys.sorted().joined(separator: ", ")
            throw SceneError("no screen \"\(screen)\" is registered" + (known.isEmpty ? "" : " (registered: \(known))"))
        }
        return try Self.samples(samples, scene: scene, deliveries: deliveries, configure: configure)
    }

    /// Replays `samples` through a scene given as JSON text (decoded with `registry`).
    public static func samples(
        _ samples: [Sample], sceneJSON: String, registry: RecognizerRegistry = RecognizerRegistry.current,
        screen: Size = .defaultScreen, deliveries: Bool = false, configure: (Engine) -> Void = { _ in }
    ) throws -> Timeline {
        let scene = try RecognizerRegistry.$current.withValue(registry) { () throws -> SceneDescription in
            let json = try parseJSON(bytes: Array(sceneJSON.utf8), file: "<scene>")
            return try SceneDecoder(file: "<scene>").decode(json)
        }
        return try Self.samples(samples, scene: scene, screen: screen, deliveries: deliveries, configure: configure)
    }

    private static func run(_ samples: [Sample], through engine: Engine, trace: String) -> Timeline {
        var records: [AnalysisRecord] = []
        engine.onRecord = { records.append($0) }
        for sample in samples { engine.process(sample) }
        engine.finish()
        return Timeline(records: records, trace: trace)
    }
}
