/// Compares a one-finger stroke with named example strokes (templates) and scores the closest one
/// from 0 to 1, whatever the stroke's position, size and sampling rate.
///
/// The matcher follows the template-matching family of the $1 recognizer, with an elastic distance:
///
/// 1. **Resample** the stroke to ``sampleCount`` points evenly spaced along its path, so the number
///    and timing of the touch samples do not matter (Wobbrock, Wilson & Li 2007, step 1).
/// 2. **Normalize**: move the centroid to the origin and scale uniformly to a root-mean-square
///    radius of 1 (the vector normalization of Protractor, Li 2010). Uniform scaling keeps the
///    aspect ratio, so a line and a flat zigzag stay different and one-dimensional strokes need no
///    special case. The stroke is not rotated: matching is orientation-sensitive, so `<` and `V`
///    differ (on the $1 logs, rotating to the indicative angle lowered accuracy; see
///    docs/custom-gestures.md).
/// 3. **Direction**: the unit tangent at each point (central difference).
/// 4. **Distance**: dynamic time warping (Sakoe & Chiba 1978) restricted to a band of ``band``
///    samples, with a local cost of the distance between the two points plus ``directionWeight``
///    × (1 − cosine of the angle between their tangents), as Jackknife (Taranta et al. 2017) does
///    with directions; the warping absorbs parts drawn longer or shorter than in the template.
///    The sum along the best path is divided by ``sampleCount``.
/// 5. **Score**: `max(0, 1 − distance / zeroScoreDistance)`.
///
/// ```swift
/// let matcher = UnistrokeMatcher(templates: [
///     StrokeTemplate(name: "caret", points: [Point(x: 0, y: 40), Point(x: 20, y: 0), Point(x: 40, y: 40)]),
///     StrokeTemplate(name: "v", points: [Point(x: 0, y: 0), Point(x: 20, y: 40), Point(x: 40, y: 0)]),
/// ])
/// let best = matcher.match([Point(x: 100, y: 100), Point(x: 150, y: 200), Point(x: 200, y: 100)])
/// // best?.template == "v", best?.score close to 1
/// ```
///
/// - Complexity: ``match(_:)`` is O(stroke points + templates × ``sampleCount`` × ``band``).
///
/// See also: ``TemplateGestureRecognizer``, ``StrokeTemplate``.
public struct UnistrokeMatcher: Sendable {
    /// The comparison of a stroke with one template.
    public struct Match: Hashable, Sendable {
        /// The template's name.
        public var template: String
        /// The similarity, from 0 (unrelated) to 1 (the same shape).
        public var score: Double
        /// The warped distance (mean local cost per resampled point; 0 for the same shape).
        public var distance: Double
    }

    /// Points each stroke is resampled to (the $1 paper's N = 64).
    public static let sampleCount = 64
    /// The widest shift, in resampled points, the time warping may make between the two strokes
    /// (a Sakoe–Chiba band of about 19% of ``sampleCount``). Measured on the $1 logs with one
    /// template per gesture, averaged over every choice of template: 99.2% with 4 points, 99.5%
    /// with 8 to 16.
    public static let band = 12
    /// Weight of the direction term against the point distance. Measured as for ``band``: 99.2%
    /// without the term, 99.4% to 99.5% with a weight from 0.5 to 2.
    public static let directionWeight = 1.0
    /// The distance at which the score reaches 0. Chosen on the $1 logs so that the default
    /// `minimumScore` 0.8 is meaningful: with one template per gesture a stroke scores at least 0.8
    /// against 98.7% of the templates of its own gesture and 0.8% of the others'.
    public static let zeroScoreDistance = 2.0

    /// The templates that can be matched, in the order given.
    private let prepared: [(name: String, shape: NormalizedStroke)]

    /// The names of the templates that can be matched, in the order given.
    public var templateNames: [String] { prepared.map(\.name) }

    /// The names of the templates that were left out because their points have no length
    /// (fewer than two distinct points) or a coordinate that is not finite.
    public let unusableTemplates: [String]

    /// Prepares the templates; those with no length are left out (see ``unusableTemplates``).
    public init(templates: [StrokeTemplate]) {
        var prepared: [(name: String, shape: NormalizedStroke)] = []
        var unusable: [String] = []
        for template in templates {
            if let shape = NormalizedStroke(template.points) {
                prepared.append((template.name, shape))
            } else {
                unusable.append(template.name)
            }
        }
        self.prepared = prepared
        unusableTemplates = unusable
    }

