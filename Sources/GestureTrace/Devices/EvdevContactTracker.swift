import GestureKit

/// Follows the contacts of a touch device through its input events, in any of the three ways Linux
/// reports them, and turns them into began, moved and ended changes, one frame per `SYN_REPORT`.
///
/// - Multitouch protocol B: `ABS_MT_SLOT` selects a slot; `ABS_MT_TRACKING_ID` ≥ 0 starts a contact
///   in it, -1 (`ffffffff`) ends it. Values are only sent when they change, so a slot keeps its last
///   position from one contact to the next.
/// - Multitouch protocol A: every frame lists all contacts, each closed by `SYN_MT_REPORT`; a frame
///   with no contacts ends them all. Contacts are matched to the previous frame's by
///   `ABS_MT_TRACKING_ID` when every contact has a distinct one, otherwise by nearest position.
/// - Single touch: `BTN_TOUCH` 1/0 puts the one contact down and up; `ABS_X`, `ABS_Y` move it.
///
/// A contact that touches down and lifts in the same frame ends 1 µs later, and a frame that does not
/// come after the previous one is moved to 1 µs after it, so that every trace event holds a contact
/// once and time never goes back. Contacts still down when the recording ends are cancelled at its
/// last frame (1 µs after it for one that only went down in that frame). Oddities (lifts without a touch, positions without a contact, `SYN_DROPPED`, events
/// after the last `SYN_REPORT`) become warnings, never failures.
struct EvdevContactTracker {
    /// The three ways of reporting contacts.
    enum Mode: String {
        case protocolA = "multitouch protocol A"
        case protocolB = "multitouch protocol B (slots)"
        case singleTouch = "single-touch (BTN_TOUCH, ABS_X, ABS_Y)"
    }

    private struct Slot {
        var contact: Int?
        var x: Int32?
        var y: Int32?
        var pressure: Int32?
        var major: Int32?
        var moved = false
        var releasePending = false
        var beginPending = false
        var endAfterBegin = false
    }

    private struct PartialContact {
        var x: Int32?
        var y: Int32?
        var trackingID: Int32?
        var pressure: Int32?
        var major: Int32?
        var hasData = false
    }

    private struct Live {
        var x: Int32
        var y: Int32
        var pressure: Int32?
        var major: Int32?
        var trackingID: Int32?
    }

    let mode: Mode
    /// The frames with changes, in time order.
    private(set) var frames: [ContactFrame] = []
    /// The smallest and largest value seen for each ABS code.
    private(set) var extremes: [UInt16: (minimum: Int32, maximum: Int32)] = [:]
    private(set) var tally = WarningTally()
    /// What stopped the conversion, at its line: more contacts down at once than a trace may have
    /// (`SampleValidator.maximumTouchesDown`), or a frame time beyond the largest timestamp. Once
    /// set, later events are ignored and the converters report it as an error.
    private(set) var failure: (line: Int, message: String)?

    private var nextID = 1
    /// Contacts down, by id, with their last reported values.
    private var live: [Int: Live] = [:]
    private var current: [ContactChange] = []
    private var deferredEnds: [ContactChange] = []
    private var lastFrameTime: Int64?
    private var lastReportTime: Int64?
    private var lastReportLine = 0
    private var eventsSinceReport = 0
    private var firstEventSinceReport = 0
    private var droppingUntilReport = false
    /// The line of the last event that was not a `SYN_REPORT`, for a failure found at the frame's end.
    private var lastEventLine = 0

    // Protocol B
    private var slots: [Int32: Slot] = [:]
    private var slot: Int32 = 0
    // Protocol A
    private var partial = PartialContact()
    private var frameContacts: [PartialContact] = []
    // Single touch
    private var single = Slot()
    private var buttonChanges: [Bool] = []

    init(mode: Mode) {
        self.mode = mode
    }

    /// The way `events` report contacts: protocol A when any `SYN_MT_REPORT` occurs, protocol B when
    /// any slot or tracking id does, otherwise single touch when `ABS_X`, `ABS_Y` or `BTN_TOUCH` does;
    /// nil when there is no touch event at all.
    static func detectMode(_ events: [EvdevEvent]) -> Mode? {
        var sawMT = false
        var sawSingle = false
        for event in events {
            switch (event.type, event.code) {
            case (EvdevCode.synType, EvdevCode.synMTReport): return .protocolA
            case (EvdevCode.absType, EvdevCode.mtSlot), (EvdevCode.absType, EvdevCode.mtTrackingID),
                (EvdevCode.absType, EvdevCode.mtPositionX), (EvdevCode.absType, EvdevCode.mtPositionY):
                sawMT = true
            case (EvdevCode.absType, EvdevCode.absX), (EvdevCode.absType, EvdevCode.absY),
                (EvdevCode.keyType, EvdevCode.btnTouch):
                sawSingle = true
            default: break
            }
        }
        if sawMT { return .protocolB }
        return sawSingle ? .singleTouch : nil
    }

