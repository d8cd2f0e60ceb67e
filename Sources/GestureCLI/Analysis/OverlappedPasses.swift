import Foundation
import GestureKit
import GestureTrace

extension TraceAnalysis {
    /// Whether ``streamWhileChecking(_:renderer:through:prelude:whenGood:)`` applies to `trace`:
    /// a regular file of ``pipelineThreshold`` bytes or more (a pipe is copied by its first pass,
    /// which the second then reads) and more than one processor (the pipelined replay).
    static func overlapsPasses(_ trace: Opened, renderer: TraceRenderer) -> Bool {
        trace.source.isRegularFile && trace.source.byteCount >= pipelineThreshold
            && ProcessInfo.processInfo.activeProcessorCount > 1
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
    /// - Throws: ``AnalysisFailure/trace(_:)`` for a bad trace (or one that changed between the
    ///   passes: the gate is then open), ``AnalysisFailure/output(_:)`` when the output or the
    ///   gate's temporary file cannot be written.
    static func streamWhileChecking(
        _ trace: Opened, renderer: TraceRenderer, through gate: OutputGate, prelude: String,
        whenGood: @escaping ([Diagnostic]) -> Void
    ) throws(AnalysisFailure) {
        let reader: TraceReader
        do throws(TraceError) {
            reader = try trace.source.reader()
        } catch {
            // As the passes one after the other would: the first pass's error, if it has one.
            throw .trace(FirstPass.error(of: trace) ?? .unreadable(trace.source.located(error)))
        }
        let pipeline = ReplayPipeline()
        let firstPass = FirstPass(trace, whenGood: whenGood)
        let checking = BackgroundJob {
            if let error = firstPass.run(opening: gate, prelude: prelude) {
                gate.discard()
                pipeline.abandon()
                firstPass.failure = error
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
        if let error = firstPass.failure { throw .trace(error) }
        if let replayFailure { throw replayFailure }
        if let error = gate.writeFailure { throw .output(error) }
    }
}

/// The first pass of ``TraceAnalysis/streamWhileChecking(_:renderer:through:prelude:whenGood:)``, run
/// by a thread of its own, which it alone uses until it has ended.
private final class FirstPass: @unchecked Sendable {
    private let trace: TraceAnalysis.Opened
    private let whenGood: ([Diagnostic]) -> Void
    /// Why the trace is bad: written by the first pass's thread, read once it has ended.
    var failure: TraceAnalysisError?

    init(_ trace: TraceAnalysis.Opened, whenGood: @escaping ([Diagnostic]) -> Void) {
        self.trace = trace
        self.whenGood = whenGood
    }

    /// Checks the trace; if it is good, calls `whenGood` and opens `gate` with `prelude`.
    ///
    /// - Returns: why the trace is bad, or nil.
    func run(opening gate: OutputGate, prelude: String) -> TraceAnalysisError? {
        do throws(TraceAnalysisError) {
            let warnings = try TraceAnalysis.check(trace)
            whenGood(warnings)
            gate.open { output throws(OutputError) in try output.write(prelude) }
            return nil
        } catch {
            return error
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
