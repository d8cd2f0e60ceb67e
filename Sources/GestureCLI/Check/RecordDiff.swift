/// One difference between a golden file and a trace's analysis.
struct RecordDifference: Sendable {
    /// What happened to the record.
    enum Change: String, Sendable {
        /// In the golden file, not in the analysis.
        case removed
        /// In the analysis, not in the golden file.
        case added
        /// The same transition in both (recognizer, kind, view and state), with other values.
        case changed
    }

    /// What happened.
    var change: Change
    /// The golden record (removed, changed).
    var expected: LineRecord?
    /// The analysis' record (added, changed).
    var actual: LineRecord?
    /// The values that differ (changed).
    var fields: [FieldDifference] = []
    /// The golden file's line this difference is shown at: the expected record's, or for an added
    /// record the line of the golden record it comes before (the last line + 1 at the end).
    var goldenLine: Int

    /// The record the difference is about: the expected one when there is one.
    var record: LineRecord {
        guard let record = expected ?? actual else { preconditionFailure("RecordDifference: \(change) without a record") }
        return record
    }
}

/// Lines up the records of a golden file and of an analysis and lists their differences.
///
/// First the longest common subsequence of matching records (within the tolerance) anchors the
/// two lists, so that one inserted or removed record shows as one `+` or `-` and not as every later
/// record changed. Between two anchors, records of the same transition (recognizer, kind, view,
/// state) are paired again by a longest common subsequence and shown as changed (`~`), with the
/// values that differ; the rest are removed or added.
///
/// The common prefix and suffix are skipped first. When what remains is too large for the
/// quadratic table (more than ``cellLimit`` cells), records are paired in order instead.
enum RecordDiff {
    /// The largest table the longest common subsequence may use: 2000 × 2000 records.
    static let cellLimit = 4_000_000

    /// The differences between `expected` (the golden file's records) and `actual`, in file order.
    static func differences(expected: [LineRecord], actual: [LineRecord], comparison: RecordComparison) -> [RecordDifference] {
        var prefix = 0
        while prefix < expected.count, prefix < actual.count, comparison.matches(expected[prefix].value, actual[prefix].value) {
            prefix += 1
        }
        var suffix = 0
        while suffix < expected.count - prefix, suffix < actual.count - prefix,
            comparison.matches(expected[expected.count - 1 - suffix].value, actual[actual.count - 1 - suffix].value)
        {
            suffix += 1
        }
        let expectedMiddle = Array(expected[prefix..<(expected.count - suffix)])
        let actualMiddle = Array(actual[prefix..<(actual.count - suffix)])
        guard !expectedMiddle.isEmpty || !actualMiddle.isEmpty else { return [] }

        let expectedIdentities = expectedMiddle.map(\.identity)
        let actualIdentities = actualMiddle.map(\.identity)
        let anchors =
            commonSubsequence(expectedMiddle.count, actualMiddle.count) { i, j in
                expectedIdentities[i] == actualIdentities[j] && comparison.matches(expectedMiddle[i].value, actualMiddle[j].value)
            } ?? []
        let nextGoldenLine = suffix > 0 ? expected[expected.count - suffix].line : (expected.last?.line ?? 0) + 1

        var differences: [RecordDifference] = []
        var i = 0
        var j = 0
        for (anchorI, anchorJ) in anchors + [(expectedMiddle.count, actualMiddle.count)] {
            let gapExpected = Array(expectedMiddle[i..<anchorI])
            let gapActual = Array(actualMiddle[j..<anchorJ])
            let following = anchorI < expectedMiddle.count ? expectedMiddle[anchorI].line : nextGoldenLine
            differences += gap(gapExpected, gapActual, before: following, comparison: comparison)
            i = anchorI + 1
            j = anchorJ + 1
        }
        return pairMoved(differences, comparison: comparison)
    }

    /// Pairs a removed record with an added one of the same identity (recognizer, kind, view and
    /// state, or type, name and event) that the alignment left apart because it moved past other
    /// records, the nearest in time first: the pair is no difference when the records match (only
    /// `t` changed, and `t` is not compared), and otherwise one `changed` difference where the
    /// removed one was. Records are paired by kind, name and time, not by position.
    static func pairMoved(_ differences: [RecordDifference], comparison: RecordComparison) -> [RecordDifference] {
        let removed = differences.indices.filter { differences[$0].change == .removed }
        let added = differences.indices.filter { differences[$0].change == .added }
        guard !removed.isEmpty, !added.isEmpty, removed.count.multipliedReportingOverflow(by: added.count).partialValue <= cellLimit
        else { return differences }
        var result = differences
        var dropped = Set<Int>()
        for r in removed {
            guard let expected = differences[r].expected else { continue }
            let identity = expected.identity
            let time = expected.seconds
            var best: (index: Int, distance: Double)?
            for a in added where !dropped.contains(a) {
                guard let actual = differences[a].actual, actual.identity == identity else { continue }
                let distance = abs(actual.seconds - time)
                if best.map({ distance < $0.distance }) ?? true { best = (a, distance) }
            }
            guard let best, let actual = differences[best.index].actual else { continue }
            dropped.insert(best.index)
            let fields = comparison.differences(expected.value, actual.value)
            if fields.isEmpty {
                dropped.insert(r)
            } else {
                result[r] = RecordDifference(
                    change: .changed, expected: expected, actual: actual, fields: fields, goldenLine: differences[r].goldenLine)
            }
        }
        return result.indices.filter { !dropped.contains($0) }.map { result[$0] }
    }

