import Testing
@testable import GestureKit

/// Pinch: begins once the finger distance has changed by `pinchDistanceThreshold` (8 pt), scale
/// measured from the distance when the second finger touched down.
///
/// Unless a test says otherwise finger 1 rests at (100, 400) and finger 2 touches down 100 pt to
/// its right, so the finger distance is finger 2's x − 100 and the scale is that over 100.
@Suite struct PinchTests {}

private let one = Finger(1)
private let two = Finger(2)

private func pinchScene(_ thresholds: [String: Double] = [:]) -> SceneDescription {
    singleViewScene([recognizer("pinch", .pinch) { $0.thresholds = thresholds }])
}

/// Finger 1 at (100, 400) and finger 2 at (200, 400) down at 0; finger 2 moves to each x of
/// `xs`, one move every 10 ms, then both lift 10 ms after the last move.
private func spread(_ xs: [Double]) -> [Sample] {
    var samples = [one.down(0, 100, 400), two.down(0, 200, 400)]
    for (i, x) in xs.enumerated() { samples.append(two.move(0.01 * Double(i + 1), x, 400)) }
    let end = 0.01 * Double(xs.count + 1)
    samples += [one.up(end, 100, 400), two.up(end, xs.last ?? 200, 400)]
    return samples
}

private func scalar(_ velocity: ReportedVelocity?) -> Double? {
    if case .scalar(let v) = velocity { return v }
    return nil
}

extension PinchTests {
    /// 100 pt apart spread to 200 pt apart in 10 pt steps: began at 110 pt (scale 1.1, not 1),
    /// ended with scale 2 exactly and a positive velocity.
    @Test func spreadingToTwiceTheDistanceGivesScaleTwo() throws {
        let xs = (1...10).map { 200 + 10 * Double($0) }
        let records = try transitions(spread(xs), scene: pinchScene())
        #expect(records.map(\.state) == [.began] + Array(repeating: .changed, count: 9) + [.ended])
        let began = try #require(records.first)
        #expect(began.t == 0.01)
        #expect(began.scale == 1.1)
        #expect(began.touches == 2)
        #expect(began.location == Point(x: 155, y: 400))
        let ended = try #require(records.last)
        #expect(abs(ended.t - 0.11) < 1e-9)
        #expect(ended.scale == 2)
        #expect((scalar(ended.velocity) ?? 0) > 0)
        // 10 pt every 10 ms on a 100 pt start distance: 10 scale per second, on every estimator.
        #expect(abs((scalar(ended.velocity) ?? 0) - 10) < 1e-6)
    }

