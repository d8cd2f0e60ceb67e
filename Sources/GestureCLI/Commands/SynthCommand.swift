import GestureKit
import GestureTrace

/// `gesturectl synth`: writes a synthetic trace of one gesture, to start a test corpus quickly.
///
/// Every kind's defaults give a gesture the default scene recognizes as that kind (with a
/// screen-edge pan or checkmark recognizer added for those two); options change the geometry,
/// timing and noise, and `--seed` makes the noise reproducible.
struct SynthCommand: Command {
    let name = "synth"
    let summary = "write a synthetic trace of a gesture with chosen parameters"
    let discussion = """
        Writes a trace of one KIND of gesture (\(SynthKind.allCases.map(\.rawValue).joined(separator: ", "))) \
        to standard output or -o OUT, in the encoding of --format or of OUT's extension (default \
        jsonl). The defaults draw a gesture that the default scene recognizes as KIND (screenEdgePan \
        and checkmark need a scene with that recognizer): a 0.08 s tap at the centre of the screen, \
        two of them 0.12 s apart, a 0.8 s long press, a 200 pt pan over 0.6 s, a 120 pt swipe in \
        0.12 s, two fingers 100 pt apart spreading to twice that, a 60° clockwise rotation, a 150 pt \
        pan from the left edge, a checkmark 120 pt wide. --direction is in degrees (0 right, 90 \
        down) or a word (right, left, up, down); for pinch and rotation it is the angle of the line \
        between the fingers. --jitter adds position noise (standard deviation in points) and small \
        timing noise, drawn from a generator seeded by --seed, so the same options always give the \
        same trace.

        exit status: 0 success, 2 usage error (including an option that does not apply to KIND), \
        74 the output cannot be written.
        """
    let options = OptionTable([
        Option("at", .argument(placeholder: "X,Y"), help: "the gesture's centre in points (default: the screen's centre)"),
        Option("distance", .argument(placeholder: "PT"), help: "stroke length; finger spacing (pinch, rotation); width (checkmark)"),
        Option("direction", .argument(placeholder: "DIR"), help: "right, left, up, down or degrees (0 right, 90 down)"),
        Option("duration", .argument(placeholder: "S"), help: "seconds the fingers are down (each tap of a doubleTap)"),
        Option("scale", .argument(placeholder: "X"), help: "pinch: final spacing over the first (default 2)"),
        Option("angle", .argument(placeholder: "DEG"), help: "rotation: degrees turned, clockwise positive (default 60)"),
        Option("fingers", .argument(placeholder: "N"), help: "fingers moving together (tap, doubleTap, longPress, pan, swipe)"),
        Option("rate", .argument(placeholder: "HZ"), help: "samples per second (default 120)"),
        Option("start", .argument(placeholder: "T"), help: "time of the first sample in seconds (default 0)"),
        Option("seed", .argument(placeholder: "N"), help: "seed of the noise (default 1)"),
        Option("jitter", .argument(placeholder: "PT"), help: "position noise, standard deviation in points (default 0)"),
        Option("screen", .argument(placeholder: "WxH"), help: "screen size in points (default 390x844)"),
        Option("format", .choice(TraceEncoding.allCases.map(\.rawValue)), help: "encoding to write (default: from -o's extension, else jsonl)"),
        Option("output", short: "o", .argument(placeholder: "OUT"), help: "write to this file instead of standard output"),
    ])
    let operands = Operands(synopsis: "KIND", name: "KIND", minimum: 1, maximum: 1, words: SynthKind.allCases.map(\.rawValue))

