import GestureKit
import GestureTrace

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What became of one trace in a `check` run.
enum TraceOutcome: Sendable {
    /// The analysis matches the golden file.
    case matched
    /// It does not; the differences in file order.
    case mismatched([RecordDifference])
    /// The trace has no golden file.
    case missingGolden
    /// The trace cannot be analyzed.
    case invalidTrace(TraceAnalysisError)
    /// The golden file does not parse, or exists but cannot be read.
    case invalidGolden(TraceError)
    /// `--update`: the golden file did not exist and was written.
    case created
    /// `--update`: the golden file differed and was rewritten.
    case rewritten
    /// `--update`: the golden file already held the analysis.
    case unchanged
    /// A golden or actual file could not be written.
    case cannotWrite(CheckFiles.WriteError)

    /// This trace's share of the exit status.
    var status: ExitStatus {
        switch self {
        case .matched, .created, .rewritten, .unchanged: return .success
        case .mismatched, .missingGolden: return .problemsFound
        case .invalidTrace(let error): return error.status
        case .invalidGolden(let error): return TraceInputs.status(of: error)
        case .cannotWrite: return .cannotWrite
        }
    }

    /// The word the reports use: `matched`, `mismatched`, `missing-golden`, `error`, `created`,
    /// `rewritten`, `unchanged`.
    var word: String {
        switch self {
        case .matched: return "matched"
        case .mismatched: return "mismatched"
        case .missingGolden: return "missing-golden"
        case .invalidTrace, .invalidGolden, .cannotWrite: return "error"
        case .created: return "created"
        case .rewritten: return "rewritten"
        case .unchanged: return "unchanged"
        }
    }

    /// Whether JUnit counts it as a failure (the trace behaves differently or has no golden).
    var isFailure: Bool {
        switch self {
        case .mismatched, .missingGolden: return true
        default: return false
        }
    }

    /// Whether JUnit counts it as an error (something could not be read or written).
    var isError: Bool {
        switch self {
        case .invalidTrace, .invalidGolden, .cannotWrite: return true
        default: return false
        }
    }

    /// The diagnostics of an error, as printed on standard error.
    var errorMessages: [String] {
        switch self {
        case .invalidTrace(let error): return error.messages
        case .invalidGolden(let error): return [error.description]
        case .cannotWrite(let error): return [error.description]
        default: return []
        }
    }
}

/// A problem of one trace, located for annotations: which file, where, what.
struct CheckProblem: Sendable, Equatable {
    /// The file the problem is in, as given.
    var file: String
    /// Where in the file; nil for a file that cannot be opened or written, or an invalid scene.
    var position: SourcePosition?
    /// What is wrong, without the file and position.
    var message: String

    /// The problem of a trace error.
    init(_ error: TraceError) {
        switch error {
        case .cannotOpen(let path, let reason):
            self.init(file: path, position: nil, message: "cannot open '\(path)': \(reason)")
        case .invalid(let diagnostic):
            self.init(file: diagnostic.file, position: diagnostic.position, message: diagnostic.message)
        }
    }

    /// Creates a problem.
    init(file: String, position: SourcePosition?, message: String) {
        self.file = file
        self.position = position
        self.message = message
    }
}

extension TraceOutcome {
    /// The located problems of an error outcome; empty for the others.
    var problems: [CheckProblem] {
        switch self {
        case .invalidTrace(.unreadable(let error)), .invalidGolden(let error):
            return [CheckProblem(error)]
        case .invalidTrace(.invalidScene(let path, let message)):
            return [CheckProblem(file: TraceInputs.displayName(path), position: nil, message: "invalid scene: " + message)]
        case .invalidTrace(.warningsAsErrors(let warnings)):
            return warnings.map { CheckProblem(file: $0.file, position: $0.position, message: $0.message) }
        case .invalidTrace(.empty(let diagnostic)):
            return [CheckProblem(file: diagnostic.file, position: diagnostic.position, message: diagnostic.message)]
        case .invalidTrace(.unknownOnlyNames(let path, _, _)):
            return [CheckProblem(file: TraceInputs.displayName(path), position: nil, message: "unknown --only names")]
        case .cannotWrite(let error):
            return [CheckProblem(file: error.path, position: nil, message: "cannot write '\(error.path)': \(error.reason)")]
        case .matched, .mismatched, .missingGolden, .created, .rewritten, .unchanged:
            return []
        }
    }
}

