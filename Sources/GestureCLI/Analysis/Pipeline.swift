import Foundation

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
        guard !cancelled else { return false }
        slots[(head + count) % slots.count] = item
        count += 1
        condition.broadcast()
        return true
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
