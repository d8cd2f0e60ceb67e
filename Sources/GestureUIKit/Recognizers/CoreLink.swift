import GestureKit

/// The host of an engine recognizer made through a UIKit class: it passes the engine's touch
/// methods, resets and prevention questions to the UIKit object, whose overrides may call `super`,
/// which reaches the engine recognizer's own implementation.
///
/// It holds the UIKit object strongly (the engine keeps the engine recognizer and its host, which
/// keep the UIKit object a scene made through the registry alive), and the touches being
/// delivered, so that `super` passes the engine the touches in the engine's own order.
final class CoreLink: RecognizerHost {
    /// The UIKit object.
    var owner: UIGestureRecognizer?
    /// The kind records report (the registered name), or nil for the class's own kind.
    var kindName: String?
    /// The touches of the call in progress, in the engine's order.
    private var delivering: [Touch] = []

    /// Calls the UIKit object's touch method for `phase`.
    func recognizer(_ core: GestureRecognizer, receives touches: [Touch], in phase: TouchPhase, with event: TouchEvent) {
        guard let owner else { return core.touches(touches, in: phase, with: event) }
        let saved = delivering
        delivering = touches
        defer { delivering = saved }
        onMainActor((owner, touches, phase, event)) { owner, touches, phase, event in
            if phase == .began { owner.establishDynamicRequirements(touches) }
            let set = Set(touches.map(UITouch.wrap))
            let uiEvent = UIEvent(event)
            switch phase {
            case .began: owner.touchesBegan(set, with: uiEvent)
            case .moved: owner.touchesMoved(set, with: uiEvent)
            case .ended: owner.touchesEnded(set, with: uiEvent)
            case .cancelled: owner.touchesCancelled(set, with: uiEvent)
            case .stationary: break
            }
        }
    }

    /// The engine touches of `touches`: the call's own list when they are its touches, otherwise in
    /// the order they are down in `event`.
    @MainActor
    func ordered(_ touches: Set<UITouch>, _ event: UIEvent) -> [Touch] {
        if touches.count == delivering.count, delivering.allSatisfy({ t in touches.contains { $0.core === t } }) {
            return delivering
        }
        var result = event.core.allTouches.filter { t in touches.contains { $0.core === t } }
        for touch in touches where !result.contains(where: { $0 === touch.core }) { result.append(touch.core) }
        return result
    }

    /// The UIKit object's `reset()`, after the engine's own.
    func recognizerDidReset(_ core: GestureRecognizer) {
        guard let owner else { return }
        onMainActor(owner) { owner in
            owner.clearFigures()
            owner.reset()
        }
    }

    /// The UIKit object's `canPrevent(_:)`.
    func recognizer(_ core: GestureRecognizer, canPrevent other: GestureRecognizer) -> Bool {
        guard let owner else { return core.canPrevent(other) }
        return onMainActor((owner, other)) { owner, other in owner.canPrevent(UIGestureRecognizer.wrap(other)) }
    }

    /// The UIKit object's `canBePrevented(by:)`.
    func recognizer(_ core: GestureRecognizer, canBePreventedBy other: GestureRecognizer) -> Bool {
        guard let owner else { return core.canBePrevented(by: other) }
        return onMainActor((owner, other)) { owner, other in owner.canBePrevented(by: UIGestureRecognizer.wrap(other)) }
    }

    /// Sends the UIKit object's actions after a reported transition (every one but `failed`).
    func recognizerDidDescribe(_ core: GestureRecognizer) {
        guard let owner else { return }
        onMainActor(owner) { owner in owner.sendActions() }
    }
}
