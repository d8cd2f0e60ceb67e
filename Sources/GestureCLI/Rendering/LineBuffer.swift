/// Bytes of the `text` format written through a pointer: a line's cells and figures as the
/// renderer makes them, and the padded lines of the column pass.
///
/// A class that one renderer owns and hands to the text format's writers, each write checking the
/// room left and copying through the pointer (the 2 MB sample's `analyze --format text`: the column
/// pass took 14.4 M instructions through ``ByteBuffer`` when that appended through
/// `Array.append(contentsOf:)`, 8.9 M here). Numbers are written by ``ByteWriter``, as the other
/// formats' are.
final class LineBuffer {
    // Unchecked: written a few times per figure; one renderer owns each buffer.
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var capacity: Int
    /// The number of bytes written.
    @exclusivity(unchecked) private(set) var count = 0

    /// Creates an empty buffer with room for `capacity` bytes (it grows as needed).
    init(capacity: Int = 1 << 12) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// Forgets the bytes, keeping the memory.
    func removeAll() { count = 0 }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    private func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Writes one byte.
    @inline(__always)
    func write(byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Writes bytes.
    @inline(__always)
    func write(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count)
        (base + count).update(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        count += bytes.count
    }

    /// Writes a literal of two characters or more (one character is a `UInt8` literal, see ``write(byte:)``).
    @inline(__always)
    func write(_ literal: StaticString) {
        write(UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Writes a string's UTF-8 bytes.
    @inline(__always)
    func write(utf8 text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// Writes `count` spaces, none when `count` is not positive.
    @inline(__always)
    func writeSpaces(_ count: Int) {
        guard count > 0 else { return }
        reserve(count)
        (base + self.count).update(repeating: UInt8(ascii: " "), count: count)
        self.count += count
    }

    /// Writes an integer in decimal.
    func write(integer value: Int) {
        write(upTo: ByteWriter.integerBound) { $0.integer(value) }
    }

    /// Writes a number exactly as ``DecimalFormatting`` prints it, through ``ByteWriter``'s
    /// number method (the one `ByteBuffer.appendNumber` uses): eight digits at a time where the
    /// fast method is certain, the exact method otherwise. Through a scratch buffer, two digits at a
    /// time, `analyze --format text` of the 2 MB sample took 37.4 M instructions in its renderer.
    @inline(__always)
    func write(number value: Double, fractionDigits: Int) {
        write(upTo: ByteWriter.numberBound) { $0.number(value, fractionDigits: fractionDigits) }
    }

    /// Makes room for `bound` bytes and lets `body` write at most that many through a ``ByteWriter``.
    @inline(__always)
    private func write(upTo bound: Int, _ body: (inout ByteWriter) -> Void) {
        reserve(bound)
        var writer = ByteWriter(base + count, count: bound)
        body(&writer)
        count = writer.position - base
    }

    /// The byte at `index`, which is below ``count``.
    @inline(__always)
    subscript(index: Int) -> UInt8 {
        get { base[index] }
        set { base[index] = newValue }
    }

    /// Moves the bytes from `index` on `distance` bytes up (the room between is left as it was).
    func shiftUp(from index: Int, by distance: Int) {
        let tail = Array(UnsafeBufferPointer(start: base + index, count: count - index))
        reserve(distance)
        tail.withUnsafeBufferPointer { (base + index + distance).update(from: $0.baseAddress!, count: $0.count) }
        count += distance
    }

    /// Keeps the first `count` bytes and forgets the rest.
    @inline(__always)
    func truncate(to count: Int) { self.count = min(count, self.count) }
}
