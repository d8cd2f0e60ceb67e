/// Memory sinks that `check`'s worker threads reuse from one trace to the next.
///
/// Each trace is rendered into memory with room for its golden file; a fresh sink for each trace
/// zeroed that room and, being as large as the golden file, often came from fresh pages of the
/// system (2.3% of `check`'s instructions were zeroing them, and the pages faulted in again and
/// again). A sink taken from the pool keeps its room; it is handed back empty after the trace.
///
/// Safe to use from several threads at once: a thread takes a sink for itself alone.
final class SinkPool: Sendable {
    /// The sinks handed back: at most one a worker is ever taken out at once, so no limit is needed.
    private let shelf = Shelf<ByteSink>(limit: .max)
    /// The largest sink kept for reuse: a larger one (a huge trace's) is let go, so that memory
    /// does not stay at its size for the rest of the run.
    static let largestKept = 16 << 20

    /// A memory sink with room for `capacity` bytes: one handed back earlier if it has the room.
    func take(capacity: Int) -> ByteSink {
        if let sink = shelf.take(), sink.buffer.capacity >= capacity { return sink }
        // Too small (it goes; the new one, larger, comes back in its place) or none yet.
        return ByteSink.memory(capacity: capacity)
    }

    /// Hands `sink` back, emptied, for the next trace.
    func giveBack(_ sink: ByteSink) {
        guard sink.buffer.capacity <= Self.largestKept else { return }
        sink.buffer.removeAll()
        shelf.put(sink)
    }
}
