import Foundation
import GestureKit
import GestureRecorder
import GestureTrace
import Testing

@testable import GestureCLI

/// A sink keeping what it is given, for the recorder's end-to-end test.
private final class TextSink: RecordingSink, @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    func write(_ chunk: [UInt8]) { lock.lock(); bytes += chunk; lock.unlock() }
    func close() {}
    var text: String { lock.lock(); defer { lock.unlock() }; return String(decoding: bytes, as: UTF8.self) }
}

/// GestureRecorder's bytes read back by gesturectl: the trace by `validate`, the exported scene by
/// `scene --check` and `analyze --scene`, the device golden by check's record comparison.
@Suite struct RecorderEndToEndTests {
    /// A window as the UIKit adapter would copy it: a full-screen root, a card with a pan and a
    /// tap (unnamed: exported as `tap1`), a hidden badge.
    static func window() -> [ViewSnapshot] {
        var root = ViewSnapshot(identity: 0x100, name: "screen", frame: Rect(x: 0, y: 0, width: 390, height: 844))
        var card = ViewSnapshot(identity: 0x200, name: "card", frame: Rect(x: 20, y: 100, width: 350, height: 200))
        card.isMultipleTouchEnabled = true
        var pan = RecognizerSnapshot(identity: 0x300, name: "cardPan", kind: "pan")
        pan.minimumNumberOfTouches = 1
        var tap = RecognizerSnapshot(identity: 0x400, kind: "tap")
        tap.numberOfTapsRequired = 1
        tap.numberOfTouchesRequired = 1
        tap.cancelsTouchesInView = false
        card.recognizers = [pan, tap]
        var badge = ViewSnapshot(identity: 0x500, frame: Rect(x: 300, y: 10, width: 30, height: 30))
        badge.isHidden = true
        badge.alpha = 0.5
        card.children = [badge]
        root.children = [card]
        return [root]
    }

