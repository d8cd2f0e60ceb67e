/// The identity of a finger in a trace: an integer or a string, as the trace spells it.
///
/// An id may be reused once the touch it named has ended or been cancelled.
public enum TouchID: Hashable, Sendable, Comparable {
    /// An integer id, such as `1`.
    case number(Int)
    /// A string id, such as `"thumb"`.
    case name(String)

    /// Integers sort before strings; each in its natural order.
    public static func < (a: TouchID, b: TouchID) -> Bool {
        switch (a, b) {
        case let (.number(x), .number(y)): return x < y
        case let (.name(x), .name(y)): return x < y
        case (.number, .name): return true
        case (.name, .number): return false
        }
    }
}

extension TouchID: CustomStringConvertible {
    /// The id as a trace spells it, without quotes.
    public var description: String {
        switch self {
        case .number(let n): return String(n)
        case .name(let s): return s
        }
    }
}

/// The phase of a touch in one event (`UITouch.Phase`).
public enum TouchPhase: String, Sendable, CaseIterable {
    /// The finger touched the screen.
    case began
    /// The finger moved.
    case moved
    /// The finger is down and did not move.
    case stationary
    /// The finger lifted.
    case ended
    /// The system cancelled the touch.
    case cancelled

    /// Whether the touch is over after this phase.
    public var isTerminal: Bool {
        switch self {
        case .ended, .cancelled: return true
        case .began, .moved, .stationary: return false
        }
    }

    /// Whether two phases are the same case.
    ///
    /// Compares cases directly: the `==` a raw-valued enum gets by default compares raw values,
    /// which the optimizer folds to a case comparison but leaves a retain and release of the
    /// object holding the phase in every loop that compares one.
    public static func == (a: TouchPhase, b: TouchPhase) -> Bool {
        switch (a, b) {
        case (.began, .began), (.moved, .moved), (.stationary, .stationary), (.ended, .ended), (.cancelled, .cancelled):
            return true
        default:
            return false
        }
    }
}

/// The phase of a motion event (`motionBegan`, `motionEnded`, `motionCancelled`).
public enum MotionPhase: String, Sendable, CaseIterable {
    /// The motion started.
    case began
    /// The motion finished.
    case ended
    /// The motion was cancelled.
    case cancelled
}

/// The kinds of motion event (`UIEvent.EventSubtype.motionShake`).
public enum MotionSubtype: String, Sendable, CaseIterable {
    /// The device was shaken.
    case shake
}

/// The remote-control commands of `UIEvent.EventSubtype`.
public enum RemoteControlSubtype: String, Sendable, CaseIterable {
    case play, pause, stop, togglePlayPause, nextTrack, previousTrack
    case beginSeekingBackward, endSeekingBackward, beginSeekingForward, endSeekingForward
}

/// The application-level calls that stop and resume touch delivery (they nest).
public enum ApplicationSubtype: String, Sendable, CaseIterable {
    /// `UIApplication.beginIgnoringInteractionEvents()`.
    case beginIgnoringInteractionEvents
    /// `UIApplication.endIgnoringInteractionEvents()`.
    case endIgnoringInteractionEvents
}

/// One recorded change: of one touch, or one non-touch event.
///
/// Samples that share the same `t` and are adjacent in a trace form one event.
public struct Sample: Hashable, Sendable {
    /// What changed.
    public enum Kind: Hashable, Sendable {
        /// A touch changed.
        case touch(id: TouchID, phase: TouchPhase, location: Point, force: Double?, radius: Double?)
        /// A motion event.
        case motion(phase: MotionPhase, subtype: MotionSubtype)
        /// A remote-control event.
        case remoteControl(subtype: RemoteControlSubtype)
        /// An application call that stops or resumes touch delivery.
        case application(subtype: ApplicationSubtype)
    }

    /// The time in seconds.
    public var t: Double
    /// What happened.
    public var kind: Kind

    /// Creates a sample.
    public init(t: Double, kind: Kind) {
        self.t = t
        self.kind = kind
    }

    /// Creates a touch sample.
    public static func touch(
        _ t: Double, id: TouchID, _ phase: TouchPhase, x: Double, y: Double,
        force: Double? = nil, radius: Double? = nil
    ) -> Sample {
        Sample(t: t, kind: .touch(id: id, phase: phase, location: Point(x: x, y: y), force: force, radius: radius))
    }
}

extension Sample.Kind {
    /// The id of a touch sample (`.number(0)` for any other kind), copied without the rest of the
    /// sample: a pattern binding the id together with the other fields copies the whole sample.
    @inline(__always)
    var touchID: TouchID {
        if case .touch(.number(let n), _, _, _, _) = self { return .number(n) }
        if case .touch(.name(let s), _, _, _, _) = self { return .name(s) }
        return .number(0)
    }
}

extension TouchID {
    /// Whether two ids are the same, compared where they are (the engine compares each pending
    /// touch's id, read through the pending touches' buffer, with the ids of the touches down).
    @inline(__always)
    func matches(_ other: TouchID) -> Bool {
        if case .number(let a) = self {
            if case .number(let b) = other { return a == b }
            return false
        }
        if case .name(let a) = self, case .name(let b) = other { return a == b }
        return false
    }
}
