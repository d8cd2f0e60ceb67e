import Foundation
import GestureKit
import GestureTrace
import Testing

@testable import GestureCLI

/// `scene --from`: scenes from Appium page sources and XCUITest element trees of real apps
/// (Tests/Fixtures/ui-trees, README.md there says where each comes from), overlays, element maps.
@Suite struct SceneFromUITreeTests {
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/ui-trees").appendingPathComponent(name).path
    }

    @Test func anAppiumPageSourceBecomesAScene() throws {
        let result = runInProcess(["scene", "--from", Self.fixture("registration-form.xml")])
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        // The scroll view holds content 1,183 pt tall, its children in content coordinates.
        #expect(lines.contains(#""scrollView": {"contentSize": [375, 1183]},"#))
        #expect(lines.contains(#"{"name": "Skip", "frame": [303, 0, 64, 44], "control": "button"}"#))
        // Below the fold is not hidden (only scrolled away); a disabled button stays disabled.
        #expect(lines.contains(#"{"name": "Register", "frame": [16, 943, 343, 56], "control": "button", "enabled": false}"#))
        #expect(lines.contains(#"{"name": "CAPTCHA", "frame": [16, 811, 48, 12]},"#))
        // The second window is not visible: hidden.
        #expect(lines.contains(#""hidden": true,"#))
        // What it wrote is a scene the engine builds.
        let fixtures = try Fixtures()
        try fixtures.write("scene.json", result.stdout)
        #expect(runInProcess(["scene", "--check", fixtures.path("scene.json")]).status == 0)
    }

    @Test func anElementTreeBecomesAScene() throws {
        let toolbar = runInProcess(["scene", "--from", Self.fixture("library-toolbar.txt")])
        #expect(toolbar.status == 0, "\(toolbar)")
        #expect(toolbar.stdout.contains(
            #"{"name": "librarySegmentControl", "frame": [0, 6, 361, 33], "control": "segmentedControl", "segments": 2, "selectedSegmentIndex": 1}"#))
        let table = runInProcess(["scene", "--from", Self.fixture("profiles-table.txt")])
        #expect(table.stdout.contains(#""name": "Id_Home_15","#) && table.stdout.contains(#""scrollView": {"contentSize": [375, 603]},"#))
        #expect(table.stdout.contains(#"{"name": "Id_Home_6", "frame": [93, 30, 80, 80]}"#))
    }

    @Test func controlsTakeTheirValues() throws {
        let tree = """
            Element subtree:
             →Application, 0x1, pid: 1, label: 'Shop'
                Window (Main), 0x2, {{0.0, 0.0}, {390.0, 844.0}}
                  Switch, 0x3, {{300.0, 50.0}, {51.0, 31.0}}, identifier: 'wifi', value: 1
                  Slider, 0x4, {{20.0, 100.0}, {350.0, 31.0}}, identifier: 'volume', value: 40%
                  PageIndicator, 0x5, {{100.0, 700.0}, {190.0, 26.0}}, identifier: 'pages', value: page 2 of 5
                  Button, 0x6, {{20.0, 760.0}, {350.0, 50.0}}, identifier: 'buy', label: 'Buy, now', Disabled
            """
        let fixtures = try Fixtures()
        try fixtures.write("tree.txt", tree)
        let result = runInProcess(["scene", "--from", fixtures.path("tree.txt")])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains(#"{"name": "wifi", "frame": [300, 50, 51, 31], "control": "switch", "on": true},"#))
        #expect(result.stdout.contains(#"{"name": "volume", "frame": [20, 100, 350, 31], "control": "slider", "value": 0.4},"#))
        #expect(result.stdout.contains(#"{"name": "pages", "frame": [100, 700, 190, 26], "control": "pageControl", "numberOfPages": 5, "currentPage": 1},"#))
        #expect(result.stdout.contains(#"{"name": "buy", "frame": [20, 760, 350, 50], "control": "button", "enabled": false}"#))
    }

    @Test func anOverlayAddsTheTeamsRecognizersAndSettingsByAccessibilityID() throws {
        let fixtures = try Fixtures()
        try fixtures.write("overlay.json", #"""
            {"gesturectl-overlay": 1,
             "views": {"Id_Home_15": {"scrollView": {"bounces": false}}},
             "recognizers": [{"name": "avatarTap", "kind": "tap", "view": "Id_Home_6"}]}
            """#)
        let result = runInProcess(["scene", "--from", Self.fixture("profiles-table.txt"), "--overlay", fixtures.path("overlay.json")])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains(#""scrollView": {"contentSize": [375, 603], "bounces": false},"#))
        #expect(result.stdout.contains(#"{"name": "avatarTap", "kind": "tap", "view": "Id_Home_6"}"#))
        // A name the tree does not have is the overlay's error, with the closest name.
        try fixtures.write("overlay.json", #"{"views": {"Id_Home_5": {"hidden": true}}}"#)
        let wrong = runInProcess(["scene", "--from", Self.fixture("profiles-table.txt"), "--overlay", fixtures.path("overlay.json")])
        #expect(wrong.status == 65)
        #expect(wrong.stderr == "\(fixtures.path("overlay.json")):1:12: error: no view named \"Id_Home_5\" in the scene made from the UI tree (did you mean \"Id_Home_15\"?)\n")
        // A recognizer on a view that does not exist is found when the scene is read back.
        try fixtures.write("overlay.json", #"{"recognizers": [{"name": "t", "kind": "tap", "view": "nowhere"}]}"#)
        #expect(runInProcess(["scene", "--from", Self.fixture("profiles-table.txt"), "--overlay", fixtures.path("overlay.json")]).status == 65)
    }

    @Test func notAUITreeSaysWhatOneLooksLike() throws {
        let fixtures = try Fixtures()
        try fixtures.write("notes.txt", "hello\n")
        let result = runInProcess(["scene", "--from", fixtures.path("notes.txt")])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("\(fixtures.path("notes.txt")):1:1: error: no element in this text: an element tree has lines such as"))
        try fixtures.write("bad.xml", "<AppiumAUT><XCUIElementTypeButton x=\"a\" y=\"0\" width=\"1\" height=\"1\"/></AppiumAUT>")
        #expect(runInProcess(["scene", "--from", fixtures.path("bad.xml")]).stderr == "\(fixtures.path("bad.xml")):1:35: error: x=\"a\" is not a number\n")
    }

    @Test func aPageSourceIsTheElementMapOfWebDriverActions() throws {
        let fixtures = try Fixtures()
        try fixtures.write("tap.actions", #"""
            {"actions":[{"type":"pointer","id":"f","parameters":{"pointerType":"touch"},"actions":[
             {"type":"pointerMove","duration":0,"origin":{"element-6066-11e4-a52e-4f735466cecf":"debug"},"x":0,"y":0},
             {"type":"pointerDown","button":0},{"type":"pause","duration":80},{"type":"pointerUp","button":0}]}]}
            """#)
        let result = runInProcess(["convert", "--to", "jsonl", "--elements", Self.fixture("registration-form.xml"), fixtures.path("tap.actions")])
        #expect(result.status == 0, "\(result)")
        // The "debug" button is at (315, 64, 44, 30): its centre.
        #expect(result.stdout.contains(#"{"t":0,"id":1,"phase":"began","x":337,"y":79}"#))
        let map = try ElementMap.load(Array(#"{"9F2B": [0, 91, 390, 44]}"#.utf8), file: "e.json")
        #expect(map["9F2B"] == Rect(x: 0, y: 91, width: 390, height: 44))
    }
}