/// One trace checked: its files, what became of it, and what the run must still do with it.
struct TraceCheck: Sendable {
    /// The trace and its files.
    var target: CheckTarget
    /// What became of it.
    var outcome: TraceOutcome
    /// The analysis as `analyze --format jsonl` prints it, when the run still needs it (to write a
    /// golden or actual file); nil when the trace cannot be analyzed or matched its golden file.
    var analysis: [UInt8]?
    /// The trace's warnings (a touch still down at the end), for standard error.
    var warnings: [Diagnostic] = []
    /// The scene it was analyzed with, once known (nil when the trace or its scene cannot be read).
    var scene: SceneOrigin?
    /// Whether the actual file was written for this trace.
    var wroteActual = false
    /// Wall-clock seconds spent on the trace (JUnit's `time`).
    var seconds: Double = 0

    /// Analyzes the trace and compares its analysis with the golden file, or in `update` mode
    /// decides whether the golden file must be written. Writes nothing: the run does that, in order.
    ///
    /// The analysis includes deliveries when `deliveries` is set or the golden file holds them.
    /// - Parameter sinks: where the memory the trace is rendered into comes from and goes back to
    ///   (nil: a fresh sink).
    static func run(
        _ target: CheckTarget, update: Bool, deliveries: Bool = false, policy: GoldenPolicy,
        settings: AnalyzeSettings, resolver: SceneResolver, sinks: SinkPool? = nil
    ) -> TraceCheck {
        let start = monotonicSeconds()
        var check = TraceCheck(target: target, outcome: .matched, analysis: nil)
        let golden: Result<[UInt8]?, TraceError>
        do throws(TraceError) {
            golden = .success(try CheckFiles.contents(of: target.golden))
        } catch {
            golden = .failure(error)
        }
        // Room for an analysis as long as the golden file and the room a record is written into
        // (the writer makes room for a record's longest spelling before writing it: with 256 bytes
        // over, the last records of each trace grew the buffer, 1.5% of check's instructions).
        var goldenCount = 0
        if case .success(let bytes?) = golden { goldenCount = bytes.count }
        let room = goldenCount + RecordBytesWriter.recordRoom
        let sink = sinks?.take(capacity: room) ?? ByteSink.memory(capacity: room)
        defer { sinks?.giveBack(sink) }
        // A golden recorded on a device is compared with the whole analysis, whatever the corpus's level.
        var policy = policy
        if case .success(let bytes?) = golden, DeviceGolden.starts(bytes) { policy.level = .everything }
        var settings = settings
        settings.deliveries =
            policy.level == .everything && (deliveries || ((try? golden.get()).flatMap { $0.map(holdsDeliveries) } ?? false))
        var scene: SceneOrigin?
        var converted: [UInt8]?
        if GoldenNaming.isActions(target.trace) {
            do throws(TraceError) {
                let (bytes, warnings) = try convertActions(target.trace, elements: policy.elements)
                converted = bytes
                check.warnings = warnings
            } catch {
                check.outcome = .invalidTrace(.unreadable(error))
                check.seconds = monotonicSeconds() - start
                return check
            }
        }
        do throws(AnalysisFailure) {
            check.warnings += try TraceAnalysis.render(
                path: target.trace, jsonLines: converted, settings: settings, resolver: resolver,
                renderer: policy.level == .everything
                    ? JSONLinesRenderer(options: RenderOptions(deliveries: settings.deliveries))
                    : LevelRenderer(level: policy.level, options: RenderOptions(reasonCodes: true)), into: sink
            ) { _, origin in scene = origin }
            if policy.level != .outcomes, case .success(let bytes?) = golden,
                sink.buffer.withUnsafeBytes({ actual in bytes.withUnsafeBytes { ByteOrder.same($0, actual) } })
            {
                // The analysis is the golden file, byte for byte (as `compare` finds first): nothing
                // to write, and no copy of the bytes out of the sink.
                check.outcome = update ? .unchanged : .matched
            } else {
                let analysis = project(sink.buffer.bytes, level: policy.level, golden: target.golden)
                check.outcome = compare(
                    analysis, with: target.golden, contents: golden, update: update, comparison: policy.comparison, level: policy.level)
                switch check.outcome {
                case .matched, .unchanged: break  // nothing to write: the bytes are dropped at once
                default: check.analysis = analysis
                }
            }
        } catch {
            switch error {
            case .trace(let error): check.outcome = .invalidTrace(error)
            case .output: preconditionFailure("TraceCheck: rendering in memory failed")
            }
        }
        check.scene = scene
        check.seconds = monotonicSeconds() - start
        return check
    }

    /// A WebDriver actions file converted in process as `convert --to jsonl` would (default screen
    /// and rate), with `elements` for element origins: the trace's JSON Lines and the warnings.
    static func convertActions(_ path: String, elements: [String: Rect]) throws(TraceError) -> ([UInt8], [Diagnostic]) {
        guard let bytes = try CheckFiles.contents(of: path) else { throw .cannotOpen(path: path, reason: "No such file or directory") }
        let conversion = try WebDriverConverter.convert(bytes: bytes, file: path, options: WebDriverOptions(elements: elements))
        let text: String
        do throws(TraceWriteError) {
            text = try TraceWriter.write(conversion.samples, header: conversion.header, as: .jsonl)
        } catch {
            preconditionFailure("TraceCheck: JSON Lines holds every sample: \(error)")
        }
        return (Array(text.utf8), conversion.warnings)
    }

