/// The rules that every engine run's records keep, whatever the trace, the scene and the recognizers'
/// code: a check for randomized tests, fuzzing and your own recognizers' test suites.
///
/// - Records never go back in time.
/// - Each recognizer's transitions are a legal path of the state machine (``RecognizerState/isLegal(from:to:)``),
///   starting from `possible` and starting over after each final state.
/// - With deliveries, each touch that reached a responder gets its `touchesEnded` or
///   `touchesCancelled` only after a `touchesBegan`, and exactly one of them for each began
///   (an id may begin again while its previous touch's end is still held back).
/// - After ``Engine/finish()`` (``finish()`` here), no recognizer is left in `began` or `changed`
///   and no delivered touch is left without its end.
///
/// ```swift
/// var invariants = RecordInvariants()
/// engine.onRecord = { invariants.check($0) }
/// for sample in samples { engine.process(sample) }
/// engine.finish()
/// invariants.finish()
/// #expect(invariants.violations.isEmpty, "\(invariants.violations)")
/// ```
public struct RecordInvariants: Sendable {
    /// What broke, one sentence each, in the order it was found.
    public private(set) var violations: [String] = []

    /// Each recognizer's state after its last transition (absent: `possible`).
    private var states: [String: RecognizerState] = [:]
    /// The time of the latest record.
    private var lastT = -Double.infinity
    /// For each touch id, its began deliveries not yet ended.
    private var open: [TouchID: Int] = [:]

    /// Checks nothing yet.
    public init() {}

    /// The violations of a whole run's records, `finish()` included.
    public static func violations(in records: [AnalysisRecord]) -> [String] {
        var invariants = RecordInvariants()
        for record in records { invariants.check(record) }
        invariants.finish()
        return invariants.violations
    }

    /// Checks the next record of the run.
    public mutating func check(_ record: AnalysisRecord) {
        // A tolerance of 1e-9 s: times are sums of the trace's own doubles.
        if record.t < lastT - 1e-9 { violations.append("records go back in time: \(record.t) after \(lastT)") }
        lastT = max(lastT, record.t)
        switch record {
        case .transition(let r):
            let from = states[r.recognizer] ?? .possible
            if !RecognizerState.isLegal(from: from, to: r.state) {
                violations.append("\(r.recognizer): \(from) → \(r.state) at \(r.t)")
            }
            states[r.recognizer] = r.state.isFinal ? .possible : r.state
        case .delivery(let d):
            guard !d.dropped else { return }
            for id in d.touches {
                switch d.method {
                case .touchesBegan:
                    open[id, default: 0] += 1
                case .touchesEnded, .touchesCancelled:
                    if open[id, default: 0] < 1 { violations.append("touch \(id) ended without beginning at \(d.t)") }
                    open[id, default: 0] -= 1
                default:
                    break
                }
            }
        case .control, .scroll:
            break
        }
    }

    /// Checks what must hold once the run has finished.
    public mutating func finish() {
        for (name, state) in states.sorted(by: { $0.key < $1.key }) where state != .possible {
            violations.append("\(name) ends in \(state)")
        }
        let unfinished = open.filter { $0.value != 0 }.sorted { $0.key < $1.key }
        if !unfinished.isEmpty {
            let list = unfinished.map { "\($0.key) (\($0.value))" }.joined(separator: ", ")
            violations.append("touches without exactly one ending delivery: \(list)")
        }
    }
}
