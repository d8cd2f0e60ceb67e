/// A layer above the engine that takes a recognizer's calls before the recognizer's own methods do.
///
/// GestureUIKit's `UIGestureRecognizer` classes are hosts: a team's subclass overrides
/// `touchesBegan(_:with:)` and the rest with UIKit's types, and its `super` calls reach the engine
/// recognizer's own methods. A recognizer without a host (every recognizer a scene or a test makes
/// with GestureKit's own classes) is called directly.
///
/// Set ``GestureRecognizer/host`` before the recognizer joins an engine. The engine keeps the host
/// alive with its recognizer.
public protocol RecognizerHost: AnyObject {
    /// The kind records report for the recognizer, or nil for its own ``GestureRecognizer/kindName``.
    var kindName: String? { get }

    /// Takes the touches of one phase that the engine delivers to `recognizer`; calling the
    /// recognizer's own `touches…(_:with:)` for `phase` is up to the host.
    func recognizer(_ recognizer: GestureRecognizer, receives touches: [Touch], in phase: TouchPhase, with event: TouchEvent)

    /// Called after the recognizer's own ``GestureRecognizer/reset()``.
    func recognizerDidReset(_ recognizer: GestureRecognizer)

    /// Called once the figures of a transition other than `failed` have been described (where UIKit
    /// sends the recognizer's action messages).
    func recognizerDidDescribe(_ recognizer: GestureRecognizer)

    /// Answers ``GestureRecognizer/canPrevent(_:)`` in the recognizer's place.
    func recognizer(_ recognizer: GestureRecognizer, canPrevent other: GestureRecognizer) -> Bool

    /// Answers ``GestureRecognizer/canBePrevented(by:)`` in the recognizer's place.
    func recognizer(_ recognizer: GestureRecognizer, canBePreventedBy other: GestureRecognizer) -> Bool
}

/// Whether and how the engine's calls reach a recognizer: kept in one stored property, which the
/// engine reads for every recognizer of each event.
struct Reception {
    /// ``GestureRecognizer/isEnabled``.
    var isEnabled = true
    /// ``GestureRecognizer/host``.
    var host: (any RecognizerHost)?
}

extension GestureRecognizer {
    /// Delivers `touches` in `phase`: to the host when there is one, otherwise to the recognizer's
    /// own method.
    @inline(__always)
    func receive(_ phase: TouchPhase, _ touches: [Touch], with event: TouchEvent) {
        if let host = reception.host {
            host.recognizer(self, receives: touches, in: phase, with: event)
        } else {
            self.touches(touches, in: phase, with: event)
        }
    }

    /// Calls the recognizer's own touch method for `phase` (`touchesBegan(_:with:)` for `began`, and
    /// so on; nothing for `stationary`), bypassing its host: what a host calls for `super`.
    @inline(__always)
    public final func touches(_ touches: [Touch], in phase: TouchPhase, with event: TouchEvent) {
        switch phase {
        case .began: touchesBegan(touches, with: event)
        case .moved: touchesMoved(touches, with: event)
        case .ended: touchesEnded(touches, with: event)
        case .cancelled: touchesCancelled(touches, with: event)
        case .stationary: break
        }
    }

    /// ``canPrevent(_:)``, as the host answers it.
    func answersCanPrevent(_ other: GestureRecognizer) -> Bool {
        guard let host = reception.host else { return canPrevent(other) }
        return host.recognizer(self, canPrevent: other)
    }

    /// ``canBePrevented(by:)``, as the host answers it.
    func answersCanBePrevented(by other: GestureRecognizer) -> Bool {
        guard let host = reception.host else { return canBePrevented(by: other) }
        return host.recognizer(self, canBePreventedBy: other)
    }

    /// The kind records report: the host's, or ``kindName``.
    var reportedKind: String { reception.host?.kindName ?? kindName }
}
