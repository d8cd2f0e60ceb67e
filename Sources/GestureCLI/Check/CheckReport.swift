import GestureTrace

/// The `--report` values of `check`.
enum CheckReportFormat: String, CaseIterable, Sendable {
    case text, json, github

    /// The report of this format.
    func report(color: Bool) -> any CheckReport {
        switch self {
        case .text: return TextCheckReport(color: color)
        case .json: return JSONCheckReport()
        case .github: return GitHubCheckReport()
        }
    }
}

/// Everything a report's ending needs: every trace checked, in order, and the run's context.
struct CheckSummary {
    /// The traces of this run (this shard's), in order, their analyses dropped.
    var checks: [TraceCheck]
    /// Golden files without a trace (reported by shard 1 only), not pruned.
    var orphans: [String]
    /// Orphaned golden files `--update --prune` deleted.
    var pruned: [String] = []
    /// How many traces were found before `--shard` took its slice.
    var found: Int
    /// `--shard`.
    var shard: Shard
    /// `--update`.
    var update: Bool
    /// `--tolerance`.
    var tolerance: Double

    /// How many checks had each outcome word (``TraceOutcome/word``).
    func count(_ word: String) -> Int { checks.filter { $0.outcome.word == word }.count }

    /// `checked 18 traces: 16 matched, 1 mismatched, 1 missing golden, 0 errors`, or under
    /// `--update` `updated 2 of 18 goldens`, followed by what else there is to say.
    var line: String {
        let scope = shard == .whole ? Self.plural(checks.count, "trace", "traces") : "\(checks.count) of \(found) traces (shard \(shard))"
        return Self.line(words: checks.map(\.outcome.word), scope: scope, update: update, orphans: orphans.count, pruned: pruned.count)
    }

    /// The summary line of traces with these outcome words (``TraceOutcome/word``): `scope` says
    /// which traces were checked (`18 traces`, `6 of 18 traces (shard 1/3)`). The HTML reports
    /// combined from shards say it as one run's report does.
    static func line(words: [String], scope: String, update: Bool, orphans: Int, pruned: Int) -> String {
        func count(_ word: String) -> Int { words.filter { $0 == word }.count }
        let errors = count("error")
        var text: String
        if update {
            text = "updated \(count("created") + count("rewritten")) of " + plural(words.count, "golden", "goldens")
            var notes: [String] = []
            if count("created") > 0 { notes.append("\(count("created")) new") }
            if errors > 0 { notes.append(plural(errors, "error", "errors")) }
            if !notes.isEmpty { text += " (" + notes.joined(separator: "; ") + ")" }
        } else {
            text = "checked \(scope): \(count("matched")) matched, \(count("mismatched")) mismatched, "
            text += "\(count("missing-golden")) missing golden, \(plural(errors, "error", "errors"))"
        }
        if orphans > 0 { text += "; " + plural(orphans, "orphaned golden file", "orphaned golden files") }
        if pruned > 0 { text += "; removed " + plural(pruned, "orphaned golden file", "orphaned golden files") }
        return text
    }

    /// `1 trace`, `2 traces`.
    static func plural(_ count: Int, _ one: String, _ many: String) -> String { "\(count) \(count == 1 ? one : many)" }
}

/// Turns the traces of a `check` run into the text of one report format on standard output.
///
/// The run writes ``entry(_:)`` for each trace as soon as it and those before it are done, and
/// ``ending(_:)`` once at the end.
///
/// See also: ``TextCheckReport``, ``JSONCheckReport``, ``GitHubCheckReport``, ``JUnitReport``.
protocol CheckReport {
    /// The text for one trace (often empty: matched traces are only counted).
    func entry(_ check: TraceCheck) -> String
    /// The text after the last trace: orphaned golden files and the totals.
    func ending(_ summary: CheckSummary) -> String
}

/// The readable lines of a trace's differences, shared by the reports.
///
/// ```
/// ~ t=15.2583  pan    began       line 2: translation.x expected -4.3333 got -4.5
/// - t=15.2833  swipe  recognized  expected, line 8
/// + t=15.29    swipe  recognized  actual, line 8
/// ```
///
/// `-` is a record of the golden file that the analysis no longer makes, `+` a record the analysis
/// makes that the golden file does not have, `~` the same transition with other values.
enum DiffLines {
    /// The most differences shown for one trace in text; the rest are counted.
    static let limit = 50

    /// The diff lines of `differences` (already in report order, ``DiffOrder``): one per
    /// ``DiffEntry``, each naming the record's kind, name, state or event and the figures that
    /// differ, with its time and golden line:
    ///
    /// ```
    /// ~ scrollView list didEndDragging contentOffset.y expected -124.1 got 0 at t=0.9 (golden line 31)
    /// - tap doubleTap recognized at t=0.44 only in the golden file (line 3): location {"x":1,"y":2}, taps 2
    /// ~ scrollView list didScroll ×107 from t=0.0333 to t=0.9: contentOffset.y expected 3.3333 … -124.1 got 0 … 0 (golden lines 4–214)
    /// ```
    ///
    /// At most `limit` lines, then a line saying how many more.
    static func lines(_ differences: [RecordDifference], limit: Int = DiffLines.limit, color: Bool = false) -> [String] {
        let entries = DiffEntry.entries(differences)
        var lines = entries.prefix(limit).map { line($0, color: color) }
        if entries.count > limit {
            let rest = entries.dropFirst(limit).reduce(0) { $0 + $1.count }
            lines.append("… and \(rest) more (the whole analysis is in the actual file)")
        }
        return lines
    }

