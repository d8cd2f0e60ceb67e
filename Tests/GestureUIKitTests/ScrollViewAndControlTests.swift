import Foundation
import GestureKit
import GestureTesting
import GestureUIKit
import Testing

// MARK: Delegates and subclasses written as in an iOS app

/// A sheet's pan begins only while the list inside is at its top and the finger goes down.
final class SheetDelegate: UIGestureRecognizerDelegate {
    weak var list: UIScrollView?
    private(set) var offsetsAsked: [CGFloat] = []

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let pan = gestureRecognizer as? UIPanGestureRecognizer, let list else { return true }
        offsetsAsked.append(list.contentOffset.y)
        return list.contentOffset.y <= 0 && pan.velocity(in: pan.view).y > 0
    }
}

/// A cell's pan that runs together with the scroll view around it.
final class WithScrollViews: UIGestureRecognizerDelegate {
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        otherGestureRecognizer.view is UIScrollView
    }
}

/// A pan that leaves the touches on controls to the controls.
final class NotOnControls: UIGestureRecognizerDelegate {
    private(set) var eventTouchCounts: [Int] = []

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive event: UIEvent) -> Bool {
        eventTouchCounts.append(event.allTouches?.count ?? 0)
        return true
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        !(touch.view is UIControl)
    }
}

/// The common scroll view subclass: a drag that starts on a button still scrolls.
final class ScrollingOverButtons: UIScrollView {
    override func touchesShouldCancel(in view: UIView) -> Bool {
        if view is UIButton { return true }
        return super.touchesShouldCancel(in: view)
    }
}

/// A list that lets every other recognizer run with its own, as the scroll view is its recognizers'
/// delegate (UIScrollView does not declare the protocol, so adopting it here is no redundant conformance).
final class SharingList: UIScrollView, UIGestureRecognizerDelegate {
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        gestureRecognizer === panGestureRecognizer
    }
}

/// Holds the list at its top while the sheet around it would take the drag (the sheet pattern).
final class TopHolder: UIScrollViewDelegate {
    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        if scrollView.contentOffset.y < 0 { scrollView.contentOffset.y = 0 }
    }
}

/// A scroll view that observes its own offset, as sticky-header subclasses do.
final class OffsetObserving: UIScrollView {
    private(set) var seen: [CGFloat] = []
    override var contentOffset: CGPoint {
        didSet { seen.append(contentOffset.y) }
    }
}

/// A pager whose init turns paging on and the content-touch delay off.
final class PagedList: UIScrollView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        isPagingEnabled = true
        delaysContentTouches = false
    }

    required init?(coder: NSCoder) { return nil }
}

/// A view that notes the touches that reach its responder methods.
final class TouchNoting: UIView {
    private(set) var began = 0
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        began += 1
        super.touchesBegan(touches, with: event)
    }
}

/// A list that keeps touches from the switches inside it (they only scroll).
final class NoSwitches: UIScrollView {
    override func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool {
        view is UISwitch ? false : super.touchesShouldBegin(touches, with: event, in: view)
    }
}

/// Stops a fling at its first frame of deceleration, the usual way.
final class FlingStopper: UIScrollViewDelegate {
    private(set) var stoppedAt: CGFloat?
    private(set) var endedDecelerating = false
    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        guard scrollView.isDecelerating, stoppedAt == nil else { return }
        stoppedAt = scrollView.contentOffset.y
        scrollView.setContentOffset(scrollView.contentOffset, animated: false)
    }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { endedDecelerating = true }
}

/// A button that refuses to track (calling `super` for its side effects only, as iOS code does:
/// Objective-C's methods are discardable, so is this one).
final class InertButton: UIButton {
    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        super.beginTracking(touch, with: event)
        return false
    }
}

/// Counts a control's action messages, reading the control as it sends them.
final class ValueWatcher: UIControlActionTarget {
    private(set) var values: [Float] = []

    func perform(_ action: Selector, sender: UIControl, event: UIEvent?) {
        if action == Selector("volumeChanged:"), let slider = sender as? UISlider { values.append(slider.value) }
    }
}

/// Snaps the resting offset to rows of 300 points, and notes what it sees at each callback.
final class RowSnapper: UIScrollViewDelegate {
    private(set) var proposed: CGPoint?
    private(set) var velocity: CGPoint?
    private(set) var calls: [String] = []

