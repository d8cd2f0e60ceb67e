import GestureKit

/// Gives each touch a trace id for its whole life: 1, 2, 3, … in the order touches begin, never
/// reused, however UIKit reuses its `UITouch` objects.
///
/// A touch first seen after it began (the recording started while a finger was down) is written as
/// beginning where it is first seen; one first seen as it ends is not written at all, since the
/// trace never saw it down.
public struct TouchIdentities: Sendable {
    private var ids: [UInt: Int] = [:]
    private var next = 1

    /// Creates an empty table.
    public init() {}

    /// How many touches are down.
    public var down: Int { ids.count }

    /// The id and the phase to write for `touch`, or nil when it should not be written.
    public mutating func resolve(_ touch: TouchSnapshot) -> (id: Int, phase: TouchPhase)? {
        switch touch.phase {
        case .began:
            let id = next
            next += 1
            ids[touch.identity] = id
            return (id, .began)
        case .moved, .stationary:
            if let id = ids[touch.identity] { return touch.phase == .stationary ? nil : (id, .moved) }
            let id = next
            next += 1
            ids[touch.identity] = id
            return (id, .began)
        case .ended, .cancelled:
            guard let id = ids.removeValue(forKey: touch.identity) else { return nil }
            return (id, touch.phase)
        }
    }
}
