import Foundation
import GestureTrace
import Testing

@testable import GestureCLI

/// `check` at the levels a corpus chooses (`gesturectl-check.json`, `--level`), reason codes,
/// per-figure tolerances, the order and grouping of differences, WebDriver action files in a corpus.
@Suite struct GoldenLevelTests {
    /// The pan of ``CheckCorpus`` as the outcomes level keeps it.
    static let panOutcomes = """
        {"t":0.03,"recognizer":"longPress","kind":"longPress","view":"screen","state":"failed","code":"moved"}
        {"t":0.03,"recognizer":"pan","kind":"pan","view":"screen","state":"began"}
        {"t":0.12,"recognizer":"tap","kind":"tap","view":"screen","state":"failed","code":"moved"}
        {"t":0.12,"recognizer":"doubleTap","kind":"tap","view":"screen","state":"failed","code":"moved"}
        {"t":0.12,"recognizer":"swipe","kind":"swipe","view":"screen","state":"recognized","location":{"x":100,"y":400},"direction":"right"}
        {"t":0.21,"recognizer":"pan","kind":"pan","view":"screen","state":"ended","location":{"x":180,"y":400},"translation":{"x":70,"y":0},"velocity":{"x":400,"y":0}}
        {"t":0.21,"recognizer":"pinch","kind":"pinch","view":"screen","state":"failed","code":"liftedBeforeSecondFinger"}
        {"t":0.21,"recognizer":"rotation","kind":"rotation","view":"screen","state":"failed","code":"liftedBeforeSecondFinger"}

        """

