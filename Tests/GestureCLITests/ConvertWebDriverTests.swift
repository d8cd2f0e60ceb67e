import Foundation
import Testing

@testable import GestureCLI

/// `gesturectl convert --from webdriver`: the examples of traces/webdriver, options and errors.
@Suite struct ConvertWebDriverTests {
    /// The examples and the options they are converted with (traces/webdriver/README.md).
    static let examples: [(name: String, options: [String])] = [
        ("swipe", []), ("slow-swipe", []), ("double-tap", ["--element", "photo=95,320,200,200"]),
        ("long-press", []), ("pinch", []),
    ]

    @Test(arguments: examples.map(\.name))
    func theCommittedTracesAreTheConversionsOfTheActionFiles(name: String) throws {
        let options = Self.examples.first { $0.name == name }?.options ?? []
        let path = PackagePaths.trace("webdriver/\(name).actions")
        let result = runCommand(ConvertCommand(), ["--to", "jsonl"] + options + [path])
        #expect(result.status == 0)
        let committed = try String(contentsOfFile: PackagePaths.trace("webdriver/\(name).jsonl"), encoding: .utf8)
        #expect(result.stdout == committed)
        #expect(result.stderr.hasPrefix("gesturectl convert: \(path): W3C WebDriver actions, "))
    }

    @Test func aJSONFileOrStandardInputHoldingActionsIsSniffed() throws {
        let fixtures = try Fixtures()
        let body = #"{"actions":[{"type":"pointer","id":"f","parameters":{"pointerType":"touch"},"actions":[{"type":"pointerMove","x":10,"y":20},{"type":"pointerDown","button":0},{"type":"pause","duration":50},{"type":"pointerUp","button":0}]}]}"#
        let path = fixtures.path("tap.json")
        try body.write(toFile: path, atomically: true, encoding: .utf8)
        let result = runCommand(ConvertCommand(), ["--to", "csv", "--screen", "320x568", path])
        #expect(result == RunResult(status: 0, stdout: "# screen: 320x568\nt,id,phase,x,y\n0,1,began,10,20\n0.05,1,ended,10,20\n", stderr:
            "gesturectl convert: \(path): W3C WebDriver actions, 1 touch, 2 samples over 0.05 s; 1 pointer source, moves sampled at 60 Hz\n"))
    }

    @Test func malformedActionsAreExit65WithAPositionedErrorAndNoOutput() throws {
        let fixtures = try Fixtures()
        let path = fixtures.path("bad.actions")
        try "[{\"type\":\"pointer\",\"id\":\"f\",\"actions\":[\n  {\"type\":\"pointerUp\",\"button\":0}]}]".write(toFile: path, atomically: true, encoding: .utf8)
        let result = runCommand(ConvertCommand(), ["--to", "jsonl", path])
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasSuffix("\(path):2:3: error: pointerUp of source \"f\" without a pointerDown: button 0 is not pressed\n"))
    }

    @Test(arguments: [
        (["--element", "photo"], "gesturectl convert: invalid value 'photo' for '--element': expected ID=X,Y,WIDTH,HEIGHT in points, such as login=20,300,350,44"),
        (["--element", "a=1,2,3"], "gesturectl convert: invalid value 'a=1,2,3' for '--element': expected ID=X,Y,WIDTH,HEIGHT in points, such as login=20,300,350,44"),
        (["--rate", "0"], "gesturectl convert: invalid value '0' for '--rate': expected samples per second, more than 0 and at most 1000"),
        (["--rate", "fast"], "gesturectl convert: invalid value 'fast' for '--rate': expected samples per second, more than 0 and at most 1000"),
        (["--raw-size", "100x100"], "gesturectl convert: '--raw-size' applies to getevent and evemu recordings only, and the input is WebDriver actions"),
    ])
    func badOptionsForActionsAreUsageErrors(options: [String], message: String) {
        let result = runCommand(ConvertCommand(), ["--to", "jsonl"] + options + [PackagePaths.trace("webdriver/swipe.actions")])
        #expect(result == RunResult(status: 2, stdout: "", stderr: message + "\n"))
    }

    @Test func webDriverOptionsForATraceAreUsageErrors() {
        let result = runCommand(ConvertCommand(), ["--to", "jsonl", "--rate", "120", PackagePaths.trace("tap.csv")])
        #expect(result == RunResult(status: 2, stdout: "", stderr: "gesturectl convert: '--rate' applies to WebDriver actions only, and the input is a csv trace\n"))
    }

    @Test func theRateAndAnElementIdHoldingAnEqualsSign() {
        let body = #"[{"type":"pointer","id":"f","parameters":{"pointerType":"touch"},"actions":[{"type":"pointerMove","origin":{"ELEMENT":"a=b"},"x":0,"y":0},{"type":"pointerDown","button":0},{"type":"pointerMove","duration":100,"origin":"pointer","x":30,"y":0},{"type":"pointerUp","button":0}]}]"#
        let fixtures = try? Fixtures()
        guard let fixtures else { Issue.record("no fixtures"); return }
        let path = fixtures.path("a.actions")
        try? body.write(toFile: path, atomically: true, encoding: .utf8)
        let result = runCommand(ConvertCommand(), ["--to", "jsonl", "--rate", "20", "--element", "a=b=0,0,100,50", path])
        #expect(result.status == 0)
        #expect(result.stdout == """
            {"gesturectl":1,"screen":{"width":390,"height":844}}
            {"t":0,"id":1,"phase":"began","x":50,"y":25}
            {"t":0.05,"id":1,"phase":"moved","x":65,"y":25}
            {"t":0.1,"id":1,"phase":"ended","x":80,"y":25}

            """)
    }
}
