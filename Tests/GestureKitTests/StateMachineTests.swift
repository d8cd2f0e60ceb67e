import Testing
@testable import GestureKit

@Suite struct StateMachineTests {}

extension StateMachineTests {
    @Test(arguments: [
        (RecognizerState.possible, RecognizerState.began, true),
        (.possible, .recognized, true),
        (.possible, .failed, true),
        (.possible, .changed, false),
        (.possible, .cancelled, false),
        (.began, .changed, true),
        (.began, .ended, true),
        (.began, .cancelled, true),
        (.began, .failed, false),
        (.began, .recognized, false),
        (.changed, .changed, true),
        (.changed, .ended, true),
        (.changed, .cancelled, true),
        (.changed, .began, false),
        (.ended, .changed, false),
        (.failed, .began, false),
        (.recognized, .recognized, false),
        (.cancelled, .possible, false),
    ])
    func legalTransitions(from: RecognizerState, to: RecognizerState, legal: Bool) {
        #expect(RecognizerState.isLegal(from: from, to: to) == legal)
    }

    @Test func illegalTransitionIsRejected() throws {
        let recognizer = GestureRecognizer(name: "custom")
        #expect(throws: IllegalTransition(recognizer: "custom", from: .possible, to: .changed)) {
            try recognizer.transition(to: .changed)
        }
        #expect(recognizer.state == .possible)
    }

    /// `possible → cancelled` is not in UIKit's state machine: the throwing form rejects it; only
    /// the `state` setter turns it into a failure (``cancelledBeforeBeganIsAFailure()``).
    @Test func cancelledFromPossibleThrows() throws {
        let recognizer = GestureRecognizer(name: "custom")
        #expect(throws: IllegalTransition(recognizer: "custom", from: .possible, to: .cancelled)) {
            try recognizer.transition(to: .cancelled)
        }
        #expect(recognizer.state == .possible)
        #expect(recognizer.pendingReason == nil, "no reason left behind for a later failure")
    }

    /// A recognizer that recognizes on the third event it sees, to check resets happen after the event.
    final class CountingRecognizer: GestureRecognizer {
        var resets = 0
        override var isDiscrete: Bool { true }
        override func touchesEnded(_ touches: [Touch], with event: TouchEvent) { state = .recognized }
        override func reset() { resets += 1 }
    }

    @Test func resetHappensAfterTheEvent() {
        let r = CountingRecognizer(name: "counter")
        let engine = soloEngine(r, view: "v", multipleTouch: false)
        var states: [RecognizerState] = []
        engine.onRecord = { if case .transition(let t) = $0 { states.append(t.state) } }
        engine.process(.touch(0, id: .number(1), .began, x: 10, y: 10))
        engine.process(.touch(0.1, id: .number(1), .ended, x: 10, y: 10))
        engine.process(.touch(0.2, id: .number(1), .began, x: 10, y: 10))
        #expect(states == [.recognized])
        #expect(r.resets == 1)
        #expect(r.state == .possible)
        engine.process(.touch(0.3, id: .number(1), .ended, x: 10, y: 10))
        engine.finish()
        #expect(states == [.recognized, .recognized])
    }
}

extension StateMachineTests {
    /// The seeds' recognizer sets `.cancelled` in touchesCancelled whatever its state; through the
    /// `state` setter, before it began, that is a failure with a reason, not a trap.
    @Test func cancelledBeforeBeganIsAFailure() throws {
        final class Canceller: GestureRecognizer {
            override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) { state = .cancelled }
        }
        let r = Canceller(name: "canceller")
        let engine = soloEngine(r, view: "v", multipleTouch: false)
        var records: [TransitionRecord] = []
        engine.onRecord = { if case .transition(let t) = $0 { records.append(t) } }
        engine.process(.touch(0, id: .number(1), .began, x: 10, y: 10))
        engine.process(.touch(0.1, id: .number(1), .cancelled, x: 10, y: 10))
        engine.finish()
        #expect(records.map(\.state) == [.failed])
        #expect(records.first?.reason == "canceller set its state to cancelled before it began")
    }
}
