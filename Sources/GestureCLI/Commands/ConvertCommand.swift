import Foundation
import GestureKit
import GestureTrace

/// `gesturectl convert`: between the three trace encodings, and from real-device recordings.
///
/// The whole input is read and converted in memory; output is written only once everything
/// converted, so a bad input leaves standard output (or the `-o` file) untouched.
struct ConvertCommand: Command {
    let name = "convert"
    let summary = "convert traces between encodings, and from getevent, evemu or WebDriver actions"
    let discussion = """
        Reads INPUT (a trace in any encoding, an Android 'getevent -lt' log or a Linux 'evemu-record' \
        file; - for standard input) and writes it as a trace in the encoding of --to (or of the -o \
        file's extension). The input's kind comes from --from, its extension (.json, .jsonl, .csv, \
        .events) or its first lines. Between encodings nothing is lost: converting back gives the same \
        bytes.

        Recordings: timestamps become seconds from the first event; raw device units become points, \
        scaled to --screen (default 390x844) keeping the device's aspect ratio. The axis ranges come \
        from --raw-size, else --device (an evemu .desc file or getevent -lp output), else the \
        recording's own description lines (or, for an evemu recording without them, a DEVICE.desc \
        file beside DEVICE.NAME.events), else the largest values seen (with a warning). Multitouch \
        protocols A and B and single-touch devices are understood; a lift, a frame with no contacts \
        and a released slot end touches, and touches still down at the end are cancelled at the last \
        frame. Oddities of the recording are warnings on standard error, with a summary line.

        WebDriver actions (the body of POST /session/{id}/actions, or a bare array of input sources; \
        .actions files, or .json files and standard input holding "actions": [) are played tick by tick as \
        the WebDriver specification says: each pointer source is a finger, a pointerMove with a \
        duration is sampled at --rate (default 60 Hz), an element origin is the centre of the \
        rectangle --element gives it, in points on --screen.

        exit status: 0 success, 2 usage error, 65 the input is invalid, 66 a file cannot be opened, \
        74 the output cannot be written.
        """
    let options = OptionTable([
        Option("from", .choice(ConvertInput.Kind.allCases.map(\.rawValue)), help: "what INPUT is (default: from its extension or contents)"),
        Option("to", .choice(TraceEncoding.allCases.map(\.rawValue)), help: "the encoding to write (default: from -o's extension)"),
        Option("screen", .argument(placeholder: "WxH"), help: "recordings: the screen in points to scale to (default 390x844)"),
        Option("raw-size", .argument(placeholder: "WxH"), help: "recordings: the device's size in raw units"),
        Option("device", .argument(placeholder: "DESC"), help: "recordings: the device's description (evemu .desc)"),
        Option("element", .argument(placeholder: "ID=X,Y,W,H"), help: "webdriver: an element's frame in points, for origins that name it (repeatable)"),
        Option(
            "elements", .argument(placeholder: "FILE"),
            help: "webdriver: the elements' frames from an Appium page source, an XCUITest element tree or a JSON map of ids and [x, y, w, h]"),
        Option("rate", .argument(placeholder: "HZ"), help: "webdriver: samples per second of a pointerMove (default 60)"),
        Option("output", short: "o", .argument(placeholder: "OUT"), help: "write to this file instead of standard output"),
        Option("follow", short: "f", help: "convert live input as it comes, frame by frame, to standard output (docs/live.md)"),
    ])
    let operands = Operands(synopsis: "INPUT", name: "INPUT", minimum: 1, maximum: 1)

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(UsageError) -> ExitStatus {
        let environment = context.environment
        let settings = try ConvertSettings(arguments)
        if settings.follow || settings.streamsByItself { return try FollowConversion.run(settings, environment: environment) }
        let bytes: [UInt8]
        do throws(TraceError) {
            bytes = try InputFile.read(path: settings.input)
        } catch {
            return environment.report(error)
        }
        let kind = settings.from ?? ConvertInput.kind(path: settings.input, bytes: bytes)
        if kind.traceEncoding != nil, let option = settings.recordingOnlyOptions.first {
            throw UsageError("'\(option)' applies to recordings (getevent, evemu) only, and the input is a \(kind.rawValue) trace")
        }
        if kind != .webdriver, let option = settings.webDriverOnlyOptions.first {
            let input = kind.traceEncoding != nil ? "a \(kind.rawValue) trace" : "a \(kind.rawValue) recording"
            throw UsageError("'\(option)' applies to WebDriver actions only, and the input is \(input)")
        }
        if kind == .webdriver, let option = settings.recordingOnlyOptions.first(where: { $0 != "--screen" }) {
            throw UsageError("'\(option)' applies to getevent and evemu recordings only, and the input is WebDriver actions")
        }
        let converted: ConvertInput.Result
        do throws(TraceError) {
            converted = try ConvertInput.read(bytes, kind: kind, settings: settings)
        } catch {
            return environment.report(error)
        }
        for warning in converted.warnings { environment.printError(warning.description) }
        if let note = converted.note { environment.printError("\(ToolName.current) convert: \(note)") }
        if settings.to == .csv, converted.header.scene != nil {
            environment.printError("\(ToolName.current) convert: warning: the trace's scene is not written: CSV has no place for one")
        }
        let text: String
        do throws(TraceWriteError) {
            text = try TraceWriter.write(converted.samples, header: converted.header, as: settings.to)
        } catch {
            environment.printError("\(TraceInputs.displayName(settings.input)): error: \(error.description)")
            return .dataError
        }
        // A recording or WebDriver conversion is read back before it is written: whatever the input,
        // `convert` never writes a trace that `gesturectl` itself rejects (the converters' own limits
        // should already have said why, at the input's position).
        if kind.traceEncoding == nil {
            let reader = TraceReader(bytes: Array(text.utf8), name: settings.output ?? "<stdout>", encoding: settings.to)
            do throws(TraceError) {
                _ = try reader.header()
                _ = try reader.readToEnd()
            } catch {
                environment.printError(
                    "\(TraceInputs.displayName(settings.input)): error: the conversion makes a trace gesturectl rejects, "
                        + "so nothing is written: \(error.description)")
                return .dataError
            }
        }
        guard let output = settings.output, output != "-" else { return environment.writeResult(text) }
        return OutputFile.write(text, to: output, environment: environment)
    }
}

