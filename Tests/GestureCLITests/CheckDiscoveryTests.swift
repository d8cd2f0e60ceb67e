import Foundation
import GestureTrace
import Testing

@testable import GestureCLI

/// Which files `check` takes for traces, how golden files are named, paths on standard input, and
/// how records are lined up in a diff.
@Suite struct CheckDiscoveryTests {}

extension CheckDiscoveryTests {
    /// Sorting by the keys' first bytes as integers gives the order of comparing whole keys by their
    /// bytes: shared prefixes of every length, keys that are prefixes of others, non-ASCII names.
    @Test func sortingByBytes() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "b", "/", ".", "0", "9", "json", "é", "Z", "~", "\u{1F600}", "ab/cd/ef/", ".expected.jsonl"]
        for prefix in ["", "/work/scratch/corpus/", "traces/scenes-x/"] {
            for _ in 0..<200 {
                let count = Int.random(in: 0..<40, using: &generator)
                let keys = Set((0..<count).map { _ in
                    prefix + (0..<Int.random(in: 0..<6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
                })
                let shuffled = Array(keys).shuffled(using: &generator)
                #expect(ByteOrder.sorted(shuffled) { $0 } == shuffled.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
            }
        }
    }

    @Test func traceNames() {
        for name in ["tap.json", "tap.jsonl", "tap.ndjson", "tap.csv", "TAP.JSON", "a.b.csv", "trace.expected.json"] {
            #expect(GoldenNaming.isTrace(name), "\(name)")
        }
        for name in [
            "tap.jsonl.expected.jsonl", "tap.jsonl.actual.jsonl", "tap.json.expected.jsonl", "scene.json", "Scene.JSON", ".hidden.json", "tap.txt",
            "tap", "README.md",
        ] {
            #expect(!GoldenNaming.isTrace(name), "\(name)")
        }
        #expect(GoldenNaming.isUnderScenes("traces/scenes/card.json"))
        #expect(GoldenNaming.isUnderScenes("scenes/card.json"))
        #expect(!GoldenNaming.isUnderScenes("traces/scenes.json"))
        #expect(!GoldenNaming.isUnderScenes("traces/my-scenes/card.json"))
    }

    /// Plain ASCII names are read byte by byte; the others as `String`s (lowercasing may change
    /// their length: the Kelvin sign K lowercases to `k`).
    @Test func namesInEveryCase() {
        for name in ["A.EXPECTED.JSONL", "tap.json.Expected.Jsonl", "é.json.expected.jsonl", "x.expected.jsonl"] {
            #expect(GoldenNaming.isGolden(name), "\(name)")
        }
        for name in [".expected.jsonl", "expected.jsonl", "a.expected.json", "a.expected.jsonl\r\n"] {
            #expect(!GoldenNaming.isGolden(name), "\(name)")
        }
        #expect(GoldenNaming.isActual("T.ACTUAL.JSONL") && !GoldenNaming.isActual(".actual.jsonl"))
        #expect(GoldenNaming.isActions("swipe.Actions") && !GoldenNaming.isActions(".actions"))
        for name in ["GESTURECTL-CHECK.JSON", "gesturectl-chec\u{212A}.json", "SCENE.json", "scene.json"] {
            #expect(!GoldenNaming.isTrace(name), "\(name)")
        }
        for name in ["scenes.json", "gesturectl-check.jsonl", "\u{212A}.json", "a\r\nb.csv"] {
            #expect(GoldenNaming.isTrace(name), "\(name)")
        }
    }

    /// Paths sort by their UTF-8 bytes: a prefix first, `Z` before `a`, `é` after `z`.
    @Test func pathsSortByBytes() {
        let paths = ["b", "a/b.json", "a", "", "Z.json", "é.json", "e\u{301}.json", "z.json", "a.json", "a/", "ab"]
        #expect(paths.sorted(by: CheckPath.precedes) == paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(CheckPath.precedes("a", "ab") && !CheckPath.precedes("ab", "a") && !CheckPath.precedes("a", "a"))
    }

    /// A golden name depends only on its trace's own name: adding `pan.csv` beside `pan.json`
    /// never renames `pan.json`'s golden file.
    @Test func goldenNamesDependOnlyOnTheTracesOwnName() {
        #expect(
            ["tap.json", "tap.jsonl", "Tap.csv", "pan.json", "a.b.csv"].map(GoldenNaming.goldenName)
                == [
                    "tap.json.expected.jsonl", "tap.jsonl.expected.jsonl", "Tap.csv.expected.jsonl", "pan.json.expected.jsonl",
                    "a.b.csv.expected.jsonl",
                ])
    }

    @Test func pathsAreNormalized() {
        #expect(CheckPath.normalized("./traces//tap.json") == "traces/tap.json")
        #expect(CheckPath.normalized("traces/") == "traces")
        #expect(CheckPath.normalized(".") == ".")
        #expect(CheckPath.normalized("./") == ".")
        #expect(CheckPath.normalized("/tmp/./x/") == "/tmp/x")
        #expect(CheckPath.normalized("/") == "/")
        #expect(CheckPath.join(".", "a.json") == "a.json")
        #expect(CheckPath.directory(of: "a.json") == ".")
        #expect(CheckPath.directory(of: "/a.json") == "/")
        #expect(CheckPath.directory(of: "x/y/a.json") == "x/y")
    }

    @Test func whatTheSearchFinds() throws {
        let corpus = try CheckCorpus(goldens: false)
        try corpus.write("same/tap.json", #"{"gesturectl": 1, "samples": [{"t": 0, "id": 1, "phase": "began", "x": 195, "y": 420}, {"t": 0.09, "id": 1, "phase": "ended", "x": 195, "y": 420}]}"#)
        try corpus.write("same/tap.jsonl", TraceText.tap)
        try corpus.write("same/tap.csv", "t,id,phase,x,y\n0,1,began,195,420\n0.09,1,ended,195,420\n")
        try corpus.write("same/scene.json", runInProcess(["scene", "--default"]).stdout)
        try corpus.write("same/scenes/other.json", "{}")
        try corpus.write("same/.hidden/x.jsonl", TraceText.tap)
        try corpus.write("same/notes.txt", "not a trace")
        try corpus.write("same/old.actual.jsonl", "")
        let result = corpus.check(["--update", corpus.path("same")])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout
                == ["tap.csv", "tap.json", "tap.jsonl"].map { "created  \(corpus.path("same/\($0).expected.jsonl"))\n" }.joined()
                + "updated 3 of 3 goldens (3 new)\n")
        #expect(corpus.read("same/tap.csv.expected.jsonl") == corpus.read("same/tap.json.expected.jsonl"))
        // A trace named on its own still uses the name its directory gives it.
        let single = corpus.check(["--report", "json", corpus.path("same/tap.csv")])
        #expect(single.status == 0)
        #expect(single.stdout.contains(#""golden": "\#(corpus.path("same/tap.csv.expected.jsonl"))""#))
    }

    @Test func goldenActualAndSceneFilesStandForTheirTraces() throws {
        let corpus = try CheckCorpus()
        try corpus.write("sub/scene.json", runInProcess(["scene", "--default"]).stdout)
        let viaGolden = corpus.check(["--report", "json", corpus.path("tap.jsonl.expected.jsonl"), corpus.path("sub/tap.jsonl.actual.jsonl")])
        #expect(try reportedTraces(viaGolden.stdout).map(\.trace) == [corpus.path("sub/tap.jsonl"), corpus.path("tap.jsonl")])
        let viaScene = corpus.check(["--report", "json", corpus.path("sub/scene.json")])
        #expect(try reportedTraces(viaScene.stdout).map(\.trace) == [corpus.path("sub/tap.jsonl")])
        let notes = corpus.check([corpus.path("sub/scene.json"), corpus.path("Makefile.txt")])
        #expect(notes.status == 66)
        try corpus.write("notes.txt", "")
        let skipped = corpus.check([corpus.path("notes.txt"), corpus.path("tap.jsonl")])
        #expect(skipped.status == 0)
        #expect(skipped.stderr == "gesturectl check: note: skipping '\(corpus.path("notes.txt"))': not a trace (.json, .jsonl, .ndjson or .csv)\n")
        // A deleted golden file named in a change list still checks its trace.
        try FileManager.default.removeItem(atPath: corpus.path("pan.jsonl.expected.jsonl"))
        #expect(corpus.check([corpus.path("pan.jsonl.expected.jsonl")]).status == 1)
    }

    @Test func nothingFoundIsAnError() throws {
        let corpus = try CheckCorpus(goldens: false)
        try corpus.write("empty/notes.txt", "")
        let result = corpus.check([corpus.path("empty")])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "gesturectl check: error: no traces found in '\(corpus.path("empty"))' (traces are .json, .jsonl, .ndjson and .csv files; see docs/ci.md)\n")
        #expect(result.stdout == "checked 0 traces: 0 matched, 0 mismatched, 0 missing golden, 0 errors\n")
    }

    @Test func pathsOnStandardInput() throws {
        let corpus = try CheckCorpus()
        try corpus.write("other/pan.jsonl", CheckCorpus.pan(step: 5))
        let list = "pan.jsonl\r\n\nsub/tap.expected.jsonl\nREADME.md\n./sub/tap.jsonl\n"
        let result = try Binary.run(["check", "--report", "json", "-", "other"], stdin: list, in: corpus.fixtures.directory)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr == "gesturectl check: note: skipping 'README.md': no such file or directory\n")
        #expect(try reportedTraces(result.stdout).map(\.trace) == ["other/pan.jsonl", "pan.jsonl", "sub/tap.jsonl"])
        #expect(try reportedTraces(result.stdout).map(\.status) == ["missing-golden", "matched", "matched"])
        let empty = try Binary.run(["check", "-"], stdin: "", in: corpus.fixtures.directory)
        #expect(empty.status == 0)
        #expect(empty.stderr == "gesturectl check: warning: no traces found in <stdin>\n")
    }

    @Test func theBuiltBinaryChecksAndReportsForGitHub() throws {
        let corpus = try CheckCorpus()
        try corpus.edit("tap.jsonl.expected.jsonl", replacing: "0.44", with: "0.45")
        let result = try Binary.run(["check", "--report", "github", "--jobs", "3", "."], in: corpus.fixtures.directory)
        #expect(result.status == 1)
        #expect(
            result.stdout
                == "::error file=tap.jsonl.expected.jsonl,line=6,title=tap.jsonl does not match its golden file::1 difference from tap.jsonl.expected.jsonl (actual output in tap.jsonl.actual.jsonl)%0A~ tap doubleTap failed t expected 0.45 got 0.44 at t=0.45 (golden line 6)\nchecked 3 traces: 2 matched, 1 mismatched, 0 missing golden, 0 errors\n"
        )
    }
}