    /// Whether a golden file was written with deliveries: its first record starts with `"type"`, as
    /// every record of `analyze --deliveries --format jsonl` does, unless that record is a control or
    /// scroll record (which always carry it): then whether a transition or delivery record does.
    static func holdsDeliveries(_ bytes: [UInt8]) -> Bool {
        guard firstKey(of: bytes, is: "type") else { return false }
        guard firstMember(of: bytes, startsWith: #""type":"control""#) || firstMember(of: bytes, startsWith: #""type":"scroll""#)
        else { return true }
        return contains(bytes, #"{"type":"transition""#) || contains(bytes, #"{"type":"delivery""#)
    }

    /// Whether the first record in `bytes` (after a byte order mark and white space) is an object
    /// whose first key is `key`.
    static func firstKey(of bytes: [UInt8], is key: String) -> Bool {
        firstMember(of: bytes, startsWith: "\"\(key)\"")
    }

    /// Whether the first record in `bytes` (after a byte order mark and white space) is an object
    /// whose text after the opening brace (and white space) starts with `text`.
    private static func firstMember(of bytes: [UInt8], startsWith text: String) -> Bool {
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        func skipSpace() { while let b = rest.first, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { rest = rest.dropFirst() } }
        skipSpace()
        guard rest.first == UInt8(ascii: "{") else { return false }
        rest = rest.dropFirst()
        skipSpace()
        return rest.starts(with: Array(text.utf8))
    }

    private static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if bytes[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }

    /// The analysis as `level` keeps it: unchanged at `everything`.
    private static func project(_ analysis: [UInt8], level: GoldenLevel, golden: String) -> [UInt8] {
        // `transitions` is written as it keeps it (``LevelRenderer``); `outcomes` trims the records left.
        guard level == .outcomes else { return analysis }
        do throws(TraceError) {
            return level.project(try JSONLines.records(analysis, file: golden))
        } catch {
            preconditionFailure("TraceCheck: the analysis written for \(golden) does not parse: \(error)")
        }
    }

    /// The outcome of comparing `analysis` with the golden file at `golden`, whose `contents` were
    /// read (nil: there is none).
    private static func compare(
        _ actualBytes: [UInt8], with golden: String, contents: Result<[UInt8]?, TraceError>, update: Bool,
        comparison: RecordComparison, level: GoldenLevel
    ) -> TraceOutcome {
        let goldenBytes: [UInt8]?
        do throws(TraceError) {
            goldenBytes = try contents.get()
        } catch {
            return update ? .rewritten : .invalidGolden(error)
        }
        guard let goldenBytes else { return update ? .created : .missingGolden }
        if update, DeviceGolden.starts(goldenBytes) { return .unchanged }
        if ByteOrder.same(goldenBytes, actualBytes) { return update ? .unchanged : .matched }
        if update { return .rewritten }
        var expected: [LineRecord]
        do throws(TraceError) {
            expected = try JSONLines.records(goldenBytes, file: golden)
        } catch {
            return .invalidGolden(error)
        }
        // A golden file written at a fuller level is compared on what this level keeps.
        if level != .everything, DeviceGolden.header(of: expected) == nil { expected = level.projected(expected, golden: true) }
        let actual: [LineRecord]
        do throws(TraceError) {
            actual = try JSONLines.records(actualBytes, file: golden.replacingSuffix(GoldenNaming.goldenSuffix, with: GoldenNaming.actualSuffix))
        } catch {
            preconditionFailure("TraceCheck: the analysis written for \(golden) does not parse: \(error)")
        }
        if let header = DeviceGolden.header(of: expected) {
            do throws(TraceError) {
                try DeviceGolden.check(header: header, line: expected[0].line, file: golden)
            } catch {
                return .invalidGolden(error)
            }
            let differences = RecordDiff.differences(
                expected: Array(expected.dropFirst()), actual: DeviceGolden.observable(actual),
                comparison: DeviceGolden.comparison(comparison, header: header))
            return differences.isEmpty ? .matched : .mismatched(differences)
        }
        let differences = RecordDiff.differences(expected: expected, actual: actual, comparison: comparison)
        return differences.isEmpty ? .matched : .mismatched(DiffOrder.outcomesFirst(differences))
    }

    /// Seconds on a clock that only goes forward.
    private static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

extension String {
    /// The string with `suffix` replaced by `replacement`, or unchanged when it does not end in `suffix`.
    func replacingSuffix(_ suffix: String, with replacement: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) + replacement : self
    }
}
