import Foundation
import Testing

/// Scene entries named after a scroll view's own recognizers (`gallery.pan`) configure them, and
/// `gesturectl analyze` gives the documented outcomes (docs/controls-and-scrolling.md, "The examples").
@Suite("Scene files configure a scroll view's own recognizers")
struct ScrollViewRecognizerSceneTests {
    static let conflicts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("traces/conflicts").path

    /// The transition lines of `analyze --format jsonl` as `recognizer state`.
    private func transitions(_ folder: String, _ trace: String) -> [String] {
        transitions(["\(Self.conflicts)/\(folder)/\(trace).jsonl"])
    }

    private func transitions(_ arguments: [String]) -> [String] {
        let result = runInProcess(["analyze", "--format", "jsonl"] + arguments)
        #expect(result.status == 0, "\(result)")
        return result.stdout.split(separator: "\n").compactMap { line -> String? in
            guard let recognizer = field(line, "recognizer"), let state = field(line, "state") else { return nil }
            return "\(recognizer) \(state)"
        }
    }

    private func field(_ line: Substring, _ key: String) -> String? {
        guard let start = line.range(of: "\"\(key)\":\"") else { return nil }
        return line[start.upperBound...].split(separator: "\"", maxSplits: 1).first.map(String.init)
    }

    @Test("gallery.pan requiring the swipe to fail: a flick is the swipe's, a slow drag pages once the swipe has failed")
    func panRequiresSwipe() {
        #expect(transitions("swipe-in-gallery", "flick") == ["nextSwipe recognized", "gallery.pan failed"])
        let slow = transitions("swipe-in-gallery", "slow-drag")
        #expect(slow.first == "nextSwipe failed")
        #expect(slow.dropFirst().first == "gallery.pan began")
        #expect(slow.last == "gallery.pan ended")
    }

    @Test("the swipe requiring gallery.pan to fail: every drag pages and the swipe fails when the pan begins")
    func swipeRequiresPan() {
        for trace in ["flick", "slow-drag"] {
            let states = transitions("swipe-waits-for-gallery", trace)
            #expect(states.first == "gallery.pan began")
            #expect(states.contains("nextSwipe failed"))
            #expect(!states.contains("nextSwipe recognized"))
        }
    }

    @Test("an entry for NAME.pan takes shouldBegin, simultaneousWith and canPrevent like any recognizer's")
    func otherKeys() throws {
        let scene = """
            {"views": [{"name": "root", "frame": [0, 0, 390, 844], "children": [
              {"name": "gallery", "frame": [0, 200, 390, 300], "scrollView": {"contentSize": [1170, 300]}}]}],
             "recognizers": [
              {"name": "rootPan", "kind": "pan", "view": "root"},
              {"name": "gallery.pan", "simultaneousWith": ["rootPan"], "canPrevent": false}]}
            """
        let fixtures = try Fixtures(["scene.json": scene, "drag.jsonl": Self.drag, "off.json": scene.replacingOccurrences(
            of: #""canPrevent": false"#, with: #""shouldBegin": false"#)])
        let together = transitions(["--scene", fixtures.path("scene.json"), fixtures.path("drag.jsonl")])
        #expect(together.contains("rootPan ended"))
        #expect(together.contains("gallery.pan ended"))
        try fixtures.write("plain.json", scene.replacingOccurrences(of: #", "canPrevent": false"#, with: ""))
        let plain = transitions(["--scene", fixtures.path("plain.json"), fixtures.path("drag.jsonl")])
        #expect(plain.contains("rootPan ended") && plain.contains("gallery.pan ended"))
        try fixtures.write("alone.json", scene.replacingOccurrences(of: #""simultaneousWith": ["rootPan"], "#, with: ""))
        let notPreventing = transitions(["--scene", fixtures.path("alone.json"), fixtures.path("drag.jsonl")])
        #expect(notPreventing.contains("gallery.pan ended") && notPreventing.contains("rootPan ended"))
        try fixtures.write("default.json", scene.replacingOccurrences(of: #"{"name": "gallery.pan", "simultaneousWith": ["rootPan"], "canPrevent": false}"#, with: #"{"name": "gallery.pan"}"#))
        let preventing = transitions(["--scene", fixtures.path("default.json"), fixtures.path("drag.jsonl")])
        #expect(preventing.contains("gallery.pan ended") && preventing.contains("rootPan failed"))
        let refused = runInProcess(["analyze", "--format", "jsonl", "--scene", fixtures.path("off.json"), fixtures.path("drag.jsonl")])
        #expect(refused.stdout.contains(#""recognizer":"gallery.pan","kind":"pan","view":"gallery","state":"failed","reason":"its delegate's gestureRecognizerShouldBegin answered no""#), "\(refused)")
        #expect(refused.stdout.contains(#""recognizer":"rootPan","kind":"pan","view":"root","state":"began""#), "\(refused)")
        #expect(!refused.stdout.contains("didScroll"), "\(refused)")
    }

    @Test("a wrong kind or view for NAME.pan is an error at its position")
    func wrongKind() throws {
        let scene = """
            {"views": [{"name": "gallery", "frame": [0, 0, 390, 300], "scrollView": {"contentSize": [1170, 300]}}],
             "recognizers": [{"name": "gallery.pan", "kind": "tap"}]}
            """
        let fixtures = try Fixtures(["scene.json": scene, "drag.jsonl": Self.drag])
        let result = runInProcess(["analyze", "--scene", fixtures.path("scene.json"), fixtures.path("drag.jsonl")])
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(#"scene.json:2:50: error: recognizer "gallery.pan" is gallery's own pan: its "kind" is "pan" (or leave it out)"#), "\(result)")
    }

    static let drag = """
        {"gesturectl":1,"screen":{"width":390,"height":844}}
        {"t":0,"id":1,"phase":"began","x":300,"y":350}
        {"t":0.017,"id":1,"phase":"moved","x":280,"y":350}
        {"t":0.033,"id":1,"phase":"moved","x":260,"y":350}
        {"t":0.05,"id":1,"phase":"ended","x":240,"y":350}

        """
}
