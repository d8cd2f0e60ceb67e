import Foundation
import GestureKit
import GestureTrace

/// `check --html FILE`: the run as one self-contained HTML page for a CI artifact.
///
/// Inline CSS and SVG only (nothing run, nothing loaded from the network); the page's content is
/// also embedded as JSON (``HTMLReportData``) for `check --combine-html`, which joins the pages of
/// a sharded run into one (``HTMLReportCombiner``). At the top the totals and
/// a list of the traces that need a look; then a table of every trace (collapsed beyond
/// ``openTableLimit`` rows, with a switch that hides the matched ones); then, for each trace that
/// did not match, a section with its messages or record differences and, for a mismatch, its
/// timeline as the golden file has it above the timeline the analysis makes now (sharing one time
/// axis, value curves included). Plots are drawn for the first ``plotLimit`` mismatches only, so a
/// corpus that fails wholesale still gives a page a browser opens.
///
/// The sections are built as each trace is delivered (its actual analysis is at hand then); the
/// page is written at the end.
final class HTMLReport {
    /// The most mismatches whose timelines are drawn.
    static let plotLimit = 100
    /// Above this many traces the table starts collapsed.
    static let openTableLimit = 1000

    private let resolver: SceneResolver
    private let settings: AnalyzeSettings
    /// Where the replays of mismatched traces go (`REPORT.replays/` beside the report) and the
    /// folder's name for links from the report; nil writes none.
    private let replays: (folder: String, link: String)?
    private var entries: [HTMLReportData.Entry] = []
    private var plots = 0
    /// The position of the trace being added (``HTMLReportData/Entry/position``).
    private var position = 0

    /// - Parameter file: the report's path; the replays go into a folder beside it named after it
    ///   (`report.html` → `report.replays/`).
    init(resolver: SceneResolver, settings: AnalyzeSettings, file: String? = nil) {
        self.resolver = resolver
        self.settings = settings
        replays = file.map(Self.replayFolder(of:))
    }

    /// `dir/report.html` → (`dir/report.replays`, `report.replays`).
    static func replayFolder(of file: String) -> (folder: String, link: String) {
        let slash = file.lastIndex(of: "/")
        let directory = slash.map { String(file[...$0]) } ?? ""
        var name = String(slash.map { file[file.index(after: $0)...] } ?? Substring(file))
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
        return (directory + name + ".replays", name + ".replays")
    }

    /// Takes one checked trace, in report order.
    ///
    /// - Parameter position: the trace's place in the sorted list of all traces found, from 1 (its
    ///   place in a shard's list differs): it numbers the trace's row, section and replay alike in
    ///   every shard's page and in the unsharded run's.
    func add(_ check: TraceCheck, position: Int) {
        self.position = position
        let target = check.target
        let word = check.outcome.word
        var entry = HTMLReportData.Entry(position: position, trace: target.trace, golden: target.golden, outcome: word)
        defer { entries.append(entry) }
        guard check.outcome.isFailure || check.outcome.isError else { return }
        var sections = "<section id=\"\(entry.anchor)\" class=\"\(word)\">\n<h2>\(Self.escaped(target.trace)) <span class=\"outcome\">\(word)</span></h2>\n"
        switch check.outcome {
        case .mismatched(let differences):
            sections += "<p>\(Self.escaped(DiffLines.headline(differences, golden: target.golden)))"
            if check.wroteActual { sections += "; the whole analysis is in \(Self.escaped(target.actual))" }
            sections += "</p>\n<pre class=\"diff\">"
            for line in DiffLines.lines(differences) {
                let kind = line.hasPrefix("-") ? "removed" : line.hasPrefix("+") ? "added" : line.hasPrefix("~") ? "changed" : "more"
                sections += "<span class=\"\(kind)\">\(Self.escaped(line))</span>\n"
            }
            sections += "</pre>\n"
            let drawn = timelines(check)
            sections += drawn.html
            entry.replay = drawn.replay
        case .missingGolden:
            sections += "<p>No golden file \(Self.escaped(target.golden))"
            if check.wroteActual { sections += "; the analysis is in \(Self.escaped(target.actual)) (review it, then rename it)" }
            sections += ".</p>\n"
        default:
            sections += "<pre class=\"errors\">" + check.outcome.errorMessages.map(Self.escaped).joined(separator: "\n") + "</pre>\n"
        }
        sections += "<p><a href=\"#summary\">back to the summary</a></p>\n</section>\n"
        entry.section = sections
    }

