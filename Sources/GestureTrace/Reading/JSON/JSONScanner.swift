/// The JSON tokens of a trace, scanned from a `ByteScanner` without building values.
///
/// Strings decode into the reusable `string` buffer and number literals are copied into `numberLiteral`,
/// so scanning a sample allocates nothing. `skipValue()` checks the syntax of any value (extension data)
/// in constant stack space.
///
/// A struct owned by one reader and mutated in place (see `ByteScanner`).
struct JSONScanner {
    /// The bytes and positions.
    var s: ByteScanner
    /// False for JSON Lines, where a record must stay on one line.
    var newlinesAllowed = true
    /// The decoded bytes of the last string read with `store: true`.
    var string: [UInt8] = []
    /// The literal of the last number read.
    var numberLiteral: [UInt8] = []
    /// Reusable word buffer for `true`, `false`, `null` and misspellings.
    private var word: [UInt8] = []
    /// Open containers of `skipValue()` (true: object).
    private var skipStack: [Bool] = []

    /// The longest string accepted, in bytes.
    static let maximumStringLength = 1 << 20
    /// The longest number literal accepted, in characters.
    static let maximumNumberLength = 4096
    /// The deepest nesting of arrays and objects accepted inside one value.
    static let maximumDepth = 512
    /// The message for a line break inside a JSON Lines record.
    static let lineBreakInRecord =
        "unexpected end of line inside a JSON Lines record (each record must be on one line)"

    /// Creates a scanner over `bytes`.
    init(_ bytes: ByteScanner) {
        s = bytes
        string.reserveCapacity(64)
        numberLiteral.reserveCapacity(32)
        word.reserveCapacity(32)
    }

    // MARK: Whitespace

    /// Skips spaces, tabs, carriage returns and (when allowed) line feeds.
    @inline(__always)
    mutating func skipWhitespace() throws(TraceError) {
        while true {
            while s.pos < s.end {
                let byte = s.buffer[s.pos]
                if byte == 0x20 || byte == 0x09 || byte == 0x0D {
                    s.pos &+= 1
                } else if byte == 0x0A {
                    guard newlinesAllowed else { throw s.error(Self.lineBreakInRecord) }
                    s.consumeNewline()
                } else {
                    return
                }
            }
            if try !s.fill() { return }
        }
    }

    // MARK: Strings

    /// Reads the string whose opening quote is the next byte; with `store`, its decoded bytes go to `string`.
    mutating func readString(store: Bool) throws(TraceError) {
        let start = s.position
        s.pos &+= 1
        if store { string.removeAll(keepingCapacity: true) }
        var length = 0
        while true {
            let next = try s.consumeRun(
                into: &string, store: store, length: &length, limit: Self.maximumStringLength, noun: "string", start: start
            ) { byte in
                byte != 0x22 && byte != 0x5C && byte >= 0x20 && byte < 0x80
            }
            guard let byte = next else { throw s.error("unterminated string (missing closing '\"')", at: start) }
            if byte == 0x22 {
                s.pos &+= 1
                return
            } else if byte == 0x5C {
                length &+= try readEscape(store: store, stringStart: start)
            } else if byte < 0x20 {
                if byte == 0x0A || byte == 0x0D {
                    throw s.error("unterminated string (line break before the closing '\"')", at: start)
                }
                let name = Messages.scalarName(UInt32(byte))
                throw s.error("control character \(name) in string (write it as \\u\(name.dropFirst(2)))")
            } else {
                try s.consumeUTF8Sequence(into: &string, store: store, length: &length, in: "string")
            }
        }
    }

