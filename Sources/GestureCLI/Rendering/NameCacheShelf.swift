/// Names' caches (``RecognizerNameCache``) put back by renderers whose trace is over, for the next
/// traces' renderers: each trace's renderer filled its cache afresh, about 2,470 instructions for
/// each new entry, seven a trace in `check` (1.2% of its instructions).
///
/// A cache holds only escaped names, which depend on nothing but the names, so a cache that comes
/// from another trace (another scene, another thread) writes the same bytes. Every thread takes a
/// cache when its renderer first needs one and puts it back when the trace ends, so that `check`'s
/// workers reuse a few caches between them. At most ``limit`` caches wait, each of at most
/// ``entryLimit`` entries (bigger ones are dropped), so the memory kept is small and bounded.
final class NameCacheShelf: Sendable {
    private let shelf = Shelf<RecognizerNameCache.Entries>(limit: NameCacheShelf.limit)

    /// The shelf of JSON members' caches, and that of CSV cells' caches.
    static let json = NameCacheShelf()
    static let csv = NameCacheShelf()

    /// The most caches kept waiting.
    static let limit = 8
    /// The most entries of a cache put back.
    static let entryLimit = 256

    /// A cache put back, if any.
    func take() -> RecognizerNameCache.Entries? {
        shelf.take()
    }

    /// Puts `entries` back for a later renderer, unless the shelf is full or the cache is too big.
    func put(_ entries: RecognizerNameCache.Entries) {
        guard entries.count <= Self.entryLimit else { return }
        shelf.put(entries)
    }
}
