import GestureKit
import Testing

/// "Attaching gesture recognizers to UIKit controls" and the delivery rules that apply to controls
/// (cancelsTouchesInView, delaysTouchesEnded, shouldReceiveTouch).
@Suite struct ControlRecognizerTests {
    let finger = Finger(1)

    func scene(_ kind: ControlKind, frame: Rect, recognizers: [RecognizerDescription], _ configure: (inout ControlDescription) -> Void = { _ in })
        -> SceneDescription
    {
        rootScene([controlView("c", kind, frame: frame, configure)], recognizers: recognizers)
    }

    func on(_ view: String, _ name: String, _ kind: RecognizerKind, _ configure: (inout RecognizerDescription) -> Void = { _ in })
        -> RecognizerDescription
    {
        var r = RecognizerDescription(name: name, kind: kind, view: view)
        configure(&r)
        return r
    }

    static let buttonFrame = Rect(x: 100, y: 100, width: 100, height: 44)

    @Test(arguments: [ControlKind.button, .switch, .stepper, .segmentedControl, .pageControl])
    func aSingleTapOnTheControlRunsItsActionNotASuperviewsTapRecognizer(kind: ControlKind) throws {
        let records = try analyze(
            [finger.down(0, 150, 120), finger.up(0.08, 150, 120)],
            scene: scene(kind, frame: Self.buttonFrame, recognizers: [on("root", "dismiss", .tap())]) { $0.numberOfPages = 3 })
        let dismiss = records.transitionRecords.of("dismiss")
        #expect(dismiss.map(\.state) == [.failed])
        #expect(dismiss.first?.reason?.contains("handles a single-finger tap itself") == true)
        #expect(records.controlSummary.contains("touchUpInside@0.08"))
    }

    @Test func aDisabledButtonLeavesTheTapToTheSuperviewsRecognizer() throws {
        let records = try analyze(
            [finger.down(0, 150, 120), finger.up(0.08, 150, 120)],
            scene: scene(.button, frame: Self.buttonFrame, recognizers: [on("root", "dismiss", .tap())]) { $0.enabled = false })
        #expect(records.transitionRecords.summary == ["dismiss recognized@0.08"])
        #expect(records.controls.isEmpty)
    }

    @Test func aDoubleTapRecognizerOnTheSuperviewIsNotRefusedAndHoldsTheLiftBack() throws {
        // delaysTouchesEnded: the button's touchesEnded waits until the double tap fails, 0.35 s after the lift.
        let records = try analyze(
            [finger.down(0, 150, 120), finger.up(0.08, 150, 120)],
            scene: scene(.button, frame: Self.buttonFrame, recognizers: [on("root", "zoom", .tap(numberOfTapsRequired: 2))]))
        #expect(records.transitionRecords.summary == ["zoom failed@0.43"])
        #expect(records.controlSummary == ["touchDown@0", "touchUpInside@0.43", "primaryActionTriggered@0.43"])
    }

    @Test func aDoubleTapOnTheButtonIsTheSuperviewsDoubleTapRecognizers() throws {
        // Apple's rule covers single taps only: the double tap recognizes, and each held lift of
        // the button becomes a cancellation.
        let samples = [finger.down(0, 150, 120), finger.up(0.08, 150, 120), finger.down(0.2, 150, 120), finger.up(0.28, 150, 120)]
        let records = try analyze(samples, scene: scene(.button, frame: Self.buttonFrame, recognizers: [on("root", "zoom", .tap(numberOfTapsRequired: 2))]))
        #expect(records.transitionRecords.summary == ["zoom recognized@0.28"])
        #expect(records.controlSummary == ["touchDown@0", "touchDown@0.2", "touchDownRepeat@0.2", "touchCancel@0.28", "touchCancel@0.28"])
    }

    @Test func aTapRecognizerOnTheControlItselfComesFirstAndCancelsTheAction() throws {
        let records = try analyze(
            [finger.down(0, 150, 120), finger.up(0.08, 150, 120)],
            scene: scene(.button, frame: Self.buttonFrame, recognizers: [on("c", "own", .tap())]))
        #expect(records.transitionRecords.summary == ["own recognized@0.08"])
        #expect(records.controlSummary == ["touchDown@0", "touchCancel@0.08"])
        #expect(records.controls.last?.cancelledBy == "own")
    }

