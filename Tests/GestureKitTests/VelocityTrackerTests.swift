import Testing
@testable import GestureKit

/// The three velocity estimators on known paths: the published vector, linear motion (exact on
/// every estimator), quadratic motion (exact for lsq2), jittered timestamps and the estimators'
/// own rules (uikit's blend and minimum interval, the 100 ms window, the impulse energy balance).
@Suite struct VelocityTrackerTests {}

/// The velocity after feeding `samples` (time, x, y) to an estimator with default thresholds.
private func velocity(_ kind: VelocityEstimatorKind, _ samples: [(Double, Double, Double)]) -> Point {
    var tracker = VelocityTracker(kind: kind, thresholds: Thresholds())
    for (t, x, y) in samples { tracker.add(Point(x: x, y: y), at: t) }
    return tracker.velocity
}

/// Samples of `path` at the given times, on the x axis only.
private func sampled(_ times: [Double], _ path: (Double) -> Double) -> [(Double, Double, Double)] {
    times.map { ($0, path($0), 0) }
}

/// 0, 10 ms, …, 100 ms.
private let every10ms = (0...10).map { Double($0) / 100 }
/// Irregular intervals of 3 to 14 ms, as real touch samples come.
private let jittered = [0, 0.007, 0.019, 0.024, 0.038, 0.041, 0.055, 0.061, 0.075, 0.079, 0.09]

extension VelocityTrackerTests {
    /// (0,0)@0 ms, (5,0)@10 ms, (10,0)@20 ms: 500 pt/s (uikit-behaviour.md).
    @Test(arguments: VelocityEstimatorKind.allCases)
    func publishedVector(kind: VelocityEstimatorKind) {
        let v = velocity(kind, [(0, 0, 0), (0.010, 5, 0), (0.020, 10, 0)])
        #expect(abs(v.x - 500) < 1e-9)
        #expect(v.y == 0)
    }

    @Test(arguments: VelocityEstimatorKind.allCases)
    func linearMotionIsExactOnBothAxes(kind: VelocityEstimatorKind) {
        let samples = every10ms.map { t in (t, 7 + 300 * t, 50 - 200 * t) }
        let v = velocity(kind, samples)
        #expect(abs(v.x - 300) < 1e-9)
        #expect(abs(v.y + 200) < 1e-9)
    }

    @Test(arguments: VelocityEstimatorKind.allCases)
    func linearMotionWithJitteredTimestamps(kind: VelocityEstimatorKind) {
        let v = velocity(kind, sampled(jittered) { 500 * $0 })
        #expect(abs(v.x - 500) < 1e-6)
    }

    @Test func fewerThanTwoSamplesGiveZero() {
        for kind in VelocityEstimatorKind.allCases {
            #expect(velocity(kind, []) == .zero)
            #expect(velocity(kind, [(0.5, 100, 100)]) == .zero)
        }
    }

    // MARK: lsq2

    /// x = 2000 t²: the slope at 100 ms is 400 pt/s.
    @Test func lsq2IsExactWhenAccelerating() {
        #expect(abs(velocity(.lsq2, sampled(every10ms) { 2000 * $0 * $0 }).x - 400) < 1e-6)
    }

    /// x = 800 t − 3000 t²: the slope at 100 ms is 200 pt/s.
    @Test func lsq2IsExactWhenDecelerating() {
        #expect(abs(velocity(.lsq2, sampled(every10ms) { 800 * $0 - 3000 * $0 * $0 }).x - 200) < 1e-6)
    }

    /// x = 2000 t² at irregular times: the slope at 90 ms is 360 pt/s.
    @Test func lsq2IsExactOnQuadraticsWithJitteredTimestamps() {
        #expect(abs(velocity(.lsq2, sampled(jittered) { 2000 * $0 * $0 }).x - 360) < 1e-6)
    }

    /// Fast sampling (every 1 ms and every 0.25 ms) keeps the fit well conditioned.
    @Test(arguments: [0.001, 0.00025])
    func lsq2IsExactAtHighSampleRates(interval: Double) {
        let times = (0...40).map { 1.5 + Double($0) * interval }
        let end = times[times.count - 1]
        let v = velocity(.lsq2, sampled(times) { 100 + 3000 * ($0 - 1.5) * ($0 - 1.5) })
        #expect(abs(v.x - 6000 * (end - 1.5)) < 1e-4)
    }

    /// Three samples 0.5 ms apart still get a quadratic fit: x = 300000 t², slope 600 at 1 ms.
    @Test func lsq2FitsThreeCloseSamples() {
        #expect(abs(velocity(.lsq2, sampled([0, 0.0005, 0.001]) { 300_000 * $0 * $0 }).x - 600) < 1e-6)
    }

