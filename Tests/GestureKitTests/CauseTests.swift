import Testing
@testable import GestureKit

/// Why the winner won: the `cause` of `began` and `recognized` records (output-format.md, `cause`),
/// and the moment a winner got there first in a loser's "prevented by" reason.
@Suite struct CauseTests {}

private let finger = Finger(1)

extension CauseTests {
    @Test func aPanSaysWhichAxisPassedItsHysteresisAndWhen() throws {
        let records = try transitions(
            [finger.down(0, 100, 100), finger.move(0.01, 104, 103), finger.move(0.024, 106, 111.89), finger.up(0.05, 106, 120)],
            scene: singleViewScene([recognizer("pan", .pan())]))
        #expect(records[0].state == .began)
        #expect(records[0].cause == "moved 11.89 pt down, past panHysteresis 10 pt, 0.024 s after touch down")
        #expect(records.dropFirst().allSatisfy { $0.cause == nil })
    }

    /// The case: a cell's swipe against the list it sits in. The list's pan counts only the
    /// axis it scrolls, and says so with its own threshold's name; the swipe says when the list won.
    @Test func aScrollViewsPanBeatsASwipeAndTheSwipeSaysWhen() throws {
        var cell = ViewDescription(name: "cell", frame: Rect(x: 0, y: 100, width: 390, height: 80))
        cell.children = []
        let scene = rootScene(
            [scrollView("list", frame: Rect(x: 0, y: 0, width: 390, height: 844), contentSize: Size(width: 390, height: 3000), children: [cell])],
            recognizers: [recognizer("swipe", .swipe(direction: [.left])) { $0.view = "cell" }])
        let samples = [
            finger.down(0, 300, 140), finger.move(0.012, 296, 146), finger.move(0.024, 290, 151.89), finger.move(0.036, 250, 160),
            finger.up(0.05, 200, 165),
        ]
        let records = try analyze(samples, scene: scene).transitionRecords
        let pan = try #require(records.first { $0.recognizer == "list.pan" && $0.state == .began })
        #expect(pan.cause == "moved 11.89 pt down, past scrollHysteresis 10 pt, 0.024 s after touch down")
        let swipe = try #require(records.first { $0.recognizer == "swipe" })
        #expect(swipe.state == .failed)
        #expect(swipe.reason == "prevented by list.pan, which began at 0.024 s")
    }

    @Test func aDoubleTapSaysHowCloseItsTapsWere() throws {
        let records = try transitions(
            [finger.down(0, 100, 100), finger.up(0.08, 100, 100), finger.down(0.2, 101, 100), finger.up(0.27, 101, 100)],
            scene: singleViewScene([recognizer("doubleTap", .tap(numberOfTapsRequired: 2))]))
        #expect(records.map(\.state) == [.recognized])
        #expect(records[0].cause == "two taps within multiTapInterval 0.35 s (the second touched down 0.12 s after the first lifted)")
    }