extension CheckDiscoveryTests {
    /// Records `{"t": T, "recognizer": R, "state": S, "x": X}` on lines 1, 2, ….
    static func records(_ specs: [(Double, String, String, Double)]) throws -> [LineRecord] {
        let text = specs.map { spec in
            let (t, recognizer, state, x) = spec
            return #"{"t":\#(DecimalFormatting.string(t)),"recognizer":"\#(recognizer)","state":"\#(state)","x":\#(DecimalFormatting.string(x))}"#
        }.joined(separator: "\n")
        return try JSONLines.records(Array(text.utf8), file: "test")
    }

    @Test func oneInsertedRecordIsOneAddition() throws {
        let expected = try Self.records((0..<20).map { (Double($0), "pan", "changed", Double($0 * 3)) })
        var actualSpecs = (0..<20).map { (Double($0), "pan", "changed", Double($0 * 3)) }
        actualSpecs.insert((9.5, "pan", "changed", 28), at: 10)
        let actual = try Self.records(actualSpecs)
        let differences = RecordDiff.differences(expected: expected, actual: actual, comparison: RecordComparison(tolerance: 1e-6))
        #expect(differences.map(\.change) == [.added])
        #expect(differences.first?.actual?.line == 11)
        #expect(differences.first?.goldenLine == 11)
    }

