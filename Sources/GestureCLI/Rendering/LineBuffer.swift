/// Bytes of the `text` format written through a pointer: a line's cells and figures as the
/// renderer makes them, and the padded lines of the column pass.
///
/// A class that one renderer owns and hands to the text format's writers, each write checking the
/// room left and copying through the pointer (the 2 MB sample's `analyze --format text`: the column
/// pass took 14.4 M instructions through ``ByteBuffer`` when that appended through
/// `Array.append(contentsOf:)`, 8.9 M here). ``ByteBuffer`` now copies into room it keeps as well;
/// the two could become one writer, which has not been measured.
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
        write(units: UInt64(value.magnitude), places: 0, negative: value < 0)
    }

    /// Writes a number exactly as ``DecimalFormatting`` prints it (and `ByteBuffer.appendNumber`
    /// writes it): the digit writer for integers and the fast method's digits, the exact method
    /// through `String` otherwise.
    @inline(__always)
    func write(number value: Double, fractionDigits: Int) {
        if value.magnitude < 9_007_199_254_740_992, value == value.rounded(.towardZero) {
            write(units: UInt64(value.magnitude), places: 0, negative: value < 0)
        } else if let (units, places) = DecimalFormatting.scaled(value, fractionDigits: fractionDigits) {
            write(units: units, places: places, negative: value < 0 && units != 0)
        } else {
            write(utf8: DecimalFormatting.string(value, fractionDigits: fractionDigits))
        }
    }

    /// `units` × 10^-`places` through ``DecimalFormatting/writeDigits(_:places:negative:into:)``
    /// (`-0` as `0`).
    @inline(__always)
    private func write(units: UInt64, places: Int, negative: Bool) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { scratch in
            let index = DecimalFormatting.writeDigits(units, places: places, negative: negative && units != 0, into: scratch)
            write(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: scratch[index...])))
        }
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
