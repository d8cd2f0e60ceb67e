import Foundation
import GestureKit
import GestureTesting
import GestureTrace
import GestureUIKit
import Testing

// The Swift halves of the fixes in docs/conflicts.md, written as in an iOS app and run on the
// cookbook's own traces (traces/conflicts/). The scene-file halves are the `fixed/` folders.
// Pattern 1's delegate (a sheet that moves only while its list is at the top) is
// Examples/Sources/MyGestures/SheetViewController.swift, tested in Examples/Tests/MyGesturesTests/SheetTests.swift.

/// Pattern 2 (SwipeCellKit's answer): the cell's pan begins only for a mostly horizontal movement.
final class HorizontalReveal: UIGestureRecognizerDelegate {
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let pan = gestureRecognizer as? UIPanGestureRecognizer else { return true }
        let translation = pan.translation(in: pan.view)
        return abs(translation.x) > abs(translation.y)
    }
}

/// Pattern 3 (IQKeyboardManager's `shouldReceive touch`): the keyboard-dismissing tap leaves touches
/// on controls and in the list of cells alone.
final class KeyboardDismissal: UIGestureRecognizerDelegate {
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        var view = touch.view
        while let current = view {
            if current is UIControl || current.accessibilityIdentifier == "cells" { return false }
            view = current.superview
        }
        return true
    }
}

/// Pattern 6 (PSFadingScrollView #1): a drag that starts on a button still scrolls.
final class EagerScrollView: UIScrollView {
    override func touchesShouldCancel(in view: UIView) -> Bool {
        if view is UIButton { return true }
        return super.touchesShouldCancel(in: view)
    }
}

@Suite("The conflicts cookbook's fixes in Swift")
struct ConflictCookbookTests {
    static let conflicts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("traces/conflicts").path

    static var registry: RecognizerRegistry {
        var registry = RecognizerRegistry()
        registry.register(uiDelegate: "horizontalReveal") { HorizontalReveal() }
        registry.register(uiDelegate: "keyboardDismissal") { KeyboardDismissal() }
        registry.register(uiView: "EagerScrollView") { EagerScrollView(frame: .zero) }
        return registry
    }

    static func samples(_ trace: String) throws -> [Sample] {
        try TraceReader(path: conflicts + "/" + trace, encoding: nil).readAll()
    }

    static let swipeCellScene = """
        {"views": [{"name": "root", "frame": [0, 0, 390, 844], "children": [
          {"name": "table", "frame": [0, 0, 390, 844], "scrollView": {"contentSize": [390, 3000]}, "children": [
            {"name": "cell", "frame": [0, 200, 390, 80]}]}]}],
         "recognizers": [{"name": "reveal", "kind": "pan", "view": "cell", "delegate": "horizontalReveal"}]}
        """

    @Test("pattern 2: a pan that begins only when mostly horizontal reveals at 13° and leaves a vertical drag to the table")
    func horizontalReveal() throws {
        let swipe = try Replay.samples(Self.samples("swipe-cell-vs-table-scroll/broken/swipe-13-degrees.jsonl"), sceneJSON: Self.swipeCellScene, registry: Self.registry)
        let began = try #require(swipe.transitions(of: "reveal").first)
        #expect(began.state == .began)
        #expect(began.cause?.hasSuffix("; its delegate HorizontalReveal answered yes to gestureRecognizerShouldBegin") == true, "\(began)")
        #expect(swipe.transitions(of: "table.pan").first?.reason == "prevented by reveal, which began at \(formatted(began.t)) s")

        var vertical: [Sample] = []
        for i in 0...12 {
            let phase: TouchPhase = i == 0 ? .began : (i == 12 ? .ended : .moved)
            let step = Double(i)
            vertical.append(.touch(step / 60, id: .number(1), phase, x: 200 + step, y: 240 + 10 * step))
        }
        let scroll = try Replay.samples(vertical, sceneJSON: Self.swipeCellScene, registry: Self.registry)
        #expect(scroll.transitions(of: "reveal").first?.reason == "its delegate's gestureRecognizerShouldBegin answered no")
        #expect(scroll.states(of: "table.pan").first == .began)
    }

    static let formScene = """
        {"views": [{"name": "root", "frame": [0, 0, 390, 844], "children": [
          {"name": "cells", "frame": [0, 100, 390, 400], "children": [{"name": "cell", "frame": [0, 100, 390, 60]}]},
          {"name": "send", "frame": [20, 600, 120, 44], "control": "button"},
          {"name": "background", "frame": [0, 700, 390, 144]}]}],
         "recognizers": [{"name": "dismissKeyboard", "kind": "tap", "view": "root", "delegate": "keyboardDismissal"}]}
        """

    @Test("pattern 3: shouldReceive refusing touches in the cells and on controls keeps the cell's touchesEnded; a tap elsewhere dismisses")
    func keyboardDismissal() throws {
        let cell = try Replay.samples(Self.samples("global-tap-vs-cell-selection/broken/tap-cell.jsonl"), sceneJSON: Self.formScene, registry: Self.registry, deliveries: true)
        #expect(cell.states(of: "dismissKeyboard").isEmpty)
        let methods = cell.records.compactMap { record -> String? in
            if case .delivery(let d) = record, d.responder == "cell" { return d.method.rawValue }
            return nil
        }
        #expect(methods == ["touchesBegan", "touchesEnded"])
        let elsewhere: [Sample] = [.touch(0, id: .number(1), .began, x: 200, y: 760), .touch(0.08, id: .number(1), .ended, x: 200, y: 760)]
        let background = try Replay.samples(elsewhere, sceneJSON: Self.formScene, registry: Self.registry)
        #expect(background.states(of: "dismissKeyboard") == [.recognized])
    }

    @Test("pattern 6: a UIScrollView subclass whose touchesShouldCancel(in:) is true for buttons scrolls a drag that starts on one")
    func eagerScrollView() throws {
        let scene = """
            {"views": [{"name": "root", "frame": [0, 0, 390, 844], "children": [
              {"name": "list", "frame": [0, 0, 390, 844], "class": "EagerScrollView", "scrollView": {"contentSize": [390, 3000]},
               "children": [{"name": "buy", "frame": [20, 100, 100, 44], "control": "button"}]}]}]}
            """
        let drag = try Self.samples("button-in-scroll-view/held-press-then-drag.jsonl")
        let plain = try Replay.trace(Self.conflicts + "/button-in-scroll-view/held-press-then-drag.jsonl")
        #expect(plain.states(of: "list.pan").first == .failed)
        let eager = try Replay.samples(drag, sceneJSON: scene, registry: Self.registry)
        #expect(eager.states(of: "list.pan").first == .began)
        #expect(eager.controlEvents(of: "buy").last == .touchCancel)
    }

    private func formatted(_ t: Double) -> String { DecimalFormatting3.string(t) }
}

/// Times as reasons write them: at most three decimals.
private enum DecimalFormatting3 {
    static func string(_ t: Double) -> String {
        var text = String(format: "%.3f", t)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