    /// One entry's line.
    static func line(_ entry: DiffEntry, color: Bool = false) -> String {
        let first = entry.first, record = first.record
        let marker: String
        switch first.change {
        case .removed: marker = color ? TerminalStyle.red.apply("-") : "-"
        case .added: marker = color ? TerminalStyle.green.apply("+") : "+"
        case .changed: marker = color ? TerminalStyle.yellow.apply("~") : "~"
        }
        var text = marker + " " + escaped(record.kindName) + " " + escaped(record.actor)
        if !record.what.isEmpty { text += " " + escaped(record.what) }
        let lastRecord = entry.last.record
        if entry.count > 1 { text += " ×\(entry.count) from t=\(record.time) to t=\(lastRecord.time)" }
        switch first.change {
        case .changed:
            if entry.count > 1 {
                text += ": " + zip(first.fields, entry.last.fields).map { a, b in
                    "\(escaped(a.field)) expected \(value(a.expected)) … \(value(b.expected)) got \(value(a.actual)) … \(value(b.actual))"
                }.joined(separator: ", ")
                text += " (golden lines \(first.goldenLine)–\(entry.last.goldenLine))"
            } else {
                text += " " + first.fields.map(describe).joined(separator: ", ") + " at t=\(record.time) (golden line \(first.goldenLine))"
            }
        case .removed, .added:
            let side = first.change == .removed ? "only in the golden file" : "only in the analysis"
            let which = first.change == .removed ? "line" : "actual line"
            if entry.count > 1 {
                text += " \(side) (\(which)s \(record.line)–\(lastRecord.line))"
            } else {
                text += " at t=\(record.time) \(side) (\(which) \(record.line))"
                let gist = record.gist
                if !gist.isEmpty { text += ": " + escaped(gist) }
            }
        }
        return text
    }

    private static func value(_ value: JSONValue?) -> String { escaped(value?.compactText ?? "nothing") }

    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        return TextEscaping.replacing(text) { scalar in
            guard isControl(scalar) else { return nil }
            return TextEscaping.shortJSONEscape(scalar, backspaceAndFormFeed: true) ?? TextEscaping.unicodeJSONEscape(scalar)
        }
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// `translation.x expected 12 got 12.5`.
    static func describe(_ field: FieldDifference) -> String {
        "\(escaped(field.field)) expected \(escaped(field.expected?.compactText ?? "nothing")) got "
            + escaped(field.actual?.compactText ?? "nothing")
    }

    /// `3 differences from GOLDEN`.
    static func headline(_ differences: [RecordDifference], golden: String) -> String {
        CheckSummary.plural(differences.count, "difference", "differences") + " from " + golden
    }
}

/// The default report: nothing for a trace that matched, a block for one that did not, the totals.
///
/// ```
/// FAIL  traces/pan-fast.json: 1 difference from traces/pan-fast.expected.jsonl (actual output in traces/pan-fast.actual.jsonl)
///   ~ t=15.2583  pan  began  line 2: translation.x expected -4.3333 got -4.5
/// checked 18 traces: 17 matched, 1 mismatched, 0 missing golden, 0 errors
/// ```
struct TextCheckReport: CheckReport {
    /// ANSI colour is allowed.
    var color: Bool

    func entry(_ check: TraceCheck) -> String {
        if case .matched = check.outcome { return "" }  // no golden path made for a matching trace
        if case .unchanged = check.outcome { return "" }
        let target = check.target
        let trace = DiffLines.escaped(target.trace)
        let golden = DiffLines.escaped(target.golden)
        let actualNote = check.wroteActual ? " (actual output in \(DiffLines.escaped(target.actual)))" : ""
        var lines: [String]
        switch check.outcome {
        case .matched, .unchanged:
            return ""
        case .created:
            lines = ["created  \(golden)"]
        case .rewritten:
            lines = ["updated  \(golden)"]
        case .mismatched(let differences):
            lines = [label("FAIL ") + " \(trace): " + DiffLines.headline(differences, golden: golden) + actualNote]
            lines += sceneLine(check)
            lines += DiffLines.lines(differences, color: color).map { "  " + $0 }
        case .missingGolden:
            lines = [label("FAIL ") + " \(trace): no golden file \(golden)" + actualNote] + sceneLine(check)
        case .invalidTrace:
            lines = [label("ERROR") + " \(trace): cannot be analyzed (the error follows on standard error)"]
        case .invalidGolden(let error):
            let problem = error.diagnostic == nil ? "cannot be read" : "does not parse"
            lines = [label("ERROR") + " \(trace): its golden file \(problem)" + actualNote]
        case .cannotWrite(let error):
            lines = [label("ERROR") + " \(trace): cannot write '\(DiffLines.escaped(error.path))'"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func ending(_ summary: CheckSummary) -> String {
        var text = ""
        for orphan in summary.orphans {
            let tag = color ? TerminalStyle.yellow.apply("ORPHAN") : "ORPHAN"
            text += "\(tag) \(DiffLines.escaped(orphan)): no trace beside it has this golden file "
                + "(rename it, or delete it: 'gesturectl check --update --prune' deletes every orphan)\n"
        }
        for path in summary.pruned { text += "removed  \(DiffLines.escaped(path))\n" }
        text += summary.line + "\n"
        if summary.count("missing-golden") > 0 {
            text += "('gesturectl check --update PATH...' writes the missing golden files; review them first)\n"
        }
        return text
    }

    /// `  analyzed with the default scene`, or nothing when the scene is not known.
    private func sceneLine(_ check: TraceCheck) -> [String] {
        check.scene.map { ["  analyzed with the " + DiffLines.escaped($0.description)] } ?? []
    }

    private func label(_ word: String) -> String { color ? TerminalStyle.red.apply(word) : word }
}
