/// Writes bytes into room a ``ByteBuffer`` made beforehand (``ByteBuffer/write(upTo:_:)``): the
/// room is checked once for a whole record, not at every literal, number and string of it.
///
/// The caller's bound must cover everything it writes: ``numberBound`` for each number,
/// ``jsonStringBound(_:)`` or ``csvFieldBound(_:)`` for each string, the length of each literal and
/// byte array. Debug builds check every write against the room.
///
/// ```swift
/// var out = ByteBuffer()
/// out.write(upTo: 8 + ByteWriter.numberBound) { writer in
///     writer.write("{\"t\":")
///     writer.number(0.1 + 0.2)
///     writer.write(UInt8(ascii: "}"))
/// }
/// out.string   // {"t":0.3}
/// ```
struct ByteWriter {
    /// Where the next byte goes.
    private(set) var position: UnsafeMutablePointer<UInt8>
    /// The end of the room (checked by debug builds only).
    private let end: UnsafeMutablePointer<UInt8>

    /// A writer of the `count` bytes from `start`.
    @inline(__always)
    init(_ start: UnsafeMutablePointer<UInt8>, count: Int) {
        position = start
        end = start + count
    }

    /// The most bytes ``number(_:fractionDigits:)`` writes: `-` and the 309 digits of the largest
    /// `Double` (plain decimal, never exponent form).
    static let numberBound = 320
    /// The most bytes ``integer(_:)`` writes.
    static let integerBound = 20

    /// The most bytes ``jsonString(_:)`` writes for `text`: the quotes, and 6 bytes for each byte
    /// escaped as `\u00XX`.
    @inline(__always)
    static func jsonStringBound(_ text: String) -> Int { text.utf8.count &* 6 &+ 2 }

    /// The most bytes ``csvField(_:)`` writes for `text`: each quote doubled, and the quotes around.
    @inline(__always)
    static func csvFieldBound(_ text: String) -> Int { text.utf8.count &* 2 &+ 2 }

    @inline(__always)
    private func check(_ length: Int) {
        check(length, at: position)
    }

    /// Checks the room from `p`, a position not yet stored in ``position``.
    @inline(__always)
    private func check(_ length: Int, at p: UnsafeMutablePointer<UInt8>) {
        assert(length <= end - p, "ByteWriter: the bound given for the room is too small")
    }

    /// Writes one byte.
    @inline(__always)
    mutating func write(_ byte: UInt8) {
        check(1)
        position.pointee = byte
        position += 1
    }

    /// Writes a literal's UTF-8 bytes.
    @inline(__always)
    mutating func write(_ literal: StaticString) {
        write(literal.utf8Start, literal.utf8CodeUnitCount)
    }

