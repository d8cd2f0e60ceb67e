import GestureKit

/// Turns the fields of each sample into a `Sample`, checking what needs the whole sample or the trace so far.
///
/// Checks, in this order: keys that the sample's type does not allow; required keys; the subtype and the
/// motion phase; `t` not smaller than the previous sample's; then the touch's state: the same id twice in one
/// event, a `began` for a touch already down, any other phase for a touch that is not down, a `began` while
/// `maximumTouchesDown` touches are down.
///
/// Memory is proportional to the touches down (plus the touches that ended in the current event). They are
/// kept in a small array searched linearly (a handful of fingers at a time); an index by id joins only when
/// many touches are down at once, so that a hostile trace cannot make validation quadratic.
/// An event is a run of adjacent touch samples with exactly the same `t`; a non-touch sample ends it.
struct SampleValidator {
    /// The file name for diagnostics.
    let file: String
    /// Whether messages speak of CSV cells rather than JSON keys.
    let isCSV: Bool
    /// For CSV, whether the header row has a column for each key (indexed by `SampleKey.rawValue`).
    var columnExists = [Bool](repeating: true, count: SampleKey.allCases.count)

    /// What is known of a touch (its id is kept apart, in `ids`, so that this stays a trivial value).
    private struct TouchState {
        var isDown: Bool
        var lastEvent: Int
        var order: Int
        var lastT: Double
        var lastPosition: SourcePosition
    }

    /// The touches down, and those that ended in the current event (kept so a reuse in the same event is
    /// caught; removed when the next event starts).
    private var touches: [TouchState] = []
    /// The id of each of `touches`.
    private var ids: [TouchID] = []
    /// `touches`' indices by id, kept only while more than `indexThreshold` touches are tracked.
    private var index: [TouchID: Int]?
    private static let indexThreshold = 24
    /// How many entries of `touches` ended in the current event.
    private var releasedCount = 0
    private var event = 0
    private var inTouchEvent = false
    private var beganCount = 0
    /// How many touches are down now, and how many may be: the engine's work per event grows with the
    /// square of the touches down, so a hostile trace with thousands at once would take hours.
    private var downCount = 0
    static let maximumTouchesDown = 256

    /// What the first touch samples say about the trace's units (`UnitCheck`).
    private(set) var units = UnitCheck()

    /// Whether a sample has been accepted.
    private(set) var hasPrevious = false
    /// The `t` of the last sample accepted.
    private(set) var previousT = 0.0
    private var previousTLiteral = LiteralText()

    /// The warnings so far (after `finish()`, the touches still down).
    private(set) var warnings: [Diagnostic] = []
    /// The touches still down at the end, in the order of their `began` samples (after `finish()`).
    private(set) var stillDown: [StillDownTouch] = []
    private var finished = false
    /// Whether `finish()` was called: the trace was read to its end.
    var isFinished: Bool { finished }

    init(file: String, isCSV: Bool) {
        self.file = file
        self.isCSV = isCSV
        touches.reserveCapacity(16)
        ids.reserveCapacity(16)
    }

    private func error(_ message: String, at position: SourcePosition) -> TraceError {
        .invalid(Diagnostic(file: file, position: position, severity: .error, message: message))
    }

    /// The error for a key that `type` does not allow.
    private func notAllowed(_ key: SampleKey, in fields: SampleFields) -> TraceError {
        error("\"\(key.name)\" is not allowed in \(fields.type.nounWithArticle)", at: fields.keyPositions[key.rawValue])
    }

    /// The error for a required key that is missing.
    private func missing(_ key: SampleKey, in fields: SampleFields, noun: String) -> TraceError {
        guard isCSV else {
            return error("\(noun) is missing required key \"\(key.name)\"", at: fields.start)
        }
        if columnExists[key.rawValue] {
            return error("\(noun) is missing \"\(key.name)\" (the cell is empty)", at: fields.valuePositions[key.rawValue])
        }
        return error("\(noun) is missing \"\(key.name)\" (the header row has no \"\(key.name)\" column)", at: fields.start)
    }

    /// The bits of `keys`.
    static func bits(_ keys: [SampleKey]) -> UInt16 {
        keys.reduce(0) { $0 | $1.bit }
    }

