/// A table of named constants, each a `Double` property with a default: ``Thresholds`` (per
/// recognizer) and ``ViewThresholds`` (per view). A scene overrides them by name under
/// `"thresholds"`.
public protocol ThresholdTable: Sendable {
    /// Every constant's name (its key in a scene) and property, in documentation order.
    static var entries: [(name: String, keyPath: WritableKeyPath<Self, Double>)] { get }
    /// The defaults.
    init()
}

extension ThresholdTable {
    /// Every threshold name, in documentation order.
    public static var names: [String] { entries.map(\.name) }

    /// The value of the threshold called `name`, or nil for an unknown name.
    public subscript(name: String) -> Double? {
        Self.entries.first { $0.name == name }.map { self[keyPath: $0.keyPath] }
    }

    /// Sets the threshold called `name`; returns false for an unknown name.
    @discardableResult
    public mutating func set(_ name: String, to value: Double) -> Bool {
        guard let entry = Self.entries.first(where: { $0.name == name }) else { return false }
        self[keyPath: entry.keyPath] = value
        return true
    }

    /// The defaults with `overrides` applied; unknown names are ignored (scenes validate them first).
    public init(overrides: [String: Double]) {
        self.init()
        for (name, value) in overrides { set(name, to: value) }
    }
}
