import GestureKit
import Testing

/// The example in the doc comment of `GestureRecognizer` (Sources/GestureKit/Recognizers/GestureRecognizer.swift),
/// copied here character for character (`DocumentationTests` checks the copy) and run as an app
/// would run it, without `@testable`.
@Suite struct DocCommentExampleTests {}

// The doc comment's example, verbatim.
final class TwoFingerTap: GestureRecognizer {
    private var fingers = 0     // the most fingers down at once

    override var kindName: String { "twoFingerTap" }
    override var isDiscrete: Bool { true }

    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        fingers = max(fingers, numberOfTouches)
    }

    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        guard state == .possible, numberOfTouches == 0 else { return }   // until the last finger lifts
        if fingers == 2 { state = .recognized } else { fail("two fingers are needed, not \(fingers)") }
    }

    override func reset() { fingers = 0 }
}

extension DocCommentExampleTests {
    @Test func twoFingersDownAndUpTogetherRecognize() {
        let records = run([
            .touch(0, id: .number(1), .began, x: 100, y: 100), .touch(0, id: .number(2), .began, x: 150, y: 100),
            .touch(0.1, id: .number(1), .ended, x: 100, y: 100), .touch(0.1, id: .number(2), .ended, x: 150, y: 100),
        ])
        #expect(records.map(\.summary) == ["recognized@0.1"])
        #expect(records.first?.kind == "twoFingerTap")
    }

    @Test func twoFingersDownAndUpOneAfterTheOtherRecognize() {
        let records = run([
            .touch(0, id: .number(1), .began, x: 100, y: 100), .touch(0.02, id: .number(2), .began, x: 150, y: 100),
            .touch(0.1, id: .number(1), .ended, x: 100, y: 100), .touch(0.13, id: .number(2), .ended, x: 150, y: 100),
        ])
        #expect(records.map(\.summary) == ["recognized@0.13"], "decided when the last finger lifts")
    }

    @Test func oneOrThreeFingersFail() {
        let one = run([.touch(0, id: .number(1), .began, x: 100, y: 100), .touch(0.1, id: .number(1), .ended, x: 100, y: 100)])
        #expect(one.map(\.summary) == ["failed@0.1"])
        #expect(one.first?.reason == "two fingers are needed, not 1")
        let three = run((1...3).flatMap { finger in
            [Sample.touch(0, id: .number(finger), .began, x: Double(50 * finger), y: 100)]
        } + (1...3).map { finger in
            Sample.touch(0.1, id: .number(finger), .ended, x: Double(50 * finger), y: 100)
        })
        #expect(three.map(\.summary) == ["failed@0.1"])
        #expect(three.first?.reason == "two fingers are needed, not 3")
    }

    /// The records of a lone `TwoFingerTap` on a full-screen view that takes several fingers.
    private func run(_ samples: [Sample]) -> [TransitionRecord] {
        soloTransitions(TwoFingerTap(name: "tap2"), samples)
    }
}

extension TransitionRecord {
    /// `state@t`, t rounded to the millisecond.
    fileprivate var summary: String { "\(state.rawValue)@\((t * 1000).rounded() / 1000)" }
}
