import GestureKit

/// UIKit's `UIGestureRecognizerDelegate`: every method is optional, with UIKit's default answer.
@preconcurrency @MainActor
public protocol UIGestureRecognizerDelegate: AnyObject {
    /// Whether the recognizer may leave `possible` (yes).
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    /// Whether the two may recognize at the same time (no).
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool
    /// Whether the recognizer must wait for the other to fail (no); asked when they first share a touch.
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool
    /// Whether the other must wait for the recognizer to fail (no); asked when they first share a touch.
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool
    /// Whether the recognizer receives `touch` at all (yes).
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
    /// Whether the recognizer receives `press` (yes); traces have no presses, so it is never asked.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive press: UIPress) -> Bool
    /// Whether the recognizer receives `event` (yes); asked before ``gestureRecognizer(_:shouldReceive:)-(_,UITouch)``
    /// for each new touch, with the event the touch begins in (every touch down at that time).
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive event: UIEvent) -> Bool
}

extension UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive press: UIPress) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive event: UIEvent) -> Bool { true }
}

/// UIKit's `UIPress` (a physical button press); traces have none, so none is ever made.
@preconcurrency @MainActor
public final class UIPress: NSObject {
    private override init() { super.init() }
}

/// Answers the engine's delegate questions with a UIKit delegate, passing UIKit objects.
final class DelegateBridge: GestureRecognizerDelegate {
    private weak var weakDelegate: (any UIGestureRecognizerDelegate)?
    private let strongDelegate: (any UIGestureRecognizerDelegate)?

    /// The UIKit delegate.
    var delegate: (any UIGestureRecognizerDelegate)? { strongDelegate ?? weakDelegate }

    /// A bridge that holds the delegate weakly (`recognizer.delegate = …`, as UIKit).
    init(weak delegate: any UIGestureRecognizerDelegate) {
        weakDelegate = delegate
        strongDelegate = nil
    }

    /// The name the registry knows the delegate by, for a scene's registered delegate.
    private var registeredName: String?

    /// A bridge that keeps the delegate alive (a scene's registered delegate, registered as `name`).
    init(keeping delegate: any UIGestureRecognizerDelegate, name: String) {
        weakDelegate = nil
        strongDelegate = delegate
        registeredName = name
    }

    /// The registered name, else the delegate's class name.
    var sceneName: String? {
        if let registeredName { return registeredName }
        // A view answering for its own recognizers (a scroll view for its pan) is not a scene delegate.
        return onMainActor(self) { bridge in
            bridge.delegate.flatMap { $0 is UIView ? nil : String(describing: type(of: $0)) }
        }
    }

    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        onMainActor((self, recognizer)) { bridge, recognizer in
            bridge.delegate?.gestureRecognizerShouldBegin(UIGestureRecognizer.wrap(recognizer)) ?? true
        }
    }

    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        gestureRecognizer(recognizer, shouldReceive: touch, in: TouchEvent(timestamp: touch.timestamp, allTouches: [touch]))
    }

    /// `shouldReceive event` with the engine's event (every touch down in it), then `shouldReceive touch`.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch, in event: TouchEvent) -> Bool {
        onMainActor((self, recognizer, touch, event)) { bridge, recognizer, touch, event in
            guard let delegate = bridge.delegate else { return true }
            let wrapped = UIGestureRecognizer.wrap(recognizer)
            return delegate.gestureRecognizer(wrapped, shouldReceive: UIEvent(event))
                && delegate.gestureRecognizer(wrapped, shouldReceive: UITouch.wrap(touch))
        }
    }

    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        onMainActor((self, recognizer, other)) { bridge, recognizer, other in
            bridge.delegate?.gestureRecognizer(
                UIGestureRecognizer.wrap(recognizer), shouldRecognizeSimultaneouslyWith: UIGestureRecognizer.wrap(other)) ?? false
        }
    }

    /// The UIKit delegate's type name, for records ("its delegate PanelDelegate answered yes …").
    var delegateDescription: String { delegate.map { String(describing: type(of: $0)) } ?? "DelegateBridge" }
}
