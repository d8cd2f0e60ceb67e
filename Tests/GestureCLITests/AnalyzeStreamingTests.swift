import Foundation
import GestureKit
import GestureTrace
import Testing

@testable import GestureCLI

/// `analyze`'s ways of running — one trace at a time in two passes streaming to standard output,
/// several at once into spools, one pass into memory for `check` — give the same bytes.
@Suite struct AnalyzeStreamingTests {}

extension AnalyzeStreamingTests {
    /// Traces for the runs below: gestures of several kinds and encodings, one long, one
    /// malformed, one with a touch still down (a warning), one missing.
    static func corpus() throws -> (Fixtures, [String]) {
        var files: [String: String] = [:]
        let gestures: [(String, [String])] = [
            ("pan.jsonl", ["pan", "--jitter", "0.5", "--seed", "3"]),
            ("pinch.csv", ["pinch", "--format", "csv"]),
            ("rotation.json", ["rotation", "--format", "json"]),
            ("double.jsonl", ["doubleTap"]),
            ("long.jsonl", ["pan", "--duration", "8", "--rate", "240", "--distance", "300", "--jitter", "2", "--seed", "9"]),
            ("swipe.jsonl", ["swipe", "--direction", "up"]),
        ]
        for (name, arguments) in gestures {
            let result = runInProcess(["synth"] + arguments)
            #expect(result.status == 0, "\(result)")
            files[name] = result.stdout
        }
        files["tap.jsonl"] = TraceText.tap
        files["bad.jsonl"] = TraceText.malformed
        files["down.jsonl"] = TraceText.stillDown
        let fixtures = try Fixtures(files)
        let order = [
            "tap.jsonl", "bad.jsonl", "pan.jsonl", "pinch.csv", "missing.json", "rotation.json", "long.jsonl", "down.jsonl",
            "double.jsonl", "swipe.jsonl",
        ]
        return (fixtures, order.map(fixtures.path))
    }

    /// Several traces at once (standard output not a terminal) against one at a time (a terminal,
    /// colour off), in every format, with and without deliveries and filters.
    @Test func severalAtOnceWriteWhatOneByOneWrites() throws {
        let (fixtures, traces) = try Self.corpus()
        _ = fixtures
        let variants: [[String]] = [
            ["--format", "jsonl"], ["--format", "jsonl", "--deliveries"], ["--format", "json"], ["--format", "json", "--deliveries"],
            ["--format", "csv"], ["--format", "text"], ["--format", "text", "--deliveries"], ["--format", "trace-event", "--deliveries"],
            ["--format", "jsonl", "--only", "pan,pinch", "--no-failures"], ["--format", "csv", "--strict"],
        ]
        for options in variants {
            let arguments = ["analyze"] + options + traces
            let parallel = runInProcess(arguments)
            let sequential = runInProcess(arguments, terminal: true, variables: ["NO_COLOR": "1"])
            #expect(parallel == sequential, "\(options)")
            #expect(parallel.status == 66, "\(options)")
            #expect(!parallel.stdout.isEmpty, "\(options)")
        }
    }

    /// The streamed output of each trace alone equals its one-pass rendering in memory, in every
    /// format; a trace that does not parse prints nothing.
    @Test func streamedOutputEqualsOnePassRendering() throws {
        let (fixtures, traces) = try Self.corpus()
        _ = fixtures
        let resolver = try SceneResolver(sceneFile: nil)
        for format in ["jsonl", "json", "csv", "text", "trace-event"] {
            for path in traces {
                let arguments = ["analyze", "--format", format, path]
                let streamed = runInProcess(arguments)
                let settings = try AnalyzeSettings(ParsedArguments(values: ["format": [format]], operands: [path]), terminal: false)
                let renderer = settings.format.renderer(RenderOptions())
                let sink = ByteSink.memory()
                do throws(AnalysisFailure) {
                    _ = try TraceAnalysis.render(path: path, settings: settings, resolver: resolver, renderer: renderer, into: sink)
                    #expect(streamed.status == 0, "\(streamed)")
                    #expect(streamed.stdout == renderer.prologue + sink.buffer.string + renderer.epilogue, "\(path) \(format)")
                } catch {
                    #expect(streamed.status != 0 && streamed.stdout == "", "\(streamed)")
                }
            }
        }
    }

