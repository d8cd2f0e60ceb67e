/// Reads Android `getevent -lt` logs: `[   1117.612054] EV_ABS ABS_MT_POSITION_X 0000017a`.
///
/// Accepted line forms, as `getevent` prints them:
///
/// - events with labels (`-l`) or numbers (`0003 0035 0000017a`), values in hex (`ffffffff` is -1) or
///   as `DOWN`/`UP` for keys, with or without the `/dev/input/eventN:` prefix of multi-device logs;
/// - the device descriptions of `getevent -lp` (`add device 1: /dev/input/event2`, `name: "..."`,
///   `ABS_MT_POSITION_X : value 0, min 0, max 1079, ...`), which give the axis ranges;
/// - CRLF line ends, blank lines.
///
/// When events come from several devices, the first one that sends touch events is converted and the
/// others are ignored with a warning. Lines that are none of these (truncated, noise such as
/// "could not get driver version") are ignored with a warning; a log with no timestamps (plain
/// `getevent -l`) is an error, since a trace needs times.
///
/// ```swift
/// let conversion = try GeteventConverter.convert(bytes: Array(log.utf8), file: "tap.txt", options: RecordingOptions())
/// conversion.samples   // began … ended, in points on a 390-point-wide screen
/// ```
///
/// See also: `EvemuConverter`, `RecordingOptions`, `EvdevContactTracker`.
public enum GeteventConverter {
    /// Converts a getevent log.
    ///
    /// - Throws: `TraceError.invalid` when the log has no timestamped event or no touch event.
    public static func convert(bytes: [UInt8], file: String, options: RecordingOptions) throws(TraceError)
        -> RecordingConversion
    {
        var parser = GeteventParser()
        parser.parse(bytes)
        if parser.eventCount == 0, let line = parser.firstUntimedLine {
            throw .invalid(Diagnostic(
                file: file, position: SourcePosition(line: line, column: 1), severity: .error,
                message: "the events have no timestamps: record with 'getevent -lt' (the -t adds them)"))
        }
        return try EvdevRecording.convert(parser.log(), file: file, options: options)
    }

    /// The device descriptions of `getevent -lp` output in `text`: the one that has position axes, or
    /// nil when there is none.
    static func deviceDescription(_ bytes: [UInt8]) -> DeviceDescription? {
        var parser = GeteventParser()
        parser.parse(bytes)
        return parser.touchDescription(for: nil)
    }
}

/// The line-by-line reader behind `GeteventConverter` (and, line by line, `LiveRecording`).
struct GeteventParser {
    /// Events by device path ("" for lines without one), in file order.
    private var events: [(device: String, event: EvdevEvent)] = []
    /// Descriptions by device path, from `getevent -lp` blocks.
    private var descriptions: [String: DeviceDescription] = [:]
    private var descriptionOrder: [String] = []
    private var currentDevice = ""
    private var tally = WarningTally()
    private(set) var firstUntimedLine: Int?
    /// The device `takeTouchEvents()` takes events of, once known.
    private var touchDevice: String?

    var eventCount: Int { events.count }

    mutating func parse(_ bytes: [UInt8]) {
        EvdevText.forEachLine(bytes) { lineNumber, line in parseLine(line, lineNumber) }
    }

    /// The events of the touch device (the first device that sent a touch event) parsed so far and not
    /// yet taken, in order; none until a touch event has come. Events of other devices are dropped once
    /// it is known, with a warning for each device.
    mutating func takeTouchEvents() -> [EvdevEvent] {
        if touchDevice == nil {
            guard let device = events.first(where: { Self.isTouchEvent($0.event) })?.device else {
                if events.count > 4096 { events.removeFirst(events.count - 4096) }
                return []
            }
            touchDevice = device
        }
        var taken: [EvdevEvent] = []
        for entry in events {
            if entry.device == touchDevice {
                taken.append(entry.event)
            } else {
                tally.note("device-\(entry.device)", line: entry.event.line,
                    "events of \(entry.device) are ignored: only the touch device \(touchDevice ?? "") is converted")
            }
        }
        events.removeAll(keepingCapacity: true)
        return taken
    }

    /// The parsing warnings so far.
    var warnings: WarningTally { tally }

