/// A value of a scene entry's own settings, as the scene file spells it (a JSON value).
public enum SettingValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([SettingValue])
    /// An object.
    case object([String: SettingValue])

    /// "a string", "a number", … for messages.
    public var typeDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A setting of a scene entry a registered kind cannot use; the scene decoder reports it at the
/// setting's value (or at the entry when `key` is nil).
public struct SettingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The setting at fault, or nil for the entry as a whole.
    public var key: String?
    /// What is wrong, in one sentence.
    public var message: String

    /// Creates an error.
    public init(key: String?, _ message: String) {
        self.key = key
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

/// The settings a registered kind's factory receives: the scene entry's name, its own keys (every
/// key that is not one of the common recognizer keys of scene-format.md) and the scene's velocity
/// estimator.
///
/// ```swift
/// let direction = try settings.oneOf("direction", ["up", "down"], default: "down")
/// ```
public struct RecognizerSettings: Sendable {
    /// The recognizer's name in the scene.
    public var name: String
    /// The entry's own settings by key.
    public var values: [String: SettingValue]
    /// The velocity estimator the scene (or `--velocity-estimator`) asks for.
    public var velocityEstimator: VelocityEstimatorKind

    /// Creates settings.
    public init(name: String, values: [String: SettingValue] = [:], velocityEstimator: VelocityEstimatorKind = .uikit) {
        self.name = name
        self.values = values
        self.velocityEstimator = velocityEstimator
    }

    /// The number at `key`, `value` when absent.
    public func number(_ key: String, default value: Double) throws(SettingError) -> Double {
        guard let setting = values[key] else { return value }
        guard case .number(let n) = setting else {
            throw SettingError(key: key, "\"\(key)\" must be a number, not \(setting.typeDescription)")
        }
        return n
    }

    /// The whole number at `key` from `minimum` to 1000000, `value` when absent.
    public func integer(_ key: String, default value: Int, minimum: Int = 0) throws(SettingError) -> Int {
        guard values[key] != nil else { return value }
        let n = try number(key, default: 0)
        guard n == n.rounded(), n >= Double(minimum), n <= 1_000_000 else {
            throw SettingError(key: key, "\"\(key)\" must be a whole number from \(minimum) to 1000000")
        }
        return Int(n)
    }

    /// The boolean at `key`, `value` when absent.
    public func bool(_ key: String, default value: Bool) throws(SettingError) -> Bool {
        guard let setting = values[key] else { return value }
        guard case .bool(let b) = setting else {
            throw SettingError(key: key, "\"\(key)\" must be true or false, not \(setting.typeDescription)")
        }
        return b
    }

    /// The string at `key`, `value` when absent.
    public func string(_ key: String, default value: String) throws(SettingError) -> String {
        guard let setting = values[key] else { return value }
        guard case .string(let s) = setting else {
            throw SettingError(key: key, "\"\(key)\" must be a string, not \(setting.typeDescription)")
        }
        return s
    }

    /// The string at `key`, which must be one of `choices`; `value` when absent.
    public func oneOf(_ key: String, _ choices: [String], default value: String) throws(SettingError) -> String {
        let s = try string(key, default: value)
        guard choices.contains(s) else {
            let list = choices.map { "\"\($0)\"" }.joined(separator: ", ")
            throw SettingError(key: key, "\"\(key)\" is \"\(s)\"; expected one of \(list)")
        }
        return s
    }
}

/// A recognizer kind a team registered (``RecognizerRegistry``), with one scene entry's settings.
///
/// Two are equal when they have the same kind name and settings.
public struct CustomKind: Hashable, Sendable {
    /// The kind's name, as the scene spells it and records report it.
    public let name: String
    /// The entry's own settings.
    public let settings: [String: SettingValue]
    /// Makes the recognizer.
    let factory: RecognizerRegistry.Factory

    /// Creates a kind from its name, the entry's settings and the registered factory.
    public init(name: String, settings: [String: SettingValue], factory: @escaping RecognizerRegistry.Factory) {
        self.name = name
        self.settings = settings
        self.factory = factory
    }

    /// Makes a recognizer named `recognizerName` with these settings.
    public func make(named recognizerName: String, velocityEstimator: VelocityEstimatorKind = .uikit)
        throws(SettingError) -> GestureRecognizer
    {
        try factory(RecognizerSettings(name: recognizerName, values: settings, velocityEstimator: velocityEstimator))
    }

    public static func == (a: CustomKind, b: CustomKind) -> Bool { a.name == b.name && a.settings == b.settings }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(settings)
    }
}

/// A delegate a team registered, named by a scene entry's `"delegate"` key.
///
/// Two are equal when they have the same name.
public struct RegisteredDelegate: Hashable, Sendable {
    /// The name the scene uses.
    public let name: String
    /// Makes a new delegate for one recognizer (the engine keeps it alive).
    let factory: RecognizerRegistry.DelegateFactory

    /// Creates a reference to a registered delegate.
    public init(name: String, factory: @escaping RecognizerRegistry.DelegateFactory) {
        self.name = name
        self.factory = factory
    }

    /// Makes the delegate.
    public func make() -> any GestureRecognizerDelegate { factory() }

    public static func == (a: RegisteredDelegate, b: RegisteredDelegate) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