    /// The closest template, or nil when there is none or the stroke has no length.
    ///
    /// A tie goes to the template given first.
    public func match(_ stroke: [Point]) -> Match? {
        guard let shape = NormalizedStroke(stroke) else { return nil }
        var best: Match?
        for (name, template) in prepared {
            let distance = shape.distance(to: template)
            if let current = best, current.distance <= distance { continue }
            best = Match(template: name, score: Self.score(distance), distance: distance)
        }
        return best
    }

    /// Every template's match, closest first (ties in the order given); empty when the stroke
    /// has no length.
    public func matches(_ stroke: [Point]) -> [Match] {
        guard let shape = NormalizedStroke(stroke) else { return [] }
        let all = prepared.enumerated().map { index, entry in
            let distance = shape.distance(to: entry.shape)
            return (index, Match(template: entry.name, score: Self.score(distance), distance: distance))
        }
        return all.sorted { $0.1.distance < $1.1.distance || ($0.1.distance == $1.1.distance && $0.0 < $1.0) }.map(\.1)
    }

    /// The score of a warped distance: 1 at 0, falling linearly to 0 at ``zeroScoreDistance``.
    static func score(_ distance: Double) -> Double {
        guard distance.isFinite else { return 0 }
        return min(1, max(0, 1 - distance / zeroScoreDistance))
    }
}

/// A stroke resampled, centred on its centroid, scaled to unit RMS radius, with its unit tangents.
struct NormalizedStroke: Sendable {
    /// ``UnistrokeMatcher/sampleCount`` points.
    let points: [Point]
    /// The unit tangent at each point (zero where the stroke does not move).
    let directions: [Point]

    /// Normalizes `raw`; nil when it has no length or a coordinate is not finite.
    init?(_ raw: [Point]) {
        let n = UnistrokeMatcher.sampleCount
        guard let resampled = StrokeMath.resample(raw, count: n) else { return nil }
        let center = StrokeMath.centroid(of: resampled)
        var squares = 0.0
        for point in resampled {
            let offset = point - center
            squares += offset.x * offset.x + offset.y * offset.y
        }
        let radius = (squares / Double(n)).squareRoot()
        guard radius > 0, radius.isFinite else { return nil }
        let points = resampled.map { ($0 - center) / radius }
        var directions: [Point] = []
        directions.reserveCapacity(n)
        for index in 0..<n {
            let step = points[min(n - 1, index + 1)] - points[max(0, index - 1)]
            let length = step.length
            directions.append(length > 0 ? step / length : .zero)
        }
        self.points = points
        self.directions = directions
    }

    /// The mean local cost along the best warping path within the band.
    func distance(to other: NormalizedStroke) -> Double {
        let n = points.count
        guard n > 0, other.points.count == n else { return .infinity }
        let band = UnistrokeMatcher.band
        let weight = UnistrokeMatcher.directionWeight
        // Two rows of the cost table, index 0 being the virtual start; raw pointers keep the inner
        // loop fast in debug builds too (the accuracy tests run it about 100 000 times).
        let rows = UnsafeMutablePointer<Double>.allocate(capacity: 2 * (n + 1))
        defer { rows.deallocate() }
        rows.initialize(repeating: .infinity, count: 2 * (n + 1))
        var previous = rows, current = rows + (n + 1)
        previous[0] = 0
        return points.withUnsafeBufferPointer { a in
            directions.withUnsafeBufferPointer { da in
                other.points.withUnsafeBufferPointer { b in
                    other.directions.withUnsafeBufferPointer { db in
                        for i in 1...n {
                            let lower = max(1, i - band), upper = min(n, i + band)
                            current[lower - 1] = .infinity
                            let p = a[i - 1], d = da[i - 1]
                            for j in lower...upper {
                                let q = b[j - 1], e = db[j - 1]
                                let dx = p.x - q.x, dy = p.y - q.y
                                let cost = (dx * dx + dy * dy).squareRoot() + weight * (1 - (d.x * e.x + d.y * e.y))
                                current[j] = cost + min(previous[j - 1], previous[j], current[j - 1])
                            }
                            if upper < n { current[upper + 1] = .infinity }
                            swap(&previous, &current)
                        }
                        return previous[n] / Double(n)
                    }
                }
            }
        }
    }
}
