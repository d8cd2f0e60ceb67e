import GestureKit
import Testing

/// UIControl's tracking and events (UIControl.Event, "Attaching gesture recognizers to UIKit
/// controls", docs/controls-and-scrolling.md).
@Suite struct ControlTrackingTests {
    let finger = Finger(1)
    static let buttonFrame = Rect(x: 100, y: 100, width: 100, height: 44)

    func button(_ configure: (inout ControlDescription) -> Void = { _ in }) -> SceneDescription {
        rootScene([controlView("buy", .button, frame: Self.buttonFrame, configure)])
    }

    @Test func aTapOnAButtonSendsTouchDownThenTouchUpInsideAndThePrimaryAction() throws {
        let records = try analyze([finger.down(0, 150, 120), finger.up(0.08, 150, 120)], scene: button())
        #expect(records.controlSummary == ["touchDown@0", "touchUpInside@0.08", "primaryActionTriggered@0.08"])
        #expect(records.controls.first?.location == Point(x: 50, y: 20))
        #expect(records.controls.first?.touches == [.number(1)])
    }

    @Test func aDragStaysInsideWithinTheExpandedBoundsAndExitsBeyondThem() throws {
        // 50 pt below the button's bottom edge is still inside (70 pt slop); 80 pt is not.
        let samples = [
            finger.down(0, 150, 120), finger.move(0.1, 150, 194), finger.move(0.2, 150, 224), finger.move(0.3, 150, 230),
            finger.move(0.4, 150, 160), finger.up(0.5, 150, 160),
        ]
        let records = try analyze(samples, scene: button())
        #expect(records.controlSummary == [
            "touchDown@0", "touchDragInside@0.1", "touchDragExit@0.2", "touchDragOutside@0.3", "touchDragEnter@0.4",
            "touchUpInside@0.5", "primaryActionTriggered@0.5",
        ])
    }

    @Test func aLiftOutsideTheExpandedBoundsIsTouchUpOutsideWithNoAction() throws {
        let records = try analyze([finger.down(0, 150, 120), finger.move(0.1, 150, 300), finger.up(0.2, 150, 300)], scene: button())
        #expect(records.controlSummary == ["touchDown@0", "touchDragExit@0.1", "touchUpOutside@0.2"])
    }

    @Test func theSlopIsOverridablePerView() throws {
        var scene = button()
        scene.views[0].children[0].thresholds = ["controlTouchSlop": 10]
        let records = try analyze([finger.down(0, 150, 120), finger.move(0.1, 150, 170), finger.up(0.2, 150, 170)], scene: scene)
        #expect(records.controlSummary == ["touchDown@0", "touchDragExit@0.1", "touchUpOutside@0.2"])
    }

    @Test func aSecondQuickTapAlsoSendsTouchDownRepeat() throws {
        let samples = [finger.down(0, 150, 120), finger.up(0.05, 150, 120), finger.down(0.2, 150, 120), finger.up(0.25, 150, 120)]
        let records = try analyze(samples, scene: button())
        #expect(records.controlSummary == [
            "touchDown@0", "touchUpInside@0.05", "primaryActionTriggered@0.05",
            "touchDown@0.2", "touchDownRepeat@0.2", "touchUpInside@0.25", "primaryActionTriggered@0.25",
        ])
    }

    @Test func aDisabledControlSendsNothing() throws {
        let records = try analyze([finger.down(0, 150, 120), finger.up(0.08, 150, 120)], scene: button { $0.enabled = false })
        #expect(records.controls.isEmpty)
    }

    @Test func aTouchInASubviewOfTheControlIsTheControls() throws {
        var scene = button()
        scene.views[0].children[0].children = [ViewDescription(name: "label", frame: Rect(x: 10, y: 10, width: 80, height: 24))]
        let records = try analyze([finger.down(0, 150, 120), finger.up(0.08, 150, 120)], scene: scene)
        #expect(records.controls.map(\.control) == ["buy", "buy", "buy"])
    }

    // MARK: Slider

    func slider(_ configure: (inout ControlDescription) -> Void = { _ in }) -> SceneDescription {
        // 331 pt of travel: the knob (31 pt) at value 0 spans x 20…51.
        rootScene([controlView("volume", .slider, frame: Rect(x: 20, y: 400, width: 362, height: 44), configure)])
    }

    @Test func aSliderValueFollowsTheKnobDraggedAlongTheTrack() throws {
        let samples = [finger.down(0, 35, 420), finger.move(0.1, 35 + 331 * 0.25, 420), finger.up(0.2, 35 + 331 * 0.5, 420)]
        let records = try analyze(samples, scene: slider())
        let values = records.controls.filter { $0.event == .valueChanged }.map(\.value)
        #expect(values == [.number(0.25), .number(0.5)])
        #expect(records.controlSummary.last == "touchUpInside@0.2")
    }

    @Test func aNonContinuousSliderSendsOneValueChangedAtTheEnd() throws {
        let samples = [finger.down(0, 35, 420), finger.move(0.1, 35 + 331 * 0.25, 420), finger.up(0.2, 35 + 331 * 0.5, 420)]
        let records = try analyze(samples, scene: slider { $0.continuous = false })
        #expect(records.controlSummary == [
            "touchDown@0", "touchDragInside@0.1", "valueChanged@0.2", "touchUpInside@0.2",
        ])
    }

    @Test func aTouchOnTheTrackAwayFromTheKnobDoesNotMoveIt() throws {
        let records = try analyze([finger.down(0, 300, 420), finger.move(0.1, 350, 420), finger.up(0.2, 350, 420)], scene: slider())
        #expect(!records.controls.contains { $0.event == .valueChanged })
    }

    @Test func aSliderValueStopsAtItsMaximum() throws {
        let records = try analyze([finger.down(0, 35, 420), finger.up(0.1, 600, 420)], scene: slider { $0.maximumValue = 10 })
        #expect(records.controls.filter { $0.event == .valueChanged }.map(\.value) == [.number(10)])
    }

    // MARK: Switch, stepper, segmented control, page control

    @Test func aTapOnASwitchTurnsItOnBeforeTouchUpInside() throws {
        let scene = rootScene([controlView("wifi", .switch, frame: Rect(x: 300, y: 100, width: 51, height: 31))])
        let records = try analyze([finger.down(0, 320, 115), finger.up(0.08, 320, 115)], scene: scene)
        #expect(records.controlSummary == ["touchDown@0", "valueChanged@0.08", "touchUpInside@0.08"])
        #expect(records.controls[1].value == .on(true))
    }

    @Test func aSwitchDraggedBackWhereItWasDoesNotChange() throws {
        let scene = rootScene([controlView("wifi", .switch, frame: Rect(x: 300, y: 100, width: 51, height: 31)) { $0.on = true }])
        let samples = [finger.down(0, 335, 115), finger.move(0.1, 300, 115), finger.up(0.2, 340, 115)]
        #expect(!(try analyze(samples, scene: scene)).controls.contains { $0.event == .valueChanged })
        let off = [finger.down(0, 335, 115), finger.move(0.1, 320, 115), finger.up(0.2, 305, 115)]
        #expect(try analyze(off, scene: scene).controls.filter { $0.event == .valueChanged }.map(\.value) == [.on(false)])
    }

    @Test func aStepperStepsAtTouchDownAndRepeatsWhileHeld() throws {
        let scene = rootScene([controlView("count", .stepper, frame: Rect(x: 100, y: 100, width: 94, height: 32))])
        let records = try analyze([finger.down(0, 170, 116), finger.up(0.75, 170, 116)], scene: scene)
        let changes = records.controls.filter { $0.event == .valueChanged }
        // +1 at touch down, then after 0.5 s every 0.1 s: 0.5, 0.6, 0.7.
        #expect(changes.map { rounded($0.t) } == ["0", "0.5", "0.6", "0.7"])
        #expect(changes.map(\.value) == [.number(1), .number(2), .number(3), .number(4)])
    }

    @Test func aZeroAutorepeatIntervalStepsOnceMoreInsteadOfForever() throws {
        var stepper = controlView("count", .stepper, frame: Rect(x: 100, y: 100, width: 94, height: 32))
        stepper.thresholds = ["stepperAutorepeatInterval": 0]
        let records = try analyze([finger.down(0, 170, 116), finger.up(0.75, 170, 116)], scene: rootScene([stepper]))
        #expect(records.controls.filter { $0.event == .valueChanged }.map(\.value) == [.number(1), .number(2)])
    }

    @Test func aStepperMinusHalfDoesNothingAtTheMinimum() throws {
        let scene = rootScene([controlView("count", .stepper, frame: Rect(x: 100, y: 100, width: 94, height: 32))])
        let records = try analyze([finger.down(0, 110, 116), finger.up(0.1, 110, 116)], scene: scene)
        #expect(records.controlSummary == ["touchDown@0", "touchUpInside@0.1"])
    }

    @Test func aSegmentedControlSelectsTheSegmentLiftedOn() throws {
        let scene = rootScene([controlView("mode", .segmentedControl, frame: Rect(x: 0, y: 100, width: 300, height: 32)) { $0.segments = 3 }])
        let records = try analyze([finger.down(0, 250, 116), finger.up(0.1, 250, 116)], scene: scene)
        #expect(records.controls.filter { $0.event == .valueChanged }.map(\.value) == [.number(2)])
    }

    @Test func aPageControlTappedOnItsRightHalfGoesToTheNextPage() throws {
        let scene = rootScene([controlView("pages", .pageControl, frame: Rect(x: 0, y: 700, width: 390, height: 26)) {
            $0.numberOfPages = 3
        }])
        let records = try analyze([finger.down(0, 300, 710), finger.up(0.1, 300, 710)], scene: scene)
        #expect(records.controls.filter { $0.event == .valueChanged }.map(\.value) == [.number(1)])
    }
}
