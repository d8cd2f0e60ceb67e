/// A layer above the engine that takes a control's tracking calls and hears the events it sends,
/// as a `UIControl` subclass and its targets do (GestureUIKit's `UIControl` is one).
///
/// A control without a host (every control of a scene file) tracks as the engine models its kind;
/// the engine checks for nil and nothing more. Set ``Control/controlHost`` before the first sample.
public protocol ControlHost: AnyObject {
    /// `beginTracking(_:with:)`: whether the control tracks `touch`. `defaultAnswer` is the engine's
    /// own (a slider tracks only a touch on its knob); a no means the control sends no drag, end or
    /// value events for the touch.
    func control(_ control: Control, beginTracking touch: Touch, with event: TouchEvent?, defaultAnswer: Bool) -> Bool

    /// `continueTracking(_:with:)`: whether the control goes on tracking `touch`; a no stops it.
    func control(_ control: Control, continueTracking touch: Touch, with event: TouchEvent?) -> Bool

    /// `endTracking(_:with:)`, before the control's own end (a switch toggles, …).
    func control(_ control: Control, endTracking touch: Touch?, with event: TouchEvent?)

    /// `cancelTracking(with:)`.
    func control(_ control: Control, cancelTrackingWith event: TouchEvent?)

    /// Called as the control sends `record`'s event (after its value changed): where UIKit sends the
    /// targets' actions.
    func control(_ control: Control, didSend record: ControlRecord, for touch: Touch, with event: TouchEvent?)

    /// Called when the engine changed ``Control/isHighlighted`` (a touch came down, left, came back
    /// or ended), so that a subclass's observer of `isHighlighted` runs.
    func controlDidChangeHighlight(_ control: Control)
}