    @Test func theCorpusConfigChoosesTheLevelAndUpdateWritesOnlyWhatItKeeps() throws {
        let corpus = try CheckCorpus(goldens: false)
        try corpus.write("gesturectl-check.json", #"{"level": "outcomes"}"#)
        let update = corpus.check(["--update", "."])
        #expect(update.status == 0, "\(update)")
        #expect(corpus.read("pan.jsonl.expected.jsonl") == Self.panOutcomes)
        #expect(!corpus.exists("gesturectl-check.json.expected.jsonl"), "the config is no trace")
        #expect(corpus.check(["."]).status == 0)
    }

    @Test func transitionsKeepEveryTransitionWithReasonCodesAndFigures() throws {
        let corpus = try CheckCorpus(goldens: false)
        #expect(corpus.check(["--update", "--level", "transitions", "."]).status == 0)
        let golden = try #require(corpus.read("pan.jsonl.expected.jsonl"))
        #expect(golden.contains(#""state":"changed""#))
        #expect(golden.contains(#"{"t":0.12,"recognizer":"tap","kind":"tap","view":"screen","state":"failed","code":"moved","figures":{"distance":48,"tapMovementTolerance":45}}"#))
        #expect(!golden.contains(#""reason""#))
    }

    @Test func aFailureThatOnlyMovedInTimeIsNoOutcomeChange() throws {
        let corpus = try CheckCorpus(goldens: false)
        try corpus.write("gesturectl-check.json", #"{"level": "outcomes"}"#)
        #expect(corpus.check(["--update", "."]).status == 0)
        // The long press fails later (a threshold changed): the outcome is the same.
        try corpus.edit("pan.jsonl.expected.jsonl", replacing: #"{"t":0.03,"recognizer":"longPress""#, with: #"{"t":0.5,"recognizer":"longPress""#)
        #expect(corpus.check(["."]).status == 0)
        // At the transitions level the time counts, and the record is paired by name, not position.
        let transitions = corpus.check(["--level", "transitions", corpus.path("pan.jsonl")])
        #expect(transitions.status == 1)
        #expect(transitions.stdout.contains("  ~ longPress longPress failed t expected 0.5 got 0.03 at t=0.5 (golden line 1)"), "\(transitions)")
        // Another reason code is an outcome change, and comes first.
        try corpus.edit("pan.jsonl.expected.jsonl", replacing: #""state":"failed","code":"liftedBeforeSecondFinger"}"#, with: #""state":"failed","code":"tooManyFingers"}"#)
        let changed = corpus.check([corpus.path("pan.jsonl")])
        #expect(changed.stdout.contains(#"  ~ pinch pinch failed code expected "tooManyFingers" got "liftedBeforeSecondFinger" at t=0.21 (golden line 7)"#), "\(changed)")
        // `code=none` compares failures by state alone.
        #expect(corpus.check(["--tolerance", "code=none", corpus.path("pan.jsonl")]).status == 0)
    }

    @Test func toleranceOfOneFigure() throws {
        let corpus = try CheckCorpus(goldens: false)
        try corpus.write("gesturectl-check.json", #"{"level": "outcomes", "tolerances": {"translation": 0.5}}"#)
        #expect(corpus.check(["--update", "."]).status == 0)
        try corpus.edit("pan.jsonl.expected.jsonl", replacing: #""velocity":{"x":400,"#, with: #""velocity":{"x":403,"#)
        try corpus.edit("pan.jsonl.expected.jsonl", replacing: #""translation":{"x":70,"#, with: #""translation":{"x":70.4,"#)
        let strict = corpus.check([corpus.path("pan.jsonl")])
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("  ~ pan pan ended velocity.x expected 403 got 400 at t=0.21 (golden line 6)"), "\(strict)")
        #expect(corpus.check(["--tolerance", "velocity=5", corpus.path("pan.jsonl")]).status == 0)
        #expect(corpus.check(["--tolerance", "velocity=x", "."]).stderr.contains("FIGURE=X for one figure"))
    }

    @Test func anOlderFullGoldenIsComparedOnWhatTheLevelKeeps() throws {
        let corpus = try CheckCorpus()  // goldens of everything, reasons as prose
        #expect(corpus.check(["--level", "outcomes", "."]).status == 0)
        #expect(corpus.check(["--level", "transitions", "."]).status == 0)
    }

    @Test func aBadConfigIsADataErrorWithItsPosition() throws {
        let corpus = try CheckCorpus()
        try corpus.write("gesturectl-check.json", #"{"levle": "outcomes"}"#)
        let result = corpus.check(["."])
        #expect(result.status == 65)
        #expect(result.stderr == "\(corpus.path("gesturectl-check.json")):1:2: error: unknown key \"levle\" in a check config (did you mean \"level\"?)\n")
        try corpus.write("gesturectl-check.json", #"{"level": "some"}"#)
        #expect(corpus.check(["."]).stderr.contains(#"1:11: error: "level" is one of "outcomes", "transitions", "everything", found "some""#))
    }

    @Test func aScrollViewRegressionReadsOutcomeFirstWithRunsSummarised() throws {
        let fixtures = try Fixtures()
        try fixtures.write("scene.json", #"{"gesturectl-scene": 1, "views": [{"name": "feed", "frame": [0, 0, 390, 844], "scrollView": {"contentSize": [390, 3000]}}]}"#)
        #expect(runInProcess(["synth", "pan", "--at", "195,300", "--direction", "down", "--distance", "150", "--duration", "0.5", "-o", fixtures.path("pull.jsonl")]).status == 0)
        #expect(runInProcess(["check", "--update", fixtures.directory.path]).status == 0)
        try fixtures.write("scene.json", #"{"gesturectl-scene": 1, "views": [{"name": "feed", "frame": [0, 0, 390, 844], "scrollView": {"contentSize": [390, 3000], "bounces": false}}]}"#)
        let result = runInProcess(["check", fixtures.directory.path])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 10, "\(result)")
        #expect(lines[2] == "  ~ scrollView feed didEndDragging contentOffset.y expected -70.562432 got 0, decelerate expected true got false at t=0.5 (golden line 104)")
        #expect(lines[3] == #"  - scrollView feed didEndDecelerating at t=0.994965 only in the golden file (line 136): contentOffset {"x":0,"y":0}"#)
        #expect(lines[4] == "  - scrollView feed didScroll ×80 from t=0.0833 to t=0.994965 only in the golden file (lines 3–135)")
        #expect(lines[5].hasPrefix("  ~ pan feed.pan changed ×49 from t=0.0917 to t=0.4917: location.y expected 237.892274 … 304.497617 got 238.7 … 375"))
        // The JSON report: the same entries, named, with the run's count and last difference.
        let json = runInProcess(["check", "--report", "json", fixtures.directory.path]).stdout
        #expect(json.contains(#""kind": "scrollView","#) && json.contains(#""what": "didEndDragging","#) && json.contains(#""count": 80,"#))
    }

    @Test func eachShardsJUnitSuiteHasItsOwnName() throws {
        let corpus = try CheckCorpus()
        _ = corpus.check(["--shard", "2/3", "--junit", corpus.path("j.xml"), "."])
        #expect(corpus.read("j.xml")?.contains(#"<testsuite name="gesturectl check (shard 2/3)" "#) == true)
    }

    @Test func webDriverActionFilesAreTracesOfACorpusThatSaysSo() throws {
        let corpus = try CheckCorpus()
        let actions = #"""
            {"actions":[{"type":"pointer","id":"f","parameters":{"pointerType":"touch"},"actions":[
             {"type":"pointerMove","duration":0,"origin":{"element-6066-11e4-a52e-4f735466cecf":"buy"},"x":0,"y":0},
             {"type":"pointerDown","button":0},{"type":"pause","duration":80},{"type":"pointerUp","button":0}]}]}
            """#
        try corpus.write("qa/buy.actions", actions)
        // Without the config, an action file found in a directory is left alone.
        #expect(corpus.check(["."]).stdout.hasSuffix("checked 3 traces: 3 matched, 0 mismatched, 0 missing golden, 0 errors\n"))
        // The corpus's element map is no trace, although it ends in .json.
        try corpus.write("qa/elements.json", #"{"buy": [20, 100, 100, 40]}"#)
        try corpus.write("qa/gesturectl-check.json", #"{"level": "outcomes", "actions": true, "elements": "elements.json"}"#)
        let update = corpus.check(["--update", "."])
        #expect(update.stdout.contains("created  \(corpus.path("qa/buy.actions.expected.jsonl"))"), "\(update)")
        #expect(corpus.read("qa/buy.actions.expected.jsonl")?.contains(#"{"t":0.08,"recognizer":"tap","kind":"tap","view":"screen","state":"failed","code":"noNextTap"}"#) == false)
        #expect(corpus.read("qa/buy.actions.expected.jsonl")?.hasPrefix(#"{"t":0.08,"recognizer":"longPress","kind":"longPress","view":"screen","state":"failed","code":"liftedTooSoon"}"#) == true)
        #expect(corpus.check(["."]).status == 0)
        // An element the map lacks is the action file's error, with its position.
        try corpus.write("qa/elements.json", #"{"sell": [20, 100, 100, 40]}"#)
        let missing = corpus.check(["."])
        #expect(missing.status == 65)
        #expect(missing.stderr.contains(#"buy.actions:2:85: error: the origin is element "buy", which no --element defines (defined: "sell")"#), "\(missing)")
    }

    @Test func updateUnderCIExitsWithItsOwnStatus() throws {
        let corpus = try CheckCorpus()
        let refused = corpus.check(["--update", "."], variables: ["CI": "1"])
        #expect(refused.status == 77)
        #expect(refused.stdout.isEmpty)
    }
}
