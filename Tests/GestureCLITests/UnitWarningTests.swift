import Foundation
import Testing

@testable import GestureCLI

/// A trace in milliseconds or in pixels passes every rule of the format and gives a wrong analysis:
/// `validate` and `analyze` say so, with the fix, and `--strict` rejects it (issue 30).
@Suite struct UnitWarningTests {
    static let milliseconds = """
        {"t": 0, "id": 1, "phase": "began", "x": 195, "y": 420}
        {"t": 96, "id": 1, "phase": "ended", "x": 195, "y": 420}

        """
    static let pixels = """
        {"t": 0, "id": 1, "phase": "began", "x": 900, "y": 1500}
        {"t": 0.1, "id": 1, "phase": "moved", "x": 950, "y": 1500}
        {"t": 0.2, "id": 1, "phase": "ended", "x": 1000, "y": 1500}

        """
    static let offScreen = """
        {"t": 0, "id": 1, "phase": "began", "x": 380, "y": 420}
        {"t": 0.1, "id": 1, "phase": "moved", "x": 395, "y": 420}
        {"t": 0.2, "id": 1, "phase": "ended", "x": 420, "y": 420}

        """
    static let microseconds = """
        t,id,phase,x,y
        0,1,began,195,420
        16667,1,moved,196,420
        33333,1,ended,197,420

        """

    @Test func aTraceInMillisecondsIsAWarningNamingTheUnitAndTheFix() throws {
        let fixtures = try Fixtures(["ms.jsonl": Self.milliseconds])
        let path = fixtures.path("ms.jsonl")
        let warning = "\(path):2:1: warning: touch events are at least 96 apart in \"t\" and the touches span 96: \"t\" looks like "
            + "milliseconds, not seconds (give --time-scale 0.001 to read it in seconds)"
        #expect(runInProcess(["validate", path]) == RunResult(status: 0, stdout: "\(path): ok, 2 samples, 96 s, default scene\n", stderr: warning + "\n"))
        let analyzed = runInProcess(["analyze", "--only", "tap", "--format", "jsonl", path])
        #expect(analyzed.status == 0)
        #expect(analyzed.stderr == warning + "\n")
        let strict = runInProcess(["analyze", "--strict", "--format", "jsonl", path])
        #expect(strict.status == 65)
        #expect(strict.stdout.isEmpty)
        #expect(strict.stderr == warning.replacingOccurrences(of: "warning:", with: "error:") + " (--strict rejects the trace)\n")
        #expect(runInProcess(["validate", "--strict", path]).status == 65)
    }

    @Test func theTimeScaleReadsTheTraceInSecondsAndSilencesTheWarning() throws {
        let fixtures = try Fixtures(["ms.jsonl": Self.milliseconds])
        let path = fixtures.path("ms.jsonl")
        #expect(runInProcess(["validate", "--time-scale", "0.001", path])
            == RunResult(status: 0, stdout: "\(path): ok, 2 samples, 0.096 s, default scene\n", stderr: ""))
        let analyzed = runInProcess(["analyze", "--time-scale", "0.001", "--only", "tap", "--format", "jsonl", path])
        #expect(analyzed == RunResult(status: 0, stdout:
            #"{"t":0.446,"recognizer":"tap","kind":"tap","view":"screen","state":"recognized","location":{"x":195,"y":420},"touches":1,"taps":1,"cause":"the finger lifted 0.096 s after touch down, 0 pt from where it touched down, within tapMaximumPressDuration 0.75 s and tapMovementTolerance 45 pt; it waited from 0.096 s until doubleTap failed at 0.446 s, as it requires"}"# + "\n",
            stderr: ""))
    }

    @Test func microsecondsAreNamedSo() throws {
        let fixtures = try Fixtures(["us.csv": Self.microseconds])
        let result = runInProcess(["validate", fixtures.path("us.csv")])
        #expect(result.stderr.contains("\"t\" looks like microseconds, not seconds (give --time-scale 0.000001 to read it in seconds)"), "\(result)")
    }

    @Test func pixelsAreAWarningWithTheScaleThatFits() throws {
        let fixtures = try Fixtures(["px.jsonl": Self.pixels])
        let path = fixtures.path("px.jsonl")
        #expect(runInProcess(["validate", path]).stderr == "\(path):3:1: warning: x is 1000 on a 390x844 pt screen: the coordinates look "
            + "like the pixels of a 3x screen, not points (give --scale 3 to read them in points, or give the trace's real screen in its header)\n")
        #expect(runInProcess(["validate", "--scale", "3", path]).stderr.isEmpty)
        let analyzed = runInProcess(["analyze", "--scale", "3", "--only", "pan", "--format", "jsonl", path])
        #expect(analyzed.stdout.hasPrefix(#"{"t":0.1,"recognizer":"pan","kind":"pan","view":"screen","state":"began","location":{"x":316.666667,"y":500}"#),
            "\(analyzed)")
    }

    @Test func samplesOutsideTheScreenAreAWarning() throws {
        let fixtures = try Fixtures(["off.jsonl": Self.offScreen])
        let path = fixtures.path("off.jsonl")
        #expect(runInProcess(["validate", path]).stderr
            == "\(path):3:1: warning: x is 420, outside the 390x844 pt screen (touches span x 380 to 420, y 420 to 420)\n")
    }

    @Test func theCorpusHasNoUnitWarning() throws {
        let traces = try FileManager.default.subpathsOfDirectory(atPath: PackagePaths.trace(""))
            .filter { ($0.hasSuffix(".jsonl") && !$0.hasSuffix(".expected.jsonl")) || $0.hasSuffix(".csv") }
        #expect(traces.count > 20)
        for trace in traces {
            let result = runInProcess(["validate", PackagePaths.trace(trace)])
            #expect(!result.stderr.contains("looks like") && !result.stderr.contains("outside the"), "\(trace): \(result)")
        }
    }

    @Test(arguments: ["0", "-1", "1e10", "ms", "nan"])
    func aBadScaleIsAUsageError(value: String) {
        let result = runInProcess(["validate", "--time-scale", value, PackagePaths.trace("tap.jsonl")])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix(
            "gesturectl validate: invalid value '\(value)' for '--time-scale': expected a number from 0.000000001 to 1000000000, such as 0.001\n"),
            "\(result)")
    }

    @Test(arguments: [("e.jsonl", ""), ("e.json", ""), ("e.csv", ""), ("w.json", " \n\n")])
    func anEmptyFilePassesWithAllowEmptyInEveryEncoding(name: String, contents: String) throws {
        let fixtures = try Fixtures([name: contents])
        let path = fixtures.path(name)
        #expect(runInProcess(["analyze", "--allow-empty", "--format", "jsonl", path]) == RunResult(status: 0, stdout: "", stderr: ""))
        let refused = runInProcess(["analyze", "--format", "jsonl", path])
        #expect(refused == RunResult(status: 65, stdout: "", stderr:
            "\(path):1:1: error: the trace has no samples: an empty recording is usually a failed one (--allow-empty lets it pass)\n"))
    }
}
