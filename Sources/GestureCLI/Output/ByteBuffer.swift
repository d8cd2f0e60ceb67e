/// A growable run of output bytes that the renderers write into, field by field, without building
/// `String`s.
///
/// Machine-readable output (`jsonl`, `json`, `csv`) is rendered straight into one reused buffer,
/// which the command hands to standard output (or a ``Spool``) in chunks of 64 KiB or more, so that
/// the memory used does not grow with the trace.
///
/// ```swift
/// var out = ByteBuffer()
/// out.append("{\"t\":")
/// out.appendNumber(0.1 + 0.2)   // 0.3, as DecimalFormatting prints it
/// out.append(UInt8(ascii: "}"))
/// out.string   // {"t":0.3}
/// ```
struct ByteBuffer {
    /// The bytes written so far.
    private(set) var bytes: [UInt8] = []

    /// Creates an empty buffer with room for `capacity` bytes.
    init(capacity: Int = 0) {
        if capacity > 0 { bytes.reserveCapacity(capacity) }
    }

    /// The number of bytes written.
    @inline(__always) var count: Int { bytes.count }

    /// Whether nothing is written.
    @inline(__always) var isEmpty: Bool { bytes.isEmpty }

    /// The bytes as text (tests, and the few callers that need a `String`).
    var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Forgets the bytes, keeping the memory for reuse.
    mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// Forgets the first `count` bytes, keeping the memory for reuse.
    mutating func removeFirst(_ count: Int) { bytes.removeFirst(count) }

    /// Appends one byte.
    @inline(__always) mutating func append(_ byte: UInt8) { bytes.append(byte) }

    /// Appends a literal's UTF-8 bytes.
    @inline(__always) mutating func append(_ literal: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends bytes.
    @inline(__always) mutating func append(_ other: [UInt8]) { bytes.append(contentsOf: other) }

    /// Appends bytes.
    @inline(__always) mutating func append(_ other: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: other) }

    /// Appends bytes.
    @inline(__always) mutating func append(_ other: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: other.bindMemory(to: UInt8.self))
    }

    /// Appends a string's UTF-8 bytes as they are.
    mutating func append(utf8 text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Calls `body` with the bytes.
    func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        let result: Result<R, E> = bytes.withUnsafeBytes { raw in
            do throws(E) {
                return .success(try body(raw))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

// MARK: - Numbers

extension ByteBuffer {
    /// Appends an integer in decimal.
    mutating func appendInteger(_ value: Int) {
        if value >= 0, value < 10 {
            bytes.append(UInt8(truncatingIfNeeded: value) &+ 48)
            return
        }
        appendDigits(value.magnitude, negative: value < 0)
    }

    /// Appends `magnitude`'s decimal digits, after a minus sign when `negative`.
    private mutating func appendDigits(_ magnitude: UInt, negative: Bool) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { scratch in
            let index = DecimalFormatting.writeDigits(UInt64(magnitude), places: 0, negative: negative, into: scratch)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[index...]))
        }
    }

    /// Appends a number exactly as ``DecimalFormatting/append(_:fractionDigits:to:)`` writes it:
    /// plain decimal, at most `fractionDigits` places, half away from zero on the decimal value,
    /// trailing zeros dropped, `-0` as `0`, non-finite values as `null`.
    ///
    /// The common cases (integers below 2^53; magnitudes below 10⁶ whose scaled value is not within
    /// 10⁻³ of a half) are written digit by digit here; the rest go through the exact `String`
    /// method, so the two always agree.
    @inline(__always)
    mutating func appendNumber(_ value: Double, fractionDigits: Int = DecimalFormatting.defaultFractionDigits) {
        let magnitude = value.magnitude
        if magnitude < 9_007_199_254_740_992, value == value.rounded(.towardZero) {
            let whole = Int64(value)
            appendInteger(Int(whole))
            return
        }
        if !appendScaled(value, fractionDigits: fractionDigits) { appendExactly(value, fractionDigits: fractionDigits) }
    }

    /// The exact, slow method (and `null` for non-finite values).
    @inline(never)
    private mutating func appendExactly(_ value: Double, fractionDigits: Int) {
        guard value.isFinite else {
            append("null")
            return
        }
        var text = ""
        DecimalFormatting.appendExactly(value, fractionDigits: fractionDigits, to: &text)
        append(utf8: text)
    }

    /// ``DecimalFormatting``'s fast method, writing bytes; false, writing nothing, where it is not
    /// certain to agree with the exact method (see `DecimalFormatting.appendScaled`).
    @inline(__always)
    private mutating func appendScaled(_ value: Double, fractionDigits: Int) -> Bool {
        let magnitude = value.magnitude
        guard magnitude < 1e6, fractionDigits >= 0, fractionDigits <= 6 else { return false }
        let scale: Double
        switch fractionDigits {
        case 6: scale = 1_000_000
        case 3: scale = 1_000
        case 2: scale = 100
        case 0: scale = 1
        case 1: scale = 10
        case 4: scale = 10_000
        default: scale = 100_000
        }
        let scaled = magnitude * scale
        let whole = scaled.rounded(.down)
        let fraction = scaled - whole
        guard (fraction - 0.5).magnitude > 1e-3 else { return false }
        var units = UInt64(whole) + (fraction > 0.5 ? 1 : 0)
        guard units != 0 else {
            bytes.append(UInt8(ascii: "0"))
            return true
        }
        var places = fractionDigits
        while places > 0, units % 10 == 0 {
            units /= 10
            places -= 1
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { scratch in
            let index = DecimalFormatting.writeDigits(units, places: places, negative: value < 0, into: scratch)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[index...]))
        }
        return true
    }
}

