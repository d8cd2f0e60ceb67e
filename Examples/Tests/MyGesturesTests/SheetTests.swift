import Foundation
import GestureKit
import GestureTesting
import GestureUIKit
import MyGestures
import SwiftFiveMode
import Testing

/// The sheet's controller in a replay of the registered screen, and the sheet's positions and the
/// list's offsets its pan handler saw.
@MainActor
final class SheetProbe {
    var controller: SheetViewController?
    var sheetPositions: [CGFloat] = []
    var listOffsets: [CGFloat] = []

    /// Finds the controller of the replay's window and follows its pan.
    func attach(to engine: Engine) {
        controller = (UIView.of(engine.window) as? UIWindow)?.rootViewController as? SheetViewController
        controller?.sheetPan.addAction { [weak self] _ in
            guard let self, let controller = self.controller else { return }
            sheetPositions.append(controller.sheetY)
            listOffsets.append(controller.listView.contentOffset.y)
        }
    }
}

@MainActor
@Suite("The sheet over a list, a screen built in UIKit code")
struct SheetTests {
    @Test("with the list at its top, a drag down moves the sheet and keeps the list at its top")
    func dragSheetDown() throws {
        let probe = SheetProbe()
        let timeline = try Replay.trace(traces + "/sheet/drag-sheet-down.jsonl", registry: myGestures) { probe.attach(to: $0) }
        #expect(timeline.states(of: "sheetPan").first == .began)
        #expect(timeline.states(of: "sheetPan").last == .ended)
        #expect(timeline.states(of: "list.pan").first == .began, "the list's pan runs alongside (shouldRecognizeSimultaneouslyWith)")
        timeline.expectFigure("sheetPan", .translationY, in: .ended, 210, tolerance: 0.5)
        // The sheet followed the finger down to 300 + 210 points, then went back to rest at the lift.
        #expect(abs((probe.sheetPositions.dropLast().max() ?? 0) - 510) < 0.5, "\(probe.sheetPositions)")
        #expect(probe.sheetPositions.last == 300)
        // The handler holds the list at 0 while the sheet moves (not at the lift, as in the app).
        #expect(probe.listOffsets.dropLast().allSatisfy { $0 == 0 }, "\(probe.listOffsets)")
    }

    @Test("a drag up scrolls the list: the delegate refuses to begin a pan going up")
    func scrollListUp() throws {
        let probe = SheetProbe()
        let timeline = try Replay.trace(traces + "/sheet/scroll-list-up.jsonl", registry: myGestures) { probe.attach(to: $0) }
        timeline.expectStates("sheetPan", [.failed])
        #expect(timeline.transitions(of: "sheetPan").first?.reason == "its delegate's gestureRecognizerShouldBegin answered no")
        #expect(timeline.states(of: "list.pan").last == .ended)
        #expect((probe.controller?.listView.contentOffset.y ?? 0) > 250)
    }

    @Test("once the list has scrolled, a drag down scrolls it back instead of moving the sheet")
    func dragDownAfterScrolling() throws {
        let probe = SheetProbe()
        let timeline = try Replay.trace(traces + "/sheet/drag-down-after-scrolling.jsonl", registry: myGestures) { probe.attach(to: $0) }
        timeline.expectStates("sheetPan", [.failed, .failed])
        #expect(timeline.transitions(of: "sheetPan").map(\.t) == [0.05, 1.575])
        #expect(probe.sheetPositions.isEmpty)
        let offset = probe.controller?.listView.contentOffset.y ?? 0
        #expect(offset > 100 && offset < 250, "\(offset)")
    }

    @Test("the screen written with scene --screen names the list's pan, the sheet's delegate and its kinds")
    func sceneFile() throws {
        let built = try #require(myGestures.screen("sheetOverList")?.screen).make()
        let scene = SceneDescription(describing: built, registry: myGestures)
        #expect(scene.views.map(\.name) == ["screen"])
        #expect(scene.controllers.map(\.name) == ["sheetViewController"])
        #expect(scene.recognizers.map(\.name) == ["sheetPan"])
        #expect(scene.recognizers.first?.delegate?.name == "SheetViewController")
    }
}

@MainActor
@Suite("App code compiled in the Swift 5 language mode")
struct SwiftFiveModeTests {
    @Test("an overlay lets touches through itself; its subviews' touches reach its controller with super")
    func passThrough() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let controller = OverlayController()
        let badge = UIView(frame: CGRect(x: 20, y: 20, width: 60, height: 60))
        controller.view.addSubview(badge)
        window.rootViewController = controller
        let engine = Engine(screen: window)
        // On the overlay itself: the touch goes through (to the window), the controller sees nothing.
        engine.process(.touch(0, id: .number(1), .began, x: 200, y: 400))
        engine.process(.touch(0.05, id: .number(1), .ended, x: 200, y: 400))
        #expect(!controller.wasDimmed)
        // On the badge: passed up with super to the controller, dimmed while the finger is down.
        engine.process(.touch(1, id: .number(2), .began, x: 50, y: 50))
        engine.process(.touch(1.05, id: .number(2), .ended, x: 50, y: 50))
        engine.finish()
        #expect(controller.wasDimmed)
        #expect(!controller.isDimmed)
    }
}
