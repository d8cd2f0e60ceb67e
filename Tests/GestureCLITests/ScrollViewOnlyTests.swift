import Testing

@testable import GestureCLI

/// `--only` and `--compact` with scroll views' own recognizers (`NAME.pan`, `NAME.pinch`):
/// output-format.md, "Control and scroll records", and cli.md.
@Suite struct ScrollViewOnlyTests {
    static let scene = """
        {"gesturectl-scene": 1, "views": [{"name": "root", "frame": [0, 0, 390, 844], "children": [
          {"name": "list", "frame": [0, 0, 390, 844], "scrollView": {"contentSize": [390, 3000]}},
          {"name": "gallery", "frame": [0, 600, 390, 200], "scrollView": {"contentSize": [1170, 200], "maximumZoomScale": 3}}]}],
         "recognizers": [{"name": "tap", "kind": "tap", "view": "root"}]}
        """

    /// One finger dragging up the list, 12 pt a frame.
    static let drag = """
        {"gesturectl": 1, "screen": {"width": 390, "height": 844}}
        {"t": 0, "id": 1, "phase": "began", "x": 100, "y": 400}
        {"t": 0.016, "id": 1, "phase": "moved", "x": 100, "y": 388}
        {"t": 0.032, "id": 1, "phase": "moved", "x": 100, "y": 376}
        {"t": 0.048, "id": 1, "phase": "moved", "x": 100, "y": 364}
        {"t": 0.064, "id": 1, "phase": "ended", "x": 100, "y": 364}

        """

    func analyze(_ arguments: [String]) throws -> RunResult {
        let fixtures = try Fixtures(["scene.json": Self.scene, "drag.jsonl": Self.drag])
        return runInProcess(["analyze"] + arguments + [fixtures.path("drag.jsonl")])
    }

    @Test func onlyAcceptsAScrollViewsOwnRecognizers() throws {
        let pan = try analyze(["--only", "list.pan", "--format", "jsonl"])
        #expect(pan.status == 0, "\(pan)")
        let lines = pan.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix(#"{"t":0.016,"recognizer":"list.pan","kind":"pan","view":"list","state":"began""#) == true)
        #expect(lines.first?.hasSuffix(#""cause":"moved 12 pt up, past scrollHysteresis 10 pt, 0.016 s after touch down"}"#) == true)
        #expect(lines.dropFirst().first?.hasPrefix(#"{"type":"scroll","t":0.016,"scrollView":"list","event":"willBeginDragging""#) == true)
        #expect(!lines.contains { $0.contains(#""recognizer":"tap""#) })
        let pinch = try analyze(["--only", "gallery.pinch", "--format", "jsonl"])
        #expect(pinch == RunResult(status: 0, stdout: "", stderr: ""))
    }

    @Test func scrollRecordsGoWithTheirScrollViewsRecognizers() throws {
        let tapOnly = try analyze(["--only", "tap", "--format", "jsonl"])
        #expect(tapOnly.status == 0)
        #expect(!tapOnly.stdout.contains(#""type":"scroll""#), "\(tapOnly.stdout)")
        #expect(tapOnly.stdout.contains(#""recognizer":"tap""#))
        let both = try analyze(["--only", "tap,list.pan", "--format", "jsonl"])
        #expect(both.stdout.contains(#""type":"scroll""#))
    }

    @Test func aMisspeltScrollViewRecognizerGetsASuggestion() throws {
        let result = try analyze(["--only", "lsit.pan"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasSuffix("has no recognizer named 'lsit.pan'. Did you mean 'list.pan'?\n"), "\(result.stderr)")
    }

    @Test func compactTextLeavesOutTheFramesOfScrolling() throws {
        let full = try analyze(["--format", "text", "--only", "list.pan"])
        #expect(full.stdout.contains("didScroll"))
        let compact = try analyze(["--format", "text", "--compact", "--only", "list.pan"])
        #expect(compact.status == 0)
        #expect(!compact.stdout.contains("didScroll"), "\(compact.stdout)")
        #expect(compact.stdout.contains("willBeginDragging"))
        #expect(compact.stdout.contains("because moved 12 pt up, past scrollHysteresis 10 pt, 0.016 s after touch down"))
    }
}
