import Foundation
import GestureKit
import GestureTrace
import Testing

@testable import GestureCLI

/// `gesturectl convert`, in process and through the built binary.
@Suite struct ConvertCommandTests {}

/// Runs one command in process, as `CommandLineTool` does, with memory streams.
func runCommand(_ command: any Command, _ arguments: [String]) -> RunResult {
    let output = MemoryOutput()
    let errors = MemoryOutput()
    let environment = CommandEnvironment(standardOutput: output, standardError: errors)
    let context = CommandContext(environment: environment, commands: [command])
    let status: GestureCLI.ExitStatus
    do throws(UsageError) {
        let parsed = try ArgumentParser.parse(arguments, table: command.options, operands: command.operands)
        status = parsed.isSet("help") ? environment.writeResult(command.helpText) : try command.run(parsed, in: context)
    } catch {
        environment.printError("gesturectl \(command.name): \(error.message)" + (error.suggestion.map { "\n" + $0 } ?? ""))
        status = .usage
    }
    return RunResult(status: status.rawValue, stdout: output.text, stderr: errors.text)
}

/// Paths of the package, from this file's place in it.
enum PackagePaths {
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static func trace(_ name: String) -> String { root.appendingPathComponent("traces").appendingPathComponent(name).path }

    static func recording(_ name: String) -> String {
        root.appendingPathComponent("Tests/Fixtures/recordings").appendingPathComponent(name).path
    }
}

extension ConvertCommandTests {
    @Test func theThreeEncodingsOfATraceConvertToTheSameBytes() throws {
        for name in ["tap", "double-tap", "two-finger-pan", "pan-fast"] {
            guard FileManager.default.fileExists(atPath: PackagePaths.trace(name + ".json")) else { continue }
            for to in ["json", "jsonl", "csv"] {
                let outputs = ["json", "jsonl", "csv"].map { runCommand(ConvertCommand(), ["--to", to, PackagePaths.trace("\(name).\($0)")]) }
                #expect(outputs.allSatisfy { $0.status == 0 && $0.stderr.isEmpty && !$0.stdout.isEmpty }, "\(name) → \(to)")
                #expect(Set(outputs.map(\.stdout)).count == 1, "\(name) → \(to)")
            }
        }
    }

    @Test func outputFileAndItsExtension() throws {
        let fixtures = try Fixtures()
        let result = runCommand(ConvertCommand(), ["-o", fixtures.path("tap.csv"), PackagePaths.trace("tap.json")])
        #expect(result == RunResult(status: 0, stdout: "", stderr: ""))
        let csv = try String(contentsOfFile: fixtures.path("tap.csv"), encoding: .utf8)
        #expect(csv.hasPrefix("# screen: 390x844\nt,id,phase,x,y\n41.2083,1,began,195.3333,420.6667\n"))
    }

