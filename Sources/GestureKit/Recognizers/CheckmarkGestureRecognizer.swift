#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Recognizes a checkmark drawn with one finger: a stroke down and to the right, then up and to the
/// right, recognized when the finger lifts (the classic textbook `UIGestureRecognizer` subclass, made
/// robust to real strokes).
///
/// The textbook rule is that x never decreases, and y first increases (down the screen) then
/// decreases, the upstroke starting at the lowest point. Real fingers and styluses jitter, so here
/// a movement only counts as backwards once it goes past the furthest point reached by more than a
/// tolerance: `checkmarkJitterTolerance`, or `checkmarkRelativeJitterTolerance` of the stroke's size
/// so far when that is more (a hand wobbles more in a larger movement). Left of the rightmost x
/// fails; up from the lowest point of the downstroke starts the upstroke. A single stray sample
/// (more than the tolerance from both the sample before it and the one after it, which are closer
/// to each other than to it) is a glitch and is skipped, however far it strays, so it neither fails
/// the stroke nor starts its upstroke; judging a sample waits for the next one (or the lift).
/// Strokes also often start and end with a hook: the stroke may rise before its
/// downstroke (which then starts at the highest point of that rise) and fall after its upstroke
/// (which then ends at its highest point), each by at most `checkmarkMaximumHook` of the upstroke's
/// rise; a larger fall, or rising again after the fall, fails.
///
/// At lift, both strokes (the chords from the downstroke's start to the lowest point, and from
/// there to the upstroke's highest point) must be at least `checkmarkMinimumStroke` long and at
/// least `checkmarkMinimumSlope` from horizontal, so a straight or wavy line, an `L` and a shallow
/// dip fail. The upstroke must be at least `checkmarkMinimumUpstrokeRatio` of the downstroke's
/// length, so a long line ending in a flick fails; and the turn must be a corner: the samples
/// around the lowest point that stay within the tolerance of its height may span at most
/// `checkmarkMaximumFlatBottom` of the stroke's width, so a `U` fails. A `V` drawn right to left
/// and most scribbles fail on the direction rules as soon as they break them. Each failure gives
/// its reason, such as "stroke has no upward part".
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
    /// The last sample the direction rules took, and the newest one, judged once the next arrives.
    private var lastFollowed = Point.zero
    private var pending: Point?
    /// The samples the direction rules took, for the shape of the turn at lift.
    private var path = StrokeBuffer()

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
        lastFollowed = point
        pending = nil
        path = StrokeBuffer()
        path.append(point)
    }

    override public func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        guard let touch = touches.first else { return }
        take(touch.location(in: view))
    }

    override public func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        guard let touch = touches.first else { return }
        take(touch.location(in: view))
        // The lift point has no next sample to be judged against: the rules take it as it is.
        if let last = pending {
            pending = nil
            follow(last)
        }
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
        lastFollowed = .zero
        pending = nil
        path = StrokeBuffer()
    }

    /// Takes the finger's next location: the sample before it goes to the direction rules unless
    /// it is a glitch, a lone sample that strays more than the jitter tolerance from both its
    /// neighbours while they are closer to each other than to it (the finger did not go there).
    private func take(_ point: Point) {
        guard state == .possible, start != nil else { return }
        defer { pending = point }
        guard let middle = pending else { return }
        let before = lastFollowed.distance(to: middle), after = middle.distance(to: point)
        let nearer = min(before, after)
        if nearer > jitterTolerance.points && lastFollowed.distance(to: point) < nearer { return }
        follow(middle)
    }

    /// Applies the direction rules to the finger's next location; fails as soon as one is broken.
    private func follow(_ point: Point) {
        guard state == .possible, start != nil else { return }
        lastFollowed = point
        path.append(point)
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
        let ratio = thresholds.checkmarkMinimumUpstrokeRatio
        if up < ratio * down {
            return "upstroke is \(format(up)) pt, less than checkmarkMinimumUpstrokeRatio \(format(ratio)) of the \(format(down)) pt downstroke"
        }
        let width = maximum.x - self.minimum.x
        let run = bottomRun()
        let flat = thresholds.checkmarkMaximumFlatBottom
        if run > flat * width {
            return "ran \(format(run)) pt sideways along its bottom, more than checkmarkMaximumFlatBottom \(format(flat)) of its \(format(width)) pt width; a checkmark turns in a corner"
        }
        return nil
    }

    /// How far the stroke runs horizontally around its lowest point: the x extent of the samples
    /// next to it that stay within the jitter tolerance of its height.
    private func bottomRun() -> Double {
        let points = path.stroke
        // The lowest point (the vertex: nothing after the downstroke goes lower); the last of equals,
        // as the downstroke keeps the last.
        guard var vertex = points.indices.first else { return 0 }
        for index in points.indices where points[index].y >= points[vertex].y { vertex = index }
        let band = points[vertex].y - jitterTolerance.points
        var first = vertex, last = vertex
        while first > 0, points[first - 1].y >= band { first -= 1 }
        while last < points.count - 1, points[last + 1].y >= band { last += 1 }
        var left = points[vertex].x, right = left
        for point in points[first...last] {
            left = min(left, point.x)
            right = max(right, point.x)
        }
        return right - left
    }

    private func degrees(_ radians: Double) -> String { "\(format(radians * 180 / .pi))°" }
}
