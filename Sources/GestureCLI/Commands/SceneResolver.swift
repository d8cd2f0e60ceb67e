import GestureKit
import GestureTrace

/// Decides which scene each trace is analyzed with (scene-format.md, "Which scene applies").
///
/// First found wins: the `--scene` file, the trace's own `scene` key (inline or a path relative
/// to the trace), a `scene.json` beside the trace, the default scene for the trace's screen.
/// The `--scene` file is read once, when the resolver is made, so that a bad one is reported once
/// rather than for every trace.
///
/// See also: `SceneLoader` in GestureTrace, which reads and checks scene files.
struct SceneResolver {
    private let commandLineScene: SceneDescription?

    /// Reads the `--scene` file, if any.
    ///
    /// - Throws: `TraceError.cannotOpen` (exit 66) or `.invalid` (exit 65) for a bad `--scene` file.
    init(sceneFile: String?) throws(TraceError) {
        if let sceneFile {
            commandLineScene = try SceneLoader.load(path: sceneFile)
        } else {
            commandLineScene = nil
        }
    }

    /// The scene of the trace at `tracePath` (as given; `-` for standard input) with `header`.
    ///
    /// - Throws: `TraceError` for a scene the trace names that cannot be read or is invalid.
    func scene(for header: TraceHeader, tracePath: String) throws(TraceError) -> SceneDescription {
        if let commandLineScene { return commandLineScene }
        return try SceneLoader.resolve(explicit: nil, header: header, tracePath: tracePath).scene
    }
}
