import GestureKit
import GestureTrace

/// The options of one `analyze` run, checked and typed.
struct AnalyzeSettings {
    /// The traces, as given.
    var traces: [String]
    /// `--scene FILE`.
    var sceneFile: String?
    /// `--format`, or the default for the terminal.
    var format: OutputFormat
    /// `--deliveries`.
    var deliveries: Bool
    /// `--only`: the recognizers whose transitions are kept; nil keeps all.
    var only: Set<String>?
    /// `--no-failures`.
    var dropsFailures: Bool
    /// `--velocity-estimator`.
    var velocityEstimator: VelocityEstimatorKind?
    /// `--strict`.
    var strict: Bool
    /// `--input-format`.
    var inputFormat: TraceEncoding?
    /// `--allow-empty`: a trace without samples passes (otherwise it is an error: a failed recording).
    var allowsEmpty = false
    /// `--compact`: text with one line per gesture.
    var compact = false
    /// `--follow`: the one trace is live input (docs/live.md).
    var follow: Bool
    /// `--time-scale` and `--scale`: the traces' units; nil for seconds and points.
    var scaling: SampleScaling?
    /// `--margins`: a report of how close each outcome was to changing (docs/margins.md).
    var margins = false

    /// Reads the parsed arguments.
    ///
    /// - Parameter terminal: whether standard output is a terminal (the default format is `text`
    ///   there, `jsonl` otherwise).
    /// - Throws: ``UsageError`` for an empty `--only`, `--deliveries` with `--format csv`, or `-`
    ///   given twice.
    init(_ arguments: ParsedArguments, terminal: Bool) throws(UsageError) {
        traces = try TraceInputs.paths(arguments.operands)
        sceneFile = arguments.value("scene")
        if sceneFile == "-", traces.contains("-") {
            throw UsageError("standard input cannot be both the scene ('--scene -') and a trace ('-')")
        }
        compact = arguments.isSet("compact")
        format = arguments.value("format").flatMap(OutputFormat.init(rawValue:)) ?? (terminal || compact ? .text : .jsonl)
        deliveries = arguments.isSet("deliveries")
        if compact, format != .text {
            throw UsageError("'--compact' applies only to '--format text' (one line per gesture)")
        }
        if compact, deliveries {
            throw UsageError("'--compact' (one line per gesture) and '--deliveries' (a log of every record) do not go together")
        }
        if arguments.isSet("only") {
            let names = arguments.allValues("only").flatMap { $0.split(separator: ",") }
                .map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
            guard !names.isEmpty else { throw UsageError("'--only' needs at least one recognizer name") }
            only = Set(names)
        }
        dropsFailures = arguments.isSet("no-failures")
        velocityEstimator = arguments.value("velocity-estimator").flatMap(VelocityEstimatorKind.init(rawValue:))
        strict = arguments.isSet("strict")
        inputFormat = arguments.inputFormat
        allowsEmpty = arguments.isSet("allow-empty")
        follow = arguments.isSet("follow")
        scaling = try arguments.scaling()
        if follow, traces.count != 1 {
            throw UsageError("'--follow' follows one trace, and \(traces.count) were given")
        }
        margins = arguments.isSet("margins")
        if margins {
            if follow { throw UsageError("'--margins' replays a whole trace many times, and cannot follow live input") }
            if let given = arguments.value("format"), given != "text" {
                throw UsageError("'--margins' prints a text report; '--format \(given)' does not apply")
            }
            if deliveries || compact || only != nil || dropsFailures {
                throw UsageError("'--margins' reports every recognizer's outcome; '--deliveries', '--compact', '--only' and '--no-failures' do not apply")
            }
        }
        if deliveries, format == .csv {
            throw UsageError("'--deliveries' cannot be used with '--format csv': the csv format has transitions only")
        }
    }
}

extension Substring {
    /// The text without leading and trailing spaces.
    func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
