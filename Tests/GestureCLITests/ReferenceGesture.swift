import GestureKit

/// One gesture of one recognizer: its transitions from leaving `possible` to its final state.
///
/// A discrete gesture is usually one transition (`recognized` or `failed`); a continuous one is
/// `began`, `changed`…, then `ended` or `cancelled`.
///
/// The grouping of a trace whose records are all known, for the reference renderers of the tests;
/// the `json` and `text` renderers group the same way as the records come (``GestureSequencer``).
struct Gesture {
    /// The recognizer's name.
    var recognizer: String
    /// The recognizer's kind.
    var kind: String
    /// The view it is attached to.
    var view: String
    /// The transitions, in order; never empty.
    var transitions: [TransitionRecord]

    /// The last state reached: `recognized`, `ended`, `cancelled` or `failed` (or `began`/`changed`
    /// for a gesture the trace left unfinished).
    var outcome: RecognizerState { transitions[transitions.count - 1].state }
    /// The time of the first transition.
    var start: Double { transitions[0].t }
    /// The time of the last transition.
    var end: Double { transitions[transitions.count - 1].t }

    /// Groups transitions into gestures, ordered by their first transition.
    ///
    /// A recognizer's transitions join its open gesture until one reaches a final state; the next
    /// transition of that recognizer opens a new gesture.
    static func group(_ transitions: [TransitionRecord]) -> [Gesture] {
        var gestures: [Gesture] = []
        var open: [String: Int] = [:]
        for transition in transitions {
            let index: Int
            if let existing = open[transition.recognizer] {
                index = existing
                gestures[index].transitions.append(transition)
            } else {
                index = gestures.count
                gestures.append(
                    Gesture(recognizer: transition.recognizer, kind: transition.kind, view: transition.view, transitions: [transition]))
            }
            open[transition.recognizer] = transition.state.isFinal ? nil : index
        }
        return gestures
    }
}
