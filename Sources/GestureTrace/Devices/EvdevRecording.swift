import GestureKit

/// The formats of real-device recordings that `convert` reads.
public enum RecordingFormat: String, Sendable, CaseIterable {
    /// Android `getevent -lt` (or `-t`) output, optionally with `getevent -lp` device descriptions.
    case getevent
    /// Linux `evemu-record` output: description lines (`N:`, `A:`, …) and `E:` event lines.
    case evemu
}

/// How a recording's raw units become points.
///
/// The x and y ranges come from the first of: `rawSize`, `device`, the recording's own description
/// lines, and the largest values the recording holds (with a warning). Pressure and contact-size
/// ranges come from `device`, the recording, or the largest values seen.
public struct RecordingOptions: Hashable, Sendable {
    /// The screen to scale to, keeping the device's aspect ratio.
    public var screen: Size
    /// The device's size in raw units (`--raw-size WxH`): x from 0 to width - 1, y from 0 to height - 1.
    public var rawSize: RawSize?
    /// A device description (`--device DESC`), overriding the recording's own.
    public var device: DeviceDescription?
    /// Where `device` came from, for the summary: `--device` unless told otherwise.
    public var deviceLabel = "--device"

    /// Creates options: the default screen, no raw size, no device description.
    public init(screen: Size = .defaultScreen, rawSize: RawSize? = nil, device: DeviceDescription? = nil) {
        self.screen = screen
        self.rawSize = rawSize
        self.device = device
    }
}

/// A device's size in raw units: how many distinct values each axis has.
public struct RawSize: Hashable, Sendable {
    /// Values of x, from 0.
    public var width: Int
    /// Values of y, from 0.
    public var height: Int

    /// Creates a size; both must be at least 1.
    public init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
    }
}

/// A recording turned into a trace: header and samples, the warnings met on the way, and what was
/// read, for people.
public struct RecordingConversion: Sendable {
    /// The header to write: format version 1 and the screen the points are in.
    public var header: TraceHeader
    /// The samples, a valid trace (trace-format.md).
    public var samples: [Sample]
    /// Oddities of the recording that did not stop the conversion, each at its line.
    public var warnings: [Diagnostic]
    /// How contacts were reported: "multitouch protocol B (slots)", …
    public var protocolName: String
    /// Where the axis ranges came from and how they map: `x 0…479, y 0…799 (--raw-size) → 390x650 pt`.
    public var mappingSummary: String
}

/// The parts of a recording that both formats share, once parsed.
struct EvdevLog {
    /// The touch device's events in file order.
    var events: [EvdevEvent] = []
    /// What the recording says about the device.
    var device = DeviceDescription()
    /// Problems met while parsing lines.
    var tally = WarningTally()
    /// The first evemu axis line whose maximum is below its minimum (ignored in a recording, an
    /// error in a device description).
    var invertedAxis: (line: Int, message: String)?
}

/// Turns a parsed recording into samples in points, seconds from its first event.
enum EvdevRecording {
    /// The error of a recording without a touch event.
    static let noTouchEvents = "no touch events: expected ABS_MT_POSITION_X/Y, ABS_MT_TRACKING_ID, ABS_X/Y or BTN_TOUCH"
    /// The error of a recording whose touch events make no touch.
    static let noUsableTouches = "no usable touches: no touch goes down in a frame ended by SYN_REPORT (positions without "
        + "a contact, lifts without a touch and events after the last SYN_REPORT are ignored)"

    /// Converts `log`; `file` names the recording in diagnostics.
    ///
    /// - Throws: `TraceError.invalid` when the recording holds no touch event at all, or none that
    ///   makes a touch (every one was ignored: positions without a contact, lifts without a touch,
    ///   events after the last `SYN_REPORT`).
    static func convert(_ log: EvdevLog, file: String, options: RecordingOptions) throws(TraceError)
        -> RecordingConversion
    {
        guard let first = log.events.first, let mode = EvdevContactTracker.detectMode(log.events) else {
            throw .invalid(Diagnostic(
                file: file, position: SourcePosition(line: log.events.first?.line ?? 1, column: 1), severity: .error,
                message: noTouchEvents))
        }
        var tracker = EvdevContactTracker(mode: mode)
        for event in log.events { tracker.feed(event) }
        tracker.finish()
        if let failure = tracker.failure {
            throw .invalid(Diagnostic(
                file: file, position: SourcePosition(line: failure.line, column: 1), severity: .error, message: failure.message))
        }
        guard !tracker.frames.isEmpty else {
            throw .invalid(Diagnostic(
                file: file, position: SourcePosition(line: first.line, column: 1), severity: .error,
                message: noUsableTouches))
        }
        var tally = log.tally
        let resolved = resolveRanges(mode: mode, log: log, tracker: tracker, options: options, tally: &tally)
        let mapping = ScreenMapping(x: resolved.x, y: resolved.y, target: options.screen)
        var samples: [Sample] = []
        var clamped = 0
        var clampLine = 0
        for frame in tracker.frames {
            appendSamples(of: frame, origin: first.time, mapping: mapping, pressure: resolved.pressure, to: &samples) {
                if clamped == 0 { clampLine = frame.line }
                clamped += 1
            }
        }
        if clamped > 0 {
            tally.note("clamped", line: clampLine,
                "\(clamped) position\(clamped == 1 ? "" : "s") outside the axis ranges (x \(resolved.x), y \(resolved.y)) "
                    + "were clamped to them")
        }
        var warnings = tally.warnings + tracker.tally.warnings
        warnings.sort { $0.line < $1.line }
        let size = "\(TraceNumber.string(mapping.screen.width))x\(TraceNumber.string(mapping.screen.height))"
        return RecordingConversion(
            header: TraceHeader(version: 1, screen: mapping.screen),
            samples: samples,
            warnings: warnings.map {
                Diagnostic(file: file, position: SourcePosition(line: $0.line, column: 1), severity: .warning, message: $0.message)
            },
            protocolName: mode.rawValue,
            mappingSummary: "x \(resolved.x), y \(resolved.y) (\(resolved.source)) → \(size) pt")
    }

