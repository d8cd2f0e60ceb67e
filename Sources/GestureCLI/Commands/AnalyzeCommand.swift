import Foundation
import GestureKit
import GestureTrace

/// `gesturectl analyze`: runs traces through the engine and prints the transitions.
///
/// A trace's output reaches standard output only once the whole trace has been read and found
/// good, so a bad trace prints nothing there; a bad trace among several does not stop the others,
/// and the exit status is the worst seen.
///
/// One trace at a time (a single trace, or standard output on a terminal), each trace is read
/// twice: a first pass checks it, a second replays it with the records going straight to standard
/// output through a 64 KiB buffer, so memory does not grow with the trace. For a file of 1 MiB or
/// more the two passes run at once, the second's output held at an ``OutputGate`` (memory, then a
/// temporary file) until the first has found the trace good. Output that must wait
/// (the `json` format's gestures that wait for an earlier one to end, the `text` format's lines
/// until the trace has ended and its columns' widths are known) waits in spools: memory up to a
/// limit, then an unnamed temporary file. With several traces and standard output not a terminal,
/// up to one trace per processor is analyzed at once, each into a ``Spool`` (memory up to 1 MiB,
/// then an unnamed temporary file), and the outputs are written in argument order: the bytes are
/// the same.
/// See docs/performance.md.
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
        Option("compact", help: "text: one line per gesture, without its transitions (implies --format text)"),
        Option(
            "velocity-estimator", .choice(VelocityEstimatorKind.allCases.map(\.rawValue)),
            help: "estimate velocities this way instead of the scene's way"),
        Option("strict", help: "treat warnings (a touch still down at the end) as errors"),
        Option("allow-empty", help: "let a trace without samples pass (by default it is an error: a failed recording)"),
        .inputFormat,
        .timeScale,
        .scale,
        Option("follow", short: "f", help: "analyze one live TRACE as it comes, writing each record at once (docs/live.md)"),
        Option(
            "margins",
            help: "print how close each recognizer's outcome was to changing: the smallest change of speed, distance, angle or timing that changes it (docs/margins.md)"),
    ])
    let operands = Operands.oneOrMore("TRACE")

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(UsageError) -> ExitStatus {
        var environment = context.environment
        let settings = try AnalyzeSettings(arguments, terminal: environment.standardOutputIsTerminal)
        var progress: ProgressLine?
        if environment.standardErrorIsTerminal, settings.traces.count > 1 {
            let line = ProgressLine(over: environment.standardError)
            environment.standardError = line
            // The terminal may show both streams: results erase the progress line first.
            environment.standardOutput = line.clearing(environment.standardOutput)
            progress = line
        }
        defer { progress?.clear() }
        let resolver: SceneResolver
        do throws(TraceError) {
            resolver = try SceneResolver(sceneFile: settings.sceneFile)
        } catch {
            return environment.report(error)
        }
        if settings.follow { return FollowAnalysis.run(settings: settings, resolver: resolver, environment: environment) }
        if settings.margins { return Self.margins(settings: settings, resolver: resolver, environment: environment) }
        let renderOptions = RenderOptions(
            deliveries: settings.deliveries, labelsTraces: settings.traces.count > 1, color: environment.usesColor,
            compact: settings.compact)
        var run = AnalyzeRun(
            settings: settings, resolver: resolver, renderOptions: renderOptions, environment: environment, progress: progress)
        let jobs = min(ProcessInfo.processInfo.activeProcessorCount, settings.traces.count)
        if jobs > 1, !environment.standardOutputIsTerminal {
            run.inParallel(jobs: jobs)
        } else {
            run.oneByOne()
        }
        return run.finish()
    }
}

