import Foundation
import GestureKit
import GestureTrace
import Testing

@testable import GestureCLI

/// `analyze` of a big file runs its first pass (the check) beside the replay, holding the output
/// at an ``OutputGate`` until the check has found the trace good: the bytes, the messages and the
/// exit status are those of the passes one after the other.
@Suite struct OverlappedPassesTests {
    /// A JSON Lines trace of pans and taps on the default scene, over 1 MiB (the size from which the
    /// passes overlap); `ending` is added after its last sample.
    static func bigTrace(ending: String = "") -> String {
        var text = #"{"gesturectl": 1, "screen": {"width": 390, "height": 844}}"# + "\n"
        var ms = 0
        // Thirds and sevenths of a point, spelled as a float serializer spells them, so that the CSV
        // is over 1 MiB too.
        func line(_ id: Int, _ phase: String, _ x: Int, _ y: Int) {
            let (x, y) = (Double(x) + Double(ms % 2 + 1) / 3, Double(y) + Double(ms % 5 + 1) / 7)
            text += #"{"t": \#(Double(ms) / 1000), "id": \#(id), "phase": "\#(phase)", "x": \#(x), "y": \#(y)}"# + "\n"
        }
        for gesture in 0..<720 {
            let (x, y) = (40 + gesture % 7 * 30, 150 + gesture % 11 * 50)
            if gesture % 4 == 0 {
                line(1, "began", x, y)
                ms += 80
                line(1, "ended", x, y)
            } else {
                line(1, "began", x, y)
                for step in 1...40 {
                    ms += 8
                    line(1, "moved", x + step * (gesture % 3 + 1), y + step * (gesture % 2))
                }
                ms += 8
                line(1, "ended", x + 40 * (gesture % 3 + 1), y + 40 * (gesture % 2))
            }
            ms += 400
        }
        return text + ending
    }

    /// The big trace in `encodings`, written into `fixtures` as `big.jsonl`, `big.json`, `big.csv`.
    static func bigTraces(_ fixtures: Fixtures, ending: String = "") throws -> [String: String] {
        try fixtures.write("big.jsonl", bigTrace(ending: ending))
        var paths = ["jsonl": fixtures.path("big.jsonl")]
        for encoding in ["json", "csv"] {
            let converted = runInProcess(["convert", "--to", encoding, "--output", fixtures.path("big.\(encoding)"), fixtures.path("big.jsonl")])
            #expect(converted.status == 0, "\(converted)")
            paths[encoding] = fixtures.path("big.\(encoding)")
        }
        return paths
    }

    /// What the passes one after the other write for `path`: standard output and error, as
    /// `analyze --format FORMAT PATH` prints them.
    static func sequential(_ path: String, format: String, options: [String: [String]] = [:]) throws -> RunResult {
        var values = options
        values["format"] = [format]
        let settings = try AnalyzeSettings(ParsedArguments(values: values, operands: [path]), terminal: false)
        let renderer = settings.format.renderer(RenderOptions())
        let resolver = try SceneResolver(sceneFile: nil)
        let trace: TraceAnalysis.Validated
        do throws(TraceAnalysisError) {
            trace = try TraceAnalysis.validate(path: path, settings: settings, resolver: resolver)
        } catch {
            return RunResult(status: error.status.rawValue, stdout: "", stderr: error.messages.map { $0 + "\n" }.joined())
        }
        let output = MemoryOutput()
        try TraceAnalysis.stream(trace, renderer: renderer, into: .output(output), threads: false)
        return RunResult(
            status: 0, stdout: renderer.prologue(extended: trace.engine.hasControlsOrScrollViews) + output.text + renderer.epilogue,
            stderr: trace.warnings.map { $0.description + "\n" }.joined())
    }

    /// Whether `analyze` overlaps the passes for `path` in `format`.
    static func overlaps(_ path: String, format: String) throws -> Bool {
        let settings = try AnalyzeSettings(ParsedArguments(values: ["format": [format]], operands: [path]), terminal: false)
        let trace = try TraceAnalysis.open(path: path, settings: settings, resolver: SceneResolver(sceneFile: nil))
        let renderer = settings.format.renderer(RenderOptions()).traceRenderer(
            path: path, scene: trace.scene, extended: trace.engine.hasControlsOrScrollViews)
        return TraceAnalysis.overlapsPasses(trace, renderer: renderer)
    }

