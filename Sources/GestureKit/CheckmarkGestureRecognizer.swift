// TEMPORARY placeholder: replaced by the real recognizer before landing.
public final class CheckmarkGestureRecognizer: GestureRecognizer {
    public override init(name: String) { super.init(name: name) }
}
