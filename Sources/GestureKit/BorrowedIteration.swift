extension Array where Element: AnyObject {
    /// Calls `body` with each element in order, without retaining and releasing each one around
    /// the call (which the compiler otherwise does whenever `body` calls code it cannot see, such
    /// as an overridable recognizer method): the engine's hottest loops run over small arrays of
    /// recognizers and touches, once or more per event.
    ///
    /// This is safe whatever `body` does: the array's buffer, held by this call for the whole loop,
    /// keeps every element alive; if `body` changes the variable the array came from, that variable
    /// gets a buffer of its own (copy on write) and the loop goes on over the elements it started with.
    @inline(__always)
    func forEachBorrowed(_ body: (Element) throws -> Void) rethrows {
        try withUnsafeBufferPointer { buffer in
            for element in buffer {
                try Unmanaged.passUnretained(element)._withUnsafeGuaranteedRef { try body($0) }
            }
        }
    }
}
