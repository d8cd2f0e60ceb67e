/// The order and grouping of a trace's differences in every report: outcome changes first, then
/// figures; long runs of the same difference as one entry with its range.
enum DiffOrder {
    /// The fields whose change is a change of outcome, not of a figure.
    static let outcomeFields: Set<String> = ["code", "reason", "direction", "taps", "template", "value", "decelerate"]

    /// Whether a difference changes an outcome: a record the `outcomes` level keeps came or went,
    /// or a kept record's code, reason, direction, taps, template or control value changed.
    static func isOutcome(_ difference: RecordDifference) -> Bool {
        switch difference.change {
        case .removed, .added:
            return GoldenLevel.outcomes.keeps(difference.record)
        case .changed:
            return difference.fields.contains { field in
                outcomeFields.contains(String(field.field.prefix { $0 != "." && $0 != "[" }))
            }
        }
    }

    /// `differences` with the outcome changes first, each part in file order.
    static func outcomesFirst(_ differences: [RecordDifference]) -> [RecordDifference] {
        differences.filter(isOutcome) + differences.filter { !isOutcome($0) }
    }
}

/// One line of a diff: a difference, or a run of like differences (same change, record kind,
/// name, state or event, and the same fields changed) shown with its first and last.
struct DiffEntry: Sendable {
    /// The first difference of the run.
    var first: RecordDifference
    /// The last difference of the run (the same as `first` for a single difference).
    var last: RecordDifference
    /// How many differences the entry stands for.
    var count: Int

    /// The shortest run shown as one entry.
    static let minimumRun = 3

    /// The entries of `differences`, in their order: runs of at least ``minimumRun`` like
    /// differences in a row become one entry.
    ///
    /// Like differences are gathered wherever they are (a pan's `changed` records and the scroll
    /// view's `didScroll`s interleave): each group of at least ``minimumRun`` becomes one entry at
    /// the place of its first difference; smaller groups stay as they are. Outcome changes are never
    /// gathered.
    static func entries(_ differences: [RecordDifference]) -> [DiffEntry] {
        var groups: [Key: [Int]] = [:]
        for (index, difference) in differences.enumerated() where !DiffOrder.isOutcome(difference) {
            groups[Key(difference), default: []].append(index)
        }
        var entries: [DiffEntry] = []
        var gathered = Set<Int>()
        for (index, difference) in differences.enumerated() where !gathered.contains(index) {
            if !DiffOrder.isOutcome(difference), let members = groups[Key(difference)], members.count >= minimumRun {
                gathered.formUnion(members)
                guard let last = members.last else { continue }
                entries.append(DiffEntry(first: difference, last: differences[last], count: members.count))
            } else {
                entries.append(DiffEntry(first: difference, last: difference, count: 1))
            }
        }
        return entries
    }

    /// What makes differences alike: the change, the record's identity, the fields that differ.
    private struct Key: Hashable {
        var change: RecordDifference.Change
        var identity: [String]
        var fields: [String]

        init(_ difference: RecordDifference) {
            change = difference.change
            identity = difference.record.identity
            fields = difference.fields.map(\.field)
        }
    }
}

extension LineRecord {
    /// The record's kind for reports: a recognizer's or control's `kind`, `scrollView`, or
    /// `delivery`.
    var kindName: String {
        switch recordType {
        case "scroll": return "scrollView"
        case "delivery": return "delivery"
        default:
            if case .string(let kind)? = value.member("kind")?.value.value { return kind }
            return recordType
        }
    }

    /// What a removed or added record says beyond its identity, compactly: its reason or code with
    /// its figures, else its figures (`contentOffset {"x":0,"y":90}`, `value 0.5`).
    var gist: String {
        if let reason { return reason }
        guard case .object(let members) = value else { return "" }
        let skipped: Set<String> = ["type", "t", "recognizer", "kind", "view", "state", "scrollView", "control", "event", "touches", "method", "responder"]
        let text = members.filter { !skipped.contains($0.key) }.map { "\($0.key) \($0.value.value.compactText)" }.joined(separator: ", ")
        return text.count > 160 ? String(text.prefix(157)) + "…" : text
    }
}