    @Test func protocolBRecordingToJSONLines() {
        let result = runCommand(ConvertCommand(), [
            "--to", "jsonl", "--raw-size", "1080x2340", PackagePaths.recording("getevent-protocol-b.txt"),
        ])
        #expect(result.status == 0)
        #expect(result.stdout == """
            {"gesturectl":1,"screen":{"width":390,"height":844}}
            {"t":0,"id":1,"phase":"began","x":144.274,"y":288.547}
            {"t":0.016,"id":2,"phase":"began","x":216.41,"y":288.547}
            {"t":0.032,"id":1,"phase":"moved","x":138.503,"y":288.547}
            {"t":0.032,"id":2,"phase":"moved","x":222.181,"y":288.547}
            {"t":0.048,"id":1,"phase":"ended","x":138.503,"y":288.547}
            {"t":0.064,"id":2,"phase":"ended","x":222.181,"y":288.547}

            """)
        #expect(result.stderr.hasSuffix(
            "getevent-protocol-b.txt: multitouch protocol B (slots), 2 touches, 6 samples over 0.064 s; "
                + "x 0…1079, y 0…2339 (--raw-size) → 390x844 pt\n"))
    }

    @Test func evemuFindsTheDescriptionBesideIt() {
        let result = runCommand(ConvertCommand(), ["--to", "csv", PackagePaths.recording("test-touchscreen.spread.events")])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("# screen: 390x844\nt,id,phase,x,y\n0,1,began,158.701,422\n0,2,began,230.838,422\n"))
        #expect(result.stderr.contains("(\(PackagePaths.recording("test-touchscreen.desc")), found beside the recording) → 390x844 pt"))
        #expect(!result.stderr.contains("warning"))
    }

    @Test func screenAndDeviceOptions() {
        let result = runCommand(ConvertCommand(), [
            "--to", "jsonl", "--screen", "1024x768", "--device", PackagePaths.recording("test-touchscreen.desc"), "--from", "evemu",
            PackagePaths.recording("test-touchscreen.spread.events"),
        ])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(#"{"gesturectl":1,"screen":{"width":354.47,"height":768}}"#))
        #expect(result.stderr.contains("(--device) → 354.47x768 pt"))
    }

    @Test func convertedRecordingAnalyzes() throws {
        let fixtures = try Fixtures()
        let out = fixtures.path("tap.jsonl")
        let convert = runCommand(ConvertCommand(), ["-o", out, PackagePaths.recording("getevent-with-description.txt")])
        #expect(convert.status == 0)
        #expect(convert.stderr.contains("warning: events of /dev/input/event0 are ignored"))
        let analysis = runInProcess(["analyze", "--only", "tap", out])
        #expect(analysis.status == 0)
        #expect(analysis.stdout.contains(#""recognizer":"tap","kind":"tap","view":"screen","state":"recognized","location":{"x":195,"y":346.667}"#))
    }

    @Test func usageErrors() {
        let missingTo = runCommand(ConvertCommand(), [PackagePaths.trace("tap.json")])
        #expect(missingTo.status == 2)
        #expect(missingTo.stderr.contains("missing '--to json|jsonl|csv'"))
        let rawSizeOnTrace = runCommand(ConvertCommand(), ["--to", "csv", "--raw-size", "10x10", PackagePaths.trace("tap.json")])
        #expect(rawSizeOnTrace.status == 2)
        #expect(rawSizeOnTrace.stderr.contains("'--raw-size' applies to recordings (getevent, evemu) only"))
        for bad in [["--screen", "0x10"], ["--raw-size", "1.5x2"], ["--screen", "abc"], ["--from", "xml"]] {
            let result = runCommand(ConvertCommand(), ["--to", "json"] + bad + [PackagePaths.recording("getevent-protocol-b.txt")])
            #expect(result.status == 2, "\(bad)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func dataErrorsPrintNothingOnStandardOutput() throws {
        let fixtures = try Fixtures([
            "bad.jsonl": "{\"t\": 0, \"id\": 1, \"phase\": \"moved\", \"x\": 1, \"y\": 1}\n",
            "ids.jsonl": "{\"t\": 0, \"id\": \"7\", \"phase\": \"began\", \"x\": 1, \"y\": 1}\n",
            "empty.txt": "[   1.000000] EV_KEY KEY_POWER DOWN\n",
        ])
        let bad = runCommand(ConvertCommand(), ["--to", "csv", fixtures.path("bad.jsonl")])
        #expect(bad.status == 65)
        #expect(bad.stdout.isEmpty)
        #expect(bad.stderr.contains("bad.jsonl:1:"))
        let ids = runCommand(ConvertCommand(), ["--to", "csv", fixtures.path("ids.jsonl")])
        #expect(ids.status == 65)
        #expect(ids.stderr.contains("the string touch id \"7\" cannot be written in CSV"))
        let empty = runCommand(ConvertCommand(), ["--to", "csv", fixtures.path("empty.txt")])
        #expect(empty.status == 65)
        #expect(empty.stderr.contains("no touch events"))
        let missing = runCommand(ConvertCommand(), ["--to", "csv", fixtures.path("nope.txt")])
        #expect(missing.status == 66)
        let unwritable = runCommand(ConvertCommand(), ["-o", fixtures.path("no/such/dir/x.json"), PackagePaths.trace("tap.json")])
        #expect(unwritable.status == 74)
    }

    @Test func kindsAreSniffed() {
        func kind(_ text: String, path: String = "-") -> ConvertInput.Kind { ConvertInput.kind(path: path, bytes: Array(text.utf8)) }
        #expect(kind("[   1.000000] EV_ABS ABS_X 00000001\n") == .getevent)
        #expect(kind("add device 1: /dev/input/event2\n") == .getevent)
        #expect(kind("# EVEMU 1.3\nN: x\n") == .evemu)
        #expect(kind("E: 1.000 0003 0035 10\n") == .evemu)
        #expect(kind("[{\"t\": 0}]") == .json)
        #expect(kind("{\"t\": 0}\n") == .json)
        #expect(kind("# screen: 390x844\nt,id,phase,x,y\n") == .csv)
        #expect(kind("{}", path: "x.csv") == .csv)
        #expect(kind("", path: "x.events") == .evemu)
    }

    @Test func endToEndFromStandardInput() throws {
        let log = try String(contentsOfFile: PackagePaths.recording("getevent-single-touch.txt"), encoding: .utf8)
        let result = try Binary.run(["convert", "--to", "csv", "--raw-size", "390x844", "-"], stdin: log)
        #expect(result.status == 0)
        #expect(result.stdout == """
            # screen: 390x844
            t,id,phase,x,y
            0,1,began,200,400
            0.02,1,moved,230,400
            0.04,1,moved,260,410
            0.06,1,ended,260,410
            1,2,began,100,100
            1.08,2,ended,100,100

            """)
        #expect(result.stderr == "gesturectl convert: <stdin>: single-touch (BTN_TOUCH, ABS_X, ABS_Y), 2 touches, 6 samples over 1.08 s; x 0…389, y 0…843 (--raw-size) → 390x844 pt\n")
    }
}