    /// Takes the next event of the recording.
    mutating func feed(_ event: EvdevEvent) {
        guard failure == nil else { return }
        if event.type == EvdevCode.absType { noteExtreme(event.code, event.value) }
        if event.type == EvdevCode.synType {
            switch event.code {
            case EvdevCode.synReport:
                if droppingUntilReport {
                    droppingUntilReport = false
                    resetFrame()
                } else {
                    endFrame(at: event.time, line: event.line)
                }
                eventsSinceReport = 0
                lastReportTime = event.time
                lastReportLine = event.line
                return
            case EvdevCode.synDropped:
                tally.note("dropped", line: event.line,
                    "SYN_DROPPED: the device dropped events; the rest of this frame is ignored")
                droppingUntilReport = true
                return
            default: break
            }
        }
        if eventsSinceReport == 0 { firstEventSinceReport = event.line }
        lastEventLine = event.line
        eventsSinceReport += 1
        guard !droppingUntilReport else { return }
        switch mode {
        case .protocolB: feedB(event)
        case .protocolA: feedA(event)
        case .singleTouch: feedSingle(event)
        }
    }

    private mutating func noteExtreme(_ code: UInt16, _ value: Int32) {
        if let known = extremes[code] {
            extremes[code] = (min(known.minimum, value), max(known.maximum, value))
        } else {
            extremes[code] = (value, value)
        }
    }

    // MARK: Protocol B

    private mutating func feedB(_ event: EvdevEvent) {
        guard event.type == EvdevCode.absType else { return }
        switch event.code {
        case EvdevCode.mtSlot:
            guard event.value >= 0, event.value < 4096 else {
                tally.note("slot", line: event.line, "ABS_MT_SLOT \(event.value) is out of range; ignored")
                return
            }
            slot = event.value
        case EvdevCode.mtTrackingID:
            var s = slots[slot] ?? Slot()
            if event.value < 0 {
                if s.beginPending && s.contact == nil {
                    s.endAfterBegin = true
                } else if s.contact != nil {
                    s.releasePending = true
                } else {
                    tally.note("lift", line: event.line,
                        "ABS_MT_TRACKING_ID -1 for slot \(slot), which has no touch down; ignored")
                }
            } else if s.contact != nil {
                if live[s.contact ?? 0]?.trackingID != event.value {
                    s.releasePending = true
                    s.beginPending = true
                }
            } else {
                s.beginPending = true
                s.endAfterBegin = false
            }
            pendingTrackingIDs[slot] = event.value
            slots[slot] = s
        case EvdevCode.mtPositionX, EvdevCode.mtPositionY:
            var s = slots[slot] ?? Slot()
            if event.code == EvdevCode.mtPositionX { s.x = event.value } else { s.y = event.value }
            s.moved = true
            slots[slot] = s
        case EvdevCode.mtPressure:
            slots[slot, default: Slot()].pressure = event.value
        case EvdevCode.mtTouchMajor:
            slots[slot, default: Slot()].major = event.value
        default: break
        }
    }

    private var pendingTrackingIDs: [Int32: Int32] = [:]

    private mutating func endFrameB(line: Int) {
        for key in slots.keys.sorted() {
            guard var s = slots[key] else { continue }
            let releasing = s.releasePending && s.contact != nil
            if s.releasePending, let id = s.contact, var last = live[id] {
                if !s.beginPending, let x = s.x, let y = s.y {
                    last.x = x
                    last.y = y
                }
                emit(id, .ended, last.x, last.y, s.pressure, s.major)
                s.contact = nil
            }
            s.releasePending = false
            if s.beginPending {
                if let x = s.x, let y = s.y {
                    let id = beginContact(x, y, s.pressure, s.major, trackingID: pendingTrackingIDs[key])
                    s.contact = id
                    s.beginPending = false
                    if s.endAfterBegin {
                        deferredEnds.append(ContactChange(id: id, phase: .ended, x: x, y: y, pressure: s.pressure, major: s.major))
                        s.contact = nil
                        live[id] = nil
                        s.endAfterBegin = false
                    }
                } else if s.endAfterBegin {
                    s.beginPending = false
                    s.endAfterBegin = false
                }
            } else if let id = s.contact, s.moved, let x = s.x, let y = s.y {
                moveContact(id, x, y, s.pressure, s.major)
            } else if s.contact == nil, s.moved, !releasing {
                tally.note("orphan-position", line: line,
                    "a position for slot \(key), which has no touch down (no ABS_MT_TRACKING_ID yet); "
                        + "the recording may have started with a finger down")
            }
            s.moved = false
            slots[key] = s
        }
        pendingTrackingIDs.removeAll()
    }

