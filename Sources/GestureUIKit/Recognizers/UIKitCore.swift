import GestureKit

/// An engine recognizer made through a UIKit class: the engine calls its touch methods, reset and
/// prevention questions, and it passes them on to the UIKit object (whose overrides may call
/// `super`, which comes back here to the engine's own implementation).
protocol UIKitCore: GestureRecognizer {
    /// The link to the UIKit object.
    var link: CoreLink { get }
    /// The engine's own touch method of the kind.
    func base(_ phase: TouchPhase, _ touches: [Touch], _ event: TouchEvent)
    /// The engine's own `canPrevent`.
    func baseCanPrevent(_ other: GestureRecognizer) -> Bool
    /// The engine's own `canBePrevented(by:)`.
    func baseCanBePrevented(by other: GestureRecognizer) -> Bool
}

/// What an engine recognizer made through a UIKit class knows of it.
///
/// It holds the UIKit object strongly (the engine keeps the engine recognizer, which keeps the
/// UIKit object a scene made through the registry alive), and the touches being delivered, so that
/// `super` passes the engine the touches in the engine's own order.
final class CoreLink {
    /// The UIKit object.
    var owner: UIGestureRecognizer?
    /// The kind records report (the registered name), or nil for the class's own kind.
    var kind: String?
    /// The touches of the call in progress, in the engine's order.
    private var delivering: [Touch] = []

    /// Calls the UIKit object's touch method for `phase` (or the engine's when there is none).
    func deliver(_ phase: TouchPhase, _ touches: [Touch], _ event: TouchEvent, _ core: UIKitCore) {
        guard let owner else {
            core.base(phase, touches, event)
            return
        }
        if phase == .began { owner.establishDynamicRequirements(touches) }
        let saved = delivering
        delivering = touches
        defer { delivering = saved }
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

    /// The engine touches of `touches`: the call's own list when they are its touches, otherwise in
    /// the order they are down in `event`.
    func ordered(_ touches: Set<UITouch>, _ event: UIEvent) -> [Touch] {
        if touches.count == delivering.count, delivering.allSatisfy({ t in touches.contains { $0.core === t } }) {
            return delivering
        }
        var result = event.core.allTouches.filter { t in touches.contains { $0.core === t } }
        for touch in touches where !result.contains(where: { $0 === touch.core }) { result.append(touch.core) }
        return result
    }

    /// The UIKit object's `reset()`, after the engine's own.
    func reset() {
        owner?.clearFigures()
        owner?.reset()
    }

    /// The UIKit object's `canPrevent(_:)`.
    func canPrevent(_ other: GestureRecognizer, _ core: UIKitCore) -> Bool {
        guard let owner else { return core.baseCanPrevent(other) }
        return owner.canPrevent(UIGestureRecognizer.wrap(other))
    }

    /// The UIKit object's `canBePrevented(by:)`.
    func canBePrevented(by other: GestureRecognizer, _ core: UIKitCore) -> Bool {
        guard let owner else { return core.baseCanBePrevented(by: other) }
        return owner.canBePrevented(by: UIGestureRecognizer.wrap(other))
    }

    /// Sends the UIKit object's actions after a reported transition (every one but `failed`).
    func didDescribe() { owner?.sendActions() }
}