// MARK: - Strings

extension ByteBuffer {
    /// Appends `value` as a quoted JSON string, escaped exactly as ``JSONWriter/appendQuoted(_:to:)``
    /// escapes it; strings that need no escaping (the usual names) are copied as they are.
    mutating func appendJSONString(_ value: String) {
        var value = value
        value.withUTF8 { appendJSONString(utf8: $0) }
    }

    /// Appends UTF-8 text as a quoted, escaped JSON string.
    mutating func appendJSONString(utf8 text: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        if !Self.needsJSONEscaping(text) {
            bytes.append(contentsOf: text)
        } else {
            appendEscaped(text)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Whether any byte of `text` must be escaped in a JSON string: a control character, `"` or `\`.
    @inline(__always)
    static func needsJSONEscaping(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in text where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
        return false
    }

    /// The escaping itself: `\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`, and `\u00XX` (lowercase hex)
    /// for the other control characters; every other byte (all of UTF-8's multi-byte sequences
    /// included) as it is, which is what escaping scalar by scalar gives.
    @inline(never)
    private mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>) {
        let hex: StaticString = "0123456789abcdef"
        for byte in text {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            case 0..<0x20:
                append("\\u00")
                bytes.append(hex.utf8Start[Int(byte >> 4)])
                bytes.append(hex.utf8Start[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
    }

    /// Appends a CSV field as ``CSVRenderer/quoted(_:)`` writes it: quoted, with quotes doubled,
    /// when it holds `,` `"` CR or LF; otherwise as it is.
    mutating func appendCSVField(_ field: String) {
        var field = field
        let done = field.withUTF8 { text -> Bool in
            var needsQuotes = false
            for byte in text {
                if byte == UInt8(ascii: "\"") { return false }  // doubling quotes: the String method
                if byte == UInt8(ascii: ",") || byte == 0x0A || byte == 0x0D { needsQuotes = true }
            }
            if needsQuotes { bytes.append(UInt8(ascii: "\"")) }
            bytes.append(contentsOf: text)
            if needsQuotes { bytes.append(UInt8(ascii: "\"")) }
            return true
        }
        // Quotes are doubled character by character (a quote that starts a grapheme cluster is not
        // a lone quote), as the String method does: rare, so it is simply called.
        if !done { append(utf8: CSVRenderer.quoted(field)) }
    }
}