    // The keys each type allows and requires, in bits (`SampleKey.bit`; checked against `bits(_:)` by a test):
    // t 0x1, id 0x2, phase 0x4, x 0x8, y 0x10, force 0x20, radius 0x40, type 0x80, subtype 0x100.
    static let touchRequired: [SampleKey] = [.id, .phase, .x, .y]
    static let touchRequiredBits: UInt16 = 0x1E
    /// t, type, id, phase, x, y, force, radius.
    static let touchAllowedBits: UInt16 = 0xFF
    static let motionRequired: [SampleKey] = [.phase, .subtype]
    static let motionRequiredBits: UInt16 = 0x104
    /// t, type, phase, subtype.
    static let motionAllowedBits: UInt16 = 0x185
    static let subtypeOnly: [SampleKey] = [.subtype]
    static let subtypeOnlyBits: UInt16 = 0x100
    /// t, type, subtype.
    static let subtypeOnlyAllowedBits: UInt16 = 0x181

    /// Checks that no key outside `allowedBits` is present, then that every key of `required` is.
    @inline(__always)
    private func checkKeys(
        _ fields: inout SampleFields, allowedBits: UInt16, required: @autoclosure () -> [SampleKey],
        requiredBits: UInt16
    ) throws(TraceError) {
        if fields.present & ~allowedBits != 0 || fields.present & requiredBits != requiredBits {
            throw keyError(fields, allowedBits: allowedBits, required: required())
        }
    }

    /// ``checkKeys(_:allowedBits:required:requiredBits:)`` for the events that have only a subtype.
    @inline(__always)
    private func checkSubtypeOnlyKeys(_ fields: inout SampleFields) throws(TraceError) {
        try checkKeys(
            &fields, allowedBits: Self.subtypeOnlyAllowedBits, required: Self.subtypeOnly,
            requiredBits: Self.subtypeOnlyBits)
    }

    /// The error for a key not allowed (the first in key order) or else a required key missing.
    @inline(never)
    private func keyError(_ fields: SampleFields, allowedBits: UInt16, required: [SampleKey]) -> TraceError {
        for key in SampleKey.allCases where fields.has(key) && allowedBits & key.bit == 0 {
            return notAllowed(key, in: fields)
        }
        for key in required where !fields.has(key) {
            return missing(key, in: fields, noun: fields.type.noun)
        }
        preconditionFailure("keyError without a wrong key")
    }

    /// The subtype of `fields` looked up in `table`, or the error naming the choices.
    private func subtype<T: RawRepresentable>(_ fields: SampleFields, _ table: ByteNameTable<T>, _ all: [T])
        throws(TraceError) -> T where T.RawValue == String
    {
        guard let value = table.lookup(fields.subtype) else {
            let names = all.map(\.rawValue)
            throw error(
                "unknown \(fields.type.rawValue) subtype \(Messages.quoted(fields.subtype))"
                    + Suggestions.parenthesis(
                        String(decoding: fields.subtype, as: UTF8.self), among: names, note: "expected \(Messages.choices(names))"),
                at: fields.valuePositions[SampleKey.subtype.rawValue])
        }
        return value
    }

    /// Validates one sample's fields against the trace so far and returns the sample.
    ///
    /// The common case, a valid touch sample, stays in this function; messages are built out of line so
    /// that it stays small.
    @inline(__always)
    mutating func validate(_ fields: inout SampleFields) throws(TraceError) -> Sample {
        guard fields.has(.t) else {
            throw missingT(fields)
        }
        let kind: Sample.Kind
        if case .touch = fields.type {
            try checkTouchKeys(&fields)
            kind = .touch(
                id: fields.id, phase: fields.phase, location: Point(x: fields.x, y: fields.y),
                force: fields.has(.force) ? fields.force : nil, radius: fields.has(.radius) ? fields.radius : nil)
        } else {
            kind = try otherKind(&fields)
        }
        try accept(&fields)
        return Sample(t: fields.t, kind: kind)
    }

