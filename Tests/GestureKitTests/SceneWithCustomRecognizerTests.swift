import GestureKit
import Testing

/// A scene described as data (as a scene file would be) with a recognizer of the user's own added
/// in code, through the public API only, as docs/library.md shows.
@Suite struct SceneWithCustomRecognizerTests {
    /// Recognizes two fingers that touch down together and lift without moving far.
    final class TwoFingerPress: GestureRecognizer {
        private var maximumFingers = 0

        override var kindName: String { "twoFingerPress" }
        override var isDiscrete: Bool { true }

        override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
            maximumFingers = max(maximumFingers, self.touches.count)
            if maximumFingers > 2 { state = .failed }
        }

        override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
            guard state == .possible, self.touches.allSatisfy({ $0.phase == .ended }) else { return }
            state = maximumFingers == 2 ? .recognized : .failed
        }

        override func reset() { maximumFingers = 0 }
    }

    private static func scene() -> SceneDescription {
        var root = ViewDescription(name: "root", frame: Rect(x: 0, y: 0, width: 390, height: 844))
        root.multipleTouchEnabled = true
        return SceneDescription(views: [root], recognizers: [
            RecognizerDescription(name: "tap", kind: .tap(numberOfTouchesRequired: 2), view: "root"),
        ])
    }

    private static let twoFingers: [Sample] = [
        .touch(0, id: .number(1), .began, x: 100, y: 100), .touch(0, id: .number(2), .began, x: 200, y: 100),
        .touch(0.1, id: .number(1), .ended, x: 100, y: 100), .touch(0.1, id: .number(2), .ended, x: 200, y: 100),
    ]

    private static func run(_ engine: Engine, _ samples: [Sample]) -> [String] {
        var lines: [String] = []
        engine.onRecord = { record in
            if case .transition(let t) = record { lines.append("\(t.recognizer) \(t.state.rawValue) \(t.reason ?? "")") }
        }
        for sample in samples { engine.process(sample) }
        engine.finish()
        return lines
    }

    @Test func aCustomRecognizerJoinsASceneBuiltFromADescription() throws {
        let engine = try Engine(scene: Self.scene())
        let press = TwoFingerPress(name: "press")
        let root = try #require(engine.window.view(named: "root"))
        root.addGestureRecognizer(press)
        let tap = try #require(engine.recognizer(named: "tap"))
        tap.require(toFail: press)
        engine.add(press)
        #expect(engine.recognizers.map(\.name) == ["tap", "press"])
        #expect(Self.run(engine, Self.twoFingers) == [
            "press recognized ", "tap failed press recognized, and tap requires it to fail",
        ])
    }

    @Test func addingTheSameRecognizerTwiceAddsItOnce() throws {
        let engine = try Engine(scene: Self.scene())
        let press = TwoFingerPress(name: "press")
        try #require(engine.window.view(named: "root")).addGestureRecognizer(press)
        engine.add(press)
        engine.add(press)
        #expect(engine.recognizers.count == 2)
    }
}
