import Foundation
import GestureKit
import GestureTrace

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a trace has no analysis.
enum TraceAnalysisError: Error, Sendable {
    /// The trace, or the scene it names, cannot be read or does not parse.
    case unreadable(TraceError)
    /// The scene parsed but the engine rejects it; `path` is the trace's, as given.
    case invalidScene(path: String, message: String)
    /// `--strict`: the trace has warnings, reported as errors.
    case warningsAsErrors([Diagnostic])
    /// The trace has no samples and `--allow-empty` was not given.
    case empty(Diagnostic)
    /// `--only` names recognizers the trace's scene does not have (a usage error): each name with
    /// the closest recognizer name, if any.
    case unknownOnlyNames(path: String, scene: SceneOrigin, names: [OnlyName])

    /// An `--only` name the scene does not have, and the closest one it has.
    struct OnlyName: Sendable {
        var name: String
        var suggestion: String?
    }

    /// The lines for standard error, as `analyze` prints them.
    var messages: [String] {
        switch self {
        case .unreadable(let error): return [error.description]
        case .invalidScene(let path, let message): return ["\(TraceInputs.displayName(path)): error: invalid scene: \(message)"]
        case .warningsAsErrors(let warnings): return TraceInputs.asErrors(warnings).map(\.description)
        case .empty(let diagnostic): return [diagnostic.description]
        case .unknownOnlyNames(let path, let scene, let names):
            return names.map { Self.unknownOnlyName($0, path: path, scene: scene) }
        }
    }

    /// `gesturectl analyze: '--only pam': the default scene of TRACE has no recognizer named 'pam'. Did you mean 'pan'?`
    static func unknownOnlyName(_ only: OnlyName, path: String, scene: SceneOrigin, command: String = "analyze") -> String {
        "\(ToolName.current) \(command): '--only \(only.name)': the \(scene.description) of \(TraceInputs.displayName(path)) has no "
            + "recognizer named '\(only.name)'" + (only.suggestion.map { ". Did you mean '\($0)'?" } ?? "")
    }

    /// The error of an empty trace, at its start.
    static func empty(_ path: String) -> TraceAnalysisError {
        .empty(Diagnostic(
            file: TraceInputs.displayName(path), position: SourcePosition(line: 1, column: 1), severity: .error,
            message: TraceAnalysis.emptyMessage + " (--allow-empty lets it pass)"))
    }

    /// 66 for a file that cannot be opened, 65 otherwise.
    var status: ExitStatus {
        switch self {
        case .unreadable(let error): return TraceInputs.status(of: error)
        case .invalidScene, .warningsAsErrors, .empty: return .dataError
        case .unknownOnlyNames: return .usage
        }
    }
}

/// Why an analysis being rendered stopped: the trace, or the output.
enum AnalysisFailure: Error {
    /// The trace cannot be analyzed (nothing of it may reach standard output).
    case trace(TraceAnalysisError)
    /// The rendered output cannot be written.
    case output(OutputError)
}

/// The analysis of one trace, as `analyze` and `check` compute it: read, resolve the scene, replay,
/// filter, render.
///
/// Three ways to run it, all giving the same bytes:
/// - ``render(path:settings:resolver:renderer:into:sceneCheck:)``: one pass, the output going
///   into a sink that keeps it (memory, or a ``Spool``) until the caller knows the trace is good
///   (`check`, and `analyze` working on several traces at once);
/// - ``validate(path:settings:resolver:sceneCheck:)`` then ``stream(_:renderer:into:)``: a first
///   pass that only reads and checks the trace, and a second that replays it with the output going
///   straight to standard output, in constant memory (`analyze`, one trace at a time). Standard input
///   and other pipes are copied to an unnamed temporary file first, so that they can be read twice;
/// - ``open(path:settings:resolver:sceneCheck:)`` then
///   ``streamWhileChecking(_:renderer:through:prelude:whenGood:)``: both passes at once, for a file of
///   ``pipelineThreshold`` bytes or more (`analyze`, one trace at a time).
enum TraceAnalysis {
    /// A trace whose first pass found it good: ready to be replayed.
    struct Validated {
        /// The trace as given.
        let path: String
        /// Where its bytes are.
        let source: TraceSource
        /// A fresh engine built for the trace's scene.
        let engine: Engine
        /// The reader's warnings (a touch still down at the end), for standard error.
        let warnings: [Diagnostic]
        /// Which records are kept.
        let filter: RecordFilter
        /// Which scene applied, and where it came from.
        let scene: SceneOrigin
    }