    /// The options that only some kinds use, with those kinds.
    static let applicability: [String: Set<SynthKind>] = [
        "distance": [.pan, .swipe, .screenEdgePan, .pinch, .rotation, .checkmark],
        "direction": [.pan, .swipe, .screenEdgePan, .pinch, .rotation],
        "scale": [.pinch],
        "angle": [.rotation],
        "fingers": [.tap, .doubleTap, .longPress, .pan, .swipe],
    ]

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(UsageError) -> ExitStatus {
        let word = arguments.operands.first ?? ""
        guard let kind = SynthKind(rawValue: word) else {
            throw UsageError(
                "unknown gesture kind '\(word)': expected \(ArgumentParser.listing(SynthKind.allCases.map(\.rawValue)))",
                suggestion: Suggestions.didYouMean(word, among: SynthKind.allCases.map(\.rawValue)))
        }
        for (option, kinds) in Self.applicability.sorted(by: { $0.key < $1.key }) where arguments.isSet(option) && !kinds.contains(kind) {
            let users = SynthKind.allCases.filter { kinds.contains($0) }.map(\.rawValue)
            throw UsageError("'--\(option)' does not apply to \(kind.rawValue) (it applies to \(ArgumentParser.listing(users)))")
        }
        let parameters = try SynthSettings.parameters(kind, arguments)
        let output = arguments.value("output")
        let encoding =
            arguments.value("format").flatMap(TraceEncoding.init(rawValue:))
            ?? output.flatMap { TraceEncoding(pathExtensionOf: $0) } ?? .jsonl
        let samples: [Sample]
        do throws(SynthError) {
            samples = try Synthesizer.samples(parameters)
        } catch {
            throw UsageError(error.description)
        }
        let text: String
        do throws(TraceWriteError) {
            text = try TraceWriter.write(samples, header: TraceHeader(version: 1, screen: parameters.screen), as: encoding)
        } catch {
            context.environment.printError("\(ToolName.current) synth: error: \(error.description)")
            return .dataError
        }
        guard let output, output != "-" else { return context.environment.writeResult(text) }
        return OutputFile.write(text, to: output, environment: context.environment)
    }
}

/// Reads `synth`'s option values into ``SynthParameters``.
enum SynthSettings {
    static func parameters(_ kind: SynthKind, _ arguments: ParsedArguments) throws(UsageError) -> SynthParameters {
        var p = SynthParameters(kind: kind)
        if let text = arguments.value("screen") {
            guard let size = SizeArgument.points(text) else {
                throw UsageError("invalid value '\(text)' for '--screen': expected WIDTHxHEIGHT in points, such as 390x844")
            }
            p.screen = size
        }
        if let text = arguments.value("at") {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), x.isFinite, y.isFinite else {
                throw UsageError("invalid value '\(text)' for '--at': expected X,Y in points, such as 195,422")
            }
            p.position = Point(x: x, y: y)
        }
        p.distance = try number(arguments, "distance")
        p.duration = try number(arguments, "duration")
        p.scale = try number(arguments, "scale")
        p.angle = try number(arguments, "angle")
        if let rate = try number(arguments, "rate") { p.rate = rate }
        if let start = try number(arguments, "start") { p.start = start }
        if let jitter = try number(arguments, "jitter") { p.jitter = jitter }
        if let text = arguments.value("direction") {
            let words: [String: Double] = ["right": 0, "down": 90, "left": 180, "up": 270]
            guard let degrees = words[text] ?? Double(text), degrees.isFinite else {
                throw UsageError("invalid value '\(text)' for '--direction': expected right, left, up, down or degrees")
            }
            p.direction = degrees
        }
        if let text = arguments.value("fingers") {
            guard let fingers = Int(text) else { throw UsageError("invalid value '\(text)' for '--fingers': expected a whole number") }
            p.fingers = fingers
        }
        if let text = arguments.value("seed") {
            guard let seed = UInt64(text) else {
                throw UsageError("invalid value '\(text)' for '--seed': expected a whole number from 0 to \(UInt64.max)")
            }
            p.seed = seed
        }
        return p
    }

    private static func number(_ arguments: ParsedArguments, _ name: String) throws(UsageError) -> Double? {
        guard let text = arguments.value(name) else { return nil }
        guard let value = Double(text), value.isFinite else {
            throw UsageError("invalid value '\(text)' for '--\(name)': expected a number")
        }
        return value
    }
}