    /// A pipe is copied to a temporary file and read twice; messages still name it `<stdin>`.
    @Test func standardInputIsSpooledAndNamed() throws {
        let (fixtures, traces) = try Self.corpus()
        let long = try String(contentsOfFile: traces[6], encoding: .utf8)
        let direct = try Binary.run(["analyze", "--format", "json", "long.jsonl"], in: fixtures.directory)
        let piped = try Binary.run(["analyze", "--format", "json", "-"], stdin: long)
        #expect(piped.status == 0 && piped.stderr == "")
        #expect(piped.stdout == direct.stdout.replacingOccurrences(of: #""trace":"long.jsonl""#, with: #""trace":"-""#))
        let warned = try Binary.run(["analyze", "-"], stdin: TraceText.stillDown)
        #expect(warned.status == 0)
        #expect(warned.stderr.hasPrefix("<stdin>:1:1: warning: touch 1 is still down"), "\(warned)")
        let strict = try Binary.run(["analyze", "--strict", "-"], stdin: TraceText.stillDown)
        #expect(strict.status == 65 && strict.stdout == "")
        #expect(strict.stderr.hasPrefix("<stdin>:1:1: error: touch 1 is still down"), "\(strict)")
    }
}

extension AnalyzeStreamingTests {
    static func scene(_ recognizer: String) -> String {
        #"{"gesturectl-scene": 1, "views": [{"name": "screen", "frame": [0, 0, 390, 844]}], "recognizers": [{"name": ""#
            + recognizer + #"", "kind": "tap", "view": "screen"}]}"#
    }

    /// Scenes found through files are remembered per directory and `scene` key: traces in
    /// different directories, or naming different files, still get their own.
    @Test func sceneResolverRemembersScenesPerDirectoryAndKey() throws {
        let fixtures = try Fixtures()
        for directory in ["a", "b", "c", "a/scenes", "b/scenes"] {
            try FileManager.default.createDirectory(
                atPath: fixtures.path(directory), withIntermediateDirectories: true)
        }
        try fixtures.write("a/scene.json", Self.scene("besideA"))
        try fixtures.write("b/scene.json", Self.scene("besideB"))
        try fixtures.write("a/scenes/s.json", Self.scene("namedA"))
        try fixtures.write("b/scenes/s.json", Self.scene("namedB"))
        let resolver = try SceneResolver(sceneFile: nil)
        let named = TraceHeader(scene: .path("scenes/s.json", SourcePosition(line: 1, column: 1)))
        let small = TraceHeader(screen: Size(width: 100, height: 200))
        for _ in 0..<2 {
            #expect(try resolver.scene(for: TraceHeader(), tracePath: fixtures.path("a/t.jsonl")).recognizers.map(\.name) == ["besideA"])
            #expect(try resolver.scene(for: TraceHeader(), tracePath: fixtures.path("b/t.jsonl")).recognizers.map(\.name) == ["besideB"])
            #expect(try resolver.scene(for: named, tracePath: fixtures.path("a/t.jsonl")).recognizers.map(\.name) == ["namedA"])
            #expect(try resolver.scene(for: named, tracePath: fixtures.path("b/t.jsonl")).recognizers.map(\.name) == ["namedB"])
            #expect(try resolver.scene(for: TraceHeader(), tracePath: fixtures.path("c/t.jsonl")) == .defaultScene())
            #expect(try resolver.scene(for: small, tracePath: fixtures.path("c/t.jsonl")) == .defaultScene(screen: small.screenOrDefault))
        }
        // Errors are not remembered: each trace reports its own.
        let missing = TraceHeader(scene: .path("none.json", SourcePosition(line: 1, column: 2)))
        for name in ["c/x.jsonl", "c/y.jsonl"] {
            #expect(throws: TraceError.self) { try resolver.scene(for: missing, tracePath: fixtures.path(name)) }
            do {
                _ = try resolver.scene(for: missing, tracePath: fixtures.path(name))
            } catch {
                #expect(error.description.hasPrefix(fixtures.path(name) + ":1:2: error:"))
            }
        }
    }
}

