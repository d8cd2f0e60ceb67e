import Foundation

/// How a scroll view's content moves after the finger lifts, to where it stops.
///
/// - Deceleration (the content was within its edges): UIKit's deceleration rate `r` is the
///   fraction of the velocity kept per millisecond. The content stops at the projection Apple's
///   "Designing Fluid Interfaces" (WWDC 2018) gives for it, `offset + v/1000 × r/(1 − r)` (v in
///   points per second), kept within the content; on the way the remaining distance shrinks by
///   `r` each millisecond.
/// - Bounce back (the content was pulled past an edge) and paging: the remaining distance shrinks
///   as `exp(−t / bounceTimeConstant)` (choice; UIKit's spring is not published).
///
/// The content comes to rest when it is within `decelerationRestDistance` of where it stops on
/// every axis; that is the time of `didEndDecelerating`.
struct ScrollAnimation {
    /// How one axis approaches its target.
    enum Curve {
        /// The remaining distance is multiplied by `rate` every millisecond.
        case decay(rate: Double)
        /// The remaining distance decays with this time constant, in seconds.
        case spring(timeConstant: Double)
    }

    var from: Point
    var target: Point
    var curve: Curve
    var start: Double
    /// When the content comes to rest.
    var end: Double

    /// The offset `t` seconds into the trace.
    func offset(at t: Double) -> Point {
        let remaining = remainingFraction(after: max(0, t - start))
        return Point(x: target.x + (from.x - target.x) * remaining, y: target.y + (from.y - target.y) * remaining)
    }

    private func remainingFraction(after elapsed: Double) -> Double {
        switch curve {
        case .decay(let rate): return pow(rate, elapsed * 1000)
        case .spring(let timeConstant): return timeConstant > 0 ? exp(-elapsed / timeConstant) : 0
        }
    }

    /// The time it takes to bring `distance` within `rest`.
    private static func duration(_ distance: Double, rest: Double, _ curve: Curve) -> Double {
        guard distance > rest, rest > 0 else { return 0 }
        switch curve {
        case .decay(let rate):
            guard rate > 0, rate < 1 else { return 0 }
            return log(rest / distance) / log(rate) / 1000
        case .spring(let timeConstant):
            return timeConstant * log(distance / rest)
        }
    }

    /// What follows a lift with `velocity` (of the content offset, points per second), or nil when
    /// the content is already where it stops.
    static func plan(_ scrollView: ScrollView, velocity: Point, at now: Double) -> ScrollAnimation? {
        let offset = scrollView.contentOffset
        let thresholds = scrollView.thresholds
        let rate = scrollView.settings.decelerationRate
        let target: Point
        let curve: Curve
        if scrollView.clamped(offset) != offset {
            target = scrollView.clamped(offset)
            curve = .spring(timeConstant: thresholds.bounceTimeConstant)
        } else if scrollView.settings.pagingEnabled {
            target = pageTarget(scrollView, velocity: velocity)
            curve = .spring(timeConstant: thresholds.bounceTimeConstant)
        } else {
            let projection = rate > 0 && rate < 1 ? velocity / 1000 * (rate / (1 - rate)) : .zero
            target = scrollView.clamped(offset + projection)
            curve = .decay(rate: rate)
        }
        let distance = max(abs(target.x - offset.x), abs(target.y - offset.y))
        let rest = thresholds.decelerationRestDistance
        guard distance > rest else { return nil }
        return ScrollAnimation(from: offset, target: target, curve: curve, start: now, end: now + duration(distance, rest: rest, curve))
    }

    /// What follows a lift when the delegate moved the target (`scrollViewWillEndDragging`): the
    /// content decelerates to `target` (a spring when it starts past an edge or pages), or nil when
    /// it is already there (within `decelerationRestDistance`). A target outside the content is kept within it, as UIKit's bounce does.
    static func plan(_ scrollView: ScrollView, toward target: Point, velocity: Point, at now: Double) -> ScrollAnimation? {
        let offset = scrollView.contentOffset
        let thresholds = scrollView.thresholds
        let rate = scrollView.settings.decelerationRate
        let goal = scrollView.clamped(target)
        let springs = scrollView.clamped(offset) != offset || scrollView.settings.pagingEnabled || !(rate > 0 && rate < 1)
        let curve: Curve = springs ? .spring(timeConstant: thresholds.bounceTimeConstant) : .decay(rate: rate)
        let distance = max(abs(goal.x - offset.x), abs(goal.y - offset.y))
        let rest = thresholds.decelerationRestDistance
        guard distance > rest else { return nil }
        return ScrollAnimation(from: offset, target: goal, curve: curve, start: now, end: now + duration(distance, rest: rest, curve))
    }

    /// Paging: the next page in the direction of a fast lift, otherwise the nearest page.
    private static func pageTarget(_ scrollView: ScrollView, velocity: Point) -> Point {
        let low = scrollView.minimumOffset
        let high = scrollView.maximumOffset
        let threshold = scrollView.thresholds.pagingVelocityThreshold
        func page(_ offset: Double, _ low: Double, _ high: Double, size: Double, speed: Double) -> Double {
            guard size > 0, high > low else { return offset }
            let position = (offset - low) / size
            let index: Double
            if speed > threshold {
                index = position.rounded(.down) + 1
            } else if speed < -threshold {
                index = position.rounded(.up) - 1
            } else {
                index = position.rounded()
            }
            let lastPage = ((high - low) / size).rounded(.up)
            return min(low + min(max(index, 0), lastPage) * size, high)
        }
        let offset = scrollView.contentOffset
        let size = scrollView.bounds.size
        return Point(
            x: page(offset.x, low.x, high.x, size: size.width, speed: velocity.x),
            y: page(offset.y, low.y, high.y, size: size.height, speed: velocity.y))
    }
}
