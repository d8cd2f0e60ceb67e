import GestureKit
import GestureTrace

/// One trace replayed with everything kept for a picture of it (`plot`, `view`, `check --html`'s
/// replays): its samples with the trace line each came from, the records of the analysis with the
/// line of the sample the engine was processing when it made each, and the view each touch hit.
///
/// The trace is opened, its scene resolved and its engine built exactly as `analyze` does
/// (``TraceAnalysis/prepareWithHeader(path:settings:resolver:sceneCheck:)``, with
/// `--only` and `--deliveries`); the records kept are those ``RecordFilter`` keeps. It runs in one
/// pass, in memory: a picture needs the whole run anyway (a two-minute recording at 120 Hz is
/// 14,400 samples). `analyze`'s loop is not touched: the line of a sample is read from the reader
/// after `next()` (``TraceReader/lastSamplePosition``), only here.
struct RecordedRun {
    /// The trace as given (`-` for standard input).
    var path: String
    /// The screen the samples are in.
    var screen: Size
    /// The scene the trace ran in.
    var scene: SceneDescription
    /// Which scene that is and where it came from.
    var origin: SceneOrigin
    /// The trace's samples, in order.
    var samples: [Sample]
    /// The line of each sample in the trace (the line of its `{`, or its CSV row), by sample index.
    var sampleLines: [Int]
    /// The records kept, in engine order.
    var records: [AnalysisRecord]
    /// For each record, the trace line of the last sample at or before the record's time when the
    /// engine made it: the sample that caused it (the engine dispatches the samples of one time when a
    /// later one arrives, so this is not the line being read), or for a timer the sample before it fired.
    var recordLines: [Int]
    /// The view each touch hit when it began, by the index of its `began` sample (nil: no view,
    /// the touch went to the window).
    var hitViews: [Int: String]
    /// The reader's warnings (a touch still down at the end), for standard error.
    var warnings: [Diagnostic]

    /// The trace's name as messages and titles give it.
    var displayName: String { TraceInputs.displayName(path) }

    /// The transitions among the records, in engine order.
    var transitions: [TransitionRecord] {
        records.compactMap { if case .transition(let t) = $0 { return t } else { return nil } }
    }

    /// Reads, replays and records the trace at `path`.
    ///
    /// - Throws: ``TraceAnalysisError`` when the trace or its scene cannot be read or is invalid, or
    ///   `--only` names a recognizer the scene lacks.
    static func record(path: String, settings: AnalyzeSettings, resolver: SceneResolver) throws(TraceAnalysisError) -> RecordedRun {
        var resolved: (SceneDescription, SceneOrigin)?
        let (source, reader, header, engine, origin) = try TraceAnalysis.prepareWithHeader(
            path: path, settings: settings, resolver: resolver, sceneCheck: { resolved = ($0, $1) })
        let filter = RecordFilter(settings)
        let collector = RecordCollector()
        engine.onRecord = { record in
            if filter.keeps(record) { collector.take(record) }
        }
        defer { engine.onRecord = { _ in } }
        var samples: [Sample] = []
        var hits: [Int: String] = [:]
        do throws(TraceError) {
            while let sample = try reader.next() {
                collector.times.append(sample.t)
                collector.lines.append(reader.lastSamplePosition.line)
                engine.process(sample)
                if case let .touch(_, .began, location, _, _) = sample.kind, let view = engine.window.hitTest(location) {
                    hits[samples.count] = view.name
                }
                samples.append(sample)
            }
        } catch {
            throw .unreadable(source.located(error))
        }
        engine.finish()
        return RecordedRun(
            path: path, screen: header.screen ?? .defaultScreen, scene: resolved?.0 ?? .defaultScene(screen: header.screen ?? .defaultScreen), origin: origin,
            samples: samples, sampleLines: collector.lines, records: collector.records, recordLines: collector.recordLines,
            hitViews: hits, warnings: reader.warnings)
    }
}

/// Collects the records the engine reports through its closure, with the trace line each came from.
private final class RecordCollector {
    var records: [AnalysisRecord] = []
    var recordLines: [Int] = []
    /// The times and lines of the samples read so far.
    var times: [Double] = []
    var lines: [Int] = []

    func take(_ record: AnalysisRecord) {
        records.append(record)
        // The last sample at or before the record's time: usually the one before the sample being
        // read (one step back), the one being read when the engine ends the trace.
        var index = times.count - 1
        while index > 0, times[index] > record.t { index -= 1 }
        recordLines.append(index >= 0 ? lines[index] : 0)
    }
}
