/// A timer on the trace's virtual time line.
///
/// Timers never look at the wall clock: they fire at their exact virtual time, between samples
/// or after the last one.
struct VirtualTimer {
    /// When the timer fires.
    var deadline: Double
    /// Order of scheduling, to break ties deterministically.
    var serial: Int
    /// Who owns it (the timer is dropped when the owner resets).
    let owner: ObjectIdentifier
    /// What to do.
    let action: () -> Void
}

/// The engine's virtual clock: the current trace time and the pending timers.
///
/// An event at exactly a timer's deadline is still in time: timers due strictly before an event's
/// time fire before it; a timer due at the same time fires after it. (See docs/recognizers.md.)
final class VirtualClock {
    /// The time of the sample or timer being processed.
    private(set) var now: Double = 0
    // Unchecked: searched at every event, ~19,000 checks (~0.8% of analyze on the 2 MB sample).
    @exclusivity(unchecked) private var timers: [VirtualTimer] = []
    private var nextSerial = 0

    /// Tolerance for comparing trace times, which pass through decimal text and subtraction.
    static let epsilon = 1e-9

    /// The tolerance for comparing times near `t`: ``epsilon``, or a few units in the last place of
    /// `t` when that is more. A trace may start at any `t` (a device clock, the Unix epoch); near
    /// 1.7e9 s a double's spacing is 2.4e-7 s, so `1700000000.05 + 0.35` and `1700000000.40` differ
    /// by a unit in the last place although the trace means them to be equal.
    static func tolerance(near t: Double) -> Double {
        let scaled = abs(t) * 0x1p-49  // 16 units in the last place
        return scaled > epsilon ? scaled : epsilon
    }

    func advance(to time: Double) {
        if time > now { now = time }
    }

    func set(_ time: Double) { now = time }

    @discardableResult
    func schedule(at deadline: Double, owner: AnyObject, _ action: @escaping () -> Void) -> Int {
        nextSerial += 1
        timers.append(VirtualTimer(deadline: deadline, serial: nextSerial, owner: ObjectIdentifier(owner), action: action))
        return nextSerial
    }

    func cancel(_ serial: Int) {
        timers.removeAll { $0.serial == serial }
    }

    func cancelAll(ownedBy owner: AnyObject) {
        guard !timers.isEmpty else { return }
        let id = ObjectIdentifier(owner)
        timers.removeAll { $0.owner == id }
    }

    /// Removes and returns the earliest timer due strictly before `time` (or at any time when `time` is nil).
    func popDue(before time: Double?) -> VirtualTimer? {
        var best: Int?
        // The deadlines and serials are read in place: a copy of each timer retained and released
        // its action at every event.
        let limit = time.map { $0 - VirtualClock.tolerance(near: $0) }
        for index in timers.indices {
            let deadline = timers[index].deadline
            if let limit, !(deadline < limit) { continue }
            if let b = best {
                let other = timers[b].deadline
                if deadline < other || (deadline == other && timers[index].serial < timers[b].serial) {
                    best = index
                }
            } else {
                best = index
            }
        }
        guard let best else { return nil }
        return timers.remove(at: best)
    }

    var isEmpty: Bool { timers.isEmpty }

    /// The earliest deadline of the pending timers; nil when there are none.
    var nextDeadline: Double? { timers.lazy.map(\.deadline).min() }
}
