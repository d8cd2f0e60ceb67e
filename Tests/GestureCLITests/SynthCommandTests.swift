import Foundation
import GestureKit
import GestureTrace
import Testing

@testable import GestureCLI

/// `gesturectl synth`: options, encodings, reproducibility, and the analysis of what it writes.
@Suite struct SynthCommandTests {}

extension SynthCommandTests {
    @Test func tapAsJSONLines() {
        let result = runCommand(SynthCommand(), ["tap"])
        #expect(result == RunResult(status: 0, stdout: """
            {"gesturectl":1,"screen":{"width":390,"height":844}}
            {"t":0,"id":1,"phase":"began","x":195,"y":422}
            {"t":0.08,"id":1,"phase":"ended","x":195,"y":422}

            """, stderr: ""))
    }

    /// The `synth` of every kind, analyzed by `analyze` with the default scene (and, for the two
    /// kinds it lacks, a scene that adds their recognizer), reports that kind.
    @Test(arguments: SynthKind.allCases)
    func everyKindAnalyzesAsItself(_ kind: SynthKind) throws {
        let extra: String
        switch kind {
        case .screenEdgePan: extra = #"{"name": "screenEdgePan", "kind": "screenEdgePan", "view": "screen", "edges": ["left"], "simultaneousWith": ["*"]}"#
        case .checkmark: extra = #"{"name": "checkmark", "kind": "checkmark", "view": "screen", "simultaneousWith": ["*"]}"#
        default: extra = ""
        }
        let fixtures = try Fixtures()
        let trace = fixtures.path("\(kind.rawValue).csv")
        #expect(runCommand(SynthCommand(), [kind.rawValue, "--jitter", "1", "--seed", "3", "-o", trace]).status == 0)
        var arguments = ["analyze", "--format", "jsonl", "--only", kind.rawValue]
        if !extra.isEmpty {
            let scene = runInProcess(["scene", "--default"]).stdout
            let withExtra = scene.replacingOccurrences(of: #""recognizers": ["#, with: #""recognizers": ["# + extra + ",")
            try fixtures.write("scene.json", withExtra)
            arguments += ["--scene", fixtures.path("scene.json")]
        }
        let analysis = runInProcess(arguments + [trace])
        #expect(analysis.status == 0, "\(analysis)")
        let final = kind == .longPress || kind == .pan || kind == .pinch || kind == .rotation || kind == .screenEdgePan ? "ended" : "recognized"
        #expect(analysis.stdout.contains(#""recognizer":"\#(kind.rawValue)""#) && analysis.stdout.contains(#""state":"\#(final)""#), "\(analysis)")
        #expect(!analysis.stdout.contains(#""state":"failed""#), "\(analysis)")
    }

    @Test func sameSeedSameBytes() {
        let first = runCommand(SynthCommand(), ["rotation", "--jitter", "2", "--seed", "12345"])
        #expect(first.status == 0)
        #expect(runCommand(SynthCommand(), ["rotation", "--jitter", "2", "--seed", "12345"]) == first)
        #expect(runCommand(SynthCommand(), ["rotation", "--jitter", "2", "--seed", "12346"]).stdout != first.stdout)
    }

    @Test func optionsAndEncodings() throws {
        let csv = runCommand(SynthCommand(), [
            "pan", "--format", "csv", "--at", "100,200", "--distance", "50", "--direction", "down", "--duration", "0.1",
            "--rate", "20", "--start", "3", "--screen", "320x480",
        ])
        #expect(csv == RunResult(status: 0, stdout: """
            # screen: 320x480
            t,id,phase,x,y
            3,1,began,100,175
            3.05,1,moved,100,225
            3.1,1,ended,100,225

            """, stderr: ""))
        let fixtures = try Fixtures()
        #expect(runCommand(SynthCommand(), ["doubleTap", "--fingers", "2", "-o", fixtures.path("two.json")]).status == 0)
        let json = try String(contentsOfFile: fixtures.path("two.json"), encoding: .utf8)
        #expect(json.hasPrefix("{\n  \"gesturectl\": 1,\n"))
        #expect(json.contains(#"{"t":0,"id":2,"phase":"began","x":195,"y":442}"#))
    }

    @Test func usageErrors() {
        let unknown = runCommand(SynthCommand(), ["pinchh"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown gesture kind 'pinchh'"))
        #expect(unknown.stderr.contains("Did you mean 'pinch'?"))
        let inapplicable = runCommand(SynthCommand(), ["tap", "--scale", "2"])
        #expect(inapplicable.status == 2)
        #expect(inapplicable.stderr.contains("'--scale' does not apply to tap (it applies to pinch)"))
        for bad in [
            ["pan", "--duration", "0"], ["pan", "--rate", "5000"], ["pinch", "--fingers", "3"], ["pan", "--at", "1"],
            ["pan", "--direction", "sideways"], ["pan", "--seed", "-1"], ["pan", "--jitter", "nan"], [],
        ] {
            let result = runCommand(SynthCommand(), bad)
            #expect(result.status == 2, "\(bad)")
            #expect(result.stdout.isEmpty, "\(bad)")
        }
    }

    @Test func help() {
        let help = runCommand(SynthCommand(), ["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("usage: gesturectl synth [--at X,Y]"))
    }

    @Test func endToEnd() throws {
        let result = try Binary.run(["synth", "swipe", "--direction", "left", "--format", "csv"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("# screen: 390x844\nt,id,phase,x,y\n0,1,began,255,422\n"))
    }
}