    // MARK: Protocol A

    private mutating func feedA(_ event: EvdevEvent) {
        if event.type == EvdevCode.synType, event.code == EvdevCode.synMTReport {
            closeContactA(line: event.line)
            return
        }
        guard event.type == EvdevCode.absType else { return }
        switch event.code {
        case EvdevCode.mtPositionX: partial.x = event.value
        case EvdevCode.mtPositionY: partial.y = event.value
        case EvdevCode.mtTrackingID: partial.trackingID = event.value
        case EvdevCode.mtPressure: partial.pressure = event.value
        case EvdevCode.mtTouchMajor: partial.major = event.value
        default: return
        }
        partial.hasData = true
    }

    private mutating func closeContactA(line: Int) {
        defer { partial = PartialContact() }
        guard partial.hasData else { return }
        guard partial.x != nil, partial.y != nil else {
            tally.note("no-position", line: line, "a contact without ABS_MT_POSITION_X and _Y; ignored")
            return
        }
        // Matching a frame's contacts to the previous frame's weighs every pair: without this bound,
        // thousands of contacts in one frame take memory quadratic in them.
        guard frameContacts.count < Self.maximumContacts else {
            fail(at: line, "a frame of more than \(Self.maximumContacts) contacts: a trace may have at most "
                + "\(Self.maximumContacts) touches down at once")
            return
        }
        frameContacts.append(partial)
    }

    private mutating func endFrameA(line: Int) {
        closeContactA(line: line)
        let contacts = frameContacts
        frameContacts.removeAll()
        let active = live.keys.sorted()
        var matchOfContact = [Int?](repeating: nil, count: contacts.count)
        let ids = contacts.compactMap(\.trackingID)
        let byTrackingID =
            ids.count == contacts.count && Set(ids).count == ids.count
            && active.allSatisfy { live[$0]?.trackingID != nil }
        if byTrackingID {
            for (index, contact) in contacts.enumerated() {
                matchOfContact[index] = active.first { live[$0]?.trackingID == contact.trackingID }
            }
        } else {
            var pairs: [(contact: Int, id: Int, distance: Double)] = []
            for (index, contact) in contacts.enumerated() {
                for id in active {
                    guard let last = live[id], let x = contact.x, let y = contact.y else { continue }
                    let dx = Double(x) - Double(last.x)
                    let dy = Double(y) - Double(last.y)
                    pairs.append((index, id, dx * dx + dy * dy))
                }
            }
            pairs.sort { ($0.distance, $0.contact, $0.id) < ($1.distance, $1.contact, $1.id) }
            var usedIDs: Set<Int> = []
            for pair in pairs where matchOfContact[pair.contact] == nil && !usedIDs.contains(pair.id) {
                matchOfContact[pair.contact] = pair.id
                usedIDs.insert(pair.id)
            }
        }
        let matched = Set(matchOfContact.compactMap { $0 })
        for id in active where !matched.contains(id) {
            guard let last = live[id] else { continue }
            emit(id, .ended, last.x, last.y, last.pressure, last.major)
            live[id] = nil
        }
        for (index, contact) in contacts.enumerated() {
            guard let x = contact.x, let y = contact.y else { continue }
            if let id = matchOfContact[index] {
                live[id]?.trackingID = contact.trackingID
                moveContact(id, x, y, contact.pressure, contact.major)
            } else {
                _ = beginContact(x, y, contact.pressure, contact.major, trackingID: contact.trackingID)
            }
        }
    }

    // MARK: Single touch

    private mutating func feedSingle(_ event: EvdevEvent) {
        switch (event.type, event.code) {
        case (EvdevCode.absType, EvdevCode.absX):
            single.x = event.value
            single.moved = true
        case (EvdevCode.absType, EvdevCode.absY):
            single.y = event.value
            single.moved = true
        case (EvdevCode.absType, EvdevCode.absPressure):
            single.pressure = event.value
        case (EvdevCode.keyType, EvdevCode.btnTouch):
            if event.value == 2 { return }  // key repeat
            buttonChanges.append(event.value != 0)
            buttonLine = event.line
        default: break
        }
    }

