import Foundation
import GestureCLI
import GestureKit
import GestureTesting
import GestureTrace
import GestureUIKit
import Testing

let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

/// Runs a team's gesturectl in process: exit status, standard output, standard error.
func teamTool(_ arguments: [String], registry: RecognizerRegistry = appleRegistry) -> (Int32, String, String) {
    let output = MemoryOutput()
    let errors = MemoryOutput()
    let status = run(arguments, in: CommandEnvironment(standardOutput: output, standardError: errors), registry: registry)
    return (status, output.text, errors.text)
}

/// Decodes `json` as a scene file named "scene.json" and returns the error message.
func decodingError(_ json: String, registry: RecognizerRegistry = appleRegistry) -> String? {
    do {
        let value = try parseJSON(bytes: Array(json.utf8), file: "scene.json")
        _ = try SceneDecoder(file: "scene.json", registry: registry).decode(value)
        return nil
    } catch {
        return "\(error)"
    }
}

@MainActor
@Suite("Registered kinds and delegates in scene files and on the command line")
struct RegistryTests {
    @Test("an unknown kind is an error at the kind, listing the built-in and registered kinds")
    func unknownKind() {
        let message = decodingError(#"{"views": [{"name": "pad", "frame": [0, 0, 10, 10]}], "recognizers": [{"name": "x", "kind": "verticalPan", "view": "pad"}]}"#)
        #expect(message == #"scene.json:1:93: error: unknown recognizer kind "verticalPan" (expected one of appleCheckmark, checkmark, longPress, pan, pinch, rotation, screenEdgePan, swipe, tap, template, touchCapture)"#)
    }

    @Test("a setting the factory refuses is an error at its value; an undeclared key at its key")
    func settingErrors() {
        var registry = RecognizerRegistry()
        registry.register(uiKind: "drag", settings: ["direction"]) { s throws(SettingError) in
            _ = try s.oneOf("direction", ["up", "down"], default: "down")
            return UIPanGestureRecognizer()
        }
        let bad = decodingError(#"{"views": [{"name": "pad", "frame": [0, 0, 10, 10]}], "recognizers": [{"name": "d", "kind": "drag", "view": "pad", "direction": "left"}]}"#, registry: registry)
        #expect(bad == #"scene.json:1:129: error: "direction" is "left"; expected one of "up", "down""#)
        let unknown = decodingError(#"{"views": [{"name": "pad", "frame": [0, 0, 10, 10]}], "recognizers": [{"name": "d", "kind": "drag", "view": "pad", "speed": 1}]}"#, registry: registry)
        #expect(unknown == #"scene.json:1:116: error: unknown key "speed" in recognizer "d" (extension keys start with "x-")"#)
    }

    @Test("an unknown delegate lists the registered ones; a delegate replaces the delegate keys")
    func delegateErrors() {
        let unknown = decodingError(#"{"views": [{"name": "pad", "frame": [0, 0, 10, 10]}], "recognizers": [{"name": "p", "kind": "pan", "view": "pad", "delegate": "verticalOnly"}]}"#)
        #expect(unknown == #"scene.json:1:127: error: unknown delegate "verticalOnly" (expected one of horizontalOnly)"#)
        let both = decodingError(#"{"views": [{"name": "pad", "frame": [0, 0, 10, 10]}], "recognizers": [{"name": "p", "kind": "pan", "view": "pad", "delegate": "horizontalOnly", "shouldBegin": false}]}"#)
        #expect(both == #"scene.json:1:145: error: "shouldBegin" cannot be combined with "delegate": the delegate "horizontalOnly" answers instead"#)
    }

    @Test("analyze, check, validate and scene work with registered kinds")
    func everyCommand() throws {
        let trace = fixtures + "/checkmark.jsonl"
        let scene = fixtures + "/scene.json"
        let (status, output, errors) = teamTool(["analyze", trace, "--scene", scene, "--format", "jsonl"])
        #expect(status == 0, "\(errors)")
        #expect(output.contains(#""recognizer":"check","kind":"appleCheckmark","view":"pad","state":"recognized""#), "\(output)")
        #expect(output.contains(#""recognizer":"swipeAway","kind":"pan""#))
        let (validateStatus, _, validateErrors) = teamTool(["validate", trace])
        #expect(validateStatus == 0, "\(validateErrors)")
        let (sceneStatus, sceneOutput, sceneErrors) = teamTool(["scene", "--check", scene])
        #expect(sceneStatus == 0, "\(sceneErrors)")
        #expect(sceneOutput == "\(scene): ok\n")
        let (checkStatus, _, checkErrors) = teamTool(["check", fixtures])
        #expect(checkStatus == 0, "\(checkErrors)")
        let (plotStatus, plot, plotErrors) = teamTool(["plot", trace])
        #expect(plotStatus == 0, "\(plotErrors)")
        #expect(plot.hasPrefix("<svg") || plot.hasPrefix("<?xml"))
        #expect(plot.contains("check"))
    }

    @Test("without the registry the same scene is bad data, at the kind")
    func withoutRegistry() {
        let (status, output, errors) = teamTool(["analyze", fixtures + "/checkmark.jsonl"], registry: RecognizerRegistry())
        #expect(status == 65)
        #expect(output.isEmpty)
        #expect(errors.contains(#"scene.json:17:15: error: unknown recognizer kind "appleCheckmark" (expected one of checkmark, longPress, pan, pinch, rotation, screenEdgePan, swipe, tap, template)"#), "\(errors)")
    }

    @Test("a failed check shows the timeline as analyze prints it")
    func failureMessageShowsTimeline() throws {
        let timeline = try Replay.trace(fixtures + "/checkmark.jsonl", registry: appleRegistry)
        let message = timeline.expectStates("check", [.failed], report: false)
        #expect(message?.hasPrefix("check: expected states [failed], got [recognized]\n") == true)
        #expect(message?.contains(timeline.text) == true)
        #expect(timeline.text.contains("check"))
        #expect(timeline.expectFigure("check", .locationX, in: .recognized, 170, tolerance: 0.5, report: false) == nil)
    }
}
