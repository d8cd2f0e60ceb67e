// TEMPORARY placeholder: replaced by the real recognizer before landing.
public final class SwipeGestureRecognizer: GestureRecognizer {
    public init(name: String, direction: Set<SwipeDirection>, numberOfTouchesRequired: Int) { super.init(name: name) }
}
