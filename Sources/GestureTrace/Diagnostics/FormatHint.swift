/// What a file that failed to read as one format really is, when its first bytes say so: a message
/// about the format instead of one about its inside (JSON Lines read as a JSON document says
/// "missing required key samples"; a WebDriver body read as a trace, "unknown key actions").
///
/// ```swift
/// FormatHint.explain(error, prefix: firstBytes, readAs: .trace(.json), path: "tap.json")
/// // tap.json:1:1: error: this is JSON Lines (one sample per line), not a JSON document: name it
/// // tap.jsonl or give --input-format jsonl
/// ```
public enum FormatHint {
    /// What the file was read as.
    public enum Expected: Sendable, Equatable {
        /// A trace in this encoding.
        case trace(TraceEncoding)
        /// A scene file.
        case scene
    }

    /// How many bytes of a file are looked at.
    public static let prefixLength = 4096

    /// `error` with its message about the format when the first bytes show what the file really is;
    /// `error` itself otherwise (and always for a file that cannot be opened).
    ///
    /// - Parameters:
    ///   - prefix: The file's first bytes (up to `prefixLength`).
    ///   - path: The file as the user named it, for the commands in the message.
    public static func explain(_ error: TraceError, prefix: [UInt8], readAs expected: Expected, path: String) -> TraceError {
        guard case .invalid(let diagnostic) = error, let hint = hint(prefix: prefix, readAs: expected, path: path) else { return error }
        return .invalid(Diagnostic(file: diagnostic.file, position: SourcePosition(line: 1, column: 1), severity: .error, message: hint))
    }

    /// The message for a file whose first bytes are not of the format it was read as, or nil.
    static func hint(prefix: [UInt8], readAs expected: Expected, path: String) -> String? {
        let text = String(decoding: prefix.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(prefix.dropFirst(3)) : prefix, as: UTF8.self)
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: " \t\r") }.filter { !$0.isEmpty }
        guard let first = lines.first else { return nil }
        if WebDriverConverter.looksLikeActions(prefix) {
            return "this is a body of W3C WebDriver actions, not \(noun(expected)): convert it to a trace with "
                + "'gesturectl convert --from webdriver --to jsonl \(path)'"
        }
        if first.hasPrefix("#"), first.uppercased().hasPrefix("# EVEMU") || lines.contains(where: { $0.hasPrefix("E: ") }) {
            return "this is an evemu-record recording, not \(noun(expected)): convert it to a trace with "
                + "'gesturectl convert --from evemu --to jsonl \(path)'"
        }
        if lines.prefix(8).contains(where: isGeteventLine) {
            return "this is an Android getevent log, not \(noun(expected)): convert it to a trace with "
                + "'gesturectl convert --from getevent --to jsonl \(path)'"
        }
        // JSON Lines: a first line that is a whole JSON object, and another object on a later line.
        guard first.hasPrefix("{"), lines.count > 1, lines[1].hasPrefix("{"),
            let object = try? parseJSON(bytes: Array(first.utf8), file: ""), case .object(let members) = object.value
        else { return nil }
        let keys = Set(members.map(\.key))
        guard keys.contains("t") || keys.contains("gesturectl") else { return nil }
        // Standard input has no name to change.
        let fix = path == "-" ? "give --input-format jsonl" : "name it .jsonl or give --input-format jsonl"
        switch expected {
        case .trace(.json):
            return "this is JSON Lines (one sample per line), not a JSON document: \(fix)"
        case .trace(.csv):
            return "this is JSON Lines (one sample per line), not CSV: \(fix)"
        case .trace(.jsonl):
            return nil
        case .scene:
            return "this is a trace (JSON Lines), not a scene: give it as the TRACE, and a scene file "
                + "({\"gesturectl-scene\": 1, \"views\": [...]}) with --scene"
        }
    }

    /// `[   12.345678] /dev/input/event2: EV_ABS …`, `[   12.345678] EV_ABS …`, `add device 1: /dev/input/event2`.
    private static func isGeteventLine(_ line: String) -> Bool {
        if line.hasPrefix("add device") || line.hasPrefix("/dev/input/") { return true }
        guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return false }
        let stamp = line[line.index(after: line.startIndex)..<close].trimmingCharacters(in: " ")
        guard !stamp.isEmpty, stamp.allSatisfy({ $0.isNumber || $0 == "." }) else { return false }
        // `getevent -lt` names the events; `getevent -t` gives type, code and value in hex.
        let fields = line[line.index(after: close)...].split(separator: " ").filter { !$0.hasSuffix(":") }
        return line.contains("EV_") || (fields.count >= 3 && fields.suffix(3).allSatisfy { $0.allSatisfy(\.isHexDigit) })
    }

    private static func noun(_ expected: Expected) -> String {
        switch expected {
        case .trace: return "a trace"
        case .scene: return "a scene"
        }
    }
}

extension Substring {
    /// The text without leading and trailing characters of `set`.
    fileprivate func trimmingCharacters(in set: String) -> String {
        let characters = Set(set)
        return String(drop { characters.contains($0) }.reversed().drop { characters.contains($0) }.reversed())
    }
}
