import GestureKit

extension UIGestureRecognizer {
    /// The states of a recognizer (`UIGestureRecognizer.State`), with UIKit's raw values;
    /// `.recognized` is `.ended`.
    public enum State: Int, Sendable, CustomStringConvertible {
        // UIKit's raw values: possible 0, began 1, changed 2, ended 3, cancelled 4, failed 5.
        case possible = 0, began, changed, ended, cancelled, failed

        /// A discrete gesture was recognized: the same value as `.ended`, as in UIKit.
        public static var recognized: State { .ended }

        /// The state's name.
        public var description: String { Self.names[rawValue] }

        /// The states' names, in raw-value order.
        private static let names = ["possible", "began", "changed", "ended", "cancelled", "failed"]

        /// The UIKit state of an engine state (`recognized` is `ended`).
        init(_ state: RecognizerState) {
            switch state {
            case .possible: self = .possible
            case .began: self = .began
            case .changed: self = .changed
            case .ended, .recognized: self = .ended
            case .cancelled: self = .cancelled
            case .failed: self = .failed
            }
        }
    }
}

/// UIKit's top-level name of the state type.
public typealias UIGestureRecognizerState = UIGestureRecognizer.State

extension UIGestureRecognizer {
    /// Makes the transition a subclass asked for by setting `state`, as UIKit would, and never traps.
    ///
    /// Transitions UIKit's state machine does not have get a defined outcome that shows in the
    /// records (docs/your-recognizers.md, "Illegal state changes"):
    /// - from `possible`: `.changed` fails the recognizer, `.cancelled` fails it (UIKit's habit of
    ///   cancelling before anything began), `.ended` is `.recognized`;
    /// - from `began`/`changed`: `.failed` and `.possible` cancel it, `.began` counts as `.changed`;
    /// - from a final state (before the reset): the change is ignored, as UIKit ignores it.
    func requestState(_ requested: State) {
        let core = self.core
        let who = core.name
        switch (State(core.state), requested) {
        case (.possible, .possible):
            return
        case (.possible, .began):
            attempt(.began)
        case (.possible, .ended):
            attempt(.recognized)
        case (.possible, .failed):
            core.fail("\(who) set its state to failed", code: ReasonCode("stateSet"))
        case (.possible, .cancelled):
            core.fail("\(who) set its state to cancelled before it began", code: ReasonCode("stateSet"))
        case (.possible, .changed):
            core.fail("\(who) set its state to changed before it began (UIKit allows began, recognized or failed here)", code: ReasonCode("stateSet"))
        case (.began, .began), (.changed, .began), (.began, .changed), (.changed, .changed):
            attempt(.changed)
        case (.began, .ended), (.changed, .ended):
            attempt(.ended)
        case (.began, .cancelled), (.changed, .cancelled):
            core.cancel("\(who) set its state to cancelled", code: ReasonCode("stateSet"))
        case (.began, .failed), (.changed, .failed):
            core.cancel("\(who) set its state to failed after it began (a began gesture can only end or be cancelled)", code: ReasonCode("stateSet"))
        case (.began, .possible), (.changed, .possible):
            core.cancel("\(who) set its state to possible after it began", code: ReasonCode("stateSet"))
        default:
            return  // a final state: UIKit ignores further changes until the reset
        }
    }

    private func attempt(_ target: RecognizerState) {
        do {
            try core.transition(to: target)
        } catch {
            // Every transition requested above is legal from the state it is requested in.
        }
    }
}
