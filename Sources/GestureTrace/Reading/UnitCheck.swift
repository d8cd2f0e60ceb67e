import GestureKit

/// How to read a trace recorded in other units: `t` times `timeScale` is seconds, x, y and radius
/// divided by `pointScale` are points (`--time-scale`, `--scale`; trace-format.md, Units).
public struct SampleScaling: Hashable, Sendable {
    /// Seconds per unit of `t`: 0.001 for milliseconds.
    public var timeScale: Double
    /// Units of x and y per point: the screen's scale, 3 for the pixels of a 3x iPhone.
    public var pointScale: Double

    /// Creates a scaling; 1 and 1 read the trace as it is.
    public init(timeScale: Double = 1, pointScale: Double = 1) {
        self.timeScale = timeScale
        self.pointScale = pointScale
    }

    /// Whether the scaling changes nothing.
    public var isIdentity: Bool { timeScale == 1 && pointScale == 1 }

    /// `sample` in seconds and points.
    public func apply(_ sample: Sample) -> Sample {
        var scaled = sample
        scaled.t = sample.t * timeScale
        if case .touch(let id, let phase, let location, let force, let radius) = sample.kind {
            scaled.kind = .touch(
                id: id, phase: phase, location: Point(x: location.x / pointScale, y: location.y / pointScale), force: force,
                radius: radius.map { $0 / pointScale })
        }
        return scaled
    }
}

/// What the first samples of a trace say about its units: a `t` in milliseconds (a 96 ms tap with
/// `t` 0 and 96) or coordinates in pixels (x of 900 on a 390 pt screen) pass every rule of the format,
/// and give a wrong analysis without a word. `SampleValidator` feeds it the first `sampleLimit` touch
/// samples; ``warnings(file:screen:scaling:)`` says what looks wrong, with the fix.
struct UnitCheck {
    /// How many touch samples are looked at: units show in the first ones, and the reader's check-only
    /// first pass converts x and y only for these (`ReaderState.readToEnd`).
    static let sampleLimit = 10_000
    /// Touch events this far apart at least, in seconds, with touches lasting `longestPlausibleSpan`,
    /// mean `t` is not in seconds: touch screens report 60 to 240 times a second.
    static let smallestPlausibleGap = 4.0
    /// The span of touch samples, in seconds, beyond which a trace of such gaps is suspect.
    static let longestPlausibleSpan = 20.0
    /// How far past the screen, as a fraction of its size, coordinates must go to look like pixels.
    static let pixelMargin = 1.25

    /// Whether samples are still being looked at.
    private(set) var collecting = true
    private var count = 0
    private var firstT = 0.0
    private var lastT = 0.0
    private var eventCount = 0
    /// The smallest positive gap between two touch events, and the position of the sample after it.
    private var smallestGap = Double.infinity
    private var gapPosition = SourcePosition(line: 1, column: 1)
    private var minimum = Point(x: .infinity, y: .infinity)
    private var maximum = Point(x: -.infinity, y: -.infinity)
    /// The sample farthest outside the screen so far, found at the end: the extremes' positions.
    private var extremePositions = [SourcePosition](repeating: SourcePosition(line: 1, column: 1), count: 4)

    /// Takes a touch sample; `newEvent` when it starts a touch event.
    @inline(__always)
    mutating func take(t: Double, x: Double, y: Double, newEvent: Bool, at position: SourcePosition) {
        if newEvent {
            if eventCount == 0 { firstT = t }
            let gap = t - lastT
            if eventCount > 0, gap > 0, gap < smallestGap {
                smallestGap = gap
                gapPosition = position
            }
            lastT = t
            eventCount &+= 1
        }
        if x < minimum.x { minimum.x = x; extremePositions[0] = position }
        if x > maximum.x { maximum.x = x; extremePositions[1] = position }
        if y < minimum.y { minimum.y = y; extremePositions[2] = position }
        if y > maximum.y { maximum.y = y; extremePositions[3] = position }
        count &+= 1
        if count >= Self.sampleLimit { collecting = false }
    }

    /// The warnings, at the samples that show them: `t` that looks like milliseconds (or finer),
    /// coordinates that look like pixels, samples outside the screen.
    func warnings(file: String, screen: Size, scaling: SampleScaling?) -> [Diagnostic] {
        guard count > 0 else { return [] }
        let timeScale = scaling?.timeScale ?? 1
        let pointScale = scaling?.pointScale ?? 1
        var warnings: [Diagnostic] = []
        let gap = smallestGap * timeScale
        let span = (lastT - firstT) * timeScale
        if eventCount > 1, gap.isFinite, gap >= Self.smallestPlausibleGap, span >= Self.longestPlausibleSpan {
            let (unit, factor) = gap >= 4_000_000 ? ("nanoseconds", "0.000000001") : gap >= 4_000 ? ("microseconds", "0.000001") : ("milliseconds", "0.001")
            warnings.append(Diagnostic(
                file: file, position: gapPosition, severity: .warning,
                message: "touch events are at least \(TraceNumber.string(gap)) apart in \"t\" and the touches span "
                    + "\(TraceNumber.string(span)): \"t\" looks like \(unit), not seconds (give --time-scale \(factor) "
                    + "to read it in seconds)"))
        }
        let low = Point(x: minimum.x / pointScale, y: minimum.y / pointScale)
        let high = Point(x: maximum.x / pointScale, y: maximum.y / pointScale)
        let size = "\(TraceNumber.string(screen.width))x\(TraceNumber.string(screen.height))"
        guard low.x < 0 || low.y < 0 || high.x > screen.width || high.y > screen.height else { return warnings }
        // The sample farthest outside, relative to the screen's size.
        let excesses = [-low.x / screen.width, high.x / screen.width - 1, -low.y / screen.height, high.y / screen.height - 1]
        let worst = excesses.indices.max { excesses[$0] < excesses[$1] } ?? 1
        let axis = worst < 2 ? "x" : "y"
        let value = [low.x, high.x, low.y, high.y][worst]
        if low.x >= 0, low.y >= 0, high.x > screen.width * Self.pixelMargin || high.y > screen.height * Self.pixelMargin,
            let scale = [2.0, 3.0].first(where: { high.x <= screen.width * $0 && high.y <= screen.height * $0 })
        {
            warnings.append(Diagnostic(
                file: file, position: extremePositions[worst], severity: .warning,
                message: "\(axis) is \(TraceNumber.string(value)) on a \(size) pt screen: the coordinates look like the pixels of a "
                    + "\(Int(scale))x screen, not points (give --scale \(Int(scale)) to read them in points, or give the "
                    + "trace's real screen in its header)"))
        } else {
            warnings.append(Diagnostic(
                file: file, position: extremePositions[worst], severity: .warning,
                message: "\(axis) is \(TraceNumber.string(value)), outside the \(size) pt screen (touches span x "
                    + "\(TraceNumber.string(low.x)) to \(TraceNumber.string(high.x)), y \(TraceNumber.string(low.y)) to "
                    + "\(TraceNumber.string(high.y)))"))
        }
        return warnings
    }
}