    @Test func aRecognizerThatWaitedSaysForWhomAndHowLong() throws {
        let scene = singleViewScene([
            recognizer("tap", .tap()) { $0.requireToFail = ["doubleTap"] },
            recognizer("doubleTap", .tap(numberOfTapsRequired: 2)),
        ])
        let records = try transitions([finger.down(0, 100, 100), finger.move(0.04, 102, 100), finger.up(0.09, 102, 100)], scene: scene)
        #expect(records.summary == ["doubleTap failed@0.44", "tap recognized@0.44"])
        #expect(
            records[1].cause
                == "the finger lifted 0.09 s after touch down, 2 pt from where it touched down, within tapMaximumPressDuration 0.75 s and "
                + "tapMovementTolerance 45 pt; it waited from 0.09 s until doubleTap failed at 0.44 s, as it requires")
    }

    @Test func aLongPressSaysHowStillItWas() throws {
        let records = try transitions(
            [finger.down(0, 100, 100), finger.move(0.2, 103, 104), finger.up(0.7, 103, 104)],
            scene: singleViewScene([recognizer("press", .longPress())]))
        #expect(records[0].cause == "held for minimumPressDuration 0.5 s, moving at most 5 pt, within allowableMovement 10 pt")
    }

    @Test func aSwipeSaysHowFarAndHowStraight() throws {
        let records = try transitions(
            [finger.down(0, 100, 400), finger.move(0.05, 130, 402), finger.move(0.1, 160, 403), finger.up(0.12, 170, 403)],
            scene: singleViewScene([recognizer("swipe", .swipe())]))
        #expect(records.map(\.state) == [.recognized])
        let cause = try #require(records[0].cause)
        #expect(cause == "moved 60 pt right in 0.1 s, past the 45.3 pt needed then (swipeMinimumDistance 50 pt), 3 pt across, within the 45.1 pt allowed")
    }

    @Test func aPinchSaysHowFarTheFingersWent() throws {
        let second = Finger(2)
        let records = try transitions(
            [finger.down(0, 100, 400), second.down(0.01, 200, 400), finger.move(0.03, 95, 400), second.move(0.03, 205, 400),
             finger.up(0.05, 95, 400), second.up(0.05, 205, 400)],
            scene: singleViewScene([recognizer("pinch", .pinch)]))
        #expect(records[0].cause?.hasPrefix("the finger distance changed 10 pt, past pinchDistanceThreshold") == true, "\(records)")
        #expect(records[0].cause?.hasSuffix(", 0.02 s after the second finger touched down") == true)
    }

    @Test func simultaneousRecognitionIsNamedInTheCause() throws {
        let scene = singleViewScene([
            recognizer("pan", .pan()),
            recognizer("press", .longPress(allowableMovement: 100)) { $0.simultaneousWith = ["pan"] },
        ])
        let records = try transitions(
            [finger.down(0, 100, 100), finger.move(0.6, 100, 130), finger.up(0.7, 100, 130)], scene: scene)
        let pan = try #require(records.first { $0.recognizer == "pan" && $0.state == .began })
        #expect(pan.cause == "moved 30 pt down, past panHysteresis 10 pt, 0.6 s after touch down; alongside press (press's delegate allows it)")
    }

    /// However many recognize together, a cause names three and counts the others, so that n
    /// simultaneous pans do not write n² names.
    @Test func aCauseNamesThreeRecognizersAlongsideAndCountsTheRest() throws {
        let scene = singleViewScene((0..<6).map { n in recognizer("pan\(n)", .pan()) { $0.simultaneousWith = ["*"] } })
        let records = try transitions(
            [finger.down(0, 100, 100), finger.move(0.1, 100, 130), finger.up(0.2, 100, 130)], scene: scene)
        let last = try #require(records.first { $0.recognizer == "pan5" && $0.state == .began })
        #expect(last.cause == "moved 30 pt down, past panHysteresis 10 pt, 0.1 s after touch down; alongside "
            + "pan0 (its delegate allows it), pan1 (its delegate allows it), pan2 (its delegate allows it), 2 others")
        let fourth = try #require(records.first { $0.recognizer == "pan3" && $0.state == .began })
        #expect(fourth.cause?.hasSuffix("pan2 (its delegate allows it)") == true, "\(fourth)")
    }

    /// A delegate written in code is named by its type when it let the recognizer begin.
    @Test func aDelegateInCodeIsNamedWhenItAnsweredYes() throws {
        final class PanelDelegate: GestureRecognizerDelegate {}
        let pan = PanGestureRecognizer(name: "panel")
        let delegate = PanelDelegate()
        pan.delegate = delegate
        let records = soloTransitions(pan, [finger.down(0, 100, 100), finger.move(0.02, 100, 112), finger.up(0.03, 100, 112)])
        #expect(records[0].cause == "moved 12 pt down, past panHysteresis 10 pt, 0.02 s after touch down; its delegate PanelDelegate answered yes to gestureRecognizerShouldBegin")
    }

    /// A subclass that sets its state without saying why gets a cause that says so.
    @Test func aSubclassThatSetsItsStateGetsADefaultCause() throws {
        final class Instant: GestureRecognizer {
            override var isDiscrete: Bool { true }
            override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { state = .recognized }
        }
        let records = soloTransitions(Instant(name: "instant"), [finger.down(0, 100, 100), finger.up(0.1, 100, 100)])
        #expect(records[0].cause == "instant set its state to recognized")
    }
}
