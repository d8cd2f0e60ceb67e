import GestureKit

/// The host of an engine control seen as a `UIControl`: it passes the engine's tracking calls to
/// the UIKit object's overrides and its events to the targets. It holds the UIKit object strongly
/// (the engine's control keeps its host), so targets added to a scene's control stay.
final class ControlLink: ControlHost {
    private let owner: UIControl

    init(owner: UIControl) { self.owner = owner }

    func control(_ control: Control, beginTracking touch: Touch, with event: TouchEvent?, defaultAnswer: Bool) -> Bool {
        onMainActor((owner, touch, event, defaultAnswer)) { owner, touch, event, defaultAnswer in
            owner.defaultTrackingAnswer = defaultAnswer
            defer { owner.defaultTrackingAnswer = true }
            return owner.beginTracking(UITouch.wrap(touch), with: event.map(UIEvent.init))
        }
    }

    func control(_ control: Control, continueTracking touch: Touch, with event: TouchEvent?) -> Bool {
        onMainActor((owner, touch, event)) { owner, touch, event in
            owner.continueTracking(UITouch.wrap(touch), with: event.map(UIEvent.init))
        }
    }

    func control(_ control: Control, endTracking touch: Touch?, with event: TouchEvent?) {
        onMainActor((owner, touch, event)) { owner, touch, event in
            owner.endTracking(touch.map(UITouch.wrap), with: event.map(UIEvent.init))
        }
    }

    func control(_ control: Control, cancelTrackingWith event: TouchEvent?) {
        onMainActor((owner, event)) { owner, event in owner.cancelTracking(with: event.map(UIEvent.init)) }
    }

    func control(_ control: Control, didSend record: ControlRecord, for touch: Touch, with event: TouchEvent?) {
        onMainActor((owner, record, event)) { owner, record, event in
            owner.send(UIControl.Event(record.event), event: event.map(UIEvent.init))
        }
    }

    func controlDidChangeHighlight(_ control: Control) {
        // Through the UIKit setter, so that a subclass's observer of isHighlighted runs.
        onMainActor((owner, control.isHighlighted)) { owner, highlighted in owner.isHighlighted = highlighted }
    }
}
