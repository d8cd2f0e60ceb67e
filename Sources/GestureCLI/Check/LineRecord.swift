import GestureTrace

/// One record of a JSON Lines file (a golden file or an analysis), with its line number.
struct LineRecord: Sendable {
    /// The line, from 1.
    var line: Int
    /// The record: always an object.
    var value: JSONValue

    /// The record's `t`, as written, or `?`.
    var time: String {
        if case .number(_, let literal)? = value.member("t")?.value.value { return literal }
        return "?"
    }

    /// The record's `t` in seconds, or 0.
    var seconds: Double {
        if case .number(let t, _)? = value.member("t")?.value.value { return t }
        return 0
    }

    /// Who made the record: its `recognizer`, `scrollView` or `control`, or for a delivery its
    /// `method`, or `record`.
    var actor: String {
        for key in ["recognizer", "scrollView", "control", "method"] {
            if case .string(let name)? = value.member(key)?.value.value { return name }
        }
        return "record"
    }

    /// The record's `state`, or empty.
    var state: String {
        if case .string(let state)? = value.member("state")?.value.value { return state }
        return ""
    }

    /// The record's `event` (control and scroll records), or empty.
    var event: String {
        if case .string(let event)? = value.member("event")?.value.value { return event }
        return ""
    }

    /// What happened, for reports: the `state` of a transition, the `event` of a control or scroll
    /// record, the responder of a delivery.
    var what: String {
        if !state.isEmpty { return state }
        if !event.isEmpty { return event }
        if case .string(let responder)? = value.member("responder")?.value.value { return responder }
        return ""
    }

    /// The record's `type`: `transition` when it has none.
    var recordType: String {
        if case .string(let type)? = value.member("type")?.value.value { return type }
        return "transition"
    }

    /// The record's `reason`, if it has one.
    var reason: String? {
        if case .string(let reason)? = value.member("reason")?.value.value { return reason }
        return nil
    }

    /// What identifies a record across two runs whatever its figures: recognizer, kind, view and
    /// state (for a delivery: type, method and responder; for a control or scroll record: type,
    /// name and event), so that a `willEndDragging` is never paired with a `didEndDragging`.
    var identity: [String] {
        ["type", "recognizer", "kind", "view", "state", "method", "responder", "scrollView", "control", "event"].map { key in
            if case .string(let text)? = value.member(key)?.value.value { return text }
            return ""
        }
    }
}

/// Reads JSON Lines text into records, each line parsed by the project's JSON parser.
enum JSONLines {
    /// The records of `bytes`; lines holding only whitespace are skipped.
    ///
    /// - Parameter file: the name in diagnostics.
    /// - Throws: `TraceError.invalid` at `FILE:LINE:COLUMN` for a line that is not a JSON object.
    static func records(_ bytes: [UInt8], file: String) throws(TraceError) -> [LineRecord] {
        var records: [LineRecord] = []
        var lineNumber = 0
        var start = 0
        while start < bytes.count {
            lineNumber += 1
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let line = bytes[start..<end]
            start = end + 1
            guard line.contains(where: { !Self.isWhitespace($0) }) else { continue }
            let value: Located<JSONValue>
            do throws(TraceError) {
                value = try parseJSON(bytes: Array(line), file: file)
            } catch {
                guard case .invalid(var diagnostic) = error else { throw error }
                diagnostic.position.line = lineNumber
                throw .invalid(diagnostic)
            }
            guard case .object = value.value else {
                throw .invalid(
                    Diagnostic(
                        file: file, position: SourcePosition(line: lineNumber, column: value.position.column), severity: .error,
                        message: "expected a record (a JSON object) on each line, found \(value.value.typeDescription)"))
            }
            records.append(LineRecord(line: lineNumber, value: value.value))
        }
        return records
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }
}
