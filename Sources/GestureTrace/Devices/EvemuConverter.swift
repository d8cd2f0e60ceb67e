/// Reads Linux `evemu-record` output: description lines, then `E: <sec.usec> <type> <code> <value>`.
///
/// - `N: name` names the device; `A: <code> <min> <max> <fuzz> <flat> [<resolution>]` (code in hex,
///   the rest in decimal) gives an axis range; `I:`, `P:`, `B:`, `L:`, `S:` lines are skipped.
/// - `E:` lines hold the time in seconds, type and code in hex, the value in signed decimal (leading
///   zeros allowed, as in `-001`); a trailing `# comment` (evemu 2 prints one) is ignored.
/// - Lines starting with `#` are comments. Anything else, such as a truncated line, is ignored with a
///   warning.
///
/// A `.desc` file has the description lines alone; `--device DESC` reads one with
/// ``DeviceDescription/init(evemu:file:)``.
///
/// See also: `GeteventConverter`, `RecordingOptions`, `EvdevContactTracker`.
public enum EvemuConverter {
    /// Converts an evemu recording.
    ///
    /// - Throws: `TraceError.invalid` when it holds no touch event.
    public static func convert(bytes: [UInt8], file: String, options: RecordingOptions) throws(TraceError)
        -> RecordingConversion
    {
        let log = EvemuParser.parse(bytes)
        return try EvdevRecording.convert(log, file: file, options: options)
    }
}

extension DeviceDescription {
    /// Reads a device description: an evemu `.desc` file (or the description lines at the top of an
    /// evemu recording), or `getevent -lp` output.
    ///
    /// - Throws: `TraceError.invalid` when the text gives no axis range, or an evemu axis line
    ///   whose maximum is below its minimum.
    public init(evemu bytes: [UInt8], file: String) throws(TraceError) {
        let log = EvemuParser.parse(bytes)
        if let inverted = log.invertedAxis {
            throw .invalid(Diagnostic(
                file: file, position: SourcePosition(line: inverted.line, column: 1), severity: .error, message: inverted.message))
        }
        var description = log.device
        if description.ranges.isEmpty, let getevent = GeteventConverter.deviceDescription(bytes) {
            description = getevent
        }
        guard !description.ranges.isEmpty else {
            throw .invalid(Diagnostic(
                file: file, position: SourcePosition(line: 1, column: 1), severity: .error,
                message: "no axis ranges: expected evemu 'A: <code> <min> <max> ...' lines "
                    + "(or getevent -lp 'ABS_MT_POSITION_X : value 0, min 0, max 1079' lines)"))
        }
        self = description
    }
}

/// The line-by-line reader behind `EvemuConverter`.
enum EvemuParser {
    static func parse(_ bytes: [UInt8]) -> EvdevLog {
        var log = EvdevLog()
        EvdevText.forEachLine(bytes) { lineNumber, rawLine in parse(line: rawLine, number: lineNumber, into: &log) }
        return log
    }

    /// Reads one line into `log` (a live recording reads line by line).
    static func parse(line rawLine: Substring, number lineNumber: Int, into log: inout EvdevLog) {
        var line = rawLine.drop { $0 == " " || $0 == "\t" }
        if line.isEmpty || line.hasPrefix("#") { return }
        // An ASCII line is split by bytes, with the same words (as Characters: 1.7x the instructions of
        // `convert` of a 38,200-line evemu recording).
        let ascii = line.utf8.allSatisfy { $0 < 0x80 }
        if let hash = ascii ? line.utf8.firstIndex(of: UInt8(ascii: "#")) : line.firstIndex(of: "#") { line = line[..<hash] }
        let words = ascii ? line.asciiWords() : line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let tag = words.first else { return }
        switch tag {
        case "E:": parseEvent(words, line: lineNumber, into: &log)
        case "A:": parseAxis(words, line: lineNumber, into: &log)
        case "N:":
            log.device.name = line.dropFirst(2).trimmingSpaces()
        case "I:", "P:", "B:", "L:", "S:":
            return
        default:
            log.tally.note("unknown-line", line: lineNumber,
                "a line that is not an evemu description or event line; ignored")
        }
    }

    /// `E: 1352020794.138597 0003 0035 1454`.
    private static func parseEvent(_ words: [Substring], line: Int, into log: inout EvdevLog) {
        guard words.count >= 5 else {
            log.tally.note("truncated", line: line, "a truncated event line (expected E: TIME TYPE CODE VALUE); ignored")
            return
        }
        guard let time = EvdevNumber.timestamp(words[1]), let type = EvdevNumber.hex16(words[2]),
            let code = EvdevNumber.hex16(words[3]), let value = EvdevNumber.decimal32(words[4])
        else {
            log.tally.note("unreadable", line: line, "an unreadable event line; ignored")
            return
        }
        log.events.append(EvdevEvent(time: time, type: type, code: code, value: value, line: line))
    }

    /// `A: 35 0 1279 0 0 0`.
    private static func parseAxis(_ words: [Substring], line: Int, into log: inout EvdevLog) {
        guard words.count >= 4, let code = EvdevNumber.hex16(words[1]), let minimum = EvdevNumber.decimal32(words[2]),
            let maximum = EvdevNumber.decimal32(words[3])
        else {
            log.tally.note("axis", line: line, "an unreadable axis line (expected A: CODE MIN MAX ...); ignored")
            return
        }
        guard maximum >= minimum else {
            let message = "axis \(words[1]) has its maximum \(maximum) below its minimum \(minimum) (expected A: CODE MIN MAX ...)"
            if log.invertedAxis == nil { log.invertedAxis = (line, message) }
            log.tally.note("axis-inverted", line: line, message + "; ignored")
            return
        }
        log.device.ranges[code] = AxisRange(minimum: Int(minimum), maximum: Int(maximum))
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    fileprivate func trimmingSpaces() -> String {
        let start = drop { $0 == " " || $0 == "\t" }
        var end = start.endIndex
        while end > start.startIndex, start[start.index(before: end)] == " " || start[start.index(before: end)] == "\t" {
            end = start.index(before: end)
        }
        return String(start[start.startIndex..<end])
    }
}
