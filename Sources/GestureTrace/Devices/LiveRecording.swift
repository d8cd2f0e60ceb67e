import GestureKit

/// A device recording (`getevent -lt`, `evemu-record`) converted while it is being made: lines in,
/// samples out as soon as each frame (`SYN_REPORT`) is complete, in constant memory.
///
/// Unlike `GeteventConverter` and `EvemuConverter`, which see the whole recording, a live conversion
/// cannot wait for the largest values seen: the axis ranges must be known before the first frame,
/// from `RecordingOptions.rawSize` or `RecordingOptions.device` (``init(format:file:options:)``
/// throws otherwise). Touches still down at the end are cancelled 1 µs after the last frame, which is
/// already written. The way contacts are reported (protocol A, B, single touch) is decided at the
/// first frame that has a touch event; times are seconds from the first event of the touch device.
///
/// ```swift
/// let live = try LiveRecording(format: .getevent, file: "<stdin>", options: RecordingOptions(rawSize: RawSize(width: 1080, height: 2400)))
/// for (number, line) in lines { write(live.take(line: line, number: number)) }
/// write(live.finish())
/// ```
public final class LiveRecording {
    /// The header to write first: the screen the points are in.
    public let header: TraceHeader
    private let format: RecordingFormat
    private let file: String
    private let mapping: ScreenMapping
    private let pressureCodes: (multitouch: [UInt16], single: [UInt16])
    private let device: DeviceDescription?
    private var getevent = GeteventParser()
    private var evemu = EvdevLog()
    /// Events read before the way contacts are reported is known.
    private var waiting: [EvdevEvent] = []
    private var tracker: EvdevContactTracker?
    private var pressure: Double?
    private var origin: Int64?
    private var clampTally = WarningTally()
    /// The line of the recording's first touch-device event, and whether any frame made samples.
    private var firstLine: Int?
    private var madeSamples = false

    /// Prepares a live conversion.
    ///
    /// - Throws: `TraceError.invalid` when neither `options.rawSize` nor the x and y ranges of
    ///   `options.device` are given.
    public init(format: RecordingFormat, file: String, options: RecordingOptions) throws(TraceError) {
        self.format = format
        self.file = file
        let x: AxisRange
        let y: AxisRange
        if let raw = options.rawSize {
            x = AxisRange(minimum: 0, maximum: raw.width - 1)
            y = AxisRange(minimum: 0, maximum: raw.height - 1)
        } else if let device = options.device, let dx = device.range([EvdevCode.mtPositionX, EvdevCode.absX]),
            let dy = device.range([EvdevCode.mtPositionY, EvdevCode.absY])
        {
            x = dx
            y = dy
        } else {
            throw .invalid(Diagnostic(
                file: file, position: SourcePosition(line: 1, column: 1), severity: .error,
                message: "a live conversion needs the device's axis ranges before its first event: "
                    + "give --raw-size WxH or --device DESC (the largest values seen are known only at the end)"))
        }
        device = options.device
        mapping = ScreenMapping(x: x, y: y, target: options.screen)
        header = TraceHeader(version: 1, screen: mapping.screen)
        pressureCodes = ([EvdevCode.mtPressure, EvdevCode.absPressure], [EvdevCode.absPressure])
    }

    /// Takes line `number` of the recording; the samples of the frames it completed.
    ///
    /// - Throws: `TraceError.invalid` when the recording has more touches down at once than a trace
    ///   may (`maximumTouchesDown`, 256), or a frame time that cannot be repaired.
    public func take(line: Substring, number: Int) throws(TraceError) -> [Sample] {
        let events: [EvdevEvent]
        switch format {
        case .getevent:
            getevent.parseLine(line, number)
            events = getevent.takeTouchEvents()
        case .evemu:
            EvemuParser.parse(line: line, number: number, into: &evemu)
            events = evemu.events
            evemu.events.removeAll(keepingCapacity: true)
        }
        guard let first = events.first else { return [] }
        if firstLine == nil { firstLine = first.line }
        if tracker == nil {
            waiting += events
            guard startTracker() else { return [] }
            return try samples()
        }
        for event in events { tracker?.feed(event) }
        return try samples()
    }

    /// Ends the recording; the samples of the touches still down, cancelled.
    ///
    /// - Throws: `TraceError.invalid` as ``take(line:number:)`` does, and when the whole recording
    ///   made no touch (no touch event, or none that went down in a frame), as the converters of a
    ///   whole recording do.
    public func finish() throws(TraceError) -> [Sample] {
        if tracker == nil, !waiting.isEmpty, let mode = EvdevContactTracker.detectMode(waiting) {
            start(mode)
        }
        guard tracker != nil else {
            throw .invalid(Diagnostic(
                file: file, position: SourcePosition(line: firstLine ?? 1, column: 1), severity: .error,
                message: EvdevRecording.noTouchEvents))
        }
        tracker?.finishLive()
        let last = try samples()
        guard madeSamples else {
            throw .invalid(Diagnostic(
                file: file, position: SourcePosition(line: firstLine ?? 1, column: 1), severity: .error,
                message: EvdevRecording.noUsableTouches))
        }
        return last
    }

    /// The oddities met so far (complete after ``finish()``), in line order.
    public var warnings: [Diagnostic] {
        var tallies = clampTally.warnings + (tracker?.tally.warnings ?? [])
        tallies += format == .getevent ? getevent.warnings.warnings : evemu.tally.warnings
        tallies.sort { $0.line < $1.line }
        return tallies.map {
            Diagnostic(file: file, position: SourcePosition(line: $0.line, column: 1), severity: .warning, message: $0.message)
        }
    }

    /// Starts the tracker once a frame with a touch event has ended; false while none has.
    private func startTracker() -> Bool {
        guard waiting.contains(where: { $0.type == EvdevCode.synType && $0.code == EvdevCode.synReport }),
            let mode = EvdevContactTracker.detectMode(waiting)
        else {
            if waiting.count > 4096 { waiting.removeFirst(waiting.count - 4096) }
            return false
        }
        start(mode)
        return true
    }

    private func start(_ mode: EvdevContactTracker.Mode) {
        var tracker = EvdevContactTracker(mode: mode)
        let codes = mode == .singleTouch ? pressureCodes.single : pressureCodes.multitouch
        if let range = device?.range(codes) ?? evemu.device.range(codes), range.maximum > 0 { pressure = Double(range.maximum) }
        origin = waiting.first?.time
        for event in waiting { tracker.feed(event) }
        waiting.removeAll()
        self.tracker = tracker
    }

    /// The samples of the frames completed since the last call.
    private func samples() throws(TraceError) -> [Sample] {
        if let failure = tracker?.failure {
            throw .invalid(Diagnostic(
                file: file, position: SourcePosition(line: failure.line, column: 1), severity: .error, message: failure.message))
        }
        guard let origin, let frames = tracker?.takeFrames() else { return [] }
        if !frames.isEmpty { madeSamples = true }
        var samples: [Sample] = []
        for frame in frames {
            EvdevRecording.appendSamples(of: frame, origin: origin, mapping: mapping, pressure: pressure, to: &samples) {
                clampTally.note("clamped", line: frame.line, "positions outside the axis ranges were clamped to them")
            }
        }
        return samples
    }
}
