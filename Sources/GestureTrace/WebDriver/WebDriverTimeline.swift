import GestureKit

/// Plays decoded WebDriver sources tick by tick, as the specification's "dispatch actions" does, and
/// writes down what the touch screen would see.
///
/// - Tick *i* runs action *i* of every source at once; it lasts as long as its longest action (the
///   `duration` of a pause, pointerMove or scroll; everything else takes no time).
/// - A `pointerMove` goes in a straight line from where the pointer is when its tick starts to its
///   target, in `duration`: one sample every `1 / rate` seconds after the start, then one exactly at
///   the target at `duration`. A move while the pointer is up only moves the pointer.
/// - Times are whole microseconds. One finger has at most one sample per event: a `moved` followed
///   at the same instant by another `moved`, an `ended` or a `cancelled` is replaced by it (a lift at
///   the end of a move), and any other sample at or before the finger's last one is written 1 µs
///   after it (a pointerDown and pointerUp in zero-length ticks are 1 µs apart).
struct WebDriverTimeline {
    /// One finger: a pointer source.
    private struct Finger {
        var id: TouchID
        var pointerType: WebDriverSource.PointerType
        var sourceID: String
        var position = Point(x: 0, y: 0)
        var isDown = false
        var buttons: Set<Int> = []
        var force: Double?
        var radius: Double?
        var samples: [Pending] = []
    }

    /// A sample before the fingers are merged in time order.
    private struct Pending {
        var t: Int64
        var phase: TouchPhase
        var location: Point
        var force: Double?
        var radius: Double?
        var sequence: Int
    }

    /// The most samples a conversion may make.
    static let maximumSamples = 5_000_000

    private var fingers: [Finger] = []
    private var sequence = 0
    /// How many pointers are down.
    private var downCount = 0
    private let rate: Double
    private let decoder: WebDriverDecoder
    private(set) var warnings: [Diagnostic] = []
    /// The time at which the last tick ended, in microseconds.
    private(set) var end: Int64 = 0

    init(rate: Double, decoder: WebDriverDecoder) {
        self.rate = rate
        self.decoder = decoder
    }

    /// Plays `sources`.
    ///
    /// - Throws: `TraceError.invalid` for a pointerUp or pointerCancel of a pointer that is not down,
    ///   or when the actions would make more than `maximumSamples` samples.
    mutating func play(_ sources: [WebDriverSource]) throws(TraceError) {
        var fingerOfSource: [Int?] = []
        for source in sources {
            guard case .pointer(let type) = source.kind else {
                fingerOfSource.append(nil)
                continue
            }
            fingerOfSource.append(fingers.count)
            fingers.append(Finger(id: .number(fingers.count + 1), pointerType: type, sourceID: source.id))
            switch type {
            case .touch: break
            case .pen:
                warn("source \(Messages.quoted(source.id)) is a pen: read as a finger (UIKit would deliver a pencil "
                    + "touch, with its own force and no radius)", at: source.typePosition)
            case .mouse:
                warn("source \(Messages.quoted(source.id)) is a mouse (the WebDriver default when 'parameters.pointerType' "
                    + "is not \"touch\"): read as one finger that touches while a button is down", at: source.typePosition)
            }
        }
        let ticks = sources.map(\.actions.count).max() ?? 0
        var time: Int64 = 0
        for tick in 0..<ticks {
            var duration: Int64 = 0
            for (index, source) in sources.enumerated() where tick < source.actions.count {
                let action = source.actions[tick]
                duration = max(duration, action.duration)
                if let finger = fingerOfSource[index] { try perform(action, finger: finger, at: time) }
            }
            time += duration
        }
        end = time
        for index in fingers.indices where fingers[index].isDown {
            let last = sources.first { $0.id == fingers[index].sourceID }?.actions.last?.position ?? SourcePosition(line: 1, column: 1)
            warn("the touch of source \(Messages.quoted(fingers[index].sourceID)) is still down after the last action: "
                + "written as cancelled at the end (WebDriver keeps it down until 'release actions')", at: last)
            emit(finger: index, at: end, .cancelled, fingers[index].position)
            fingers[index].isDown = false
        }
    }

    /// The samples of every finger in time order (fingers in source order within an instant).
    func samples() -> [Sample] {
        var all: [(Pending, TouchID)] = []
        for finger in fingers { all.append(contentsOf: finger.samples.map { ($0, finger.id) }) }
        all.sort { ($0.0.t, $0.0.sequence) < ($1.0.t, $1.0.sequence) }
        return all.map { pending, id in
            .touch(Double(pending.t) / 1_000_000, id: id, pending.phase,
                   x: Self.rounded(pending.location.x), y: Self.rounded(pending.location.y),
                   force: pending.force, radius: pending.radius.map(Self.rounded))
        }
    }

    /// How many fingers (pointer sources) there are.
    var fingerCount: Int { fingers.count }

