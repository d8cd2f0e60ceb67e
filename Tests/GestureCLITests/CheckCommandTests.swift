import Foundation
import GestureTrace
import Testing

@testable import GestureCLI

/// `gesturectl check` run in process on temporary corpora: matching, differences, missing and
/// orphaned golden files, malformed input, `--update`, `--shard`, `--jobs`.
@Suite struct CheckCommandTests {}

/// A temporary corpus for `check`: a tap and a pan at the top, a tap in `sub/`.
final class CheckCorpus {
    let fixtures: Fixtures

    /// Creates the corpus; `goldens` runs `check --update` on it first.
    init(goldens: Bool = true) throws {
        fixtures = try Fixtures()
        try write("pan.jsonl", CheckCorpus.pan())
        try write("tap.jsonl", TraceText.tap)
        try write("sub/tap.jsonl", TraceText.tap)
        if goldens {
            let update = check(["--update", "."])
            #expect(update.status == 0, "\(update)")
        }
    }

    /// The corpus directory.
    var root: String { fixtures.directory.path }

    /// The absolute path of `name`.
    func path(_ name: String) -> String { fixtures.path(name) }

    /// Writes `name` (creating its directory) with `contents`.
    func write(_ name: String, _ contents: String) throws {
        let url = fixtures.directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
    }

    /// The contents of `name`, or nil when it does not exist.
    func read(_ name: String) -> String? {
        try? String(contentsOfFile: path(name), encoding: .utf8)
    }

