/// Estimates the velocity of a moving quantity (a centroid, a finger distance, an angle) from its
/// samples, with one of three estimators.
///
/// - `uikit`: the newest two-point velocity (Δvalue / Δt between successive moves, taken only when
///   Δt ≥ `velocityMinimumInterval`) blended with the previous one, `velocityBlend` of the newest;
///   at the first move there is no previous one, so the velocity is `velocityBlend` of the first.
///   What an app reads from `UIPanGestureRecognizer.velocity(in:)` (RE).
/// - `lsq2`: the slope at the newest sample of a quadratic least-squares fit over the samples of the
///   last `velocityWindow` seconds (Android, Flutter).
/// - `impulse`: Android's impulse estimator: the velocity whose kinetic energy equals the work
///   done over the samples of the last `velocityWindow` seconds.
///
/// See also: ``Thresholds``, ``PanGestureRecognizer``.
struct VelocityTracker {
    let kind: VelocityEstimatorKind
    let blend: Double
    let minimumInterval: Double
    let window: Double

    private var times: [Double] = []
    private var values: [Point] = []
    /// The `uikit` estimator's last sample, which is all it keeps: held apart from `times` and
    /// `values` so that a move writes no array (callgrind, analyze of the 2 MB sample: two
    /// uniqueness checks per move and tracker, ~100,000).
    private var last: (t: Double, value: Point)?
    private var lastTwoPoint: Point?
    private var blended = Point.zero
    /// The current estimate, brought up to date by every change of the samples.
    private(set) var velocity = Point.zero

    init(kind: VelocityEstimatorKind, thresholds: Thresholds) {
        self.kind = kind
        blend = thresholds.velocityBlend
        minimumInterval = thresholds.velocityMinimumInterval
        window = thresholds.velocityWindow
    }

    mutating func reset() {
        times.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        last = nil
        lastTwoPoint = nil
        blended = .zero
        velocity = .zero
    }

    /// Adds a sample of the tracked value at time `t`, and returns the estimate (``velocity``).
    ///
    /// Recognizers keep the returned estimate: reading ``velocity`` through their optional
    /// tracker would copy the whole tracker, arrays included, for every record.
    @discardableResult
    @inline(__always)
    mutating func add(_ value: Point, at t: Double) -> Point {
        // The `uikit` estimator inlined into its callers, the others apart: one function for all
        // three cost 70 instructions a move, a third of them its frame (callgrind).
        if case .uikit = kind { return addTwoPoint(value, at: t) }
        return addToWindow(value, at: t)
    }

    /// ``add(_:at:)`` for the `uikit` estimator.
    @inline(__always)
    private mutating func addTwoPoint(_ value: Point, at t: Double) -> Point {
        if let last {
            let dt = t - last.t
            // Times pass through decimal text: 0.011 − 0.010 is a hair under 0.001.
            guard dt > 0, dt >= minimumInterval - VirtualClock.tolerance(near: t) else { return velocity }
            let twoPoint = (value - last.value) / dt
            // With no previous two-point velocity (the first move) only the newest one's share counts:
            // UIKit blends its two velocity samples, and the first move has only one.
            blended = twoPoint * blend + (lastTwoPoint ?? .zero) * (1 - blend)
            velocity = blended
            lastTwoPoint = twoPoint
            self.last = (t, value)
        } else {
            last = (t, value)
        }
        return velocity
    }

    /// ``add(_:at:)`` for the `lsq2` and `impulse` estimators.
    @inline(never)
    private mutating func addToWindow(_ value: Point, at t: Double) -> Point {
        if let lastT = times.last, t == lastT {
            values[values.count - 1] = value
        } else {
            times.append(t)
            values.append(value)
        }
        var drop = 0
        while drop < times.count - 1, t - times[drop] > window + VirtualClock.tolerance(near: t) { drop += 1 }
        if drop > 0 {
            times.removeFirst(drop)
            values.removeFirst(drop)
        }
        velocity = estimate
        return velocity
    }

    /// Forgets the history but keeps reporting the last velocity (used when the tracked set of
    /// fingers changes, so the value may not be continuous).
    mutating func restart(at value: Point, time t: Double) {
        times = [t]
        values = [value]
        last = (t, value)
        velocity = estimate
    }

    /// The estimate from the current samples.
    private var estimate: Point {
        switch kind {
        case .uikit:
            return blended
        case .lsq2:
            return Point(x: Self.quadraticSlope(times, values.map(\.x)), y: Self.quadraticSlope(times, values.map(\.y)))
        case .impulse:
            return Point(x: Self.impulse(times, values.map(\.x)), y: Self.impulse(times, values.map(\.y)))
        }
    }

    /// The derivative at the newest sample of the least-squares polynomial of degree ≤ 2.
    ///
    /// Times are measured from the newest sample in units of the span of the samples, so the
    /// normal equations stay well conditioned whatever the sampling rate (1 ms or 100 ms apart);
    /// a quadratic path gives its exact slope up to rounding.
    static func quadraticSlope(_ t: [Double], _ x: [Double]) -> Double {
        let n = t.count
        guard n >= 2, let t0 = t.last, let first = t.first else { return 0 }
        let span = t0 - first
        guard span > 0 else { return 0 }
        if n == 2 { return (x[1] - x[0]) / span }
        // Fit x = a + b·u + c·u² with u = (t − t_newest) / span; the slope at the newest is b / span.
        var s = [Double](repeating: 0, count: 5)
        var r = [Double](repeating: 0, count: 3)
        for i in 0..<n {
            let u = (t[i] - t0) / span
            var p = 1.0
            for k in 0..<5 {
                s[k] += p
                if k < 3 { r[k] += p * x[i] }
                p *= u
            }
        }
        let m = [[s[0], s[1], s[2]], [s[1], s[2], s[3]], [s[2], s[3], s[4]]]
        let det = determinant3(m)
        // With u in [−1, 0], the determinant is far from zero unless fewer than three distinct times
        // carry the fit (or two of them nearly coincide); then fall back to the last two samples.
        guard abs(det) > 1e-12 * Double(n * n * n) else {
            let dt = t[n - 1] - t[n - 2]
            return dt > 0 ? (x[n - 1] - x[n - 2]) / dt : 0
        }
        let mb = [[m[0][0], r[0], m[0][2]], [m[1][0], r[1], m[1][2]], [m[2][0], r[2], m[2][2]]]
        return determinant3(mb) / det / span
    }

    private static func determinant3(_ m: [[Double]]) -> Double {
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    }

    /// Android's impulse velocity over samples in time order.
    static func impulse(_ t: [Double], _ x: [Double]) -> Double {
        let n = t.count
        guard n >= 2 else { return 0 }
        if n == 2 {
            let dt = t[1] - t[0]
            return dt > 0 ? (x[1] - x[0]) / dt : 0
        }
        func energyToVelocity(_ work: Double) -> Double { (work < 0 ? -1.0 : 1.0) * (2 * abs(work)).squareRoot() }
        var work = 0.0
        for i in 1..<n {
            let dt = t[i] - t[i - 1]
            guard dt > 0 else { continue }
            let previous = energyToVelocity(work)
            let current = (x[i] - x[i - 1]) / dt
            work += (current - previous) * abs(current)
            if i == 1 { work *= 0.5 }
        }
        return energyToVelocity(work)
    }
}
