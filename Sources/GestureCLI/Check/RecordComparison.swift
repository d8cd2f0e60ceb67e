import GestureTrace

/// One value that differs between an expected and an actual record.
struct FieldDifference: Sendable, Equatable {
    /// Where in the record: `translation.x`, `state`, `details[0].location.y`.
    var field: String
    /// The golden file's value; nil when the golden record has no such field.
    var expected: JSONValue?
    /// The analysis' value; nil when the actual record has no such field.
    var actual: JSONValue?
}

/// Compares records: numbers within an absolute tolerance, everything else exactly.
///
/// Two numbers match when they differ by at most `tolerance`, plus a few units in the last place of
/// the larger one, so that a difference of exactly the tolerance written in decimal (0.000001
/// between 12.345678 and 12.345679) matches although its binary value is a hair larger. Objects
/// match when they have the same keys, in any order, with matching values; arrays when they have
/// the same length and matching elements.
struct RecordComparison: Sendable {
    /// The largest absolute difference between two matching numbers.
    var tolerance: Double
    /// Tolerances of particular figures, by field path or its start (`velocity` covers
    /// `velocity.x`, `contentOffset.y` only itself); the longest that applies wins. nil: the
    /// field is not compared, whatever its value (`t` at the `outcomes` level; `code=none`).
    var figureTolerances: [String: Double?] = [:]
    /// Top-level keys that only the actual record may have without a difference (`code` and
    /// `figures` against a golden file without reason codes).
    var optionalKeys: Set<String> = []

    /// A comparison with one tolerance for every number.
    init(tolerance: Double, figureTolerances: [String: Double?] = [:]) {
        self.tolerance = tolerance
        self.figureTolerances = figureTolerances
    }

    /// The tolerance of the number at `path`; nil when it is not compared.
    func tolerance(at path: String) -> Double? {
        guard !figureTolerances.isEmpty else { return tolerance }
        var best: (length: Int, value: Double?)?
        for (key, value) in figureTolerances where key.count > (best?.length ?? -1) {
            if path == key || path.hasPrefix(key + ".") || path.hasPrefix(key + "[") { best = (key.count, value) }
        }
        return best.map(\.value) ?? tolerance
    }

    /// Whether the two records match.
    func matches(_ expected: JSONValue, _ actual: JSONValue) -> Bool {
        var differences: [FieldDifference] = []
        compare(expected, actual, at: "", into: &differences, stopAtFirst: true)
        return differences.isEmpty
    }

    /// Every value that differs, expected record's keys first in its order, then keys only the
    /// actual record has.
    func differences(_ expected: JSONValue, _ actual: JSONValue) -> [FieldDifference] {
        var differences: [FieldDifference] = []
        compare(expected, actual, at: "", into: &differences, stopAtFirst: false)
        return differences
    }

    /// Whether two numbers match within the tolerance.
    func numbersMatch(_ a: Double, _ b: Double) -> Bool {
        numbersMatch(a, b, within: tolerance)
    }

    /// Whether two numbers match within `tolerance` (and a few units in the last place).
    func numbersMatch(_ a: Double, _ b: Double, within tolerance: Double) -> Bool {
        (a - b).magnitude <= tolerance + 4 * max(a.magnitude, b.magnitude).ulp
    }

    private func compare(
        _ expected: JSONValue, _ actual: JSONValue, at path: String, into differences: inout [FieldDifference], stopAtFirst: Bool
    ) {
        // A field given no tolerance (`code=none`, `t` at the outcomes level) is not compared, whatever its value.
        if !figureTolerances.isEmpty, !path.isEmpty, tolerance(at: path) == nil { return }
        switch (expected, actual) {
        case (.number(let a, _), .number(let b, _)):
            guard let tolerance = tolerance(at: path) else { return }
            if !numbersMatch(a, b, within: tolerance) { differences.append(FieldDifference(field: path, expected: expected, actual: actual)) }
        case (.object(let expectedMembers), .object(let actualMembers)):
            var actualByKey: [String: JSONValue] = [:]
            for member in actualMembers { actualByKey[member.key] = member.value.value }
            for member in expectedMembers {
                if stopAtFirst, !differences.isEmpty { return }
                let field = path.isEmpty ? member.key : path + "." + member.key
                if let value = actualByKey.removeValue(forKey: member.key) {
                    compare(member.value.value, value, at: field, into: &differences, stopAtFirst: stopAtFirst)
                } else {
                    differences.append(FieldDifference(field: field, expected: member.value.value, actual: nil))
                }
            }
            for member in actualMembers where actualByKey[member.key] != nil && !(path.isEmpty && optionalKeys.contains(member.key)) {
                differences.append(
                    FieldDifference(field: path.isEmpty ? member.key : path + "." + member.key, expected: nil, actual: member.value.value))
            }
        case (.array(let expectedElements), .array(let actualElements)):
            for index in 0..<max(expectedElements.count, actualElements.count) {
                if stopAtFirst, !differences.isEmpty { return }
                let field = "\(path)[\(index)]"
                switch (index < expectedElements.count, index < actualElements.count) {
                case (true, true):
                    compare(
                        expectedElements[index].value, actualElements[index].value, at: field, into: &differences,
                        stopAtFirst: stopAtFirst)
                case (true, false):
                    differences.append(FieldDifference(field: field, expected: expectedElements[index].value, actual: nil))
                default:
                    differences.append(FieldDifference(field: field, expected: nil, actual: actualElements[index].value))
                }
            }
        case (.string(let a), .string(let b)) where a == b: break
        case (.bool(let a), .bool(let b)) where a == b: break
        case (.null, .null): break
        default:
            differences.append(FieldDifference(field: path.isEmpty ? "record" : path, expected: expected, actual: actual))
        }
    }
}

extension JSONValue {
    /// The value as compact JSON text, numbers as written: for diffs.
    var compactText: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(_, let literal): return literal
        case .string(let text):
            var quoted = ""
            JSONWriter.appendQuoted(text, to: &quoted)
            return quoted
        case .array(let elements): return "[" + elements.map(\.value.compactText).joined(separator: ",") + "]"
        case .object(let members):
            return "{"
                + members.map { member in
                    var key = ""
                    JSONWriter.appendQuoted(member.key, to: &key)
                    return key + ":" + member.value.value.compactText
                }.joined(separator: ",") + "}"
        }
    }
}

extension JSONWriter {
    /// Writes a parsed value; numbers go through ``DecimalFormatting`` like every number written.
    mutating func value(_ value: JSONValue) {
        switch value {
        case .null: number(.nan)  // a number that is not finite is written `null`
        case .bool(let flag): bool(flag)
        case .number(let number, _): self.number(number)
        case .string(let text): string(text)
        case .array(let elements):
            beginArray(inline: true)
            for element in elements { self.value(element.value) }
            endArray()
        case .object(let members):
            beginObject(inline: true)
            for member in members {
                key(member.key)
                self.value(member.value.value)
            }
            endObject()
        }
    }
}