    /// Whether `name` exists.
    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path(name)) }

    /// Replaces the first `old` in `name` with `new`.
    func edit(_ name: String, replacing old: String, with new: String) throws {
        let text = try #require(read(name))
        let range = try #require(text.range(of: old), "\(old) not in \(name)")
        try write(name, text.replacingCharacters(in: range, with: new))
    }

    /// Runs `gesturectl check ARGUMENTS`; `.` stands for the corpus directory.
    func check(_ arguments: [String], variables: [String: String] = [:]) -> RunResult {
        runInProcess(["check"] + arguments.map { $0 == "." ? root : $0 }, variables: variables)
    }

    /// A finger moving right 4 pt every 10 ms from (100, 400) for 0.2 s, then lifting: a pan.
    static func pan(step: Double = 4) -> String {
        var lines = [#"{"gesturectl": 1, "screen": {"width": 390, "height": 844}}"#]
        lines.append(#"{"t": 0, "id": 1, "phase": "began", "x": 100, "y": 400}"#)
        for index in 1...20 {
            let t = Double(index) / 100
            lines.append(#"{"t": \#(t), "id": 1, "phase": "moved", "x": \#(100 + step * Double(index)), "y": 400}"#)
        }
        lines.append(#"{"t": 0.21, "id": 1, "phase": "ended", "x": \#(100 + step * 20), "y": 400}"#)
        return lines.joined(separator: "\n") + "\n"
    }
}

/// The records of a `--report json` document's `traces`, as (trace, status) pairs.
func reportedTraces(_ json: String) throws -> [(trace: String, status: String)] {
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let traces = try #require(document["traces"] as? [[String: Any]])
    return traces.map { ($0["trace"] as? String ?? "", $0["status"] as? String ?? "") }
}

extension CheckCommandTests {
    @Test func everyTraceMatchesItsFreshGolden() throws {
        let corpus = try CheckCorpus()
        #expect(corpus.exists("pan.jsonl.expected.jsonl"))
        #expect(corpus.exists("tap.jsonl.expected.jsonl"))
        #expect(corpus.exists("sub/tap.jsonl.expected.jsonl"))
        let analysis = runInProcess(["analyze", "--format", "jsonl", corpus.path("pan.jsonl")])
        #expect(corpus.read("pan.jsonl.expected.jsonl") == analysis.stdout)
        let result = corpus.check(["."])
        #expect(result == RunResult(status: 0, stdout: "checked 3 traces: 3 matched, 0 mismatched, 0 missing golden, 0 errors\n", stderr: ""))
        #expect(!corpus.exists("pan.jsonl.actual.jsonl"))
    }

    @Test func changedFigureBeyondTheTolerance() throws {
        let corpus = try CheckCorpus()
        try corpus.edit("tap.jsonl.expected.jsonl", replacing: #""location":{"x":195,"#, with: #""location":{"x":195.5,"#)
        let result = corpus.check(["."])
        #expect(result.status == 1)
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == "FAIL  \(corpus.path("tap.jsonl")): 1 difference from \(corpus.path("tap.jsonl.expected.jsonl")) (actual output in \(corpus.path("tap.jsonl.actual.jsonl")))"
        )
        #expect(lines.dropFirst().first == "  analyzed with the default scene")
        #expect(lines.dropFirst(2).first == "  ~ tap tap recognized location.x expected 195.5 got 195 at t=0.44 (golden line 7)")
        #expect(lines.last == "checked 3 traces: 2 matched, 1 mismatched, 0 missing golden, 0 errors")
        let analysis = runInProcess(["analyze", "--format", "jsonl", corpus.path("tap.jsonl")])
        #expect(corpus.read("tap.jsonl.actual.jsonl") == analysis.stdout)
        #expect(!corpus.exists("sub/tap.jsonl.actual.jsonl"))
    }

    @Test func differencesWithinTheToleranceMatch() throws {
        let corpus = try CheckCorpus()
        try corpus.edit("tap.jsonl.expected.jsonl", replacing: #""location":{"x":195,"#, with: #""location":{"x":195.000001,"#)
        #expect(corpus.check(["."]).status == 0)
        #expect(corpus.check(["--tolerance", "0", "."]).status == 1)
        try corpus.edit("tap.jsonl.expected.jsonl", replacing: #""location":{"x":195.000001,"#, with: #""location":{"x":195.4,"#)
        #expect(corpus.check(["."]).status == 1)
        #expect(corpus.check(["--tolerance", "0.5", "."]).status == 0)
        #expect(corpus.check(["--tolerance=0.4", "."]).status == 0)
        #expect(corpus.check(["--tolerance", "0.39", "."]).status == 1)
    }

    @Test func textIsComparedExactly() throws {
        let corpus = try CheckCorpus()
        try corpus.edit("tap.jsonl.expected.jsonl", replacing: "no second tap", with: "No second tap")
        let result = corpus.check(["--tolerance", "1000", "."])
        #expect(result.status == 1)
        #expect(result.stdout.contains(#"reason expected "No second tap within multiTapInterval 0.35 s" got "no second tap"#))
    }

    @Test func anInsertedAndARemovedRecordShowAsOneLineEach() throws {
        let corpus = try CheckCorpus()
        let golden = try #require(corpus.read("pan.jsonl.expected.jsonl"))
        var lines = golden.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count > 8)
        let removed = lines.remove(at: 4)
        lines.insert(#"{"t":0.1,"recognizer":"ghost","kind":"tap","view":"screen","state":"failed","reason":"made up"}"#, at: 6)
        try corpus.write("pan.jsonl.expected.jsonl", lines.joined(separator: "\n"))
        let result = corpus.check([corpus.path("pan.jsonl")])
        #expect(result.status == 1)
        let diff = result.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("  analyzed with") }
        #expect(diff.count == 2, "\(result)")
        #expect(diff.filter { $0.hasPrefix("  - ") && $0.contains("ghost") && $0.hasSuffix("failed at t=0.1 only in the golden file (line 7): made up") }.count == 1)
        let removedRecord = try #require(try JSONLines.records(Array(removed.utf8), file: "x").first)
        #expect(
            diff.filter { $0.hasPrefix("  + ") && $0.contains(" \(removedRecord.actor) ") && $0.contains("at t=\(removedRecord.time) only in the analysis (actual line 5)") }
                .count == 1, "\(diff)")
    }

    @Test func missingGoldenFails() throws {
        let corpus = try CheckCorpus()
        try corpus.write("sub/new.jsonl", TraceText.tap)
        let result = corpus.check(["."])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "FAIL  \(corpus.path("sub/new.jsonl")): no golden file \(corpus.path("sub/new.jsonl.expected.jsonl")) (actual output in \(corpus.path("sub/new.jsonl.actual.jsonl")))\n"
            ))
        #expect(result.stdout.contains("checked 4 traces: 3 matched, 0 mismatched, 1 missing golden, 0 errors\n"))
        #expect(corpus.read("sub/new.jsonl.actual.jsonl") == corpus.read("sub/tap.jsonl.expected.jsonl"))
        #expect(!corpus.exists("sub/new.jsonl.expected.jsonl"))
    }

    @Test func orphanedGoldenIsReportedWithoutFailing() throws {
        let corpus = try CheckCorpus()
        try corpus.write("sub/gone.expected.jsonl", "")
        let result = corpus.check(["."])
        #expect(result.status == 0)
        #expect(result.stdout.contains("ORPHAN \(corpus.path("sub/gone.expected.jsonl")): no trace beside it has this golden file"))
        #expect(result.stdout.hasSuffix("checked 3 traces: 3 matched, 0 mismatched, 0 missing golden, 0 errors; 1 orphaned golden file\n"))
        // Said once: in the report, not again on standard error.
        #expect(result.stderr == "")
        // Only the first shard reports it, so a matrix reports it once.
        #expect(corpus.check(["--shard", "1/2", "."]).stdout.contains("ORPHAN"))
        #expect(!corpus.check(["--shard", "2/2", "."]).stdout.contains("ORPHAN"))
    }

    @Test func malformedGoldenIsAnErrorAtItsPosition() throws {
        let corpus = try CheckCorpus()
        try corpus.write("tap.jsonl.expected.jsonl", "{\"t\": 0.09}\n\n{\"t\": 0.44, \"x\": }\n")
        let result = corpus.check(["."])
        #expect(result.status == 65)
        let diagnostic = "\(corpus.path("tap.jsonl.expected.jsonl")):3:18: error: expected a value, found '}'"
        #expect(result.stderr == diagnostic + "\n")
        #expect(result.stdout.contains("ERROR \(corpus.path("tap.jsonl")): its golden file does not parse"))
        #expect(!result.stdout.contains(diagnostic))  // each error once: on standard error
        #expect(result.stdout.hasSuffix("checked 3 traces: 2 matched, 0 mismatched, 0 missing golden, 1 error\n"))
        #expect(corpus.exists("tap.jsonl.actual.jsonl"))

        try corpus.write("tap.jsonl.expected.jsonl", "{\"t\": 0.09}\n[1, 2]\n")
        let array = corpus.check([corpus.path("tap.jsonl")])
        #expect(array.status == 65)
        #expect(
            array.stderr == "\(corpus.path("tap.jsonl.expected.jsonl")):2:1: error: expected a record (a JSON object) on each line, found an array\n")
        // --update repairs it.
        #expect(corpus.check(["--update", "."]).stdout == "updated  \(corpus.path("tap.jsonl.expected.jsonl"))\nupdated 1 of 3 goldens\n")
        #expect(corpus.check(["."]).status == 0)
    }

    @Test func invalidTracesAreReportedAndTheOthersChecked() throws {
        let corpus = try CheckCorpus()
        try corpus.write("bad.jsonl", TraceText.malformed)
        let result = corpus.check(["."])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("\(corpus.path("bad.jsonl")):2:"))
        #expect(result.stderr.contains(": error: "))
        #expect(result.stdout.contains("ERROR \(corpus.path("bad.jsonl")): cannot be analyzed (the error follows on standard error)\n"))
        #expect(!result.stdout.contains("\(corpus.path("bad.jsonl")):2:"))
        #expect(result.stdout.hasSuffix("checked 4 traces: 3 matched, 0 mismatched, 0 missing golden, 1 error\n"))
        #expect(!corpus.exists("bad.jsonl.actual.jsonl"))

        let missing = corpus.check([corpus.path("tap.jsonl"), corpus.path("none.jsonl")])
        #expect(missing.status == 66)
        #expect(missing.stderr == "gesturectl: cannot open '\(corpus.path("none.jsonl"))': No such file or directory\n")
        let nowhere = corpus.check([corpus.path("nowhere")])
        #expect(nowhere.status == 66)
        #expect(nowhere.stderr.hasPrefix("gesturectl: cannot open '\(corpus.path("nowhere"))': No such file or directory\n"))
    }

    @Test func worstStatusWins() throws {
        let corpus = try CheckCorpus()
        try corpus.edit("tap.jsonl.expected.jsonl", replacing: "0.44", with: "0.45")
        #expect(corpus.check(["."]).status == 1)
        try corpus.write("bad.jsonl", TraceText.malformed)
        #expect(corpus.check(["."]).status == 65)
        #expect(corpus.check([".", corpus.path("none.json")]).status == 66)
    }
}

