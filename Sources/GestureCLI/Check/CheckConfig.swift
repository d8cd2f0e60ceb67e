import GestureKit
import GestureTrace

/// A corpus's `check` settings: `gesturectl-check.json` in the corpus's root directory.
///
/// ```json
/// {"level": "outcomes", "tolerance": 0.000001, "tolerances": {"velocity": 5, "contentOffset": 0.5, "t": null},
///  "actions": true, "elements": "login-page.xml"}
/// ```
///
/// Every key is optional. `level` is the ``GoldenLevel``; `tolerance` the default for numbers;
/// `tolerances` per figure (a field path or its start; `null`: not compared); `actions` whether
/// the corpus's WebDriver action files (`NAME.actions`) are traces too; `elements` their element
/// map (an Appium page source, an XCUITest element tree or an elements JSON file, ``ElementMap``),
/// relative to the config file. A trace takes the config file of
/// the nearest directory above it that has one; the command line's `--level` and `--tolerance`
/// override it. See docs/ci.md, "Golden levels".
struct CheckConfig: Sendable, Equatable {
    /// The config file's name.
    static let fileName = "gesturectl-check.json"
    /// The keys it may hold.
    static let keys = ["level", "tolerance", "tolerances", "elements", "actions"]

    /// The path it was read from.
    var path: String
    var level: GoldenLevel?
    var tolerance: Double?
    var tolerances: [String: Double?] = [:]
    /// The element map's path, relative to the working directory.
    var elements: String?
    /// `"actions": true`: the corpus's WebDriver action files (`.actions`) are traces, converted in
    /// process (docs/recordings.md).
    var actions = false

    /// Reads the config file at `path`.
    ///
    /// - Throws: `TraceError` at `FILE:LINE:COLUMN` for a file that does not parse, an unknown key
    ///   or a value of the wrong kind.
    init(path: String, bytes: [UInt8]) throws(TraceError) {
        self.path = path
        let document = try parseJSON(bytes: bytes, file: path)
        guard case .object(let members) = document.value else {
            throw Self.error(path, document.position, "a check config is a JSON object, found \(document.value.typeDescription)")
        }
        for member in members {
            let value = member.value
            switch member.key {
            case "level":
                guard case .string(let word) = value.value, let level = GoldenLevel(rawValue: word) else {
                    throw Self.error(
                        path, value.position,
                        "\"level\" is one of \"outcomes\", \"transitions\", \"everything\", found \(value.value.compactText)")
                }
                self.level = level
            case "tolerance":
                tolerance = try Self.tolerance(value, key: "tolerance", path: path)
            case "tolerances":
                guard case .object(let figures) = value.value else {
                    throw Self.error(path, value.position, "\"tolerances\" is an object of figure names and numbers, such as {\"velocity\": 5}")
                }
                for figure in figures {
                    if case .null = figure.value.value {
                        tolerances[figure.key] = .some(nil)
                    } else {
                        tolerances[figure.key] = try Self.tolerance(figure.value, key: figure.key, path: path)
                    }
                }
            case "actions":
                guard case .bool(let flag) = value.value else {
                    throw Self.error(path, value.position, "\"actions\" is true (check the .actions files as traces) or false")
                }
                actions = flag
            case "elements":
                guard case .string(let file) = value.value, !file.isEmpty else {
                    throw Self.error(path, value.position, "\"elements\" is the path of a page source or elements file, relative to this file")
                }
                elements = file.hasPrefix("/") ? file : CheckPath.join(CheckPath.directory(of: path), file)
            default:
                throw Self.error(
                    path, member.keyPosition,
                    "unknown key \"\(member.key)\" in a check config" + Suggestions.parenthesis(member.key, among: Self.keys))
            }
        }
    }

    private static func tolerance(_ value: Located<JSONValue>, key: String, path: String) throws(TraceError) -> Double {
        guard case .number(let number, _) = value.value, number >= 0 else {
            throw error(path, value.position, "\"\(key)\" is a tolerance: a number of at least 0, such as 0.001 (or null: not compared)")
        }
        return number
    }

    private static func error(_ path: String, _ position: SourcePosition, _ message: String) -> TraceError {
        .invalid(Diagnostic(file: path, position: position, severity: .error, message: message))
    }
}

/// How one trace is compared: its level and comparison, from its corpus's config and the command line.
struct GoldenPolicy: Sendable {
    var level: GoldenLevel
    var comparison: RecordComparison
    /// The element frames for WebDriver action files (the corpus's `elements`).
    var elements: [String: Rect] = [:]

    /// The policy of a trace under `config` (nil: none), with the command line's overrides.
    ///
    /// - Parameter maps: element maps already read, by path; the config's is read and added.
    /// - Throws: `TraceError` for an elements file that cannot be read or is invalid.
    init(config: CheckConfig?, settings: CheckSettings, elements maps: inout [String: [String: Rect]]) throws(TraceError) {
        level = settings.level ?? config?.level ?? .everything
        var figures: [String: Double?] = [:]
        for field in level.ignoredFields { figures[field] = .some(nil) }
        for (key, value) in config?.tolerances ?? [:] { figures[key] = value }
        for (key, value) in settings.figureTolerances { figures[key] = value }
        comparison = RecordComparison(tolerance: settings.tolerance ?? config?.tolerance ?? CheckSettings.defaultTolerance, figureTolerances: figures)
        comparison.optionalKeys = level.keysOptionalInGoldens
        if let file = config?.elements {
            if let known = maps[file] {
                elements = known
            } else {
                guard let bytes = try CheckFiles.contents(of: file) else {
                    throw .cannotOpen(path: file, reason: "No such file or directory (the \"elements\" of \(config?.path ?? CheckConfig.fileName))")
                }
                elements = try ElementMap.load(bytes, file: file)
                maps[file] = elements
            }
        }
    }
}

/// Finds each trace's config file, reading each directory's at most once.
struct CheckConfigFinder {
    private var byDirectory: [String: CheckConfig?] = [:]
    /// The element maps read so far, by path.
    var elementMaps: [String: [String: Rect]] = [:]

    /// The config that applies to the trace at `trace` (a normalized path): the nearest
    /// `gesturectl-check.json` in its directory or above (up to the working directory for a
    /// relative path, to `/` for an absolute one).
    ///
    /// - Throws: `TraceError` for a config file that cannot be read or is invalid.
    mutating func config(for trace: String) throws(TraceError) -> CheckConfig? {
        try config(in: CheckPath.directory(of: trace))
    }

    private mutating func config(in directory: String) throws(TraceError) -> CheckConfig? {
        if let known = byDirectory[directory] { return known }
        let path = CheckPath.join(directory, CheckConfig.fileName)
        var found: CheckConfig?
        if let bytes = try CheckFiles.contents(of: path) {
            found = try CheckConfig(path: path, bytes: bytes)
        } else if let parent = Self.parent(of: directory) {
            found = try config(in: parent)
        }
        byDirectory[directory] = .some(found)
        return found
    }

    /// The directory above `directory`, or nil at the top: `/`, or the working directory for a
    /// relative path (a corpus is searched for its config no higher than where `check` runs).
    private static func parent(of directory: String) -> String? {
        if directory == "/" || directory == "." || directory == ".." || directory.hasSuffix("/..") { return nil }
        return CheckPath.directory(of: directory)
    }
}
