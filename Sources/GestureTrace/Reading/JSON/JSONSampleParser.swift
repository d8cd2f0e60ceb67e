import GestureKit

/// Reading one sample object, and the header members, from JSON (documents and JSON Lines alike).
extension JSONScanner {
    /// Reads the object whose `{` is the next byte as a sample into `fields`.
    ///
    /// Types, vocabulary (`phase`, `type`), `force`/`radius` >= 0, duplicate and unknown keys are checked here;
    /// the checks that need the whole sample or the trace so far are `SampleValidator`'s.
    /// - Parameter jsonLines: Whether unknown-key messages should mention the JSON Lines header.
    mutating func readSampleObject(into fields: inout SampleFields, jsonLines: Bool) throws(TraceError) {
        fields.begin(at: s.position)
        s.pos &+= 1
        var first = true
        while let keyPosition = try nextMember(first: first) {
            first = false
            if let key = SampleKey(string) {
                try readSampleValue(key, keyPosition: keyPosition, into: &fields)
            } else if stringIsExtensionKey {
                try skipValue()
            } else {
                throw unknownSampleKey(at: keyPosition, jsonLines: jsonLines)
            }
        }
    }

    /// The error for the key in `string`, which is not a sample key.
    func unknownSampleKey(at position: SourcePosition, jsonLines: Bool) -> TraceError {
        let hint: String
        if jsonLines && HeaderKey(string) != nil {
            hint = "a header is allowed only on the first line"
        } else if jsonLines && string.elementsEqual("samples".utf8) {
            hint = "JSON Lines has one sample object per line"
        } else if SceneKeys.marksScene(string) {
            return s.error(SceneKeys.message(key: string), at: position)
        } else {
            return s.error(
                "unknown key \(quotedString) in sample" + SampleKey.parenthesis(for: string, note: "extension keys start with \"x-\""),
                at: position)
        }
        return s.error("unknown key \(quotedString) in sample (\(hint))", at: position)
    }

    /// Reads the value of sample key `key` into `fields`; the scanner is at the value.
    mutating func readSampleValue(_ key: SampleKey, keyPosition: SourcePosition, into fields: inout SampleFields)
        throws(TraceError)
    {
        guard !fields.has(key) else {
            throw s.error("duplicate key \"\(key.name)\" in sample", at: keyPosition)
        }
        let at = s.position
        let byte = try s.peek()
        switch key {
        case .t, .x, .y, .force, .radius:
            guard let byte, Self.startsNumber(byte) else { throw try typeError(key: key.name, expected: "a number") }
            let value = try readNumber().value
            switch key {
            case .t:
                fields.t = value
                fields.tLiteral.set(numberLiteral)
            case .x: fields.x = value
            case .y: fields.y = value
            case .force, .radius:
                guard value >= 0 else {
                    throw s.error("\"\(key.name)\" must be >= 0, found \(Messages.literal(numberLiteral))", at: at)
                }
                if key == .force { fields.force = value } else { fields.radius = value }
            default: break
            }
        case .id:
            if byte == UInt8(ascii: "\"") {
                try readString(store: true)
                fields.id = .name(String(decoding: string, as: UTF8.self))
            } else if let byte, Self.startsNumber(byte) {
                let number = try readNumber()
                guard number.isInteger else {
                    throw s.error(
                        "\"id\" must be an integer or a string, found \(Messages.literal(numberLiteral))", at: at)
                }
                guard let integer = NumberParser.integer(numberLiteral) else {
                    throw s.error("touch id \(Messages.literal(numberLiteral)) is out of range", at: at)
                }
                fields.id = .number(integer)
            } else {
                throw try typeError(key: "id", expected: "an integer or a string")
            }
        case .phase, .type, .subtype:
            guard byte == UInt8(ascii: "\"") else { throw try typeError(key: key.name, expected: "a string") }
            try readString(store: true)
            switch key {
            case .phase:
                guard let phase = Vocabulary.phases.lookup(string) else {
                    throw s.error(Vocabulary.unknownPhase(string), at: at)
                }
                fields.phase = phase
            case .type:
                guard let type = Vocabulary.types.lookup(string) else {
                    throw s.error(Vocabulary.unknownType(string), at: at)
                }
                fields.type = type
            default:
                fields.subtype.removeAll(keepingCapacity: true)
                fields.subtype.append(contentsOf: string)
            }
        }
        fields.mark(key, key: keyPosition, value: at)
    }
}

