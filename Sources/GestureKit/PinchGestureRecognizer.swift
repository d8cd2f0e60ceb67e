// TEMPORARY placeholder: replaced by the real recognizer before landing.
public final class PinchGestureRecognizer: GestureRecognizer {
    public init(name: String, estimator: VelocityEstimatorKind) { super.init(name: name) }
}
