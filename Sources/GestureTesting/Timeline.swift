import GestureCLI
import GestureKit

/// The records of one replay, with checks whose failure messages show the timeline as
/// `gesturectl analyze` prints it.
///
/// Each `expect…` method returns nil when the check passes and the failure message otherwise,
/// and reports the failure to the running test (Swift Testing's `Issue.record`, or `XCTFail` under
/// XCTest) unless `report` is false.
public struct Timeline: Sendable {
    /// Every record, in engine order.
    public let records: [AnalysisRecord]
    /// The trace's path (or `<samples>`).
    public let trace: String

    /// Creates a timeline.
    public init(records: [AnalysisRecord], trace: String) {
        self.records = records
        self.trace = trace
    }

    /// The transitions, in order.
    public var transitions: [TransitionRecord] {
        records.compactMap { if case .transition(let t) = $0 { return t } else { return nil } }
    }

    /// The transitions of the recognizer named `recognizer`.
    public func transitions(of recognizer: String) -> [TransitionRecord] {
        transitions.filter { $0.recognizer == recognizer }
    }

    /// The states the recognizer went through, in order.
    public func states(of recognizer: String) -> [RecognizerState] {
        transitions(of: recognizer).map(\.state)
    }

    /// The timeline as `gesturectl analyze` prints it (text format).
    public var text: String { timelineText(of: records, trace: trace) }

    /// Checks that `recognizer` went through exactly `expected` (`failed` included, `possible` never appears).
    @discardableResult
    public func expectStates(
        _ recognizer: String, _ expected: [RecognizerState], report: Bool = true,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> String? {
        let actual = states(of: recognizer)
        guard actual != expected else { return nil }
        let message = """
            \(recognizer): expected states \(Self.list(expected)), got \(Self.list(actual))
            \(text)
            """
        if report { TestFailure.report(message, fileID: fileID, filePath: filePath, line: line, column: column) }
        return message
    }

    /// Checks a figure of `recognizer`'s last record in `state` against `expected` within `tolerance`.
    @discardableResult
    public func expectFigure(
        _ recognizer: String, _ figure: Figure, in state: RecognizerState, _ expected: Double, tolerance: Double = 1e-6,
        report: Bool = true, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> String? {
        let record = transitions(of: recognizer).last { $0.state == state }
        let value = record.flatMap(figure.value)
        if let value, abs(value - expected) <= tolerance { return nil }
        let got = record == nil ? "no \(state.rawValue) record" : value.map { "\($0)" } ?? "no \(figure) in its \(state.rawValue) record"
        let message = """
            \(recognizer): expected \(figure) \(expected) ± \(tolerance) when \(state.rawValue), got \(got)
            \(text)
            """
        if report { TestFailure.report(message, fileID: fileID, filePath: filePath, line: line, column: column) }
        return message
    }

    private static func list(_ states: [RecognizerState]) -> String {
        "[" + states.map(\.rawValue).joined(separator: ", ") + "]"
    }
}

/// A number a record may carry.
public enum Figure: String, Sendable, CustomStringConvertible {
    case t, locationX, locationY, touches, translationX, translationY, velocityX, velocityY, velocity, scale, rotation, score, taps

    /// The figure's name.
    public var description: String { rawValue }

    /// The figure in `record`, or nil when it has none.
    func value(_ record: TransitionRecord) -> Double? {
        switch self {
        case .t: return record.t
        case .locationX: return record.location?.x
        case .locationY: return record.location?.y
        case .touches: return record.touches.map(Double.init)
        case .translationX: return record.translation?.x
        case .translationY: return record.translation?.y
        case .velocityX, .velocityY, .velocity:
            switch record.velocity {
            case .vector(let v)?: return self == .velocityX ? v.x : self == .velocityY ? v.y : v.length
            case .scalar(let s)?: return self == .velocity ? s : nil
            case nil: return nil
            }
        case .scale: return record.scale
        case .rotation: return record.rotation
        case .score: return record.score
        case .taps: return record.taps.map(Double.init)
        }
    }
}
