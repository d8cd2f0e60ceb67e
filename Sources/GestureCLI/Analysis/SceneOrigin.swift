import GestureTrace

/// Which scene a trace was analyzed with, and where it came from (scene-format.md, "Which scene
/// is used"): every report names it, so that the same trace giving other results in another folder
/// (a `scene.json` beside it) or on standard input (never a `scene.json`) is explained.
enum SceneOrigin: Hashable, Sendable {
    /// `--scene FILE` on the command line.
    case commandLine(String)
    /// A file the trace's own `scene` key names (the path as resolved against the trace's directory).
    case traceKey(String)
    /// A scene object written inline in the trace's `scene` key.
    case inline
    /// A `scene.json` in the trace's directory.
    case beside(String)
    /// The built-in default scene.
    case builtIn

    /// The scene file, when there is one (`-` for `--scene -` is shown as `<stdin>`).
    var file: String? {
        switch self {
        case .commandLine(let path): return path == "-" ? "<stdin>" : path
        case .traceKey(let path), .beside(let path): return path
        case .inline, .builtIn: return nil
        }
    }

    /// The JSON name of where it came from: `command-line`, `trace`, `inline`, `beside`, `default`.
    var from: String {
        switch self {
        case .commandLine: return "command-line"
        case .traceKey: return "trace"
        case .inline: return "inline"
        case .beside: return "beside"
        case .builtIn: return "default"
        }
    }

    /// For people: `scene app.json (--scene)`, `scene d/scene.json (beside the trace)`,
    /// `scene scenes/cards.json (the trace's scene key)`, `inline scene (the trace's scene key)`,
    /// `default scene`.
    var description: String {
        switch self {
        case .commandLine: return "scene \(file ?? "") (--scene)"
        case .traceKey(let path): return "scene \(path) (the trace's scene key)"
        case .inline: return "inline scene (the trace's scene key)"
        case .beside(let path): return "scene \(path) (beside the trace)"
        case .builtIn: return "default scene"
        }
    }

    /// `"scene":{"from":"beside","file":"d/scene.json"}`, the member the `json` document and
    /// `check`'s JSON report give each trace.
    var jsonMember: String {
        var text = "\"scene\":{\"from\":\"\(from)\""
        if let file {
            var bytes = ByteBuffer()
            bytes.appendJSONString(file)
            text += ",\"file\":" + String(decoding: bytes.bytes, as: UTF8.self)
        }
        return text + "}"
    }

    /// The origin of a scene `SceneLoader` found for a trace with `header`.
    init(_ source: SceneLoader.Source, header: TraceHeader, commandLine: String?) {
        if let commandLine {
            self = .commandLine(commandLine)
            return
        }
        switch (source, header.scene) {
        case (.builtIn, _): self = .builtIn
        case (.inline, _): self = .inline
        case (.file(let path), .path?): self = .traceKey(path)
        case (.file(let path), _): self = .beside(path)
        }
    }
}
