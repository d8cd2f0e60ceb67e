import Foundation
import GestureKit
import Testing

@testable import GestureTrace

/// `TraceWriter`: every encoding reads back as the same samples, and a JSON → CSV → JSON Lines → JSON
/// cycle gives the same bytes, on the corpus and on every optional key.
@Suite struct TraceWriterTests {}

/// Paths of the package and of the fixtures, from this file's place in it.
enum RecordingPaths {
    /// The package root.
    static var package: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// A file of Tests/Fixtures/recordings.
    static func fixture(_ name: String) -> URL {
        package.appendingPathComponent("Tests/Fixtures/recordings").appendingPathComponent(name)
    }

    /// The shared real recordings (`GESTURECTL_RECORDINGS`, else ../shared/data/recordings), nil when absent.
    static var shared: URL? {
        let environment = ProcessInfo.processInfo.environment["GESTURECTL_RECORDINGS"]
        let url =
            environment.map { URL(fileURLWithPath: $0) }
            ?? package.deletingLastPathComponent().appendingPathComponent("shared/data/recordings")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
        return url
    }

    /// The bytes of a file.
    static func bytes(_ url: URL) throws -> [UInt8] { Array(try Data(contentsOf: url)) }
}

/// Samples with every optional key and every kind of sample.
enum WriterSamples {
    static let all: [Sample] = [
        .touch(0, id: .number(1), .began, x: 100, y: 200, force: 0.5, radius: 7.25),
        .touch(0, id: .name("thumb"), .began, x: 150.125, y: 210),
        .touch(0.008333333333333333, id: .number(1), .moved, x: 101.5, y: 199.99999999999997, force: 0.75),
        .touch(0.008333333333333333, id: .name("thumb"), .stationary, x: 150.125, y: 210, radius: 0),
        Sample(t: 0.01, kind: .motion(phase: .began, subtype: .shake)),
        Sample(t: 0.02, kind: .remoteControl(subtype: .togglePlayPause)),
        Sample(t: 0.03, kind: .application(subtype: .beginIgnoringInteractionEvents)),
        .touch(0.04, id: .name("a, \"quoted\" id"), .began, x: 1e-7, y: 843.9999),
        Sample(t: 0.05, kind: .application(subtype: .endIgnoringInteractionEvents)),
        .touch(0.3, id: .name("thumb"), .cancelled, x: 150, y: 211),
        .touch(0.3, id: .name("a, \"quoted\" id"), .ended, x: 0, y: 844),
        .touch(0.1 + 0.2, id: .number(1), .ended, x: 102, y: 198),
        Sample(t: 1e21, kind: .motion(phase: .ended, subtype: .shake)),
    ]
}

extension TraceWriterTests {
    @Test(arguments: TraceEncoding.allCases)
    func everyEncodingReadsBackTheSameSamples(_ encoding: TraceEncoding) throws {
        let header = TraceHeader(version: 1, screen: Size(width: 320.5, height: 568))
        let text = try TraceWriter.write(WriterSamples.all, header: header, as: encoding)
        let result = try read(text, as: encoding)
        #expect(result.samples == WriterSamples.all)
        #expect(result.header.screen == Size(width: 320.5, height: 568))
        #expect(result.warnings.isEmpty)
    }

    @Test func cycleThroughTheEncodingsIsByteIdentical() throws {
        let header = TraceHeader(version: 1, screen: .defaultScreen)
        let json = try TraceWriter.write(WriterSamples.all, header: header, as: .json)
        let csv = try TraceWriter.write(try read(json, as: .json).samples, header: header, as: .csv)
        let jsonl = try TraceWriter.write(try read(csv, as: .csv).samples, header: header, as: .jsonl)
        let back = try read(jsonl, as: .jsonl)
        #expect(try TraceWriter.write(back.samples, header: back.header, as: .json) == json)
    }

    @Test func corpusCyclesBackToTheSameBytes() throws {
        let directory = RecordingPaths.package.appendingPathComponent("traces")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(!names.isEmpty)
        for name in names {
            let original = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            let first = try read(original, as: .json)
            let canonical = try TraceWriter.write(first.samples, header: first.header, as: .json)
            let csv = try TraceWriter.write(first.samples, header: first.header, as: .csv)
            let fromCSV = try read(csv, as: .csv)
            #expect(fromCSV.samples == first.samples, "\(name)")
            let jsonl = try TraceWriter.write(fromCSV.samples, header: fromCSV.header, as: .jsonl)
            let fromJSONL = try read(jsonl, as: .jsonl)
            #expect(try TraceWriter.write(fromJSONL.samples, header: fromJSONL.header, as: .json) == canonical, "\(name)")
        }
    }