    func forget() { calls = [] }

    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { calls.append("willBeginDragging dragging=\(scrollView.isDragging)") }
    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        let last = "didScroll dragging=\(scrollView.isDragging) decelerating=\(scrollView.isDecelerating)"
        if calls.last != last { calls.append(last) }
    }
    func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
        proposed = targetContentOffset.pointee
        self.velocity = velocity
        targetContentOffset.pointee.y = (targetContentOffset.pointee.y / 300).rounded() * 300
        calls.append("willEndDragging")
    }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        calls.append("didEndDragging decelerate=\(decelerate) dragging=\(scrollView.isDragging)")
    }
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { calls.append("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
        calls.append("didEndDecelerating decelerating=\(scrollView.isDecelerating)")
    }
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { calls.append("didEndScrollingAnimation") }
}

// MARK: Tests

@Suite("Scroll views and controls in UIKit's API")
@MainActor
struct ScrollViewAndControlTests {
    static let sheetScene = """
        {"views": [{"name": "root", "frame": [0, 0, 390, 844], "children": [
          {"name": "sheet", "frame": [0, 200, 390, 644], "children": [
            {"name": "list", "frame": [0, 44, 390, 600], "scrollView": {"contentSize": [390, 3000]}}]}]}],
         "recognizers": [{"name": "sheetPan", "kind": "pan", "view": "sheet"}]}
        """

    /// Replays `samples` on the sheet scene with the sheet delegate and `list.pan` waiting for the sheet.
    private func sheetReplay(_ samples: [Sample]) throws -> (Timeline, SheetDelegate) {
        let delegate = SheetDelegate()
        var kept: [AnyObject] = []
        let timeline = try Replay.samples(samples, sceneJSON: Self.sheetScene) { engine in
            guard let listView = engine.window.view(named: "list"), let core = engine.recognizer(named: "sheetPan") else { return }
            let list = UIView.of(listView) as? UIScrollView
            let sheetPan = UIGestureRecognizer.of(core)
            delegate.list = list
            sheetPan.delegate = delegate
            list?.panGestureRecognizer.require(toFail: sheetPan)
            kept = [sheetPan, list as AnyObject]
        }
        withExtendedLifetime(kept) {}
        return (timeline, delegate)
    }

    @Test("a sheet's pan whose delegate reads the list's live contentOffset wins at the top of the list")
    func sheetWinsAtTop() throws {
        let (timeline, delegate) = try sheetReplay(heldDrag(from: (195, 400), to: (195, 700)))
        #expect(timeline.states(of: "sheetPan").first == .began)
        #expect(timeline.states(of: "sheetPan").last == .ended)
        timeline.expectStates("list.pan", [.failed])
        #expect(timeline.scrollRecords(of: "list").isEmpty)
        #expect(delegate.offsetsAsked == [0])
    }

    @Test("once the list has scrolled, the same drag down scrolls the list and the sheet's pan fails")
    func listScrollsWhenScrolled() throws {
        let up = heldDrag(from: (195, 700), to: (195, 300))
        let down = heldDrag(from: (195, 400), to: (195, 600), t0: 3)
        let (timeline, delegate) = try sheetReplay(up + down)
        timeline.expectStates("sheetPan", [.failed, .failed])
        #expect(timeline.states(of: "list.pan").filter { $0 == .began }.count == 2)
        #expect(delegate.offsetsAsked.count == 2)
        #expect(delegate.offsetsAsked.first == 0)
        let second = try #require(delegate.offsetsAsked.last)
        #expect(second > 300)
        let last = try #require(timeline.scrollRecords(of: "list").last)
        #expect(last.contentOffset.y < Double(second))
    }

