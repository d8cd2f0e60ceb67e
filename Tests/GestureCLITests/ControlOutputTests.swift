import Testing

@testable import GestureCLI

/// Control and scroll records in every output format, and their scene keys' errors
/// (output-format.md and scene-format.md, "Controls and scroll views").
@Suite struct ControlOutputTests {
    static let scene = """
        {"gesturectl-scene": 1, "views": [{"name": "root", "frame": [0, 0, 390, 844], "children": [
          {"name": "list", "frame": [0, 0, 390, 844], "scrollView": {"contentSize": [390, 3000], "delaysContentTouches": false},
           "children": [{"name": "buy", "frame": [20, 100, 100, 44], "control": "button"}]}]}]}
        """

    static let tap = """
        {"gesturectl": 1, "screen": {"width": 390, "height": 844}}
        {"t": 0, "id": 1, "phase": "began", "x": 50, "y": 120}
        {"t": 0.08, "id": 1, "phase": "ended", "x": 50, "y": 120}

        """

    func analyze(_ format: String, scene: String = scene) throws -> RunResult {
        let fixtures = try Fixtures(["scene.json": scene, "tap.jsonl": Self.tap])
        return runInProcess(["analyze", "--format", format, fixtures.path("tap.jsonl")])
    }

    @Test func jsonLines() throws {
        let result = try analyze("jsonl")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[0] == #"{"type":"control","t":0,"control":"buy","kind":"button","event":"touchDown","touches":[1],"location":{"x":30,"y":20}}"#)
        #expect(lines[1].hasPrefix(#"{"t":0.08,"recognizer":"list.pan","kind":"pan","view":"list","state":"failed""#))
        #expect(lines[3] == #"{"type":"control","t":0.08,"control":"buy","kind":"button","event":"primaryActionTriggered","touches":[1],"location":{"x":30,"y":20}}"#)
    }

    @Test func csvHasTheExtendedHeaderAndRows() throws {
        let lines = try analyze("csv").stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0].hasSuffix(",reason,type,event,control,scroll_view,value,content_offset_x,content_offset_y,target_x,target_y"))
        #expect(lines[1] == "0,,button,buy,,30,20,1,,,,,,,,,,,control,touchDown,buy,,,,,,")
        #expect(lines.dropLast().allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == 27 || $0.contains("\"") })
    }

    @Test func csvOfAPlainSceneKeepsTodaysHeader() throws {
        let plain = #"{"views": [{"name": "root", "frame": [0, 0, 390, 844]}], "recognizers": [{"name": "t", "kind": "tap", "view": "root"}]}"#
        let header = try analyze("csv", scene: plain).stdout.split(separator: "\n").first
        #expect(header == "t,recognizer,kind,view,state,x,y,touches,translation_x,translation_y,velocity_x,velocity_y,scale,rotation,velocity,direction,taps,reason")
    }

    @Test func jsonHasAControlsMember() throws {
        let text = try analyze("json").stdout
        #expect(text.contains(#","controls":[{"type":"control","t":0,"control":"buy","kind":"button","event":"touchDown""#))
        #expect(!text.contains("\"scrolling\""))
    }

    @Test func textListsThemInTheTimeline() throws {
        let text = try analyze("text").stdout
        #expect(text.contains("  controls and scrolling\n      0     buy  touchDown               button, at (30, 20), touches 1\n"))
    }

    @Test func plotMarksControlEventsOnTheTouchesLane() throws {
        let fixtures = try Fixtures(["scene.json": Self.scene, "tap.jsonl": Self.tap])
        let result = runInProcess(["plot", fixtures.path("tap.jsonl")])
        #expect(result.status == 0)
        #expect(result.stdout.contains("buy touchDown at t=0<"))
        #expect(result.stdout.contains("buy primaryActionTriggered at t=0.08<"))
    }

    @Test(arguments: [
        (#"{"name": "v", "frame": [0, 0, 10, 10], "value": 3}"#, #""value" is a key of controls: view "v" has no "control""#),
        (#"{"name": "v", "frame": [0, 0, 10, 10], "control": "knob"}"#, #""control" is "knob"; expected one of"#),
        (#"{"name": "v", "frame": [0, 0, 10, 10], "control": "button", "on": true}"#, #""on" is not a setting of a button"#),
        (#"{"name": "v", "frame": [0, 0, 10, 10], "control": "slider", "value": 2}"#, #""value" must be between"#),
        (#"{"name": "v", "frame": [0, 0, 10, 10], "scrollView": {"decelerationRate": "slow"}}"#, #""decelerationRate" must be"#),
        (#"{"name": "v", "frame": [0, 0, 10, 10], "thresholds": {"controlSlop": 3}}"#, #"did you mean "controlTouchSlop"?"#),
    ])
    func badKeysAreErrorsAtTheirPlace(view: String, message: String) throws {
        let result = try analyze("jsonl", scene: #"{"views": [\#(view)]}"#)
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("scene.json:1:"))
        #expect(result.stderr.contains(message))
    }

    @Test func aRecognizerMayNameTheScrollViewsPanButNotAnUnknownOne() throws {
        let good = #"{"views": [{"name": "list", "frame": [0, 0, 390, 844], "scrollView": {}}], "recognizers": [{"name": "t", "kind": "tap", "view": "list", "requireToFail": ["list.pan"]}]}"#
        #expect(try analyze("jsonl", scene: good).status == 0)
        let bad = #"{"views": [{"name": "list", "frame": [0, 0, 390, 844], "scrollView": {}}], "recognizers": [{"name": "t", "kind": "tap", "view": "list", "requireToFail": ["list.pinch"]}]}"#
        let result = try analyze("jsonl", scene: bad)
        #expect(result.status == 65)
        #expect(result.stderr.contains(#"names recognizer "list.pinch", which does not exist"#))
    }
}
