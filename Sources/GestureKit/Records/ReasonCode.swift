/// Why a recognizer failed or was cancelled, as data: a stable code and the figures that decided it.
///
/// The `reason` of a record is prose for a person ("moved 55.72 pt, more than tapMovementTolerance
/// 45 pt") and may be reworded between versions; its code (`moved`) and figures (`distance` 55.72,
/// `tapMovementTolerance` 45) are what `check` compares at its `outcomes` and `transitions` levels
/// (docs/ci.md). Codes name the rule, not the recognizer kind (the record already has `kind`):
/// the same code means the same rule in every kind that has it. docs/output-format.md lists them.
///
/// ```swift
/// fail("moved \(format(d)) pt, more than tapMovementTolerance 45 pt",
///      code: ReasonCode("moved", numbers: ["distance": d, "tapMovementTolerance": 45]))
/// ```
public struct ReasonCode: Hashable, Sendable {
    /// The rule that decided, in lower camel case: `moved`, `heldTooLong`, `preventedBy`.
    public var name: String
    /// The figures, in the order given: measured values and the thresholds they were held against,
    /// named as the thresholds are named in the scene.
    public var figures: [ReasonFigure]

    /// Creates a code with numeric figures first, then named ones (a rival recognizer, a view).
    public init(_ name: String, numbers: KeyValuePairs<String, Double> = [:], names: KeyValuePairs<String, String> = [:]) {
        self.name = name
        // One array, sized once: two mapped arrays joined by `+` made three (callgrind, `check` of
        // 1,000 traces: 2,050.2 M instructions before, 2,048.5 M).
        var figures: [ReasonFigure] = []
        figures.reserveCapacity(numbers.count + names.count)
        for (key, value) in numbers { figures.append(ReasonFigure(name: key, value: .number(value))) }
        for (key, value) in names { figures.append(ReasonFigure(name: key, value: .text(value))) }
        self.figures = figures
    }
}

/// One figure of a ``ReasonCode``.
public struct ReasonFigure: Hashable, Sendable {
    /// The figure's name: `distance`, `tapMovementTolerance`, `by`.
    public var name: String
    /// Its value.
    public var value: Value

    /// A figure's value: a number, or a name (of a recognizer, a view, a direction).
    public enum Value: Hashable, Sendable {
        /// A number (points, seconds, a count).
        case number(Double)
        /// A name.
        case text(String)
    }

    /// Creates a figure.
    public init(name: String, value: Value) {
        self.name = name
        self.value = value
    }
}

