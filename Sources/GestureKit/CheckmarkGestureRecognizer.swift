#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Recognizes a checkmark drawn with one finger: a stroke down and to the right, then up and to the
/// right, recognized when the finger lifts (the seeds' custom `UIGestureRecognizer` subclass, made
/// robust to real strokes).
///
/// The seed's rule is that x never decreases, and y first increases (down the screen) then
/// decreases, the upstroke starting at the lowest point. Real fingers and styluses jitter, so here
/// a movement only counts as backwards once it goes past the furthest point reached by more than a
/// tolerance: `checkmarkJitterTolerance`, or `checkmarkRelativeJitterTolerance` of the stroke's size
/// so far when that is more (a hand wobbles more in a larger movement). Left of the rightmost x
/// fails; up from the lowest point of the downstroke starts the upstroke. Strokes also often start and end with a hook: the stroke may rise before its
/// downstroke (which then starts at the highest point of that rise) and fall after its upstroke
/// (which then ends at its highest point), each by at most `checkmarkMaximumHook` of the upstroke's
/// rise; a larger fall, or rising again after the fall, fails.
///
/// At lift, both strokes (the chords from the downstroke's start to the lowest point, and from
/// there to the upstroke's highest point) must be at least `checkmarkMinimumStroke` long and at
/// least `checkmarkMinimumSlope` from horizontal, so a straight or wavy line, an `L` and a shallow
/// dip fail. A `V` drawn right to left and most scribbles fail on the direction rules as soon as
/// they break them. Each failure gives its reason, such as "stroke has no upward part".
///
/// The recognizer is discrete and accepts a symmetric `V` as well as a check.
///
/// See also: ``TemplateGestureRecognizer``, ``Thresholds``.
public final class CheckmarkGestureRecognizer: GestureRecognizer {
    private enum Phase { case leadIn, down, up, hook }

    private var phase = Phase.leadIn
    private var start: Point?
    private var rightmost = -Double.infinity
    /// The stroke's bounding box so far.
    private var minimum = Point.zero, maximum = Point.zero
    /// The highest point before the downstroke: where the downstroke starts.
    private var top = Point.zero
    /// The lowest point of the downstroke: the vertex.
    private var bottom = Point.zero
    /// The highest point of the upstroke: where it ends.
    private var peak = Point.zero
    /// The lowest point of a hook after the upstroke.
    private var hookBottom = Point.zero

    /// Creates a checkmark recognizer.
    override public init(name: String) {
        super.init(name: name)
    }

    override public var kindName: String { "checkmark" }
    override public var isDiscrete: Bool { true }