    /// Writes bytes.
    @inline(__always)
    mutating func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0) }
    }

    /// Writes bytes.
    @inline(__always)
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        write(base, bytes.count)
    }

    @inline(__always)
    private mutating func write(_ source: UnsafePointer<UInt8>, _ length: Int) {
        check(length)
        position.initialize(from: source, count: length)
        position += length
    }

    /// Rewrites the bytes written since `start` in place: `body` gets where they start, how many
    /// there are and how many more fit, and returns how many there are after.
    @inline(__always)
    mutating func rewrite(since start: UnsafeMutablePointer<UInt8>, _ body: (UnsafeMutablePointer<UInt8>, Int, Int) -> Int) {
        let written = position - start
        let after = body(start, written, end - position)
        assert(after <= written + (end - position), "ByteWriter: rewritten past the room")
        position = start + after
    }

    // MARK: Numbers

    /// Writes an integer in decimal.
    @inline(__always)
    mutating func integer(_ value: Int) {
        if value >= 0, value < 10 {
            write(UInt8(truncatingIfNeeded: value) &+ 48)
            return
        }
        if value < 0 { write(UInt8(ascii: "-")) }
        whole(UInt64(value.magnitude))
    }

    /// Writes a number exactly as ``DecimalFormatting/append(_:fractionDigits:to:)`` writes it:
    /// plain decimal, at most `fractionDigits` places, half away from zero on the decimal value,
    /// trailing zeros dropped, `-0` as `0`, non-finite values as `null`.
    ///
    /// ``DecimalFormatting/roundedUnits(_:fractionDigits:)``'s common cases (integers below 10⁶
    /// included) are written eight digits at a time, straight into the room; the rest through
    /// ``numberOutsideScaled(_:fractionDigits:)``: other integers below 2^53 the same way, the others
    /// by the exact `String` method, so the two always agree.
    @inline(__always)
    mutating func number(_ value: Double, fractionDigits: Int) {
        guard let units = DecimalFormatting.roundedUnits(value, fractionDigits: fractionDigits) else {
            numberOutsideScaled(value, fractionDigits: fractionDigits)
            return
        }
        var p = position  // kept in a register, stored once
        if value < 0, units != 0 {
            check(1, at: p)
            p.pointee = UInt8(ascii: "-")
            p += 1
        }
        let perWhole = DecimalFormatting.unitsPerWhole(fractionDigits)
        let wholePart = units / perWhole
        let fraction = units &- wholePart &* perWhole
        // At most 10⁶: one word of digits, without its leading "0" bytes (its lowest), the last kept.
        check(8, at: p)
        let wholeDigits = wholePart < 10_000
            ? DecimalFormatting.eightDigits(lanes: wholePart << 32) : DecimalFormatting.eightDigits(wholePart)
        let leadingZeros = UInt64(truncatingIfNeeded: ((wholeDigits ^ 0x3030_3030_3030_3030) | 1 << 63).trailingZeroBitCount) & ~7
        Self.store(wholeDigits &>> leadingZeros, at: p)
        p += 8 &- Int(truncatingIfNeeded: leadingZeros >> 3)
        if fraction != 0 {
            // The places' digits moved to bytes 1 ... places, after a leading "0" made the point;
            // the trailing zeros are then the word's highest "0" bytes (or the zero bytes shifted in).
            let shift = UInt64(truncatingIfNeeded: (7 &- fractionDigits) &* 8)
            let digits = (DecimalFormatting.eightDigits(fraction) &>> shift) ^ (0x30 ^ UInt64(UInt8(ascii: ".")))
            let zeros = (digits ^ (0x3030_3030_3030_3030 &>> shift)).leadingZeroBitCount
            check(8, at: p)
            Self.store(digits, at: p)
            p += 8 &- zeros >> 3
        }
        position = p
    }

    /// Numbers ``DecimalFormatting/roundedUnits(_:fractionDigits:)`` does not take: integers below
    /// 2^53 eight digits at a time, the rest by the exact method.
    @inline(never)
    private mutating func numberOutsideScaled(_ value: Double, fractionDigits: Int) {
        // Below 2^53 the truncation to Int64 is exact, so the value is whole when it converts back
        // unchanged (`rounded(.towardZero)` called the C library).
        if value.magnitude < 9_007_199_254_740_992 {
            let whole = Int64(value)
            if Double(whole) == value {
                integer(Int(whole))
                return
            }
        }
        exactly(value, fractionDigits: fractionDigits)
    }

    /// Writes a number with ``DecimalFormatting/defaultFractionDigits`` places at most: the method
    /// above with its places a constant, so that splitting the units is a multiplication, not a
    /// division.
    mutating func number(_ value: Double) {
        number(value, fractionDigits: DecimalFormatting.defaultFractionDigits)
    }

    /// Writes a whole number's digits; up to 16 digits eight at a time (``DecimalFormatting/eightDigits(_:)``:
    /// two digits at a time from a table took about 150 instructions a number, a fifth of a record).
    @inline(__always)
    private mutating func whole(_ value: UInt64) {
        if value < 10 {
            write(UInt8(truncatingIfNeeded: value) &+ 48)
        } else if value < 100_000_000 {
            upToEightDigits(value)
        } else if value < 10_000_000_000_000_000 {
            let high = value / 100_000_000
            upToEightDigits(high)
            store(DecimalFormatting.eightDigits(value &- high &* 100_000_000), count: 8)
        } else {
            wholeSlow(value)
        }
    }

    /// Writes the digits of `value`, from 1 to 10⁸ − 1, without leading zeros: the word's leading
    /// "0" bytes are its lowest, counted from its bits.
    @inline(__always)
    private mutating func upToEightDigits(_ value: UInt64) {
        let digits = DecimalFormatting.eightDigits(value)
        let leadingZeros = UInt64(truncatingIfNeeded: (digits ^ 0x3030_3030_3030_3030).trailingZeroBitCount) & ~7
        store(digits >> leadingZeros, count: 8 &- Int(truncatingIfNeeded: leadingZeros >> 3))
    }

    /// Stores the eight bytes of `word` (its lowest first) and keeps the first `count` of them: the
    /// room holds the others, which the next write or the end of the record leaves behind.
    @inline(__always)
    private mutating func store(_ word: UInt64, count: Int) {
        check(8)
        UnsafeMutableRawPointer(position).storeBytes(of: word.littleEndian, as: UInt64.self)
        position += count
    }

    /// Stores the eight bytes of `word` (its lowest first) at `p`, in the room.
    @inline(__always)
    private static func store(_ word: UInt64, at p: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(p).storeBytes(of: word.littleEndian, as: UInt64.self)
    }

    /// Whole numbers of 17 digits or more, which only an `Int` holds.
    @inline(never)
    private mutating func wholeSlow(_ value: UInt64) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { scratch in
            let first = DecimalFormatting.writeDigits(value, places: 0, negative: false, into: scratch)
            write(UnsafeBufferPointer(rebasing: scratch[first...]))
        }
    }

    /// The exact, slow method (and `null` for non-finite values).
    @inline(never)
    private mutating func exactly(_ value: Double, fractionDigits: Int) {
        guard value.isFinite else {
            write("null")
            return
        }
        var text = ""
        DecimalFormatting.appendExactly(value, fractionDigits: fractionDigits, to: &text)
        text.withUTF8 { write($0) }
    }

    // MARK: Strings

    /// Writes `text` as a quoted JSON string, escaped exactly as ``JSONWriter/appendQuoted(_:to:)``
    /// escapes it; strings that need no escaping (the usual names and sentences) are copied as they are.
    @inline(__always)
    mutating func jsonString(_ text: String) {
        var text = text
        text.withUTF8 { jsonString(utf8: $0) }
    }

    /// Writes UTF-8 text as a quoted, escaped JSON string.
    @inline(__always)
    mutating func jsonString(utf8 text: UnsafeBufferPointer<UInt8>) {
        write(UInt8(ascii: "\""))
        if !Self.needsJSONEscaping(text) {
            write(text)
        } else {
            escaped(text)
        }
        write(UInt8(ascii: "\""))
    }

    /// Whether any byte of `text` must be escaped in a JSON string: a control character, `"` or `\`.
    ///
    /// Eight bytes at a time (a record's reason or cause is about 100 bytes: byte by byte, the test
    /// cost about 4 instructions a byte).
    @inline(__always)
    static func needsJSONEscaping(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return false }
        let count = text.count
        var index = 0
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while index &+ 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            // Each term is nonzero exactly when some byte is below 0x20, a quote, a backslash
            // (the word-at-a-time tests for a byte below n ≤ 128 and for a zero byte).
            let found = ((word &- ones &* 0x20) & ~word) | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
            if found & highs != 0 { return true }
            index &+= 8
        }
        while index < count {
            let byte = base[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
            index &+= 1
        }
        return false
    }

    /// The escaping itself: `\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`, and `\u00XX` (lowercase hex)
    /// for the other control characters; every other byte (all of UTF-8's multi-byte sequences
    /// included) as it is, which is what escaping scalar by scalar gives.
    @inline(never)
    private mutating func escaped(_ text: UnsafeBufferPointer<UInt8>) {
        let hex: StaticString = "0123456789abcdef"
        for byte in text {
            switch byte {
            case UInt8(ascii: "\""): write("\\\"")
            case UInt8(ascii: "\\"): write("\\\\")
            case 0x0A: write("\\n")
            case 0x0D: write("\\r")
            case 0x09: write("\\t")
            case 0x08: write("\\b")
            case 0x0C: write("\\f")
            case 0..<0x20:
                write("\\u00")
                write(hex.utf8Start[Int(byte >> 4)])
                write(hex.utf8Start[Int(byte & 0x0F)])
            default: write(byte)
            }
        }
    }

    /// Writes a CSV field as ``CSVRenderer/quoted(_:)`` writes it: quoted, with quotes doubled,
    /// when it holds `,` `"` CR or LF; otherwise as it is.
    mutating func csvField(_ field: String) {
        var field = field
        let done = field.withUTF8 { text -> Bool in
            var needsQuotes = false
            for byte in text {
                if byte == UInt8(ascii: "\"") { return false }  // doubling quotes: the String method
                if byte == UInt8(ascii: ",") || byte == 0x0A || byte == 0x0D { needsQuotes = true }
            }
            if needsQuotes { write(UInt8(ascii: "\"")) }
            write(text)
            if needsQuotes { write(UInt8(ascii: "\"")) }
            return true
        }
        // Quotes are doubled character by character (a quote that starts a grapheme cluster is not
        // a lone quote), as the String method does: rare, so it is simply called.
        if !done {
            var quoted = CSVRenderer.quoted(field)
            quoted.withUTF8 { write($0) }
        }
    }
}

extension ByteBuffer {
    /// Makes room for `bound` bytes after those written, then lets `body` write at most that many
    /// through a ``ByteWriter``: one check of the room, however many writes.
    @inline(__always)
    mutating func write(upTo bound: Int, _ body: (inout ByteWriter) -> Void) {
        withRoom(bound) { start, room in
            var writer = ByteWriter(start, count: room)
            body(&writer)
            return writer.position - start
        }
    }
}
