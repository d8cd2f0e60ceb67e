import GestureKit
import GestureTrace

/// `gesturectl template`: turns recorded strokes into unistroke templates, printed as a scene fragment.
struct TemplateCommand: Command {
    let name = "template"
    let summary = "make unistroke templates for a template recognizer from recorded strokes"
    let discussion = """
        Reads each TRACE and makes one template of every finger's stroke in it (from touch down to \
        lift), resampled to --points points along its path. Prints a template recognizer for a \
        scene's "recognizers" list, named after --name unless --recognizer says otherwise; with \
        --templates-only, prints only the "templates" array, to add to a recognizer you have. \
        Several recordings of the same gesture (given as several traces) make recognition more \
        reliable: the recognizer takes the best-matching template.

        exit status: 0 success, 2 usage error, 65 a trace is invalid or has no stroke long enough, \
        66 a file cannot be opened, 74 output cannot be written.
        """
    let options = OptionTable([
        Option("name", .argument(placeholder: "NAME"), required: true, help: "the templates' name, reported as \"template\" (required)"),
        Option("recognizer", .argument(placeholder: "NAME"), help: "the recognizer's name (default: NAME)"),
        Option("view", .argument(placeholder: "VIEW"), help: "the view to attach the recognizer to (default: screen)"),
        Option("points", .argument(placeholder: "N"), help: "points per template, 8 to 1024 (default: 64)"),
        Option("templates-only", help: "print only the templates array"),
        .inputFormat,
    ])
    let operands = Operands.oneOrMore("TRACE")

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(UsageError) -> ExitStatus {
        guard let name = arguments.value("name"), !name.isEmpty else {
            throw UsageError("--name is required")
        }
        var count = UnistrokeMatcher.sampleCount
        if let text = arguments.value("points") {
            guard let n = Int(text), (8...1024).contains(n) else {
                throw UsageError("--points must be a whole number from 8 to 1024, not '\(text)'")
            }
            count = n
        }
        let paths = try TraceInputs.paths(arguments.operands)
        let encoding = arguments.inputFormat
        let environment = context.environment
        var templates: [StrokeTemplate] = []
        var status = ExitStatus.success
        for path in paths {
            do throws(TraceError) {
                let strokes = try Self.strokes(in: path, encoding: encoding)
                let made = strokes.compactMap { StrokeTemplate(name: name, stroke: $0, count: count) }
                if made.isEmpty {
                    environment.printError("\(path): error: no stroke with any length to make a template of")
                    status = status.worse(.dataError)
                }
                templates += made
            } catch {
                status = status.worse(environment.report(error))
            }
        }
        guard status == .success else { return status }
        var json = JSONWriter(pretty: true)
        if arguments.isSet("templates-only") {
            Self.write(templates, to: &json)
        } else {
            json.beginObject()
            json.member("name", arguments.value("recognizer") ?? name)
            json.member("kind", "template")
            json.member("view", arguments.value("view") ?? "screen")
            json.key("templates"); Self.write(templates, to: &json)
            json.endObject()
        }
        json.endLine()
        return environment.writeResult(json.text)
    }

    /// Every finger's path in a trace, in the order the fingers touched down.
    static func strokes(in path: String, encoding: TraceEncoding?) throws(TraceError) -> [[Point]] {
        let reader = try TraceReader(path: path, encoding: encoding)
        var open: [TouchID: Int] = [:]
        var strokes: [[Point]] = []
        while let sample = try reader.next() {
            guard case let .touch(id, phase, location, _, _) = sample.kind else { continue }
            switch phase {
            case .began:
                open[id] = strokes.count
                strokes.append([location])
            case .moved, .ended:
                if let index = open[id], strokes[index].count < 100_000 { strokes[index].append(location) }
                if phase == .ended { open[id] = nil }
            case .stationary:
                break
            case .cancelled:
                if let index = open[id] { strokes[index] = [] }
                open[id] = nil
            }
        }
        return strokes.filter { !$0.isEmpty }
    }

    private static func write(_ templates: [StrokeTemplate], to json: inout JSONWriter) {
        json.strokeTemplates(templates, inlinePoints: true)
    }
}
