import Foundation
import GestureCLI
import GestureKit
import GestureTesting
import GestureTrace
import GestureUIKit
import Testing

/// A pan that leaves the view's touches alone, set in its own `init` as apps do.
final class PassThroughPan: UIPanGestureRecognizer {
    override init(target: Any?, action: Selector?) {
        super.init(target: target, action: action)
        cancelsTouchesInView = false
    }
}

/// A delegate marked `@MainActor`, as Swift 6 app code marks it: only vertical pans begin.
@MainActor
final class VerticalOnlyDelegate: NSObject, UIGestureRecognizerDelegate {
    private(set) var asked = 0
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        asked += 1
        guard let pan = gestureRecognizer as? UIPanGestureRecognizer else { return true }
        let v = pan.translation(in: pan.view)
        // A closure handed to `map` from main-actor code: Swift 6 checks its isolation at run time.
        let sizes = [v.x, v.y].map { abs($0) }
        return sizes[1] > sizes[0]
    }
}

/// A small screen built in code: a card with a vertical pan (a delegate of its own, touches left
/// to the view), and a double tap on the card that the pan must see fail first.
@MainActor
func cardScreen() -> UIWindow {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let card = GenerousView(frame: CGRect(x: 20, y: 400, width: 350, height: 400))
    card.accessibilityIdentifier = "card"
    window.addSubview(card)
    let pan = PassThroughPan(target: nil, action: nil)
    pan.name = "cardPan"
    let delegate = VerticalOnlyDelegate()
    pan.delegate = delegate
    card.addGestureRecognizer(pan)
    let doubleTap = UITapGestureRecognizer()
    doubleTap.name = "cardDoubleTap"
    doubleTap.numberOfTapsRequired = 2
    card.addGestureRecognizer(doubleTap)
    pan.require(toFail: doubleTap)
    retainedDelegates.append(delegate)
    return window
}

/// Keeps the screens' delegates alive (recognizers hold delegates weakly, as in UIKit).
@MainActor var retainedDelegates: [AnyObject] = []

let screenRegistry: RecognizerRegistry = {
    var registry = RecognizerRegistry()
    registry.register(screen: "card") { cardScreen() }
    registry.register(uiView: "GenerousView") { GenerousView(frame: .zero) }
    registry.register(uiKind: "PassThroughPan") { _ in PassThroughPan(target: nil, action: nil) }
    registry.register(uiDelegate: "VerticalOnlyDelegate") { VerticalOnlyDelegate() }
    return registry
}()

/// `samples` as a JSON Lines trace file in a fresh temporary directory; returns its path.
func writeTrace(_ samples: [Sample], name: String = "trace.jsonl") throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("screen-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let lines = samples.compactMap { sample -> String? in
        guard case .touch(let id, let phase, let location, _, _) = sample.kind else { return nil }
        return #"{"t":\#(sample.t),"id":"\#(id)","phase":"\#(phase)","x":\#(location.x),"y":\#(location.y)}"#
    }
    let path = directory.appendingPathComponent(name).path
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

let verticalDrag = stroke([(200, 500), (200, 520), (201, 540), (202, 560), (202, 580)])

@MainActor
@Suite("Screens built in UIKit code, registered by name")
struct ScreenTests {
    @Test("Replay runs a registered screen: the @MainActor delegate answers, require(toFail:) holds")
    func replayScreen() throws {
        let timeline = try Replay.samples(verticalDrag, screen: "card", registry: screenRegistry)
        // The pan waits for the double tap to fail (it fails when the finger has moved 45 points).
        timeline.expectStates("cardPan", [.began, .ended])
        timeline.expectStates("cardDoubleTap", [.failed])
        #expect(timeline.transitions(of: "cardPan").first?.kind == "PassThroughPan")
        let sideways = try Replay.samples(stroke([(200, 500), (220, 501), (240, 502)]), screen: "card", registry: screenRegistry)
        #expect(sideways.transitions(of: "cardPan").first?.reason == "its delegate's gestureRecognizerShouldBegin answered no")
    }

    @Test("replays off the main thread run main-actor code, side by side (check on several threads)")
    func offMainThread() throws {
        let directory = (try writeTrace(verticalDrag, name: "a.jsonl") as NSString).deletingLastPathComponent
        let text = try String(contentsOfFile: directory + "/a.jsonl", encoding: .utf8)
        for name in ["b", "c", "d", "e", "f"] {
            try (#"{"gesturectl": 1, "scene": "card"}"# + "\n" + text).write(toFile: "\(directory)/\(name).jsonl", atomically: true, encoding: .utf8)
        }
        try (#"{"gesturectl": 1, "scene": "card"}"# + "\n" + text).write(toFile: directory + "/a.jsonl", atomically: true, encoding: .utf8)
        let (updated, _, updateErrors) = teamTool(["check", "--update", "--jobs", "3", directory], registry: screenRegistry)
        #expect(updated == 0, "\(updateErrors)")
        let (status, output, errors) = teamTool(["check", "--jobs", "3", directory], registry: screenRegistry)
        #expect(status == 0, "\(errors)")
        #expect(output.contains("checked 6 traces: 6 matched"), "\(output)")
        // And one replay on a thread of its own, outside any task.
        nonisolated(unsafe) var states: [RecognizerState] = []
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            states = (try? Replay.samples(verticalDrag, screen: "card", registry: screenRegistry))?.states(of: "cardPan") ?? []
            done.signal()
        }
        thread.start()
        done.wait()
        #expect(states == [.began, .ended])
    }

    @Test("an unknown screen is an error naming the registered ones")
    func unknownScreen() {
        #expect(throws: SceneError("no screen \"cards\" is registered (registered: card)")) {
            try Replay.samples(verticalDrag, screen: "cards", registry: screenRegistry)
        }
    }

