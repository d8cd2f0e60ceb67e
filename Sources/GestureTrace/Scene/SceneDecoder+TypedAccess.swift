import GestureKit

/// Typed access to the parsed JSON of a scene: each reader names what it expected and found, at
/// the value's position.
extension SceneDecoder {
    struct ObjectView {
        let members: [JSONMember]
        let position: SourcePosition
        func member(_ key: String) -> JSONMember? { members.first { $0.key == key } }
    }

    func error(_ position: SourcePosition, _ message: String) -> TraceError {
        .invalid(Diagnostic(file: file, position: position, severity: .error, message: message))
    }

    func object(_ json: Located<JSONValue>, _ what: String) throws(TraceError) -> ObjectView {
        guard case .object(let members) = json.value else {
            throw error(json.position, "\(what) must be an object, not \(json.value.typeDescription)")
        }
        return ObjectView(members: members, position: json.position)
    }

    func allowOnly(_ object: ObjectView, _ keys: [String], in what: String) throws(TraceError) {
        for member in object.members where !member.key.hasPrefix("x-") && !keys.contains(member.key) {
            throw error(
                member.keyPosition,
                "unknown key \"\(member.key)\" in \(what)"
                    + Suggestions.parenthesis(member.key, among: keys, note: "extension keys start with \"x-\""))
        }
    }

    func array(_ json: Located<JSONValue>, _ what: String) throws(TraceError) -> [Located<JSONValue>] {
        guard case .array(let items) = json.value else {
            throw error(json.position, "\(what) must be an array, not \(json.value.typeDescription)")
        }
        return items
    }

    func string(_ json: Located<JSONValue>, _ what: String) throws(TraceError) -> String {
        guard case .string(let s) = json.value else {
            throw error(json.position, "\(what) must be a string, not \(json.value.typeDescription)")
        }
        return s
    }

    func number(_ json: Located<JSONValue>, _ what: String) throws(TraceError) -> Double {
        guard case .number(let n, _) = json.value else {
            throw error(json.position, "\(what) must be a number, not \(json.value.typeDescription)")
        }
        return n
    }

    func bool(_ member: JSONMember) throws(TraceError) -> Bool {
        guard case .bool(let b) = member.value.value else {
            throw error(member.value.position, "\"\(member.key)\" must be true or false, not \(member.value.value.typeDescription)")
        }
        return b
    }

    /// Reads each flag of the table that `members` has, in the table's order, into `target`.
    func readFlags<Target>(_ members: ObjectView, _ flags: [(key: String, path: WritableKeyPath<Target, Bool>)], into target: inout Target) throws(TraceError) {
        for flag in flags {
            if let m = members.member(flag.key) { target[keyPath: flag.path] = try bool(m) }
        }
    }

    func requiredName(_ members: ObjectView, _ json: Located<JSONValue>, _ what: String) throws(TraceError) -> Located<String> {
        guard let member = members.member("name") else { throw error(json.position, "\(what) has no \"name\"") }
        let name = try string(member.value, "\"name\"")
        guard !name.isEmpty else { throw error(member.value.position, "\"name\" must not be empty") }
        return Located(name, at: member.value.position)
    }

    func integer(_ m: ObjectView, _ key: String, default value: Int, minimum: Int) throws(TraceError) -> Int {
        guard let member = m.member(key) else { return value }
        let n = try number(member.value, "\"\(key)\"")
        guard n == n.rounded(), n >= Double(minimum), n <= 1_000_000 else {
            throw error(member.value.position, "\"\(key)\" must be a whole number from \(minimum) to 1000000")
        }
        return Int(n)
    }

    func nonNegative(_ m: ObjectView, _ key: String, default value: Double) throws(TraceError) -> Double {
        guard let member = m.member(key) else { return value }
        let n = try number(member.value, "\"\(key)\"")
        guard n >= 0 else { throw error(member.value.position, "\"\(key)\" must not be negative") }
        return n
    }

    func rect(_ json: Located<JSONValue>, _ what: String) throws(TraceError) -> Rect {
        guard case .array(let items) = json.value, items.count == 4 else {
            throw error(json.position, "\(what) must be [x, y, width, height]")
        }
        var values: [Double] = []
        for item in items { values.append(try number(item, what)) }
        guard values[2] >= 0, values[3] >= 0 else {
            throw error(json.position, "\(what) has a negative width or height")
        }
        return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    func enumeration<E: RawRepresentable & CaseIterable>(_ json: Located<JSONValue>, _ what: String, _ type: E.Type)
        throws(TraceError) -> E where E.RawValue == String
    {
        let raw = try string(json, what)
        guard let value = E(rawValue: raw) else {
            let options = E.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw error(
                json.position,
                "\(what) is \"\(raw)\"; expected one of \(options)" + Suggestions.parenthesis(raw, among: E.allCases.map(\.rawValue)))
        }
        return value
    }

    func enumerationSet<E: RawRepresentable & CaseIterable & Hashable>(_ member: JSONMember, _ type: E.Type)
        throws(TraceError) -> Set<E> where E.RawValue == String
    {
        var set: Set<E> = []
        for item in try array(member.value, "\"\(member.key)\"") {
            set.insert(try enumeration(item, "an entry of \"\(member.key)\"", E.self))
        }
        guard !set.isEmpty else { throw error(member.value.position, "\"\(member.key)\" must not be empty") }
        return set
    }
}

extension SceneDecoder.ObjectView {
    init(_ members: [JSONMember], at position: SourcePosition) {
        self.init(members: members, position: position)
    }
}
