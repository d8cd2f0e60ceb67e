#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import GestureKit

/// Rotation: the angle of the vector from the first finger to the second, positive clockwise on
/// screen (y grows downwards), accumulated from the second finger's touch down; begins when
/// |rotation| exceeds `rotationAngleThreshold` (0.08 rad).
///
/// Unless a test says otherwise finger 1 rests at the centre (195, 422) and finger 2 sits on a
/// circle of radius 100 around it, at screen angle θ: (195 + 100 cos θ, 422 + 100 sin θ), so
/// θ = 0 is to the right and θ = π/2 straight below (a quarter turn clockwise).
@Suite struct RotationTests {}

private let one = Finger(1)
private let two = Finger(2)
private let centre = Point(x: 195, y: 422)
private let degree = Double.pi / 180

private func rotationScene(_ thresholds: [String: Double] = [:]) -> SceneDescription {
    singleViewScene([recognizer("rotation", .rotation) { $0.thresholds = thresholds }])
}

private func onCircle(_ angle: Double, radius: Double = 100) -> Point {
    Point(x: centre.x + radius * cos(angle), y: centre.y + radius * sin(angle))
}

/// Finger 1 down at the centre and finger 2 down at angle `angles[0]` at t = 0; finger 2 then
/// moves to each further angle, one move every 10 ms; both lift 10 ms after the last move.
private func turn(_ angles: [Double]) -> [Sample] {
    let first = onCircle(angles[0])
    var samples = [one.down(0, centre.x, centre.y), two.down(0, first.x, first.y)]
    for (i, angle) in angles.dropFirst().enumerated() {
        let p = onCircle(angle)
        samples.append(two.move(0.01 * Double(i + 1), p.x, p.y))
    }
    let end = 0.01 * Double(angles.count)
    let last = onCircle(angles[angles.count - 1])
    samples += [one.up(end, centre.x, centre.y), two.up(end, last.x, last.y)]
    return samples
}

/// Angles from `from` to `to` in `steps` equal steps, both ends included.
private func angles(from: Double, to: Double, steps: Int) -> [Double] {
    (0...steps).map { from + (to - from) * Double($0) / Double(steps) }
}

private func scalar(_ velocity: ReportedVelocity?) -> Double? {
    if case .scalar(let v) = velocity { return v }
    return nil
}

extension RotationTests {
    @Test func quarterTurnClockwiseIsPlusHalfPi() throws {
        let records = try transitions(turn(angles(from: 0, to: .pi / 2, steps: 18)), scene: rotationScene())
        #expect(records.map(\.state) == [.began] + Array(repeating: .changed, count: 17) + [.ended])
        let began = try #require(records.first)
        #expect(began.t == 0.01)
        #expect(abs((began.rotation ?? 0) - 5 * degree) < 1e-12)
        #expect(began.touches == 2)
        let ended = try #require(records.last)
        #expect(abs((ended.rotation ?? 0) - .pi / 2) < 1e-12)
        #expect((scalar(ended.velocity) ?? 0) > 0)
    }

    @Test func quarterTurnCounterclockwiseIsMinusHalfPi() throws {
        let records = try transitions(turn(angles(from: 0, to: -.pi / 2, steps: 18)), scene: rotationScene())
        let ended = try #require(records.last)
        #expect(ended.state == .ended)
        #expect(abs((ended.rotation ?? 0) + .pi / 2) < 1e-12)
        #expect((scalar(ended.velocity) ?? 0) < 0)
    }

    /// Crossing the ±π line of atan2 (pointing left) never jumps.
    @Test func crossingPiDoesNotJump() throws {
        let records = try transitions(turn(angles(from: 170 * degree, to: 190 * degree, steps: 4)), scene: rotationScene())
        let rotations = records.compactMap(\.rotation)
        #expect(rotations.count == 5)
        #expect(zip(rotations, rotations.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(abs((rotations.last ?? 0) - 20 * degree) < 1e-12)
    }

    /// A pair circling twice clockwise reports about 4π, growing steadily.
    @Test func circlingTwiceIsFourPi() throws {
        let records = try transitions(turn(angles(from: 0, to: 4 * .pi, steps: 72)), scene: rotationScene())
        // began and the changes, one per 10° step (the ended record repeats the last).
        let rotations = records.dropLast().compactMap(\.rotation)
        #expect(rotations.count == 72)
        #expect(zip(rotations, rotations.dropFirst()).allSatisfy { abs($1 - $0 - 10 * degree) < 1e-9 })
        #expect(abs((rotations.last ?? 0) - 4 * .pi) < 1e-9)
        #expect(records.last?.state == .ended)
    }