extension AnalyzeCommand {
    /// `--margins`: each trace's margins report, in argument order; a bad trace is reported as
    /// `analyze` reports it and the others still run.
    static func margins(settings: AnalyzeSettings, resolver: SceneResolver, environment: CommandEnvironment) -> ExitStatus {
        var status = ExitStatus.success
        for path in settings.traces {
            let margins: TraceMargins
            do throws(TraceAnalysisError) {
                margins = try TraceMargins.compute(path: path, settings: settings, resolver: resolver)
            } catch {
                status = status.worse(error.status)
                for message in error.messages { environment.printError(message) }
                continue
            }
            do throws(OutputError) {
                try environment.standardOutput.write(MarginReport.text(margins))
            } catch {
                return status.worse(environment.report(error))
            }
        }
        do throws(OutputError) {
            try environment.standardOutput.flush()
        } catch {
            return status.worse(environment.report(error))
        }
        return status
    }
}

/// One `analyze` run: the traces in argument order, their output framed by the format's prologue,
/// separators and epilogue, the statuses combined.
private struct AnalyzeRun {
    let settings: AnalyzeSettings
    let resolver: SceneResolver
    let renderOptions: RenderOptions
    let renderer: any AnalysisRenderer
    let environment: CommandEnvironment
    let progress: ProgressLine?
    let sink: ByteSink
    var status = ExitStatus.success
    /// Whether a trace's output has been written (the prologue then comes before it).
    var wroteTrace = false
    /// The first failure to write standard output; nothing more is written after it.
    var outputFailure: OutputError?
    /// `--only` names already reported as unknown, so each is reported once.
    var reportedUnknownNames: Set<String> = []

    init(
        settings: AnalyzeSettings, resolver: SceneResolver, renderOptions: RenderOptions, environment: CommandEnvironment,
        progress: ProgressLine?
    ) {
        self.settings = settings
        self.resolver = resolver
        self.renderOptions = renderOptions
        self.environment = environment
        self.progress = progress
        renderer = settings.format.renderer(renderOptions)
        sink = ByteSink.output(environment.standardOutput)
    }

    /// Each trace validated by a first pass, then streamed to standard output by a second; for a
    /// big file, both passes at once, the output held until the first has found the trace good.
    mutating func oneByOne() {
        for (index, path) in settings.traces.enumerated() {
            guard showProgress("analyzing \(index + 1)/\(settings.traces.count): \(path)"), analyze(path, index: index) else { return }
        }
    }

    /// Analyzes one trace of ``oneByOne()``.
    ///
    /// - Returns: false once standard output has failed.
    private mutating func analyze(_ path: String, index: Int) -> Bool {
        if let ahead = TraceAnalysis.openAhead(path: path, settings: settings, resolver: resolver) {
            let traceRenderer = settings.format.renderer(renderOptions.forTrace(index)).traceRenderer(
                path: path, scene: ahead.scene, extended: ahead.engine.hasControlsOrScrollViews)
            // nil: the trace is bad or its header changed after the samples; it is opened again as usual.
            if let written = streamWhileChecking(ahead, renderer: traceRenderer, note: sceneNote(ahead.scene, of: path)) {
                return written
            }
        }
        let trace: TraceAnalysis.Opened
        do throws(TraceAnalysisError) {
            trace = try TraceAnalysis.open(path: path, settings: settings, resolver: resolver) { _, origin in
                noteScene(origin, of: path)
            }
        } catch {
            report(error)
            return true
        }
        let extended = trace.engine.hasControlsOrScrollViews
        let traceRenderer = settings.format.renderer(renderOptions.forTrace(index)).traceRenderer(
            path: path, scene: trace.scene, extended: extended)
        if TraceAnalysis.overlapsPasses(trace, renderer: traceRenderer) {
            return streamWhileChecking(trace, renderer: traceRenderer) ?? true
        }
        let validated: TraceAnalysis.Validated
        do throws(TraceAnalysisError) {
            validated = try TraceAnalysis.validate(trace)
        } catch {
            report(error)
            return true
        }
        for warning in validated.warnings { environment.printError(warning.description) }
        guard beginTrace(extended: extended) else { return false }
        do throws(AnalysisFailure) {
            try TraceAnalysis.stream(validated, traceRenderer: traceRenderer, into: sink)
        } catch {
            return reportFailure(error)
        }
        return true
    }

