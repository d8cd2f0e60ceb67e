import Foundation
import GestureKit

/// UIKit's `UIEvent` for touches: every touch change at one time, seen through the engine's event.
@preconcurrency @MainActor
public final class UIEvent: NSObject {
    /// The engine's event.
    public let core: TouchEvent
    /// The responders a delivery has passed through so far (set for deliveries to hosted views).
    var trail: ResponderTrail?

    init(_ core: TouchEvent) {
        self.core = core
        super.init()
    }

    /// The kinds of event (`UIEvent.EventType`); recognizers see `.touches` only.
    public enum EventType: Int, Sendable {
        case touches = 0, motion, remoteControl, presses, scroll, hover, transform
    }

    /// The subtypes of event (`UIEvent.EventSubtype`); touch events have `.none`.
    public enum EventSubtype: Int, Sendable {
        case none = 0, motionShake
    }

    /// `.touches`.
    public var type: EventType { .touches }
    /// `.none`.
    public var subtype: EventSubtype { .none }
    /// The event's time in trace seconds.
    public var timestamp: TimeInterval { core.timestamp }

    /// Every touch down in the event, those that end in it included.
    public var allTouches: Set<UITouch>? { Set(core.allTouches.map(UITouch.wrap)) }

    /// The touches whose hit-test view is `view` (UIKit's rule: not its subviews'), or nil for none.
    public func touches(for view: UIView) -> Set<UITouch>? {
        nonEmpty(core.allTouches.filter { $0.view === view.core })
    }

    /// The touches in `window`, or nil for none.
    public func touches(for window: UIWindow) -> Set<UITouch>? {
        nonEmpty(core.allTouches.filter { touch in
            guard let hit = touch.view else { return true }
            return hit.isDescendant(of: window.core)
        })
    }

    /// The touches delivered to `gestureRecognizer`, or nil for none.
    public func touches(for gestureRecognizer: UIGestureRecognizer) -> Set<UITouch>? {
        nonEmpty(gestureRecognizer.core.touches)
    }

    /// Coalesced touches: traces have one sample per event, so the touch itself.
    public func coalescedTouches(for touch: UITouch) -> [UITouch]? { [touch] }
    /// Predicted touches: none.
    public func predictedTouches(for touch: UITouch) -> [UITouch]? { [] }

    /// Notes that `responder` passed the delivery on to `next`.
    func responderPassed(from responder: String, to next: String) {
        trail?.passed.append(responder)
        trail?.responder = next
    }

    private func nonEmpty(_ touches: [Touch]) -> Set<UITouch>? {
        touches.isEmpty ? nil : Set(touches.map(UITouch.wrap))
    }
}