    /// Validates one sample's fields exactly as `validate(_:)` does (the same checks in the same order, the
    /// same errors, the same state afterwards) and returns only its `t`: no `Sample` is built, so a consumer
    /// that only counts samples does not pay for making and destroying one (its `Kind` may hold a string).
    @inline(__always)
    mutating func validateTime(_ fields: inout SampleFields) throws(TraceError) -> Double {
        guard fields.has(.t) else {
            throw missingT(fields)
        }
        if case .touch = fields.type {
            try checkTouchKeys(&fields)
        } else {
            _ = try otherKind(&fields)
        }
        try accept(&fields)
        return fields.t
    }

    /// The key checks of a touch sample.
    ///
    /// The bits are tested here and the error made out of line: through `checkKeys` the common path copied the
    /// whole validator for the error's sake at every sample.
    @inline(__always)
    private mutating func checkTouchKeys(_ fields: inout SampleFields) throws(TraceError) {
        let present = fields.present
        if present & ~Self.touchAllowedBits != 0 || present & Self.touchRequiredBits != Self.touchRequiredBits {
            throw touchKeyError(fields)
        }
    }

    /// `keyError` for a touch sample.
    @inline(never)
    private mutating func touchKeyError(_ fields: SampleFields) -> TraceError {
        keyError(fields, allowedBits: Self.touchAllowedBits, required: Self.touchRequired)
    }

    /// The checks of a sample against the trace so far, once its keys are known to be right: `t` not smaller
    /// than the previous sample's, then the touch's state; then the sample becomes the previous one.
    @inline(__always)
    private mutating func accept(_ fields: inout SampleFields) throws(TraceError) {
        let t = fields.t
        if hasPrevious && t < previousT {
            throw tBeforePrevious(fields)
        }

        if case .touch = fields.type {
            try track(&fields)
        } else {
            inTouchEvent = false
        }

        hasPrevious = true
        previousT = t
        previousTLiteral = fields.tLiteral
    }

    /// The kind of a sample that is not a touch sample.
    @inline(never)
    private func otherKind(_ fields: inout SampleFields) throws(TraceError) -> Sample.Kind {
        switch fields.type {
        case .touch:
            preconditionFailure("otherKind of a touch sample")
        case .motion:
            try checkKeys(
                &fields, allowedBits: Self.motionAllowedBits, required: Self.motionRequired,
                requiredBits: Self.motionRequiredBits)
            let subtype = try subtype(fields, Vocabulary.motionSubtypes, MotionSubtype.allCases)
            guard let phase = MotionPhase(rawValue: fields.phase.rawValue) else {
                throw error(
                    "\"\(fields.phase.rawValue)\" is not a motion phase "
                        + "(expected \(Messages.choices(MotionPhase.allCases.map(\.rawValue))))",
                    at: fields.valuePositions[SampleKey.phase.rawValue])
            }
            return .motion(phase: phase, subtype: subtype)
        case .remoteControl:
            try checkSubtypeOnlyKeys(&fields)
            return .remoteControl(
                subtype: try subtype(fields, Vocabulary.remoteControlSubtypes, RemoteControlSubtype.allCases))
        case .application:
            try checkSubtypeOnlyKeys(&fields)
            return .application(
                subtype: try subtype(fields, Vocabulary.applicationSubtypes, ApplicationSubtype.allCases))
        }
    }

    /// The error for a sample without `t`.
    @inline(never)
    private mutating func missingT(_ fields: SampleFields) -> TraceError {
        missing(.t, in: fields, noun: "sample")
    }

    /// The error for a `t` smaller than the previous sample's.
    @inline(never)
    private mutating func tBeforePrevious(_ fields: SampleFields) -> TraceError {
        error(
            "\"t\" is \(fields.tLiteral.text), smaller than the previous sample's \(previousTLiteral.text)",
            at: fields.valuePositions[SampleKey.t.rawValue])
    }

    /// The errors of `track(_:)`.
    private enum TouchProblem {
        case twiceInEvent, alreadyDown, notDown, tooManyDown
    }

    /// The error for `problem` with the touch of `fields`.
    @inline(never)
    private func touchError(_ problem: TouchProblem, _ fields: SampleFields) -> TraceError {
        let message: String
        switch problem {
        case .twiceInEvent:
            message = "\(Messages.touch(fields.id)) appears twice in the event at t=\(fields.tLiteral.text)"
        case .alreadyDown:
            message = "\(Messages.touch(fields.id)) \"began\" but it is already down"
        case .notDown:
            message = "\(Messages.touch(fields.id)) \"\(fields.phase.rawValue)\" but it is not down"
        case .tooManyDown:
            message = "\(Messages.touch(fields.id)) \"began\" while \(downCount) touches are down: "
                + "at most \(Self.maximumTouchesDown) may be down at once"
        }
        return error(message, at: fields.valuePositions[SampleKey.id.rawValue])
    }

