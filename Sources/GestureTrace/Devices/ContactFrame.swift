import GestureKit

/// One change of one contact in raw device units, at the time of the frame (`SYN_REPORT`) it came in.
struct ContactChange: Hashable {
    /// The trace's id of the contact: 1, 2, 3… in the order contacts touch down.
    var id: Int
    var phase: TouchPhase
    var x: Int32
    var y: Int32
    var pressure: Int32?
    var major: Int32?
}

/// The changes of one frame: everything between two `SYN_REPORT`s, which becomes one trace event.
struct ContactFrame: Hashable {
    /// Nanoseconds, strictly increasing from frame to frame.
    var time: Int64
    /// The line of the frame's `SYN_REPORT`.
    var line: Int
    var changes: [ContactChange]
}
