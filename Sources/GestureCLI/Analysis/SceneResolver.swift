import Foundation
import GestureKit
import GestureTrace

/// Decides which scene each trace is analyzed with (scene-format.md, "Which scene applies").
///
/// First found wins: the `--scene` file, the trace's own `scene` key (inline or a path relative
/// to the trace), a `scene.json` beside the trace, the default scene for the trace's screen.
/// The `--scene` file is read once, when the resolver is made, so that a bad one is reported once
/// rather than for every trace.
///
/// Scenes found through files are remembered for the run (`check` and `analyze` over a corpus read
/// each shared `scene.json` once, not once per trace): the scene of a trace depends only on its
/// directory and its `scene` key (and, for the default scene, its screen), so traces that agree
/// on those share it. Errors are not remembered; every trace reports its own.
///
/// Safe to use from several threads at once.
///
/// See also: `SceneLoader` in GestureTrace, which reads and checks scene files.
struct SceneResolver: Sendable {
    private let commandLineScene: SceneDescription?
    private let commandLineFile: String?
    private let cache = SceneCache()
    /// The registry bound when the resolver was made: scenes may be decoded on worker threads,
    /// which do not inherit the task-local value.
    private let registry = RecognizerRegistry.current

    /// Reads the `--scene` file, if any.
    ///
    /// - Throws: `TraceError.cannotOpen` (exit 66) or `.invalid` (exit 65) for a bad `--scene` file.
    init(sceneFile: String?) throws(TraceError) {
        if let sceneFile {
            do throws(TraceError) {
                commandLineScene = try SceneLoader.load(path: sceneFile)
            } catch {
                throw TraceInputs.explained(error, path: sceneFile, readAs: .scene)
            }
        } else {
            commandLineScene = nil
        }
        commandLineFile = sceneFile
    }

    /// The scene of the trace at `tracePath` (as given; `-` for standard input) with `header`.
    ///
    /// - Throws: `TraceError` for a scene the trace names that cannot be read or is invalid.
    func scene(for header: TraceHeader, tracePath: String) throws(TraceError) -> SceneDescription {
        try resolve(header, tracePath: tracePath).scene
    }

    /// The scene of the trace at `tracePath` (as given; `-` for standard input) with `header`, and
    /// where it came from.
    ///
    /// - Throws: `TraceError` for a scene the trace names that cannot be read or is invalid.
    func resolve(_ header: TraceHeader, tracePath: String) throws(TraceError) -> (scene: SceneDescription, origin: SceneOrigin) {
        if let commandLineScene, let commandLineFile { return (commandLineScene, .commandLine(commandLineFile)) }
        let key: SceneCache.Key
        switch header.scene {
        case .inline:
            return try load(header, tracePath)
        case .path(let relative, _):
            key = SceneCache.Key(directory: Self.directory(of: tracePath), reference: relative, screen: nil)
        case nil:
            key = SceneCache.Key(directory: Self.directory(of: tracePath), reference: nil, screen: header.screen)
        }
        if let found = cache.scene(for: key) { return found }
        let result = try load(header, tracePath)
        cache.remember(result, for: key)
        return result
    }

    /// The scene the trace names, decoded with the resolver's registry, and where it came from.
    private func load(_ header: TraceHeader, _ tracePath: String) throws(TraceError) -> (scene: SceneDescription, origin: SceneOrigin) {
        let result = RecognizerRegistry.$current.withValue(registry) {
            Result { () throws(TraceError) in try SceneLoader.resolve(explicit: nil, header: header, tracePath: tracePath) }
        }
        let found = try result.get()
        return (found.scene, SceneOrigin(found.source, header: header, commandLine: nil))
    }

    /// What the scene of a trace depends on besides its header: its directory (standard input has
    /// none: it never takes a `scene.json`).
    ///
    /// Only a key of the cache: the text before the last `/` names the directory (`/` for a file at
    /// the root, empty for one in the current directory), and two spellings of one directory only
    /// miss the cache. `NSString.deletingLastPathComponent`, kept for a path ending in `/`, cost
    /// 23,000 instructions a trace (1% of `check`).
    private static func directory(of tracePath: String) -> String? {
        guard tracePath != "-" else { return nil }
        guard !tracePath.hasSuffix("/") else { return (tracePath as NSString).deletingLastPathComponent }
        guard let slash = tracePath.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return slash == tracePath.utf8.startIndex ? "/" : String(tracePath[..<slash])
    }
}

/// The scenes a resolver has found, behind a lock.
private final class SceneCache: @unchecked Sendable {
    /// The directory and reference are kept as UTF-8 bytes, as the file system compares names:
    /// Swift strings that are canonically equivalent (a precomposed `é` and `e` + combining accent)
    /// name different directories and files.
    struct Key: Hashable {
        var directory: [UInt8]?
        var reference: [UInt8]?
        var screen: Size?

        init(directory: String?, reference: String?, screen: Size?) {
            self.directory = directory.map { Array($0.utf8) }
            self.reference = reference.map { Array($0.utf8) }
            self.screen = screen
        }
    }

    // Read and written only with `lock` held.
    private let lock = NSLock()
    private var scenes: [Key: (scene: SceneDescription, origin: SceneOrigin)] = [:]

    func scene(for key: Key) -> (scene: SceneDescription, origin: SceneOrigin)? {
        lock.lock()
        defer { lock.unlock() }
        return scenes[key]
    }

    func remember(_ scene: (scene: SceneDescription, origin: SceneOrigin), for key: Key) {
        lock.lock()
        defer { lock.unlock() }
        if scenes.count < 4096 { scenes[key] = scene }
    }
}
