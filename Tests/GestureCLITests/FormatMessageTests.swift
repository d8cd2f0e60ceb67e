import Foundation
import Testing

@testable import GestureCLI

/// Input in another format than it was read as gets a message about the format, not about its
/// inside (issue 30: "missing required key samples" for JSON Lines named .json).
@Suite struct FormatMessageTests {
    static let jsonLines = UnitWarningTests.milliseconds

    static func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test(arguments: [
        ("lines.json", "this is JSON Lines (one sample per line), not a JSON document: name it .jsonl or give --input-format jsonl"),
        ("lines.csv", "this is JSON Lines (one sample per line), not CSV: name it .jsonl or give --input-format jsonl"),
    ])
    func jsonLinesUnderAnotherExtension(name: String, message: String) throws {
        let fixtures = try Fixtures([name: Self.jsonLines])
        let path = fixtures.path(name)
        for command in ["analyze", "validate"] {
            let result = runInProcess([command, path])
            #expect(result.stdout.isEmpty)
            #expect(result.stderr == "\(path):1:1: error: \(message)\n", "\(command): \(result)")
        }
    }

    @Test func standardInputHasNoNameToChange() throws {
        let live = try LiveProcess(["analyze", "--input-format", "csv", "-"])
        live.send(Self.jsonLines)
        let result = live.finish()
        #expect(result == RunResult(status: 65, stdout: "", stderr:
            "<stdin>:1:1: error: this is JSON Lines (one sample per line), not CSV: give --input-format jsonl\n"))
    }

    @Test func aWebDriverBodyGivenToAnalyzeSaysToConvertIt() throws {
        let fixtures = try Fixtures(["body.json": try Self.text(PackagePaths.trace("webdriver/swipe.actions"))])
        let path = fixtures.path("body.json")
        #expect(runInProcess(["analyze", path]) == RunResult(status: 65, stdout: "", stderr:
            "\(path):1:1: error: this is a body of W3C WebDriver actions, not a trace: convert it to a trace with "
            + "'gesturectl convert --from webdriver --to jsonl \(path)'\n"))
    }

    @Test(arguments: [("getevent-protocol-a.txt", "an Android getevent log", "getevent"), ("test-touchscreen.spread.events", "an evemu-record recording", "evemu")])
    func aDeviceRecordingGivenToAnalyzeSaysToConvertIt(recording: String, what: String, from: String) throws {
        let fixtures = try Fixtures(["log.txt": try Self.text(PackagePaths.recording(recording))])
        let path = fixtures.path("log.txt")
        #expect(runInProcess(["analyze", path]) == RunResult(status: 65, stdout: "", stderr:
            "\(path):1:1: error: this is \(what), not a trace: convert it to a trace with 'gesturectl convert --from \(from) --to jsonl \(path)'\n"))
    }

    @Test func aTraceGivenAsTheSceneSaysSo() throws {
        let fixtures = try Fixtures(["trace.jsonl": Self.jsonLines])
        let path = fixtures.path("trace.jsonl")
        let result = runInProcess(["analyze", "--scene", path, path])
        #expect(result == RunResult(status: 65, stdout: "", stderr:
            "\(path):1:1: error: this is a trace (JSON Lines), not a scene: give it as the TRACE, and a scene file "
            + "({\"gesturectl-scene\": 1, \"views\": [...]}) with --scene\n"))
    }

    @Test func aGenuineMistakeKeepsItsOwnMessage() throws {
        let fixtures = try Fixtures(["bad.jsonl": TraceText.malformed])
        #expect(runInProcess(["analyze", fixtures.path("bad.jsonl")]).stderr.hasPrefix(fixtures.path("bad.jsonl") + ":2:"))
    }
}

/// A scene with several mistakes reports each, at its position, in one run (issue 30).
@Suite struct SceneMistakesTests {
    static let scene = """
        {"gesturectl-scene": 1,
         "views": [
          {"name": "root", "frame": [0, 0, 390, 844], "children": [
            {"name": "photo", "frame": [0, 0, 390]},
            {"name": "card", "frame": [0, 400, 390, 200], "hiden": true}
          ]}
         ],
         "recognizers": [
          {"name": "tap", "kind": "tapp", "view": "root"},
          {"name": "pan", "kind": "pan", "view": "root", "minimumNumberOfTouches": 0},
          {"name": "pinch", "kind": "pinch", "view": "root"}
         ]}
        """

    @Test func everyMistakeIsReportedAtItsPosition() throws {
        let fixtures = try Fixtures(["scene.json": Self.scene])
        let path = fixtures.path("scene.json")
        #expect(runInProcess(["scene", "--check", path]) == RunResult(status: 65, stdout: "", stderr: """
            \(path):4:32: error: "frame" of view "photo" must be [x, y, width, height]
            \(path):5:51: error: unknown key "hiden" in a view (did you mean "hidden"? extension keys start with "x-")
            \(path):9:27: error: unknown recognizer kind "tapp" (did you mean "tap"? expected one of checkmark, longPress, pan, pinch, rotation, screenEdgePan, swipe, tap, template)
            \(path):10:76: error: "minimumNumberOfTouches" must be a whole number from 1 to 1000000

            """))
    }

    @Test func atMostTwentyAreShown() throws {
        let views = (0..<30).map { #"{"name": "v\#($0)", "frame": [0, 0]}"# }.joined(separator: ",\n")
        let fixtures = try Fixtures(["scene.json": "{\"views\": [\n" + views + "\n]}"])
        let result = runInProcess(["scene", "--check", fixtures.path("scene.json")])
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 21, "\(result)")
        #expect(lines.last?.hasSuffix(": error: 10 more problems not shown (at most 20 are)") == true, "\(result)")
    }
}
