import GestureTrace

/// A golden file recorded on a device by GestureRecorder: UIKit's own transitions, which `check`
/// compares with the engine's on what the device could see.
///
/// Its first record is a header, `{"gesturectl-device-golden":1,"source":"GestureRecorder","tolerance":0.001}`.
/// Against it, the analysis loses what the recorder cannot observe before the records are lined
/// up: `failed` transitions (UIKit calls no target when a recognizer fails) and the keys UIKit
/// does not report (`reason`, a swipe's `direction`, a template's `template` and `score`). Numbers
/// match within the larger of `--tolerance` and the header's `tolerance`. `check --update` never
/// rewrites a device golden: it is a measurement, not an output.
enum DeviceGolden {
    /// The header's key.
    static let headerKey = "gesturectl-device-golden"
    /// The keys a device golden's records can hold.
    static let keys: Set<String> = [
        "t", "recognizer", "kind", "view", "state", "location", "touches", "translation", "velocity", "scale", "rotation", "taps",
    ]

    /// The header, when `records` starts with one.
    static func header(of records: [LineRecord]) -> JSONValue? {
        guard let first = records.first, first.value.member(headerKey) != nil else { return nil }
        return first.value
    }

    /// Whether the bytes start with a device golden's header (cheap: no parse).
    static func starts(_ bytes: [UInt8]) -> Bool { TraceCheck.firstKey(of: bytes, is: headerKey) }

    /// The analysis as the device would have recorded it: no failures, only the device's keys.
    static func observable(_ actual: [LineRecord]) -> [LineRecord] {
        actual.compactMap { record in
            guard case .object(let members) = record.value else { return record }
            if case .string("failed")? = record.value.member("state")?.value.value { return nil }
            return LineRecord(line: record.line, value: .object(members.filter { keys.contains($0.key) }))
        }
    }

    /// The keys a device golden's header may hold (besides `x-` keys of other tools).
    static let headerKeys = [headerKey, "source", "tolerance"]
    /// The header versions this build reads.
    static let versions: ClosedRange<Double> = 1...1

    /// Checks the header: its version, a `tolerance` that is a number from 0 to 1 (a larger one would
    /// let any analysis match), a `source` that is a string, and no other key, so that a misspelt
    /// `tolerence` is an error at its position instead of silently falling back to `--tolerance`.
    ///
    /// - Throws: `TraceError.invalid` at the offending key or value of the golden file.
    static func check(header: JSONValue, line: Int, file: String) throws(TraceError) {
        guard case .object(let members) = header else { return }
        func error(_ message: String, at position: SourcePosition) -> TraceError {
            .invalid(Diagnostic(
                file: file, position: SourcePosition(line: line, column: position.column), severity: .error, message: message))
        }
        for member in members {
            let value = member.value
            switch member.key {
            case headerKey:
                guard case .number(let version, _) = value.value, versions.contains(version) else {
                    throw error(
                        "unsupported device golden version \(describe(value.value)): this gesturectl reads version 1",
                        at: value.position)
                }
            case "tolerance":
                guard case .number(let tolerance, _) = value.value, tolerance >= 0, tolerance <= 1 else {
                    throw error("\"tolerance\" must be a number from 0 to 1, found \(describe(value.value))", at: value.position)
                }
            case "source":
                guard case .string = value.value else {
                    throw error("\"source\" must be a string, found \(describe(value.value))", at: value.position)
                }
            default:
                guard !member.key.hasPrefix("x-") else { continue }
                throw error(
                    "unknown key \"\(member.key)\" in the device golden's header"
                        + Suggestions.parenthesis(member.key, among: headerKeys, note: "expected \(headerKeys.map { "\"\($0)\"" }.joined(separator: ", "))"),
                    at: member.keyPosition)
            }
        }
    }

    /// A header value as a message shows it.
    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .number(_, let literal): return literal
        case .string(let text): return "\"\(text)\""
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The comparison to use: `comparison`, with the header's tolerance when that is larger.
    static func comparison(_ comparison: RecordComparison, header: JSONValue) -> RecordComparison {
        guard case .number(let tolerance, _)? = header.member("tolerance")?.value.value, tolerance > comparison.tolerance
        else { return comparison }
        return RecordComparison(tolerance: tolerance)
    }
}