    /// The differences between the records of one gap between anchors.
    ///
    /// - Parameter following: the golden line after the gap, where records added at its end show.
    private static func gap(
        _ expected: [LineRecord], _ actual: [LineRecord], before following: Int, comparison: RecordComparison
    ) -> [RecordDifference] {
        guard !expected.isEmpty || !actual.isEmpty else { return [] }
        let expectedIdentities = expected.map(\.identity)
        let actualIdentities = actual.map(\.identity)
        let pairs =
            commonSubsequence(expected.count, actual.count) { expectedIdentities[$0] == actualIdentities[$1] }
            ?? inOrderPairs(expectedIdentities, actualIdentities)
        var differences: [RecordDifference] = []
        var i = 0
        var j = 0
        for (pairI, pairJ) in pairs + [(expected.count, actual.count)] {
            let line = pairI < expected.count ? expected[pairI].line : following
            for record in expected[i..<pairI] {
                differences.append(RecordDifference(change: .removed, expected: record, goldenLine: record.line))
            }
            for record in actual[j..<pairJ] {
                differences.append(RecordDifference(change: .added, actual: record, goldenLine: line))
            }
            if pairI < expected.count {
                let fields = comparison.differences(expected[pairI].value, actual[pairJ].value)
                if !fields.isEmpty {
                    differences.append(
                        RecordDifference(
                            change: .changed, expected: expected[pairI], actual: actual[pairJ], fields: fields, goldenLine: line))
                }
            }
            i = pairI + 1
            j = pairJ + 1
        }
        return differences
    }

    /// The index pairs of a longest common subsequence of two lists of `n` and `m` items, or nil
    /// when the table would exceed ``cellLimit``.
    ///
    /// Where several are equally long, it keeps the earliest pairs and, before a pair, lists what
    /// only the first list has first (so `-` lines come before `+` lines).
    ///
    /// - Complexity: O(n × m) time and space.
    static func commonSubsequence(_ n: Int, _ m: Int, equal: (Int, Int) -> Bool) -> [(Int, Int)]? {
        guard n > 0, m > 0 else { return [] }
        guard n.multipliedReportingOverflow(by: m).partialValue <= cellLimit, n < cellLimit, m < cellLimit else { return nil }
        // lengths[i * (m + 1) + j]: the length of a longest common subsequence of the suffixes from i and j.
        let width = m + 1
        var lengths = [Int32](repeating: 0, count: (n + 1) * width)
        var matches = [Bool](repeating: false, count: n * m)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                if equal(i, j) {
                    matches[i * m + j] = true
                    lengths[i * width + j] = lengths[(i + 1) * width + j + 1] + 1
                } else {
                    lengths[i * width + j] = max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
                }
            }
        }
        var pairs: [(Int, Int)] = []
        var i = 0
        var j = 0
        while i < n, j < m {
            if matches[i * m + j], lengths[i * width + j] == lengths[(i + 1) * width + j + 1] + 1 {
                pairs.append((i, j))
                i += 1
                j += 1
            } else if lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return pairs
    }

    /// Pairs for lists too long for ``commonSubsequence(_:_:equal:)``: the k-th occurrence of each
    /// identity in one list with its k-th occurrence in the other, kept while both go forward.
    private static func inOrderPairs(_ expected: [[String]], _ actual: [[String]]) -> [(Int, Int)] {
        var occurrences: [[String]: [Int]] = [:]
        for (index, identity) in actual.enumerated() { occurrences[identity, default: []].append(index) }
        var used: [[String]: Int] = [:]
        var pairs: [(Int, Int)] = []
        var lastJ = -1
        for (i, identity) in expected.enumerated() {
            let k = used[identity, default: 0]
            guard let candidates = occurrences[identity], k < candidates.count else { continue }
            used[identity] = k + 1
            if candidates[k] > lastJ {
                pairs.append((i, candidates[k]))
                lastJ = candidates[k]
            }
        }
        return pairs
    }
}