    private mutating func perform(_ action: WebDriverAction, finger index: Int, at time: Int64) throws(TraceError) {
        if let pressure = action.pressure { fingers[index].force = pressure }
        if let radius = action.radius { fingers[index].radius = radius }
        let finger = fingers[index]
        switch action.kind {
        case .wait:
            return
        case .down(let button):
            let wasDown = finger.isDown
            fingers[index].buttons.insert(button)
            if wasDown {
                if finger.pointerType != .mouse {
                    warn("pointerDown of source \(Messages.quoted(finger.sourceID)) while it is already down: ignored, "
                        + "as WebDriver ignores it", at: action.position)
                }
                return
            }
            guard downCount < SampleValidator.maximumTouchesDown else {
                throw decoder.error("pointerDown of source \(Messages.quoted(finger.sourceID)) while \(downCount) pointers are down: "
                    + "a trace may have at most \(SampleValidator.maximumTouchesDown) touches down at once", at: action.position)
            }
            downCount += 1
            fingers[index].isDown = true
            emit(finger: index, at: time, .began, finger.position)
        case .up(let button):
            let pressed = finger.pointerType == .mouse ? finger.buttons.contains(button) : finger.isDown
            guard pressed else {
                throw decoder.error("pointerUp of source \(Messages.quoted(finger.sourceID)) without a pointerDown: "
                    + (finger.pointerType == .mouse ? "button \(button) is not pressed" : "the pointer is not down"),
                    at: action.position)
            }
            fingers[index].buttons.remove(button)
            guard fingers[index].buttons.isEmpty || finger.pointerType != .mouse else { return }
            fingers[index].buttons = []
            fingers[index].isDown = false
            downCount -= 1
            emit(finger: index, at: time, .ended, finger.position)
        case .cancel:
            guard finger.isDown else {
                throw decoder.error("pointerCancel of source \(Messages.quoted(finger.sourceID)) without a pointerDown: "
                    + "the pointer is not down", at: action.position)
            }
            fingers[index].buttons = []
            fingers[index].isDown = false
            downCount -= 1
            emit(finger: index, at: time, .cancelled, finger.position)
        case .move(let target):
            try move(finger: index, to: target, duration: action.duration, at: time, position: action.position)
        }
    }

    private mutating func move(finger index: Int, to target: MoveTarget, duration: Int64, at time: Int64,
                               position: SourcePosition) throws(TraceError) {
        let start = fingers[index].position
        let base: Point
        switch target.origin {
        case .viewport: base = Point(x: 0, y: 0)
        case .pointer: base = start
        case .element(let centre): base = centre
        }
        let end = Point(x: base.x + target.x, y: base.y + target.y)
        // Viewport and element targets were checked when decoded; a move from the pointer is known
        // only here, where the pointer's position is, and WebDriver refuses it off the screen alike.
        if case .pointer = target.origin { try decoder.inBounds(end, at: position) }
        let limit = WebDriverDecoder.maximumCoordinate
        guard abs(end.x) <= limit, abs(end.y) <= limit else {
            throw decoder.error("the move ends at (\(end.x), \(end.y)), more than a million points from the screen", at: position)
        }
        fingers[index].position = end
        guard fingers[index].isDown else { return }
        if duration > 0 {
            // The offsets are compared as doubles before they become whole microseconds: at a rate far
            // below one sample per move (`--rate 1e-20`), k × step is beyond Int64.
            let step = 1_000_000 / rate
            let last = Double(duration)
            var k = 1.0
            while (k * step).rounded() < last {
                let offset = Int64((k * step).rounded())
                let fraction = Double(offset) / last
                let point = Point(x: start.x + (end.x - start.x) * fraction, y: start.y + (end.y - start.y) * fraction)
                emit(finger: index, at: time + offset, .moved, point)
                // A move that does not change the position makes at most this one sample (a change of
                // force or radius); the others would be dropped one by one, an hour at 1000 Hz.
                if start == end { break }
                k += 1
                guard sequence <= Self.maximumSamples else { break }
            }
        }
        emit(finger: index, at: time + duration, .moved, end)
        guard sequence <= Self.maximumSamples else {
            throw decoder.error("the actions make more than \(Self.maximumSamples) samples: use a lower --rate", at: position)
        }
    }

    /// Appends a sample for a finger, keeping one sample per finger per instant.
    private mutating func emit(finger index: Int, at time: Int64, _ phase: TouchPhase, _ location: Point) {
        let finger = fingers[index]
        var t = time
        if let last = finger.samples.last {
            // A move to where the finger already is, with the same force and radius, changes nothing.
            if phase == .moved, last.location == location, last.force == finger.force, last.radius == finger.radius { return }
            if last.t >= t {
                if last.t == t, last.phase == .moved, phase != .began, phase != .stationary {
                    fingers[index].samples[finger.samples.count - 1].phase = phase
                    fingers[index].samples[finger.samples.count - 1].location = location
                    fingers[index].samples[finger.samples.count - 1].force = finger.force
                    fingers[index].samples[finger.samples.count - 1].radius = finger.radius
                    return
                }
                t = last.t + 1
            }
        }
        sequence += 1
        fingers[index].samples.append(
            Pending(t: t, phase: phase, location: location, force: finger.force, radius: finger.radius, sequence: sequence))
    }

    private mutating func warn(_ message: String, at position: SourcePosition) {
        warnings.append(Diagnostic(file: decoder.file, position: position, severity: .warning, message: message))
    }

    /// To a thousandth of a point.
    private static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
