import GestureKit

/// Turns the fields of each sample into a `Sample`, checking what needs the whole sample or the trace so far.
///
/// Checks, in this order: keys that the sample's type does not allow; required keys; the subtype and the
/// motion phase; `t` not smaller than the previous sample's; then the touch's state: the same id twice in one
/// event, a `began` for a touch already down, any other phase for a touch that is not down.
///
/// Memory is proportional to the touches down (plus the touches that ended in the current event).
/// An event is a run of adjacent touch samples with exactly the same `t`; a non-touch sample ends it.
struct SampleValidator {
    /// The file name for diagnostics.
    let file: String
    /// Whether messages speak of CSV cells rather than JSON keys.
    let isCSV: Bool
    /// For CSV, whether the header row has a column for each key (indexed by `SampleKey.rawValue`).
    var columnExists = [Bool](repeating: true, count: SampleKey.allCases.count)

    private struct TouchState {
        var isDown: Bool
        var lastEvent: Int
        var order: Int
        var lastT: Double
        var lastPosition: SourcePosition
    }

    private var touches: [TouchID: TouchState] = [:]
    /// The touches that ended in the current event (kept in `touches` so a reuse in the same event is caught).
    private var released: [TouchID] = []
    private var event = 0
    private var inTouchEvent = false
    private var beganCount = 0

    /// Whether a sample has been accepted.
    private(set) var hasPrevious = false
    /// The `t` of the last sample accepted.
    private(set) var previousT = 0.0
    private var previousTLiteral: [UInt8] = []

    /// The warnings so far (after `finish()`, the touches still down).
    private(set) var warnings: [Diagnostic] = []
    /// The touches still down at the end, in the order of their `began` samples (after `finish()`).
    private(set) var stillDown: [StillDownTouch] = []
    private var finished = false

