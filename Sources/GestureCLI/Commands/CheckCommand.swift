import Foundation
import GestureTrace

/// `gesturectl check`: the CI regression check. Analyzes every trace found under the paths and
/// compares the analysis with the golden file beside the trace; `--update` writes the golden files.
///
/// Traces are analyzed on `--jobs` threads; their results are handled (files written, report
/// printed) on the calling thread in sorted trace order, so the output does not depend on the
/// number of threads. See docs/ci.md.
struct CheckCommand: Command {
    let name = "check"
    let summary = "compare each trace's analysis with its golden file, for CI"
    let discussion = """
        Finds the traces under each PATH (directories are searched recursively; - reads more paths \
        from standard input, one per line), analyzes each with its scene as 'analyze --format jsonl' \
        does, and compares the result with the golden file beside the trace NAME.EXT: \
        NAME.EXT.expected.jsonl. Numbers match within \
        --tolerance, everything else exactly. A golden file written with deliveries (its records carry \
        "type") is compared with 'analyze --deliveries'; --deliveries analyzes every trace so. For each mismatch it prints the records that differ \
        and writes the analysis beside the golden file as NAME.EXT.actual.jsonl; a trace without a \
        golden file fails, a golden file without a trace is reported. With --update it writes the \
        golden files that differ instead (not when CI is set, unless --force is given), and with \
        --prune deletes the golden files without a trace. A trace without samples is an error \
        unless --allow-empty is given; PATHs without any trace are an error.

        Traces are files ending in .json, .jsonl, .ndjson or .csv, except *.expected.jsonl, \
        *.actual.jsonl, scene.json, names starting with a dot, and files in a directory named \
        scenes. A golden or actual file or a scene.json given as a PATH stands for its traces.

        With --combine-html OUT, the PATHs are the --html pages of one run's shards (written with \
        --shard K/N --html report-K.html): they are joined into one page OUT that reads as the unsharded \
        run's report, the replays beside each page copied into OUT's .replays folder; exit status 0 \
        when OUT is written, 65 a PATH is no gesturectl check report or the pages are not one run's \
        shards, 66 a PATH cannot be opened, 74 OUT cannot be written.

        exit status: 0 every trace matched (or, with --update, every golden file is written), \
        1 a mismatch or a missing golden file, 2 usage error, 65 a trace, golden or config file is invalid, \
        66 a file cannot be opened, 74 an output cannot be written, 77 --update refused because CI is set; \
        the worst seen.
        """
    let options = OptionTable([
        Option("update", help: "write the golden files that differ from the analysis instead of comparing"),
        Option("force", help: "with --update: update even when the CI variable is set"),
        Option("prune", help: "with --update: delete the orphaned golden files (those no trace has)"),
        Option("jobs", .argument(placeholder: "N"), help: "analyze N traces at once (default: the number of processors)"),
        Option("shard", .argument(placeholder: "K/N"), help: "check only the K-th of N interleaved slices of the sorted traces"),
        Option("junit", .argument(placeholder: "FILE"), help: "also write the results as JUnit XML to FILE"),
        Option("html", .argument(placeholder: "FILE"), help: "also write the results as one self-contained HTML page to FILE, with a replay of each mismatch in FILE's .replays folder"),
        Option(
            "combine-html", .argument(placeholder: "FILE"),
            help: "check nothing: combine the --html pages of a sharded run (the PATHs) into one page FILE, their replays copied into FILE's .replays folder"),
        Option(
            "report", .choice(CheckReportFormat.allCases.map(\.rawValue)),
            help: "report format on standard output (default: text)"),
        Option(
            "level", .choice(GoldenLevel.allCases.map(\.rawValue)),
            help: "how much each golden file holds and is compared: outcomes, transitions or everything (default: the corpus's gesturectl-check.json, else everything)"),
        Option(
            "tolerance", .argument(placeholder: "X"),
            help: "largest absolute difference between matching numbers (default: 0.000001); FIGURE=X for one figure (velocity=5, contentOffset.y=0.5, t=none); repeatable"),
        Option("allow-empty", help: "let a trace without samples pass (by default it is an error: a failed recording)"),
        Option(
            "deliveries",
            help: "analyze with --deliveries (and write them into golden files with --update); without it, a golden file made with deliveries is compared with them"),
        Option(
            "fragile", .argument(placeholder: "PERCENT"),
            help: "also report the traces whose outcome changes within PERCENT of speed, distance, angle or timing (docs/margins.md)"),
        Option("fragile-fails", help: "with --fragile: a fragile trace fails the check (exit status 1)"),
    ])
    let operands = Operands.oneOrMore("PATH")

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(UsageError) -> ExitStatus {
        var environment = context.environment
        if let output = arguments.value("combine-html") {
            if let other = arguments.values.keys.filter({ $0 != "combine-html" }).sorted().first {
                throw UsageError("'--\(other)' does not apply with '--combine-html', which combines the PATHs' HTML reports and checks nothing")
            }
            if output == "-" { throw UsageError("'--combine-html' needs a file name: the combined page has replays beside it") }
            return HTMLReportCombiner.run(output: output, reports: arguments.operands, environment: environment)
        }
        let settings = try CheckSettings(
            arguments, variables: environment.variables, processorCount: ProcessInfo.processInfo.activeProcessorCount)
        if let refusal = settings.refusal {
            environment.printError("gesturectl check: error: " + refusal)
            return .refusedUnderCI
        }
        let started = Date()
        var status = ExitStatus.success

        var entries: [TraceDiscovery.Entry] = []
        for path in settings.paths {
            if path == "-" {
                do throws(TraceError) {
                    entries += try Self.standardInputLines().map { TraceDiscovery.Entry(path: $0, named: false) }
                } catch {
                    status = status.worse(environment.report(error))
                }
            } else {
                entries.append(TraceDiscovery.Entry(path: path, named: true))
            }
        }
        let discovery = TraceDiscovery(entries)
        for problem in discovery.problems {
            environment.printError(problem.description)
            status = status.worse(TraceInputs.status(of: problem))
        }
        for path in discovery.skipped {
            environment.printError("\(ToolName.current) check: note: skipping '\(path)': not a trace (.json, .jsonl, .ndjson or .csv)")
        }
        for path in discovery.vanished {
            environment.printError("\(ToolName.current) check: note: skipping '\(path)': no such file or directory")
        }
        if discovery.targets.isEmpty, settings.paths.contains("-") {
            // An empty list of changed files checks nothing, and that is fine.
            environment.printError("\(ToolName.current) check: warning: no traces found in \(Self.listing(settings.paths))")
        } else if discovery.targets.isEmpty, discovery.problems.isEmpty {
            environment.printError(
                "\(ToolName.current) check: error: no traces found in \(Self.listing(settings.paths)) "
                    + "(traces are .json, .jsonl, .ndjson and .csv files; see docs/ci.md)")
            status = status.worse(.problemsFound)
        }
        // Each trace's corpus config, and the WebDriver action files of corpora that check them.
        var finder = CheckConfigFinder()
        // The traces to check and, for each, its policy's place in `policies` (one a directory: a policy
        // copied for each trace, then again for the shard, was a tenth of the work before the first trace).
        var found: [CheckTarget] = []
        var policyIndices: [Int] = []
        var policies: [GoldenPolicy] = []
        let named = Set(settings.paths.map(CheckPath.normalized))
        // The traces of one directory come one after the other and share its config and policy: they
        // are looked up once for the directory (for each trace, they were a quarter of the time before
        // the first trace is analyzed).
        var previous: (directory: String, config: CheckConfig?, policy: Int?)?
        // What each trace asks of its config, kept apart (a copy of the config for each trace was 4%).
        var elements: String?
        var actions = false
        for target in discovery.targets {
            let directory = target.directory
            if previous.map({ !ByteOrder.same($0.directory, directory) }) ?? true {
                let config: CheckConfig?
                do throws(TraceError) {
                    config = try finder.config(for: target.trace)
                } catch {
                    return status.worse(environment.report(error))
                }
                previous = (directory, config, nil)
                elements = config?.elements.map(CheckPath.normalized)
                actions = config?.actions == true
            }
            // A corpus's element map is no trace, whatever its extension.
            if let elements, elements == target.trace { continue }
            if GoldenNaming.isActions(target.trace), !actions {
                // Found in a directory, an action file of a corpus that does not check them is left alone quietly.
                guard named.contains(target.trace) else { continue }
                environment.printError(
                    "gesturectl check: note: skipping '\(target.trace)': WebDriver actions are checked in a corpus whose "
                        + "\(CheckConfig.fileName) says \"actions\": true (docs/ci.md)")
                continue
            }
            if let policy = previous?.policy {
                found.append(target)
                policyIndices.append(policy)
                continue
            }
            do throws(TraceError) {
                policies.append(try GoldenPolicy(config: previous?.config, settings: settings, elements: &finder.elementMaps))
                previous?.policy = policies.count - 1
                found.append(target)
                policyIndices.append(policies.count - 1)
            } catch {
                return status.worse(environment.report(error))
            }
        }
        let selected = settings.shard.select(Array(found.indices))
        let targets = selected.map { found[$0] }
        let policyOfTarget = selected.map { policyIndices[$0] }
        let targetPolicies = policies
        let orphans = settings.shard.index == 1 ? discovery.orphans : []

        var progress: ProgressLine?
        if environment.standardErrorIsTerminal, !targets.isEmpty {
            let line = ProgressLine(over: environment.standardError)
            environment.standardError = line
            progress = line
        }
        defer { progress?.clear() }

        let resolver: SceneResolver
        do throws(TraceError) {
            resolver = try SceneResolver(sceneFile: nil)
        } catch {
            return environment.report(error)
        }
        let analyzeSettings: AnalyzeSettings
        do throws(UsageError) {
            analyzeSettings = try AnalyzeSettings(
                ParsedArguments(values: settings.allowsEmpty ? ["allow-empty": [""]] : [:], operands: []), terminal: false)
        } catch {
            preconditionFailure("CheckCommand: the default analyze settings are refused: \(error.message)")
        }
        let update = settings.update
        let deliveries = settings.deliveries
        let report = settings.report.report(color: environment.usesColor)
        var checks: [TraceCheck] = []
        var outputFailure: ExitStatus?
        let html = settings.htmlFile.map { HTMLReport(resolver: resolver, settings: analyzeSettings, file: $0) }
        let sinks = SinkPool()

        OrderedWork.run(
            // A trace takes a fraction of a millisecond and a matching one keeps nothing to deliver:
            // the calling thread is woken for 32 results at a time, not 8 (waking it for every 8
            // traces was ~1,250 wake-ups and context switches for a 10,000-trace corpus).
            count: targets.count, jobs: settings.jobs, window: max(64 * settings.jobs, 128),
            work: { index in
                TraceCheck.run(
                    targets[index], update: update, deliveries: deliveries, policy: targetPolicies[policyOfTarget[index]], settings: analyzeSettings,
                    resolver: resolver, sinks: sinks)
            },
            progress: { done in progress?.show("checked \(done) of \(targets.count) traces") },
            deliver: { index, result in
                var check = result
                if let failure = Self.writeFiles(for: &check, update: update) {
                    environment.printError(failure.description)
                    status = status.worse(.cannotWrite)
                }
                status = status.worse(check.outcome.status)
                // The trace's place among all found: shard K of N has the K-th, (K+N)-th, … traces.
                html?.add(check, position: index * settings.shard.count + settings.shard.index)
                check.analysis = nil
                checks.append(check)
                do throws(OutputError) {
                    let text = report.entry(check)
                    if !text.isEmpty {
                        progress?.clear()  // the terminal may show both streams: no report after the progress text
                        try environment.standardOutput.write(text)
                        try environment.standardOutput.flush()
                    }
                } catch {
                    outputFailure = environment.report(error)
                    return false
                }
                // The diagnostics go to standard error only, after the report's line for the trace.
                for warning in check.warnings { environment.printError(warning.description) }
                for message in check.outcome.errorMessages { environment.printError(message) }
                return true
            })
        progress?.clear()
        if let outputFailure { return status.worse(outputFailure) }
        if let percent = settings.fragile {
            let fragile = FragileCheck.run(
                targets.map(\.trace), percent: percent, jobs: settings.jobs, settings: analyzeSettings, resolver: resolver,
                github: settings.report == .github, environment: environment)
            if let failure = fragile.outputFailure { return status.worse(failure) }
            if settings.fragileFails, fragile.fragileCount > 0 { status = status.worse(.problemsFound) }
        }

        var pruned: [String] = []
        if settings.prune {
            for orphan in orphans {
                do throws(CheckFiles.WriteError) {
                    try CheckFiles.remove(orphan)
                    pruned.append(orphan)
                } catch {
                    environment.printError(error.description)
                    status = status.worse(.cannotWrite)
                }
            }
        }
        let summary = CheckSummary(
            checks: checks, orphans: orphans.filter { !pruned.contains($0) }, pruned: pruned, found: found.count,
            shard: settings.shard, update: settings.update, tolerance: settings.tolerance ?? CheckSettings.defaultTolerance)
        if let junitFile = settings.junitFile {
            let document = JUnitReport.document(summary, seconds: Date().timeIntervalSince(started))
            status = status.worse(OutputFile.write(document, to: junitFile, environment: environment))
        }
        if let htmlFile = settings.htmlFile, let html {
            status = status.worse(OutputFile.write(html.document(summary), to: htmlFile, environment: environment))
        }
        do throws(OutputError) {
            try environment.standardOutput.write(report.ending(summary))
            try environment.standardOutput.flush()
        } catch {
            return status.worse(environment.report(error))
        }
        return status
    }