    @Test("shouldRecognizeSimultaneouslyWith answering `otherGestureRecognizer.view is UIScrollView` lets a cell's pan run with the list's")
    func simultaneousWithScrollView() throws {
        let json = """
            {"views": [{"name": "list", "frame": [0, 0, 390, 844], "scrollView": {"contentSize": [390, 3000]}, "children": [
              {"name": "cell", "frame": [0, 300, 390, 100]}]}],
             "recognizers": [{"name": "cellPan", "kind": "pan", "view": "cell"}]}
            """
        let drag = heldDrag(from: (195, 350), to: (195, 150))
        let alone = try Replay.samples(drag, sceneJSON: json)
        #expect(alone.states(of: "cellPan").contains(.began) != alone.states(of: "list.pan").contains(.began))

        let delegate = WithScrollViews()
        var kept: UIGestureRecognizer?
        let together = try Replay.samples(drag, sceneJSON: json) { engine in
            kept = engine.recognizer(named: "cellPan").map(UIGestureRecognizer.of)
            kept?.delegate = delegate
        }
        withExtendedLifetime(kept) {}
        #expect(together.states(of: "cellPan").first == .began)
        #expect(together.states(of: "list.pan").first == .began)
    }

    @Test("shouldReceive touch refusing touches on a UIControl leaves a drag from the button to the button; shouldReceive event sees the whole event")
    func refusesControlTouches() throws {
        let json = """
            {"views": [{"name": "pad", "frame": [0, 0, 390, 844], "multipleTouchEnabled": true, "children": [
              {"name": "buy", "frame": [100, 100, 150, 50], "control": "button"}]}],
             "recognizers": [{"name": "padPan", "kind": "pan", "view": "pad"}]}
            """
        let fromButton = heldDrag(from: (175, 125), to: (175, 425))
        let plain = try Replay.samples(fromButton, sceneJSON: json)
        #expect(plain.states(of: "padPan").first == .began)
        #expect(plain.controlEvents(of: "buy").last == .touchCancel)

        let delegate = NotOnControls()
        var kept: UIGestureRecognizer?
        let twoFingers: [Sample] = [
            .touch(2, id: .number(2), .began, x: 50, y: 600), .touch(2, id: .number(3), .began, x: 90, y: 600),
            .touch(2.1, id: .number(2), .ended, x: 50, y: 600), .touch(2.1, id: .number(3), .ended, x: 90, y: 600),
        ]
        let refused = try Replay.samples(fromButton + twoFingers, sceneJSON: json) { engine in
            kept = engine.recognizer(named: "padPan").map(UIGestureRecognizer.of)
            kept?.delegate = delegate
        }
        withExtendedLifetime(kept) {}
        #expect(refused.states(of: "padPan").isEmpty == false)
        #expect(refused.transitions(of: "padPan").allSatisfy { $0.t >= 2 })
        #expect(refused.controlEvents(of: "buy").first == .touchDown)
        #expect(refused.controlEvents(of: "buy").last == .touchUpOutside)
        #expect(delegate.eventTouchCounts == [1, 2, 2])
    }