    private var buttonLine = 0

    private mutating func endFrameSingle() {
        var beganNow: Int?
        for down in buttonChanges {
            if down {
                if single.contact != nil || single.beginPending {
                    tally.note("double-down", line: buttonLine, "BTN_TOUCH went down while already down; ignored")
                } else {
                    single.beginPending = true
                }
            } else if let id = single.contact {
                if beganNow == id {
                    deferredEnds.append(
                        ContactChange(id: id, phase: .ended, x: live[id]?.x ?? 0, y: live[id]?.y ?? 0,
                                      pressure: single.pressure, major: nil))
                    live[id] = nil
                } else if let x = single.x, let y = single.y {
                    emit(id, .ended, x, y, single.pressure, nil)
                    live[id] = nil
                }
                single.contact = nil
                single.moved = false
            } else if single.beginPending {
                single.beginPending = false
            } else {
                tally.note("lift", line: buttonLine, "BTN_TOUCH went up while no touch was down; ignored")
            }
            if single.beginPending, let x = single.x, let y = single.y {
                let id = beginContact(x, y, single.pressure, nil, trackingID: nil)
                single.contact = id
                single.beginPending = false
                single.moved = false
                beganNow = id
            }
        }
        buttonChanges.removeAll()
        if single.beginPending, let x = single.x, let y = single.y {
            single.contact = beginContact(x, y, single.pressure, nil, trackingID: nil)
            single.beginPending = false
        } else if let id = single.contact, single.moved, beganNow == nil, let x = single.x, let y = single.y {
            moveContact(id, x, y, single.pressure, nil)
        }
        single.moved = false
    }

    // MARK: Frames

    private mutating func beginContact(_ x: Int32, _ y: Int32, _ pressure: Int32?, _ major: Int32?, trackingID: Int32?)
        -> Int
    {
        if live.count >= Self.maximumContacts, failure == nil {
            fail(at: lastEventLine, "a touch goes down while \(live.count) are down: a trace may have at most "
                + "\(Self.maximumContacts) touches down at once")
        }
        let id = nextID
        nextID += 1
        live[id] = Live(x: x, y: y, pressure: pressure, major: major, trackingID: trackingID)
        current.append(ContactChange(id: id, phase: .began, x: x, y: y, pressure: pressure, major: major))
        return id
    }

    private mutating func moveContact(_ id: Int, _ x: Int32, _ y: Int32, _ pressure: Int32?, _ major: Int32?) {
        guard var last = live[id] else { return }
        last.pressure = pressure
        last.major = major
        if last.x != x || last.y != y {
            last.x = x
            last.y = y
            current.append(ContactChange(id: id, phase: .moved, x: x, y: y, pressure: pressure, major: major))
        }
        live[id] = last
    }

    private mutating func emit(_ id: Int, _ phase: TouchPhase, _ x: Int32, _ y: Int32, _ pressure: Int32?, _ major: Int32?) {
        current.append(ContactChange(id: id, phase: phase, x: x, y: y, pressure: pressure, major: major))
        if phase.isTerminal { live[id] = nil }
    }

    private mutating func endFrame(at time: Int64, line: Int) {
        switch mode {
        case .protocolB: endFrameB(line: line)
        case .protocolA: endFrameA(line: line)
        case .singleTouch: endFrameSingle()
        }
        appendFrame(current, at: time, line: line)
        current.removeAll()
        if !deferredEnds.isEmpty {
            appendFrame(deferredEnds, at: (lastFrameTime ?? time) &+ 1000, line: line)
            tally.note("same-frame", line: line,
                "a touch went down and up in the same frame; its lift is written 1 µs later")
            deferredEnds.removeAll()
        }
    }

    private mutating func resetFrame() {
        current.removeAll()
        deferredEnds.removeAll()
        partial = PartialContact()
        frameContacts.removeAll()
        buttonChanges.removeAll()
        pendingTrackingIDs.removeAll()
    }

    private mutating func appendFrame(_ changes: [ContactChange], at time: Int64, line: Int) {
        guard !changes.isEmpty else { return }
        var time = time
        if let last = lastFrameTime, time <= last {
            tally.note("time", line: line,
                "this frame's time is not after the previous frame's; it is written 1 µs after it")
            time = last &+ 1000
        }
        // A repair 1 µs after a frame at the largest timestamp would wrap to a negative time.
        guard time >= 0 else {
            fail(at: line, Self.beyondLastTimestamp)
            return
        }
        frames.append(ContactFrame(time: time, line: line, changes: changes))
        lastFrameTime = time
    }

