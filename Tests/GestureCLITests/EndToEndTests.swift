import Foundation
import Testing

/// The built `gesturectl` run as a separate process (see `Binary` for how it is found), asserting
/// standard output, standard error and the exit status exactly.
@Suite struct EndToEndTests {}

extension EndToEndTests {
    @Test func tapTrace() throws {
        let fixtures = try Fixtures(["tap.jsonl": TraceText.tap])
        let result = try Binary.run(["analyze", "--only", "tap,doubleTap", "tap.jsonl"], in: fixtures.directory)
        #expect(result == RunResult(status: 0, stdout: TraceText.tapRecords, stderr: ""))
    }

    @Test func rerunsAreByteIdentical() throws {
        let fixtures = try Fixtures(["tap.jsonl": TraceText.tap])
        for format in ["jsonl", "json", "csv", "text"] {
            let arguments = ["analyze", "--format", format, "tap.jsonl", "tap.jsonl"]
            let first = try Binary.run(arguments, in: fixtures.directory)
            #expect(first.status == 0)
            #expect(!first.stdout.isEmpty)
            #expect(try Binary.run(arguments, in: fixtures.directory) == first)
        }
    }

    @Test func malformedTracePrintsNothingOnStandardOutput() throws {
        let fixtures = try Fixtures(["bad.jsonl": TraceText.malformed])
        for format in ["jsonl", "json", "csv", "text"] {
            let result = try Binary.run(["analyze", "--format", format, "bad.jsonl"], in: fixtures.directory)
            #expect(result.status == 65)
            #expect(result.stdout == "")
            #expect(result.stderr.hasPrefix("bad.jsonl:2:"))
            #expect(result.stderr.contains(": error: "))
            #expect(result.stderr.hasSuffix("\n"))
            #expect(result.stderr.filter { $0 == "\n" }.count == 1)
        }
    }

    @Test func missingFile() throws {
        let fixtures = try Fixtures()
        let result = try Binary.run(["analyze", "missing.jsonl"], in: fixtures.directory)
        #expect(
            result == RunResult(status: 66, stdout: "", stderr: "gesturectl: cannot open 'missing.jsonl': No such file or directory\n"))
    }

    @Test func badOption() throws {
        let result = try Binary.run(["analyze", "--only-failures", "x.jsonl"])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("gesturectl analyze: unknown option '--only-failures'\n"))
        #expect(result.stderr.contains("\nusage: gesturectl analyze [--scene FILE]"))
    }

    @Test func oneBadTraceAmongTwo() throws {
        let fixtures = try Fixtures(["tap.jsonl": TraceText.tap, "bad.jsonl": TraceText.malformed])
        let result = try Binary.run(["analyze", "--only", "tap,doubleTap", "bad.jsonl", "tap.jsonl"], in: fixtures.directory)
        #expect(result.status == 65)
        let labelled = TraceText.tapRecords.split(separator: "\n").map { String($0.dropLast()) + #","trace":"tap.jsonl"}"# + "\n" }.joined()
        #expect(result.stdout == labelled)
        #expect(result.stderr.hasPrefix("bad.jsonl:2:"))
        let missing = try Binary.run(["analyze", "--only", "tap,doubleTap", "tap.jsonl", "bad.jsonl", "none.json"], in: fixtures.directory)
        #expect(missing.status == 66)
        #expect(missing.stdout == labelled)
    }

    @Test func standardInput() throws {
        let result = try Binary.run(["analyze", "--only", "tap,doubleTap", "-"], stdin: TraceText.tap)
        #expect(result == RunResult(status: 0, stdout: TraceText.tapRecords, stderr: ""))
        let bad = try Binary.run(["analyze", "-"], stdin: TraceText.malformed)
        #expect(bad.status == 65)
        #expect(bad.stdout == "")
        #expect(bad.stderr.hasPrefix("<stdin>:2:"))
    }

    @Test func versionAndHelp() throws {
        #expect(try Binary.run(["--version"]) == RunResult(status: 0, stdout: "gesturectl 0.2.0\n", stderr: ""))
        let help = try Binary.run(["help", "validate"])
        #expect(help.status == 0)
        #expect(
            help.stdout.hasPrefix(
                "usage: gesturectl validate [--scene FILE] [--strict]\n                           [--input-format json|jsonl|csv] [--time-scale X]\n"
                    + "                           [--scale S] TRACE...\n"))
    }

    @Test func closedPipeStopsQuietly() throws {
        let fixtures = try Fixtures(["tap.jsonl": TraceText.tap])
        let binary = try Binary.url().path
        let traces = Array(repeating: "tap.jsonl", count: 400).joined(separator: " ")
        let script = "'\(binary)' analyze --deliveries \(traces) | head -c 10 >/dev/null; echo \"${PIPESTATUS[0]}\""
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = fixtures.directory
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let status = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(status == "0\n")
        #expect(stderr == "")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func unwritableOutputExits74() throws {
        let process = Process()
        process.executableURL = try Binary.url()
        process.arguments = ["--version"]
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 74)
        #expect(stderr == "gesturectl: cannot write to standard output: No space left on device\n")
    }
}

/// `-` names standard input for scenes too.
@Suite struct SceneFromStandardInputTests {
    private static let scene = #"{"views": [{"name": "root", "frame": [0, 0, 390, 844]}], "recognizers": [{"name": "tap", "kind": "tap", "view": "root"}]}"#
    private static let trace = #"""
        {"t":0,"id":1,"phase":"began","x":100,"y":100}
        {"t":0.05,"id":1,"phase":"ended","x":100,"y":100}
        """#

    @Test func sceneCheckReadsStandardInput() throws {
        #expect(try Binary.run(["scene", "--check", "-"], stdin: Self.scene) == RunResult(status: 0, stdout: "<stdin>: ok\n", stderr: ""))
        let bad = try Binary.run(["scene", "--check", "-"], stdin: #"{"views": [], "recognizers": [{"name": "x"}]}"#)
        #expect(bad.status == 65)
        #expect(bad.stdout.isEmpty)
        #expect(bad.stderr.hasPrefix("<stdin>:1:"))
    }

    @Test func analyzeTakesItsSceneFromStandardInput() throws {
        let fixtures = try Fixtures(["tap.jsonl": Self.trace])
        let result = try Binary.run(["analyze", "--scene", "-", "tap.jsonl"], stdin: Self.scene, in: fixtures.directory)
        #expect(result == RunResult(
            status: 0,
            stdout: #"{"t":0.05,"recognizer":"tap","kind":"tap","view":"root","state":"recognized","location":{"x":100,"y":100},"touches":1,"taps":1,"cause":"the finger lifted 0.05 s after touch down, 0 pt from where it touched down, within tapMaximumPressDuration 0.75 s and tapMovementTolerance 45 pt"}"# + "\n",
            stderr: ""))
    }

    @Test func standardInputCannotBeBothSceneAndTrace() throws {
        let result = try Binary.run(["analyze", "--scene", "-", "-"], stdin: Self.scene)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("standard input cannot be both the scene ('--scene -') and a trace ('-')"))
    }
}