    @Test func starterCorpusIsAlreadyCanonical() throws {
        // The starter traces were written in the writer's layout: converting them changes no byte.
        let directory = RecordingPaths.package.appendingPathComponent("traces")
        for name in ["tap", "double-tap", "long-press", "pan-fast", "pan-slow", "two-finger-pan"] {
            let url = directory.appendingPathComponent(name + ".json")
            guard let original = try? String(contentsOf: url, encoding: .utf8) else { continue }
            let first = try read(original, as: .json)
            #expect(try TraceWriter.write(first.samples, header: first.header, as: .json) == original, "\(name)")
        }
    }

    @Test func layoutOfEachEncoding() throws {
        let samples: [Sample] = [.touch(0, id: .number(1), .began, x: 100, y: 200), .touch(0.5, id: .number(1), .ended, x: 100.5, y: 200)]
        let header = TraceHeader(screen: Size(width: 390, height: 844))
        #expect(try TraceWriter.write(samples, header: header, as: .jsonl) == """
            {"gesturectl":1,"screen":{"width":390,"height":844}}
            {"t":0,"id":1,"phase":"began","x":100,"y":200}
            {"t":0.5,"id":1,"phase":"ended","x":100.5,"y":200}

            """)
        #expect(try TraceWriter.write(samples, header: header, as: .csv) == """
            # screen: 390x844
            t,id,phase,x,y
            0,1,began,100,200
            0.5,1,ended,100.5,200

            """)
        #expect(try TraceWriter.write([], header: TraceHeader(), as: .json) == """
            {
              "gesturectl": 1,
              "screen": {"width": 390, "height": 844},
              "samples": []
            }

            """)
    }

    @Test func sceneIsKeptInJSONAndJSONLines() throws {
        let text = """
            {"gesturectl": 1, "scene": {"views": [{"name": "card", "frame": [0, 0, 1e2, 50.50]}]}, "samples": []}
            """
        let header = try read(text, as: .json).header
        let jsonl = try TraceWriter.write([], header: header, as: .jsonl)
        #expect(jsonl == #"{"gesturectl":1,"screen":{"width":390,"height":844},"scene":{"views":[{"name":"card","frame":[0,0,1e2,50.50]}]}}"# + "\n")
        #expect(try read(jsonl, as: .jsonl).header.scene != nil)
        let path = TraceHeader(scene: .path("scenes/cards.json", SourcePosition(line: 1, column: 1)))
        #expect(try TraceWriter.write([], header: path, as: .json).contains(#""scene": "scenes/cards.json","#))
    }

    @Test(arguments: ["12", "-3", "1.5", "1e5", "", "tab\u{01}"])
    func csvRefusesStringIDsItCannotHold(_ id: String) {
        let samples: [Sample] = [.touch(0, id: .name(id), .began, x: 1, y: 1)]
        #expect(throws: TraceWriteError.idNotWritableInCSV(id: id, sampleIndex: 0)) {
            try TraceWriter.write(samples, header: TraceHeader(), as: .csv)
        }
        #expect((try? TraceWriter.write(samples, header: TraceHeader(), as: .jsonl)) != nil)
    }

    @Test(arguments: [
        0.1 + 0.2, 1e-7, 1e21, 123456789012345680, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -0.5, 2.5e-10, 9007199254740994, 0.000123,
    ])
    func numbersAreShortestPlainAndExact(_ value: Double) {
        let text = TraceNumber.string(value)
        #expect(!text.contains("e") && !text.contains("E"))
        guard case .value(let back, _) = NumberParser.parse(Array(text.utf8)) else {
            Issue.record("\(text) does not parse")
            return
        }
        #expect(back == value, "\(text)")
    }

    @Test func numberSpellings() {
        #expect(TraceNumber.string(-0.0) == "0")
        #expect(TraceNumber.string(0.1 + 0.2) == "0.30000000000000004")
        #expect(TraceNumber.string(1e-7) == "0.0000001")
        #expect(TraceNumber.string(1e21) == "1000000000000000000000")
        #expect(TraceNumber.string(195.3333) == "195.3333")
        #expect(TraceNumber.string(-42) == "-42")
    }
}
