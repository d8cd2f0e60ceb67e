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

    /// How many bytes the buffer holds before it grows.
    var capacity: Int { storage.count }

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

// MARK: - Room

extension ByteBuffer {
    /// Makes room for `bound` bytes after those written and calls `body` with where they start and
    /// `bound`; `body` writes at most `bound` bytes there and returns how many it wrote.
    @inline(__always)
    mutating func withRoom(_ bound: Int, _ body: (UnsafeMutablePointer<UInt8>, Int) -> Int) {
        let end = count &+ bound
        if end > storage.count { grow(toHold: end) }
        let start = count
        let written = storage.withUnsafeMutableBufferPointer { buffer in
            body(buffer.baseAddress.unsafelyUnwrapped.advanced(by: start), bound)
        }
        precondition(written >= 0 && written <= bound, "ByteBuffer.withRoom: wrote more than the room")
        count = start &+ written
    }
}

// MARK: - Numbers and strings

extension ByteBuffer {
    /// Appends an integer in decimal.
    mutating func appendInteger(_ value: Int) {
        write(upTo: ByteWriter.integerBound) { $0.integer(value) }
    }

    /// Appends a number exactly as ``DecimalFormatting/append(_:fractionDigits:to:)`` writes it
    /// (see ``ByteWriter/number(_:fractionDigits:)``).
    @inline(__always)
    mutating func appendNumber(_ value: Double, fractionDigits: Int = DecimalFormatting.defaultFractionDigits) {
        write(upTo: ByteWriter.numberBound) { out in
            if fractionDigits == DecimalFormatting.defaultFractionDigits {
                out.number(value)
            } else {
                out.number(value, fractionDigits: fractionDigits)
            }
        }
    }

    /// Appends `value` as a quoted JSON string, escaped exactly as ``JSONWriter/appendQuoted(_:to:)``
    /// escapes it; strings that need no escaping (the usual names) are copied as they are.
    mutating func appendJSONString(_ value: String) {
        write(upTo: ByteWriter.jsonStringBound(value)) { $0.jsonString(value) }
    }

    /// Appends UTF-8 text as a quoted, escaped JSON string.
    mutating func appendJSONString(utf8 text: UnsafeBufferPointer<UInt8>) {
        write(upTo: text.count &* 6 &+ 2) { $0.jsonString(utf8: text) }
    }

    /// Appends a CSV field as ``CSVRenderer/quoted(_:)`` writes it: quoted, with quotes doubled,
    /// when it holds `,` `"` CR or LF; otherwise as it is.
    mutating func appendCSVField(_ field: String) {
        write(upTo: ByteWriter.csvFieldBound(field)) { $0.csvField(field) }
    }
}