    /// Reports a trace that turned out bad, or keeps the output's failure.
    ///
    /// - Returns: false for the output's failure (nothing more is written).
    private mutating func reportFailure(_ failure: AnalysisFailure) -> Bool {
        switch failure {
        case .trace(let error):
            report(error)
            return true
        case .output(let error):
            outputFailure = error
            return false
        }
    }

    /// Both passes of `trace` at once, its output held until the first pass finds it good; the
    /// warnings (after `note`, the scene's note of a trace opened ahead), then the prologue or
    /// separator, are written when it does.
    ///
    /// - Returns: false once standard output has failed; nil, with nothing written, for a trace
    ///   opened ahead that must be opened again (``TraceAnalysis/openAhead(path:settings:resolver:)``).
    private mutating func streamWhileChecking(
        _ trace: TraceAnalysis.Opened, renderer traceRenderer: TraceRenderer, note: String? = nil
    ) -> Bool? {
        do throws(OutputError) {
            try sink.drain()
        } catch {
            outputFailure = error
            return false
        }
        let gate = OutputGate(environment.standardOutput)
        let environment = environment
        let prelude = opening(extended: trace.engine.hasControlsOrScrollViews)
        defer { if gate.isOpen { wroteTrace = true } }
        do throws(AnalysisFailure) {
            let streamed = try TraceAnalysis.streamWhileChecking(trace, renderer: traceRenderer, through: gate, prelude: prelude) {
                warnings in
                if let note { environment.printError(note) }
                for warning in warnings { environment.printError(warning.description) }
            }
            if !streamed { return nil }
        } catch {
            return reportFailure(error)
        }
        return true
    }

    /// Up to `jobs` traces analyzed at once, each into a spool, written out in argument order.
    mutating func inParallel(jobs: Int) {
        let traces = settings.traces
        let settings = settings
        let resolver = resolver
        let format = settings.format
        let renderOptions = renderOptions
        OrderedWork.run(
            count: traces.count, jobs: jobs, window: 2 * jobs,
            work: { index in
                ParallelTrace.analyze(
                    traces[index], settings: settings, resolver: resolver, format: format, options: renderOptions.forTrace(index))
            },
            deliver: { index, result in
                guard showProgress("analyzing \(index + 1)/\(traces.count): \(traces[index])") else { return false }
                if let origin = result.scene { noteScene(origin, of: traces[index]) }
                if let error = result.error {
                    report(error)
                } else {
                    for message in result.messages { environment.printError(message) }
                }
                if let failure = result.outputFailure {
                    outputFailure = failure
                    return false
                }
                guard let output = result.output?.spool else { return true }
                guard beginTrace(extended: result.extended) else { return false }
                do throws(OutputError) {
                    try output.write(to: sink)
                } catch {
                    outputFailure = error
                    return false
                }
                return true
            })
    }

    /// Shows `status` on the progress line, if there is one, once the output so far is on the
    /// terminal (so that the line starts a line of its own, and the next result erases it).
    ///
    /// - Returns: false once standard output has failed.
    private mutating func showProgress(_ status: String) -> Bool {
        guard let progress, outputFailure == nil else { return outputFailure == nil }
        do throws(OutputError) {
            try sink.drain()
            try environment.standardOutput.flush()
        } catch {
            outputFailure = error
            return false
        }
        progress.show(status)
        return true
    }

    /// What comes before a trace's records: the format's prologue for the first trace, its
    /// separator after that.
    private func opening(extended: Bool) -> String {
        wroteTrace ? renderer.separator : renderer.prologue(extended: extended)
    }

