import Foundation
import GestureKit

/// UIKit's `UIResponder`: an object in the responder chain. Views, view controllers, the window and
/// the application are responders.
///
/// The engine calls the touch methods of the first hosted view a touch is delivered to (the hit-test
/// view, unless it is a scene view that passes touches on); UIKit's implementation here, as on iOS,
/// passes the touches to ``next``, so an override that calls `super` passes them up the chain and one
/// that does not keeps them. Records (`--deliveries`) name the responder that kept them and, in
/// `chain`, those that passed them on.
@preconcurrency @MainActor
open class UIResponder: NSObject {
    /// Creates a responder.
    public override init() { super.init() }

    /// The next responder: a view's view controller or superview, a view controller's view's
    /// superview, the window's application; nil after the application.
    open var next: UIResponder? { nil }

    /// The name records give this responder (a view's scene name, a controller's name, `window`,
    /// `application`).
    var responderName: String { String(describing: type(of: self)) }

    /// Whether this responder keeps touches its base implementation receives rather than passing
    /// them on: true for a scene view that handles touches (`handles`) and for the application.
    var keepsUnhandledTouches: Bool { false }

    /// Touches began in the responder's view (or were passed from a responder below).
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { pass(touches, event) { $0.touchesBegan($1, with: $2) } }
    /// Touches moved.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { pass(touches, event) { $0.touchesMoved($1, with: $2) } }
    /// Touches ended.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { pass(touches, event) { $0.touchesEnded($1, with: $2) } }
    /// Touches were cancelled (a recognizer recognized and cancels touches in its view, or the trace
    /// ended with the finger down).
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { pass(touches, event) { $0.touchesCancelled($1, with: $2) } }
    /// Estimated touch properties were updated; traces have none, so it is never called.
    open func touchesEstimatedPropertiesUpdated(_ touches: Set<UITouch>) {}

    /// Whether the responder can become first responder (false).
    open var canBecomeFirstResponder: Bool { false }
    /// Whether the responder can resign first responder (true).
    open var canResignFirstResponder: Bool { true }
    /// Whether the responder is first responder.
    open var isFirstResponder: Bool { firstResponderFlag }
    private var firstResponderFlag = false

    /// Makes the responder first responder when ``canBecomeFirstResponder``; returns whether it is.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder else { return false }
        firstResponderFlag = true
        return true
    }

    /// Gives up first responder status when ``canResignFirstResponder``; returns whether it did.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        firstResponderFlag = false
        return true
    }

    /// UIKit's default for the touch methods: pass the touches to the next responder, noting on
    /// the event who passed them and to whom.
    private func pass(_ touches: Set<UITouch>, _ event: UIEvent?, _ call: (UIResponder, Set<UITouch>, UIEvent?) -> Void) {
        guard !keepsUnhandledTouches, let next else { return }
        event?.responderPassed(from: responderName, to: next.responderName)
        call(next, touches, event)
    }
}
