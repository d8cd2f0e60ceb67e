import Foundation
@testable import GestureKit
import Testing

/// Scroll animations and stepper repeats that a scene's numbers or a trace's times could make endless
/// (issue 30: `decelerationRate` 0.9999999999 wrote `didScroll` without end; a stepper whose interval
/// cannot move the clock looped without output).
@Suite struct AnimationBoundsTests {
    let finger = Finger(1)

    func list(_ configure: (inout ScrollViewDescription) -> Void) -> SceneDescription {
        rootScene([scrollView("list", frame: Rect(x: 0, y: 0, width: 390, height: 844), contentSize: Size(width: 390, height: 1e9),
                              children: [], configure)])
    }

    /// A fast fling up from the middle of the screen, lifted at 0.1 s.
    var fling: [Sample] {
        [finger.down(0, 200, 700)] + finger.drag(from: Point(x: 200, y: 700), to: Point(x: 200, y: 100), start: 0, duration: 0.1).dropFirst()
    }

    @Test func aDecelerationRateAHairBelowOneComesToRestWithinTheLongestAnimation() throws {
        let records = try analyze(fling, scene: list { $0.decelerationRate = 0.9999999999 })
        let end = try #require(records.scrolls.last { $0.event == .didEndDecelerating })
        #expect(abs(end.t - (0.1 + ScrollAnimation.maximumDuration)) < 1e-9)
        // One frame per 1/60 s, and no more.
        #expect(records.scrolls.filter { $0.event == .didScroll }.count <= Int(ScrollAnimation.maximumDuration * 60) + 30)
    }

    @Test func anOrdinaryFlingIsNotCut() throws {
        let records = try analyze(fling, scene: list { _ in })
        let end = try #require(records.scrolls.last { $0.event == .didEndDecelerating })
        #expect(end.t < 0.1 + 10)
        #expect(end.t > 1)
    }

    @Test func aStepperWhoseIntervalCannotMoveTheClockStepsOnceMoreInsteadOfForever() throws {
        // 0.5 + 1e-300 is 0.5: each repeat would be due at the instant it ran.
        var stepper = controlView("count", .stepper, frame: Rect(x: 100, y: 100, width: 94, height: 32))
        stepper.thresholds = ["stepperAutorepeatInterval": 1e-300]
        let records = try analyze([finger.down(0, 170, 116), finger.up(0.75, 170, 116)], scene: rootScene([stepper]))
        #expect(records.controls.filter { $0.event == .valueChanged }.map(\.value) == [.number(1), .number(2)])
    }
}