    init(file: String, isCSV: Bool) {
        self.file = file
        self.isCSV = isCSV
        previousTLiteral.reserveCapacity(32)
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

    /// Checks that no key outside `allowed` is present, then that every key of `required` is.
    private func checkKeys(_ fields: SampleFields, allowed: [SampleKey], required: [SampleKey]) throws(TraceError) {
        var allowedBits: UInt16 = SampleKey.t.bit | SampleKey.type.bit
        for key in allowed { allowedBits |= key.bit }
        if fields.present & ~allowedBits != 0 {
            for key in SampleKey.allCases where fields.has(key) && allowedBits & key.bit == 0 {
                throw notAllowed(key, in: fields)
            }
        }
        for key in required where !fields.has(key) {
            throw missing(key, in: fields, noun: fields.type.noun)
        }
    }

    /// The subtype of `fields` looked up in `table`, or the error naming the choices.
    private func subtype<T: RawRepresentable>(_ fields: SampleFields, _ table: ByteNameTable<T>, _ all: [T])
        throws(TraceError) -> T where T.RawValue == String
    {
        guard let value = table.lookup(fields.subtype) else {
            throw error(
                "unknown \(fields.type.rawValue) subtype \(Messages.quoted(fields.subtype)) "
                    + "(expected \(Messages.choices(all.map(\.rawValue))))",
                at: fields.valuePositions[SampleKey.subtype.rawValue])
        }
        return value
    }

    /// Validates one sample's fields against the trace so far and returns the sample.
    mutating func validate(_ fields: SampleFields) throws(TraceError) -> Sample {
        guard fields.has(.t) else {
            throw missing(.t, in: fields, noun: "sample")
        }
        let kind: Sample.Kind
        switch fields.type {
        case .touch:
            try checkKeys(fields, allowed: [.id, .phase, .x, .y, .force, .radius], required: [.id, .phase, .x, .y])
            kind = .touch(
                id: fields.id, phase: fields.phase, location: Point(x: fields.x, y: fields.y),
                force: fields.has(.force) ? fields.force : nil, radius: fields.has(.radius) ? fields.radius : nil)
        case .motion:
            try checkKeys(fields, allowed: [.phase, .subtype], required: [.phase, .subtype])
            let subtype = try subtype(fields, Vocabulary.motionSubtypes, MotionSubtype.allCases)
            guard let phase = MotionPhase(rawValue: fields.phase.rawValue) else {
                throw error(
                    "\"\(fields.phase.rawValue)\" is not a motion phase "
                        + "(expected \(Messages.choices(MotionPhase.allCases.map(\.rawValue))))",
                    at: fields.valuePositions[SampleKey.phase.rawValue])
            }
            kind = .motion(phase: phase, subtype: subtype)
        case .remoteControl:
            try checkKeys(fields, allowed: [.subtype], required: [.subtype])
            kind = .remoteControl(
                subtype: try subtype(fields, Vocabulary.remoteControlSubtypes, RemoteControlSubtype.allCases))
        case .application:
            try checkKeys(fields, allowed: [.subtype], required: [.subtype])
            kind = .application(
                subtype: try subtype(fields, Vocabulary.applicationSubtypes, ApplicationSubtype.allCases))
        }

        let t = fields.t
        if hasPrevious && t < previousT {
            throw error(
                "\"t\" is \(Messages.literal(fields.tLiteral)), smaller than the previous sample's "
                    + Messages.literal(previousTLiteral),
                at: fields.valuePositions[SampleKey.t.rawValue])
        }

        if case .touch = fields.type {
            try track(fields)
        } else {
            inTouchEvent = false
        }

        hasPrevious = true
        previousT = t
        previousTLiteral.removeAll(keepingCapacity: true)
        previousTLiteral.append(contentsOf: fields.tLiteral)
        return Sample(t: t, kind: kind)
    }

    /// Follows the touch of a touch sample through its phases.
    private mutating func track(_ fields: SampleFields) throws(TraceError) {
        let id = fields.id
        let phase = fields.phase
        let idPosition = fields.valuePositions[SampleKey.id.rawValue]
        if !(inTouchEvent && fields.t == previousT) {
            event &+= 1
            inTouchEvent = true
            for ended in released { touches[ended] = nil }
            released.removeAll(keepingCapacity: true)
        }
        if let index = touches.index(forKey: id) {
            var state = touches.values[index]
            if state.lastEvent == event {
                throw error(
                    "\(Messages.touch(id)) appears twice in the event at t=\(Messages.literal(fields.tLiteral))",
                    at: idPosition)
            }
            if phase == .began {
                if state.isDown {
                    throw error("\(Messages.touch(id)) \"began\" but it is already down", at: idPosition)
                }
                state.isDown = true
                state.order = beganCount
                beganCount &+= 1
            } else {
                guard state.isDown else {
                    throw error("\(Messages.touch(id)) \"\(phase.rawValue)\" but it is not down", at: idPosition)
                }
                if phase.isTerminal {
                    state.isDown = false
                    released.append(id)
                }
            }
            state.lastEvent = event
            state.lastT = fields.t
            state.lastPosition = fields.start
            touches.values[index] = state
        } else {
            guard phase == .began else {
                throw error("\(Messages.touch(id)) \"\(phase.rawValue)\" but it is not down", at: idPosition)
            }
            touches[id] = TouchState(
                isDown: true, lastEvent: event, order: beganCount, lastT: fields.t, lastPosition: fields.start)
            beganCount &+= 1
        }
    }

    /// Ends the trace: records a warning for each touch still down, in the order of their `began` samples.
    mutating func finish() {
        guard !finished else { return }
        finished = true
        let down = touches.filter { $0.value.isDown }.sorted { $0.value.order < $1.value.order }
        let end = Messages.literal(previousTLiteral)
        for (id, state) in down {
            stillDown.append(StillDownTouch(id: id, lastSampleT: state.lastT, lastSamplePosition: state.lastPosition))
            warnings.append(
                Diagnostic(
                    file: file, position: state.lastPosition, severity: .warning,
                    message: "\(Messages.touch(id)) is still down at the end of the trace; it is cancelled at t=\(end)"))
        }
    }
}
