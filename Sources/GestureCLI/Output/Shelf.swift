import Foundation

/// Values that threads put back for other threads to reuse: a stack of at most ``limit`` values
/// behind a lock. `check`'s memory sinks (``SinkPool``) and the renderers' names' caches
/// (``NameCacheShelf``) wait on one between traces.
final class Shelf<Value>: @unchecked Sendable {
    // `values` is read and written only with `lock` held.
    private let lock = NSLock()
    private var values: [Value] = []
    /// The most values kept waiting; one put back beyond them is let go.
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    /// The value put back last, if any.
    func take() -> Value? {
        lock.withLock { values.popLast() }
    }

    /// Puts `value` back for a later ``take()``, unless ``limit`` values wait already.
    func put(_ value: Value) {
        lock.withLock {
            if values.count < limit { values.append(value) }
        }
    }
}