    /// Reads one line.
    mutating func parseLine(_ line: Substring, _ lineNumber: Int) {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard let first = trimmed.first else { return }
        if first == "[" {
            parseEvent(trimmed, line: lineNumber)
        } else if trimmed.hasPrefix("add device") {
            startDevice(trimmed)
        } else if trimmed.hasPrefix("name:") {
            let name = trimmed.dropFirst(5).drop { $0 == " " || $0 == "\t" }
            descriptions[currentDevice, default: DeviceDescription()].name = String(name.filter { $0 != "\"" })
        } else if trimmed.contains(": value ") {
            parseRange(trimmed, line: lineNumber)
        } else if Self.isDescriptionLine(trimmed) {
            return
        } else {
            parseEvent(trimmed, line: lineNumber)
        }
    }

    private static func isDescriptionLine(_ text: Substring) -> Bool {
        ["events:", "input props:", "bus:", "vendor", "product", "version", "location:", "id:", "KEY (", "REL (",
         "SW (", "LED (", "MSC (", "FF (", "INPUT_PROP_", "<none>"].contains { text.hasPrefix($0) }
    }

    private mutating func startDevice(_ text: Substring) {
        guard let colon = text.firstIndex(of: ":") else { return }
        currentDevice = String(text[text.index(after: colon)...].drop { $0 == " " })
        if descriptions[currentDevice] == nil {
            descriptions[currentDevice] = DeviceDescription()
            descriptionOrder.append(currentDevice)
        }
    }

    /// `ABS (0003): ABS_MT_POSITION_X : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0`.
    private mutating func parseRange(_ text: Substring, line: Int) {
        guard let marker = text.range(of: ": value ") else { return }
        let name = text[..<marker.lowerBound].split(whereSeparator: { $0 == " " || $0 == "\t" }).last ?? ""
        guard let code = EvdevCode.codeNames[EvdevCode.absType]?[String(name)] ?? EvdevNumber.hex16(name) else {
            tally.note("range-\(name)", line: line, "unknown axis \(Messages.quoted(String(name))) in a device description; ignored")
            return
        }
        var minimum: Int?
        var maximum: Int?
        for part in text[marker.upperBound...].split(separator: ",") {
            let words = part.split(separator: " ")
            guard words.count == 2, let value = EvdevNumber.decimal32(words[1]) else { continue }
            if words[0] == "min" { minimum = Int(value) }
            if words[0] == "max" { maximum = Int(value) }
        }
        guard let minimum, let maximum else {
            tally.note("range-syntax", line: line, "a device description line without min and max; ignored")
            return
        }
        if descriptions[currentDevice] == nil { descriptionOrder.append(currentDevice) }
        descriptions[currentDevice, default: DeviceDescription()].ranges[code] = AxisRange(minimum: minimum, maximum: maximum)
    }

