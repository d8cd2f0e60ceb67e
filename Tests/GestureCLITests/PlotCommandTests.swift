import Foundation
import GestureKit
import GestureTrace
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@testable import GestureCLI

/// `gesturectl plot`: the SVG parses as XML and holds the marks a person looks for.
@Suite struct PlotCommandTests {}

/// The elements of an SVG document, parsed with Foundation's XMLParser.
final class ParsedSVG: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
        var title: String?
        var text: String
    }

    private(set) var elements: [Element] = []
    private(set) var parseError: String?
    private var stack: [Int] = []
    private var inTitle = false

    init(_ text: String) {
        super.init()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = self
        if !parser.parse() { parseError = parser.parserError.map { "\($0)" } ?? "unknown error" }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if name == "title" {
            inTitle = true
            return
        }
        stack.append(elements.count)
        elements.append(Element(name: name, attributes: attributes, title: nil, text: ""))
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "title" {
            inTitle = false
            return
        }
        _ = stack.popLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard let index = stack.last else { return }
        if inTitle {
            elements[index].title = (elements[index].title ?? "") + string
        } else if elements[index].name == "text" {
            elements[index].text += string
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred error: Error) { parseError = "\(error)" }

    /// The elements called `name`.
    func all(_ name: String) -> [Element] { elements.filter { $0.name == name } }

    /// Every title.
    var titles: [String] { elements.compactMap(\.title) }

    /// Every text element's content.
    var texts: [String] { all("text").map(\.text) }
}

extension PlotCommandTests {
    /// Plots `trace` and parses the SVG.
    func plot(_ trace: String, scene: String? = nil) throws -> ParsedSVG {
        let arguments = (scene.map { ["--scene", $0] } ?? []) + [trace]
        let result = runCommand(PlotCommand(), arguments)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "))
        let svg = ParsedSVG(result.stdout)
        #expect(svg.parseError == nil, "\(svg.parseError ?? "")")
        return svg
    }

    @Test func twoFingerPinch() throws {
        let fixtures = try Fixtures()
        let synth = runCommand(SynthCommand(), ["pinch", "--scale", "0.5", "-o", fixtures.path("pinch.jsonl")])
        #expect(synth.status == 0)
        let svg = try plot(fixtures.path("pinch.jsonl"))
        let root = try #require(svg.all("svg").first)
        #expect(root.attributes["version"] == "1.1")
        #expect(root.attributes["viewBox"]?.hasPrefix("0 0 ") == true)
        let touches = svg.elements.filter { $0.attributes["class"] == "touch" }
        #expect(touches.count == 4)  // two in the screen drawing, two in the detail
        let colors = Set(svg.all("polyline").filter { $0.attributes["class"] != "curve" }.compactMap { $0.attributes["stroke"] })
        #expect(colors == [PlotPalette.color(0), PlotPalette.color(1)])
        #expect(svg.elements.contains { $0.attributes["id"] == "detail" })
        #expect(svg.titles.contains { $0.hasPrefix("pinch: began at t=") && $0.contains("ended at t=") && $0.contains("scale 0.5") })
        #expect(svg.titles.contains { $0.hasPrefix("rotation failed at t=") })
        let lanes = svg.elements.filter { $0.attributes["class"] == "lane" }
        #expect(lanes.count == 1 + SceneDescription.defaultScene().recognizers.count)
        #expect(svg.texts.contains("pinch"))
        #expect(svg.texts.contains("ended"))
    }

    @Test func doubleTap() throws {
        let svg = try plot(PackagePaths.trace("double-tap.json"))
        #expect(svg.titles.contains { $0.hasPrefix("doubleTap recognized at t=7.3055") })
        #expect(svg.titles.contains { $0.hasPrefix("tap failed at t=7.3055: doubleTap recognized") })
        let downs = svg.titles.filter { $0.hasPrefix("touch 1 down at t=") }
        #expect(downs.count == 4)  // two touches, each in the screen drawing and the detail
        #expect(svg.titles.filter { $0.hasPrefix("touch 1 up at t=") }.count == 4)
        #expect(svg.texts.contains("recognized"))
    }