    @Test("a UIScrollView subclass's touchesShouldCancel(in:) decides whether a held button or the drag wins", arguments: [false, true])
    func touchesShouldCancelOverride(subclassed: Bool) throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let frame = CGRect(x: 0, y: 0, width: 390, height: 844)
        let list = subclassed ? ScrollingOverButtons(name: "list", frame: frame) : UIScrollView(name: "list", frame: frame)
        list.contentSize = CGSize(width: 390, height: 3000)
        let buy = UIButton(name: "buy", frame: CGRect(x: 100, y: 300, width: 190, height: 60))
        list.addSubview(buy)
        window.addSubview(list)
        // Held past the content-touch delay, so the button is tracking when the drag begins.
        let timeline = replay(heldDrag(from: (195, 330), to: (195, 130), hold: 0.3), on: window)
        if subclassed {
            #expect(timeline.states(of: "list.pan").first == .began)
            #expect(timeline.controlEvents(of: "buy").last == .touchCancel)
            #expect(list.contentOffset.y > 0)
        } else {
            timeline.expectStates("list.pan", [.failed])
            #expect(timeline.controlEvents(of: "buy").contains(.touchUpOutside) || timeline.controlEvents(of: "buy").contains(.touchUpInside))
            #expect(list.contentOffset.y == 0)
        }
    }

    @Test("a UIScrollView subclass adopting UIGestureRecognizerDelegate answers for its own pan", arguments: [false, true])
    func scrollViewIsItsRecognizersDelegate(sharing: Bool) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let sheet = UIView(name: "sheet", frame: CGRect(x: 0, y: 100, width: 390, height: 744))
        let sheetPan = UIPanGestureRecognizer(target: nil, action: nil)
        sheetPan.name = "sheetPan"
        sheet.addGestureRecognizer(sheetPan)
        let frame = CGRect(x: 0, y: 0, width: 390, height: 744)
        let list = sharing ? SharingList(name: "list", frame: frame) : UIScrollView(name: "list", frame: frame)
        list.contentSize = CGSize(width: 390, height: 3000)
        sheet.addSubview(list)
        window.addSubview(sheet)
        let timeline = replay(heldDrag(from: (195, 600), to: (195, 300)), on: window)
        #expect(timeline.states(of: "list.pan").first == .began)
        if sharing {
            #expect(list.panGestureRecognizer.delegate === list)
            #expect(timeline.states(of: "sheetPan").first == .began)
        } else {
            #expect(list.panGestureRecognizer.delegate == nil)
            #expect(timeline.states(of: "sheetPan") == [.failed])
        }
    }

    @Test("a scene's entry for list.pan can name a registered UIKit delegate, which then answers for the scroll view's pan")
    func registeredDelegateOnScrollPan() throws {
        let json = """
            {"views": [{"name": "list", "frame": [0, 0, 390, 844], "scrollView": {"contentSize": [1170, 3000]}}],
             "recognizers": [{"name": "list.pan", "delegate": "horizontalOnly"}]}
            """
        let vertical = try Replay.samples(heldDrag(from: (195, 600), to: (200, 300)), sceneJSON: json, registry: appleRegistry)
        vertical.expectStates("list.pan", [.failed])
        #expect(vertical.transitions(of: "list.pan").first?.reason == "its delegate's gestureRecognizerShouldBegin answered no")
        let sideways = try Replay.samples(heldDrag(from: (300, 400), to: (100, 405)), sceneJSON: json, registry: appleRegistry)
        #expect(sideways.states(of: "list.pan").first == .began)
    }

    @Test("a delegate setting contentOffset in scrollViewDidScroll holds the list, and the drag goes on from there")
    func contentOffsetSetDuringADrag() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let list = UIScrollView(name: "list", frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        list.contentSize = CGSize(width: 390, height: 3000)
        let holder = TopHolder()
        list.delegate = holder
        window.addSubview(list)
        // Down 200 points (the list stays at its top), then back up 100 in the same drag.
        let ys: [Double] = [300, 320, 340, 360, 380, 400, 420, 440, 460, 480, 500, 480, 460, 440, 420, 400]
        let samples: [Sample] = ys.enumerated().map { index, y in
            .touch(Double(index) * 0.01, id: .number(1), index == 0 ? .began : index == ys.count - 1 ? .ended : .moved, x: 195, y: y)
        }
        let records = replay(samples, on: window).scrollRecords(of: "list")
        // Each pull past the top is reported, then held back at 0 by the delegate.
        #expect(records.contains { $0.event == .didScroll && $0.contentOffset.y < 0 })
        #expect(records.filter { $0.event == .didScroll && $0.t <= 0.1 }.last?.contentOffset.y == 0)
        let lastDragged = records.last { $0.event == .willEndDragging }
        #expect(lastDragged?.contentOffset.y == 100)
    }

    @Test("a UIScrollView subclass's contentOffset observer runs at every scroll, as UIKit moves the content through the setter")
    func contentOffsetObserver() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let list = OffsetObserving(name: "list", frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        list.contentSize = CGSize(width: 390, height: 3000)
        window.addSubview(list)
        let records = replay(heldDrag(from: (195, 600), to: (195, 300)), on: window).scrollRecords(of: "list")
        let scrolls = records.filter { $0.event == .didScroll }.map { CGFloat($0.contentOffset.y) }
        #expect(!scrolls.isEmpty)
        #expect(list.seen == scrolls)
    }

    @Test("a scene view of a registered UIScrollView class takes the scene's scroll-view keys, keeps its init's settings, and its overrides run")
    func registeredScrollViewClassInAScene() throws {
        var registry = RecognizerRegistry()
        registry.register(uiView: "ScrollingOverButtons") { ScrollingOverButtons(frame: .zero) }
        registry.register(uiView: "PagedList") { PagedList(frame: .zero) }
        registry.register(uiView: "InertButton") { InertButton(frame: .zero) }
        let json = """
            {"views": [{"name": "list", "class": "ScrollingOverButtons", "frame": [0, 0, 390, 844],
                        "scrollView": {"contentSize": [390, 3000]}, "children": [
                {"name": "buy", "frame": [100, 300, 190, 60], "control": "button"}]},
              {"name": "pager", "class": "PagedList", "frame": [0, 0, 390, 100],
               "scrollView": {"contentSize": [1170, 100], "delaysContentTouches": true}, "children": [
                {"name": "inert", "class": "InertButton", "frame": [0, 0, 100, 100], "control": "button", "enabled": true}]}],
             "recognizers": [{"name": "list.pan", "simultaneousWith": ["pager.pan"]}]}
            """
        var pager: PagedList?
        let timeline = try Replay.samples(heldDrag(from: (195, 330), to: (195, 130), hold: 0.3), sceneJSON: json, registry: registry) { engine in
            pager = engine.window.view(named: "pager").map(UIView.of) as? PagedList
        }
        #expect(timeline.states(of: "list.pan").first == .began)
        #expect(timeline.controlEvents(of: "buy").last == .touchCancel)
        #expect(pager?.isPagingEnabled == true)
        #expect(pager?.delaysContentTouches == true)
        #expect(pager?.contentSize.width == 1170)

        let tapOnInert = try Replay.samples(stroke([(50, 50), (50, 50)]), sceneJSON: json, registry: registry)
        #expect(tapOnInert.controlEvents(of: "inert").isEmpty)
    }

    @Test("a scene's \"scrollView\" keys on a class that is not a UIScrollView are an error")
    func scrollViewKeysOnAPlainClass() throws {
        var registry = RecognizerRegistry()
        registry.register(uiView: "InertButton") { InertButton(frame: .zero) }
        let json = """
            {"views": [{"name": "list", "class": "InertButton", "frame": [0, 0, 390, 844], "scrollView": {"contentSize": [390, 3000]}}]}
            """
        #expect(throws: SceneError("view \"list\" has \"scrollView\" keys, but its class \"InertButton\" is not a UIScrollView")) {
            try Replay.samples([], sceneJSON: json, registry: registry)
        }
    }

    @Test("a control keeps its touches: the superview's touchesBegan sees a touch on a plain subview but not one on a button")
    func controlsKeepTheirTouches() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let card = TouchNoting(name: "card", frame: CGRect(x: 0, y: 0, width: 390, height: 400))
        card.addSubview(UIButton(name: "buy", frame: CGRect(x: 0, y: 0, width: 100, height: 100)))
        card.addSubview(UIView(name: "label", frame: CGRect(x: 200, y: 0, width: 100, height: 100)))
        window.addSubview(card)
        let timeline = replay(stroke([(50, 50), (50, 50)]) + stroke([(250, 50), (250, 50)], t0: 1), on: window)
        #expect(timeline.controlEvents(of: "buy").contains(.touchUpInside))
        #expect(card.began == 1)
    }

    @Test("a UIScrollView subclass's touchesShouldBegin(_:with:in:) keeps a held touch from a switch inside it", arguments: [false, true])
    func touchesShouldBeginOverride(subclassed: Bool) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let frame = CGRect(x: 0, y: 0, width: 390, height: 844)
        let list = subclassed ? NoSwitches(name: "list", frame: frame) : UIScrollView(name: "list", frame: frame)
        list.contentSize = CGSize(width: 390, height: 3000)
        let toggle = UISwitch(name: "wifi", frame: CGRect(x: 20, y: 100, width: 51, height: 31))
        list.addSubview(toggle)
        window.addSubview(list)
        // A press held past the content-touch delay, then lifted where it came down.
        let timeline = replay([
            .touch(0, id: .number(1), .began, x: 45, y: 115), .touch(0.3, id: .number(1), .ended, x: 45, y: 115),
        ], on: window)
        if subclassed {
            #expect(timeline.controlEvents(of: "wifi").isEmpty)
            #expect(!toggle.isOn)
        } else {
            #expect(timeline.controlEvents(of: "wifi").contains(.valueChanged))
            #expect(toggle.isOn)
        }
    }

    @Test("setting the contentOffset it has stops a fling where it is")
    func settingTheOffsetStopsAFling() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let list = UIScrollView(name: "list", frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        list.contentSize = CGSize(width: 390, height: 10000)
        let stopper = FlingStopper()
        list.delegate = stopper
        window.addSubview(list)
        let records = replay(heldDrag(from: (195, 700), to: (195, 400), steps: 5), on: window).scrollRecords(of: "list")
        let stoppedAt = try #require(stopper.stoppedAt)
        #expect(list.contentOffset.y == stoppedAt)
        #expect(!list.isDecelerating)
        #expect(!stopper.endedDecelerating)
        #expect(records.last?.event == .didScroll)
        #expect(records.last?.contentOffset.y == Double(stoppedAt))
    }

    @Test("a UIButton subclass whose beginTracking answers false sends no actions", arguments: [false, true])
    func beginTrackingOverride(inert: Bool) throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let button = inert ? InertButton(name: "buy", frame: CGRect(x: 100, y: 100, width: 150, height: 50)) : UIButton(name: "buy", frame: CGRect(x: 100, y: 100, width: 150, height: 50))
        var taps = 0
        button.addAction(UIAction { _ in taps += 1 }, for: .touchUpInside)
        window.addSubview(button)
        let timeline = replay(stroke([(175, 125), (176, 126)]), on: window)
        if inert {
            #expect(taps == 0)
            #expect(timeline.controlEvents(of: "buy").isEmpty)
        } else {
            #expect(taps == 1)
            #expect(timeline.controlEvents(of: "buy") == [.touchDown, .touchUpInside, .primaryActionTriggered])
        }
        #expect(!button.isTracking && !button.isHighlighted)
    }

    @Test("a UISlider's value follows a drag of its knob and its valueChanged target and action fire with the live value")
    func sliderValue() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let slider = UISlider(name: "volume", frame: CGRect(x: 50, y: 400, width: 231, height: 31))
        let watcher = ValueWatcher()
        slider.addTarget(watcher, action: Selector("volumeChanged:"), for: .valueChanged)
        var viaAction: [Float] = []
        slider.addAction(UIAction { action in viaAction.append((action.sender as? UISlider)?.value ?? -1) }, for: .valueChanged)
        window.addSubview(slider)
        // The knob (31 wide) starts at the track's left end; 200 points of travel span 0…1.
        let timeline = replay(heldDrag(from: (65.5, 415), to: (165.5, 415)), on: window)
        #expect(slider.value == 0.5)
        let records = timeline.controlEvents(of: "volume").filter { $0 == .valueChanged }.count
        #expect(records == 10)
        #expect(watcher.values.count == records)
        #expect(watcher.values.last == 0.5)
        #expect(viaAction == watcher.values)
    }

    @Test("scrollViewWillEndDragging moving targetContentOffset moves where the content comes to rest")
    func willEndDraggingTarget() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let list = UIScrollView(name: "list", frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        list.contentSize = CGSize(width: 390, height: 10000)
        let snapper = RowSnapper()
        list.delegate = snapper
        window.addSubview(list)
        list.setContentOffset(.zero, animated: true)
        #expect(snapper.calls.isEmpty)
        list.setContentOffset(CGPoint(x: 0, y: 10), animated: true)
        list.setContentOffset(.zero, animated: false)
        #expect(snapper.calls == ["didScroll dragging=false decelerating=false", "didEndScrollingAnimation", "didScroll dragging=false decelerating=false"])
        snapper.forget()
        let fling = heldDrag(from: (195, 700), to: (195, 400), steps: 5)
        let timeline = replay(fling, on: window)
        let proposed = try #require(snapper.proposed)
        let snapped = (proposed.y / 300).rounded() * 300
        #expect(snapped != proposed.y)
        #expect(list.contentOffset.y == snapped)
        let records = timeline.scrollRecords(of: "list")
        #expect(records.last?.event == .didEndDecelerating)
        #expect(records.last?.contentOffset.y == Double(snapped))
        let willEnd = try #require(records.first { $0.event == .willEndDragging })
        #expect(snapper.velocity?.y == CGFloat((willEnd.velocity?.y ?? 0) / 1000))
        #expect(snapper.calls == [
            "willBeginDragging dragging=true", "didScroll dragging=true decelerating=false", "willEndDragging",
            "didEndDragging decelerate=true dragging=false", "willBeginDecelerating",
            "didScroll dragging=false decelerating=true", "didScroll dragging=false decelerating=false",
            "didEndDecelerating decelerating=false",
        ])
    }
}
