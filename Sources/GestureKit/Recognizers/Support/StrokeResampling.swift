/// The points of one finger's stroke in drawing order, kept to a bounded number however long the
/// finger draws.
///
/// When the buffer is full it drops every other point and from then on keeps one point in two of
/// those appended (doubling again each time it fills), so ``stroke`` has at most ``capacity``
/// points and still covers the whole stroke evenly. The last point appended always ends
/// ``stroke``, so the stroke ends where the finger is.
///
/// See also: ``UnistrokeMatcher``, ``TemplateGestureRecognizer``.
struct StrokeBuffer {
    /// The most points kept.
    static let capacity = 4096

    /// The points kept, in drawing order.
    private(set) var points: [Point] = []
    /// Keep one appended point in `stride`.
    private var stride = 1
    /// Points appended since the last one kept.
    private var skipped = 0
    /// The newest point when it was not kept, so the stroke still ends where the finger is.
    private var pendingLast: Point?

    /// The stroke, ending at the newest point appended.
    var stroke: [Point] {
        guard let last = pendingLast else { return points }
        return points + [last]
    }

    /// Adds the finger's next location.
    mutating func append(_ point: Point) {
        skipped += 1
        guard skipped >= stride || points.isEmpty else {
            pendingLast = point
            return
        }
        skipped = 0
        pendingLast = nil
        points.append(point)
        if points.count >= Self.capacity {
            var kept: [Point] = []
            kept.reserveCapacity(Self.capacity / 2 + 1)
            for index in Swift.stride(from: 0, to: points.count, by: 2) { kept.append(points[index]) }
            if (points.count - 1) % 2 != 0 { pendingLast = point }
            points = kept
            stride *= 2
        }
    }
}

/// Resampling and centring of strokes, shared by the unistroke recognizers.
enum StrokeMath {
    /// The length of the polyline through `points`, in their unit.
    static func length(_ points: [Point]) -> Double {
        guard points.count > 1 else { return 0 }
        var length = 0.0
        for index in 1..<points.count { length += points[index - 1].distance(to: points[index]) }
        return length
    }

    /// `count` points spaced evenly along the polyline through `points`, first and last included
    /// (the resampling step of Wobbrock et al. 2007).
    ///
    /// Returns nil when the polyline has no length or a coordinate is not finite.
    ///
    /// - Complexity: O(`points.count` + `count`).
    static func resample(_ points: [Point], count: Int) -> [Point]? {
        precondition(count >= 2, "resample needs at least 2 points, not \(count)")
        guard let first = points.first, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
        let total = length(points)
        guard total > 0, total.isFinite else { return nil }
        let spacing = total / Double(count - 1)
        var result: [Point] = [first]
        result.reserveCapacity(count)
        var walked = 0.0  // path length from the start to points[segment - 1]
        var segment = 1
        for index in 1..<(count - 1) {
            let target = spacing * Double(index)
            while segment < points.count - 1, walked + points[segment - 1].distance(to: points[segment]) < target {
                walked += points[segment - 1].distance(to: points[segment])
                segment += 1
            }
            let a = points[segment - 1], b = points[segment]
            let segmentLength = a.distance(to: b)
            let f = segmentLength > 0 ? min(1, max(0, (target - walked) / segmentLength)) : 0
            result.append(a + (b - a) * f)
        }
        result.append(points[points.count - 1])
        return result
    }

    /// The mean of `points`; the origin for none.
    static func centroid(of points: [Point]) -> Point {
        guard !points.isEmpty else { return .zero }
        var sum = Point.zero
        for point in points { sum = sum + point }
        return sum / Double(points.count)
    }
}

extension StrokeTemplate {
    /// A template made from a recorded stroke: the stroke resampled to `count` points evenly spaced
    /// along its path, positions rounded to hundredths of a point; nil for a stroke without length.
    ///
    /// The matcher normalizes position and size itself, so the template keeps the stroke's own
    /// coordinates, which makes it easy to recognize when read in a scene file.
    public init?(name: String, stroke: [Point], count: Int = UnistrokeMatcher.sampleCount) {
        guard count >= 2, let points = StrokeMath.resample(stroke, count: count) else { return nil }
        self.init(name: name, points: points.map { Point(x: ($0.x * 100).rounded() / 100, y: ($0.y * 100).rounded() / 100) })
    }
}
