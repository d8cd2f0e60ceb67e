#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The checkmark's shape rules applied to one stroke seen in one frame: the stroke turned by
/// `angle` about its first point, so that a check drawn tilted by about −`angle` is upright here.
///
/// ``CheckmarkGestureRecognizer`` runs one track per tilt it tolerates and accepts the stroke when
/// any of them does. A track fails as soon as its stroke breaks a direction rule (``failure``), and
/// at lift gives the shape rules' verdict (``rejectionAtLift(_:)``). The rules are those documented
/// on the recognizer.
struct CheckmarkTrack {
    private enum Phase { case leadIn, down, up, hook }

    /// How far the frame is turned, in radians (clockwise on screen, y pointing down).
    let angle: Double
    private let cosine: Double, sine: Double
    private let origin: Point
    /// Why the stroke broke a direction rule in this frame, once it has.
    private(set) var failure: String?

    private var phase = Phase.leadIn
    private var rightmost: Double
    /// The stroke's bounding box so far.
    private var minimum: Point, maximum: Point
    /// The highest point before the downstroke: where the downstroke starts.
    private var top: Point
    /// The lowest point of the downstroke: the vertex.
    private var bottom: Point
    /// The highest point of the upstroke: where it ends.
    private var peak: Point
    /// The lowest point of a hook after the upstroke.
    private var hookBottom: Point
    /// The samples the direction rules took, for the shape of the turn at lift.
    private var path = StrokeBuffer()

    /// A track of the stroke that starts at `start`, turned by `angle` radians.
    init(start: Point, angle: Double) {
        self.angle = angle
        cosine = cos(angle)
        sine = sin(angle)
        origin = start
        rightmost = start.x
        minimum = start
        maximum = start
        top = start
        bottom = start
        peak = start
        hookBottom = start
        path.append(start)
    }

    /// `point` in this track's frame.
    private func turned(_ point: Point) -> Point {
        let d = point - origin
        return Point(x: origin.x + d.x * cosine - d.y * sine, y: origin.y + d.x * sine + d.y * cosine)
    }

    /// The backwards movement tolerated now, and the rule that sets it, for reasons.
    func jitterTolerance(_ thresholds: Thresholds) -> (points: Double, rule: String) {
        let size = max(maximum.x - minimum.x, maximum.y - minimum.y)
        let absolute = thresholds.checkmarkJitterTolerance
        let fraction = thresholds.checkmarkRelativeJitterTolerance
        if fraction * size > absolute {
            return (fraction * size, "checkmarkRelativeJitterTolerance \(format(fraction)) of the stroke's \(format(size)) pt size")
        }
        return (absolute, "checkmarkJitterTolerance \(format(absolute)) pt")
    }

    /// Applies the direction rules to the finger's next location; records the first rule broken.
    mutating func follow(_ location: Point, _ thresholds: Thresholds) {
        guard failure == nil else { return }
        let point = turned(location)
        path.append(point)
        minimum = Point(x: min(minimum.x, point.x), y: min(minimum.y, point.y))
        maximum = Point(x: max(maximum.x, point.x), y: max(maximum.y, point.y))
        let jitter = jitterTolerance(thresholds)
        let tolerance = jitter.points
        if point.x < rightmost - tolerance {
            failure = "moved \(format(rightmost - point.x)) pt left, more than \(jitter.rule); a checkmark is drawn left to right"
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
                checkHook(point, thresholds)
            }
        case .hook:
            if point.y >= hookBottom.y {
                hookBottom = point
                checkHook(point, thresholds)
            } else if point.y < hookBottom.y - tolerance {
                failure = "went down \(format(hookBottom.y - peak.y)) pt after the upstroke, then up again"
            }
        }
    }

    /// Records a failure once the fall after the upstroke is more than a hook.
    private mutating func checkHook(_ point: Point, _ thresholds: Thresholds) {
        let fall = point.y - peak.y
        let rise = bottom.y - peak.y
        let limit = thresholds.checkmarkMaximumHook
        if fall > limit * rise {
            failure = "went down \(format(fall)) pt after the upstroke, more than checkmarkMaximumHook \(format(limit)) of its \(format(rise)) pt rise"
        }
    }

    /// Why the finished stroke is not a checkmark in this frame, or nil when it is.
    func rejectionAtLift(_ thresholds: Thresholds) -> String? {
        if let failure { return failure }
        switch phase {
        case .leadIn: return "stroke has no downward part"
        case .down: return "stroke has no upward part"
        case .up, .hook: break
        }
        if let reason = strokeRejection(thresholds) { return reason }
        let width = maximum.x - minimum.x
        let run = bottomRun(thresholds)
        let flat = thresholds.checkmarkMaximumFlatBottom
        if run > flat * width {
            return "ran \(format(run)) pt sideways along its bottom, more than checkmarkMaximumFlatBottom \(format(flat)) of its \(format(width)) pt width; a checkmark turns in a corner"
        }
        return nil
    }

    /// The rules on the two strokes' chords: length, lead-in, slope and proportion.
    private func strokeRejection(_ thresholds: Thresholds) -> String? {
        let size = max(maximum.x - minimum.x, maximum.y - minimum.y)
        let minimum = max(thresholds.checkmarkMinimumStroke, thresholds.checkmarkMinimumRelativeStroke * size)
        let down = top.distance(to: bottom)
        if down < minimum {
            return "downstroke is \(format(down)) pt, shorter than \(strokeRule(thresholds, size))"
        }
        let up = bottom.distance(to: peak)
        if up < minimum {
            return "upstroke is \(format(up)) pt, shorter than \(strokeRule(thresholds, size))"
        }
        let leadIn = origin.y - top.y
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
        return nil
    }

    /// The minimum-stroke rule in force for a stroke of `size`, for reasons.
    private func strokeRule(_ thresholds: Thresholds, _ size: Double) -> String {
        let absolute = thresholds.checkmarkMinimumStroke
        let fraction = thresholds.checkmarkMinimumRelativeStroke
        if fraction * size > absolute {
            return "checkmarkMinimumRelativeStroke \(format(fraction)) of the stroke's \(format(size)) pt size"
        }
        return "checkmarkMinimumStroke \(format(absolute)) pt"
    }

    /// How far the stroke runs horizontally around its lowest point: the x extent of the samples
    /// next to it that stay within the jitter tolerance of its height.
    private func bottomRun(_ thresholds: Thresholds) -> Double {
        let points = path.stroke
        // The lowest point (the vertex: nothing after the downstroke goes lower); the last of equals,
        // as the downstroke keeps the last.
        guard var vertex = points.indices.first else { return 0 }
        for index in points.indices where points[index].y >= points[vertex].y { vertex = index }
        let band = points[vertex].y - jitterTolerance(thresholds).points
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
