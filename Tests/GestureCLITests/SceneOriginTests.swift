import Foundation
import Testing

@testable import GestureCLI

/// Every report names the scene a trace was analyzed with and where it came from (issue 16,
/// "say which scene applied"): a `scene.json` beside a trace must never change results silently.
@Suite struct SceneOriginTests {
    static let scene = """
        {"gesturectl-scene": 1, "views": [{"name": "root", "frame": [0, 0, 390, 844]}],
         "recognizers": [{"name": "only", "kind": "tap", "view": "root"}]}
        """

    /// A folder with a trace and a `scene.json` beside it, and a trace elsewhere with none.
    static func corpus() throws -> Fixtures {
        let fixtures = try Fixtures(["plain.jsonl": TraceText.tap])
        try FileManager.default.createDirectory(atPath: fixtures.path("app"), withIntermediateDirectories: true)
        try fixtures.write("app/tap.jsonl", TraceText.tap)
        try fixtures.write("app/scene.json", scene)
        return fixtures
    }

    @Test func theTextHeadingNamesTheScene() throws {
        let fixtures = try Self.corpus()
        let beside = runInProcess(["analyze", "--format", "text", fixtures.path("app/tap.jsonl")])
        #expect(beside.stdout.hasPrefix(fixtures.path("app/tap.jsonl") + ": scene \(fixtures.path("app/scene.json")) (beside the trace)\n"))
        let plain = runInProcess(["analyze", "--format", "text", fixtures.path("plain.jsonl")])
        #expect(plain.stdout.hasPrefix(fixtures.path("plain.jsonl") + ": default scene\n"))
        let given = runInProcess(["analyze", "--format", "text", "--scene", fixtures.path("app/scene.json"), fixtures.path("plain.jsonl")])
        #expect(given.stdout.hasPrefix(fixtures.path("plain.jsonl") + ": scene \(fixtures.path("app/scene.json")) (--scene)\n"))
    }

    @Test func theJSONDocumentNamesTheScene() throws {
        let fixtures = try Self.corpus()
        let result = runInProcess(["analyze", "--format", "json", fixtures.path("app/tap.jsonl"), fixtures.path("plain.jsonl")])
        #expect(result.status == 0)
        #expect(result.stdout.contains(#"{"trace":"\#(fixtures.path("app/tap.jsonl"))","scene":{"from":"beside","file":"\#(fixtures.path("app/scene.json"))"},"gestures":["#))
        #expect(result.stdout.contains(#"{"trace":"\#(fixtures.path("plain.jsonl"))","scene":{"from":"default"},"gestures":["#))
    }

    @Test func jsonLinesKeepTheirRecordsAndNoteTheSceneOnATerminal() throws {
        let fixtures = try Self.corpus()
        let path = fixtures.path("app/tap.jsonl")
        let piped = runInProcess(["analyze", path])
        #expect(piped.stderr == "")
        #expect(piped.stdout.hasPrefix(#"{"t":0.09,"#))
        let watched = runInProcess(["analyze", path], errorsTerminal: true)
        #expect(watched.stdout == piped.stdout)
        #expect(watched.stderr == "\(path): note: analyzed with the scene \(fixtures.path("app/scene.json")) (beside the trace)\n")
    }

    @Test func validateNamesTheSceneAndTakesScene() throws {
        let fixtures = try Self.corpus()
        let result = runInProcess(["validate", fixtures.path("app/tap.jsonl"), fixtures.path("plain.jsonl")])
        #expect(
            result.stdout == """
                \(fixtures.path("app/tap.jsonl")): ok, 2 samples, 0.09 s, scene \(fixtures.path("app/scene.json")) (beside the trace)
                \(fixtures.path("plain.jsonl")): ok, 2 samples, 0.09 s, default scene

                """)
        let given = runInProcess(["validate", "--scene", fixtures.path("app/scene.json"), fixtures.path("plain.jsonl")])
        #expect(given.status == 0)
        #expect(given.stdout == "\(fixtures.path("plain.jsonl")): ok, 2 samples, 0.09 s, scene \(fixtures.path("app/scene.json")) (--scene)\n")
        let missing = runInProcess(["validate", "--scene", fixtures.path("none.json"), fixtures.path("plain.jsonl")])
        #expect(missing.status == 66)
        #expect(missing.stdout == "")
        try fixtures.write("bad.json", #"{"views": 3}"#)
        let bad = runInProcess(["validate", "--scene", fixtures.path("bad.json"), fixtures.path("plain.jsonl")])
        #expect(bad.status == 65)
        #expect(bad.stderr == "\(fixtures.path("bad.json")):1:11: error: \"views\" must be an array, not a number\n")
        let both = runInProcess(["validate", "--scene", "-", "-"])
        #expect(both.status == 2)
    }

    @Test func checkNamesTheSceneOfAFailure() throws {
        let fixtures = try Self.corpus()
        try fixtures.write("app/tap.jsonl.expected.jsonl", "")
        let text = runInProcess(["check", fixtures.path("app")])
        #expect(text.status == 1)
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count > 2)
        #expect(lines[1] == "  analyzed with the scene \(fixtures.path("app/scene.json")) (beside the trace)")
        let json = runInProcess(["check", "--report", "json", fixtures.path("app")])
        #expect(json.stdout.contains(#""scene": {"from": "beside", "file": "\#(fixtures.path("app/scene.json"))"},"#))
    }
}