extension CheckCommandTests {
    @Test func updateWritesOnlyWhatChangedAndSaysHowMany() throws {
        let corpus = try CheckCorpus(goldens: false)
        let first = corpus.check(["--update", "."])
        #expect(first.status == 0)
        #expect(first.stdout.hasSuffix("updated 3 of 3 goldens (3 new)\n"))
        #expect(first.stdout.contains("created  \(corpus.path("sub/tap.jsonl.expected.jsonl"))\n"))
        let untouched = try FileManager.default.attributesOfItem(atPath: corpus.path("pan.jsonl.expected.jsonl"))[.systemFileNumber] as? Int

        try corpus.edit("tap.jsonl.expected.jsonl", replacing: "0.44", with: "0.45")
        #expect(corpus.check(["."]).status == 1)
        #expect(corpus.exists("tap.jsonl.actual.jsonl"))
        let second = corpus.check(["--update", "."])
        #expect(second == RunResult(status: 0, stdout: "updated  \(corpus.path("tap.jsonl.expected.jsonl"))\nupdated 1 of 3 goldens\n", stderr: ""))
        #expect(!corpus.exists("tap.jsonl.actual.jsonl"), "a stale actual file goes once the trace matches")
        let after = try FileManager.default.attributesOfItem(atPath: corpus.path("pan.jsonl.expected.jsonl"))[.systemFileNumber] as? Int
        #expect(untouched == after, "an unchanged golden file is not rewritten")
        #expect(corpus.check(["--update", "."]).stdout == "updated 0 of 3 goldens\n")
    }

