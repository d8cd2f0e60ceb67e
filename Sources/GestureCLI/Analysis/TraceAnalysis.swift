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
    static func unknownOnlyName(_ only: OnlyName, path: String, scene: SceneOrigin) -> String {
        "gesturectl analyze: '--only \(only.name)': the \(scene.description) of \(TraceInputs.displayName(path)) has no "
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
///   and other pipes are copied to an unnamed temporary file first, so that they can be read twice.
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
        let (source, reader, engine, origin) = try prepare(path: path, settings: settings, resolver: resolver, sceneCheck: sceneCheck)
        do throws(TraceError) {
            _ = try reader.readToEnd()
        } catch {
            throw .unreadable(source.located(error))
        }
        let warnings = try checkedWarnings(reader, source: source, settings: settings)
        return Validated(
            path: path, source: source, engine: engine, warnings: warnings, filter: RecordFilter(settings), scene: origin)
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
        let reader: TraceReader
        do throws(TraceError) {
            reader = try trace.source.reader()
        } catch {
            throw .trace(.unreadable(trace.source.located(error)))
        }
        let traceRenderer = renderer.traceRenderer(path: trace.path, scene: trace.scene, extended: trace.engine.hasControlsOrScrollViews)
        if threads ?? (trace.source.byteCount >= pipelineThreshold && ProcessInfo.processInfo.activeProcessorCount > 1),
            !traceRenderer.observesSamples
        {
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
    static func render(
        path: String, settings: AnalyzeSettings, resolver: SceneResolver, renderer: any AnalysisRenderer, into sink: ByteSink,
        sceneCheck: (SceneDescription, SceneOrigin) -> Void = { _, _ in }
    ) throws(AnalysisFailure) -> [Diagnostic] {
        let prepared: (TraceSource, TraceReader, Engine, SceneOrigin)
        do throws(TraceAnalysisError) {
            prepared = try prepare(path: path, settings: settings, resolver: resolver, sceneCheck: sceneCheck)
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
    private static func prepare(
        path: String, settings: AnalyzeSettings, resolver: SceneResolver, sceneCheck: (SceneDescription, SceneOrigin) -> Void
    ) throws(TraceAnalysisError) -> (TraceSource, TraceReader, Engine, SceneOrigin) {
        let source: TraceSource
        let reader: TraceReader
        let header: TraceHeader
        do throws(TraceError) {
            source = try TraceSource(path: path, encoding: settings.inputFormat)
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
        return (source, reader, engine, origin)
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
        if let only = settings.only {
            // The scene's recognizers and its scroll views' own (`NAME.pan`, `NAME.pinch`).
            let known = scene.recognizers.map(\.name) + scene.scrollViewRecognizerNames
            let unknown = only.sorted().filter { !known.contains($0) }
            if !unknown.isEmpty {
                throw .unknownOnlyNames(
                    path: path, scene: origin,
                    names: unknown.map { TraceAnalysisError.OnlyName(name: $0, suggestion: Suggestions.closest(to: $0, among: known)) })
            }
        }
        sceneCheck(scene, origin)
        do throws(SceneError) {
            let engine = try Engine(
                scene: scene, screen: header.screen ?? .defaultScreen,
                options: EngineOptions(velocityEstimator: settings.velocityEstimator, deliveries: settings.deliveries))
            return (engine, origin)
        } catch {
            throw .invalidScene(path: path, message: error.message)
        }
    }

    /// Feeds every sample of `reader` to `engine`, rendering the records kept, then ends the trace.
    private static func replay(
        _ reader: TraceReader, source: TraceSource, engine: Engine, filter: RecordFilter, renderer: TraceRenderer, into sink: ByteSink
    ) throws(AnalysisFailure) {
        do throws(OutputError) { try renderer.begin(sink) } catch { throw .output(error) }
        let pump = RecordPump(renderer: renderer, sink: sink, filter: filter)
        engine.onRecord = { [pump] record in pump.take(record) }
        defer { engine.onRecord = { _ in } }
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

    /// ``replay(_:source:engine:filter:renderer:into:)`` on three threads, then the sink drained.
    private static func pipelinedReplay(
        _ reader: TraceReader, source: TraceSource, engine: Engine, filter: RecordFilter, renderer: TraceRenderer, into sink: ByteSink
    ) throws(AnalysisFailure) {
        let samples = BoundedQueue<[Sample]>(capacity: 4)
        let records = BoundedQueue<[AnalysisRecord]>(capacity: 8)
        let failures = PipelineFailures()

        let readerHandover = Handover(value: reader)
        let reading = BackgroundJob {
            defer { samples.close() }
            let reader = readerHandover.value
            var batch: [Sample] = []
            batch.reserveCapacity(sampleBatchSize)
            do throws(TraceError) {
                while let sample = try reader.next() {
                    batch.append(sample)
                    if batch.count == sampleBatchSize {
                        guard samples.put(batch) else { return }
                        batch = []
                        batch.reserveCapacity(sampleBatchSize)
                    }
                }
                if !batch.isEmpty { _ = samples.put(batch) }
            } catch {
                failures.setRead(error)
            }
        }

        let renderHandover = Handover(value: (renderer, sink))
        let rendering = BackgroundJob {
            let (renderer, sink) = renderHandover.value
            do throws(OutputError) {
                try renderer.begin(sink)
                while let batch = records.take() {
                    for record in batch { try renderer.add(record, to: sink) }
                }
                guard !failures.isAborted else { return }
                try renderer.end(sink)
                try sink.drain()
            } catch {
                failures.setOutput(error)
                records.cancel()
            }
        }

        let batcher = RecordBatcher(queue: records, filter: filter)
        engine.onRecord = { [batcher] record in batcher.take(record) }
        defer { engine.onRecord = { _ in } }
        while let batch = samples.take() {
            for sample in batch { engine.process(sample) }
            if batcher.stopped { break }
        }
        if batcher.stopped { samples.cancel() }
        reading.wait()
        if let error = failures.read {
            failures.abort()
            records.cancel()
            rendering.wait()
            throw .trace(.unreadable(source.located(error)))
        }
        if !batcher.stopped {
            engine.finish()
            batcher.flush()
        }
        records.close()
        rendering.wait()
        if let error = failures.output { throw .output(error) }
    }

    /// Samples per batch handed from the reading thread to the engine.
    private static let sampleBatchSize = 4096

    /// The reader's warnings, once every sample is read; with `--strict`, thrown as errors.
    private static func checkedWarnings(
        _ reader: TraceReader, source: TraceSource, settings: AnalyzeSettings
    ) throws(TraceAnalysisError) -> [Diagnostic] {
        if reader.lastT == nil, !settings.allowsEmpty { throw TraceAnalysisError.empty(source.path) }
        let warnings = reader.warnings.map(source.located)
        if settings.strict, !warnings.isEmpty { throw .warningsAsErrors(warnings) }
        return warnings
    }

    /// What an empty trace is called, in errors and in `validate`'s warning.
    static let emptyMessage = "the trace has no samples: an empty recording is usually a failed one"

}

/// Collects the engine's records kept into batches for the rendering thread; stops when that
/// thread has given up (the output failed).
private final class RecordBatcher {
    private let queue: BoundedQueue<[AnalysisRecord]>
    private let filter: RecordFilter
    private let keepsAll: Bool
    private var batch: [AnalysisRecord] = []
    private(set) var stopped = false
    private static let size = 1024

    init(queue: BoundedQueue<[AnalysisRecord]>, filter: RecordFilter) {
        self.queue = queue
        self.filter = filter
        keepsAll = filter.keepsAll
        batch.reserveCapacity(Self.size)
    }

    func take(_ record: AnalysisRecord) {
        guard !stopped, keepsAll || filter.keeps(record) else { return }
        batch.append(record)
        if batch.count == Self.size { flush() }
    }

    /// Hands the records collected on.
    func flush() {
        guard !stopped, !batch.isEmpty else { return }
        if !queue.put(batch) { stopped = true }
        batch = []
        batch.reserveCapacity(Self.size)
    }
}

/// What went wrong in a pipelined replay, shared by its threads behind a lock.
private final class PipelineFailures: @unchecked Sendable {
    // Read and written only with `lock` held.
    private let lock = NSLock()
    private var readError: TraceError?
    private var outputError: OutputError?
    private var aborted = false

    var read: TraceError? { lock.withLock { readError } }
    var output: OutputError? { lock.withLock { outputError } }
    var isAborted: Bool { lock.withLock { aborted } }
    func setRead(_ error: TraceError) { lock.withLock { readError = error } }
    func setOutput(_ error: OutputError) { lock.withLock { outputError = error } }
    func abort() { lock.withLock { aborted = true } }
}