    /// The index in `touches` of the touch `id`, nil if it is not tracked.
    @inline(__always)
    private func find(_ id: TouchID) -> Int? {
        if let index { return index[id] }
        if case .number(let n) = id {
            for i in ids.indices {
                if case .number(let m) = ids[i], m == n { return i }
            }
            return nil
        }
        return ids.firstIndex(of: id)
    }

    /// Starts a new event: forgets the touches that ended in the previous one.
    private mutating func startEvent() {
        event &+= 1
        inTouchEvent = true
        guard releasedCount > 0 else { return }
        releasedCount = 0
        var kept = 0
        for i in touches.indices where touches[i].isDown {
            touches[kept] = touches[i]
            ids.swapAt(kept, i)
            kept += 1
        }
        touches.removeLast(touches.count - kept)
        ids.removeLast(ids.count - kept)
        if index != nil {
            if touches.count > Self.indexThreshold / 2 {
                rebuildIndex()
            } else {
                index = nil
            }
        }
    }

    private mutating func rebuildIndex() {
        var rebuilt: [TouchID: Int] = [:]
        rebuilt.reserveCapacity(touches.count)
        for (i, id) in ids.enumerated() { rebuilt[id] = i }
        index = rebuilt
    }

    /// Follows the touch of a touch sample through its phases.
    private mutating func track(_ fields: inout SampleFields) throws(TraceError) {
        let phase = fields.phase
        let newEvent = !(inTouchEvent && fields.t == previousT)
        if newEvent {
            startEvent()
        }
        if units.collecting {
            units.take(t: fields.t, x: fields.x, y: fields.y, newEvent: newEvent, at: fields.start)
        }
        if let i = find(fields.id) {
            var state = touches[i]
            if state.lastEvent == event {
                throw touchError(.twiceInEvent, fields)
            }
            if phase == .began {
                if state.isDown {
                    throw touchError(.alreadyDown, fields)
                }
                guard downCount < Self.maximumTouchesDown else {
                    throw touchError(.tooManyDown, fields)
                }
                downCount &+= 1
                state.isDown = true
                state.order = beganCount
                beganCount &+= 1
            } else {
                guard state.isDown else {
                    throw touchError(.notDown, fields)
                }
                if phase == .ended || phase == .cancelled {
                    state.isDown = false
                    downCount &-= 1
                    releasedCount &+= 1
                }
            }
            state.lastEvent = event
            state.lastT = fields.t
            state.lastPosition = fields.start
            touches[i] = state
        } else {
            guard phase == .began else {
                throw touchError(.notDown, fields)
            }
            guard downCount < Self.maximumTouchesDown else {
                throw touchError(.tooManyDown, fields)
            }
            downCount &+= 1
            touches.append(
                TouchState(isDown: true, lastEvent: event, order: beganCount, lastT: fields.t, lastPosition: fields.start))
            ids.append(fields.id)
            beganCount &+= 1
            if index != nil {
                index?[fields.id] = touches.count - 1
            } else if touches.count > Self.indexThreshold {
                rebuildIndex()
            }
        }
    }

    /// Ends the trace: records a warning for each touch still down, in the order of their `began` samples.
    mutating func finish() {
        guard !finished else { return }
        finished = true
        let down = touches.indices.filter { touches[$0].isDown }.sorted { touches[$0].order < touches[$1].order }
        let end = previousTLiteral.text
        for i in down {
            let state = touches[i]
            stillDown.append(
                StillDownTouch(id: ids[i], lastSampleT: state.lastT, lastSamplePosition: state.lastPosition))
            warnings.append(
                Diagnostic(
                    file: file, position: state.lastPosition, severity: .warning,
                    message: "\(Messages.touch(ids[i])) is still down at the end of the trace; it is cancelled at t=\(end)"))
        }
    }
}
