import Foundation
import Testing

@testable import GestureCLI

/// Data errors suggest the fix, as option typos do (issue 16): unknown keys, phases, types,
/// subtypes, CSV columns, scene keys and settings, view and recognizer names; and a scene file
/// met where a trace was expected is named as a scene.
@Suite struct DataErrorSuggestionTests {
    static let traceCases: [(name: String, text: String, message: String)] = [
        ("key.jsonl", #"{"t":0,"id":1,"phsae":"began","x":1,"y":2}"#,
         #"1:15: error: unknown key "phsae" in sample (did you mean "phase"? extension keys start with "x-")"#),
        ("phase.jsonl", #"{"t":0,"id":1,"phase":"move","x":1,"y":2}"#,
         #"1:23: error: unknown phase "move" (did you mean "moved"? expected "began", "moved", "stationary", "ended" or "cancelled")"#),
        ("case.jsonl", #"{"t":0,"id":1,"phase":"Began","x":1,"y":2}"#,
         #"1:23: error: unknown phase "Began" (did you mean "began"? expected "began", "moved", "stationary", "ended" or "cancelled")"#),
        ("far.jsonl", #"{"t":0,"id":1,"phase":"zzzzzz","x":1,"y":2}"#,
         #"1:23: error: unknown phase "zzzzzz" (expected "began", "moved", "stationary", "ended" or "cancelled")"#),
        ("type.jsonl", #"{"t":0,"type":"motoin","phase":"began","subtype":"shake"}"#,
         #"1:15: error: unknown type "motoin" (did you mean "motion"? expected "touch", "motion", "remoteControl" or "application")"#),
        ("time.csv", "time,id,phase,x,y\n0,1,began,1,2",
         #"1:1: error: unknown column "time" (did you mean "t"? extension columns start with "x-")"#),
        ("column.csv", "t,id,phse,x,y\n0,1,began,1,2",
         #"1:6: error: unknown column "phse" (did you mean "phase"? extension columns start with "x-")"#),
        ("document.json", #"{"samples":[], "sceen":{"width":3,"height":4}}"#,
         #"1:16: error: unknown key "sceen" in trace document (did you mean "screen"? extension keys start with "x-")"#),
        ("app-scene.json", #"{"gesturectl-scene": 1, "views": []}"#,
         #"1:2: error: this is a scene file, not a trace: give it to --scene FILE, name it scene.json beside the traces it applies to, or keep it in a folder named scenes and name it in each trace's "scene" key (check takes neither for a trace); 'gesturectl scene --check FILE' checks it"#),
        ("views.json", #"{"views": []}"#,
         #"1:2: error: this looks like a scene file (it has "views"), not a trace: give it to --scene FILE, name it scene.json beside the traces it applies to, or keep it in a folder named scenes and name it in each trace's "scene" key (check takes neither for a trace); 'gesturectl scene --check FILE' checks it"#),
    ]

    @Test(arguments: traceCases.indices) func traceErrorsSuggest(_ index: Int) throws {
        let (name, text, message) = Self.traceCases[index]
        let fixtures = try Fixtures([name: text + "\n"])
        let result = runInProcess(["analyze", fixtures.path(name)])
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr == fixtures.path(name) + ":" + message + "\n")
    }

    static let view = #"{"name": "button", "frame": [0, 0, 10, 10]}"#
    static let sceneCases: [(text: String, message: String)] = [
        (#"{"views": [\#(view)], "recognizers": [{"name": "t", "kind": "tap", "view": "button", "numberOfTapRequired": 2}]}"#,
         #"1:121: error: unknown key "numberOfTapRequired" in recognizer "t" (did you mean "numberOfTapsRequired"? extension keys start with "x-")"#),
        (#"{"views": [\#(view)], "recognizers": [{"name": "t", "kind": "tap", "view": "buton"}]}"#,
         #"1:111: error: recognizer "t" names view "buton", which does not exist (did you mean "button"?)"#),
        (#"{"views": [\#(view)], "recognizers": [{"name": "p", "kind": "pan", "view": "button", "numberOfTapsRequired": 1}]}"#,
         #"1:121: error: "numberOfTapsRequired" is not a setting of a pan recognizer (its settings: minimumNumberOfTouches, maximumNumberOfTouches)"#),
        (#"{"views": [\#(view)], "recognizers": [{"name": "scrollPan", "kind": "pan", "view": "button"}, {"name": "t", "kind": "tap", "view": "button", "requireToFail": ["scrolPan"]}]}"#,
         #"1:195: error: "requireToFail" of "t" names recognizer "scrolPan", which does not exist (did you mean "scrollPan"?)"#),
        (#"{"views": [\#(view)], "recognizers": [{"name": "t", "kind": "tapp", "view": "button"}]}"#,
         #"1:96: error: unknown recognizer kind "tapp" (did you mean "tap"? expected one of checkmark, longPress, pan, pinch, rotation, screenEdgePan, swipe, tap, template)"#),
        (#"{"views": [\#(view)], "velocityEstimator": "lsq"}"#,
         #"1:79: error: "velocityEstimator" is "lsq"; expected one of "uikit", "lsq2", "impulse" (did you mean "lsq2"?)"#),
        (#"{"views": [\#(view)], "recognizer": []}"#,
         #"1:58: error: unknown key "recognizer" in the scene (did you mean "recognizers"? extension keys start with "x-")"#),
        (#"{"views": [\#(view)], "firstResponder": "buton"}"#,
         #"1:76: error: "firstResponder" names "buton", which is neither a view nor a controller (did you mean "button"?)"#),
    ]

    @Test(arguments: sceneCases.indices) func sceneErrorsSuggest(_ index: Int) throws {
        let (text, message) = Self.sceneCases[index]
        let fixtures = try Fixtures(["scene.json": text])
        let result = runInProcess(["scene", "--check", fixtures.path("scene.json")])
        #expect(result.status == 65)
        #expect(result.stderr == fixtures.path("scene.json") + ":" + message + "\n")
    }

    /// A trace given where a scene was expected is named as a trace.
    @Test func aTraceGivenAsASceneIsNamedAsATrace() throws {
        let fixtures = try Fixtures(["t.json": #"{"gesturectl": 1, "samples": []}"#, "a.json": "[]"])
        for (name, column) in [("t.json", "2:"), ("a.json", "1:")] {
            let result = runInProcess(["scene", "--check", fixtures.path(name)])
            #expect(result.status == 65)
            #expect(result.stderr.hasPrefix(fixtures.path(name) + ":1:" + column.dropLast() + ": error: this looks like a trace, not a scene: "))
        }
    }

    /// A scene among the traces of a corpus is an error of that file, named as a scene.
    @Test func aSceneInACorpusIsNamedAsAScene() throws {
        let fixtures = try Fixtures(["app-scene.json": #"{"gesturectl-scene": 1, "views": []}"#])
        let result = runInProcess(["check", fixtures.path(".")])
        #expect(result.status == 65)
        #expect(result.stderr.contains("app-scene.json:1:2: error: this is a scene file, not a trace"))
    }
}

/// Nothing silently empty (issue 16): an empty trace fails `analyze` and `check` unless
/// `--allow-empty` is given, and `validate` warns.
@Suite struct EmptyTraceTests {
    static let cases: [(name: String, text: String)] = [
        ("bytes.jsonl", ""), ("document.json", #"{"samples": []}"#), ("header.csv", "t,id,phase,x,y\n"),
        ("blank.jsonl", "\n\n"),
    ]

    @Test(arguments: cases.indices) func emptyTracesFailUnlessAllowed(_ index: Int) throws {
        let (name, text) = Self.cases[index]
        let fixtures = try Fixtures([name: text])
        let path = fixtures.path(name)
        let analyzed = runInProcess(["analyze", path])
        #expect(analyzed.status == 65)
        #expect(analyzed.stdout == "")
        #expect(
            analyzed.stderr
                == "\(path):1:1: error: the trace has no samples: an empty recording is usually a failed one (--allow-empty lets it pass)\n")
        let allowed = runInProcess(["analyze", "--allow-empty", "--format", "text", path])
        #expect(allowed == RunResult(status: 0, stdout: "\(path): default scene\n  no gestures\n", stderr: ""))
        let validated = runInProcess(["validate", path])
        #expect(validated.status == 0)
        #expect(validated.stdout == "\(path): ok, 0 samples, 0 s, default scene\n")
        #expect(validated.stderr == "\(path):1:1: warning: the trace has no samples: an empty recording is usually a failed one\n")
        #expect(runInProcess(["validate", "--strict", path]).status == 65)
        try fixtures.write(name + ".expected.jsonl", "")
        #expect(runInProcess(["check", fixtures.path(".")]).status == 65)
        #expect(runInProcess(["check", "--allow-empty", fixtures.path(".")]).status == 0)
    }
}

/// Golden names depend only on the trace's own name, and `--update --prune` removes orphans
/// (issue 16).
@Suite struct GoldenNamingTests {
    @Test func addingATraceBesideAnotherDoesNotMoveItsGolden() throws {
        let fixtures = try Fixtures(["pinch.jsonl": TraceText.tap])
        #expect(runInProcess(["check", "--update", fixtures.path(".")]).status == 0)
        #expect(FileManager.default.fileExists(atPath: fixtures.path("pinch.jsonl.expected.jsonl")))
        try fixtures.write("pinch.csv", "t,id,phase,x,y\n0,1,began,195,420\n0.09,1,ended,195,420\n")
        let check = runInProcess(["check", fixtures.path("pinch.jsonl")])
        #expect(check.status == 0, "\(check)")
    }

    @Test func pruneRemovesOrphansOnlyWithUpdate() throws {
        let fixtures = try Fixtures(["tap.jsonl": TraceText.tap, "old.expected.jsonl": "", "tap.expected.jsonl": ""])
        let dir = fixtures.path(".")
        let refused = runInProcess(["check", "--prune", dir])
        #expect(refused.status == 2)
        #expect(refused.stderr.hasPrefix("gesturectl check: '--prune' applies only with '--update'\n"))
        let pruned = runInProcess(["check", "--update", "--prune", dir])
        #expect(pruned.status == 0)
        #expect(
            pruned.stdout == """
                created  \(fixtures.path("tap.jsonl.expected.jsonl"))
                removed  \(fixtures.path("old.expected.jsonl"))
                removed  \(fixtures.path("tap.expected.jsonl"))
                updated 1 of 1 golden (1 new); removed 2 orphaned golden files

                """)
        #expect(!FileManager.default.fileExists(atPath: fixtures.path("old.expected.jsonl")))
        #expect(runInProcess(["check", dir]) == RunResult(status: 0, stdout: "checked 1 trace: 1 matched, 0 mismatched, 0 missing golden, 0 errors\n", stderr: ""))
    }
}

/// Conventions (issue 16): help before or after the command, `-V` and `version`, required options
/// in usage lines, `--strict` saying the trace was rejected, durations to the millisecond.
@Suite struct ConventionTests {
    @Test func helpBeforeTheCommand() {
        let after = runInProcess(["analyze", "--help"])
        #expect(after.status == 0)
        #expect(runInProcess(["--help", "analyze"]) == after)
        #expect(runInProcess(["-h", "analyze"]) == after)
        #expect(runInProcess(["help", "analyze"]) == after)
    }

    @Test func versionSpellings() {
        let version = RunResult(status: 0, stdout: "gesturectl \(gesturectlVersion)\n", stderr: "")
        #expect(runInProcess(["--version"]) == version)
        #expect(runInProcess(["-V"]) == version)
        #expect(runInProcess(["version"]) == version)
    }

    @Test func requiredOptionsAreShownWithoutBrackets() {
        #expect(runInProcess(["help", "template"]).stdout.hasPrefix("usage: gesturectl template --name NAME [--recognizer NAME]"))
    }

    @Test func strictSaysTheTraceWasRejected() throws {
        let fixtures = try Fixtures(["down.jsonl": TraceText.stillDown])
        let strict = runInProcess(["analyze", "--strict", fixtures.path("down.jsonl")])
        #expect(strict.status == 65)
        #expect(
            strict.stderr
                == "\(fixtures.path("down.jsonl")):1:1: error: touch 1 is still down at the end of the trace; --strict rejects the trace (without it, the touch would be cancelled at t=0)\n")
    }

    @Test func validateRoundsDurationsToTheMillisecond() throws {
        let fixtures = try Fixtures([
            "long.jsonl": """
                {"t": 0, "id": 1, "phase": "began", "x": 1, "y": 1}
                {"t": 2.85379, "id": 1, "phase": "ended", "x": 1, "y": 1}

                """,
        ])
        #expect(runInProcess(["validate", fixtures.path("long.jsonl")]).stdout == "\(fixtures.path("long.jsonl")): ok, 2 samples, 2.854 s, default scene\n")
    }
}