    @Test func pinchingInGivesScaleBelowOneAndNegativeVelocity() throws {
        let xs = (1...5).map { 200 - 10 * Double($0) }
        let records = try transitions(spread(xs), scene: pinchScene())
        #expect(records.summary == ["pinch began@0.01", "pinch changed@0.02", "pinch changed@0.03",
                                    "pinch changed@0.04", "pinch changed@0.05", "pinch ended@0.06"])
        #expect(records.first?.scale == 0.9)
        #expect(records.last?.scale == 0.5)
        #expect((scalar(records.last?.velocity) ?? 0) < 0)
    }

    /// The distance must change by 8 pt, either way.
    @Test(arguments: [(7.9, false), (8.0, true), (-7.9, false), (-8.0, true)])
    func beginsAtTheDistanceThreshold(change: Double, began: Bool) throws {
        let records = try transitions(spread([200 + change]), scene: pinchScene())
        if began {
            #expect(records.summary == ["pinch began@0.01", "pinch ended@0.02"])
            #expect(records.first?.scale == (100 + change) / 100)
        } else {
            #expect(records.summary == ["pinch failed@0.02"])
            #expect(records.first?.reason == "a finger lifted before the pinch began: the finger distance changed 7.9 pt, less than pinchDistanceThreshold 8 pt")
        }
    }

    @Test func thresholdIsOverridable() throws {
        let records = try transitions(spread([205]), scene: pinchScene(["pinchDistanceThreshold": 4]))
        #expect(records.summary == ["pinch began@0.01", "pinch ended@0.02"])
    }

    /// Movement parallel to the finger pair's line with both fingers keeps the distance: no pinch.
    @Test func movingTogetherIsNotAPinch() throws {
        let records = try transitions([
            one.down(0, 100, 400), two.down(0, 200, 400),
            one.move(0.05, 150, 450), two.move(0.05, 250, 450),
            one.up(0.1, 150, 450), two.up(0.1, 250, 450),
        ], scene: pinchScene())
        #expect(records.summary == ["pinch failed@0.1"])
    }

    /// The start distance is the one at the second finger's touch down, even when the first finger
    /// moved before.
    @Test func startDistanceIsTakenWhenTheSecondFingerLands() throws {
        let records = try transitions([
            one.down(0, 100, 400), one.move(0.05, 50, 400),
            two.down(0.1, 150, 400), two.move(0.15, 250, 400),
            one.up(0.2, 50, 400), two.up(0.2, 250, 400),
        ], scene: pinchScene())
        #expect(records.summary == ["pinch began@0.15", "pinch ended@0.2"])
        #expect(records.first?.scale == 2)
    }

    @Test func oneFingerAloneFails() throws {
        let records = try transitions([one.down(0, 100, 400), one.move(0.1, 200, 400), one.up(0.2, 200, 400)], scene: pinchScene())
        #expect(records.summary == ["pinch failed@0.2"])
        #expect(records.first?.reason == "the finger lifted before a second one touched down; a pinch needs two")
    }

    /// Apple: the gesture ends when both fingers have lifted; the lone finger's move reports nothing.
    @Test func endsWhenBothFingersHaveLifted() throws {
        let records = try transitions([
            one.down(0, 100, 400), two.down(0, 200, 400), two.move(0.05, 300, 400),
            two.up(0.1, 300, 400), one.move(0.15, 120, 400), one.up(0.2, 120, 400),
        ], scene: pinchScene())
        #expect(records.summary == ["pinch began@0.05", "pinch ended@0.2"])
        #expect(records.last?.scale == 2)
    }

    @Test func cancelledAfterBeganIsCancelled() throws {
        let records = try transitions([
            one.down(0, 100, 400), two.down(0, 200, 400), two.move(0.05, 300, 400),
            one.cancel(0.1, 100, 400), two.cancel(0.1, 300, 400),
        ], scene: pinchScene())
        #expect(records.summary == ["pinch began@0.05", "pinch cancelled@0.1"])
        #expect(records.last?.reason == "its touches were cancelled")
    }

    @Test func cancelledBeforeBeganFails() throws {
        let records = try transitions([
            one.down(0, 100, 400), two.down(0, 200, 400), one.cancel(0.1, 100, 400), two.cancel(0.1, 200, 400),
        ], scene: pinchScene())
        #expect(records.summary == ["pinch failed@0.1"])
    }

    /// Fingers still down when the trace ends are cancelled at its last time.
    @Test func traceEndingWithFingersDownCancels() throws {
        let records = try transitions([one.down(0, 100, 400), two.down(0, 200, 400), two.move(0.05, 300, 400)], scene: pinchScene())
        #expect(records.summary == ["pinch began@0.05", "pinch cancelled@0.05"])
    }

    /// A third finger is ignored: it neither changes the scale nor counts in the record.
    @Test func thirdFingerIsIgnored() throws {
        let three = Finger(3)
        let records = try transitions([
            one.down(0, 100, 400), two.down(0, 200, 400), three.down(0.02, 300, 600),
            two.move(0.05, 250, 400), three.move(0.05, 350, 700),
            one.up(0.1, 100, 400), two.up(0.1, 250, 400), three.up(0.1, 350, 700),
        ], scene: pinchScene())
        #expect(records.summary == ["pinch began@0.05", "pinch ended@0.1"])
        #expect(records.first?.scale == 1.5)
        #expect(records.first?.touches == 2)
        #expect(records.first?.location == Point(x: 175, y: 400))
    }

    /// Fingers landing on the same point take their first distinct distance as the start distance.
    @Test func coincidentFingersStartFromTheFirstDistance() throws {
        let records = try transitions([
            one.down(0, 100, 400), two.down(0, 100, 400), two.move(0.05, 150, 400), two.move(0.1, 250, 400),
            one.up(0.15, 100, 400), two.up(0.15, 250, 400),
        ], scene: pinchScene())
        #expect(records.summary == ["pinch began@0.1", "pinch ended@0.15"])
        #expect(records.first?.scale == 3)
    }

    /// Scale grows linearly (10 per second) on each estimator: every estimator reports 10/s.
    @Test(arguments: VelocityEstimatorKind.allCases)
    func velocityOnALinearSpread(estimator: VelocityEstimatorKind) throws {
        let xs = (1...20).map { 200 + 10 * Double($0) }
        let records = try transitions(spread(xs), scene: pinchScene(), estimator: estimator)
        let changed = try #require(records.last { $0.state == .changed })
        #expect(abs((scalar(changed.velocity) ?? 0) - 10) < 1e-6)
    }

    /// With lsq2, a scale that grows as a quadratic of time gets its exact slope:
    /// scale = 1 + 10 t², so 20 t per second.
    @Test func lsq2VelocityOnAnAcceleratingSpread() throws {
        let xs = (1...10).map { i -> Double in
            let t = 0.01 * Double(i)
            return 200 + 1000 * t * t
        }
        let records = try transitions(spread(xs), scene: pinchScene(), estimator: .lsq2)
        let changed = try #require(records.last { $0.state == .changed })
        #expect(abs(changed.t - 0.1) < 1e-9)
        #expect(abs((scalar(changed.velocity) ?? 0) - 2) < 1e-6)
    }
}
