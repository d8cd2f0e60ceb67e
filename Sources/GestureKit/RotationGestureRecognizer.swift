// TEMPORARY placeholder: replaced by the real recognizer before landing.
public final class RotationGestureRecognizer: GestureRecognizer {
    public init(name: String, estimator: VelocityEstimatorKind) { super.init(name: name) }
}
