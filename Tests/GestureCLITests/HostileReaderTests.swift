import Foundation
import Testing

@testable import GestureCLI

/// Issue 30's hostile inputs to the readers added last: WebDriver actions, getevent and evemu
/// recordings, scene keys of scroll views and controls, device goldens. Each one crashed, hung, took
/// memory without bound or wrote what `gesturectl` itself rejects.
@Suite struct HostileReaderTests {
    /// One touch source: down at (100, 100), `moves`, up.
    static func webDriver(_ moves: [String], sources: Int = 1) -> String {
        let actions = (["{\"type\":\"pointerMove\",\"duration\":0,\"x\":100,\"y\":100}", "{\"type\":\"pointerDown\",\"button\":0}"]
            + moves + ["{\"type\":\"pointerUp\",\"button\":0}"]).joined(separator: ",")
        let source = (0..<sources).map { "{\"type\":\"pointer\",\"id\":\"f\($0)\",\"parameters\":{\"pointerType\":\"touch\"},\"actions\":[\(actions)]}" }
        return "{\"actions\":[\(source.joined(separator: ","))]}"
    }

    @Test(arguments: ["1e-20", "1e-300", "0.0001"])
    func aTinyRateMakesOneSampleAtTheEndOfEachMove(rate: String) throws {
        let fixtures = try Fixtures(["move.actions": Self.webDriver(["{\"type\":\"pointerMove\",\"duration\":500,\"x\":200,\"y\":300}"])])
        let result = runInProcess(["convert", "--rate", rate, "--to", "csv", fixtures.path("move.actions")])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "# screen: 390x844\nt,id,phase,x,y\n0,1,began,100,100\n0.5,1,ended,200,300\n")
    }

    @Test func movesThatStayInPlaceMakeNoSamplesAndTakeNoTime() throws {
        let still = Array(repeating: "{\"type\":\"pointerMove\",\"duration\":3600000,\"origin\":\"pointer\",\"x\":0,\"y\":0}", count: 1000)
        let fixtures = try Fixtures(["still.actions": Self.webDriver(still)])
        // Before, 1,000 one-hour moves at 1000 Hz stepped 3.6 billion times (105 s in a release build,
        // far longer in a debug one): this test did not finish.
        let result = runInProcess(["convert", "--rate", "1000", "--to", "csv", fixtures.path("still.actions")])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "# screen: 390x844\nt,id,phase,x,y\n0,1,began,100,100\n3600000,1,ended,100,100\n")
    }

    @Test func a257thPointerDownIsAnErrorAtItsAction() throws {
        let fixtures = try Fixtures(["many.actions": Self.webDriver([], sources: 257)])
        let path = fixtures.path("many.actions")
        let result = runInProcess(["convert", "--to", "jsonl", path])
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(
            "\(path):1:50721: error: pointerDown of source \"f256\" while 256 pointers are down: a trace may have at most 256 touches down at once\n"),
            "\(result)")
        let fine = try Fixtures(["256.actions": Self.webDriver([], sources: 256)])
        let converted = runInProcess(["convert", "--to", "jsonl", "-o", fine.path("256.jsonl"), fine.path("256.actions")])
        #expect(converted.status == 0)
        #expect(runInProcess(["validate", fine.path("256.jsonl")]).status == 0)
    }

    /// evemu lines: `count` protocol B slots going down in one frame, then up.
    static func evemuSlots(_ count: Int) -> String {
        var lines = ["# EVEMU 1.3", "N: hostile", "A: 35 0 1079 0 0 0", "A: 36 0 2399 0 0 0"]
        for slot in 0..<count {
            lines += [
                "E: 0.000000 0003 002f \(String(format: "%04d", slot))", "E: 0.000000 0003 0039 \(String(format: "%04d", slot))",
                "E: 0.000000 0003 0035 0100", "E: 0.000000 0003 0036 0200",
            ]
        }
        lines.append("E: 0.000000 0000 0000 0000")
        for slot in 0..<count { lines += ["E: 0.010000 0003 002f \(String(format: "%04d", slot))", "E: 0.010000 0003 0039 -001"] }
        lines.append("E: 0.010000 0000 0000 0000")
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func more256SlotsDownAtOnceAreAnErrorNotATraceTheReaderRejects() throws {
        let fixtures = try Fixtures(["many.events": Self.evemuSlots(257), "fine.events": Self.evemuSlots(256)])
        let path = fixtures.path("many.events")
        let result = runInProcess(["convert", "--to", "jsonl", path])
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("\(path):1032:1: error: a touch goes down while 256 are down: a trace may have at most 256 touches down at once\n"),
            "\(result)")
        let fine = runInProcess(["convert", "--to", "jsonl", "-o", fixtures.path("fine.jsonl"), fixtures.path("fine.events")])
        #expect(fine.status == 0, "\(fine)")
        #expect(runInProcess(["validate", fixtures.path("fine.jsonl")]).status == 0)
    }

    @Test func aProtocolAFrameOfThousandsOfContactsStopsAtTheLimit() throws {
        var lines = ["# EVEMU 1.3", "A: 35 0 1079 0 0 0", "A: 36 0 2399 0 0 0"]
        for contact in 0..<8000 {
            lines += ["E: 0.000000 0003 0035 \(contact % 1000)", "E: 0.000000 0003 0036 \(contact / 1000)", "E: 0.000000 0000 0002 0000"]
        }
        lines.append("E: 0.000000 0000 0000 0000")
        let fixtures = try Fixtures(["a.events": lines.joined(separator: "\n") + "\n"])
        let path = fixtures.path("a.events")
        let result = runInProcess(["convert", "--to", "jsonl", path])
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        // The 257th contact's SYN_MT_REPORT, line 3 + 257 × 3.
        #expect(result.stderr.contains("\(path):774:1: error: a frame of more than 256 contacts: a trace may have at most 256 touches down at once\n"),
            "\(result)")
    }

    @Test func aTimeRepairBeyondTheLargestTimestampIsAnError() throws {
        let stamp = "[9223372036.854775] "
        let log = [
            "EV_ABS ABS_MT_TRACKING_ID 00000001", "EV_ABS ABS_MT_POSITION_X 00000100", "EV_ABS ABS_MT_POSITION_Y 00000400",
            "EV_SYN SYN_REPORT 00000000", "EV_ABS ABS_MT_POSITION_X 00000200", "EV_SYN SYN_REPORT 00000000",
            "EV_ABS ABS_MT_TRACKING_ID ffffffff", "EV_SYN SYN_REPORT 00000000",
        ].map { stamp + $0 }.joined(separator: "\n") + "\n"
        let fixtures = try Fixtures(["late.txt": log])
        let path = fixtures.path("late.txt")
        let result = runInProcess(["convert", "--from", "getevent", "--raw-size", "1080x2400", "--to", "jsonl", path])
        #expect(result.status == 65, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(
            "\(path):6:1: error: a frame 1 µs after the previous one would be beyond the largest timestamp (9223372036 s)\n"), "\(result)")
    }

    @Test(arguments: ["390x1e-300", "0.5x844", "1e-300x1e-300"])
    func aScreenSmallerThanAPointIsAUsageError(screen: String) {
        let result = runCommand(ConvertCommand(), ["--screen", screen, "--to", "jsonl", PackagePaths.trace("webdriver/swipe.actions")])
        #expect(result == RunResult(status: 2, stdout: "", stderr:
            "gesturectl convert: invalid value '\(screen)' for '--screen': expected WIDTHxHEIGHT in points, each from 1 to 1000000, such as 390x844\n"))
    }

    @Test func aThinDeviceStillWritesAScreenTheReaderTakes() throws {
        let fixtures = try Fixtures()
        let result = runInProcess([
            "convert", "--raw-size", "1x1073741824", "--screen", "1x844", "--to", "jsonl", "-o", fixtures.path("thin.jsonl"),
            PackagePaths.recording("getevent-protocol-b.txt"),
        ])
        #expect(result.status == 0, "\(result)")
        #expect(runInProcess(["validate", fixtures.path("thin.jsonl")]).status == 0)
    }

    // MARK: Live recordings, follow mode

    @Test(arguments: ["getevent", "evemu"])
    func aLiveRecordingWithoutATouchEventIsAnErrorWithNothingWritten(format: String) throws {
        let live = try LiveProcess(["convert", "--from", format, "--raw-size", "1080x2400", "--to", "jsonl", "-"])
        live.send(format == "getevent" ? "[   1.000000] EV_KEY KEY_POWER DOWN\n" : "E: 1.000000 0001 0074 0001\n")
        let result = live.finish()
        #expect(result.status == 65, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("error: no touch events: expected ABS_MT_POSITION_X/Y, ABS_MT_TRACKING_ID, ABS_X/Y or BTN_TOUCH\n"),
            "\(result)")
    }

    @Test func followWithStrictWritesNoCancellationItSaysItDidNotMake() throws {
        let live = try LiveProcess(["analyze", "-f", "--strict", "--format", "jsonl", "-"])
        live.send(#"{"t":0,"id":1,"phase":"began","x":10,"y":10}"# + "\n" + #"{"t":0.1,"id":1,"phase":"moved","x":50,"y":10}"# + "\n")
        let result = live.finish()
        #expect(result.status == 65)
        #expect(!result.stdout.contains("cancelled"), "\(result)")
        #expect(result.stdout.contains(#""recognizer":"pan","kind":"pan","view":"screen","state":"began""#), "\(result)")
        #expect(result.stderr.hasSuffix(
            "<stdin>:2:1: error: touch 1 is still down at the end of the trace; --strict rejects the trace (without it, the touch would be cancelled at t=0.1)\n"))
    }

    // MARK: Device goldens

    @Test(arguments: [
        (#"{"gesturectl-device-golden":1,"source":"GestureRecorder","tolerence":0.5}"#,
         #"1:58: error: unknown key "tolerence" in the device golden's header (did you mean "tolerance"? expected "gesturectl-device-golden", "source", "tolerance")"#),
        (#"{"gesturectl-device-golden":2,"tolerance":0.001}"#, "1:29: error: unsupported device golden version 2: this gesturectl reads version 1"),
        (#"{"gesturectl-device-golden":1,"tolerance":1e9}"#, #"1:43: error: "tolerance" must be a number from 0 to 1, found 1e9"#),
        (#"{"gesturectl-device-golden":1,"tolerance":"0.1"}"#, #"1:43: error: "tolerance" must be a number from 0 to 1, found "0.1""#),
    ])
    func aDeviceGoldensHeaderIsChecked(header: String, error: String) throws {
        let trace = try String(contentsOfFile: PackagePaths.trace("tap.jsonl"), encoding: .utf8)
        let fixtures = try Fixtures(["tap.jsonl": trace, "tap.jsonl.expected.jsonl": header + "\n"])
        let result = runInProcess(["check", fixtures.directory.path])
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains(fixtures.path("tap.jsonl.expected.jsonl") + ":" + error + "\n"), "\(result)")
    }

    // MARK: Scene numbers

    @Test(arguments: [
        (#""scrollView":{"contentOffset":[0,1e308]}"#, #"error: "contentOffset" must be within ±1000000000 points"#),
        (#""scrollView":{"contentSize":[390,1e10]}"#, #"error: "contentSize" must be within ±1000000000 points"#),
        (#""scrollView":{},"thresholds":{"rubberBandCoefficient":1e308}"#, #"error: threshold "rubberBandCoefficient" must be from 0 to 1 (UIKit's is 0.55)"#),
        (#""scrollView":{},"thresholds":{"bounceTimeConstant":1e300}"#, #"error: threshold "bounceTimeConstant" must be at most 10 s"#),
        (#""control":"stepper","thresholds":{"stepperAutorepeatInterval":1e-300}"#,
         #"error: threshold "stepperAutorepeatInterval" must be 0 (one step) or at least 0.001 s"#),
        (#""control":"button","thresholds":{"controlTouchSlop":1e300}"#, #"error: threshold "controlTouchSlop" must be at most 1000000"#),
    ])
    func sceneNumbersThatWouldOverflowOrNeverEndArePositionedErrors(keys: String, error: String) throws {
        let scene = #"{"gesturectl-scene":1,"views":[{"name":"v","frame":[0,0,390,844],"# + keys + "}]}"
        let fixtures = try Fixtures(["scene.json": scene])
        let result = runInProcess(["scene", "--check", fixtures.path("scene.json")])
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains(error + "\n"), "\(result)")
        #expect(result.stderr.hasPrefix(fixtures.path("scene.json") + ":1:"), "\(result)")
    }
}
