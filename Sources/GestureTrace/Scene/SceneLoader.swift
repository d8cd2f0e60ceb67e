import Foundation
import GestureKit

/// Finds and reads the scene that applies to a trace.
///
/// First found wins: an explicit scene file (`--scene`), the trace's own `scene` key (an inline
/// object, or a path relative to the trace), a file named `scene.json` in the trace's directory,
/// and finally the default scene. Where a scene file is named, the name of a screen registered in
/// ``RecognizerRegistry/current`` (``RecognizerRegistry/register(screen:_:)``) names that screen
/// instead, before any file of that name.
public enum SceneLoader {
    /// Where a scene came from, for messages.
    public enum Source: Hashable, Sendable {
        /// A scene file.
        case file(String)
        /// The trace's inline `scene` object.
        case inline
        /// The built-in default scene.
        case builtIn
    }

    /// Reads and validates a scene file; `-` reads standard input (named `<stdin>` in messages). The
    /// name of a registered screen gives that screen.
    public static func load(path: String) throws(TraceError) -> SceneDescription {
        if let screen = RecognizerRegistry.current.screen(path) { return screen }
        let name = path == "-" ? "<stdin>" : path
        let bytes = try InputFile.read(path: path, limit: sizeLimit)
        guard bytes.count <= sizeLimit else {
            throw .invalid(Diagnostic(file: name, position: SourcePosition(line: 1, column: 1), severity: .error,
                                      message: "scene file is larger than 64 MiB"))
        }
        let json = try parseJSON(bytes: bytes, file: name)
        return try SceneDecoder(file: name).decode(json)
    }

    /// The largest scene file read.
    private static let sizeLimit = 64 << 20

    /// The scene for a trace, following the precedence rule.
    ///
    /// - Parameters:
    ///   - explicit: the `--scene` file, if given.
    ///   - header: the trace's header (its `scene` key and screen).
    ///   - tracePath: the trace's path as given (`-` for standard input).
    public static func resolve(explicit: String?, header: TraceHeader, tracePath: String) throws(TraceError)
        -> (scene: SceneDescription, source: Source)
    {
        if let explicit { return (try load(path: explicit), .file(explicit)) }
        let directory = tracePath == "-" ? "." : (tracePath as NSString).deletingLastPathComponent
        switch header.scene {
        case .inline(let json):
            return (try SceneDecoder(file: tracePath == "-" ? "<stdin>" : tracePath).decode(json), .inline)
        case .path(let relative, let position):
            if let screen = RecognizerRegistry.current.screen(relative) { return (screen, .file(relative)) }
            let path = relative.hasPrefix("/") || directory.isEmpty ? relative : directory + "/" + relative
            guard FileManager.default.fileExists(atPath: path) else {
                throw .invalid(Diagnostic(
                    file: tracePath == "-" ? "<stdin>" : tracePath, position: position, severity: .error,
                    message: "scene file \"\(relative)\" does not exist (looked for \(path))"))
            }
            // A trace names its scene: only a regular file (not a device, a FIFO or a directory), so that a
            // trace cannot make the reader block or read without end.
            var status = stat()
            guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
                throw .invalid(Diagnostic(
                    file: tracePath == "-" ? "<stdin>" : tracePath, position: position, severity: .error,
                    message: "scene file \"\(relative)\" is not a regular file (\(path))"))
            }
            return (try load(path: path), .file(path))
        case nil:
            let besides = directory.isEmpty ? "scene.json" : directory + "/scene.json"
            if tracePath != "-", FileManager.default.fileExists(atPath: besides) {
                return (try load(path: besides), .file(besides))
            }
            return (SceneDescription.defaultScene(screen: header.screen ?? .defaultScreen).replacingBuiltInKinds(with: RecognizerRegistry.current), .builtIn)
        }
    }
}