    /// Reads the escape whose backslash is the next byte; returns the number of bytes it decodes to.
    private mutating func readEscape(store: Bool, stringStart: SourcePosition) throws(TraceError) -> Int {
        let at = s.position
        s.pos &+= 1
        guard let letter = try s.peek() else {
            throw s.error("unterminated string (missing closing '\"')", at: stringStart)
        }
        let decoded: UInt8
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded = letter
        case UInt8(ascii: "b"): decoded = 0x08
        case UInt8(ascii: "f"): decoded = 0x0C
        case UInt8(ascii: "n"): decoded = 0x0A
        case UInt8(ascii: "r"): decoded = 0x0D
        case UInt8(ascii: "t"): decoded = 0x09
        case UInt8(ascii: "u"):
            s.pos &+= 1
            var scalar = try readHexQuad(escapeStart: at)
            if (0xD800...0xDBFF).contains(scalar) {
                guard try s.peek() == UInt8(ascii: "\\"), try s.peek(at: 1) == UInt8(ascii: "u") else {
                    throw s.error("unpaired surrogate \\u\(Self.hex4(scalar)) in string", at: at)
                }
                let lowAt = s.position
                s.pos &+= 2
                let low = try readHexQuad(escapeStart: lowAt)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw s.error("unpaired surrogate \\u\(Self.hex4(scalar)) in string", at: at)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw s.error("unpaired surrogate \\u\(Self.hex4(scalar)) in string", at: at)
            }
            guard let unicode = Unicode.Scalar(scalar) else {
                throw s.error("invalid \\u escape in string", at: at)
            }
            let encoded = UTF8.encode(unicode)
            if store, let encoded { string.append(contentsOf: encoded) }
            return encoded?.count ?? 0
        default:
            if letter >= 0x21 && letter < 0x7F {
                throw s.error("invalid escape '\\\(Character(Unicode.Scalar(letter)))' in string", at: at)
            }
            throw s.error("invalid escape in string (a backslash must be followed by one of \"\\/bfnrtu)", at: at)
        }
        s.pos &+= 1
        if store { string.append(decoded) }
        return 1
    }

    /// Reads the four hex digits of a `\u` escape.
    private mutating func readHexQuad(escapeStart: SourcePosition) throws(TraceError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let digit: UInt32
            switch try s.peek() {
            case let byte? where byte >= 0x30 && byte <= 0x39: digit = UInt32(byte - 0x30)
            case let byte? where byte >= 0x41 && byte <= 0x46: digit = UInt32(byte - 0x41 + 10)
            case let byte? where byte >= 0x61 && byte <= 0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw s.error("invalid \\u escape in string (expected 4 hexadecimal digits)", at: escapeStart)
            }
            value = value << 4 | digit
            s.pos &+= 1
        }
        return value
    }

    private static func hex4(_ value: UInt32) -> String {
        String(Messages.scalarName(value).dropFirst(2))
    }

    /// Whether the key in `string` begins with `x-` (an extension key).
    var stringIsExtensionKey: Bool {
        string.count >= 2 && string[0] == UInt8(ascii: "x") && string[1] == UInt8(ascii: "-")
    }

    /// `string` quoted for a message.
    var quotedString: String { Messages.quoted(string) }

    // MARK: Numbers

    /// Whether `byte` can be part of a number literal.
    @inline(__always)
    static func isNumberByte(_ byte: UInt8) -> Bool {
        (byte &- 0x30) < 10 || byte == 0x2D || byte == 0x2E || byte == 0x65 || byte == 0x45 || byte == 0x2B
    }

    /// Whether `byte` starts a number (or one of the invalid forms whose message is about numbers).
    @inline(__always)
    static func startsNumber(_ byte: UInt8) -> Bool {
        (byte &- 0x30) < 10 || byte == 0x2D || byte == 0x2B || byte == 0x2E
    }

    /// Reads the number that starts at the next byte; its literal goes to `numberLiteral`.
    mutating func readNumber() throws(TraceError) -> (value: Double, isInteger: Bool) {
        let start = s.position
        s.pin = s.pos
        defer { s.pin = -1 }
        var count = 0
        while let byte = try s.peek(), Self.isNumberByte(byte) {
            s.pos &+= 1
            count &+= 1
            if count > Self.maximumNumberLength {
                throw s.error("number longer than \(Self.maximumNumberLength) characters", at: start)
            }
        }
        let literal = UnsafeBufferPointer(start: s.buffer + s.pin, count: s.pos - s.pin)
        numberLiteral.removeAll(keepingCapacity: true)
        numberLiteral.append(contentsOf: literal)
        switch NumberParser.parse(literal) {
        case let .value(value, isInteger):
            return (value, isInteger)
        case .outOfRange:
            throw s.error("number \(Messages.literal(numberLiteral)) is out of range (numbers must be finite)", at: start)
        case .invalid(let reason):
            if numberLiteral == [UInt8(ascii: "-")], let next = try s.peek(), Self.isLetter(next) {
                s.pin = -1
                s.pos -= 1
                _ = try readLiteral()
            }
            throw s.error("invalid number '\(Messages.literal(numberLiteral))': \(reason)", at: start)
        }
    }

    // MARK: Literals

    /// `true`, `false` or `null`.
    enum Literal {
        case `true`, `false`, null

        /// The literal as written.
        var text: String {
            switch self {
            case .true: return "true"
            case .false: return "false"
            case .null: return "null"
            }
        }
    }

    @inline(__always)
    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 }

    /// Reads the word at the next byte (a letter, or `-` before a letter) as `true`, `false` or `null`.
    mutating func readLiteral() throws(TraceError) -> Literal {
        let start = s.position
        word.removeAll(keepingCapacity: true)
        while let byte = try s.peek(), word.count < 32,
            Self.isLetter(byte) || (byte &- 0x30) < 10 || byte == UInt8(ascii: "_")
                || (word.isEmpty && byte == UInt8(ascii: "-"))
        {
            word.append(byte)
            s.pos &+= 1
        }
        switch word {
        case Array("true".utf8): return .true
        case Array("false".utf8): return .false
        case Array("null".utf8): return .null
        default: break
        }
        let text = String(decoding: word, as: UTF8.self)
        let bare = text.hasPrefix("-") ? String(text.dropFirst()) : text
        if ["nan", "inf", "infinity"].contains(bare.lowercased()) {
            throw s.error("\(text) is not allowed (numbers must be finite)", at: start)
        }
        if !text.isEmpty, "true".hasPrefix(text) || "false".hasPrefix(text) || "null".hasPrefix(text) {
            throw s.error("invalid literal '\(text)' (expected true, false or null)", at: start)
        }
        throw s.error("expected a value, found '\(text)' (strings are written in double quotes)", at: start)
    }

    // MARK: Structure

    /// The error "expected a value, found ..." at the current position.
    mutating func expectedValue() throws(TraceError) -> TraceError {
        s.error("expected a value, found \(try s.foundDescription())")
    }

    /// Moves to the next member of an object whose `{` is consumed: returns the position of the key, with the
    /// key's bytes in `string` and the scanner at the value, or nil after consuming the closing `}`.
    mutating func nextMember(first: Bool) throws(TraceError) -> SourcePosition? {
        try skipWhitespace()
        var byte = try s.peek()
        if first {
            if byte == UInt8(ascii: "}") {
                s.pos &+= 1
                return nil
            }
            guard byte == UInt8(ascii: "\"") else {
                throw s.error("expected a string key or '}', found \(try s.foundDescription())")
            }
        } else if byte == UInt8(ascii: ",") {
            s.pos &+= 1
            try skipWhitespace()
            byte = try s.peek()
            guard byte == UInt8(ascii: "\"") else {
                if byte == UInt8(ascii: "}") {
                    throw s.error("expected a string key after ',', found '}' (trailing commas are not allowed)")
                }
                throw s.error("expected a string key after ',', found \(try s.foundDescription())")
            }
        } else if byte == UInt8(ascii: "}") {
            s.pos &+= 1
            return nil
        } else {
            throw s.error("expected ',' or '}' after object member, found \(try s.foundDescription())")
        }
        let keyPosition = s.position
        try readString(store: true)
        try skipWhitespace()
        guard try s.peek() == UInt8(ascii: ":") else {
            throw s.error("expected ':' after key \(quotedString), found \(try s.foundDescription())")
        }
        s.pos &+= 1
        try skipWhitespace()
        return keyPosition
    }

    /// Moves to the next element of an array whose `[` is consumed: true at the element (whitespace skipped),
    /// false after consuming the closing `]`. `element` names the elements in messages.
    mutating func nextElement(first: Bool, element: String = "array element") throws(TraceError) -> Bool {
        try skipWhitespace()
        let byte = try s.peek()
        if byte == UInt8(ascii: "]") {
            s.pos &+= 1
            return false
        }
        if first { return true }
        guard byte == UInt8(ascii: ",") else {
            throw s.error("expected ',' or ']' after \(element), found \(try s.foundDescription())")
        }
        s.pos &+= 1
        try skipWhitespace()
        if try s.peek() == UInt8(ascii: "]") {
            throw s.error("expected a value after ',', found ']' (trailing commas are not allowed)")
        }
        return true
    }

    /// Skips the string, number or literal at the next byte, or throws "expected a value".
    private mutating func skipScalar() throws(TraceError) {
        guard let byte = try s.peek() else { throw try expectedValue() }
        if byte == UInt8(ascii: "\"") {
            try readString(store: false)
        } else if Self.startsNumber(byte) {
            _ = try readNumber()
        } else if Self.isLetter(byte) {
            _ = try readLiteral()
        } else {
            throw try expectedValue()
        }
    }

    /// Skips one value of any kind at the next byte, checking its syntax, strings and numbers
    /// (duplicate keys are not checked: extension data is opaque).
    mutating func skipValue() throws(TraceError) {
        skipStack.removeAll(keepingCapacity: true)
        while true {
            var completed = true
            switch try s.peek() {
            case UInt8(ascii: "{"):
                guard skipStack.count < Self.maximumDepth else { throw tooDeep() }
                s.pos &+= 1
                if try nextMember(first: true) != nil {
                    skipStack.append(true)
                    completed = false
                }
            case UInt8(ascii: "["):
                guard skipStack.count < Self.maximumDepth else { throw tooDeep() }
                s.pos &+= 1
                if try nextElement(first: true) {
                    skipStack.append(false)
                    completed = false
                }
            default:
                try skipScalar()
            }
            guard completed else { continue }
            while true {
                guard let isObject = skipStack.last else { return }
                if isObject {
                    if try nextMember(first: false) != nil { break }
                } else {
                    if try nextElement(first: false) { break }
                }
                skipStack.removeLast()
            }
        }
    }

    /// The error for nesting beyond `maximumDepth`, at the current position.
    func tooDeep() -> TraceError {
        s.error("nesting deeper than \(Self.maximumDepth) levels")
    }

    /// Whether the next byte can start a value (or one of the invalid forms with a better message).
    mutating func startsValue() throws(TraceError) -> Bool {
        guard let byte = try s.peek() else { return false }
        return byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[")
            || Self.startsNumber(byte) || Self.isLetter(byte)
    }

    /// The kind of the value at the next byte for "found ..." in messages (`a string`, `an object`, `an array`,
    /// a number's literal, `true`, `false`, `null`); throws the value's syntax error if it has one at its start.
    mutating func describeValue() throws(TraceError) -> String {
        guard let byte = try s.peek() else { throw try expectedValue() }
        switch byte {
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "["): return "an array"
        default:
            if Self.startsNumber(byte) {
                _ = try readNumber()
                return Messages.literal(numberLiteral)
            }
            if Self.isLetter(byte) { return try readLiteral().text }
            throw try expectedValue()
        }
    }

    /// The error `"KEY" must be EXPECTED, found KIND` for the value at the next byte, or the syntax error
    /// that the value has.
    mutating func typeError(key: String, expected: String) throws(TraceError) -> TraceError {
        let at = s.position
        return s.error("\"\(key)\" must be \(expected), found \(try describeValue())", at: at)
    }
}
