#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import GestureKit
import GestureTrace

/// `analyze --follow`: one trace analyzed while its samples arrive, each record written out as soon
/// as the engine makes it. See docs/live.md.
///
/// One pass, nothing copied: the reader follows the input (``FollowWaiting``), and whenever nothing
/// more is ready the event collected is dispatched, the timers due on the wall clock are fired
/// (``LiveClock``) and the output is flushed. The end of the input finishes the trace as in batch
/// mode; SIGINT or SIGTERM finishes it where it is (``Interruption``). A bad sample stops the
/// analysis with its error and status 65, the records written before it standing.
final class FollowAnalysis: FollowWaiting {
    private let settings: AnalyzeSettings
    private let environment: CommandEnvironment
    private let interruption: Interruption?
    private let sink: ByteSink
    /// The engine, once the header has been read.
    private var engine: Engine?
    private var clock = LiveClock()
    /// The first failure to write standard output: the input then stops being read.
    private var outputFailure: OutputError?

    private init(settings: AnalyzeSettings, environment: CommandEnvironment) {
        self.settings = settings
        self.environment = environment
        interruption = Interruption()
        sink = ByteSink.output(environment.standardOutput)
    }

    // MARK: FollowWaiting

    func inputIsIdle() -> Double? {
        guard let engine, outputFailure == nil else { return nil }
        let now = clock.virtualNow()
        if let now { engine.advance(to: now) } else { engine.endEvent() }
        flush()
        guard let now, let deadline = engine.nextTimerDeadline else { return nil }
        return deadline - now + LiveClock.margin
    }

    var stopRequested: Bool { outputFailure != nil || interruption?.requested == true }

    var wakeDescriptor: Int32 { interruption?.wakeDescriptor ?? -1 }

    // MARK: Running

    /// Follows `settings.traces[0]`; the command's exit status.
    static func run(settings: AnalyzeSettings, resolver: SceneResolver, environment: CommandEnvironment) -> ExitStatus {
        let path = settings.traces[0]
        let input: FollowInput
        do throws(TraceError) {
            input = try FollowInput(path: path)
        } catch {
            return environment.report(error)
        }
        defer { input.release() }
        let analysis = FollowAnalysis(settings: settings, environment: environment)
        return analysis.follow(input, resolver: resolver)
    }

    private func follow(_ input: FollowInput, resolver: SceneResolver) -> ExitStatus {
        let reader: TraceReader
        let header: TraceHeader
        do throws(TraceError) {
            reader = try TraceReader(
                following: input.descriptor, isRegularFile: input.isRegularFile, name: input.name,
                encoding: settings.inputFormat ?? (input.path == "-" ? nil : TraceEncoding(pathExtensionOf: input.path)),
                waiting: self)
            reader.scaling = settings.scaling
            header = try reader.header()
        } catch {
            return interruption?.requested == true ? .success : environment.report(error)
        }
        let engine: Engine
        do throws(TraceAnalysisError) {
            (engine, _) = try TraceAnalysis.engine(for: header, path: input.path, settings: settings, resolver: resolver) { _, _ in }
        } catch {
            for message in error.messages { environment.printError(message) }
            return error.status
        }
        self.engine = engine
        let names = engine.recognizers.map(\.name)
        let options = RenderOptions(deliveries: settings.deliveries, labelsTraces: false, color: environment.usesColor)
        let renderer: any AnalysisRenderer =
            settings.format == .text ? LiveTextRenderer(options: options, recognizerNames: names) : settings.format.renderer(options)
        let traceRenderer = renderer.traceRenderer(path: input.path)
        let pump = RecordPump(renderer: traceRenderer, sink: sink, filter: RecordFilter(settings))
        engine.onRecord = { [pump] record in pump.take(record) }
        defer { engine.onRecord = { _ in } }
        write { sink throws(OutputError) in
            sink.buffer.append(utf8: renderer.prologue)
            try traceRenderer.begin(sink)
        }
        do throws(TraceError) {
            try feed(reader, to: engine, pump: pump)
        } catch {
            if interruption?.requested != true {
                flush()
                return finalStatus(environment.report(error))
            }
        }
        let interrupted = interruption?.requested == true
        // `--strict` rejects a trace that ends with touches down instead of cancelling them: the
        // records of that repair must not be written, since the message says it was not made.
        let rejected = settings.strict && !interrupted && !reader.warnings.isEmpty
        if rejected { engine.endEvent() } else { engine.finish(cancellingAt: interrupted ? clock.virtualNow() : nil) }
        write { sink throws(OutputError) in
            try traceRenderer.end(sink)
            sink.buffer.append(utf8: renderer.epilogue)
        }
        if let failure = pump.failure, outputFailure == nil { outputFailure = failure }
        flush()
        var status = ExitStatus.success
        if !interrupted {
            let warnings = reader.warnings + reader.unitWarnings
            if settings.strict, !warnings.isEmpty {
                for warning in TraceInputs.asErrors(warnings) { environment.printError(warning.description) }
                status = .dataError
            } else {
                for warning in warnings { environment.printError(warning.description) }
            }
        }
        return finalStatus(status)
    }

