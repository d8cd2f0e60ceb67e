/// UIKit's delegate questions (`UIGestureRecognizerDelegate`); every method has UIKit's default answer.
public protocol GestureRecognizerDelegate: AnyObject {
    /// Whether the recognizer may leave `possible` (`gestureRecognizerShouldBegin`).
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool
    /// Whether the recognizer should see `touch` at all (`shouldReceive touch`).
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
    /// Whether the recognizer should see `touch`, which begins in `event` (UIKit asks
    /// `shouldReceive event` and then `shouldReceive touch`); what the engine asks. The default
    /// answers ``gestureRecognizer(_:shouldReceive:)``.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch, in event: TouchEvent) -> Bool
    /// Whether the two may recognize at the same time (`shouldRecognizeSimultaneouslyWith`).
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool
    /// How records name the delegate when its answer made a recognizer begin ("its delegate
    /// PanelDelegate answered yes to gestureRecognizerShouldBegin"): its type's name by default.
    var delegateDescription: String { get }
    /// The name a scene file gives this delegate (`"delegate"`) when a screen built in code is
    /// written as one, or nil (the default) when it has none.
    var sceneName: String? { get }
}

extension GestureRecognizerDelegate {
    /// Nil.
    public var sceneName: String? { nil }
    /// Yes.
    public func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }
    /// Yes.
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }
    /// The answer of ``gestureRecognizer(_:shouldReceive:)``.
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch, in event: TouchEvent) -> Bool {
        gestureRecognizer(recognizer, shouldReceive: touch)
    }
    /// No.
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { false }
    /// The delegate's type name.
    public var delegateDescription: String { String(describing: type(of: self)) }
}