    /// The failure reasons are in the picture (numbered beside their crosses, listed under the
    /// timeline), lane labels count every end state, and no two labels share a place.
    @Test func reasonsStayInThePictureAndLabelsDoNotOverlap() throws {
        let svg = try plot(PackagePaths.trace("double-tap.json"))
        #expect(svg.elements.contains { $0.attributes["id"] == "reasons" })
        #expect(svg.texts.contains("Why"))
        #expect(svg.texts.contains("tap failed at 7.306 s: doubleTap recognized, and tap requires it to fail"))
        // One recognizer failing twice for the same reason has one note.
        #expect(svg.texts.contains("longPress failed at 7.088 s, 7.306 s: lifted after 0.08 s, before minimumPressDuration 0.5 s"))
        #expect(svg.texts.contains("failed ×2"))
        #expect(svg.texts.contains("7") && !svg.texts.contains("8"))  // seven distinct reasons, numbered
        // The two touches both have id 1 and touch down 2 pt apart: their labels do not overlap.
        let ids = svg.all("text").filter { $0.text == "1" && $0.attributes["font-size"] == "11" && $0.attributes["font-weight"] == "bold" }
            .compactMap { element -> (Double, Double)? in
                guard let x = element.attributes["x"].flatMap(Double.init), let y = element.attributes["y"].flatMap(Double.init) else { return nil }
                return (x, y)
            }
        #expect(ids.count >= 2)
        for (i, a) in ids.enumerated() {
            for b in ids.dropFirst(i + 1) { #expect(abs(a.0 - b.0) >= 8 || abs(a.1 - b.1) >= 12, "\(a) \(b)") }
        }
    }

    @Test func laneLabelsCountEveryEndState() {
        func record(_ state: RecognizerState) -> TransitionRecord {
            TransitionRecord(t: 0, recognizer: "r", kind: "pan", view: "v", state: state)
        }
        #expect(SVGPlot.outcome(of: [record(.began), record(.ended), record(.began), record(.cancelled), record(.failed)]).text == "ended, cancelled, failed")
        #expect(SVGPlot.outcome(of: [record(.recognized), record(.recognized)]).text == "recognized ×2")
        #expect(SVGPlot.outcome(of: []).text == "no transitions")
    }

    @Test func conflictBetweenTwoRecognizersAndEscapedNames() throws {
        let scene = """
            {"views": [{"name": "root", "frame": [0, 0, 390, 844], "children": [
              {"name": "card <A&B>", "frame": [20, 100, 350, 300]}]}],
             "recognizers": [
              {"name": "cardPan", "kind": "pan", "view": "card <A&B>", "requireToFail": ["cardSwipe"]},
              {"name": "cardSwipe", "kind": "swipe", "view": "card <A&B>", "direction": ["left", "right"]}]}
            """
        let fixtures = try Fixtures(["scene.json": scene])
        let synth = runCommand(SynthCommand(), ["swipe", "--at", "200,250", "-o", fixtures.path("swipe.json")])
        #expect(synth.status == 0)
        let svg = try plot(fixtures.path("swipe.json"), scene: fixtures.path("scene.json"))
        #expect(svg.texts.contains("card <A&B>"))
        #expect(svg.titles.contains { $0.hasPrefix("cardSwipe recognized at t=") && $0.contains("direction right") })
        #expect(svg.titles.contains { $0.hasPrefix("cardPan failed at t=") })
        #expect(svg.elements.filter { $0.attributes["class"] == "lane" }.count == 3)
        #expect(svg.all("rect").contains { $0.title?.hasPrefix("view card <A&B>: (20, 100) 350 × 300 pt") == true })
    }

    @Test func everyRealRecordingPlots() throws {
        let fixtures = try Fixtures()
        for name in ["getevent-protocol-a.txt", "getevent-protocol-b.txt", "test-touchscreen.spread.events"] {
            let out = fixtures.path(name + ".jsonl")
            #expect(runCommand(ConvertCommand(), ["-o", out, PackagePaths.recording(name)]).status == 0)
            let svg = try plot(out)
            #expect(!svg.all("polyline").isEmpty)
        }
    }

    @Test func outputFileAndErrors() throws {
        let fixtures = try Fixtures(["bad.jsonl": "{\"t\": 0, \"id\": 1, \"phase\": \"ended\", \"x\": 1, \"y\": 1}\n"])
        let written = runCommand(PlotCommand(), ["-o", fixtures.path("tap.svg"), PackagePaths.trace("tap.json")])
        #expect(written == RunResult(status: 0, stdout: "", stderr: ""))
        #expect(ParsedSVG(try String(contentsOfFile: fixtures.path("tap.svg"), encoding: .utf8)).parseError == nil)
        let bad = runCommand(PlotCommand(), [fixtures.path("bad.jsonl")])
        #expect(bad.status == 65)
        #expect(bad.stdout.isEmpty)
        #expect(runCommand(PlotCommand(), [fixtures.path("none.jsonl")]).status == 66)
        #expect(runCommand(PlotCommand(), ["a.json", "b.json"]).status == 2)
    }

    @Test func sameTraceSameBytes() throws {
        let first = runCommand(PlotCommand(), [PackagePaths.trace("two-finger-pan.json")])
        #expect(first.status == 0)
        #expect(runCommand(PlotCommand(), [PackagePaths.trace("two-finger-pan.json")]) == first)
    }

    @Test func endToEnd() throws {
        let result = try Binary.run(["plot", PackagePaths.trace("tap.json")])
        #expect(result.status == 0)
        #expect(ParsedSVG(result.stdout).parseError == nil)
    }

    @Test func tickSteps() {
        #expect(SVGPlot.tickStep(for: 0.293) == 0.05)
        #expect(SVGPlot.tickStep(for: 1) == 0.1)
        #expect(SVGPlot.tickStep(for: 31.2) == 5)
        #expect(SVGPlot.tickStep(for: 0) > 0)
    }
}

extension PlotCommandTests {
    /// Issue 28's example: the list's own pan and the button get lanes, the subtitle counts them,
    /// the timeline reaches the end of the deceleration, and the finger's steady 400 pt/s is not
    /// magnified into a zigzag (its axis starts at 0).
    @Test func scrollViewsOwnPanAndControlsGetLanes() throws {
        let trace = PackagePaths.trace("conflicts/button-in-scroll-view/quick-drag.jsonl")
        let svg = try plot(trace)
        #expect(svg.texts.contains { $0.contains("31 samples, 1 touch, 3.239 s") && $0.contains(" · 1 recognizer · 1 control · ") })
        let lanes = svg.elements.filter { $0.attributes["class"] == "lane" || $0.attributes["class"] == "lane control-lane" }
        #expect(lanes.count == 3)  // touches, list.pan, buy
        #expect(svg.texts.contains("list.pan"))
        #expect(svg.texts.contains("pan on list"))
        #expect(svg.texts.contains("buy"))
        #expect(svg.texts.contains("button (control)"))
        #expect(svg.titles.contains { $0.hasPrefix("list.pan: began at t=0.025") && $0.contains("ended at t=0.25") })
        // The last record is the deceleration's end at 3.2383 s: the axis has a tick at 3.
        let records = runInProcess(["analyze", "--format", "jsonl", trace]).stdout.split(separator: "\n")
        #expect(records.last?.contains("\"didEndDecelerating\"") == true)
        #expect(svg.texts.contains("3"))
        #expect(svg.titles.contains { $0.hasPrefix("list didEndDecelerating at t=3.2") })
        // The speed chart's axis runs from 0 to the highest speed.
        let speed = try #require(svg.elements.firstIndex { $0.attributes["id"] == "chart-touch-speed" })
        let ticks = svg.elements[speed...].prefix(12).filter { $0.name == "text" && $0.attributes["class"]?.hasPrefix("tick-") == true }
        #expect(ticks.map(\.text) == ["402", "0"], "\(ticks.map(\.text))")
    }

    /// A lane name is written in full, however long, up to the label column's width.
    @Test func longRecognizerNamesAreNotCut() throws {
        let scene = #"{"gesturectl-scene": 1, "views": [{"name": "root", "frame": [0, 0, 390, 844]}], "recognizers": [{"name": "photoScrollZoomingPinch", "kind": "pinch", "view": "root"}]}"#
        let fixtures = try Fixtures(["scene.json": scene, "tap.jsonl": TraceText.tap])
        let svg = try plot(fixtures.path("tap.jsonl"), scene: fixtures.path("scene.json"))
        #expect(svg.texts.contains("photoScrollZoomingPinch"))
    }
}
