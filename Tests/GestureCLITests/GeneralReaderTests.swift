import Foundation
import Testing

/// `GESTURECTL_READER=general` reads traces with the general reader alone (no fast paths, every number
/// converted): the benchmark's reference for "speed never changes results". The built binary must print the
/// same bytes, messages and status either way.
@Suite struct GeneralReaderTests {
    static let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("traces")

    /// The traces at the top of traces/, in the three encodings.
    static func topLevelTraces() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: traces.path).filter { name in
            !name.contains(".expected.") && [".json", ".jsonl", ".csv"].contains { name.hasSuffix($0) }
        }.sorted().map { traces.appendingPathComponent($0).path }
    }

    @Test func tracesReadTheSameWithoutTheFastPaths() throws {
        let files = try Self.topLevelTraces()
        #expect(files.count >= 18)
        // A long synthesized trace (the fast paths need their lookahead), and one cut in the middle of a record.
        let fixtures = try Fixtures([:])
        let synthesized = fixtures.path("long.jsonl")
        let synth = try Binary.run(
            ["synth", "pan", "--jitter", "0.4", "--seed", "7", "--duration", "3", "--output", synthesized])
        #expect(synth.status == 0, "\(synth.stderr)")
        let text = try String(contentsOfFile: synthesized, encoding: .utf8)
        let cut = fixtures.path("cut.jsonl")
        try String(text.prefix(text.count * 2 / 3)).write(toFile: cut, atomically: true, encoding: .utf8)
        for file in files + [synthesized, cut] {
            for arguments in [["analyze", "--format", "jsonl", "--deliveries", file], ["validate", file]] {
                let fast = try Binary.run(arguments)
                let general = try Binary.run(arguments, variables: ["GESTURECTL_READER": "general"])
                #expect(fast.status == general.status, "\(arguments)")
                #expect(fast.stdout == general.stdout, "\(arguments)")
                #expect(fast.stderr == general.stderr, "\(arguments)")
            }
        }
    }
}