    /// Appends the samples of `frame`: seconds from `origin` (nanoseconds), points through `mapping`,
    /// force as a fraction of `pressure`; calls `clamped` for each position outside the axis ranges.
    static func appendSamples(
        of frame: ContactFrame, origin: Int64, mapping: ScreenMapping, pressure: Double?, to samples: inout [Sample],
        clamped: () -> Void
    ) {
        let t = Double(frame.time &- origin) / 1_000_000_000
        for change in frame.changes {
            let (point, wasClamped) = mapping.point(change.x, change.y)
            if wasClamped { clamped() }
            let force = change.pressure.flatMap { p in
                pressure.map { ScreenMapping.rounded(Double(max(0, p)) / $0, places: 10_000) }
            }
            let radius = change.major.map { mapping.radius($0) }
            samples.append(.touch(t, id: .number(change.id), change.phase, x: point.x, y: point.y, force: force, radius: radius))
        }
    }

    private struct Ranges {
        var x: AxisRange
        var y: AxisRange
        var source: String
        /// The pressure that is force 1.
        var pressure: Double?
    }

    private static func resolveRanges(
        mode: EvdevContactTracker.Mode, log: EvdevLog, tracker: EvdevContactTracker, options: RecordingOptions,
        tally: inout WarningTally
    ) -> Ranges {
        let xCodes = mode == .singleTouch ? [EvdevCode.absX, EvdevCode.mtPositionX] : [EvdevCode.mtPositionX, EvdevCode.absX]
        let yCodes = mode == .singleTouch ? [EvdevCode.absY, EvdevCode.mtPositionY] : [EvdevCode.mtPositionY, EvdevCode.absY]
        let pressureCodes = mode == .singleTouch ? [EvdevCode.absPressure] : [EvdevCode.mtPressure, EvdevCode.absPressure]
        func seen(_ codes: [UInt16]) -> AxisRange? {
            guard let extreme = tracker.extremes[codes[0]] else { return nil }
            return AxisRange(minimum: min(0, Int(extreme.minimum)), maximum: Int(extreme.maximum))
        }
        var pressure: Double?
        if let range = options.device?.range(pressureCodes) ?? log.device.range(pressureCodes) ?? seen(pressureCodes),
            range.maximum > 0
        {
            pressure = Double(range.maximum)
        }
        if let raw = options.rawSize {
            return Ranges(
                x: AxisRange(minimum: 0, maximum: raw.width - 1), y: AxisRange(minimum: 0, maximum: raw.height - 1),
                source: "--raw-size", pressure: pressure)
        }
        if let device = options.device, let x = device.range(xCodes), let y = device.range(yCodes) {
            return Ranges(x: x, y: y, source: options.deviceLabel, pressure: pressure)
        }
        if let x = log.device.range(xCodes), let y = log.device.range(yCodes) {
            return Ranges(x: x, y: y, source: "the recording's device description", pressure: pressure)
        }
        let x = seen(xCodes) ?? AxisRange(minimum: 0, maximum: 0)
        let y = seen(yCodes) ?? AxisRange(minimum: 0, maximum: 0)
        tally.note("ranges", line: log.events.first?.line ?? 1,
            "the recording does not give its axis ranges; using the largest values seen (x \(x), y \(y)), "
                + "so the touches span the whole screen: give --raw-size WxH or --device DESC for the real size")
        return Ranges(x: x, y: y, source: "largest values seen", pressure: pressure)
    }
}

/// Reads a whole input file (or standard input for `-`) into memory.
public enum InputFile {
    /// The file's bytes; with `limit`, reading stops once more than `limit` bytes have been read, so a
    /// caller can refuse a file that is too large (the result is then longer than `limit`) without
    /// reading all of it.
    ///
    /// - Throws: `TraceError.cannotOpen` when the file cannot be opened or read.
    public static func read(path: String, limit: Int = .max) throws(TraceError) -> [UInt8] {
        let source: FileSource = path == "-" ? .standardInput(name: "<stdin>") : try FileSource.open(path: path)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = try chunk.withUnsafeMutableBufferPointer { buffer throws(TraceError) -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return try source.read(into: base, count: buffer.count)
            }
            if count <= 0 { break }
            bytes.append(contentsOf: chunk[..<count])
            if bytes.count > limit { break }
        }
        return bytes
    }
}
