import GestureTrace

/// `--report github`: GitHub Actions workflow commands, so that each failing trace becomes an
/// annotation on the pull request, at the golden file's line where it first differs.
///
/// ```
/// ::error file=traces/pan.expected.jsonl,line=2,title=traces/pan.json does not match its golden file::1 difference from …%0A~ t=…
/// ::warning file=traces/old.expected.jsonl,title=orphaned golden file::no trace beside it has this golden file
/// checked 18 traces: 17 matched, 1 mismatched, 0 missing golden, 0 errors
/// ```
///
/// Messages escape `%`, CR and LF (`%25`, `%0D`, `%0A`); property values also `:` and `,` (`%3A`,
/// `%2C`), as the runner's own toolkit does. The totals end the report as a plain line.
///
/// See also: https://docs.github.com/actions/reference/workflow-commands-for-github-actions
struct GitHubCheckReport: CheckReport {
    /// The most difference lines in one annotation (GitHub shows the first few lines anyway).
    static let differenceLimit = 20

    func entry(_ check: TraceCheck) -> String {
        let target = check.target
        switch check.outcome {
        case .matched, .unchanged:
            return ""
        case .created, .rewritten:
            return Self.command(
                "notice", file: target.golden, title: "golden file \(check.outcome.word)",
                message: "\(target.golden) now holds the analysis of \(target.trace)")
        case .mismatched(let differences):
            var message = DiffLines.headline(differences, golden: target.golden)
            if check.wroteActual { message += " (actual output in \(target.actual))" }
            message += "\n" + DiffLines.lines(differences, limit: Self.differenceLimit).joined(separator: "\n")
            return Self.command(
                "error", file: target.golden, line: differences.first?.goldenLine, title: "\(target.trace) does not match its golden file",
                message: message)
        case .missingGolden:
            var message = "\(target.trace) has no golden file \(target.golden)"
            if check.wroteActual { message += "; its actual output is in \(target.actual)" }
            message += "; 'gesturectl check --update \(target.trace)' makes it the golden file"
            return Self.command("error", file: target.trace, title: "missing golden file", message: message)
        case .invalidTrace, .invalidGolden, .cannotWrite:
            let title: String
            switch check.outcome {
            case .invalidGolden(let error):
                title = "golden file of \(target.trace) " + (error.diagnostic == nil ? "cannot be read" : "does not parse")
            case .cannotWrite: title = "cannot write a file of \(target.trace)"
            default: title = "\(target.trace) cannot be analyzed"
            }
            return check.outcome.problems.map { problem in
                Self.command(
                    "error", file: problem.file, line: problem.position?.line, column: problem.position?.column, title: title,
                    message: problem.message)
            }.joined()
        }
    }

    func ending(_ summary: CheckSummary) -> String {
        var text = ""
        for orphan in summary.orphans {
            text += Self.command(
                "warning", file: orphan, title: "orphaned golden file",
                message: "no trace beside \(orphan) has this golden file (rename it or delete it)")
        }
        return text + summary.line + "\n"
    }

    /// One workflow command line: `::KIND file=F,line=L,col=C,title=T::MESSAGE`.
    static func command(
        _ kind: String, file: String? = nil, line: Int? = nil, column: Int? = nil, title: String, message: String
    ) -> String {
        var properties: [String] = []
        if let file { properties.append("file=" + escapeProperty(file)) }
        if let line, line > 0 { properties.append("line=\(line)") }
        if let column, column > 0 { properties.append("col=\(column)") }
        properties.append("title=" + escapeProperty(title))
        return "::\(kind) \(properties.joined(separator: ","))::\(escapeData(message))\n"
    }

    /// A message escaped: `%` → `%25`, CR → `%0D`, LF → `%0A`.
    static func escapeData(_ text: String) -> String { escape(text, property: false) }

    /// A property value escaped: as a message, and also `:` → `%3A`, `,` → `%2C`.
    static func escapeProperty(_ text: String) -> String { escape(text, property: true) }

    private static func escape(_ text: String, property: Bool) -> String {
        TextEscaping.replacing(text) { scalar in
            switch scalar {
            case "%": return "%25"
            case "\r": return "%0D"
            case "\n": return "%0A"
            case ":" where property: return "%3A"
            case "," where property: return "%2C"
            default: return nil
            }
        }
    }
}
