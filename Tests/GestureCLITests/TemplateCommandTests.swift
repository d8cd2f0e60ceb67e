import Foundation
import Testing

@testable import GestureCLI

@Suite struct TemplateCommandTests {}

/// A "V" drawn from (x, y), `size` points wide, at 120 Hz, as JSON Lines.
private func vStroke(x: Double, y: Double, size: Double, id: Int = 1) -> String {
    var lines = [#"{"gesturectl":1}"#]
    let n = 24
    for i in 0...n {
        let f = Double(i) / Double(n)
        let px = x + size * f
        let py = f < 0.5 ? y + size * f * 2 : y + size * (2 - f * 2) - size * 0.2 * (f - 0.5)
        let phase = i == 0 ? "began" : (i == n ? "ended" : "moved")
        lines.append(#"{"t":\#(Double(i) / 120),"id":\#(id),"phase":"\#(phase)","x":\#(px),"y":\#(py)}"#)
    }
    return lines.joined(separator: "\n") + "\n"
}

extension TemplateCommandTests {
    @Test func recordedStrokesBecomeARecognizerThatRecognizesTheGesture() throws {
        let fixtures = try Fixtures(["v1.jsonl": vStroke(x: 50, y: 100, size: 80), "v2.jsonl": vStroke(x: 200, y: 300, size: 120)])
        let made = runInProcess(["template", "--name", "vee", "--points", "32", fixtures.path("v1.jsonl"), fixtures.path("v2.jsonl")])
        #expect(made.status == 0, "\(made)")
        #expect(made.stderr.isEmpty)
        let recognizer = try #require(try JSONSerialization.jsonObject(with: Data(made.stdout.utf8)) as? [String: Any])
        #expect(recognizer["name"] as? String == "vee")
        #expect(recognizer["kind"] as? String == "template")
        let templates = try #require(recognizer["templates"] as? [[String: Any]])
        #expect(templates.count == 2)
        #expect((templates.first?["points"] as? [[Double]])?.count == 32)

        // Paste it into a scene, and a V of another size elsewhere is recognized as "vee".
        let scene = """
            {"views": [{"name": "screen", "frame": [0, 0, 390, 844]}], "recognizers": [\(made.stdout)]}
            """
        try fixtures.write("scene.json", scene)
        try fixtures.write("other.jsonl", vStroke(x: 120, y: 500, size: 60))
        let analyzed = runInProcess(["analyze", "--format", "jsonl", fixtures.path("other.jsonl")])
        #expect(analyzed.status == 0, "\(analyzed)")
        #expect(analyzed.stdout.contains(#""state":"recognized""#))
        #expect(analyzed.stdout.contains(#""template":"vee""#))
    }

    @Test func templatesOnlyPrintsTheArray() throws {
        let fixtures = try Fixtures(["v.jsonl": vStroke(x: 50, y: 100, size: 80)])
        let made = runInProcess(["template", "--name", "vee", "--templates-only", fixtures.path("v.jsonl")])
        #expect(made.status == 0)
        #expect(made.stdout.hasPrefix("["))
    }

    @Test func nameIsRequired() throws {
        let result = runInProcess(["template", "x.jsonl"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("gesturectl template: --name is required"))
        #expect(result.stdout.isEmpty)
    }

    @Test func aTraceWithoutAStrokeIsBadInput() throws {
        let fixtures = try Fixtures(["dot.jsonl": #"{"t":0,"id":1,"phase":"began","x":5,"y":5}"# + "\n" + #"{"t":0.1,"id":1,"phase":"ended","x":5,"y":5}"# + "\n"])
        let result = runInProcess(["template", "--name", "dot", fixtures.path("dot.jsonl")])
        #expect(result.status == 65)
        #expect(result.stderr == "\(fixtures.path("dot.jsonl")): error: no stroke with any length to make a template of\n")
        #expect(result.stdout.isEmpty)
    }
}
