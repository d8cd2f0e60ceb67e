/// Parses a whole JSON document, such as a scene file, into a `JSONValue` whose parts carry their positions.
///
/// A UTF-8 byte order mark is skipped. Duplicate keys, nesting deeper than 512 levels, strings longer than
/// 1 MiB and numbers that are not finite are errors.
///
/// - Parameters:
///   - bytes: The document.
///   - file: The name for diagnostics.
/// - Returns: The document's value, positioned at its first character.
/// - Throws: `TraceError.invalid` with the position of the first problem.
public func parseJSON(bytes: [UInt8], file: String) throws(TraceError) -> Located<JSONValue> {
    var scanner = JSONScanner(ByteScanner(source: MemorySource(bytes), file: file))
    return try scanner.parseDocument()
}

/// Reads and parses the JSON file at `path` (standard input when `path` is `-`), like `parseJSON(bytes:file:)`.
///
/// - Throws: `TraceError.cannotOpen` when the file cannot be read, `TraceError.invalid` when it does not parse.
public func parseJSON(path: String) throws(TraceError) -> Located<JSONValue> {
    let name = path == "-" ? "<stdin>" : path
    let source = path == "-" ? FileSource.standardInput(name: name) : try FileSource.open(path: path)
    var scanner = JSONScanner(ByteScanner(source: source, file: name))
    return try scanner.parseDocument()
}

extension JSONScanner {
    /// Parses a whole document: optional byte order mark, one value, nothing after it but whitespace.
    mutating func parseDocument() throws(TraceError) -> Located<JSONValue> {
        try s.skipByteOrderMark()
        try skipWhitespace()
        let value = try parseValue()
        try skipWhitespace()
        guard try s.peek() == nil else {
            throw s.error("unexpected \(try s.foundDescription()) after the end of the JSON value")
        }
        return value
    }

    /// An array or object being built by `parseValue()`.
    private final class Frame {
        let start: SourcePosition
        let isObject: Bool
        var elements: [Located<JSONValue>] = []
        var members: [JSONMember] = []
        var keys: Set<String> = []
        var key = ""
        var keyPosition = SourcePosition(line: 1, column: 1)

        init(start: SourcePosition, isObject: Bool) {
            self.start = start
            self.isObject = isObject
        }
    }

    /// Takes the key just read by `nextMember` for `frame`, rejecting a duplicate.
    private func takeKey(_ position: SourcePosition, into frame: Frame) throws(TraceError) {
        let key = String(decoding: string, as: UTF8.self)
        guard frame.keys.insert(key).inserted else {
            throw s.error("duplicate key \(Messages.quoted(key)) in object", at: position)
        }
        frame.key = key
        frame.keyPosition = position
    }

    /// Parses the value at the next byte, with positions, in constant stack space.
    mutating func parseValue() throws(TraceError) -> Located<JSONValue> {
        var stack: [Frame] = []
        while true {
            let at = s.position
            var scalar: JSONValue?
            switch try s.peek() {
            case UInt8(ascii: "{"):
                guard stack.count < Self.maximumDepth else { throw tooDeep() }
                s.pos &+= 1
                if let keyPosition = try nextMember(first: true) {
                    let frame = Frame(start: at, isObject: true)
                    try takeKey(keyPosition, into: frame)
                    stack.append(frame)
                } else {
                    scalar = .object([])
                }
            case UInt8(ascii: "["):
                guard stack.count < Self.maximumDepth else { throw tooDeep() }
                s.pos &+= 1
                if try nextElement(first: true) {
                    stack.append(Frame(start: at, isObject: false))
                } else {
                    scalar = .array([])
                }
            case UInt8(ascii: "\"")?:
                try readString(store: true)
                scalar = .string(String(decoding: string, as: UTF8.self))
            case let byte? where Self.startsNumber(byte):
                let number = try readNumber()
                scalar = .number(number.value, literal: String(decoding: numberLiteral, as: UTF8.self))
            case let byte? where Self.isLetter(byte):
                switch try readLiteral() {
                case .true: scalar = .bool(true)
                case .false: scalar = .bool(false)
                case .null: scalar = .null
                }
            default:
                throw try expectedValue()
            }
            guard let scalar else { continue }
            var completed = Located(scalar, at: at)
            climbing: while true {
                guard let frame = stack.last else { return completed }
                if frame.isObject {
                    frame.members.append(JSONMember(key: frame.key, keyPosition: frame.keyPosition, value: completed))
                    if let keyPosition = try nextMember(first: false) {
                        try takeKey(keyPosition, into: frame)
                        break climbing
                    }
                    completed = Located(.object(frame.members), at: frame.start)
                } else {
                    frame.elements.append(completed)
                    if try nextElement(first: false) { break climbing }
                    completed = Located(.array(frame.elements), at: frame.start)
                }
                stack.removeLast()
            }
        }
    }
}