    /// Both fingers turning around their centroid: the location stays at the centroid.
    @Test func bothFingersTurningAroundTheirCentroid() throws {
        var samples = [one.down(0, centre.x - 80, centre.y), two.down(0, centre.x + 80, centre.y)]
        for i in 1...6 {
            let a = 15 * degree * Double(i)
            let t = 0.02 * Double(i)
            samples.append(one.move(t, centre.x - 80 * cos(a), centre.y - 80 * sin(a)))
            samples.append(two.move(t, centre.x + 80 * cos(a), centre.y + 80 * sin(a)))
        }
        samples += [one.up(0.14, centre.x, centre.y - 80), two.up(0.14, centre.x, centre.y + 80)]
        let records = try transitions(samples, scene: rotationScene())
        #expect(records.first?.state == .began)
        let location = try #require(records.first?.location)
        #expect(abs(location.x - centre.x) < 1e-9 && abs(location.y - centre.y) < 1e-9)
        let last = try #require(records.last { $0.state == .changed })
        #expect(abs((last.rotation ?? 0) - .pi / 2) < 1e-12)
    }

    /// The rotation must exceed 0.08 rad.
    @Test(arguments: [(0.07, false), (0.09, true), (-0.07, false), (-0.09, true)])
    func beginsAfterTheAngleThreshold(angle: Double, began: Bool) throws {
        let records = try transitions(turn([0, angle]), scene: rotationScene())
        if began {
            #expect(records.summary == ["rotation began@0.01", "rotation ended@0.02"])
            #expect(abs((records.first?.rotation ?? 0) - angle) < 1e-12)
        } else {
            #expect(records.summary == ["rotation failed@0.02"])
            #expect(records.first?.reason == "a finger lifted before the rotation began: the fingers turned 0.07 rad, not more than rotationAngleThreshold 0.08 rad")
        }
    }

    @Test func thresholdIsOverridable() throws {
        let records = try transitions(turn([0, 0.05]), scene: rotationScene(["rotationAngleThreshold": 0.04]))
        #expect(records.summary == ["rotation began@0.01", "rotation ended@0.02"])
    }

    /// Spreading the fingers without turning is not a rotation.
    @Test func spreadingIsNotARotation() throws {
        let records = try transitions([
            one.down(0, 100, 400), two.down(0, 200, 400), two.move(0.05, 300, 400),
            one.up(0.1, 100, 400), two.up(0.1, 300, 400),
        ], scene: rotationScene())
        #expect(records.summary == ["rotation failed@0.1"])
    }

    /// A constant turn of 5° every 10 ms is 8.73 rad/s on every estimator.
    @Test(arguments: VelocityEstimatorKind.allCases)
    func velocityOnAConstantTurn(estimator: VelocityEstimatorKind) throws {
        let records = try transitions(turn(angles(from: 0, to: .pi / 2, steps: 18)), scene: rotationScene(), estimator: estimator)
        let changed = try #require(records.last { $0.state == .changed })
        #expect(abs((scalar(changed.velocity) ?? 0) - 5 * degree / 0.01) < 1e-6)
    }

    @Test func oneFingerAloneFails() throws {
        let records = try transitions([one.down(0, 100, 400), one.move(0.1, 200, 500), one.up(0.2, 200, 500)], scene: rotationScene())
        #expect(records.summary == ["rotation failed@0.2"])
        #expect(records.first?.reason == "the finger lifted before a second one touched down; a rotation needs two")
    }

    @Test func cancelledAfterBeganIsCancelled() throws {
        let p = onCircle(0.5)
        let records = try transitions([
            one.down(0, centre.x, centre.y), two.down(0, centre.x + 100, centre.y), two.move(0.05, p.x, p.y),
            one.cancel(0.1, centre.x, centre.y), two.cancel(0.1, p.x, p.y),
        ], scene: rotationScene())
        #expect(records.summary == ["rotation began@0.05", "rotation cancelled@0.1"])
        #expect(records.last?.reason == "its touches were cancelled")
    }

    /// Apple: the gesture ends when both fingers have lifted; the lone finger's move reports nothing.
    @Test func endsWhenBothFingersHaveLifted() throws {
        let p = onCircle(0.5)
        let records = try transitions([
            one.down(0, centre.x, centre.y), two.down(0, centre.x + 100, centre.y), two.move(0.05, p.x, p.y),
            two.up(0.1, p.x, p.y), one.move(0.15, centre.x + 30, centre.y), one.up(0.2, centre.x + 30, centre.y),
        ], scene: rotationScene())
        #expect(records.summary == ["rotation began@0.05", "rotation ended@0.2"])
        #expect(abs((records.last?.rotation ?? 0) - 0.5) < 1e-12)
    }

    @Test(arguments: [(0.3, 0.3), (Double.pi, Double.pi), (-3 * Double.pi / 2, Double.pi / 2), (2 * Double.pi, 0.0)] as [(Double, Double)])
    func wrappingStaysWithinOneHalfTurn(delta: Double, expected: Double) {
        #expect(abs(RotationGestureRecognizer.wrapped(delta) - expected) < 1e-12)
    }
}
