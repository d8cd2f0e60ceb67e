import Foundation
import Testing

@testable import GestureCLI

/// `check --html FILE`: one self-contained page, read by Python's HTML parser as a browser would
/// read its structure: every link resolves, nothing comes from elsewhere.
@Suite struct HTMLReportTests {
    /// Parses `html` with Python's html.parser and prints what the checks need as JSON: the ids,
    /// the local and other links, the elements that would load something, and the parse's sanity.
    static let parserScript = #"""
        import json, sys
        from html.parser import HTMLParser
        class P(HTMLParser):
            def __init__(self):
                super().__init__()
                self.ids, self.links, self.loads, self.stack, self.unclosed = [], [], [], [], 0
                self.sections, self.svgs, self.text = [], 0, []
            def handle_starttag(self, tag, attrs):
                a = dict(attrs)
                if 'id' in a: self.ids.append(a['id'])
                if tag == 'a' and 'href' in a: self.links.append(a['href'])
                # The report's data block (type application/json) is never run.
                data = tag == 'script' and a.get('type') == 'application/json' and 'src' not in a
                if tag in ('script', 'link', 'img', 'iframe', 'object', 'embed') and not data or 'src' in a: self.loads.append(tag)
                if tag == 'section': self.sections.append(a.get('id'))
                if tag == 'svg': self.svgs += 1
                if tag not in ('meta', 'input', 'br', 'img', 'link', 'rect', 'line', 'circle', 'path', 'polyline'): self.stack.append(tag)
            def handle_startendtag(self, tag, attrs):
                a = dict(attrs)
                if 'id' in a: self.ids.append(a['id'])
            def handle_endtag(self, tag):
                if tag in ('rect', 'line', 'circle', 'path', 'polyline'): return
                if self.stack and self.stack[-1] == tag: self.stack.pop()
                else: self.unclosed += 1
            def handle_data(self, data):
                # What a reader sees: not the embedded report data.
                if not (self.stack and self.stack[-1] == 'script'): self.text.append(data)
        p = P(); p.feed(open(sys.argv[1], encoding='utf-8').read()); p.close()
        print(json.dumps({'ids': p.ids, 'links': p.links, 'loads': p.loads, 'open': p.stack, 'unbalanced': p.unclosed,
                          'sections': p.sections, 'svgs': p.svgs, 'text': ''.join(p.text)}))
        """#

    struct Parsed {
        var ids: [String]
        var links: [String]
        var loads: [String]
        var balanced: Bool
        var sections: [String]
        var svgs: Int
        var text: String
    }

    static func parse(_ path: String) throws -> Parsed? {
        guard let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: FileManager.default.isExecutableFile) else {
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", parserScript, path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return Parsed(
            ids: object["ids"] as? [String] ?? [], links: object["links"] as? [String] ?? [], loads: object["loads"] as? [String] ?? [],
            balanced: (object["open"] as? [String])?.isEmpty == true && object["unbalanced"] as? Int == 0,
            sections: (object["sections"] as? [String?] ?? []).compactMap { $0 }, svgs: object["svgs"] as? Int ?? 0,
            text: object["text"] as? String ?? "")
    }

    /// A corpus with a match, a mismatch, a missing golden file and a trace that does not parse.
    static func corpus() throws -> Fixtures {
        let root = TraceEventTests.root.appendingPathComponent("traces")
        let pan = try String(contentsOf: root.appendingPathComponent("pan-fast.jsonl"), encoding: .utf8)
        let golden = try String(contentsOf: root.appendingPathComponent("pan-fast.jsonl.expected.jsonl"), encoding: .utf8)
            .replacingOccurrences(of: #""translation":{"x":-4.3333"#, with: #""translation":{"x":-9"#)
            .split(separator: "\n").filter { !$0.contains(#""state":"recognized""#) }.joined(separator: "\n") + "\n"
        let tap = try String(contentsOf: root.appendingPathComponent("tap.jsonl"), encoding: .utf8)
        let tapGolden = try String(contentsOf: root.appendingPathComponent("tap.jsonl.expected.jsonl"), encoding: .utf8)
        return try Fixtures([
            "pan-fast.jsonl": pan, "pan-fast.jsonl.expected.jsonl": golden, "tap.jsonl": tap, "tap.jsonl.expected.jsonl": tapGolden,
            "nogold.jsonl": tap, "bad.jsonl": #"{"t": 0, "id": 1, "phase": "moved""# + "\n",
        ])
    }

    @Test func pageParsesAndItsLinksResolve() throws {
        let fixtures = try Self.corpus()
        let report = fixtures.path("report.html")
        let result = runInProcess(["check", "--html", report, fixtures.directory.path])
        #expect(result.status == 65)
        #expect(result.stdout.hasSuffix("checked 4 traces: 1 matched, 1 mismatched, 1 missing golden, 1 error\n"
            + "('gesturectl check --update PATH...' writes the missing golden files; review them first)\n"), "\(result.stdout)")
        guard let page = try Self.parse(report) else { return }
        #expect(page.balanced)
        #expect(page.loads.isEmpty, "\(page.loads)")
        let local = page.links.filter { $0.hasPrefix("#") }
        // The links elsewhere: the mismatch's replay, beside the report, with the golden transitions,
        // from its section and from the list of traces that need a look.
        let elsewhere = page.links.filter { !$0.hasPrefix("#") }
        #expect(elsewhere == ["report.replays/3-pan-fast.jsonl.html", "report.replays/3-pan-fast.jsonl.html"], "links elsewhere: \(elsewhere)")
        for link in Set(elsewhere) {
            let replay = try String(contentsOfFile: fixtures.path(link), encoding: .utf8)
            let data = try ViewCommandTests.data(of: replay)
            #expect((data["golden"] as? [[String: Any]])?.contains { $0["recognizer"] as? String == "pan" } == true)
            #expect((data["records"] as? [[String: Any]])?.contains { $0["state"] as? String == "recognized" } == true)
        }
        for link in local { #expect(page.ids.contains(String(link.dropFirst())), "\(link) goes nowhere") }
        #expect(Set(page.ids).count == page.ids.count, "ids repeat")
        // A section for each trace that needs a look, linked from the summary; none for the match.
        #expect(page.sections.count == 3)
        for section in page.sections { #expect(local.contains("#" + section)) }
        // The mismatch: its record differences and two timelines, golden above actual.
        #expect(page.text.contains("~ pan pan began translation.x expected -9 got -4.3333 at t=15.2583 (golden line 2)"))
        #expect(page.text.contains("+ swipe swipe recognized at t=15.2833 only in the analysis (actual line 8)"))
        #expect(page.svgs == 2)
        let html = try String(contentsOfFile: report, encoding: .utf8)
        let goldenAt = try #require(html.range(of: "golden: "))
        let actualAt = try #require(html.range(of: "actual: "))
        #expect(goldenAt.lowerBound < actualAt.lowerBound)
        #expect(page.text.contains("bad.jsonl:1:35: error: unexpected end of line inside a JSON Lines record"))
    }

    /// Ten thousand traces: the table starts collapsed and the page stays small; details only for
    /// the traces that need a look.
    @Test func tenThousandTraces() throws {
        let report = HTMLReport(
            resolver: try SceneResolver(sceneFile: nil), settings: try AnalyzeSettings(ParsedArguments(values: [:], operands: []), terminal: false))
        var checks: [TraceCheck] = []
        for index in 0..<10_000 {
            let trace = "corpus/t\(index).jsonl"
            let target = CheckTarget(trace: trace)
            let check = TraceCheck(target: target, outcome: index % 1000 == 7 ? .missingGolden : .matched, analysis: nil)
            report.add(check, position: index + 1)
            checks.append(check)
        }
        let summary = CheckSummary(checks: checks, orphans: [], found: 10_000, shard: .whole, update: false, tolerance: 1e-6)
        let html = report.document(summary)
        // About 1.4 MB of page and 1.1 MB of the data embedded for --combine-html (2,542,687 bytes).
        #expect(html.utf8.count < 3_000_000)
        #expect(html.contains("<details id=\"summary\">\n<summary>Every trace (10000)</summary>"))
        #expect(html.components(separatedBy: "<section ").count - 1 == 10)
        let fixtures = try Fixtures(["big.html": html])
        guard let page = try Self.parse(fixtures.path("big.html")) else { return }
        #expect(page.balanced)
        for link in page.links { #expect(page.ids.contains(String(link.dropFirst()))) }
    }

    @Test func htmlNeedsAFile() {
        let result = runInProcess(["check", "--html", "-", "traces"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("gesturectl check: '--html' needs a file name: standard output carries the report\n"))
    }
}

extension HTMLReportTests {
    /// The counts read as the text summary's line (issue 30: "0 missing-golden", "1 error" as "1 error").
    @Test func theCountsReadLikeTheTextSummary() throws {
        let fixtures = try Fixtures(["bad.jsonl": TraceText.malformed, "tap.jsonl": TraceText.tap])
        let html = fixtures.path("report.html")
        let result = runInProcess(["check", "--html", html, fixtures.path("bad.jsonl"), fixtures.path("tap.jsonl")])
        #expect(result.stdout.contains("checked 2 traces: 0 matched, 0 mismatched, 1 missing golden, 1 error"), "\(result)")
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.contains(#"<ul class="counts"><li class="matched">0 matched</li><li class="mismatched">0 mismatched</li>"#
            + #"<li class="missing-golden">1 missing golden</li><li class="error">1 error</li></ul>"#), "\(page)")
    }
}
