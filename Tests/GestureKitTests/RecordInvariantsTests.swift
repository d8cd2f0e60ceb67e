import GestureKit
import Testing

/// `RecordInvariants` accepts a real run and names each broken rule.
@Suite struct RecordInvariantsTests {
    private func transition(_ t: Double, _ name: String, _ state: RecognizerState) -> AnalysisRecord {
        .transition(TransitionRecord(t: t, recognizer: name, kind: "pan", view: "screen", state: state))
    }

    private func delivery(_ t: Double, _ method: DeliveryMethod, _ ids: [Int], dropped: Bool = false) -> AnalysisRecord {
        var record = DeliveryRecord(t: t, method: method, responder: "screen")
        record.touches = ids.map(TouchID.number)
        record.dropped = dropped
        return .delivery(record)
    }

    @Test func aRealRunKeepsEveryRule() throws {
        let engine = try Engine(scene: .defaultScene(), options: EngineOptions(deliveries: true))
        var invariants = RecordInvariants()
        var count = 0
        engine.onRecord = {
            invariants.check($0)
            count += 1
        }
        let one = TouchID.number(1)
        engine.process(.touch(0, id: one, .began, x: 100, y: 400))
        for step in 1...20 { engine.process(.touch(Double(step) / 60, id: one, .moved, x: 100 + Double(step) * 8, y: 400)) }
        engine.process(.touch(0.4, id: one, .ended, x: 260, y: 400))
        engine.finish()
        invariants.finish()
        #expect(count > 5)
        #expect(invariants.violations == [])
    }

    @Test func aLegalPathWithHeldEndsPasses() {
        let records = [
            delivery(0, .touchesBegan, [1]),
            transition(0.1, "pan", .began), delivery(0.1, .touchesBegan, [1]),
            transition(0.2, "pan", .changed), delivery(0.2, .touchesEnded, [1]),
            transition(0.3, "pan", .ended), transition(0.3, "tap", .failed),
            transition(0.5, "pan", .began), transition(0.6, "pan", .cancelled), delivery(0.6, .touchesCancelled, [1]),
            delivery(0.7, .touchesEnded, [2], dropped: true),
        ]
        #expect(RecordInvariants.violations(in: records) == [])
    }

    @Test func eachBrokenRuleIsNamed() {
        let records = [
            transition(0.2, "pan", .changed),
            transition(0.1, "tap", .recognized),
            delivery(0.3, .touchesEnded, [7]),
            delivery(0.4, .touchesBegan, [3]),
            transition(0.5, "swipe", .began),
        ]
        #expect(RecordInvariants.violations(in: records) == [
            "pan: possible → changed at 0.2",
            "records go back in time: 0.1 after 0.2",
            "touch 7 ended without beginning at 0.3",
            "pan ends in changed",
            "swipe ends in began",
            "touches without exactly one ending delivery: 3 (1), 7 (-1)",
        ])
    }
}
