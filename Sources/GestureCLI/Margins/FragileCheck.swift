import GestureKit

/// `check --fragile PERCENT`: the traces of a corpus whose outcome changes within PERCENT of some
/// perturbation (docs/margins.md), after the check's own report.
///
/// ```
/// FRAGILE  traces/conflicts/swipe-cell-vs-table-scroll/broken/swipe-13-degrees.jsonl: reveal failed → recognized with 0.42° clockwise (…), 0.5%
/// fragile: 1 of 52 traces changes outcome within 5% (9,810 replays)
/// ```
enum FragileCheck {
    /// What the pass found.
    struct Result {
        var fragileCount = 0
        /// The first failure to write standard output, as an exit status.
        var outputFailure: ExitStatus?
    }

    /// Searches the margins of `paths` on `jobs` threads and writes one line per fragile trace, in
    /// order, then a summary. Traces that cannot be analyzed are left out: the check reported them.
    ///
    /// - Parameter github: write each fragile trace as a GitHub workflow warning on the trace
    ///   (`::warning file=PATH,title=fragile trace::…`) instead of a `FRAGILE` line.
    static func run(
        _ paths: [String], percent: Double, jobs: Int, settings: AnalyzeSettings, resolver: SceneResolver, github: Bool = false,
        environment: CommandEnvironment
    ) -> Result {
        var result = Result()
        var replays = 0
        var analyzed = 0
        OrderedWork.run(
            count: paths.count, jobs: jobs,
            work: { index in try? TraceMargins.compute(path: paths[index], settings: settings, resolver: resolver) },
            deliver: { _, margins in
                guard let margins else { return true }
                analyzed += 1
                replays += margins.replays
                guard let line = github ? annotation(margins, percent: percent) : line(margins, percent: percent).map({ $0 + "\n" })
                else { return true }
                result.fragileCount += 1
                do throws(OutputError) {
                    try environment.standardOutput.write(line)
                } catch {
                    result.outputFailure = environment.report(error)
                    return false
                }
                return true
            })
        guard result.outputFailure == nil else { return result }
        let verb = result.fragileCount == 1 ? "changes" : "change"
        let summary = "fragile: \(result.fragileCount) of \(analyzed) trace\(analyzed == 1 ? "" : "s") \(verb) outcome within "
            + "\(DecimalFormatting.string(percent, fractionDigits: 2))% (\(replays) replays)\n"
        do throws(OutputError) {
            try environment.standardOutput.write(summary)
            try environment.standardOutput.flush()
        } catch {
            result.outputFailure = environment.report(error)
        }
        return result
    }

    /// The GitHub workflow warning for a trace whose nearest flip is within `percent`, or nil.
    static func annotation(_ margins: TraceMargins, percent: Double) -> String? {
        guard let nearest = margins.nearest, nearest.flip.percent <= percent else { return nil }
        let outcome = MarginReport.outcomeText(nearest.recognizer.outcome)
        return GitHubCheckReport.command(
            "warning", file: margins.path, title: "fragile trace",
            message: "\(nearest.recognizer.recognizer) \(outcome) → " + MarginReport.describe(nearest.flip, nearest.episode.episode))
    }

    /// The report's line for a trace whose nearest flip is within `percent`, or nil.
    static func line(_ margins: TraceMargins, percent: Double) -> String? {
        guard let nearest = margins.nearest, nearest.flip.percent <= percent else { return nil }
        let outcome = MarginReport.outcomeText(nearest.recognizer.outcome)
        return "FRAGILE  \(margins.path): \(nearest.recognizer.recognizer) \(outcome) → "
            + MarginReport.describe(nearest.flip, nearest.episode.episode)
    }
}