/// The options of one `convert` run, checked and typed.
struct ConvertSettings {
    var input: String
    var from: ConvertInput.Kind?
    var to: TraceEncoding
    var screen: Size?
    var rawSize: RawSize?
    var device: String?
    var output: String?
    /// `--element` rectangles by id.
    var elements: [String: Rect] = [:]
    /// `--elements FILE`: more rectangles, from a page source, an element tree or a JSON map
    /// (`--element` wins for an id both give).
    var elementsFile: String?
    var rate: Double?
    /// `--follow`: convert live input as it comes.
    var follow: Bool

    /// Whether a recording arrives through a pipe, a FIFO or a device, named with `--from getevent`
    /// or `--from evemu`, with its axis ranges given (`--raw-size` or `--device`) and standard output
    /// as the destination: then nothing needs the end of the input, and it is converted frame by
    /// frame as with `--follow`, so that `adb shell getevent -lt … | gesturectl convert --from
    /// getevent --device dev.txt - | gesturectl analyze --follow -` flows (docs/live.md).
    var streamsByItself: Bool {
        guard from == .getevent || from == .evemu, rawSize != nil || device != nil, output == nil else { return false }
        var status = stat()
        let found = input == "-" ? fstat(STDIN_FILENO, &status) == 0 : stat(input, &status) == 0
        guard found else { return false }
        let kind = status.st_mode & S_IFMT
        return kind == S_IFIFO || kind == S_IFCHR || kind == S_IFSOCK
    }