    @Test func aSuperviewPanThatBeginsCancelsTheControlsTracking() throws {
        let samples = finger.drag(from: Point(x: 150, y: 120), to: Point(x: 150, y: 220), duration: 0.1)
        let records = try analyze(samples, scene: scene(.button, frame: Self.buttonFrame, recognizers: [on("root", "drag", .pan())]))
        #expect(records.controls.map(\.event) == [.touchDown, .touchDragInside, .touchCancel])
        #expect(records.controls.last?.cancelledBy == "drag")
    }

    @Test func aSuperviewPanThatDoesNotCancelTouchesLeavesTheControlTracking() throws {
        let samples = finger.drag(from: Point(x: 150, y: 120), to: Point(x: 150, y: 160), duration: 0.1)
        let records = try analyze(samples, scene: scene(.button, frame: Self.buttonFrame, recognizers: [
            on("root", "drag", .pan()) { $0.cancelsTouchesInView = false }
        ]))
        #expect(records.controls.last?.event == .primaryActionTriggered)
    }

    @Test func shouldReceiveTouchCanRefuseTouchesOnTheControl() throws {
        let samples = finger.drag(from: Point(x: 150, y: 120), to: Point(x: 150, y: 220), duration: 0.1)
        let records = try analyze(samples, scene: scene(.button, frame: Self.buttonFrame, recognizers: [
            on("root", "drag", .pan()) { $0.shouldReceiveTouch = .notInViews(["c"]) }
        ]))
        #expect(records.transitionRecords.isEmpty)
        #expect(records.controls.map(\.event).contains(.touchUpOutside))
    }

    static let sliderFrame = Rect(x: 20, y: 400, width: 362, height: 44)

    @Test func aSwipeOnASlidersKnobAlongTheSliderIsTheSliders() throws {
        let samples = finger.drag(from: Point(x: 35, y: 420), to: Point(x: 135, y: 420), duration: 0.1)
        let records = try analyze(samples, scene: scene(.slider, frame: Self.sliderFrame, recognizers: [
            on("root", "next", .swipe(direction: [.right]))
        ]))
        #expect(records.transitionRecords.of("next").map(\.state) == [.failed])
        #expect(records.controls.contains { $0.event == .valueChanged })
    }

    @Test func aSwipeOnASlidersTrackAwayFromTheKnobIsTheRecognizers() throws {
        let samples = finger.drag(from: Point(x: 200, y: 420), to: Point(x: 300, y: 420), duration: 0.1)
        let records = try analyze(samples, scene: scene(.slider, frame: Self.sliderFrame, recognizers: [
            on("root", "next", .swipe(direction: [.right]))
        ]))
        #expect(records.transitionRecords.of("next").map(\.state) == [.recognized])
        #expect(records.controls.last?.event == .touchCancel)
    }

    static let switchFrame = Rect(x: 300, y: 100, width: 51, height: 31)

    @Test func aPanOnASwitchsKnobAlongTheSwitchIsTheSwitchs() throws {
        let samples = finger.drag(from: Point(x: 310, y: 115), to: Point(x: 345, y: 118), duration: 0.1)
        let records = try analyze(samples, scene: scene(.switch, frame: Self.switchFrame, recognizers: [on("root", "drag", .pan())]))
        #expect(records.transitionRecords.of("drag").map(\.state) == [.failed])
        #expect(records.controls.filter { $0.event == .valueChanged }.map(\.value) == [.on(true)])
    }

    @Test func aPanAcrossASwitchIsTheRecognizers() throws {
        let samples = finger.drag(from: Point(x: 310, y: 115), to: Point(x: 312, y: 200), duration: 0.1)
        let records = try analyze(samples, scene: scene(.switch, frame: Self.switchFrame, recognizers: [on("root", "drag", .pan())]))
        #expect(records.transitionRecords.of("drag").first?.state == .began)
    }
}
