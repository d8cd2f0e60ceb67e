import Foundation
import Testing

@testable import GestureCLI

/// `gesturectl view`: one self-contained, deterministic page, the run's records in it, the usual
/// messages and exit statuses. What the page shows in a browser is ViewBrowserTests'.
@Suite struct ViewCommandTests {
    static let root = ViewBrowserTests.root
    static let quickDrag = root.appendingPathComponent("traces/conflicts/button-in-scroll-view/quick-drag.jsonl").path

    /// The JSON data the page carries.
    static func data(of page: String) throws -> [String: Any] {
        let start = try #require(page.range(of: "<script type=\"application/json\" id=\"replay-data\">\n"))
        let end = try #require(page.range(of: "\n</script>", range: start.upperBound..<page.endIndex))
        let object = try JSONSerialization.jsonObject(with: Data(page[start.upperBound..<end.lowerBound].utf8))
        return try #require(object as? [String: Any])
    }

    @Test func samePageForTheSameTraceAndNothingLoaded() throws {
        let first = runInProcess(["view", Self.quickDrag])
        let second = runInProcess(["view", Self.quickDrag])
        #expect(first.status == 0)
        #expect(first.stderr == "")
        #expect(first.stdout == second.stdout)
        // The SVG namespace is a name, not an address that is loaded.
        let page = first.stdout.replacingOccurrences(of: "\"http://www.w3.org/2000/svg\"", with: "")
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.hasSuffix("</html>\n"))
        for external in ["http://", "https://", " src=", "<link", "@import", "url(http", "fetch("] {
            #expect(!page.contains(external), "the page refers to something outside it: \(external)")
        }
    }

    @Test func pageCarriesEveryRecordWithItsTraceLine() throws {
        let page = runInProcess(["view", Self.quickDrag]).stdout
        let data = try Self.data(of: page)
        let analysis = runInProcess(["analyze", "--format", "jsonl", Self.quickDrag]).stdout.split(separator: "\n")
        let records = try #require(data["records"] as? [[String: Any]])
        #expect(records.count == analysis.count)
        #expect((data["recordLines"] as? [Int])?.count == records.count)
        // The scroll view's own pan has a lane although the scene declares no recognizer.
        let lanes = try #require(data["lanes"] as? [[String: String]])
        #expect(lanes.map { $0["name"] } == ["list.pan"])
        // The first sample is line 2 (after the header) and hit the button.
        let samples = try #require(data["samples"] as? [[Any]])
        #expect(samples.count == 31)
        #expect(samples.first?.count == 7)
        #expect(samples.first?[5] as? Int == 2)
        #expect(samples.first?[6] as? String == "buy")
        // The pan began at t=0.025, the sample on line 5.
        #expect((data["recordLines"] as? [Int])?.first == 5)
    }

    @Test func writesTheFileAndReadsStandardInput() throws {
        let fixtures = try Fixtures()
        let out = fixtures.path("replay.html")
        let written = runInProcess(["view", Self.quickDrag, "-o", out])
        #expect(written.status == 0)
        #expect(written.stdout == "")
        let file = try String(contentsOfFile: out, encoding: .utf8)
        #expect(file == runInProcess(["view", Self.quickDrag]).stdout)
        let piped = try Binary.run(
            ["view", "--scene", Self.root.appendingPathComponent("traces/conflicts/button-in-scroll-view/scene.json").path, "-"],
            stdin: try String(contentsOfFile: Self.quickDrag, encoding: .utf8))
        #expect(piped.status == 0)
        #expect(try Self.data(of: piped.stdout)["title"] as? String == "<stdin>")
    }

    @Test func onlyAndDeliveries() throws {
        let trace = Self.root.appendingPathComponent("traces/conflicts/scroll-vs-pan/trace.jsonl").path
        let data = try Self.data(of: runInProcess(["view", "--only", "sliderPan", "--deliveries", trace]).stdout)
        #expect((data["lanes"] as? [[String: String]])?.map { $0["name"] } == ["sliderPan"])
        #expect(data["deliveries"] as? Bool == true)
        let records = try #require(data["records"] as? [[String: Any]])
        #expect(records.contains { $0["type"] as? String == "delivery" })
        #expect(!records.contains { $0["recognizer"] as? String == "scrollPan" })
        let unknown = runInProcess(["view", "--only", "sliderPam", trace])
        #expect(unknown.status == 2)
        #expect(unknown.stdout == "")
        #expect(unknown.stderr.contains("has no recognizer named 'sliderPam'. Did you mean 'sliderPan'?"))
    }

    /// A scroll view's own pan is a recognizer `--only` may name (in analyze as in view).
    @Test func onlyTakesAScrollViewsOwnPan() throws {
        let data = try Self.data(of: runInProcess(["view", "--only", "list.pan", Self.quickDrag]).stdout)
        #expect((data["lanes"] as? [[String: String]])?.map { $0["name"] } == ["list.pan"])
        let analysis = runInProcess(["analyze", "--only", "list.pan", "--format", "jsonl", Self.quickDrag])
        #expect(analysis.status == 0)
        #expect(analysis.stdout.hasPrefix(#"{"t":0.025,"recognizer":"list.pan","kind":"pan","view":"list","state":"began""#))
        let misspelt = runInProcess(["analyze", "--only", "list.pam", Self.quickDrag])
        #expect(misspelt.status == 2)
        #expect(misspelt.stderr.hasSuffix("has no recognizer named 'list.pam'. Did you mean 'list.pan'?\n"))
    }

    @Test func badTraceWritesNothing() throws {
        let fixtures = try Fixtures(["bad.jsonl": TraceText.malformed])
        let out = fixtures.path("replay.html")
        let result = runInProcess(["view", fixtures.path("bad.jsonl"), "-o", out])
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr.contains("bad.jsonl:"))
        #expect(!FileManager.default.fileExists(atPath: out))
        try fixtures.write("empty.jsonl", "{\"gesturectl\": 1}\n")
        let empty = runInProcess(["view", fixtures.path("empty.jsonl"), "-o", out])
        #expect(empty.status == 65)
        #expect(empty.stderr == fixtures.path("empty.jsonl") + ":1:1: error: the trace has no samples: an empty recording is usually a failed one\n")
        #expect(!FileManager.default.fileExists(atPath: out))
        let missing = runInProcess(["view", fixtures.path("none.jsonl")])
        #expect(missing.status == 66)
        #expect(missing.stdout == "")
    }

    @Test func aNameCannotCloseTheScript() throws {
        let scene = #"{"gesturectl-scene": 1, "views": [{"name": "a</script><b>", "frame": [0, 0, 390, 844]}], "recognizers": [{"name": "t</script>", "kind": "tap", "view": "a</script><b>"}]}"#
        let fixtures = try Fixtures(["scene.json": scene, "tap.jsonl": TraceText.tap])
        let page = runInProcess(["view", "--scene", fixtures.path("scene.json"), fixtures.path("tap.jsonl")]).stdout
        #expect(page.components(separatedBy: "</script>").count == 3)
        let data = try Self.data(of: page)
        #expect((data["lanes"] as? [[String: String]])?.first?["name"] == "t</script>")
    }

    /// The page grows linearly with the trace: twice the samples, about twice the bytes.
    @Test func sizeIsLinearInTheTrace() throws {
        func page(seconds: Double) throws -> Int {
            let fixtures = try Fixtures()
            let trace = fixtures.path("pan.jsonl")
            let synth = runInProcess(["synth", "pan", "--duration", "\(seconds)", "--rate", "120", "-o", trace])
            try #require(synth.status == 0, "\(synth)")
            return runInProcess(["view", trace]).stdout.utf8.count
        }
        let small = try page(seconds: 10)
        let large = try page(seconds: 20)
        let ratio = Double(large) / Double(small)
        #expect(ratio > 1.8 && ratio < 2.1, "10 s: \(small) bytes, 20 s: \(large) bytes")
    }
}
