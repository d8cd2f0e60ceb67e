import GestureTrace

/// `--junit FILE`: the run as JUnit XML, one test case per trace, for CI test reporters.
///
/// ```xml
/// <?xml version="1.0" encoding="UTF-8"?>
/// <testsuites name="gesturectl check" tests="2" failures="1" errors="0" time="0.031">
///   <testsuite name="gesturectl check" tests="2" failures="1" errors="0" skipped="0" time="0.031">
///     <testcase classname="traces" name="tap.json" time="0.012"/>
///     <testcase classname="traces" name="pan.json" time="0.019">
///       <failure message="1 difference from traces/pan.expected.jsonl" type="mismatch">~ t=…</failure>
///     </testcase>
///   </testsuite>
/// </testsuites>
/// ```
///
/// Under `--shard K/N` the suite is named `gesturectl check (shard K/N)`. `classname` is the
/// trace's directory, `name` its file name. A trace that behaves differently or
/// has no golden file has a `failure` (type `mismatch` or `missing-golden`); one that cannot be
/// analyzed, or whose golden file cannot be read, an `error`. Orphaned golden files are listed in
/// the suite's `system-out`. Times are wall-clock seconds. Characters XML 1.0 does not allow are
/// replaced by U+FFFD.
enum JUnitReport {
    /// The whole document.
    ///
    /// - Parameter seconds: the run's wall-clock time.
    static func document(_ summary: CheckSummary, seconds: Double) -> String {
        let tests = summary.checks.count
        let failures = summary.checks.filter(\.outcome.isFailure).count
        let errors = summary.checks.filter(\.outcome.isError).count
        let counts = "tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\""
        let time = "time=\"\(DecimalFormatting.string(seconds, fractionDigits: 3))\""
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"gesturectl check\" \(counts) \(time)>\n"
        // Each shard's suite has its own name, so that a test-report action merging the shards'
        // files shows them apart (the cases' names stay the traces').
        let suite = summary.shard == .whole ? "gesturectl check" : "gesturectl check (shard \(summary.shard))"
        xml += "  <testsuite name=\"\(suite)\" \(counts) skipped=\"0\" \(time)>\n"
        for check in summary.checks { xml += testCase(check) }
        if !summary.orphans.isEmpty {
            let lines = summary.orphans.map { "orphaned golden file (no trace beside it has this name): \($0)" }
            xml += "    <system-out>" + escapeText(lines.joined(separator: "\n")) + "</system-out>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    private static func testCase(_ check: TraceCheck) -> String {
        let target = check.target
        let directory = CheckPath.directory(of: target.trace)
        let head =
            "    <testcase classname=\"\(escapeAttribute(directory))\" name=\"\(escapeAttribute(CheckPath.fileName(of: target.trace)))\" "
            + "time=\"\(DecimalFormatting.string(check.seconds, fractionDigits: 3))\""
        let body: String
        switch check.outcome {
        case .matched, .created, .rewritten, .unchanged:
            return head + "/>\n"
        case .mismatched(let differences):
            var message = DiffLines.headline(differences, golden: target.golden)
            if check.wroteActual { message += " (actual output in \(target.actual))" }
            body = element("failure", message: message, type: "mismatch", text: DiffLines.lines(differences).joined(separator: "\n"))
        case .missingGolden:
            var message = "no golden file \(target.golden)"
            if check.wroteActual { message += " (actual output in \(target.actual))" }
            body = element("failure", message: message, type: "missing-golden", text: message)
        case .invalidTrace, .invalidGolden, .cannotWrite:
            let messages = check.outcome.errorMessages
            let type: String
            switch check.outcome {
            case .invalidGolden: type = "invalid-golden"
            case .cannotWrite: type = "cannot-write"
            default: type = "invalid-trace"
            }
            body = element("error", message: messages.first ?? "", type: type, text: messages.joined(separator: "\n"))
        }
        return head + ">\n" + body + "    </testcase>\n"
    }

    private static func element(_ name: String, message: String, type: String, text: String) -> String {
        "      <\(name) message=\"\(escapeAttribute(message))\" type=\"\(type)\">\(escapeText(text))</\(name)>\n"
    }

    /// Text content: `&`, `<`, `>` escaped, characters XML does not allow replaced.
    static func escapeText(_ text: String) -> String { escape(text, attribute: false) }

    /// An attribute value: also quotes escaped, and tab, LF and CR as character references so that
    /// a parser's attribute-value normalization keeps them.
    static func escapeAttribute(_ text: String) -> String { escape(text, attribute: true) }

    private static func escape(_ text: String, attribute: Bool) -> String {
        TextEscaping.replacing(text) { scalar in
            if let entity = TextEscaping.xmlEntity(scalar, quotes: attribute) { return entity }
            switch scalar {
            case "\t" where attribute: return "&#9;"
            case "\n" where attribute: return "&#10;"
            case "\r": return "&#13;"
            case "\t", "\n": return nil
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": return "\u{FFFD}"
            default: return nil
            }
        }
    }
}