    /// Only the last 100 ms count: a rest before a steady 500 pt/s drag does not drag the estimate down.
    @Test(arguments: [VelocityEstimatorKind.lsq2, .impulse])
    func onlyTheLast100msCount(kind: VelocityEstimatorKind) {
        let rest = (0..<20).map { (Double($0) / 100, 0.0, 0.0) }
        let drag = (20...30).map { i -> (Double, Double, Double) in
            let t = Double(i) / 100
            return (t, 500 * (t - 0.2), 0)
        }
        #expect(abs(velocity(kind, rest + drag).x - 500) < 1e-6)
    }

    /// Two samples at the same time: the later one replaces the earlier.
    @Test func lsq2SameTimeReplaces() {
        let v = velocity(.lsq2, [(0, 0, 0), (0.01, 99, 0), (0.01, 5, 0), (0.02, 10, 0)])
        #expect(abs(v.x - 500) < 1e-9)
    }

    // MARK: uikit

    /// 0.2 × the newest two-point velocity + 0.8 × the previous one: 0.2 × 3000 + 0.8 × 2000.
    @Test func uikitBlendsTheLastTwoTwoPointVelocities() {
        let v = velocity(.uikit, [(0, 0, 0), (0.01, 10, 0), (0.02, 30, 0), (0.03, 60, 0)])
        #expect(abs(v.x - 2200) < 1e-9)
    }

    /// x = 2000 t² every 10 ms: two-point velocities 340 and 380 at the end, blended to 348.
    @Test func uikitLagsBehindAcceleration() {
        #expect(abs(velocity(.uikit, sampled(every10ms) { 2000 * $0 * $0 }).x - 348) < 1e-6)
    }

    /// A move less than 1 ms after the previous one is not used for a two-point velocity.
    @Test func uikitSkipsIntervalsBelowOneMillisecond() {
        let v = velocity(.uikit, [(0, 0, 0), (0.01, 10, 0), (0.0105, 11, 0), (0.02, 20, 0)])
        #expect(abs(v.x - 1000) < 1e-9)
    }

    /// 0.011 − 0.010 is a hair under 0.001 in binary: still one millisecond.
    @Test func uikitAcceptsExactlyOneMillisecondFromDecimalTimes() {
        let v = velocity(.uikit, [(0.009, 0, 0), (0.010, 1, 0), (0.011, 2, 0)])
        #expect(abs(v.x - 1000) < 1e-6)
    }

    /// The first move has no previous two-point velocity: UIKit reports only its 0.2 share.
    @Test func uikitFirstMoveReportsTheNewestShareOnly() {
        let v = velocity(.uikit, [(0, 0, 0), (0.01, 5, 0)])
        #expect(abs(v.x - 100) < 1e-9)
    }

    // MARK: impulse

    /// Two-point velocities 500 then 1000: the energy ½·500² + (1000 − 500)·1000 gives √(500² + 10⁶).
    @Test func impulseBalancesTheWorkDone() {
        let v = velocity(.impulse, [(0, 0, 0), (0.01, 5, 0), (0.02, 15, 0)])
        #expect(abs(v.x - (500.0 * 500 + 1_000_000).squareRoot()) < 1e-9)
    }

    /// The impulse estimator agrees with Android's formulation (samples newest first) on an
    /// accelerating and a decelerating path, and keeps the sign of the motion.
    @Test(arguments: [1.0, -1.0])
    func impulseMatchesAndroidOnCurvedPaths(sign: Double) {
        for path in [{ (t: Double) in sign * 2000 * t * t }, { (t: Double) in sign * (800 * t - 3000 * t * t) }] {
            let samples = sampled(jittered, path)
            let v = velocity(.impulse, samples).x
            let reference = androidImpulse(samples.reversed().map(\.0), samples.reversed().map(\.1))
            #expect(abs(v - reference) < 1e-9)
            #expect(v * sign > 0)
        }
    }
}

/// Android's `calculateImpulseVelocity` as written in VelocityTracker.cpp: arrays newest first.
private func androidImpulse(_ t: [Double], _ x: [Double]) -> Double {
    func kineticEnergyToVelocity(_ work: Double) -> Double { (work < 0 ? -1.0 : 1.0) * abs(work).squareRoot() * 2.0.squareRoot() }
    let count = t.count
    var work = 0.0
    var i = count - 1
    while i > 0 {
        defer { i -= 1 }
        if t[i] == t[i - 1] { continue }
        let vprev = kineticEnergyToVelocity(work)
        let vcurr = (x[i] - x[i - 1]) / (t[i] - t[i - 1])
        work += (vcurr - vprev) * abs(vcurr)
        if i == count - 1 { work *= 0.5 }
    }
    return kineticEnergyToVelocity(work)
}
