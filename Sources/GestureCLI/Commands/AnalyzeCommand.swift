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
        do throws(TraceAnalysisError) {
            let analysis = try TraceAnalysis(path: path, settings: settings, resolver: resolver) { checkOnlyNames(against: $0) }
            for warning in analysis.warnings { environment.printError(warning.description) }
            return AnalyzedTrace(path: path, records: analysis.records)
        } catch {
            for message in error.messages { environment.printError(message) }
            status = status.worse(error.status)
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

/// Why a trace has no analysis.
enum TraceAnalysisError: Error, Sendable {
    /// The trace, or the scene it names, cannot be read or does not parse.
    case unreadable(TraceError)
    /// The scene parsed but the engine rejects it; `path` is the trace's, as given.
    case invalidScene(path: String, message: String)
    /// `--strict`: the trace has warnings, reported as errors.
    case warningsAsErrors([Diagnostic])

    /// The lines for standard error, as `analyze` prints them.
    var messages: [String] {
        switch self {
        case .unreadable(let error): return [error.description]
        case .invalidScene(let path, let message): return ["\(TraceInputs.displayName(path)): error: invalid scene: \(message)"]
        case .warningsAsErrors(let warnings): return TraceInputs.asErrors(warnings).map(\.description)
        }
    }

    /// 66 for a file that cannot be opened, 65 otherwise.
    var status: ExitStatus {
        switch self {
        case .unreadable(let error): return TraceInputs.status(of: error)
        case .invalidScene, .warningsAsErrors: return .dataError
        }
    }
}

/// The analysis of one trace, as `analyze` computes it: read, resolve the scene, replay, filter.
///
/// Prints nothing: the records and the reader's warnings are returned, failures thrown, so that
/// callers that work on several traces at once (`check`) decide what reaches the streams.
struct TraceAnalysis {
    /// The records `settings` keeps, in engine order.
    var records: [AnalysisRecord]
    /// The reader's warnings (a touch still down at the end), for standard error.
    var warnings: [Diagnostic]

    /// Analyzes the trace at `path` (as given; `-` for standard input).
    ///
    /// - Parameter sceneCheck: called with the trace's scene before the replay (`--only` checks
    ///   its names against it).
    /// - Throws: ``TraceAnalysisError`` when the trace or its scene cannot be read or is invalid,
    ///   or, with `--strict`, has warnings.
    init(
        path: String, settings: AnalyzeSettings, resolver: SceneResolver, sceneCheck: (SceneDescription) -> Void = { _ in }
    ) throws(TraceAnalysisError) {
        let reader: TraceReader
        let header: TraceHeader
        let scene: SceneDescription
        do throws(TraceError) {
            reader = try TraceReader(path: path, encoding: settings.inputFormat)
            header = try reader.header()
            scene = try resolver.scene(for: header, tracePath: path)
        } catch {
            throw .unreadable(error)
        }
        sceneCheck(scene)
        let engine: Engine
        do throws(SceneError) {
            engine = try Engine(
                scene: scene, screen: header.screen ?? .defaultScreen,
                options: EngineOptions(velocityEstimator: settings.velocityEstimator, deliveries: settings.deliveries))
        } catch {
            throw .invalidScene(path: path, message: error.message)
        }
        let collector = RecordCollector()
        engine.onRecord = { collector.records.append($0) }
        do throws(TraceError) {
            while let sample = try reader.next() { engine.process(sample) }
        } catch {
            throw .unreadable(error)
        }
        engine.finish()
        if settings.strict, !reader.warnings.isEmpty { throw .warningsAsErrors(reader.warnings) }
        records = settings.filter(collector.records)
        warnings = reader.warnings
    }
}

/// Collects the engine's records (the engine reports them through a closure).
private final class RecordCollector {
    var records: [AnalysisRecord] = []
}
