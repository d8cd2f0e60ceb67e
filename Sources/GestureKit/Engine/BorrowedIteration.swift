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

/// A list of the recognizers of one ``GestureEnvironment``, held without reference counting.
///
/// The environment keeps every recognizer it was given in its `recognizers` for its whole life,
/// and only its own recognizers are ever listed, so the references stay valid while the list is
/// used: the per-event lists of the engine (the recognizers an event involves, in order) cost no
/// retain or release per recognizer and event.
struct RecognizerList {
    private var items: [Unmanaged<GestureRecognizer>] = []

    var isEmpty: Bool { items.isEmpty }

    mutating func append(_ recognizer: GestureRecognizer) {
        items.append(Unmanaged.passUnretained(recognizer))
    }

    /// Empties the list, keeping its buffer.
    mutating func removeAll() {
        items.removeAllKeepingBuffer()
    }

    /// Calls `body` with each recognizer in order.
    @inline(__always)
    func forEach(_ body: (GestureRecognizer) throws -> Void) rethrows {
        try items.withUnsafeBufferPointer { buffer in
            for item in buffer { try item._withUnsafeGuaranteedRef { try body($0) } }
        }
    }
}
