extension Array where Element: AnyObject {
    /// Calls `body` with each element in order, without retaining and releasing each one around
    /// the call (which the compiler otherwise does whenever `body` calls code it cannot see, such
    /// as an overridable recognizer method): the engine's hottest loops run over small arrays of
    /// recognizers and touches, once or more per event.
    ///
    /// This is safe whatever `body` does: the array's buffer, held by this call for the whole loop,
    /// keeps every element alive; if `body` changes the variable the array came from, that variable
    /// gets a buffer of its own (copy on write) and the loop goes on over the elements it started with.
    ///
    /// The elements are read as `Unmanaged` references: reading them as references and then
    /// passing them unretained still made the compiler retain and release each one (a retain and
    /// a release per touch and recognizer of every event, callgrind and the assembly of
    /// `deliverToRecognizers`).
    @inline(__always)
    func forEachBorrowed(_ body: (Element) throws -> Void) rethrows {
        try withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: Unmanaged<Element>.self) { references in
                for reference in references { try reference._withUnsafeGuaranteedRef { try body($0) } }
            }
        }
    }

    /// Calls `body` with the first element that satisfies `predicate`, if any, without retaining
    /// any element; returns whether one did.
    @inline(__always)
    @discardableResult
    func withFirstBorrowed(where predicate: (Element) -> Bool, _ body: (Element) -> Void) -> Bool {
        withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: Unmanaged<Element>.self) { references in
                for reference in references where reference._withUnsafeGuaranteedRef(predicate) {
                    reference._withUnsafeGuaranteedRef(body)
                    return true
                }
                return false
            }
        }
    }
}

extension Array {
    /// Calls `body` with the array in `slot`, moved out of it for the call and moved back after it,
    /// `slot` holding an empty array meanwhile: the recognizers' touch methods get the engine's
    /// lists without a retain and a release of each around the call.
    ///
    /// Swapping the list with a local empty array did the same but released that empty array at the
    /// end, a call into the runtime for every recognizer and touch of every event (callgrind, check
    /// of 1,000 traces: 850,000 calls). The empty array holds no storage of its own (the runtime's
    /// shared empty storage, never freed), so it is overwritten without being released. `body` must
    /// not change `slot` (an array it put there would be overwritten without being released).
    @inline(__always)
    static func lend(_ slot: inout [Element], to body: ([Element]) -> Void) {
        withUnsafeMutablePointer(to: &slot) { pointer in
            let list = pointer.move()
            pointer.initialize(to: [])
            body(list)
            pointer.initialize(to: consume list)
        }
    }

    /// Calls `body` with the array in `slot`, moved out of it for the call and moved back after it,
    /// as ``lend(_:to:)`` does, for a body that changes the array: the engine's per-event buffers.
    @inline(__always)
    static func withTaken(_ slot: inout [Element], _ body: (inout [Element]) -> Void) {
        withUnsafeMutablePointer(to: &slot) { pointer in
            var list = pointer.move()
            pointer.initialize(to: [])
            body(&list)
            pointer.initialize(to: consume list)
        }
    }
}

/// A list of the recognizers of one ``GestureEnvironment``, held without reference counting.
///
/// The environment keeps every recognizer it was given in its `recognizers` for its whole life,
/// and only its own recognizers are ever listed, so the references stay valid while the list is
/// used: the per-event lists of the engine (the recognizers an event involves, in order) cost no
/// retain or release per recognizer and event.
///
/// A class over memory it owns, reused event after event: as an array in a stored property, each
/// append and each removal checked that the buffer was not shared, four calls into the runtime per
/// recognizer and event (callgrind, check of 1,000 traces: 2.6 million, ~30 M instructions).
final class RecognizerList {
    // Unchecked: only the engine's loop uses a list, and never from two places at once.
    @exclusivity(unchecked) private var items: UnsafeMutablePointer<Unmanaged<GestureRecognizer>>
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var capacity: Int

    init() {
        capacity = 16
        items = .allocate(capacity: capacity)
    }

    deinit { items.deallocate() }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    func append(_ recognizer: GestureRecognizer) {
        if count == capacity { grow() }
        (items + count).initialize(to: Unmanaged.passUnretained(recognizer))
        count += 1
    }

    @inline(never)
    private func grow() {
        let bigger = UnsafeMutablePointer<Unmanaged<GestureRecognizer>>.allocate(capacity: capacity * 2)
        bigger.initialize(from: items, count: count)
        items.deallocate()
        items = bigger
        capacity *= 2
    }

    /// Empties the list, keeping its memory.
    func removeAll() {
        count = 0
    }

    /// Exchanges the contents of the two lists.
    func swapContents(with other: RecognizerList) {
        swap(&items, &other.items)
        swap(&count, &other.count)
        swap(&capacity, &other.capacity)
    }

    /// Calls `body` with each recognizer the list holds when the loop starts, in order (`body`
    /// must not empty the list).
    @inline(__always)
    func forEach(_ body: (GestureRecognizer) throws -> Void) rethrows {
        let n = count
        var index = 0
        while index < n {
            try items[index]._withUnsafeGuaranteedRef { try body($0) }
            index += 1
        }
    }
}
