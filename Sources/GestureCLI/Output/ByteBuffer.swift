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
    /// The bytes written (the first ``count``), then room for more: zeros that appends write over.
    ///
    /// Appends copy into that room rather than through `Array.append(contentsOf:)`, whose generic
    /// path cost about 100 instructions for each literal and number of a record (a fifth of writing
    /// a JSON Lines record, 8% of `check`); a copy into room already there costs about 25.
    private var storage: [UInt8]
    /// The number of bytes written.
    private(set) var count = 0

    /// Creates an empty buffer with room for `capacity` bytes.
    init(capacity: Int = 0) {
        storage = [UInt8](repeating: 0, count: max(capacity, 0))
    }

    /// The bytes written so far.
    var bytes: [UInt8] { count == storage.count ? storage : Array(storage[..<count]) }

    /// The bytes written so far, leaving the buffer empty: no copy is made (``bytes`` makes one
    /// unless the buffer is full).
    mutating func takeBytes() -> [UInt8] {
        storage.removeSubrange(count...)
        count = 0
        defer { storage = [] }
        return storage
    }

    /// Whether nothing is written.
    @inline(__always) var isEmpty: Bool { count == 0 }

    /// The bytes as text (tests, and the few callers that need a `String`).
    var string: String { withUnsafeBytes { String(decoding: $0, as: UTF8.self) } }

    /// Forgets the bytes, keeping the memory for reuse.
    mutating func removeAll() { count = 0 }

    /// Forgets the first `count` bytes, keeping the memory for reuse.
    mutating func removeFirst(_ count: Int) {
        precondition(count >= 0 && count <= self.count, "ByteBuffer.removeFirst: only \(self.count) bytes")
        let rest = self.count - count
        if rest > 0 {
            storage.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                base.update(from: base + count, count: rest)
            }
        }
        self.count = rest
    }

    /// Appends one byte.
    @inline(__always) mutating func append(_ byte: UInt8) {
        if count == storage.count { grow(toHold: count &+ 1) }
        storage[count] = byte
        count &+= 1
    }

    /// Appends a literal's UTF-8 bytes.
    @inline(__always) mutating func append(_ literal: StaticString) {
        appendBytes(literal.utf8Start, literal.utf8CodeUnitCount)
    }

    /// Appends bytes.
    @inline(__always) mutating func append(_ other: [UInt8]) {
        other.withUnsafeBufferPointer { append($0) }
    }

    /// Appends bytes.
    @inline(__always) mutating func append(_ other: UnsafeBufferPointer<UInt8>) {
        guard let base = other.baseAddress else { return }
        appendBytes(base, other.count)
    }

    /// Appends bytes.
    @inline(__always) mutating func append(_ other: UnsafeRawBufferPointer) {
        append(other.bindMemory(to: UInt8.self))
    }

    /// Appends a string's UTF-8 bytes as they are.
    mutating func append(utf8 text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Copies `length` bytes from `source` after the bytes written.
    @inline(__always)
    private mutating func appendBytes(_ source: UnsafePointer<UInt8>, _ length: Int) {
        guard length > 0 else { return }
        let end = count &+ length
        if end > storage.count { grow(toHold: end) }
        let start = count
        storage.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.unsafelyUnwrapped.advanced(by: start).update(from: source, count: length)
        }
        count = end
    }

    /// Makes room for `needed` bytes in all, at least doubling it.
    @inline(never)
    private mutating func grow(toHold needed: Int) {
        let room = max(needed, storage.count * 2, 256)
        storage.append(contentsOf: repeatElement(0, count: room - storage.count))
    }

    /// Calls `body` with the bytes.
    func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        let count = self.count
        let result: Result<R, E> = storage.withUnsafeBytes { raw in
            do throws(E) {
                return .success(try body(UnsafeRawBufferPointer(rebasing: raw[..<count])))
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
            append(UInt8(truncatingIfNeeded: value) &+ 48)
            return
        }
        appendDigits(value.magnitude, negative: value < 0)
    }

    /// Appends `magnitude`'s decimal digits, after a minus sign when `negative`.
    private mutating func appendDigits(_ magnitude: UInt, negative: Bool) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { scratch in
            let index = DecimalFormatting.writeDigits(UInt64(magnitude), places: 0, negative: negative, into: scratch)
            append(UnsafeBufferPointer(rebasing: scratch[index...]))
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
    /// certain to agree with the exact method (see ``DecimalFormatting/scaled(_:fractionDigits:)``).
    @inline(__always)
    private mutating func appendScaled(_ value: Double, fractionDigits: Int) -> Bool {
        guard let (units, places) = DecimalFormatting.scaled(value, fractionDigits: fractionDigits) else { return false }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { scratch in
            let index = DecimalFormatting.writeDigits(units, places: places, negative: value < 0 && units != 0, into: scratch)
            append(UnsafeBufferPointer(rebasing: scratch[index...]))
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
        append(UInt8(ascii: "\""))
        if !Self.needsJSONEscaping(text) {
            append(text)
        } else {
            appendEscaped(text)
        }
        append(UInt8(ascii: "\""))
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
                append(hex.utf8Start[Int(byte >> 4)])
                append(hex.utf8Start[Int(byte & 0x0F)])
            default: append(byte)
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
            if needsQuotes { append(UInt8(ascii: "\"")) }
            append(text)
            if needsQuotes { append(UInt8(ascii: "\"")) }
            return true
        }
        // Quotes are doubled character by character (a quote that starts a grapheme cluster is not
        // a lone quote), as the String method does: rare, so it is simply called.
        if !done { append(utf8: CSVRenderer.quoted(field)) }
    }
}