    @Test("gesturectl analyze --scene NAME runs the screen in a team's gesturectl, as Replay does")
    func analyzeScreen() throws {
        let trace = try writeTrace(verticalDrag)
        let (status, output, errors) = teamTool(["analyze", "--format", "jsonl", "--scene", "card", trace], registry: screenRegistry)
        #expect(status == 0, "\(errors)")
        let replayed = try Replay.trace(trace, scene: "card", registry: screenRegistry)
        #expect(output.split(separator: "\n").count == replayed.transitions.count)
        #expect(output.contains(#""recognizer":"cardPan","kind":"PassThroughPan""#))
        #expect(output.contains(#""state":"ended""#))
    }

    @Test("a trace's own scene key can name a registered screen")
    func traceKeyNamesScreen() throws {
        let trace = try writeTrace(verticalDrag)
        let text = try String(contentsOfFile: trace, encoding: .utf8)
        try (#"{"gesturectl": 1, "scene": "card"}"# + "\n" + text).write(toFile: trace, atomically: true, encoding: .utf8)
        let timeline = try Replay.trace(trace, registry: screenRegistry)
        timeline.expectStates("cardPan", [.began, .ended])
    }

    @Test("scene --screen writes the screen as a scene file that reads back as the same scene and replays the same")
    func sceneScreenRoundTrip() throws {
        let (status, text, errors) = teamTool(["scene", "--screen", "card"], registry: screenRegistry)
        #expect(status == 0, "\(errors)")
        #expect(text.contains(#""class": "GenerousView""#))
        #expect(text.contains(#""kind": "PassThroughPan""#))
        #expect(text.contains(#""delegate": "VerticalOnlyDelegate""#))
        #expect(text.contains(#""requireToFail": ["cardDoubleTap"]"#))
        let decoded = try SceneDecoder(file: "card.json", registry: screenRegistry).decode(parseJSON(bytes: Array(text.utf8), file: "card.json"))
        let built = try #require(screenRegistry.screen("card")?.screen).make()
        #expect(decoded == SceneDescription(describing: built, registry: screenRegistry))
        let fromFile = try Replay.samples(verticalDrag, scene: decoded)
        let fromCode = try Replay.samples(verticalDrag, screen: "card", registry: screenRegistry)
        #expect(fromFile.records == fromCode.records, "\(fromFile.text)\nexpected:\n\(fromCode.text)")
    }

    @Test("scene --screen with an unknown name is a usage error")
    func sceneScreenUnknown() {
        let (status, output, errors) = teamTool(["scene", "--screen", "crad"], registry: screenRegistry)
        #expect(status == 2)
        #expect(output.isEmpty)
        #expect(errors.contains(#"no screen 'crad' is registered (did you mean "card"? registered: card)"#), "\(errors)")
    }
}

@MainActor
@Suite("Scene views of registered classes; settings made in init")
struct SceneViewClassTests {
    /// Two 40-point views 10 points apart, the right one of `rightClass`, each with a tap.
    func buttons(rightClass: String?, extra: String = "") -> String {
        let cls = rightClass.map { #", "class": "\#($0)""# } ?? ""
        return """
            {"views": [{"name": "left", "frame": [100, 100, 40, 40]}, {"name": "right", "frame": [150, 100, 40, 40]\(cls)\(extra)}],
             "recognizers": [{"name": "leftTap", "kind": "tap", "view": "left"}, {"name": "rightTap", "kind": "tap", "view": "right"}]}
            """
    }

    @Test("a scene view naming a registered class takes its point(inside:with:) override", arguments: [true, false])
    func classInScene(named: Bool) throws {
        let json = buttons(rightClass: named ? "GenerousView" : nil)
        let timeline = try Replay.samples(tap(145, 120), sceneJSON: json, registry: screenRegistry)
        timeline.expectStates("rightTap", named ? [.recognized] : [])
    }

    @Test("a scene key the view names overrides what the class set; others keep it")
    func sceneKeysOverride() throws {
        let hidden = try Replay.samples(tap(145, 120), sceneJSON: buttons(rightClass: "GenerousView", extra: #", "hidden": true"#), registry: screenRegistry)
        hidden.expectStates("rightTap", [])
    }

    @Test("an unknown view class is an error at the class, with a suggestion")
    func unknownClass() {
        let message = decodingError(buttons(rightClass: "GenerusView"), registry: screenRegistry)
        #expect(message == #"scene.json:1:115: error: unknown view class "GenerusView" (did you mean "GenerousView"? expected one of GenerousView)"#)
    }

    @Test("cancelsTouchesInView = false set in a subclass's init survives a scene that does not name it", arguments: [nil, true, false])
    func initSettingsSurvive(sceneValue: Bool?) throws {
        let key = sceneValue.map { #", "cancelsTouchesInView": \#($0)"# } ?? ""
        let json = """
            {"views": [{"name": "pad", "frame": [0, 0, 390, 844]}],
             "recognizers": [{"name": "drag", "kind": "PassThroughPan", "view": "pad"\(key)}]}
            """
        let timeline = try Replay.samples(verticalDrag, sceneJSON: json, registry: screenRegistry, deliveries: true)
        timeline.expectStates("drag", [.began, .changed, .changed, .ended])
        let cancelled = timeline.records.contains { record in
            if case .delivery(let d) = record { return d.method == .touchesCancelled } else { return false }
        }
        #expect(cancelled == (sceneValue ?? false))
    }
}
