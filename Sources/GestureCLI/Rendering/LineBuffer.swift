/// The `text` format's column pass writes its lines here, through a pointer: room for a whole
/// line is made once (``reserve(_:)``), then its cells are copied in without a check per cell.
///
/// Owned by one function, which calls ``deallocate()`` when done (a `defer`).
struct LineBuffer {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The number of bytes written.
    private(set) var count = 0

    /// Creates an empty buffer with room for `capacity` bytes.
    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    /// Frees the memory; the buffer is not used after.
    func deallocate() { base.deallocate() }

    /// The bytes written.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// Forgets the bytes, keeping the memory.
    mutating func removeAll() { count = 0 }

    /// Makes room for `extra` more bytes: what the writing methods below may then write.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Writes bytes (room reserved).
    @inline(__always)
    mutating func write(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress else { return }
        (base + count).update(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        count += bytes.count
    }

    /// Writes one byte (room reserved).
    @inline(__always)
    mutating func write(byte: UInt8) {
        base[count] = byte
        count += 1
    }

    /// Writes a literal of two characters or more (room reserved).
    @inline(__always)
    mutating func write(_ literal: StaticString) {
        write(UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Writes `count` spaces, none when `count` is not positive (room reserved).
    @inline(__always)
    mutating func writeSpaces(_ count: Int) {
        guard count > 0 else { return }
        (base + self.count).update(repeating: UInt8(ascii: " "), count: count)
        self.count += count
    }

    /// The byte at `index`, which is below ``count``.
    @inline(__always)
    subscript(index: Int) -> UInt8 { base[index] }

    /// Keeps the first `count` bytes and forgets the rest.
    @inline(__always)
    mutating func truncate(to count: Int) { self.count = min(count, self.count) }
}