    override public func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        guard self.touches.count == 1, let touch = touches.first else {
            fail("\(self.touches.count) fingers touched down; a checkmark is drawn with one finger")
            return
        }
        let point = touch.location(in: view)
        start = point
        rightmost = point.x
        minimum = point
        maximum = point
        top = point
        bottom = point
        peak = point
        hookBottom = point
    }

    override public func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        guard let touch = touches.first else { return }
        follow(touch.location(in: view))
    }

    override public func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        guard let touch = touches.first else { return }
        follow(touch.location(in: view))
        guard state == .possible else { return }
        if let reason = rejectionAtLift() {
            fail(reason)
        } else {
            state = .recognized
        }
    }

    override public func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        fail("its touches were cancelled")
    }

    override public func reset() {
        phase = .leadIn
        start = nil
        rightmost = -.infinity
        minimum = .zero
        maximum = .zero
        top = .zero
        bottom = .zero
        peak = .zero
        hookBottom = .zero
    }

    /// Applies the direction rules to the finger's next location; fails as soon as one is broken.
    private func follow(_ point: Point) {
        guard state == .possible, start != nil else { return }
        minimum = Point(x: min(minimum.x, point.x), y: min(minimum.y, point.y))
        maximum = Point(x: max(maximum.x, point.x), y: max(maximum.y, point.y))
        let tolerance = jitterTolerance.points
        if point.x < rightmost - tolerance {
            fail("moved \(format(rightmost - point.x)) pt left, more than \(jitterTolerance.rule); a checkmark is drawn left to right")
            return
        }
        rightmost = max(rightmost, point.x)
        switch phase {
        case .leadIn:
            if point.y <= top.y {
                top = point
                bottom = point
            } else if point.y > top.y + tolerance {
                phase = .down
                bottom = point
            }
        case .down:
            if point.y >= bottom.y {
                bottom = point
            } else if point.y < bottom.y - tolerance {
                phase = .up
                peak = point
            }
        case .up:
            if point.y <= peak.y {
                peak = point
            } else if point.y > peak.y + tolerance {
                phase = .hook
                hookBottom = point
                checkHook(point)
            }
        case .hook:
            if point.y >= hookBottom.y {
                hookBottom = point
                checkHook(point)
            } else if point.y < hookBottom.y - tolerance {
                fail("went down \(format(hookBottom.y - peak.y)) pt after the upstroke, then up again")
            }
        }
    }

    /// The backwards movement tolerated now, and the rule that sets it, for reasons.
    private var jitterTolerance: (points: Double, rule: String) {
        let size = max(maximum.x - minimum.x, maximum.y - minimum.y)
        let absolute = thresholds.checkmarkJitterTolerance
        let fraction = thresholds.checkmarkRelativeJitterTolerance
        if fraction * size > absolute {
            return (fraction * size, "checkmarkRelativeJitterTolerance \(format(fraction)) of the stroke's \(format(size)) pt size")
        }
        return (absolute, "checkmarkJitterTolerance \(format(absolute)) pt")
    }

    /// Fails once the fall after the upstroke is more than a hook.
    private func checkHook(_ point: Point) {
        let fall = point.y - peak.y
        let rise = bottom.y - peak.y
        let limit = thresholds.checkmarkMaximumHook
        if fall > limit * rise {
            fail("went down \(format(fall)) pt after the upstroke, more than checkmarkMaximumHook \(format(limit)) of its \(format(rise)) pt rise")
        }
    }

    /// Why the finished stroke is not a checkmark, or nil when it is.
    private func rejectionAtLift() -> String? {
        guard let start else { return "no touch began" }
        switch phase {
        case .leadIn: return "stroke has no downward part"
        case .down: return "stroke has no upward part"
        case .up, .hook: break
        }
        let minimum = thresholds.checkmarkMinimumStroke
        let down = top.distance(to: bottom)
        if down < minimum {
            return "downstroke is \(format(down)) pt, shorter than checkmarkMinimumStroke \(format(minimum)) pt"
        }
        let up = bottom.distance(to: peak)
        if up < minimum {
            return "upstroke is \(format(up)) pt, shorter than checkmarkMinimumStroke \(format(minimum)) pt"
        }
        let leadIn = start.y - top.y
        let rise = bottom.y - peak.y
        let hookLimit = thresholds.checkmarkMaximumHook
        if leadIn > hookLimit * rise {
            return "rose \(format(leadIn)) pt before the downstroke, more than checkmarkMaximumHook \(format(hookLimit)) of the upstroke's \(format(rise)) pt rise"
        }
        let minimumSlope = thresholds.checkmarkMinimumSlope
        let downSlope = atan2(bottom.y - top.y, bottom.x - top.x)
        if downSlope < minimumSlope {
            return "downstroke is \(degrees(downSlope)) from horizontal, flatter than checkmarkMinimumSlope \(format(minimumSlope)) rad (\(degrees(minimumSlope)))"
        }
        let upSlope = atan2(bottom.y - peak.y, peak.x - bottom.x)
        if upSlope < minimumSlope {
            return "upstroke is \(degrees(upSlope)) from horizontal, flatter than checkmarkMinimumSlope \(format(minimumSlope)) rad (\(degrees(minimumSlope)))"
        }
        return nil
    }

    private func degrees(_ radians: Double) -> String { "\(format(radians * 180 / .pi))°" }
}
