import GestureKit
import Testing

/// The example of docs/library.md, kept compiling and passing.
@Suite struct LibraryExampleTests {}

/// Answers UIKit's delegate questions in code.
private final class CardDelegate: GestureRecognizerDelegate {
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        other.name == "cardPinch"
    }
}

extension LibraryExampleTests {
    @Test func buildAScreenInCodeAndReplayTouches() {
        let window = Window(screen: Size(width: 390, height: 844))
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let card = View(name: "card", frame: Rect(x: 20, y: 100, width: 350, height: 200))
        window.addSubview(root)
        root.addSubview(card)

        let pan = PanGestureRecognizer(name: "cardPan")
        let doubleTap = TapGestureRecognizer(name: "cardDoubleTap", numberOfTapsRequired: 2)
        let delegate = CardDelegate()
        pan.delegate = delegate
        card.addGestureRecognizer(pan)
        card.addGestureRecognizer(doubleTap)

        let engine = Engine(window: window, recognizers: [pan, doubleTap])
        var log: [String] = []
        engine.onRecord = { record in
            if case .transition(let t) = record { log.append("\(t.recognizer) \(t.state.rawValue)") }
        }
        let finger = TouchID.number(1)
        engine.process(.touch(0.000, id: finger, .began, x: 100, y: 150))
        engine.process(.touch(0.016, id: finger, .moved, x: 112, y: 150))
        engine.process(.touch(0.033, id: finger, .moved, x: 130, y: 150))
        engine.process(.touch(0.050, id: finger, .ended, x: 140, y: 150))
        engine.finish()

        #expect(log == ["cardPan began", "cardDoubleTap failed", "cardPan changed", "cardPan ended"])
        #expect(pan.state == .possible)
    }
}
