import GestureKit
import Testing

/// `Engine.lendTransitions(to:)`: the one-thread replay's way of taking transitions without the
/// enum around them must see every record `onRecord` sees, in the same order.
@Suite struct LendTransitionsTests {
    /// A pan that ends, a tap elsewhere: transitions of several recognizers, with deliveries between them.
    private static let samples: [Sample] = [
        .touch(0, id: .number(1), .began, x: 100, y: 400),
        .touch(0.05, id: .number(1), .moved, x: 140, y: 400),
        .touch(0.10, id: .number(1), .moved, x: 200, y: 402),
        .touch(0.15, id: .number(1), .ended, x: 240, y: 404),
        .touch(1.00, id: .number(2), .began, x: 60, y: 60),
        .touch(1.08, id: .number(2), .ended, x: 60, y: 60),
    ]

    @Test func lentTransitionsAndTheOtherRecordsKeepTheirOrder() throws {
        let wrapped = try analyze(Self.samples, deliveries: true)

        let engine = try Engine(scene: .defaultScene(), options: EngineOptions(deliveries: true))
        var records: [AnalysisRecord] = []
        var lent = 0
        engine.onRecord = { records.append($0) }
        engine.lendTransitions { transition in
            lent += 1
            records.append(.transition(copy transition))
        }
        for sample in Self.samples { engine.process(sample) }
        engine.finish()

        #expect(lent > 0)
        #expect(lent == wrapped.filter { if case .transition = $0 { true } else { false } }.count)
        #expect(records.contains { if case .delivery = $0 { true } else { false } })
        #expect(records == wrapped)
    }

    @Test func stoppingLendsToOnRecordAgain() throws {
        let engine = try Engine(scene: .defaultScene())
        var lent = 0
        var wrapped: [AnalysisRecord] = []
        engine.onRecord = { wrapped.append($0) }
        engine.lendTransitions { _ in lent += 1 }
        engine.stopLendingTransitions()
        for sample in Self.samples { engine.process(sample) }
        engine.finish()
        #expect(lent == 0)
        #expect(wrapped == (try analyze(Self.samples)))
    }
}