    @Test func updateNeverWritesActualFiles() throws {
        let corpus = try CheckCorpus()
        try corpus.write("bad.jsonl", TraceText.malformed)
        let result = corpus.check(["--update", "."])
        #expect(result.status == 65)
        #expect(result.stdout.hasSuffix("updated 0 of 4 goldens (1 error)\n"))
        #expect(!corpus.exists("bad.jsonl.expected.jsonl"))
        #expect(!corpus.exists("bad.jsonl.actual.jsonl"))
    }

    @Test func updateRefusesUnderCIUnlessForced() throws {
        let corpus = try CheckCorpus(goldens: false)
        let refused = corpus.check(["--update", "."], variables: ["CI": "true"])
        #expect(refused.status == 77)
        #expect(refused.stdout == "")
        #expect(refused.stderr.hasPrefix("gesturectl check: error: refusing to rewrite golden files because CI is set (CI=true)"))
        #expect(refused.stderr.contains("'--force'"))
        #expect(!corpus.exists("tap.jsonl.expected.jsonl"))
        let forced = corpus.check(["--update", "--force", "."], variables: ["CI": "true"])
        #expect(forced.status == 0)
        #expect(corpus.exists("tap.jsonl.expected.jsonl"))
        #expect(corpus.check(["--update", "."], variables: ["CI": ""]).status == 0)
        #expect(corpus.check(["--force", "."]).status == 2)
        // Checking (not updating) is what CI does.
        #expect(corpus.check(["."], variables: ["CI": "true"]).status == 0)
    }
}