    /// A trace opened, its header read, its scene resolved and its engine built: its samples not read yet.
    struct Opened {
        /// The trace as given.
        let path: String
        /// Where its bytes are.
        let source: TraceSource
        /// A reader past the header, for the first pass.
        let reader: TraceReader
        /// A fresh engine built for the trace's scene.
        let engine: Engine
        /// Which scene applied, and where it came from.
        let scene: SceneOrigin
        /// The run's settings (`--strict`, `--allow-empty`, the record filter).
        let settings: AnalyzeSettings
        /// Set by ``openAhead(path:settings:resolver:)``: the header the engine was built for, which
        /// the first pass checks against the whole header once it has read the trace.
        var headerToConfirm: TraceHeader? = nil
    }

    /// Opens the trace, reads its header, resolves its scene and builds the engine.
    ///
    /// - Parameter sceneCheck: called with the trace's scene before the samples are read (`--only`
    ///   checks its names against it).
    /// - Throws: ``TraceAnalysisError`` when the trace or its scene cannot be read or is invalid.
    static func open(
        path: String, settings: AnalyzeSettings, resolver: SceneResolver,
        sceneCheck: (SceneDescription, SceneOrigin) -> Void = { _, _ in }
    ) throws(TraceAnalysisError) -> Opened {
        let (source, reader, engine, origin) = try prepare(path: path, settings: settings, resolver: resolver, sceneCheck: sceneCheck)
        return Opened(path: path, source: source, reader: reader, engine: engine, scene: origin, settings: settings)
    }

    /// The first pass: opens the trace, resolves its scene, builds the engine and reads every sample.
    ///
    /// - Parameter sceneCheck: called with the trace's scene before the samples are read (`--only`
    ///   checks its names against it).
    /// - Throws: ``TraceAnalysisError`` when the trace or its scene cannot be read or is invalid,
    ///   or, with `--strict`, has warnings.
    static func validate(
        path: String, settings: AnalyzeSettings, resolver: SceneResolver,
        sceneCheck: (SceneDescription, SceneOrigin) -> Void = { _, _ in }
    ) throws(TraceAnalysisError) -> Validated {
        try validate(open(path: path, settings: settings, resolver: resolver, sceneCheck: sceneCheck))
    }

    /// The rest of the first pass on an opened trace: reads every sample and checks the warnings.
    static func validate(_ trace: Opened) throws(TraceAnalysisError) -> Validated {
        let warnings = try check(trace)
        return Validated(
            path: trace.path, source: trace.source, engine: trace.engine, warnings: warnings, filter: RecordFilter(trace.settings),
            scene: trace.scene)
    }

    /// Reads every sample of an opened trace, without converting more than checking needs.
    ///
    /// - Returns: the reader's warnings (a touch still down at the end), for standard error.
    /// - Throws: ``TraceAnalysisError`` when the trace does not read, is empty (without
    ///   `--allow-empty`), or, with `--strict`, has warnings.
    static func check(_ trace: Opened) throws(TraceAnalysisError) -> [Diagnostic] {
        do throws(TraceError) {
            _ = try trace.reader.readToEnd()
        } catch {
            throw .unreadable(trace.source.located(error))
        }
        return try checkedWarnings(trace.reader, source: trace.source, settings: trace.settings)
    }

    /// The second pass: replays the validated trace, rendering each record kept into `sink` as it
    /// comes and handing the sink's bytes on in chunks.
    ///
    /// A trace of a megabyte or more, on a machine with more than one processor, is replayed by a
    /// pipeline of three threads: one reads the samples, this one runs the engine, one renders the
    /// records (the engine is the slowest stage; the others no longer add to it). Batches of
    /// samples and records pass through queues of bounded length, so memory stays bounded.
    ///
    /// - Throws: ``AnalysisFailure/output(_:)`` when the sink cannot write, or
    ///   ``AnalysisFailure/trace(_:)`` if the trace changed since the first pass and no longer reads.
    /// - Parameter threads: whether to use the pipeline; by default, as said above.
    static func stream(
        _ trace: Validated, renderer: any AnalysisRenderer, into sink: ByteSink, threads: Bool? = nil
    ) throws(AnalysisFailure) {
        let traceRenderer = renderer.traceRenderer(path: trace.path, scene: trace.scene, extended: trace.engine.hasControlsOrScrollViews)
        try stream(trace, traceRenderer: traceRenderer, into: sink, threads: threads)
    }