/// The header keys of a JSON document or a JSON Lines header line.
enum HeaderKey: Int, CaseIterable {
    case gesturectl, screen, scene

    /// The key as written.
    var name: String {
        switch self {
        case .gesturectl: return "gesturectl"
        case .screen: return "screen"
        case .scene: return "scene"
        }
    }

    /// The key spelled by `bytes`, nil for any other.
    init?(_ bytes: [UInt8]) {
        guard let key = Self.table.lookup(bytes) else { return nil }
        self = key
    }

    private static let table = ByteNameTable(HeaderKey.allCases) { $0.name }
}

extension JSONScanner {
    /// Reads the value of header key `key` into `header`; the scanner is at the value.
    mutating func readHeaderValue(_ key: HeaderKey, into header: inout TraceHeader) throws(TraceError) {
        let at = s.position
        let byte = try s.peek()
        switch key {
        case .gesturectl:
            guard let byte, Self.startsNumber(byte) else {
                throw try typeError(key: "gesturectl", expected: "a number")
            }
            guard try readNumber().value == 1 else {
                throw s.error(
                    "unsupported \"gesturectl\" version \(Messages.literal(numberLiteral)) "
                        + "(this gesturectl reads version 1)", at: at)
            }
            header.version = 1
        case .screen:
            guard byte == UInt8(ascii: "{") else {
                throw try typeError(key: "screen", expected: "an object like {\"width\": 390, \"height\": 844}")
            }
            header.screen = try readScreen()
        case .scene:
            if byte == UInt8(ascii: "{") {
                header.scene = .inline(try parseValue())
            } else if byte == UInt8(ascii: "\"") {
                try readString(store: true)
                guard !string.isEmpty else { throw s.error("\"scene\" must not be an empty path", at: at) }
                header.scene = .path(String(decoding: string, as: UTF8.self), at)
            } else {
                throw try typeError(key: "scene", expected: "an object (an inline scene) or a string (a path)")
            }
        }
    }

    /// Reads `{"width": W, "height": H}` (the scanner is at the `{`).
    private mutating func readScreen() throws(TraceError) -> Size {
        let start = s.position
        s.pos &+= 1
        var width: Double?
        var height: Double?
        var first = true
        while let keyPosition = try nextMember(first: first) {
            first = false
            let isWidth = string.elementsEqual("width".utf8)
            if isWidth || string.elementsEqual("height".utf8) {
                let name = isWidth ? "width" : "height"
                guard (isWidth ? width : height) == nil else {
                    throw s.error("duplicate key \"\(name)\" in \"screen\"", at: keyPosition)
                }
                let at = s.position
                guard let byte = try s.peek(), Self.startsNumber(byte) else {
                    throw try typeError(key: name, expected: "a number")
                }
                let value = try readNumber().value
                guard value > 0 else {
                    throw s.error("\"\(name)\" must be greater than 0, found \(Messages.literal(numberLiteral))", at: at)
                }
                if isWidth { width = value } else { height = value }
            } else if stringIsExtensionKey {
                try skipValue()
            } else {
                throw s.error(
                    "unknown key \(quotedString) in \"screen\" (expected \"width\" and \"height\")", at: keyPosition)
            }
        }
        guard let width else { throw s.error("\"screen\" is missing required key \"width\"", at: start) }
        guard let height else { throw s.error("\"screen\" is missing required key \"height\"", at: start) }
        return Size(width: width, height: height)
    }
}