    /// The golden timeline above the actual one, or a note saying why there is none, and the link to
    /// the replay written.
    private func timelines(_ check: TraceCheck) -> (html: String, replay: String?) {
        guard plots < Self.plotLimit else {
            let html = "<p class=\"note\">Timelines are drawn for the first \(Self.plotLimit) mismatches only: "
                + "<code>gesturectl plot \(Self.escaped(check.target.trace))</code> draws this one.</p>\n"
            return (html, nil)
        }
        let run: RecordedRun
        let golden: [TransitionRecord]
        do throws(TraceAnalysisError) {
            run = try RecordedRun.record(path: check.target.trace, settings: settings, resolver: resolver)
            do throws(TraceError) {
                let bytes = try CheckFiles.contents(of: check.target.golden) ?? []
                golden = try JSONLines.records(bytes, file: check.target.golden).compactMap(GoldenTransition.record)
            } catch {
                throw .unreadable(error)
            }
        } catch {
            return ("<p class=\"note\">No timelines: \(Self.escaped(error.messages.joined(separator: "; ")))</p>\n", nil)
        }
        let actual = PlotInput(run)
        plots += 1
        let replay = writeReplay(run, golden: golden)
        let times = actual.samples.map(\.t) + actual.transitions.map(\.t) + golden.map(\.t)
        let span = (start: times.min() ?? 0, end: max(times.max() ?? 0, (times.min() ?? 0) + 0.1))
        var expected = actual
        expected.name = "golden: " + check.target.golden
        expected.transitions = golden
        expected.timeSpan = span
        var now = actual
        now.name = "actual: " + check.target.trace
        now.timeSpan = span
        let prefix = "p\(position)-"
        return (replay.html + "<div class=\"plots\">\n<figure>" + Self.inline(SVGPlot(expected, timelineOnly: true).render(), idPrefix: prefix + "g-")
            + "</figure>\n<figure>" + Self.inline(SVGPlot(now, timelineOnly: true).render(), idPrefix: prefix + "a-") + "</figure>\n</div>\n", replay.link)
    }