    /// ``stream(_:renderer:into:threads:)`` with the trace's renderer made.
    static func stream(
        _ trace: Validated, traceRenderer: TraceRenderer, into sink: ByteSink, threads: Bool? = nil
    ) throws(AnalysisFailure) {
        let reader: TraceReader
        do throws(TraceError) {
            reader = try trace.source.reader()
        } catch {
            throw .trace(.unreadable(trace.source.located(error)))
        }
        if threads ?? (trace.source.byteCount >= pipelineThreshold && ProcessInfo.processInfo.activeProcessorCount > 1) {
            try pipelinedReplay(reader, source: trace.source, engine: trace.engine, filter: trace.filter, renderer: traceRenderer, into: sink)
            return
        }
        try replay(reader, source: trace.source, engine: trace.engine, filter: trace.filter, renderer: traceRenderer, into: sink)
        do throws(OutputError) { try sink.drain() } catch { throw .output(error) }
    }

    /// The size from which ``stream(_:renderer:into:)`` uses threads.
    static let pipelineThreshold = 1 << 20

    /// Both passes in one: reads, replays and renders the trace into `sink`.
    ///
    /// The output of a trace that turns out bad is in the sink already: the caller discards it.
    /// - Parameter sceneCheck: called with the trace's scene and where it came from, before the
    ///   samples are read.
    /// - Returns: the reader's warnings (a touch still down at the end), for standard error.
    /// - Parameter jsonLines: the trace itself, made in memory as JSON Lines, when it is not the file
    ///   at `path` (which then only names it and places it for its scene).
    static func render(
        path: String, jsonLines: [UInt8]? = nil, settings: AnalyzeSettings, resolver: SceneResolver, renderer: any AnalysisRenderer,
        into sink: ByteSink, sceneCheck: (SceneDescription, SceneOrigin) -> Void = { _, _ in }
    ) throws(AnalysisFailure) -> [Diagnostic] {
        let prepared: (TraceSource, TraceReader, Engine, SceneOrigin)
        do throws(TraceAnalysisError) {
            prepared = try prepare(path: path, jsonLines: jsonLines, settings: settings, resolver: resolver, sceneCheck: sceneCheck)
        } catch {
            throw .trace(error)
        }
        let (source, reader, engine, origin) = prepared
        try replay(
            reader, source: source, engine: engine, filter: RecordFilter(settings),
            renderer: renderer.traceRenderer(path: path, scene: origin, extended: engine.hasControlsOrScrollViews), into: sink)
        let warnings: [Diagnostic]
        do throws(TraceAnalysisError) {
            warnings = try checkedWarnings(reader, source: source, settings: settings)
        } catch {
            throw .trace(error)
        }
        do throws(OutputError) { try sink.drain() } catch { throw .output(error) }
        return warnings
    }

    /// Opens the trace, reads its header, resolves its scene and builds the engine.
    static func prepare(
        path: String, jsonLines: [UInt8]? = nil, settings: AnalyzeSettings, resolver: SceneResolver,
        sceneCheck: (SceneDescription, SceneOrigin) -> Void
    ) throws(TraceAnalysisError) -> (TraceSource, TraceReader, Engine, SceneOrigin) {
        let (source, reader, _, engine, origin) = try prepareWithHeader(
            path: path, jsonLines: jsonLines, settings: settings, resolver: resolver, sceneCheck: sceneCheck)
        return (source, reader, engine, origin)
    }

