/// The observable state of a gesture recognizer (`UIGestureRecognizer.State`).
///
/// ```
///                 ┌──────────────► recognized (discrete; = ended)
///   possible ─────┼──► began ──► changed* ──► ended | cancelled   (continuous)
///                 └──────────────► failed
/// ```
/// After any of the final states the recognizer resets to `possible`.
public enum RecognizerState: String, Sendable, CaseIterable {
    /// Waiting for touches, or tracking them without a decision yet.
    case possible
    /// A continuous gesture started.
    case began
    /// A continuous gesture changed.
    case changed
    /// A continuous gesture finished normally.
    case ended
    /// A continuous gesture was cancelled.
    case cancelled
    /// A discrete gesture was recognized (UIKit's `.recognized`, equal to `.ended`).
    case recognized
    /// The gesture did not happen.
    case failed

    /// Whether two states are the same case (compared directly rather than by raw value, like
    /// ``TouchPhase``'s `==`, to keep reference counting out of the engine's loops).
    public static func == (a: RecognizerState, b: RecognizerState) -> Bool {
        switch (a, b) {
        case (.possible, .possible), (.began, .began), (.changed, .changed), (.ended, .ended),
            (.cancelled, .cancelled), (.recognized, .recognized), (.failed, .failed):
            return true
        default:
            return false
        }
    }

    /// Whether the recognizer resets to `possible` after reaching this state.
    public var isFinal: Bool {
        switch self {
        case .ended, .cancelled, .recognized, .failed: return true
        case .possible, .began, .changed: return false
        }
    }
}

/// An attempt to move a recognizer along a transition its state machine does not have.
public struct IllegalTransition: Error, Equatable, CustomStringConvertible {
    /// The recognizer's name.
    public var recognizer: String
    /// Its state before.
    public var from: RecognizerState
    /// The state requested.
    public var to: RecognizerState

    /// A one-line explanation.
    public var description: String { "illegal transition \(from.rawValue) → \(to.rawValue)" }
}

extension RecognizerState {
    /// Whether the state machine of `UIGestureRecognizer` allows `from → to`.
    public static func isLegal(from: RecognizerState, to: RecognizerState) -> Bool {
        switch (from, to) {
        case (.possible, .began), (.possible, .recognized), (.possible, .failed): return true
        case (.began, .changed), (.began, .ended), (.began, .cancelled): return true
        case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): return true
        default: return false
        }
    }
}