    /// `[   1117.612054] /dev/input/event2: EV_ABS ABS_X 0000017a`, device and timestamp optional.
    private mutating func parseEvent(_ text: Substring, line: Int) {
        var rest = text
        var time: Int64?
        // An ASCII line (every Character one byte) is read by bytes, with the same results: reading it as
        // Characters cost about 60,000 instructions per line, 90% of `convert` of a getevent log.
        let ascii = text.utf8.allSatisfy { $0 < 0x80 }
        if rest.hasPrefix("[") {
            guard let close = ascii ? rest.utf8.firstIndex(of: UInt8(ascii: "]")) : rest.firstIndex(of: "]") else {
                tally.note("truncated", line: line, "a truncated or unreadable line; ignored")
                return
            }
            let inside = rest[rest.index(after: rest.startIndex)..<close]
            let stamp = ascii ? inside.trimmingASCIIBlanks() : inside.trimmingCharacters(" \t")
            guard let parsed = EvdevNumber.timestamp(stamp) else {
                tally.note("timestamp", line: line, "an unreadable timestamp; the line is ignored")
                return
            }
            time = parsed
            rest = rest[rest.index(after: close)...]
        }
        var words = ascii ? rest.asciiWords() : rest.split(whereSeparator: { $0 == " " || $0 == "\t" })
        var device = ""
        if let first = words.first, ascii ? first.utf8.last == UInt8(ascii: ":") : first.hasSuffix(":") {
            device = String(first.dropLast())
            words.removeFirst()
        }
        guard words.count >= 3 else {
            tally.note(time == nil ? "noise" : "truncated", line: line,
                time == nil
                    ? "a line that is neither an event nor a device description; ignored"
                    : "a truncated event line (expected TYPE CODE VALUE); ignored")
            return
        }
        guard let type = EvdevCode.typeNames[String(words[0])] ?? EvdevNumber.hex16(words[0]) else {
            if time == nil {
                tally.note("noise", line: line, "a line that is neither an event nor a device description; ignored")
            } else {
                tally.note("type-\(words[0])", line: line, "unknown event type \(Messages.quoted(String(words[0]))); ignored")
            }
            return
        }
        guard let code = EvdevCode.codeNames[type]?[String(words[1])] ?? EvdevNumber.hex16(words[1]) else {
            if type == EvdevCode.absType || type == EvdevCode.synType {
                tally.note("code-\(words[1])", line: line, "unknown event code \(Messages.quoted(String(words[1]))); ignored")
            }
            return
        }
        let valueWord = words[2]
        let value: Int32
        switch valueWord {
        case "DOWN": value = 1
        case "UP": value = 0
        case "REPEAT": value = 2
        default:
            guard let parsed = EvdevNumber.hex32(valueWord) else {
                tally.note("value", line: line, "an unreadable value \(Messages.quoted(String(valueWord))); the line is ignored")
                return
            }
            value = parsed
        }
        guard let time else {
            if firstUntimedLine == nil { firstUntimedLine = line }
            return
        }
        events.append((device, EvdevEvent(time: time, type: type, code: code, value: value, line: line)))
    }

    /// The touch device's events and description, with the parsing warnings.
    func log() -> EvdevLog {
        var log = EvdevLog()
        log.tally = tally
        let devices = events.reduce(into: [String]()) { list, entry in
            if !list.contains(entry.device) { list.append(entry.device) }
        }
        let touch = events.first { Self.isTouchEvent($0.event) }?.device ?? devices.first ?? ""
        log.events = events.filter { $0.device == touch }.map(\.event)
        for other in devices where other != touch {
            if let line = events.first(where: { $0.device == other })?.event.line {
                log.tally.note("device-\(other)", line: line,
                    "events of \(other) are ignored: only the touch device \(touch) is converted")
            }
        }
        log.device = touchDescription(for: touch) ?? DeviceDescription()
        return log
    }

    /// The description of `device`, or, when there is none for it, the first with position axes.
    func touchDescription(for device: String?) -> DeviceDescription? {
        if let device, !device.isEmpty, let description = descriptions[device] { return description }
        let positions: [UInt16] = [EvdevCode.mtPositionX, EvdevCode.absX]
        return descriptionOrder.compactMap { descriptions[$0] }.first { description in
            positions.contains { description.ranges[$0] != nil }
        }
    }

    private static func isTouchEvent(_ event: EvdevEvent) -> Bool {
        switch (event.type, event.code) {
        case (EvdevCode.absType, EvdevCode.mtPositionX), (EvdevCode.absType, EvdevCode.mtTrackingID),
            (EvdevCode.absType, EvdevCode.absX), (EvdevCode.keyType, EvdevCode.btnTouch),
            (EvdevCode.synType, EvdevCode.synMTReport):
            return true
        default:
            return false
        }
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs, for ASCII text: `trimmingCharacters(" \t")`
    /// by bytes.
    fileprivate func trimmingASCIIBlanks() -> Substring {
        let bytes = utf8
        guard let first = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }),
            let last = bytes.lastIndex(where: { $0 != 0x20 && $0 != 0x09 })
        else { return self[endIndex...] }
        return self[first...last]
    }

    /// The text without the given leading and trailing characters.
    fileprivate func trimmingCharacters(_ characters: String) -> Substring {
        let set = Set(characters)
        let start = drop { set.contains($0) }
        var end = start.endIndex
        while end > start.startIndex, set.contains(start[start.index(before: end)]) { end = start.index(before: end) }
        return start[start.startIndex..<end]
    }
}