extension CheckCommandTests {
    @Test func shardsCoverEveryTraceExactlyOnce() throws {
        let corpus = try CheckCorpus()
        for index in 0..<7 { try corpus.write("more/t\(index).jsonl", TraceText.tap) }
        #expect(corpus.check(["--update", "."]).status == 0)
        let all = try reportedTraces(corpus.check(["--report", "json", "."]).stdout).map(\.trace)
        #expect(all.count == 10)
        #expect(all == all.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        for count in 1...5 {
            var seen: [String] = []
            for index in 1...count {
                let result = corpus.check(["--report", "json", "--shard", "\(index)/\(count)", "."])
                #expect(result.status == 0)
                let traces = try reportedTraces(result.stdout).map(\.trace)
                #expect(traces == all.enumerated().filter { $0.offset % count == index - 1 }.map(\.element))
                seen += traces
            }
            #expect(seen.sorted() == all.sorted(), "shards of \(count)")
        }
        let text = corpus.check(["--shard", "2/3", "."])
        #expect(text.stdout == "checked 3 of 10 traces (shard 2/3): 3 matched, 0 mismatched, 0 missing golden, 0 errors\n")
    }

    @Test func badShardJobsAndToleranceAreUsageErrors() throws {
        let corpus = try CheckCorpus(goldens: false)
        for shard in ["0/3", "4/3", "1/0", "a/b", "3", "1/2/3", ""] {
            let result = corpus.check(["--shard", shard, "."])
            #expect(result.status == 2, "--shard \(shard)")
            #expect(result.stderr.hasPrefix("gesturectl check: invalid value '\(shard)' for '--shard'"), "\(result)")
        }
        for jobs in ["0", "-1", "two", "1.5"] {
            #expect(corpus.check(["--jobs", jobs, "."]).stderr.hasPrefix("gesturectl check: invalid value '\(jobs)' for '--jobs'"))
        }
        for tolerance in ["-1", "x", "nan", "inf"] {
            #expect(corpus.check(["--tolerance", tolerance, "."]).status == 2)
        }
        #expect(corpus.check(["--report", "xml", "."]).status == 2)
        #expect(corpus.check(["--junit", "-", "."]).status == 2)
        #expect(corpus.check(["-", "-"]).stderr.hasPrefix("gesturectl check: standard input ('-') can be read only once"))
        #expect(corpus.check([]).stderr.hasPrefix("gesturectl check: missing PATH\nusage: gesturectl check "))
        #expect(!corpus.exists("tap.jsonl.actual.jsonl"))
    }

    @Test func outputIsTheSameForOneJobOrMany() throws {
        let corpus = try CheckCorpus()
        for index in 0..<12 { try corpus.write("more/t\(index).jsonl", index % 3 == 0 ? CheckCorpus.pan(step: 3) : TraceText.tap) }
        try corpus.write("more/bad.jsonl", TraceText.malformed)
        #expect(corpus.check(["--update", "."]).status == 65)
        try corpus.edit("more/t0.jsonl.expected.jsonl", replacing: "\"began\"", with: "\"ended\"")
        try corpus.edit("more/t4.jsonl.expected.jsonl", replacing: "0.44", with: "0.4")
        for report in ["text", "json", "github"] {
            let one = corpus.check(["--jobs", "1", "--report", report, "."])
            #expect(one.status == 65)
            for jobs in ["2", "4", "16"] {
                #expect(corpus.check(["--jobs", jobs, "--report", report, "."]) == one, "--jobs \(jobs) --report \(report)")
            }
        }
    }

    @Test func tracesComeOutSortedWhateverTheOrderOfThePaths() throws {
        let corpus = try CheckCorpus()
        let forward = corpus.check(["--report", "json", corpus.path("pan.jsonl"), corpus.path("sub"), corpus.path("tap.jsonl")])
        let backward = corpus.check(["--report", "json", corpus.path("tap.jsonl"), corpus.path("sub"), corpus.path("pan.jsonl"), "."])
        #expect(forward == backward)
        #expect(try reportedTraces(forward.stdout).map(\.trace) == ["pan.jsonl", "sub/tap.jsonl", "tap.jsonl"].map(corpus.path))
    }

    @Test func progressOnlyOnATerminal() throws {
        let corpus = try CheckCorpus()
        let quiet = corpus.check(["."])
        #expect(quiet.stderr == "")
        let shown = runInProcess(["check", corpus.root], errorsTerminal: true)
        #expect(shown.stderr.contains("checked 3 of 3 traces"))
        #expect(shown.stdout == quiet.stdout)
    }

    @Test func helpDescribesTheCommand() {
        let help = runInProcess(["help", "check"])
        #expect(help.status == 0)
        #expect(
            help.stdout.hasPrefix(
                "usage: gesturectl check [--update] [--force] [--prune] [--jobs N] [--shard K/N]\n                        [--junit FILE]"))
        #expect(runInProcess(["--help"]).stdout.contains("\n  check "))
    }
}

/// Goldens written with deliveries (`--deliveries`) are compared with them.
extension CheckCommandTests {
    @Test func aGoldenWithDeliveriesIsComparedWithDeliveries() throws {
        let corpus = try CheckCorpus()
        let update = corpus.check(["--update", "--deliveries", "."])
        #expect(update.status == 0, "\(update)")
        let golden = try #require(corpus.read("tap.jsonl.expected.jsonl"))
        let analysis = runInProcess(["analyze", "--deliveries", "--format", "jsonl", corpus.path("tap.jsonl")])
        #expect(golden == analysis.stdout)
        #expect(golden.hasPrefix(#"{"type":"delivery","t":0,"method":"touchesBegan","responder":"screen""#))
        // Without --deliveries, each golden still decides.
        #expect(corpus.check(["."]).status == 0)
        try corpus.edit("tap.jsonl.expected.jsonl", replacing: #""method":"touchesBegan","responder":"screen""#, with: #""method":"touchesBegan","responder":"root""#)
        let result = corpus.check(["."])
        #expect(result.status == 1)
        #expect(result.stdout.contains("touchesBegan"), "\(result.stdout)")
    }

    @Test func holdsDeliveriesLooksAtTheFirstRecord() {
        #expect(TraceCheck.holdsDeliveries(Array("{\"type\":\"delivery\",\"t\":0}\n".utf8)))
        #expect(TraceCheck.holdsDeliveries(Array("\u{FEFF}\n { \"type\":\"transition\"}\n".utf8)))
        #expect(!TraceCheck.holdsDeliveries(Array("{\"t\":0,\"recognizer\":\"tap\"}\n".utf8)))
        #expect(!TraceCheck.holdsDeliveries([]))
    }
}