    @Test(arguments: ["jsonl", "json", "csv"])
    func aGoodTraceGivesTheBytesOfThePassesOneAfterTheOther(encoding: String) throws {
        let fixtures = try Fixtures()
        let path = try #require(Self.bigTraces(fixtures)[encoding])
        for format in ["jsonl", "json", "csv", "text", "trace-event"] {
            #expect(try Self.overlaps(path, format: format), "\(format)")
            let overlapped = runInProcess(["analyze", "--format", format, path])
            let expected = try Self.sequential(path, format: format)
            #expect(overlapped == expected, "\(encoding) → \(format)")
            #expect(overlapped.status == 0 && overlapped.stdout.utf8.count > 200_000, "\(encoding) → \(format)")
        }
    }

    @Test func aTraceBadNearItsEndPrintsNothingAndTheFirstPassesError() throws {
        let fixtures = try Fixtures()
        try fixtures.write("bad.jsonl", Self.bigTrace(ending: #"{"t": 999, "id": 1, "phase": "began", "x": 1, "y": }"# + "\n"))
        let path = fixtures.path("bad.jsonl")
        #expect(try Self.overlaps(path, format: "jsonl"))
        for format in ["jsonl", "json", "csv", "text", "trace-event"] {
            let overlapped = runInProcess(["analyze", "--format", format, path])
            #expect(overlapped == (try Self.sequential(path, format: format)), "\(format)")
            #expect(overlapped.status == 65 && overlapped.stdout.isEmpty)
            #expect(overlapped.stderr.hasPrefix(path + ":"), "\(overlapped.stderr)")
        }
        // Bad from its third line: the replay is abandoned at once.
        let early = Self.bigTrace().split(separator: "\n", omittingEmptySubsequences: false)
        try fixtures.write("early.jsonl", (early[0..<2] + ["{\"t\": 0.001, \"id\": 1}"] + early[2...]).joined(separator: "\n"))
        let abandoned = runInProcess(["analyze", "--format", "jsonl", fixtures.path("early.jsonl")])
        #expect(abandoned.status == 65 && abandoned.stdout.isEmpty)
        #expect(abandoned == (try Self.sequential(fixtures.path("early.jsonl"), format: "jsonl")))
    }

    /// A bad big trace among good ones, one trace at a time (a terminal): it prints nothing, and
    /// the next trace's output opens the document (a prologue, not a separator).
    @Test func aBadTraceAmongOthersLeavesNoTraceInTheOutput() throws {
        let fixtures = try Fixtures()
        let good = try Self.bigTraces(fixtures)
        try fixtures.write("bad.jsonl", Self.bigTrace(ending: "{\"t\": 999}\n"))
        let traces = [fixtures.path("bad.jsonl"), try #require(good["csv"]), fixtures.path("bad.jsonl"), try #require(good["jsonl"])]
        for format in ["json", "csv", "jsonl"] {
            let arguments = ["analyze", "--format", format] + traces
            let oneByOne = runInProcess(arguments, terminal: true, variables: ["NO_COLOR": "1"])
            let inParallel = runInProcess(arguments)
            #expect(oneByOne == inParallel, "\(format)")
            #expect(oneByOne.status == 65)
            // With the progress line on standard error (a terminal) as well.
            let withProgress = runInProcess(arguments, terminal: true, errorsTerminal: true, variables: ["NO_COLOR": "1"])
            #expect(withProgress.stdout == inParallel.stdout && withProgress.status == 65, "\(format)")
        }
    }

    @Test func anEmptyTraceIsAnErrorUnlessAllowed() throws {
        let fixtures = try Fixtures()
        try fixtures.write("empty.jsonl", #"{"gesturectl": 1}"# + "\n" + String(repeating: "\n", count: 1_100_000))
        let path = fixtures.path("empty.jsonl")
        #expect(try Self.overlaps(path, format: "json"))
        let refused = runInProcess(["analyze", "--format", "json", path])
        #expect(refused == (try Self.sequential(path, format: "json")))
        #expect(refused.status == 65 && refused.stdout.isEmpty)
        #expect(refused.stderr == path + ":1:1: error: " + TraceAnalysis.emptyMessage + " (--allow-empty lets it pass)\n")
        let allowed = runInProcess(["analyze", "--format", "json", "--allow-empty", path])
        #expect(allowed == (try Self.sequential(path, format: "json", options: ["allow-empty": [""]])))
        #expect(allowed.status == 0 && allowed.stdout.contains(#""gestures":[]"#))
    }

    @Test func warningsComeBeforeTheOutputAndStrictRefusesThem() throws {
        let fixtures = try Fixtures()
        try fixtures.write("down.jsonl", Self.bigTrace(ending: #"{"t": 999, "id": 5, "phase": "began", "x": 10, "y": 10}"# + "\n"))
        let path = fixtures.path("down.jsonl")
        let warned = runInProcess(["analyze", "--format", "jsonl", path])
        #expect(warned == (try Self.sequential(path, format: "jsonl")))
        #expect(warned.status == 0 && warned.stderr.contains(": warning: touch 5 is still down"), "\(warned.stderr)")
        let strict = runInProcess(["analyze", "--format", "jsonl", "--strict", path])
        #expect(strict == (try Self.sequential(path, format: "jsonl", options: ["strict": [""]])))
        #expect(strict.status == 65 && strict.stdout.isEmpty && strict.stderr.contains(": error: touch 5 is still down"))
    }

    /// Standard input through a pipe keeps the passes one after the other (its copy is made by the
    /// first): the same bytes as the file.
    @Test func aPipeGivesWhatTheFileGives() throws {
        let fixtures = try Fixtures()
        let paths = try Self.bigTraces(fixtures)
        let binary = try Binary.url().path
        for encoding in ["jsonl", "csv"] {
            let path = try #require(paths[encoding])
            let direct = try Binary.run(["analyze", "--format", "jsonl", path])
            let piped = try Self.shell(#"cat "$1" | "$2" analyze --format jsonl --input-format "$3" -"#, arguments: [path, binary, encoding])
            #expect(direct.status == 0 && !direct.stdout.isEmpty)
            #expect(piped == direct.stdout, "\(encoding)")
        }
    }

    /// Standard output of `sh -c SCRIPT sh ARGUMENTS...`.
    static func shell(_ script: String, arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, "sh"] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// An output that fails stops the overlapped passes with the output's error.
    @Test func aFailingOutputStopsTheReplay() throws {
        let fixtures = try Fixtures()
        try fixtures.write("big.jsonl", Self.bigTrace())
        let settings = try AnalyzeSettings(ParsedArguments(values: [:], operands: [fixtures.path("big.jsonl")]), terminal: false)
        let trace = try TraceAnalysis.open(path: fixtures.path("big.jsonl"), settings: settings, resolver: SceneResolver(sceneFile: nil))
        let renderer = settings.format.renderer(RenderOptions()).traceRenderer(path: trace.path, scene: trace.scene, extended: false)
        let gate = OutputGate(ClosingOutput(after: 100_000))
        do throws(AnalysisFailure) {
            try TraceAnalysis.streamWhileChecking(trace, renderer: renderer, through: gate, prelude: "") { _ in }
            Issue.record("the output's failure was not reported")
        } catch {
            guard case .output(.closed) = error else {
                Issue.record("\(error)")
                return
            }
        }
        #expect(gate.isOpen)
    }
}

/// Closes, as a pipe whose reader left does, once `limit` bytes have been written.
private final class ClosingOutput: TextOutput {
    private var written = 0
    private let limit: Int
    init(after limit: Int) { self.limit = limit }
    func write(_ text: String) throws(OutputError) { try count(text.utf8.count) }
    func write(bytes: UnsafeRawBufferPointer) throws(OutputError) { try count(bytes.count) }
    func flush() throws(OutputError) {}
    private func count(_ bytes: Int) throws(OutputError) {
        written += bytes
        if written > limit { throw .closed }
    }
}

extension OverlappedPassesTests {
    /// Bytes written while the gate opens, from another thread, reach the output after those
    /// held, in the order written; nothing is written before it opens, nothing after a discard.
    @Test func theGateKeepsTheOrderWhileItOpens() throws {
        let chunks = (0..<20_000).map { "record \($0)\n" }
        let output = MemoryOutput()
        let gate = OutputGate(output, memoryLimit: 4096)
        for chunk in chunks[..<2000] { try gate.write(chunk) }
        #expect(output.bytes.isEmpty)
        let written = BackgroundJob {
            for chunk in chunks[2000...] { try? gate.write(chunk) }
        }
        gate.open { output throws(OutputError) in try output.write("prologue\n") }
        written.wait()
        #expect(gate.writeFailure == nil)
        #expect(output.text == "prologue\n" + chunks.joined())

        let dropped = MemoryOutput()
        let discarded = OutputGate(dropped)
        try discarded.write("held\n")
        discarded.discard()
        try discarded.write("after\n")
        discarded.open { output throws(OutputError) in try output.write("prologue\n") }
        #expect(dropped.text.isEmpty && !discarded.isOpen)
    }
}