    /// Writes the prologue or the separator before a trace's output.
    ///
    /// - Returns: false once standard output has failed.
    /// - Parameter extended: the trace's scene has controls or scroll views (the CSV header then
    ///   has their columns).
    private mutating func beginTrace(extended: Bool) -> Bool {
        sink.buffer.append(utf8: opening(extended: extended))
        wroteTrace = true
        do throws(OutputError) {
            try sink.drainIfFull()
            return true
        } catch {
            outputFailure = error
            return false
        }
    }

    /// Writes the epilogue and flushes; the run's exit status.
    mutating func finish() -> ExitStatus {
        if outputFailure == nil {
            do throws(OutputError) {
                if wroteTrace { sink.buffer.append(utf8: renderer.epilogue) }
                try sink.drain()
                try environment.standardOutput.flush()
            } catch {
                outputFailure = error
            }
        }
        if let outputFailure { return status.worse(environment.report(outputFailure)) }
        return status
    }

    private mutating func report(_ error: TraceAnalysisError) {
        status = status.worse(error.status)
        guard case .unknownOnlyNames(let path, let scene, let names) = error else {
            for message in error.messages { environment.printError(message) }
            return
        }
        // Each unknown name once, however many traces share the scene.
        for name in names where !reportedUnknownNames.contains(name.name) {
            reportedUnknownNames.insert(name.name)
            environment.printError(TraceAnalysisError.unknownOnlyName(name, path: path, scene: scene))
        }
    }

    /// Names the scene on standard error when it is a terminal, the format holds only records
    /// (`jsonl`, `csv`), and the scene came from the trace or its folder rather than from the
    /// command line or the defaults (the case that surprises): `TRACE: note: analyzed with the scene
    /// d/scene.json (beside the trace)`. The `text` heading and the `json` document name every
    /// scene themselves; pipes and logs get only the records.
    private func noteScene(_ origin: SceneOrigin, of path: String) {
        if let note = sceneNote(origin, of: path) { environment.printError(note) }
    }

    /// The note of ``noteScene(_:of:)``, nil when there is none.
    private func sceneNote(_ origin: SceneOrigin, of path: String) -> String? {
        guard environment.standardErrorIsTerminal, settings.format == .jsonl || settings.format == .csv else { return nil }
        if case .builtIn = origin { return nil }
        if case .commandLine = origin { return nil }
        return "\(TraceInputs.displayName(path)): note: analyzed with the \(origin.description)"
    }
}

/// One trace analyzed by a worker of a parallel `analyze`: what the command prints for it, in order.
private struct ParallelTrace: Sendable {
    /// Where its scene came from, once known.
    var scene: SceneOrigin?
    /// The lines for standard error: the trace's warnings.
    var messages: [String] = []
    /// Whether the trace's scene has controls or scroll views.
    var extended = false
    /// Why the trace has no analysis.
    var error: TraceAnalysisError?
    /// The rendered output of a good trace.
    var output: SpoolTransfer?
    /// A spool that could not be written (a temporary file).
    var outputFailure: OutputError?

    static func analyze(
        _ path: String, settings: AnalyzeSettings, resolver: SceneResolver, format: OutputFormat, options: RenderOptions
    ) -> ParallelTrace {
        var result = ParallelTrace()
        let spool = Spool(memoryLimit: 1 << 20)
        var origin: SceneOrigin?
        do throws(AnalysisFailure) {
            let warnings = try TraceAnalysis.render(
                path: path, settings: settings, resolver: resolver, renderer: format.renderer(options), into: .spool(spool)
            ) { scene, found in
                origin = found
                result.extended = scene.hasControlsOrScrollViews
            }
            result.messages = warnings.map(\.description)
            result.output = SpoolTransfer(spool: spool)
        } catch {
            switch error {
            case .trace(let error):
                result.error = error
            case .output(let error):
                result.outputFailure = error
            }
        }
        result.scene = origin
        return result
    }
}

/// A spool handed from the worker that filled it to the thread that writes it out; the worker
/// never touches it again.
private struct SpoolTransfer: @unchecked Sendable {
    let spool: Spool
}
