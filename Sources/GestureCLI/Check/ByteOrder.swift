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

    /// `items` in the order of their keys' UTF-8 bytes: `items.sorted { precedes(key($0), key($1)) }`
    /// for keys that are all different (file names in a directory, paths of different files).
    static func sorted<T>(_ items: [T], by key: (T) -> String) -> [T] {
        guard items.count > 1 else { return items }
        // The keys' bytes one after the other in one array (an array for each key was an allocation a name).
        var bytes: [UInt8] = []
        var ends: [Int] = []
        ends.reserveCapacity(items.count)
        for item in items {
            bytes.append(contentsOf: key(item).utf8)
            ends.append(bytes.count)
        }
        return bytes.withUnsafeBytes { all in
            var start = 0
            let keys = ends.map { end in
                defer { start = end }
                return UnsafeRawBufferPointer(rebasing: all[start..<end])
            }
            return order(of: keys).map { items[$0] }
        }
    }

    /// The indices of `keys` in the order of their bytes, for keys that are all different.
    ///
    /// The sixteen bytes after the prefix all keys share are compared as two integers, and only keys
    /// that agree on them are compared whole: sorting a 1,000-trace corpus's directory and its traces
    /// took 25 million instructions comparing strings (copies, `withUTF8`, `memcmp` for every pair).
    static func order(of keys: [UnsafeRawBufferPointer]) -> [Int] {
        guard keys.count > 1 else { return Array(keys.indices) }
        return sortedWords(of: keys, shared: sharedPrefix(of: keys)).map(\.index)
    }

    /// How many first bytes all `keys` share.
    private static func sharedPrefix(of keys: [UnsafeRawBufferPointer]) -> Int {
        guard let first = keys.first else { return 0 }
        var shared = first.count
        for other in keys.dropFirst() where shared > 0 {
            shared = min(shared, other.count)
            var i = 0
            while i < shared && other[i] == first[i] { i &+= 1 }
            shared = i
        }
        return shared
    }

    /// The eight bytes of `bytes` from `start`, big-endian, zeros past the end (a tie then compares the
    /// whole keys, so a key that ends sorts before a longer one as `precedes` says).
    private static func word(_ bytes: UnsafeRawBufferPointer, at start: Int) -> UInt64 {
        var word: UInt64 = 0
        for i in start..<(start &+ 8) { word = word &<< 8 | UInt64(i < bytes.count ? bytes[i] : 0) }
        return word
    }

    /// The two words after the `shared` bytes of each key and its index, in the keys' order.
    private static func sortedWords(of keys: [UnsafeRawBufferPointer], shared: Int) -> [(first: UInt64, second: UInt64, index: Int)] {
        var order: [(first: UInt64, second: UInt64, index: Int)] = []
        order.reserveCapacity(keys.count)
        for (index, bytes) in keys.enumerated() {
            order.append((word(bytes, at: shared), word(bytes, at: shared &+ 8), index))
        }
        order.sort { a, b in
            if a.first != b.first { return a.first < b.first }
            if a.second != b.second { return a.second < b.second }
            return precedes(keys[a.index], keys[b.index])
        }
        return order
    }

    /// Keys, all different, sorted by their bytes as ``order(of:)`` sorts them, and searched by the same
    /// integers: whether a directory's golden file names a trace of it takes a few integer comparisons
    /// (comparing the bytes of each key it passes on the way was a tenth of finding a corpus's traces).
    struct SortedKeys {
        /// The keys, in the order of their bytes.
        let keys: [UnsafeRawBufferPointer]
        private let shared: Int
        private let words: [(first: UInt64, second: UInt64)]

        /// Sorts `keys`.
        init(_ keys: [UnsafeRawBufferPointer]) {
            shared = ByteOrder.sharedPrefix(of: keys)
            let sorted = ByteOrder.sortedWords(of: keys, shared: shared)
            self.keys = sorted.map { keys[$0.index] }
            words = sorted.map { ($0.first, $0.second) }
        }

        /// Whether `key` is one of the keys, byte for byte.
        func contains(_ key: UnsafeRawBufferPointer) -> Bool {
            guard let first = keys.first, key.count >= shared,
                ByteOrder.same(UnsafeRawBufferPointer(rebasing: key[..<shared]), UnsafeRawBufferPointer(rebasing: first[..<shared]))
            else { return false }
            let high = ByteOrder.word(key, at: shared)
            let low = ByteOrder.word(key, at: shared &+ 8)
            var start = 0
            var end = keys.count
            while start < end {
                let middle = (start &+ end) / 2
                let words = self.words[middle]
                let before =
                    words.first != high
                    ? words.first < high : words.second != low ? words.second < low : ByteOrder.precedes(keys[middle], key)
                if before { start = middle &+ 1 } else { end = middle }
            }
            return start < keys.count && ByteOrder.same(keys[start], key)
        }
    }
}