    @Test func theRecordedTraceSceneAndDeviceGoldenAreReadBackByGesturectl() throws {
        let fixtures = try Fixtures()
        let export = SceneExport(roots: Self.window())
        #expect(export.json == """
            {
              "gesturectl-scene": 1,
              "views": [
                {"name": "screen", "frame": [0, 0, 390, 844], "children": [
                  {"name": "card", "frame": [20, 100, 350, 200], "multipleTouchEnabled": true, "children": [
                    {"name": "view1", "frame": [300, 10, 30, 30], "hidden": true, "alpha": 0.5}
                  ]}
                ]}
              ],
              "recognizers": [
                {"name": "cardPan", "kind": "pan", "view": "card", "minimumNumberOfTouches": 1},
                {"name": "tap1", "kind": "tap", "view": "card", "cancelsTouchesInView": false, "numberOfTapsRequired": 1, "numberOfTouchesRequired": 1}
              ]
            }

            """)
        try fixtures.write("app-scene.json", export.json)
        #expect(runInProcess(["scene", "--check", fixtures.path("app-scene.json")]).status == 0)

        // A drag on the card, 5 pt per 1/120 s, recorded as sendEvent(_:) would hand it over.
        let traceSink = TextSink()
        let recorder = TraceRecorder(screen: Size(width: 390, height: 844), scene: "app-scene.json", sink: traceSink)
        let start = 5123.5
        recorder.record(timestamp: start, touches: [TouchSnapshot(identity: 0xF1, phase: .began, location: Point(x: 100, y: 200))])
        for step in 1...12 {
            recorder.record(timestamp: start + Double(step) / 120, touches: [
                TouchSnapshot(identity: 0xF1, phase: .moved, location: Point(x: 100 + 5 * Double(step), y: 200)),
            ])
        }
        recorder.record(timestamp: start + 13.0 / 120, touches: [TouchSnapshot(identity: 0xF1, phase: .ended, location: Point(x: 160, y: 200))])
        recorder.finish()
        try fixtures.write("session.jsonl", traceSink.text)
        let validated = runInProcess(["validate", fixtures.path("session.jsonl")])
        #expect(validated.status == 0, "\(validated)")

        #expect(traceSink.text.hasPrefix(#"{"gesturectl":1,"screen":{"width":390,"height":844},"scene":"app-scene.json"}"# + "\n"))
        let analyzed = runInProcess(["analyze", "--format", "jsonl", "--scene", fixtures.path("app-scene.json"), fixtures.path("session.jsonl")])
        #expect(analyzed.status == 0, "\(analyzed)")
        let predicted = try JSONLines.records(Array(analyzed.stdout.utf8), file: "analysis")
        let panRecords = predicted.filter { $0.actor == "cardPan" }
        #expect(panRecords.count >= 3)
        #expect(predicted.contains { $0.actor == "tap1" })

        // The device golden: what UIKit reported for the pan (here: the values the engine predicts,
        // as on a device where both agree), written by the recorder core.
        let goldenSink = TextSink()
        let transitions = TransitionRecorder(export: export, trace: recorder, sink: goldenSink)
        for record in panRecords {
            guard case .number(let t, _)? = record.value.member("t")?.value.value,
                  case .string(let state)? = record.value.member("state")?.value.value else { continue }
            var snapshot = TransitionSnapshot(identity: 0x300, state: state)
            snapshot.location = Self.point(record.value.member("location")?.value.value)
            snapshot.translation = Self.point(record.value.member("translation")?.value.value)
            snapshot.velocity = Self.point(record.value.member("velocity")?.value.value)
            if case .number(let touches, _)? = record.value.member("touches")?.value.value { snapshot.touches = Int(touches) }
            transitions.record(timestamp: start + t, snapshot)
        }
        transitions.finish()
        let device = try JSONLines.records(Array(goldenSink.text.utf8), file: "device.expected.jsonl")
        #expect(DeviceGolden.header(of: device) != nil)
        #expect(device.count == panRecords.count + 1)
        let comparison = RecordComparison(tolerance: 0.000001)
        // Compared on what a device records (no `cause`: UIKit does not say why).
        for (expected, actual) in zip(device.dropFirst(), DeviceGolden.observable(Array(panRecords))) {
            #expect(comparison.matches(expected.value, actual.value), "\(expected.value) vs \(actual.value)")
        }

        // check against the device golden: the tap's failure is not something the device records,
        // so only the pan is compared, and it matches; a changed value is reported.
        try fixtures.write("session.jsonl.expected.jsonl", goldenSink.text)
        let checked = runInProcess(["check", fixtures.path("session.jsonl")])
        #expect(checked.status == 0, "\(checked)")
        let updated = runInProcess(["check", "--update", fixtures.path("session.jsonl")])
        #expect(updated.status == 0)
        #expect(try String(contentsOfFile: fixtures.path("session.jsonl.expected.jsonl"), encoding: .utf8) == goldenSink.text)
        let lines = goldenSink.text.split(separator: "\n")
        let edited = lines.enumerated().map { index, line in
            index == 2 ? line.replacingOccurrences(of: "\"touches\":1", with: "\"touches\":2") : String(line)
        }
        try fixtures.write("session.jsonl.expected.jsonl", edited.joined(separator: "\n") + "\n")
        let mismatched = runInProcess(["check", fixtures.path("session.jsonl")])
        #expect(mismatched.status == 1)
        #expect(mismatched.stdout.contains("touches expected 2 got 1"), "\(mismatched)")
    }

    @Test func anAppsOwnRecognizerClassIsExportedUnderItsClassNameAndNamesStayUnique() {
        var root = ViewSnapshot(identity: 1, name: "screen", frame: Rect(x: 0, y: 0, width: 390, height: 844))
        var custom = RecognizerSnapshot(identity: 2, name: "pan1", kind: "WiggleGestureRecognizer")
        custom.isEnabled = false
        var swipe = RecognizerSnapshot(identity: 3, kind: "swipe")
        swipe.direction = ["left", "up"]
        swipe.delaysTouchesEnded = false
        var pan = RecognizerSnapshot(identity: 4, name: "pan1", kind: "pan")
        pan.maximumNumberOfTouches = 2
        var edge = RecognizerSnapshot(identity: 5, kind: "screenEdgePan")
        edge.edges = ["left"]
        root.recognizers = [custom, swipe, pan, edge]
        var twin = ViewSnapshot(identity: 6, name: "screen", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        twin.isUserInteractionEnabled = false
        twin.isExclusiveTouch = true
        twin.clipsToBounds = true
        let export = SceneExport(roots: [root, twin])
        #expect(export.json == """
            {
              "gesturectl-scene": 1,
              "views": [
                {"name": "screen", "frame": [0, 0, 390, 844]},
                {"name": "view1", "frame": [0, 0, 10, 10], "userInteractionEnabled": false, "exclusiveTouch": true, "clipsToBounds": true}
              ],
              "recognizers": [
                {"name": "pan1", "kind": "WiggleGestureRecognizer", "view": "screen", "enabled": false},
                {"name": "swipe1", "kind": "swipe", "view": "screen", "delaysTouchesEnded": false, "direction": ["left", "up"]},
                {"name": "pan2", "kind": "pan", "view": "screen", "maximumNumberOfTouches": 2},
                {"name": "screenEdgePan1", "kind": "screenEdgePan", "view": "screen", "edges": ["left"]}
              ]
            }

            """)
    }

    private static func point(_ value: JSONValue?) -> Point? {
        guard case .number(let x, _)? = value?.member("x")?.value.value, case .number(let y, _)? = value?.member("y")?.value.value
        else { return nil }
        return Point(x: x, y: y)
    }
}