    @Test func sameTransitionWithOtherFiguresIsAChange() throws {
        let expected = try Self.records([(0, "pan", "began", 1), (1, "pan", "changed", 2), (2, "pan", "ended", 3), (2, "tap", "failed", 0)])
        let actual = try Self.records([(0, "pan", "began", 1), (1, "pan", "changed", 2.5), (2, "pan", "ended", 3), (2, "swipe", "recognized", 0)])
        let differences = RecordDiff.differences(expected: expected, actual: actual, comparison: RecordComparison(tolerance: 1e-6))
        #expect(differences.map(\.change) == [.changed, .removed, .added])
        #expect(differences.first?.fields == [FieldDifference(field: "x", expected: .number(2, literal: "2"), actual: .number(2.5, literal: "2.5"))])
        #expect(DiffLines.lines(differences) == [
            "~ transition pan changed x expected 2 got 2.5 at t=1 (golden line 2)",
            "- transition tap failed at t=2 only in the golden file (line 4): x 0",
            "+ transition swipe recognized at t=2 only in the analysis (actual line 4): x 0",
        ])
        // Outcome changes come first in the reports, then figures.
        #expect(DiffOrder.outcomesFirst(differences).map(\.change) == [.removed, .added, .changed])
        #expect(RecordDiff.differences(expected: expected, actual: expected, comparison: RecordComparison(tolerance: 0)).isEmpty)
    }

    @Test func recordsAreComparedByKeyNotOrder() throws {
        let a = try JSONLines.records(Array(#"{"t":1,"v":{"x":1,"y":2},"s":"a","n":null,"b":true,"l":[1,2]}"#.utf8), file: "a")
        let b = try JSONLines.records(Array(#"{"s":"a","l":[1,2],"v":{"y":2,"x":1.0000004},"t":1,"b":true,"n":null}"#.utf8), file: "b")
        let comparison = RecordComparison(tolerance: 1e-6)
        #expect(comparison.matches(a[0].value, b[0].value))
        let c = try JSONLines.records(Array(#"{"t":1,"v":{"x":1},"s":"a","n":null,"b":false,"l":[1],"extra":0}"#.utf8), file: "c")
        #expect(comparison.differences(a[0].value, c[0].value).map(\.field) == ["v.y", "b", "l[1]", "extra"])
        #expect(comparison.numbersMatch(12.345678, 12.345679))
        #expect(!comparison.numbersMatch(12.345678, 12.34568))
        #expect(RecordComparison(tolerance: 0).numbersMatch(0.1 + 0.2, 0.3))
    }

    @Test func largeDiffsFallBackToPairingInOrder() throws {
        let count = 2_100
        let expected = try Self.records((0..<count).map { (Double($0), "pan", "changed", Double($0)) })
        let actual = try Self.records((0..<count).map { (Double($0), "pan", "changed", Double($0) + 0.5) })
        let differences = RecordDiff.differences(expected: expected, actual: actual, comparison: RecordComparison(tolerance: 1e-6))
        #expect(differences.count == count)
        #expect(differences.allSatisfy { $0.change == .changed })
        // One run of like differences is one line, with its range.
        #expect(
            DiffLines.lines(differences) == [
                "~ transition pan changed ×\(count) from t=0 to t=2099: x expected 0 … 2099 got 0.5 … 2099.5 (golden lines 1–2100)"
            ])
    }
}