    /// The most contacts down at once: the trace reader's limit.
    static let maximumContacts = SampleValidator.maximumTouchesDown

    /// The failure of a time repair that would go past `Int64.max` nanoseconds.
    static let beyondLastTimestamp = "a frame 1 µs after the previous one would be beyond the largest timestamp "
        + "(\(Int64.max / 1_000_000_000) s)"

    /// Records the first failure; later events are ignored.
    private mutating func fail(at line: Int, _ message: String) {
        if failure == nil { failure = (line, message) }
    }

    /// Ends the recording: warns about events after the last `SYN_REPORT` and cancels the contacts
    /// still down at the last frame. A contact whose last change there is a move is cancelled in
    /// its place; one that only went down in that very frame keeps its `began` and is cancelled
    /// 1 µs later, so that no touch is lost (a trace wants one change per contact per event).
    mutating func finish() {
        noteUnterminated()
        let down = live.keys.sorted()
        guard !down.isEmpty, let lastFrame = frames.last else { return }
        let endTime = max(lastFrame.time, lastReportTime ?? lastFrame.time)
        var cancels: [ContactChange] = []
        var lateCancels: [ContactChange] = []
        for id in down {
            guard let last = live[id] else { continue }
            let cancel = ContactChange(id: id, phase: .cancelled, x: last.x, y: last.y, pressure: last.pressure, major: last.major)
            if endTime == lastFrame.time, let index = frames[frames.count - 1].changes.firstIndex(where: { $0.id == id }) {
                if frames[frames.count - 1].changes[index].phase == .began {
                    tally.note("still-down-\(id)", line: lastReportLine,
                        "touch \(id) went down in the last frame and is still down at the end of the recording; "
                            + "it is written as cancelled 1 µs after it")
                    lateCancels.append(cancel)
                } else {
                    tally.note("still-down-\(id)", line: lastReportLine,
                        "touch \(id) is still down at the end of the recording; it is written as cancelled at the last frame")
                    frames[frames.count - 1].changes[index].phase = .cancelled
                }
            } else {
                tally.note("still-down-\(id)", line: lastReportLine,
                    "touch \(id) is still down at the end of the recording; it is written as cancelled at the last frame")
                cancels.append(cancel)
            }
        }
        live.removeAll()
        if !cancels.isEmpty {
            if frames[frames.count - 1].time == endTime {
                frames[frames.count - 1].changes += cancels
            } else {
                frames.append(ContactFrame(time: endTime, line: lastReportLine, changes: cancels))
            }
        }
        if !lateCancels.isEmpty {
            let time = (frames.last?.time ?? endTime) &+ 1000
            guard time >= 0 else {
                fail(at: lastReportLine, Self.beyondLastTimestamp)
                return
            }
            frames.append(ContactFrame(time: time, line: lastReportLine, changes: lateCancels))
            lastFrameTime = time
        }
    }

    /// The frames completed since the last call (a live recording writes them as they come).
    mutating func takeFrames() -> [ContactFrame] {
        defer { frames.removeAll(keepingCapacity: true) }
        return frames
    }

    /// Ends a recording whose frames have been taken as they came: warns about events after the last
    /// `SYN_REPORT` and cancels the contacts still down in a frame of their own, 1 µs after the last
    /// (the last frame is written already).
    mutating func finishLive() {
        noteUnterminated()
        guard let lastTime = lastFrameTime else { return }
        var cancels: [ContactChange] = []
        for id in live.keys.sorted() {
            guard let last = live[id] else { continue }
            tally.note("still-down-\(id)", line: lastReportLine,
                "touch \(id) is still down at the end of the recording; it is written as cancelled 1 µs after the last frame")
            cancels.append(ContactChange(id: id, phase: .cancelled, x: last.x, y: last.y, pressure: last.pressure, major: last.major))
        }
        live.removeAll()
        appendFrame(cancels, at: lastTime &+ 1000, line: lastReportLine)
    }

    private mutating func noteUnterminated() {
        if eventsSinceReport > 0 {
            tally.note("unterminated", line: firstEventSinceReport,
                "the recording ends without a SYN_REPORT after this line: its last \(eventsSinceReport) "
                    + "event\(eventsSinceReport == 1 ? " was" : "s were") ignored")
        }
    }
}
