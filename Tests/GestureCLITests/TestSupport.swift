import Foundation
import Testing

@testable import GestureCLI

/// What one run of the command line produced.
struct RunResult: Equatable, CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String

    var description: String { "status \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
}

/// Runs `gesturectl` in process with memory streams.
func runInProcess(
    _ arguments: [String], terminal: Bool = false, errorsTerminal: Bool = false, variables: [String: String] = [:]
) -> RunResult {
    let output = MemoryOutput()
    let errors = MemoryOutput()
    let environment = CommandEnvironment(
        variables: variables, standardOutput: output, standardError: errors, standardOutputIsTerminal: terminal,
        standardErrorIsTerminal: errorsTerminal)
    let status = run(arguments, in: environment)
    return RunResult(status: status, stdout: output.text, stderr: errors.text)
}

/// A fresh temporary directory holding the given files; removed when the value goes away.
final class Fixtures {
    let directory: URL

    init(_ files: [String: String] = [:]) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("gesturectl-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, contents) in files { try write(name, contents) }
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// Writes (or replaces) a file.
    func write(_ name: String, _ contents: String) throws {
        try Data(contents.utf8).write(to: directory.appendingPathComponent(name))
    }

    /// The absolute path of a file in the directory.
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
}

/// Traces used by several tests.
enum TraceText {
    /// One finger down at (195, 420) at t = 0, up at t = 0.09 without moving.
    static let tap = """
        {"gesturectl": 1, "screen": {"width": 390, "height": 844}}
        {"t": 0, "id": 1, "phase": "began", "x": 195, "y": 420}
        {"t": 0.09, "id": 1, "phase": "ended", "x": 195, "y": 420}

        """

    /// `analyze --only tap,doubleTap` of ``tap``: doubleTap fails 0.35 s after the lift, then tap
    /// (which requires doubleTap to fail) is recognized at the same time.
    static let tapRecords = """
        {"t":0.44,"recognizer":"doubleTap","kind":"tap","view":"screen","state":"failed","reason":"no second tap within multiTapInterval 0.35 s"}
        {"t":0.44,"recognizer":"tap","kind":"tap","view":"screen","state":"recognized","location":{"x":195,"y":420},"touches":1,"taps":1,"cause":"the finger lifted 0.09 s after touch down, 0 pt from where it touched down, within tapMaximumPressDuration 0.75 s and tapMovementTolerance 45 pt; it waited from 0.09 s until doubleTap failed at 0.44 s, as it requires"}

        """

    /// Line 2 has no value after `"y":`.
    static let malformed = """
        {"t": 0, "id": 1, "phase": "began", "x": 1, "y": 2}
        {"t": 0.1, "id": 1, "phase": "ended", "x": 1, "y": }

        """

    /// A finger that never lifts.
    static let stillDown = """
        {"t": 0, "id": 1, "phase": "began", "x": 10, "y": 10}

        """
}

/// The built `gesturectl` executable, run as a separate process.
///
/// Found, in order: the `GESTURECTL_BINARY` environment variable; next to the test executable
/// (`swift test` builds every product into the same directory as the test bundle, whatever the
/// `--scratch-path`, so `.build-cli/debug/gesturectlPackageTests.xctest` sits beside
/// `.build-cli/debug/gesturectl`), looking in that directory and its parents to cover macOS's
/// `.xctest` bundles.
enum Binary {
    static func url() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["GESTURECTL_BINARY"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let start = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        var directory = start.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("gesturectl")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        throw BinaryNotFound(start: start.path)
    }

    struct BinaryNotFound: Error, CustomStringConvertible {
        var start: String
        var description: String { "no gesturectl executable near \(start); set GESTURECTL_BINARY" }
    }

    /// Runs the binary with `arguments`, `stdin` as standard input (empty when nil), in `directory`, with
    /// `variables` added to the environment.
    ///
    /// Standard output and error go to files, so that large outputs cannot block the child.
    static func run(
        _ arguments: [String], stdin: String? = nil, in directory: URL? = nil, variables: [String: String] = [:]
    ) throws -> RunResult {
        let scratch = try Fixtures(["stdin": stdin ?? "", "stdout": "", "stderr": ""])
        let process = Process()
        process.executableURL = try url()
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "NO_COLOR")
        environment.merge(variables) { $1 }
        process.environment = environment
        let input = try FileHandle(forReadingFrom: URL(fileURLWithPath: scratch.path("stdin")))
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.path("stdout")))
        let errors = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.path("stderr")))
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        try input.close()
        try output.close()
        try errors.close()
        return RunResult(
            status: process.terminationStatus,
            stdout: try String(contentsOfFile: scratch.path("stdout"), encoding: .utf8),
            stderr: try String(contentsOfFile: scratch.path("stderr"), encoding: .utf8))
    }
}
