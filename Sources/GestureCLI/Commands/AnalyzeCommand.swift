import GestureKit
import GestureTrace

/// `gesturectl analyze`: runs traces through the engine and prints the transitions.
///
/// Each trace is read, analyzed and rendered in memory; its output reaches standard output only
/// once the whole trace parsed, so a bad trace prints nothing there. A bad trace among several does
/// not stop the others; the exit status is the worst seen.
struct AnalyzeCommand: Command {
    let name = "analyze"
    let summary = "run traces through the engine and print every recognizer transition"
    let discussion = """
        Replays each TRACE (a .json, .jsonl or .csv file, or - for standard input) through the scene's \
        gesture recognizers and prints every state transition, failures included, in the order the \
        engine made them. Errors go to standard error as FILE:LINE:COLUMN: error: MESSAGE, and \
        nothing reaches standard output for a trace that does not parse. With several traces every \
        record names its trace.

        exit status: 0 success, 2 usage error, 65 a trace or scene is invalid, 66 a file cannot be \
        opened, 74 output cannot be written; with several traces, the worst seen.
        """
    let options = OptionTable([
        Option("scene", .argument(placeholder: "FILE"), help: "use this scene file for every trace"),
        Option(
            "format", .choice(OutputFormat.allCases.map(\.rawValue)),
            help: "output format (default: text on a terminal, jsonl otherwise)"),
        Option("deliveries", help: "also report what UIKit delivers to responders"),
        Option("only", .argument(placeholder: "NAMES"), help: "report only these recognizers (comma-separated)"),
        Option("no-failures", help: "leave out failed transitions"),
        Option(
            "velocity-estimator", .choice(VelocityEstimatorKind.allCases.map(\.rawValue)),
            help: "estimate velocities this way instead of the scene's way"),
        Option("strict", help: "treat warnings (a touch still down at the end) as errors"),
        Option(
            "input-format", .choice(TraceEncoding.allCases.map(\.rawValue)),
            help: "read traces in this encoding whatever their extension"),
    ])
    let operands = Operands.oneOrMore("TRACE")

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(UsageError) -> ExitStatus {
        var environment = context.environment
        let settings = try AnalyzeSettings(arguments, terminal: environment.standardOutputIsTerminal)
        var progress: ProgressLine?
        if environment.standardErrorIsTerminal, settings.traces.count > 1 {
            let line = ProgressLine(over: environment.standardError)
            environment.standardError = line
            progress = line
        }
        defer { progress?.clear() }
        let resolver: SceneResolver
        do throws(TraceError) {
            resolver = try SceneResolver(sceneFile: settings.sceneFile)
        } catch {
            environment.printError(error.description)
            return TraceInputs.status(of: error)
        }
        let renderOptions = RenderOptions(
            deliveries: settings.deliveries, labelsTraces: settings.traces.count > 1, color: environment.usesColor)
        let renderer = settings.format.renderer(renderOptions)
        var analysis = Analysis(settings: settings, resolver: resolver, environment: environment)
        var status = ExitStatus.success
        var wroteTrace = false
        for (index, path) in settings.traces.enumerated() {
            progress?.show("analyzing \(index + 1)/\(settings.traces.count): \(path)")
            guard let trace = analysis.analyze(path, status: &status) else { continue }
            let text = (wroteTrace ? renderer.separator : renderer.prologue) + renderer.render(trace)
            wroteTrace = true
            do throws(OutputError) {
                try environment.standardOutput.write(text)
            } catch {
                return status.worse(environment.report(error))
            }
        }
        do throws(OutputError) {
            if wroteTrace { try environment.standardOutput.write(renderer.epilogue) }
            try environment.standardOutput.flush()
        } catch {
            return status.worse(environment.report(error))
        }
        return status
    }
}

/// The per-trace work of one `analyze` run: read, resolve the scene, replay, filter.
private struct Analysis {
    let settings: AnalyzeSettings
    let resolver: SceneResolver
    let environment: CommandEnvironment
    /// `--only` names already reported as unknown, so each is reported once.
    var reportedUnknownNames: Set<String> = []

    init(settings: AnalyzeSettings, resolver: SceneResolver, environment: CommandEnvironment) {
        self.settings = settings
        self.resolver = resolver
        self.environment = environment
    }

    /// The analysis of the trace at `path`, or nil after reporting why there is none on standard
    /// error and making `status` at least as bad as the failure.
    mutating func analyze(_ path: String, status: inout ExitStatus) -> AnalyzedTrace? {
        do throws(TraceError) {
            let reader = try TraceReader(path: path, encoding: settings.inputFormat)
            let header = try reader.header()
            let scene = try resolver.scene(for: header, tracePath: path)
            checkOnlyNames(against: scene)
            let engine: Engine
            do throws(SceneError) {
                engine = try Engine(
                    scene: scene, screen: header.screen ?? .defaultScreen,
                    options: EngineOptions(velocityEstimator: settings.velocityEstimator, deliveries: settings.deliveries))
            } catch {
                environment.printError("\(TraceInputs.displayName(path)): error: invalid scene: \(error.message)")
                status = status.worse(.dataError)
                return nil
            }
            let collector = RecordCollector()
            engine.onRecord = { collector.records.append($0) }
            while let sample = try reader.next() { engine.process(sample) }
            engine.finish()
            let warnings = reader.warnings
            if settings.strict, !warnings.isEmpty {
                for error in TraceInputs.asErrors(warnings) { environment.printError(error.description) }
                status = status.worse(.dataError)
                return nil
            }
            for warning in warnings { environment.printError(warning.description) }
            return AnalyzedTrace(path: path, records: settings.filter(collector.records))
        } catch {
            environment.printError(error.description)
            status = status.worse(TraceInputs.status(of: error))
            return nil
        }
    }

    /// Warns once about each `--only` name that is not a recognizer of `scene`.
    private mutating func checkOnlyNames(against scene: SceneDescription) {
        guard let only = settings.only else { return }
        let known = scene.recognizers.map(\.name)
        for name in only.sorted() where !known.contains(name) && !reportedUnknownNames.contains(name) {
            reportedUnknownNames.insert(name)
            var message = "gesturectl analyze: warning: '--only \(name)': the scene has no recognizer named '\(name)'"
            if let suggestion = Suggestions.didYouMean(name, among: known) { message += ". " + suggestion }
            environment.printError(message)
        }
    }
}

/// Collects the engine's records (the engine reports them through a closure).
private final class RecordCollector {
    var records: [AnalysisRecord] = []
}
