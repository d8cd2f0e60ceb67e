#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bytes compared by `memcmp`, as `check` compares file names, paths and golden files: by their
/// UTF-8 bytes, the same on every machine and in every locale. (`[UInt8] ==` and
/// `utf8.lexicographicallyPrecedes` go byte by byte: comparing goldens that way was 6% of `check`'s
/// instructions on a corpus of matching traces, sorting names 2%.)
enum ByteOrder {
    /// Whether the two runs of bytes are the same.
    @inline(__always) static func same(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        guard let x = a.baseAddress, let y = b.baseAddress else { return true }
        return memcmp(x, y, a.count) == 0
    }

    /// Whether `a` comes before `b`: at the first byte that differs, or by being a prefix of it.
    @inline(__always) static func precedes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        let common = min(a.count, b.count)
        if common > 0, let x = a.baseAddress, let y = b.baseAddress {
            let order = memcmp(x, y, common)
            if order != 0 { return order < 0 }
        }
        return a.count < b.count
    }

    /// Whether two byte arrays are the same.
    @inline(__always) static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.withUnsafeBytes { a in b.withUnsafeBytes { b in same(a, b) } }
    }

    /// Whether two strings are the same UTF-8 bytes.
    @inline(__always) static func same(_ a: String, _ b: String) -> Bool {
        var a = a
        var b = b
        return a.withUTF8 { a in b.withUTF8 { b in same(UnsafeRawBufferPointer(a), UnsafeRawBufferPointer(b)) } }
    }

    /// Whether `a`'s UTF-8 bytes come before `b`'s.
    @inline(__always) static func precedes(_ a: String, _ b: String) -> Bool {
        var a = a
        var b = b
        return a.withUTF8 { a in b.withUTF8 { b in precedes(UnsafeRawBufferPointer(a), UnsafeRawBufferPointer(b)) } }
    }
}