    /// Writes what one checked trace calls for: under `--update` its golden file when it differs;
    /// otherwise its actual file when it does not match. Removes a stale actual file once the trace
    /// matches.
    ///
    /// - Returns: the failure to write the actual file or remove a stale one, if any; a failure to
    ///   write a golden file becomes the trace's outcome instead.
    private static func writeFiles(for check: inout TraceCheck, update: Bool) -> CheckFiles.WriteError? {
        let target = check.target
        switch check.outcome {
        case .created, .rewritten:
            do throws(CheckFiles.WriteError) {
                try CheckFiles.replace(target.golden, with: check.analysis ?? [])
            } catch {
                check.outcome = .cannotWrite(error)
                return nil
            }
            return target.actualMayExist ? removeStale(target.actual) : nil
        case .matched, .unchanged:
            return target.actualMayExist ? removeStale(target.actual) : nil
        case .mismatched, .missingGolden, .invalidGolden:
            guard !update, let analysis = check.analysis else { return nil }
            do throws(CheckFiles.WriteError) {
                try CheckFiles.replace(target.actual, with: analysis)
            } catch {
                return error
            }
            check.wroteActual = true
            return nil
        case .invalidTrace, .cannotWrite:
            return nil
        }
    }

    private static func removeStale(_ path: String) -> CheckFiles.WriteError? {
        do throws(CheckFiles.WriteError) {
            try CheckFiles.remove(path)
            return nil
        } catch {
            return error
        }
    }

    /// The lines of standard input, without empty lines and line-ending CRs.
    ///
    /// - Throws: `TraceError.cannotOpen` naming `<stdin>` when standard input is closed or cannot be
    ///   read (a directory), as the other commands report it.
    private static func standardInputLines() throws(TraceError) -> [String] {
        let bytes = try InputFile.read(path: "-")
        return bytes.split(separator: UInt8(ascii: "\n")).map { line in
            String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
        }.filter { !$0.isEmpty }
    }

    /// `'a', 'b'` for messages; standard input shows as `<stdin>`.
    private static func listing(_ paths: [String]) -> String {
        paths.map { $0 == "-" ? "<stdin>" : "'\($0)'" }.joined(separator: ", ")
    }
}
