import Foundation
import GestureKit

/// A first-in first-out queue between two threads, holding at most `capacity` items: the producer
/// waits while it is full, the consumer while it is empty.
///
/// The producer ends the stream with ``close()``; the consumer can give up with ``cancel()``, after
/// which ``put(_:)`` returns false at once (so a producer never waits for a consumer that left).
final class BoundedQueue<Element: Sendable>: @unchecked Sendable {
    // Every stored property is read and written only with `condition` locked.
    private let condition = NSCondition()
    /// A ring of `capacity` slots: `count` items from `head` on.
    private var slots: [Element?]
    private var head = 0
    private var count = 0
    private var closed = false
    private var cancelled = false

    init(capacity: Int) {
        slots = Array(repeating: nil, count: max(1, capacity))
    }

    /// Adds an item, waiting for room; false when the consumer has cancelled.
    func put(_ item: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !cancelled, count == slots.count { condition.wait() }
        return append(item)
    }

    /// Adds an item if there is room, without waiting; false when there is none or the consumer
    /// has cancelled.
    func offer(_ item: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return count < slots.count && append(item)
    }

    /// Ends the stream: once the items are taken, ``take()`` returns nil.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next item, waiting for one; nil once the stream is closed and empty, or cancelled.
    func take() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while !cancelled, count == 0, !closed { condition.wait() }
        return removeFirst()
    }

    /// The next item if there is one, without waiting.
    func poll() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        return removeFirst()
    }

    /// Adds `item` at the end, there being room; false when cancelled. With `condition` locked.
    private func append(_ item: Element) -> Bool {
        guard !cancelled else { return false }
        slots[(head + count) % slots.count] = item
        count += 1
        condition.broadcast()
        return true
    }

    /// Removes the first item, if any; nil when cancelled. With `condition` locked.
    private func removeFirst() -> Element? {
        guard !cancelled, count > 0, let item = slots[head] else { return nil }
        slots[head] = nil
        head = (head + 1) % slots.count
        count -= 1
        condition.broadcast()
        return item
    }

    /// Gives up: the producer's ``put(_:)`` returns false, ``take()`` nil, and the items left go.
    func cancel() {
        condition.lock()
        cancelled = true
        for index in slots.indices { slots[index] = nil }
        count = 0
        condition.broadcast()
        condition.unlock()
    }
}

/// A thread running one closure, which can be waited for.
final class BackgroundJob: @unchecked Sendable {
    private let condition = NSCondition()
    private var finished = false

    /// Starts `body` on a new thread (with an 8 MiB stack, like `check`'s workers).
    init(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            body()
            condition.lock()
            finished = true
            condition.broadcast()
            condition.unlock()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Waits until the closure has returned.
    func wait() {
        condition.lock()
        while !finished { condition.wait() }
        condition.unlock()
    }
}

/// Hands a value that is not `Sendable` to one other thread, which alone uses it from then on
/// (until the handing thread has waited for it to finish).
struct Handover<Value>: @unchecked Sendable {
    let value: Value
}

/// A batch of values handed from one thread to another through a ``BoundedQueue``, in storage of
/// a fixed capacity: one thread fills it, the other empties it (moving the values out, which copies
/// nothing) and hands it back to be filled again, so that its storage is allocated once per run and
/// freed by neither thread while it works.
///
/// One thread at a time uses a batch; the queues' locks order the handovers.
// Arrays cost the engine thread a copy of every sample taken out and exclusivity checks on every record put in
// (callgrind, analyze of the 2 MB sample: 116.7 M instructions on the engine thread with arrays, 115.7 M with batches).
final class Batch<Element>: @unchecked Sendable {
    private let storage: UnsafeMutablePointer<Element>
    /// The most values it holds.
    let capacity: Int
    /// The values it holds, from the start of `storage`.
    private(set) var count = 0
    /// For a renderer that observes samples (`trace-event`): the samples read, each with the number
    /// of values the batch held when the engine took it, so that the rendering thread hands it on
    /// before the records that sample made, as one thread would. Empty for every other renderer.
    var samples: [(position: Int, sample: Sample)] = []

    /// An empty batch holding up to `capacity` values.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
        storage = .allocate(capacity: self.capacity)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    /// Whether it holds `capacity` values.
    var isFull: Bool { count == capacity }

    /// Whether it holds nothing.
    var isEmpty: Bool { count == 0 }

    /// Adds `element` at the end; the batch must not be full.
    @inline(__always)
    func append(_ element: consuming Element) {
        precondition(count < capacity, "a full batch")
        (storage + count).initialize(to: element)
        count += 1
    }

    /// Moves every value out, in order, into `body`; the batch is empty after, even when `body` throws
    /// (the values not yet handed to it are dropped).
    @inline(__always)
    func removeAll<E: Error>(_ body: (consuming Element) throws(E) -> Void) throws(E) {
        try forEachPlace { place throws(E) in try body(place.move()) }
    }

    /// Moves every value out, in order, and lends it to `body`, which does not own it; the batch is
    /// empty after, even when `body` throws (the values not yet lent are dropped).
    // The records' way to the renderer. Handed to a consuming closure, each record was copied once
    // and destroyed twice; lent from the storage (`pointee`), it was copied too, since `body` might
    // write there (callgrind, the rendering thread of analyze --format jsonl of the 2 MB sample:
    // 24.10 M -> 18.53 M instructions).
    @inline(__always)
    func lendAll<E: Error>(_ body: (borrowing Element) throws(E) -> Void) throws(E) {
        try forEachPlace { place throws(E) in
            let element = place.move()
            try body(element)
        }
    }

    /// Calls `body` with the place of every value, in order, which `body` moves out; the batch is
    /// empty after, even when `body` throws (the values after that place are dropped).
    @inline(__always)
    private func forEachPlace<E: Error>(_ body: (UnsafeMutablePointer<Element>) throws(E) -> Void) throws(E) {
        var index = 0
        defer {
            if index < count { (storage + index).deinitialize(count: count - index) }
            count = 0
        }
        while index < count {
            let place = storage + index
            index += 1
            try body(place)
        }
    }
}