    /// Feeds the samples as they come. A sample earlier than a timer already fired on the wall clock
    /// is taken at the engine's time instead (docs/live.md, late samples).
    private func feed(_ reader: TraceReader, to engine: Engine, pump: RecordPump) throws(TraceError) {
        var lastT: Double?
        while let sample = try reader.next() {
            var taken = sample
            if sample.t < engine.now {
                // Each event keeps its own dispatch, although the events share the engine's time.
                if sample.t != lastT { engine.endEvent() }
                taken.t = engine.now
            }
            lastT = sample.t
            clock.sampleArrived(at: taken.t)
            engine.process(taken)
            if pump.failure != nil || outputFailure != nil { break }
        }
    }

    /// `status`, or the output failure's when there was one.
    private func finalStatus(_ status: ExitStatus) -> ExitStatus {
        guard let outputFailure else { return status }
        return status.worse(environment.report(outputFailure))
    }

    /// Renders into the sink with `body`, unless the output has failed.
    private func write(_ body: (ByteSink) throws(OutputError) -> Void) {
        guard outputFailure == nil else { return }
        do throws(OutputError) { try body(sink) } catch { outputFailure = error }
    }

    /// Writes out everything rendered so far.
    private func flush() {
        write { sink throws(OutputError) in
            try sink.drain()
            try environment.standardOutput.flush()
        }
    }
}

/// The virtual time of live input while it is idle: the time of the last sample plus the
/// monotonic time since it was read.
struct LiveClock {
    /// The last sample's time and the monotonic time when idleness first followed it.
    private var anchor: (t: Double, wall: Double)?
    private var lastSampleT: Double?
    private var anchored = true

    /// How far past a timer's deadline the wait for it ends, in seconds, so that the timer is due
    /// (strictly before the virtual time) when the wait is over.
    static let margin = 0.000_2

    /// A sample was taken at `t` (the anchor moves when the input next goes idle).
    mutating func sampleArrived(at t: Double) {
        lastSampleT = t
        anchored = false
    }

    /// The virtual time now; nil before the first sample.
    mutating func virtualNow() -> Double? {
        let wall = Self.monotonicSeconds()
        if !anchored, let t = lastSampleT {
            anchor = (t, wall)
            anchored = true
        }
        guard let anchor else { return nil }
        return anchor.t + (wall - anchor.wall)
    }

    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
    }
}

/// The input `analyze --follow` reads: standard input or a named file, FIFO or device, opened once.
struct FollowInput {
    /// The path as given.
    let path: String
    /// The name in messages.
    var name: String { TraceInputs.displayName(path) }
    let descriptor: Int32
    let isRegularFile: Bool
    private let owned: Bool

    /// Opens `path` (`-`: standard input, which stays open).
    init(path: String) throws(TraceError) {
        self.path = path
        if path == "-" {
            descriptor = STDIN_FILENO
            owned = false
        } else {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
            owned = true
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            if owned { _ = close(descriptor) }
            throw .cannotOpen(path: TraceInputs.displayName(path), reason: reason)
        }
        let kind = status.st_mode & S_IFMT
        if kind == S_IFDIR {
            if owned { _ = close(descriptor) }
            throw .cannotOpen(path: path, reason: String(cString: strerror(EISDIR)))
        }
        isRegularFile = kind == S_IFREG
    }

    /// Closes the input unless it is standard input.
    func release() {
        if owned { _ = close(descriptor) }
    }
}