    init(_ arguments: ParsedArguments) throws(UsageError) {
        input = arguments.operands.first ?? "-"
        from = arguments.value("from").flatMap(ConvertInput.Kind.init(rawValue:))
        output = arguments.value("output")
        if let to = arguments.value("to").flatMap(TraceEncoding.init(rawValue:)) {
            self.to = to
        } else if let output, let encoding = TraceEncoding(pathExtensionOf: output) {
            to = encoding
        } else {
            throw UsageError("missing '--to json|jsonl|csv' (or an -o file ending in .json, .jsonl or .csv)")
        }
        if let text = arguments.value("screen") {
            guard let size = SizeArgument.points(text) else {
                throw UsageError("invalid value '\(text)' for '--screen': expected WIDTHxHEIGHT in points, each from 1 to 1000000, such as 390x844")
            }
            screen = size
        }
        if let text = arguments.value("raw-size") {
            guard let size = SizeArgument.units(text) else {
                throw UsageError("invalid value '\(text)' for '--raw-size': expected WIDTHxHEIGHT in whole device units, such as 1080x2400")
            }
            rawSize = size
        }
        device = arguments.value("device")
        follow = arguments.isSet("follow")
        for text in arguments.allValues("element") {
            guard let (id, rect) = Self.element(text) else {
                throw UsageError("invalid value '\(text)' for '--element': expected ID=X,Y,WIDTH,HEIGHT in points, such as login=20,300,350,44")
            }
            elements[id] = rect
        }
        elementsFile = arguments.value("elements")
        if let text = arguments.value("rate") {
            guard let rate = Double(text), rate.isFinite, rate > 0, rate <= 1000 else {
                throw UsageError("invalid value '\(text)' for '--rate': expected samples per second, more than 0 and at most 1000")
            }
            self.rate = rate
        }
    }

    /// `ID=X,Y,W,H` (the id may itself hold `=`: the last one separates).
    private static func element(_ text: String) -> (String, Rect)? {
        guard let equals = text.lastIndex(of: "=") else { return nil }
        let id = String(text[..<equals])
        let numbers = text[text.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false).compactMap { Double($0) }
        guard !id.isEmpty, numbers.count == 4, numbers.allSatisfy({ $0.isFinite && abs($0) <= 1e6 }), numbers[2] >= 0, numbers[3] >= 0
        else { return nil }
        return (id, Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
    }

    /// The WebDriver-only options that were given, as spelled.
    var webDriverOnlyOptions: [String] {
        (elements.isEmpty ? [] : ["--element"]) + (elementsFile != nil ? ["--elements"] : []) + (rate != nil ? ["--rate"] : [])
    }

    /// The recording options given, for a recording input.
    var recordingOptions: RecordingOptions {
        RecordingOptions(screen: screen ?? .defaultScreen, rawSize: rawSize)
    }

    /// The recording-only options that were given, as spelled.
    var recordingOnlyOptions: [String] {
        (screen != nil ? ["--screen"] : []) + (rawSize != nil ? ["--raw-size"] : []) + (device != nil ? ["--device"] : [])
    }
}

/// Parses `WIDTHxHEIGHT` option values.
enum SizeArgument {
    /// Numbers from 1 to a million, such as `390x844` or `1024.5x768`: a screen smaller than a point
    /// would scale a recording's touches to nothing (`390x1e-300` wrote a 0 × 0 screen).
    static func points(_ text: String) -> Size? {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
            width.isFinite, height.isFinite, width >= 1, height >= 1, width <= 1e6, height <= 1e6
        else { return nil }
        return Size(width: width, height: height)
    }

    /// Positive whole numbers up to 2^30, such as `1080x2400`.
    static func units(_ text: String) -> RawSize? {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            (1...(1 << 30)).contains(width), (1...(1 << 30)).contains(height)
        else { return nil }
        return RawSize(width: width, height: height)
    }
}