/// Fails every write once `limit` bytes have been written, as a closed pipe does.
private final class FailingOutput: TextOutput {
    private var written = 0
    private let limit: Int
    init(limit: Int) { self.limit = limit }
    func write(_ text: String) throws(OutputError) { try write(count: text.utf8.count) }
    func write(bytes: UnsafeRawBufferPointer) throws(OutputError) { try write(count: bytes.count) }
    func flush() throws(OutputError) {}
    private func write(count: Int) throws(OutputError) {
        guard written + count <= limit else { throw .closed }
        written += count
    }
}

extension AnalyzeStreamingTests {
    /// The second pass on three threads (reading, engine, rendering) writes what it writes on one,
    /// stops at the first output failure, and reports a trace that no longer reads.
    @Test func pipelinedSecondPassMatchesTheSingleThreadedOne() throws {
        let (fixtures, traces) = try Self.corpus()
        let resolver = try SceneResolver(sceneFile: nil)
        for format in ["jsonl", "json", "csv", "text", "trace-event"] {
            let extras: [[String: [String]]] = [[:], ["deliveries": [""]], ["only": ["pan,tap"], "no-failures": [""]]]
            for extra in extras where !(format == "csv" && extra["deliveries"] != nil) {
                var values = extra
                values["format"] = [format]
                let settings = try AnalyzeSettings(ParsedArguments(values: values, operands: [traces[6]]), terminal: false)
                let renderer = settings.format.renderer(RenderOptions(deliveries: settings.deliveries))
                var outputs: [String] = []
                for threads in [false, true] {
                    let trace = try TraceAnalysis.validate(path: traces[6], settings: settings, resolver: resolver)
                    let output = MemoryOutput()
                    let sink = ByteSink.output(output)
                    do throws(AnalysisFailure) {
                        try TraceAnalysis.stream(trace, renderer: renderer, into: sink, threads: threads)
                    } catch {
                        Issue.record("\(error)")
                    }
                    outputs.append(output.text)
                }
                #expect(outputs[0] == outputs[1], "\(format) \(extra)")
                #expect(outputs[0].utf8.count > (format == "csv" || extra["only"] != nil ? 10_000 : ByteSink.chunkSize), "\(format)")
            }
        }
        let settings = try AnalyzeSettings(ParsedArguments(values: ["deliveries": [""]], operands: [traces[6]]), terminal: false)
        let renderer = settings.format.renderer(RenderOptions(deliveries: true))
        for threads in [false, true] {
            let trace = try TraceAnalysis.validate(path: traces[6], settings: settings, resolver: resolver)
            #expect(throws: AnalysisFailure.self) {
                try TraceAnalysis.stream(trace, renderer: renderer, into: .output(FailingOutput(limit: 100_000)), threads: threads)
            }
        }
        // Cut short between the passes: the second pass reports the trace.
        for threads in [false, true] {
            let name = "changing-\(threads).jsonl"
            try fixtures.write(name, try String(contentsOfFile: traces[6], encoding: .utf8))
            let trace = try TraceAnalysis.validate(path: fixtures.path(name), settings: settings, resolver: resolver)
            try fixtures.write(name, try String(contentsOfFile: traces[6], encoding: .utf8) + "{\"t\": 0}\n")
            do throws(AnalysisFailure) {
                try TraceAnalysis.stream(trace, renderer: renderer, into: .output(MemoryOutput()), threads: threads)
                Issue.record("a trace cut short streamed")
            } catch {
                guard case .trace(.unreadable(let error)) = error else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(error.description.hasPrefix(fixtures.path(name) + ":"))
            }
        }
    }
}
