/// One finger on the screen for the life of its touch, as `UITouch` models it.
///
/// A touch keeps the view it first hit for its whole life. Locations are kept in window (screen)
/// coordinates; ask for ``location(in:)`` to get them in a view's coordinates.
public final class Touch {
    /// The finger's id in the trace.
    public let id: TouchID
    // Unchecked: the phase, locations, time and event of every touch, read and written at every event:
    // ~460,000 checks (~20% of analyze on the 2 MB sample). One stored struct so that one annotation covers them.
    @exclusivity(unchecked) private var current: TouchMotion
    /// The phase in the current event.
    public internal(set) var phase: TouchPhase {
        get { current.phase }
        _modify { yield &current.phase }
    }
    /// The location in window coordinates.
    public internal(set) var windowLocation: Point {
        get { current.windowLocation }
        _modify { yield &current.windowLocation }
    }
    /// The location in the previous event that changed this touch, in window coordinates.
    public internal(set) var previousWindowLocation: Point {
        get { current.previousWindowLocation }
        _modify { yield &current.previousWindowLocation }
    }
    /// Where the touch began, in window coordinates.
    public let startLocation: Point
    /// The time of the touch's last change.
    public internal(set) var timestamp: Double {
        get { current.timestamp }
        _modify { yield &current.timestamp }
    }
    /// The time the touch began.
    public let startTime: Double
    /// UIKit's tap count: successive taps close in time and place count up.
    public internal(set) var tapCount: Int
    // Unchecked: read for every new touch, and by delivery to the responders.
    /// The hit-test view, or nil when the touch hit nothing that receives touches.
    @exclusivity(unchecked) public internal(set) weak var view: View?
    // Unchecked, with `majorRadius`: written by every sample that gives them, ~16,000 checks
    // (~0.6% of analyze on the 2 MB sample, callgrind).
    /// The force of the touch in its last sample that gave one (the trace's `force`), or nil.
    @exclusivity(unchecked) public internal(set) var force: Double?
    /// The radius of the touch in its last sample that gave one (the trace's `radius`), or nil.
    @exclusivity(unchecked) public internal(set) var majorRadius: Double?
    /// An object a layer above the engine keeps for this touch (GestureUIKit's `UITouch`), held weakly.
    public weak var compatibilityObject: AnyObject?
    // Unchecked: walked for every changed touch, ~20,000 checks (~1% of analyze on the 2 MB sample).
    /// Recognizers this touch is delivered to, in delivery order.
    @exclusivity(unchecked) var recognizers: [GestureRecognizer] = []
    /// The recognizers this touch is delivered to, in delivery order (`UITouch.gestureRecognizers`).
    public var gestureRecognizers: [GestureRecognizer] { recognizers }
    /// Whether the view stopped receiving this touch because a recognizer cancelled it.
    var cancelledInView = false
    /// Whether an exclusive-touch view kept the touch from every recognizer when it began.
    var withheldFromRecognizers = false
    /// Monotonic sequence number, for stable ordering.
    let serial: Int
    /// The last touch event this touch changed in.
    var eventSerial: Int {
        get { current.eventSerial }
        _modify { yield &current.eventSerial }
    }

    init(id: TouchID, location: Point, time: Double, tapCount: Int, serial: Int) {
        self.id = id
        current = TouchMotion(phase: .began, windowLocation: location, previousWindowLocation: location, timestamp: time)
        startLocation = location
        startTime = time
        self.tapCount = tapCount
        self.serial = serial
    }

    /// The location in `view`'s coordinates (window coordinates when `view` is nil).
    public func location(in view: View?) -> Point {
        guard let view else { return windowLocation }
        return view.convertFromWindow(windowLocation)
    }

    /// The previous location in `view`'s coordinates (window coordinates when `view` is nil).
    public func previousLocation(in view: View?) -> Point {
        guard let view else { return previousWindowLocation }
        return view.convertFromWindow(previousWindowLocation)
    }
}

/// One dispatch of a touch event: every touch change that shares a timestamp (`UIEvent`).
public struct TouchEvent {
    /// The event's time.
    public let timestamp: Double
    /// Every touch down in this event, including those that end in it.
    public let allTouches: [Touch]
    /// The event's sequence number in the trace.
    let serial: Int

    /// Creates an event (the engine numbers its own; one made elsewhere has serial 0).
    public init(timestamp: Double, allTouches: [Touch]) {
        self.init(timestamp: timestamp, allTouches: allTouches, serial: 0)
    }

    init(timestamp: Double, allTouches: [Touch], serial: Int) {
        self.timestamp = timestamp
        self.allTouches = allTouches
        self.serial = serial
    }
}

extension Array where Element == Touch {
    /// The mean window location, or nil for no touches.
    var windowCentroid: Point? {
        guard !isEmpty else { return nil }
        var x = 0.0, y = 0.0
        forEachBorrowed { touch in
            x += touch.windowLocation.x
            y += touch.windowLocation.y
        }
        return Point(x: x / Double(count), y: y / Double(count))
    }

    /// The mean window location of the touches that are not cancelled, or nil for none.
    var uncancelledWindowCentroid: Point? {
        var x = 0.0, y = 0.0, n = 0
        forEachBorrowed { touch in
            guard touch.phase != .cancelled else { return }
            x += touch.windowLocation.x
            y += touch.windowLocation.y
            n += 1
        }
        return n == 0 ? nil : Point(x: x / Double(n), y: y / Double(n))
    }

    /// The number of touches that are not ended or cancelled.
    var liveCount: Int {
        var n = 0
        forEachBorrowed { touch in if !touch.phase.isTerminal { n += 1 } }
        return n
    }

    /// The mean window location of the touches that are not ended or cancelled, or nil for none.
    var liveWindowCentroid: Point? {
        var x = 0.0, y = 0.0, n = 0
        forEachBorrowed { touch in
            guard !touch.phase.isTerminal else { return }
            x += touch.windowLocation.x
            y += touch.windowLocation.y
            n += 1
        }
        return n == 0 ? nil : Point(x: x / Double(n), y: y / Double(n))
    }
}

/// What changes in a touch from event to event (``Touch`` keeps it in one stored property).
struct TouchMotion {
    var phase: TouchPhase
    var windowLocation: Point
    var previousWindowLocation: Point
    var timestamp: Double
    var eventSerial = 0
}
