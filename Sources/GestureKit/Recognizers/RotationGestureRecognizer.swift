#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Recognizes two fingers turning around each other (`UIRotationGestureRecognizer`), a continuous
/// gesture.
///
/// The rotation measures the angle of the vector from the first finger to the second,
/// `atan2(dy, dx)` in screen coordinates, where y grows downwards, so the angle grows clockwise on
/// screen (as UIKit's `rotation` does). The reported ``rotation`` is the angle turned since the
/// second finger touched down, accumulated move by move with each step taken in (−π, π], so
/// crossing ±π never jumps and fingers circling twice report about 4π.
///
/// - It begins on the first move where |rotation| exceeds `rotationAngleThreshold` (0.08 rad,
///   about 4.6°, choice).
/// - ``velocity`` is the rotation's rate of change in radians per second, from the scene's velocity
///   estimator.
/// - It ends when either finger lifts, is cancelled when its touches are cancelled, and fails when
///   a finger lifts before it began. Further fingers are ignored; a move that puts both fingers at
///   the same point has no angle and leaves the rotation unchanged.
///
/// ```swift
/// let rotation = RotationGestureRecognizer(name: "rotation")
/// // two fingers turned a quarter turn clockwise, lifted: began, changed…, ended with rotation π/2
/// ```
///
/// See also: ``PinchGestureRecognizer``, ``Thresholds/rotationAngleThreshold``,
/// ``VelocityEstimatorKind``.
open class RotationGestureRecognizer: TwoTouchGestureRecognizer {
    /// The angle at the last move, or nil while the fingers have not had distinct positions.
    private var lastAngle: Double?
    private var accumulated = 0.0

    /// Creates a rotation recognizer.
    ///
    /// - Parameters:
    ///   - name: The recognizer's name in the scene.
    ///   - estimator: The velocity estimator applied to the rotation.
    override public init(name: String, estimator: VelocityEstimatorKind = .uikit) {
        super.init(name: name, estimator: estimator)
    }

    override open var kindName: String { "rotation" }

    /// The angle turned since the second finger touched down, in radians, positive clockwise on screen.
    public var rotation: Double { accumulated }

    /// The rotation's rate of change, in radians per second.
    public var velocity: Double { figureVelocity }

    override func pairDidStart(_ a: Point, _ b: Point) {
        lastAngle = Self.angle(from: a, to: b)
        accumulated = 0
    }

    override func pairDidMove(_ a: Point, _ b: Point) {
        guard let angle = Self.angle(from: a, to: b) else { return }
        if let last = lastAngle { accumulated += Self.wrapped(angle - last) }
        lastAngle = angle
    }

    override var figure: Double { rotation }

    override var hasMovedEnough: Bool { abs(accumulated) > thresholds.rotationAngleThreshold }

    override var passedThreshold: String {
        sentence("the fingers turned \(number: abs(accumulated)) rad, more than rotationAngleThreshold \(number: thresholds.rotationAngleThreshold) rad")
    }

    override var shortfall: String {
        sentence("the fingers turned \(number: abs(accumulated)) rad, not more than rotationAngleThreshold \(number: thresholds.rotationAngleThreshold) rad")
    }

    override open func reset() {
        super.reset()
        lastAngle = nil
        accumulated = 0
    }

    override open func describe(_ record: inout TransitionRecord) {
        record.rotation = rotation
        record.velocity = .scalar(velocity)
    }

    /// The angle of the vector from `a` to `b`, or nil when they coincide.
    static func angle(from a: Point, to b: Point) -> Double? {
        let d = b - a
        guard d.x != 0 || d.y != 0 else { return nil }
        return atan2(d.y, d.x)
    }

    /// `delta` brought into (−π, π].
    static func wrapped(_ delta: Double) -> Double {
        var d = delta
        while d > Double.pi { d -= 2 * Double.pi }
        while d <= -Double.pi { d += 2 * Double.pi }
        return d
    }
}