    /// ``prepare(path:jsonLines:settings:resolver:sceneCheck:)``, with the trace's header (its screen).
    static func prepareWithHeader(
        path: String, jsonLines: [UInt8]? = nil, settings: AnalyzeSettings, resolver: SceneResolver,
        sceneCheck: (SceneDescription, SceneOrigin) -> Void
    ) throws(TraceAnalysisError) -> (TraceSource, TraceReader, TraceHeader, Engine, SceneOrigin) {
        let source: TraceSource
        let reader: TraceReader
        let header: TraceHeader
        do throws(TraceError) {
            if let jsonLines {
                source = TraceSource(path: path, jsonLines: jsonLines)
            } else {
                source = try TraceSource(path: path, encoding: settings.inputFormat)
            }
            source.scaling = settings.scaling
            do throws(TraceError) {
                reader = try source.reader()
                header = try reader.header()
            } catch {
                throw source.located(error)
            }
        } catch {
            throw .unreadable(error)
        }
        let (engine, origin) = try engine(for: header, path: path, settings: settings, resolver: resolver, sceneCheck: sceneCheck)
        return (source, reader, header, engine, origin)
    }

    /// Resolves the scene of the trace with `header` (checking `--only` against it) and builds its engine.
    static func engine(
        for header: TraceHeader, path: String, settings: AnalyzeSettings, resolver: SceneResolver,
        sceneCheck: (SceneDescription, SceneOrigin) -> Void
    ) throws(TraceAnalysisError) -> (Engine, SceneOrigin) {
        let scene: SceneDescription
        let origin: SceneOrigin
        do throws(TraceError) {
            (scene, origin) = try resolver.resolve(header, tracePath: path)
        } catch {
            throw .unreadable(error)
        }
        let engine: Engine
        do throws(SceneError) {
            engine = try Engine(
                scene: scene, screen: header.screen ?? .defaultScreen,
                options: EngineOptions(velocityEstimator: settings.velocityEstimator, deliveries: settings.deliveries))
        } catch {
            throw .invalidScene(path: path, message: error.message)
        }
        if let only = settings.only {
            // The engine's recognizers: the scene's and a scroll view's own NAME.pan and NAME.pinch.
            let known = engine.recognizers.map(\.name)
            let unknown = only.sorted().filter { !known.contains($0) }
            if !unknown.isEmpty {
                throw .unknownOnlyNames(
                    path: path, scene: origin,
                    names: unknown.map { TraceAnalysisError.OnlyName(name: $0, suggestion: Suggestions.closest(to: $0, among: known)) })
            }
        }
        sceneCheck(scene, origin)
        return (engine, origin)
    }

    /// Feeds every sample of `reader` to `engine`, rendering the records kept, then ends the trace.
    private static func replay(
        _ reader: TraceReader, source: TraceSource, engine: Engine, filter: RecordFilter, renderer: TraceRenderer, into sink: ByteSink
    ) throws(AnalysisFailure) {
        do throws(OutputError) { try renderer.begin(sink) } catch { throw .output(error) }
        let pump = RecordPump(renderer: renderer, sink: sink, filter: filter)
        engine.onRecord = { [pump] record in pump.take(record) }
        engine.lendTransitions { [pump] record in pump.take(transition: record) }
        defer {
            engine.onRecord = { _ in }
            engine.stopLendingTransitions()
        }
        do throws(TraceError) {
            if renderer.observesSamples {
                while let sample = try reader.next() {
                    pump.sample(sample)
                    engine.process(sample)
                    if pump.failure != nil { break }
                }
            } else {
                while let sample = try reader.next() {
                    engine.process(sample)
                    if pump.failure != nil { break }
                }
            }
        } catch {
            throw .trace(.unreadable(source.located(error)))
        }
        if let failure = pump.failure { throw .output(failure) }
        engine.finish()
        if let failure = pump.failure { throw .output(failure) }
        do throws(OutputError) { try renderer.end(sink) } catch { throw .output(error) }
    }

    /// The reader's warnings, once every sample is read; with `--strict`, thrown as errors.
    private static func checkedWarnings(
        _ reader: TraceReader, source: TraceSource, settings: AnalyzeSettings
    ) throws(TraceAnalysisError) -> [Diagnostic] {
        if reader.lastT == nil, !settings.allowsEmpty { throw TraceAnalysisError.empty(source.path) }
        let warnings = (reader.warnings + reader.unitWarnings).map(source.located)
        if settings.strict, !warnings.isEmpty { throw .warningsAsErrors(warnings) }
        return warnings
    }

    /// What an empty trace is called, in errors and in `validate`'s warning.
    static let emptyMessage = "the trace has no samples: an empty recording is usually a failed one"

}
