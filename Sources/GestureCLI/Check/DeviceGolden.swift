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

    /// The comparison to use: `comparison`, with the header's tolerance when that is larger.
    static func comparison(_ comparison: RecordComparison, header: JSONValue) -> RecordComparison {
        guard case .number(let tolerance, _)? = header.member("tolerance")?.value.value, tolerance > comparison.tolerance
        else { return comparison }
        return RecordComparison(tolerance: tolerance)
    }
}
