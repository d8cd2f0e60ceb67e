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

extension TraceAnalysis {
    /// Whether ``streamWhileChecking(_:renderer:through:prelude:whenGood:)`` applies to `trace`:
    /// a regular file of ``pipelineThreshold`` bytes or more (a pipe is copied by its first pass,
    /// which the second then reads) and more than one processor (the pipelined replay).
    static func overlapsPasses(_ trace: Opened, renderer: TraceRenderer) -> Bool {
        overlapsPasses(trace.source)
    }

    /// ``overlapsPasses(_:renderer:)`` for a trace's bytes.
    private static func overlapsPasses(_ source: TraceSource) -> Bool {
        source.isRegularFile && source.byteCount >= pipelineThreshold && ProcessInfo.processInfo.activeProcessorCount > 1
    }

    /// A big JSON document whose `samples` array comes before some of its members, opened with the
    /// header that the members before the samples give, without first skipping the samples to read
    /// the members after them (``TraceReader/headerBeforeSamples()``): the skip took about 60 ms of
    /// the 360 that `analyze` of a 100 MB document took, before anything else could start. The
    /// first pass of ``streamWhileChecking(_:renderer:through:prelude:whenGood:)`` reads those
    /// members anyway, and checks that they leave the header as it was.
    ///
    /// - Returns: nil when this does not apply (``overlapsPasses(_:renderer:)`` does not, or the
    ///   header is whole before the samples) or anything goes wrong: the caller then opens the trace
    ///   with ``open(path:settings:resolver:sceneCheck:)``, whose errors are the ones to report.
    ///   The scene's `sceneCheck` is not called: the caller notes the scene once the trace is found good.
    static func openAhead(path: String, settings: AnalyzeSettings, resolver: SceneResolver) -> Opened? {
        // Only a JSON document can have members after its samples: a file known to be JSON Lines or
        // CSV is not opened twice. Only a regular file is looked at: standard input and other streams
        // are read once.
        if let known = settings.inputFormat ?? TraceEncoding(pathExtensionOf: path), known != .json { return nil }
        var status = stat()
        guard path != "-", stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
            status.st_size >= pipelineThreshold,
            let source = try? TraceSource(path: path, encoding: settings.inputFormat), overlapsPasses(source)
        else { return nil }
        source.scaling = settings.scaling
        guard let reader = try? source.reader(), let (header, complete) = try? reader.headerBeforeSamples(), !complete,
            let (engine, origin) = try? engine(for: header, path: path, settings: settings, resolver: resolver, sceneCheck: { _, _ in })
        else { return nil }
        return Opened(
            path: path, source: source, reader: reader, engine: engine, scene: origin, settings: settings, headerToConfirm: header)
    }

    /// Both passes at once: the first pass checks the trace on a thread of its own while the
    /// second replays it (``pipelinedReplay(_:source:engine:filter:renderer:into:pipeline:)``) with
    /// its output held at `gate`.
    ///
    /// When the first pass finds the trace good, it calls `whenGood` with the warnings (for
    /// standard error), then opens the gate with `prelude` (the format's prologue or separator)
    /// before the output held: from then on the output streams straight through. When it does not,
    /// the gate drops everything, the replay is abandoned at its next batch, and the first pass's
    /// error is thrown: nothing of the trace reaches the output, and the error is the one the
    /// passes one after the other report.
    ///
    /// A trace from ``openAhead(path:settings:resolver:)`` that turns out bad, or whose header the
    /// members after the samples change, is not reported: the gate drops everything, `whenGood` is
    /// not called, and the function returns false for the caller to open the trace again as usual.
    ///
    /// - Throws: ``AnalysisFailure/trace(_:)`` for a bad trace (or one that changed between the
    ///   passes: the gate is then open), ``AnalysisFailure/output(_:)`` when the output or the
    ///   gate's temporary file cannot be written.
    @discardableResult
    static func streamWhileChecking(
        _ trace: Opened, renderer: TraceRenderer, through gate: OutputGate, prelude: String,
        whenGood: @escaping ([Diagnostic]) -> Void
    ) throws(AnalysisFailure) -> Bool {
        let reader: TraceReader
        do throws(TraceError) {
            reader = try trace.source.reader()
        } catch {
            if trace.headerToConfirm != nil { return false }
            // As the passes one after the other would: the first pass's error, if it has one.
            throw .trace(FirstPass.error(of: trace) ?? .unreadable(trace.source.located(error)))
        }
        let pipeline = ReplayPipeline()
        let firstPass = FirstPass(trace, whenGood: whenGood)
        let checking = BackgroundJob {
            if !firstPass.run(opening: gate, prelude: prelude) {
                gate.discard()
                pipeline.abandon()
            }
        }
        let replayFailure: AnalysisFailure?
        do throws(AnalysisFailure) {
            try pipelinedReplay(
                reader, source: trace.source, engine: trace.engine, filter: RecordFilter(trace.settings), renderer: renderer,
                into: .output(gate), pipeline: pipeline)
            replayFailure = nil
        } catch {
            replayFailure = error
        }
        checking.wait()
        if firstPass.unconfirmed { return false }
        if let error = firstPass.failure { throw .trace(error) }
        if let replayFailure { throw replayFailure }
        if let error = gate.writeFailure { throw .output(error) }
        return true
    }
}

/// The first pass of ``TraceAnalysis/streamWhileChecking(_:renderer:through:prelude:whenGood:)``, run
/// by a thread of its own, which it alone uses until it has ended.
private final class FirstPass: @unchecked Sendable {
    private let trace: TraceAnalysis.Opened
    private let whenGood: ([Diagnostic]) -> Void
    /// Why the trace is bad: written by the first pass's thread, read once it has ended.
    var failure: TraceAnalysisError?
    /// For a trace opened ahead: it is bad, or its header is not the one the engine was built for
    /// (written by the first pass's thread, read once it has ended).
    var unconfirmed = false

    init(_ trace: TraceAnalysis.Opened, whenGood: @escaping ([Diagnostic]) -> Void) {
        self.trace = trace
        self.whenGood = whenGood
    }

    /// Checks the trace; if it is good (and, opened ahead, has the header its engine was built for),
    /// calls `whenGood` and opens `gate` with `prelude`.
    ///
    /// - Returns: whether it did; if not, ``failure`` or ``unconfirmed`` says why.
    func run(opening gate: OutputGate, prelude: String) -> Bool {
        do throws(TraceAnalysisError) {
            let warnings = try TraceAnalysis.check(trace)
            if let expected = trace.headerToConfirm {
                // Read to the end, the reader has the members after the samples: no scan ahead.
                guard (try? trace.reader.header()) == expected else {
                    unconfirmed = true
                    return false
                }
            }
            whenGood(warnings)
            gate.open { output throws(OutputError) in try output.write(prelude) }
            return true
        } catch {
            if trace.headerToConfirm != nil {
                unconfirmed = true
            } else {
                failure = error
            }
            return false
        }
    }

    /// Why `trace` is bad, checked on this thread; nil when it is good.
    static func error(of trace: TraceAnalysis.Opened) -> TraceAnalysisError? {
        do throws(TraceAnalysisError) {
            _ = try TraceAnalysis.check(trace)
            return nil
        } catch {
            return error
        }
    }
}
