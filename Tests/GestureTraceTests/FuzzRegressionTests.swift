import GestureKit
import Testing

@testable import GestureTrace

/// Regressions found by fuzzing and by the hostile-input catalogue (docs/reliability.md): each input
/// once crashed, hung or was accepted wrongly, and is now handled.
@Suite struct FuzzRegressionTests {}

extension FuzzRegressionTests {
    /// Thousands of touches down at once made the engine quadratic in them (16,000 took 35 s in a release
    /// build, a million would take days): more than 256 down at once is now an error, in every encoding.
    @Test func atMost256TouchesDownAtOnce() throws {
        let limit = SampleValidator.maximumTouchesDown
        #expect(limit == 256)
        var csv = "t,id,phase,x,y\n"
        for i in 0..<limit { csv += "0,\(i),began,1,2\n" }
        // Exactly the limit is fine, and lifting one makes room for another.
        let full = try read(csv + "1,0,ended,1,2\n1,\(limit),began,1,2\n", as: .csv)
        #expect(full.samples.count == limit + 2)
        // One more is an error at its id.
        #expect(
            firstError(csv + "0,\(limit),began,1,2\n", as: .csv, name: "many.csv")
                == "many.csv:\(limit + 2):3: error: touch \(limit) \"began\" while 256 touches are down: at most 256 may be down at once")
        // The same in JSON Lines and in a JSON document, and a million ids fail as fast as 257.
        var lines = ""
        for i in 0...1_000 { lines += #"{"t": 0, "id": "f\#(i)", "phase": "began", "x": 1, "y": 2}"# + "\n" }
        #expect(firstError(lines, as: .jsonl, name: "many.jsonl")?.hasPrefix("many.jsonl:257:16: error: touch \"f256\" \"began\" while 256") == true)
        let document = "[" + lines.split(separator: "\n").joined(separator: ",") + "]"
        #expect(firstError(document, as: .json, name: "many.json")?.contains("error: touch \"f256\" \"began\" while 256 touches are down") == true)
        // Touches that end make room again.
        var cycling = "t,id,phase,x,y\n"
        for round in 0..<3 {
            for i in 0..<limit { cycling += "\(2 * round),\(i),began,1,2\n" }
            for i in 0..<limit { cycling += "\(2 * round + 1),\(i),ended,1,2\n" }
        }
        #expect(try read(cycling, as: .csv).samples.count == 6 * limit)
    }
}

extension FuzzRegressionTests {
    /// Found by FuzzJSONLines: `{"screen":{"width":390,"height":8441e-320}}` reads, but the CSV that
    /// TraceWriter wrote for it did not read back. Its `# screen:` directive spells the subnormal height in
    /// plain decimal, 330 characters, and the CSV reader kept only 256 characters of a comment. Any
    /// screen that reads must survive conversion to every encoding.
    @Test(arguments: [
        Size(width: 390, height: Double("8441e-320")!), Size(width: .leastNonzeroMagnitude, height: .greatestFiniteMagnitude),
        Size(width: 1e300, height: .leastNormalMagnitude), Size(width: 0.1 + 0.2, height: 844),
    ])
    func everyScreenThatReadsSurvivesConversion(screen: Size) throws {
        let crash = #"{"screen":{"width":390,"height":8441e-320}}"# + "\n\n"
        #expect(try read(crash, as: .jsonl).header.screen == Size(width: 390, height: Double("8441e-320")!))
        let samples = [touch(0, 1, .began, 1, 2), touch(0.5, 1, .ended, 1, 2)]
        for encoding in TraceEncoding.allCases {
            let text = try TraceWriter.write(samples, header: TraceHeader(version: 1, screen: screen), as: encoding)
            let back = try read(text, as: encoding)
            #expect(back.header.screen == screen, "\(encoding): \(text.prefix(200))")
            #expect(back.samples == samples)
        }
    }
}
