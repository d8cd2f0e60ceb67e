// TEMPORARY placeholder: replaced by the real recognizer before landing.
public final class TemplateGestureRecognizer: GestureRecognizer {
    public init(name: String, templates: [StrokeTemplate], minimumScore: Double) { super.init(name: name) }
}