    /// Writes the replay of the actual run with the golden file's transitions beside it (`gesturectl
    /// view`'s page) into the replay folder, and returns the paragraph that links to it and the link.
    private func writeReplay(_ run: RecordedRun, golden: [TransitionRecord]) -> (html: String, link: String?) {
        guard let replays else { return ("", nil) }
        let base = run.path.split(separator: "/").last.map(String.init) ?? "trace"
        let name = "\(position)-" + String(base.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." ? $0 : "_" }) + ".html"
        let page = ReplayPage.html(ReplayData(run: run, golden: golden.map { .transition($0) }))
        do {
            try FileManager.default.createDirectory(atPath: replays.folder, withIntermediateDirectories: true)
        } catch {
            return ("<p class=\"note\">The replay cannot be written: \(Self.escaped(replays.folder)): \(Self.escaped("\(error)"))</p>\n", nil)
        }
        do throws(CheckFiles.WriteError) {
            try CheckFiles.replace(replays.folder + "/" + name, with: page)
        } catch {
            return ("<p class=\"note\">The replay cannot be written: \(Self.escaped(error.description))</p>\n", nil)
        }
        let link = replays.link + "/" + name
        return (Self.replayParagraph(link), link)
    }

    /// The paragraph that links to a replay.
    static func replayParagraph(_ link: String) -> String {
        "<p class=\"replay\"><a href=\"\(escaped(link))\">▶ Watch the replay</a> of the actual run, with the golden file's "
            + "transitions under each recognizer's lane (<code>\(escaped(link))</code>).</p>\n"
    }

    /// An SVG document ready to sit inside HTML: without its XML declaration, its ids prefixed so
    /// that several drawings on one page keep theirs apart.
    static func inline(_ svg: String, idPrefix: String) -> String {
        var text = Substring(svg)
        if text.hasPrefix("<?xml"), let end = text.firstIndex(of: "\n") { text = text[text.index(after: end)...] }
        return String(text).replacingOccurrences(of: " id=\"", with: " id=\"\(idPrefix)")
            .replacingOccurrences(of: "url(#", with: "url(#\(idPrefix)")
    }

    /// The whole page.
    func document(_ summary: CheckSummary) -> String {
        Self.page(HTMLReportData(
            line: summary.line, shards: [summary.shard.description], found: summary.found, update: summary.update,
            orphans: summary.orphans, pruned: summary.pruned, traces: entries))
    }

    /// The page that shows `data`, with `data` embedded.
    static func page(_ data: HTMLReportData) -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>gesturectl check: \(escaped(data.line))</title>
            <style>\(style)</style>
            </head>
            <body>
            <h1>gesturectl check</h1>
            <p class="line">\(escaped(data.line))</p>

            """
        if !data.combinedFrom.isEmpty {
            let parts = zip(data.shards, data.combinedFrom).map { "shard \($0) (<code>\(escaped($1))</code>)" }
            html += "<p class=\"shards\">Combined from " + parts.joined(separator: ", ") + ".</p>\n"
        }
        // The counts read as the text summary's: "0 missing golden", "1 error", "2 errors".
        func count(_ word: String) -> Int { data.traces.filter { $0.outcome == word }.count }
        let counts: [(word: String, text: String)] = [
            ("matched", "\(count("matched")) matched"), ("mismatched", "\(count("mismatched")) mismatched"),
            ("missing-golden", "\(count("missing-golden")) missing golden"),
            ("error", CheckSummary.plural(count("error"), "error", "errors")),
        ]
        html += "<ul class=\"counts\">" + counts.map { "<li class=\"\($0.word)\">\($0.text)</li>" }.joined() + "</ul>\n"
        let problems = data.traces.filter(\.needsLook)
        if !problems.isEmpty {
            html += "<h2>Needs a look</h2>\n<ol class=\"problems\">\n"
            for problem in problems {
                let replay = problem.replay.map { " · <a href=\"\(escaped($0))\">replay</a>" } ?? ""
                html += "<li class=\"\(problem.outcome)\"><a href=\"#\(problem.anchor)\">\(escaped(problem.trace))</a> \(problem.outcome)\(replay)</li>\n"
            }
            html += "</ol>\n"
        }
        if !data.orphans.isEmpty {
            html += "<h2>Golden files without a trace</h2>\n<ul>"
                + data.orphans.map { "<li>\(escaped($0))</li>" }.joined() + "</ul>\n"
        }
        html += "<details id=\"summary\"\(data.traces.count <= openTableLimit ? " open" : "")>\n"
        html += "<summary>Every trace (\(data.traces.count))</summary>\n"
        html += "<input type=\"checkbox\" id=\"hide-matched\"><label for=\"hide-matched\">hide matched traces</label>\n"
        html += "<table>\n<thead><tr><th>#</th><th>trace</th><th>outcome</th><th>golden file</th></tr></thead>\n<tbody>\n"
        for entry in data.traces {
            let name = entry.needsLook ? "<a href=\"#\(entry.anchor)\">\(escaped(entry.trace))</a>" : escaped(entry.trace)
            html += "<tr class=\"\(entry.outcome)\"><td>\(entry.position)</td><td>\(name)</td><td class=\"outcome\">\(entry.outcome)</td>"
                + "<td>\(escaped(entry.golden))</td></tr>\n"
        }
        html += "</tbody>\n</table>\n</details>\n"
        html += problems.compactMap(\.section).joined()
        html += data.scriptBlock()
        html += "</body>\n</html>\n"
        return html
    }

    /// Text for HTML content and attribute values: control characters spelled out as the text
    /// report spells them, then escaped as XML (`&`, `<`, `>`, quotes).
    static func escaped(_ text: String) -> String {
        JUnitReport.escapeAttribute(DiffLines.escaped(text))
    }

    private static let style = """
        body{font-family:Helvetica,Arial,sans-serif;margin:24px;color:#222;max-width:1400px}
        h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px}
        .line{font-size:15px}
        .counts{list-style:none;padding:0;display:flex;gap:18px;font-weight:bold}
        .matched .outcome,li.matched{color:#2e7d32}.mismatched .outcome,li.mismatched{color:#c62828}
        .missing-golden .outcome,li.missing-golden{color:#ef6c00}.error .outcome,li.error{color:#6a1b9a}
        table{border-collapse:collapse;font-size:13px;margin-top:8px}
        th,td{border:1px solid #ddd;padding:3px 8px;text-align:left}th{background:#f3f4f7}
        tr.mismatched td,tr.missing-golden td,tr.error td{font-weight:bold}
        #hide-matched:checked~table tr.matched{display:none}
        section{border-top:2px solid #ddd;margin-top:24px}
        pre{background:#f7f7f9;padding:8px;overflow-x:auto;font-size:12px}
        .diff .removed{color:#c62828}.diff .added{color:#2e7d32}.diff .changed{color:#8d6e00}
        .plots figure{margin:8px 0}.plots svg{max-width:100%;height:auto;border:1px solid #eee}
        .note{color:#666}
        """
}

/// A golden file's transition records, read back for drawing.
enum GoldenTransition {
    /// The transition `record` holds, or nil for a delivery or a record without the keys every
    /// transition has.
    static func record(_ line: LineRecord) -> TransitionRecord? {
        let value = line.value
        func member(_ key: String) -> JSONValue? { value.member(key)?.value.value }
        func string(_ key: String) -> String? {
            if case .string(let text)? = member(key) { return text }
            return nil
        }
        func number(_ value: JSONValue?) -> Double? {
            if case .number(let number, _)? = value { return number }
            return nil
        }
        func point(_ key: String) -> Point? {
            guard case .object? = member(key), let x = number(member(key)?.member("x")?.value.value),
                let y = number(member(key)?.member("y")?.value.value)
            else { return nil }
            return Point(x: x, y: y)
        }
        guard string("type") ?? "transition" == "transition", let t = number(member("t")), let recognizer = string("recognizer"),
            let state = string("state").flatMap(RecognizerState.init(rawValue:))
        else { return nil }
        var record = TransitionRecord(t: t, recognizer: recognizer, kind: string("kind") ?? "", view: string("view") ?? "", state: state)
        record.location = point("location")
        record.touches = number(member("touches")).flatMap { Int(exactly: $0) }
        record.translation = point("translation")
        if let velocity = point("velocity") {
            record.velocity = .vector(velocity)
        } else if let velocity = number(member("velocity")) {
            record.velocity = .scalar(velocity)
        }
        record.scale = number(member("scale"))
        record.rotation = number(member("rotation"))
        record.direction = string("direction")
        record.taps = number(member("taps")).flatMap { Int(exactly: $0) }
        record.template = string("template")
        record.score = number(member("score"))
        record.reason = string("reason")
        record.cause = string("cause")
        return record
    }
}
