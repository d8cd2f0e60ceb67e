import GestureKit
import GestureTrace
import Testing

@testable import GestureCLI

/// The whole command line run in process, with memory streams.
@Suite struct CommandLineTests {
    static let analyzeUsage = """
        usage: gesturectl analyze [--scene FILE]
                                  [--format text|jsonl|json|csv|trace-event]
                                  [--deliveries] [--only NAMES] [--no-failures]
                                  [--compact] [--velocity-estimator uikit|lsq2|impulse]
                                  [--strict] [--allow-empty]
                                  [--input-format json|jsonl|csv] [--time-scale X]
                                  [--scale S] [--follow] [--margins] TRACE...
        """
}

extension CommandLineTests {
    @Test func version() {
        #expect(runInProcess(["--version"]) == RunResult(status: 0, stdout: "gesturectl 0.2.0\n", stderr: ""))
    }

    @Test func unknownOptionSaysDidYouMean() {
        let result = runInProcess(["analyze", "--formt", "json", "x.jsonl"])
        #expect(
            result
                == RunResult(
                    status: 2, stdout: "",
                    stderr: "gesturectl analyze: unknown option '--formt'\nDid you mean '--format'?\n\(Self.analyzeUsage)\n"))
    }

    @Test func badChoice() {
        let result = runInProcess(["analyze", "--velocity-estimator", "lsq", "x.jsonl"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr.hasPrefix(
                "gesturectl analyze: invalid value 'lsq' for '--velocity-estimator': expected uikit, lsq2 or impulse\nDid you mean 'lsq2'?\nusage: gesturectl analyze "
            ))
    }

    @Test func unknownCommandAndTopLevelOption() {
        let command = runInProcess(["anlyze", "x"])
        #expect(command.status == 2)
        #expect(command.stderr.hasPrefix("gesturectl: unknown command 'anlyze'\nDid you mean 'analyze'?\nusage: gesturectl COMMAND"))
        let option = runInProcess(["--verison"])
        #expect(option.status == 2)
        #expect(option.stderr.hasPrefix("gesturectl: unknown option '--verison'\nDid you mean '--version'?\n"))
        let nothing = runInProcess([])
        #expect(nothing.status == 2)
        #expect(nothing.stderr.hasPrefix("gesturectl: missing command\nusage: "))
    }

    @Test func usageErrorsFoundByCommands() {
        #expect(runInProcess(["analyze"]).stderr.hasPrefix("gesturectl analyze: missing TRACE\nusage: "))
        #expect(runInProcess(["analyze", "-", "-"]).stderr.hasPrefix("gesturectl analyze: standard input ('-') can be read only once\n"))
        #expect(runInProcess(["analyze", "--only", ",", "x"]).stderr.hasPrefix("gesturectl analyze: '--only' needs at least one recognizer name\n"))
        let csv = runInProcess(["analyze", "--format", "csv", "--deliveries", "x"])
        #expect(csv.status == 2)
        #expect(csv.stderr.hasPrefix("gesturectl analyze: '--deliveries' cannot be used with '--format csv'"))
        #expect(runInProcess(["scene"]).status == 2)
        #expect(runInProcess(["scene", "--default", "--check", "x"]).status == 2)
        #expect(runInProcess(["help", "nope"]).stderr.hasPrefix("gesturectl help: unknown command 'nope'\n"))
    }

    @Test func helpForEveryCommand() {
        let top = runInProcess(["help"])
        #expect(top.status == 0)
        #expect(top == runInProcess(["--help"]))
        #expect(top == runInProcess(["-h"]))
        for command in CommandLineTool.commands {
            #expect(top.stdout.contains("\n  \(command.name) "))
            let help = runInProcess(["help", command.name])
            #expect(help.status == 0)
            #expect(help.stderr.isEmpty)
            #expect(help == runInProcess([command.name, "--help"]))
            #expect(help == runInProcess([command.name, "-h"]))
            for option in command.options.options { #expect(help.stdout.contains(option.helpLabel)) }
            #expect(help.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(help.stdout)")
        }
        #expect(runInProcess(["help", "analyze"]).stdout.hasPrefix(Self.analyzeUsage + "\n\n"))
    }

    @Test func analyzesFiles() throws {
        let fixtures = try Fixtures(["tap.jsonl": TraceText.tap])
        let result = runInProcess(["analyze", "--only", "tap, doubleTap", fixtures.path("tap.jsonl")])
        #expect(result == RunResult(status: 0, stdout: TraceText.tapRecords, stderr: ""))
    }

    @Test func filtersFailures() throws {
        let fixtures = try Fixtures(["tap.jsonl": TraceText.tap])
        let result = runInProcess(["analyze", "--no-failures", "--only", "tap", fixtures.path("tap.jsonl")])
        #expect(result.status == 0)
        #expect(result.stdout == String(TraceText.tapRecords.split(separator: "\n")[1]) + "\n")
    }

    /// An `--only` name the scene does not have is a usage error, said once however many traces.
    @Test func unknownOnlyNamesAreUsageErrors() throws {
        let fixtures = try Fixtures(["tap.jsonl": TraceText.tap, "again.jsonl": TraceText.tap])
        let result = runInProcess(["analyze", "--only", "tap,pam", fixtures.path("tap.jsonl"), fixtures.path("again.jsonl")])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "gesturectl analyze: '--only pam': the default scene of \(fixtures.path("tap.jsonl")) has no recognizer named 'pam'. Did you mean 'pan'?\n")
        let far = runInProcess(["analyze", "--only", "zzzzzzzz", fixtures.path("tap.jsonl")])
        #expect(far.status == 2)
        #expect(far.stderr == "gesturectl analyze: '--only zzzzzzzz': the default scene of \(fixtures.path("tap.jsonl")) has no recognizer named 'zzzzzzzz'\n")
    }

    @Test func defaultFormatAndColourFollowTheTerminal() throws {
        let fixtures = try Fixtures(["tap.jsonl": TraceText.tap])
        let path = fixtures.path("tap.jsonl")
        let piped = runInProcess(["analyze", "--only", "tap,doubleTap", path])
        #expect(piped.stdout == TraceText.tapRecords)
        let terminal = runInProcess(["analyze", "--only", "tap,doubleTap", path], terminal: true, variables: ["TERM": "xterm"])
        #expect(terminal.stdout.hasPrefix("\u{1B}[1m\(path)\u{1B}[0m: default scene\n"))
        let noColor = runInProcess(["analyze", "--only", "tap,doubleTap", path], terminal: true, variables: ["NO_COLOR": "1"])
        #expect(
            noColor.stdout == """
                \(path): default scene
                  failed      doubleTap  tap  screen  0.44 s  no second tap within multiTapInterval 0.35 s
                  recognized  tap        tap  screen  0.44 s  at (195, 420), taps 1, because the finger lifted 0.09 s after touch down, 0 pt from where it touched down, within tapMaximumPressDuration 0.75 s and tapMovementTolerance 45 pt; it waited from 0.09 s until doubleTap failed at 0.44 s, as it requires

                """)
    }

    @Test func strictTurnsWarningsIntoErrors() throws {
        let fixtures = try Fixtures(["down.jsonl": TraceText.stillDown])
        let path = fixtures.path("down.jsonl")
        let lenient = runInProcess(["analyze", "--only", "tap", path])
        #expect(lenient.status == 0)
        #expect(lenient.stderr.hasPrefix("\(path):1:1: warning: "))
        #expect(lenient.stdout.hasPrefix(#"{"t":0,"recognizer":"tap","kind":"tap","view":"screen","state":"failed""#))
        let strict = runInProcess(["analyze", "--strict", path])
        #expect(strict.status == 65)
        #expect(strict.stdout.isEmpty)
        #expect(
            strict.stderr
                == lenient.stderr.replacingOccurrences(of: ": warning: ", with: ": error: ").replacingOccurrences(
                    of: "; it is cancelled at t=0\n", with: "; --strict rejects the trace (without it, the touch would be cancelled at t=0)\n"))
    }

    @Test func validate() throws {
        let fixtures = try Fixtures(["tap.jsonl": TraceText.tap, "bad.jsonl": TraceText.malformed, "down.jsonl": TraceText.stillDown])
        let good = runInProcess(["validate", fixtures.path("tap.jsonl"), fixtures.path("down.jsonl")])
        #expect(good.status == 0)
        #expect(
            good.stdout
                == "\(fixtures.path("tap.jsonl")): ok, 2 samples, 0.09 s, default scene\n\(fixtures.path("down.jsonl")): ok, 1 sample, 0 s, default scene\n")
        #expect(good.stderr.hasPrefix("\(fixtures.path("down.jsonl")):1:1: warning: "))
        let strict = runInProcess(["validate", "--strict", fixtures.path("down.jsonl")])
        #expect(strict.status == 65)
        #expect(strict.stdout.isEmpty)
        let bad = runInProcess(["validate", fixtures.path("bad.jsonl"), fixtures.path("tap.jsonl")])
        #expect(bad.status == 65)
        #expect(bad.stdout == "\(fixtures.path("tap.jsonl")): ok, 2 samples, 0.09 s, default scene\n")
        #expect(bad.stderr.hasPrefix("\(fixtures.path("bad.jsonl")):2:"))
        let missing = runInProcess(["validate", fixtures.path("bad.jsonl"), fixtures.path("none.jsonl")])
        #expect(missing.status == 66)
    }

    @Test func defaultSceneReadsBackAsTheDefaultScene() throws {
        let result = runInProcess(["scene", "--default"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout == SceneFileWriter.text(of: .defaultScene()))
        let fixtures = try Fixtures(["scene.json": result.stdout])
        #expect(try SceneLoader.load(path: fixtures.path("scene.json")) == SceneDescription.defaultScene())
        let check = runInProcess(["scene", "--check", fixtures.path("scene.json")])
        #expect(check == RunResult(status: 0, stdout: "\(fixtures.path("scene.json")): ok\n", stderr: ""))
    }

    @Test func sceneFileWriterRoundTripsEveryKey() throws {
        var card = ViewDescription(name: "card", frame: Rect(x: 20, y: 100, width: 350, height: 200.5))
        card.userInteractionEnabled = false
        card.hidden = true
        card.alpha = 0.5
        card.exclusiveTouch = true
        card.clipsToBounds = true
        card.handles = [.motion, .touches]
        card.canBecomeFirstResponder = true
        let root = ViewDescription(name: "root", frame: Rect(x: 0, y: 0, width: 390, height: 844), children: [card])
        var pan = RecognizerDescription(name: "cardPan", kind: .pan(minimumNumberOfTouches: 1, maximumNumberOfTouches: 2), view: "card")
        pan.enabled = false
        pan.cancelsTouchesInView = false
        pan.delaysTouchesBegan = true
        pan.delaysTouchesEnded = false
        pan.requireToFail = ["edge"]
        pan.shouldBegin = false
        pan.shouldReceiveTouch = .notInViews(["card"])
        pan.canPrevent = .none
        pan.canBePreventedBy = .named(["edge", "long"])
        pan.thresholds = ["panHysteresis": 4]
        var edge = RecognizerDescription(name: "edge", kind: .screenEdgePan(edges: [.left, .right]), view: "root")
        edge.shouldReceiveTouch = .inViews(["root"])
        let scene = SceneDescription(
            views: [root], controllers: [ControllerDescription(name: "vc", view: "root", handles: [.remoteControl])],
            firstResponder: "vc",
            recognizers: [
                pan, edge,
                RecognizerDescription(name: "long", kind: .longPress(minimumPressDuration: 0.8, allowableMovement: 5, numberOfTouchesRequired: 2, numberOfTapsRequired: 1), view: "card"),
                RecognizerDescription(name: "swipe", kind: .swipe(direction: [.up, .down], numberOfTouchesRequired: 2), view: "card"),
                RecognizerDescription(name: "shape", kind: .template(templates: [StrokeTemplate(name: "v", points: [Point(x: 0, y: 0), Point(x: 1, y: 2), Point(x: 3, y: -1)])], minimumScore: 0.7), view: "root"),
                RecognizerDescription(name: "check", kind: .checkmark, view: "root"),
            ],
            velocityEstimator: .lsq2)
        let fixtures = try Fixtures(["scene.json": SceneFileWriter.text(of: scene)])
        #expect(try SceneLoader.load(path: fixtures.path("scene.json")) == scene)
    }

    @Test func sceneOption() throws {
        let fixtures = try Fixtures([
            "tap.jsonl": TraceText.tap, "scene.json": SceneFileWriter.text(of: .defaultScene()),
            "bad-scene.json": #"{"views": [], "recognizers": [{"name": "x"}]}"#,
        ])
        let tap = fixtures.path("tap.jsonl")
        let withScene = runInProcess(["analyze", "--scene", fixtures.path("scene.json"), "--only", "tap,doubleTap", tap])
        #expect(withScene == RunResult(status: 0, stdout: TraceText.tapRecords, stderr: ""))
        let missing = runInProcess(["analyze", "--scene", fixtures.path("none.json"), tap])
        #expect(missing.status == 66)
        #expect(missing.stdout.isEmpty)
        #expect(missing.stderr == "gesturectl: cannot open '\(fixtures.path("none.json"))': No such file or directory\n")
        let invalid = runInProcess(["analyze", "--scene", fixtures.path("bad-scene.json"), tap, tap])
        #expect(invalid.status == 65)
        #expect(invalid.stdout.isEmpty)
        #expect(invalid.stderr.hasPrefix("\(fixtures.path("bad-scene.json")):1:"))
        #expect(invalid.stderr.filter { $0 == "\n" }.count == 1, "reported once, not once per trace")
    }

    @Test func progressOnlyOnATerminal() throws {
        let fixtures = try Fixtures(["tap.jsonl": TraceText.tap, "bad.jsonl": TraceText.malformed])
        let arguments = ["analyze", "--only", "tap", fixtures.path("bad.jsonl"), fixtures.path("tap.jsonl")]
        let quiet = runInProcess(arguments)
        #expect(quiet.stderr.hasPrefix(fixtures.path("bad.jsonl") + ":2:"))
        let shown = runInProcess(arguments, errorsTerminal: true)
        #expect(shown.stdout == quiet.stdout)
        let erase = "\r\u{1B}[K"
        let first = ProgressLine.fitted("analyzing 1/2: \(fixtures.path("bad.jsonl"))")
        let second = ProgressLine.fitted("analyzing 2/2: \(fixtures.path("tap.jsonl"))")
        #expect(shown.stderr == erase + first + erase + quiet.stderr + first + erase + second + erase)
        #expect(ProgressLine.fitted(String(repeating: "x", count: 100)) == "…" + String(repeating: "x", count: 77))
    }
}
