/// Recognizes two fingers moving apart or together (`UIPinchGestureRecognizer`), a continuous
/// gesture.
///
/// The pinch measures the distance between the first two fingers. Its start distance is the one
/// at the moment the second finger touches down, and the reported ``scale`` is always the current
/// distance divided by that start distance ("scale absolute from the start of the gesture"), so the
/// first `began` already reflects the movement so far (about 1.08 for fingers 100 pt apart, not 1).
/// This is our documented choice: UIKit does not publish whether it rebases the scale at began.
///
/// - It begins on the first move where the distance has changed by at least
///   `pinchDistanceThreshold` (8 pt, choice) from the start distance, either way.
/// - ``velocity`` is the scale's rate of change per second, from the scene's velocity estimator
///   applied to the scale (1 at the second finger's touch down).
/// - It ends when either finger lifts, is cancelled when its touches are cancelled, and fails when
///   a finger lifts before it began. Further fingers are ignored.
/// - Fingers that touch down at the same point have no start distance: the first nonzero
///   distance becomes the start distance (choice).
///
/// ```swift
/// let pinch = PinchGestureRecognizer(name: "pinch")
/// // fingers 100 pt apart, spread to 200 pt apart, lifted: began, changed…, ended with scale 2
/// ```
///
/// See also: ``RotationGestureRecognizer``, ``Thresholds/pinchDistanceThreshold``,
/// ``VelocityEstimatorKind``.
open class PinchGestureRecognizer: TwoTouchGestureRecognizer {
    private var startDistance = 0.0
    private var distance = 0.0

    /// Creates a pinch recognizer.
    ///
    /// - Parameters:
    ///   - name: The recognizer's name in the scene.
    ///   - estimator: The velocity estimator applied to the scale.
    override public init(name: String, estimator: VelocityEstimatorKind = .uikit) {
        super.init(name: name, estimator: estimator)
    }

    override open var kindName: String { "pinch" }

    /// The current distance between the fingers over their distance when the second touched down.
    public var scale: Double { startDistance > 0 ? distance / startDistance : 1 }

    /// The scale's rate of change, in scale factor per second.
    public var velocity: Double { figureVelocity }

    override func pairDidStart(_ a: Point, _ b: Point) {
        startDistance = a.distance(to: b)
        distance = startDistance
    }

    override func pairDidMove(_ a: Point, _ b: Point) {
        distance = a.distance(to: b)
        if startDistance == 0 { startDistance = distance }
    }

    override var figure: Double { scale }

    override var hasMovedEnough: Bool {
        startDistance > 0 && abs(distance - startDistance) >= thresholds.pinchDistanceThreshold - 1e-9
    }

    override var passedThreshold: String {
        sentence("the finger distance changed \(number: abs(distance - startDistance)) pt, past pinchDistanceThreshold \(number: thresholds.pinchDistanceThreshold) pt")
    }

    override var shortfall: String {
        sentence("the finger distance changed \(number: abs(distance - startDistance)) pt, less than pinchDistanceThreshold \(number: thresholds.pinchDistanceThreshold) pt")
    }

    override open func reset() {
        super.reset()
        startDistance = 0
        distance = 0
    }

    override open func describe(_ record: inout TransitionRecord) {
        record.scale = scale
        record.velocity = .scalar(velocity)
    }
}
