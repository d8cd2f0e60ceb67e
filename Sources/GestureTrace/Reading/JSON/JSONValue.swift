/// A value together with the position of its first character in the source.
public struct Located<T> {
    /// The value.
    public var value: T
    /// Where the value starts (for a JSON value: its first character, such as the opening `{` or `"`).
    public var position: SourcePosition

    /// Creates a located value.
    public init(_ value: T, at position: SourcePosition) {
        self.value = value
        self.position = position
    }
}

extension Located: Sendable where T: Sendable {}
extension Located: Equatable where T: Equatable {}
extension Located: Hashable where T: Hashable {}

/// A parsed JSON value whose parts carry their source positions, for small documents such as scenes.
///
/// Objects keep their members in source order, `x-` extension keys included (consumers ignore them).
/// Numbers keep their literal as written, so that integers can be recognised and messages can quote them.
///
/// See also: `parseJSON(bytes:file:)`.
public indirect enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A finite number and its literal as written, e.g. `(0.5, "5e-1")`.
    case number(Double, literal: String)
    /// A string, escapes decoded.
    case string(String)
    /// An array.
    case array([Located<JSONValue>])
    /// An object's members in source order (keys are unique).
    case object([JSONMember])

    /// The kind of value for messages: `null`, `true`, `false`, `a number`, `a string`, `an array` or `an object`.
    public var typeDescription: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The member named `key` when this is an object that has one, otherwise nil.
    public func member(_ key: String) -> JSONMember? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }
    }
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Sendable, Hashable {
    /// The key, escapes decoded.
    public var key: String
    /// The position of the key's opening quote.
    public var keyPosition: SourcePosition
    /// The value.
    public var value: Located<JSONValue>

    /// Creates a member.
    public init(key: String, keyPosition: SourcePosition, value: Located<JSONValue>) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}
