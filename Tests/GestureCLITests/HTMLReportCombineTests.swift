import Foundation
import Testing

@testable import GestureCLI

/// `check --combine-html OUT REPORT…`: the pages of a sharded run joined into the page the
/// unsharded run writes, from the data each page embeds.
@Suite struct HTMLReportCombineTests {
    /// The data embedded in the page at `path`.
    static func data(_ path: String) throws -> HTMLReportData {
        try HTMLReportData(page: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// The shards' pages of HTMLReportTests' corpus (a match, a mismatch, a missing golden file, a
    /// trace that does not parse), combined, against the whole run's page.
    @Test(arguments: [2, 3])
    func shardsCombinedReadAsTheWholeRun(shards: Int) throws {
        let fixtures = try HTMLReportTests.corpus()
        let corpus = fixtures.directory.path
        let whole = runInProcess(["check", "--html", fixtures.path("whole.html"), corpus])
        #expect(whole.status == 65)
        var pages: [String] = []
        for index in 1...shards {
            // Each shard's page sits in its own folder, as CI artifacts are downloaded.
            try FileManager.default.createDirectory(atPath: fixtures.path("shard-\(index)"), withIntermediateDirectories: true)
            let page = fixtures.path("shard-\(index)/report-\(index).html")
            _ = runInProcess(["check", "--shard", "\(index)/\(shards)", "--html", page, corpus])
            pages.append(page)
        }
        let combined = fixtures.path("out/all.html")
        try FileManager.default.createDirectory(atPath: fixtures.path("out"), withIntermediateDirectories: true)
        // Given in any order.
        let result = runInProcess(["check", "--combine-html", combined] + pages.reversed())
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.isEmpty, "\(result.stderr)")

        let expected = try Self.data(fixtures.path("whole.html"))
        let got = try Self.data(combined)
        #expect(got.line == "checked 4 traces: 1 matched, 1 mismatched, 1 missing golden, 1 error")
        #expect(got.line == expected.line)
        #expect(got.shards == (1...shards).map { "\($0)/\(shards)" })
        #expect(got.combinedFrom == pages)
        // Every trace in the whole run's order with its outcome, and the same ones need a look.
        #expect(got.traces.map(\.trace) == expected.traces.map(\.trace))
        #expect(got.traces.map(\.outcome) == expected.traces.map(\.outcome))
        #expect(got.traces.map(\.position) == [1, 2, 3, 4])
        #expect(got.traces.filter(\.needsLook).map(\.trace) == expected.traces.filter(\.needsLook).map(\.trace))
        #expect(got.traces.filter(\.needsLook).count == 3)
        // The mismatch's replay is copied beside the combined page and linked from there.
        let mismatch = try #require(got.traces.first { $0.outcome == "mismatched" })
        #expect(mismatch.replay == "all.replays/3-pan-fast.jsonl.html")
        let replay = try String(contentsOfFile: fixtures.path("out/all.replays/3-pan-fast.jsonl.html"), encoding: .utf8)
        #expect(replay == (try String(contentsOfFile: fixtures.path("whole.replays/3-pan-fast.jsonl.html"), encoding: .utf8)))

        // The page itself: the whole run's, with the shards named and the replay folder renamed.
        let wholePage = try String(contentsOfFile: fixtures.path("whole.html"), encoding: .utf8)
        let page = try String(contentsOfFile: combined, encoding: .utf8)
        func visible(_ html: String) -> String { String(html[..<(html.range(of: "<script")?.lowerBound ?? html.endIndex)]) }
        let names = pages.enumerated().map { "shard \($0.offset + 1)/\(shards) (<code>\($0.element)</code>)" }
        #expect(visible(page) == visible(wholePage)
            .replacingOccurrences(of: "whole.replays/", with: "all.replays/")
            .replacingOccurrences(of: "</p>\n<ul class=\"counts\">", with: "</p>\n<p class=\"shards\">Combined from " + names.joined(separator: ", ")
                + ".</p>\n<ul class=\"counts\">"))
        guard let parsed = try HTMLReportTests.parse(combined) else { return }
        #expect(parsed.balanced)
        #expect(parsed.loads.isEmpty)
        #expect(Set(parsed.ids).count == parsed.ids.count, "ids repeat")
        for link in parsed.links where link.hasPrefix("#") { #expect(parsed.ids.contains(String(link.dropFirst())), "\(link) goes nowhere") }
        for link in parsed.links where !link.hasPrefix("#") { #expect(FileManager.default.fileExists(atPath: fixtures.path("out/" + link)), "\(link)") }
    }

    @Test func aPageThatIsNoReportIsRefused() throws {
        let fixtures = try Fixtures([
            "page.html": "<!DOCTYPE html>\n<html><body><p>build log</p></body></html>\n",
            "broken.html": #"<html><script type="application/json" id="gesturectl-check-report">{"format": "gesturectl check report", "version": 1</script></html>"#,
            "later.html": #"<script type="application/json" id="gesturectl-check-report">{"format":"gesturectl check report","version":2}</script>"#,
        ])
        let out = fixtures.path("all.html")
        let cases = [
            ("page.html", "not a gesturectl check report: it holds no report data (write the reports with 'gesturectl check --html FILE')"),
            ("broken.html", "not a gesturectl check report: its report data cannot be read (not valid JSON)"),
            ("later.html", "its report data is version 2; this gesturectl reads version 1 (combine with the gesturectl that wrote it)"),
        ]
        for (name, message) in cases {
            let result = runInProcess(["check", "--combine-html", out, fixtures.path(name)])
            #expect(result.status == 65, "\(name)")
            #expect(result.stderr == fixtures.path(name) + ": error: " + message + "\n")
            #expect(result.stdout.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        let missing = runInProcess(["check", "--combine-html", out, fixtures.path("none.html")])
        #expect(missing.status == 66)
    }

    @Test func pagesOfDifferentRunsAreRefusedAndAMissingShardIsSaid() throws {
        let fixtures = try HTMLReportTests.corpus()
        let corpus = fixtures.directory.path
        for (name, shard) in [("a1.html", "1/2"), ("a2.html", "2/2"), ("b1.html", "1/3")] {
            _ = runInProcess(["check", "--shard", shard, "--html", fixtures.path(name), corpus])
        }
        let out = fixtures.path("all.html")
        let mixed = runInProcess(["check", "--combine-html", out, fixtures.path("a1.html"), fixtures.path("b1.html")])
        #expect(mixed.status == 65)
        #expect(mixed.stderr == fixtures.path("b1.html") + ": error: shard 1/3 of a run in 3, but " + fixtures.path("a1.html")
            + " is shard 1/2: combine the pages of one run\n")
        let twice = runInProcess(["check", "--combine-html", out, fixtures.path("a1.html"), fixtures.path("a1.html")])
        #expect(twice.status == 65)
        #expect(twice.stderr.contains(": error: shard 1/2 again"))
        let alone = runInProcess(["check", "--combine-html", out, fixtures.path("a2.html")])
        #expect(alone.status == 0)
        #expect(alone.stderr == "gesturectl check: warning: no page of shard 1/2: the combined page lacks their traces\n")
        let line = try Self.data(out).line
        #expect(line == "checked 2 of 4 traces (shards 2/2; missing 1/2): 1 matched, 0 mismatched, 1 missing golden, 0 errors", "\(line)")
    }

    /// A shard page moved without its .replays folder: the page is still combined, without that
    /// replay's link, and the status says a file could not be opened.
    @Test func aReplayLeftBehindIsSaidAndLeftOut() throws {
        let fixtures = try HTMLReportTests.corpus()
        let corpus = fixtures.directory.path
        for index in 1...2 {
            _ = runInProcess(["check", "--shard", "\(index)/2", "--html", fixtures.path("report-\(index).html"), corpus])
        }
        // Trace 3, the mismatch, is shard 1's.
        try FileManager.default.removeItem(atPath: fixtures.path("report-1.replays"))
        let out = fixtures.path("all.html")
        let result = runInProcess(["check", "--combine-html", out, fixtures.path("report-1.html"), fixtures.path("report-2.html")])
        #expect(result.status == 66)
        #expect(result.stderr == "gesturectl check: warning: the replay " + fixtures.path("report-1.replays/3-pan-fast.jsonl.html")
            + " is not there (copy each page's .replays folder with it): the combined page has no replay of " + fixtures.path("pan-fast.jsonl") + "\n",
            "\(result.stderr)")
        let mismatch = try #require(try Self.data(out).traces.first { $0.outcome == "mismatched" })
        #expect(mismatch.replay == nil)
        #expect(mismatch.section?.contains("replay") == false)
        #expect(!(try String(contentsOfFile: out, encoding: .utf8)).contains(".replays/"))
    }

    @Test func combiningTakesNoOtherOption() {
        let result = runInProcess(["check", "--combine-html", "all.html", "--shard", "1/2", "report-1.html"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix(
            "gesturectl check: '--shard' does not apply with '--combine-html', which combines the PATHs' HTML reports and checks nothing\n"))
    }
}
