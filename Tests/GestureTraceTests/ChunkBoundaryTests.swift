import GestureKit
import Testing
@testable import GestureTrace

/// Every result must be the same whatever the chunk size (so whatever falls on a chunk boundary: a
/// multi-byte character, an escape, a number, a CRLF) and whether the source can seek.
@Suite struct ChunkBoundaryTests {
    /// The outcome of reading, comparable: the result, or the error's description.
    enum Outcome: Equatable {
        case read(ReadResult)
        case failed(String)
    }

    static func outcome(_ bytes: [UInt8], _ encoding: TraceEncoding?, chunkSize: Int, seekable: Bool = true)
        -> Outcome
    {
        do {
            return .read(try read(bytes: bytes, as: encoding, name: "f", chunkSize: chunkSize, seekable: seekable))
        } catch {
            return .failed(error.description)
        }
    }

    static let unicodeDocument = """
        {"x-é😀": "é😀\\u00e9\\ud83d\\ude00", "samples": [
          {"t": 1.5e-3, "id": "é😀", "phase": "began", "x": 0.1, "y": 123456789.123456789},
          {"t": 2, "id": "é😀", "phase": "moved", "x": -0, "y": 1E+2, "x-😀": [true, false, null, {"é": "\\""}]}
        ], "screen": {"width": 390, "height": 844}, "scene": {"name": "é"}}
        """

    static let fixtures: [(name: String, text: String, encoding: TraceEncoding)] = [
        ("document", documentFixture, .json),
        ("json lines", jsonLinesFixture, .jsonl),
        ("csv", csvFixture, .csv),
        ("csv with CRLF", csvFixture.replacingOccurrences(of: "\n", with: "\r\n"), .csv),
        ("unicode document", unicodeDocument, .json),
        ("unicode error", "{\"samples\": [{\"t\": 0, \"x-é😀\": \"é😀\", \"id\": \"é😀\", \"phase\": \"moved\", \"x\": 1, \"y\": 2}]}", .json),
        ("unicode csv error", "t,id,phase,x,y\r\n0,é😀,began,1,2\r\n0,\"é😀\",moved,1,2\r\n", .csv),
        ("error after the samples", unicodeDocument.replacingOccurrences(of: "\"height\"", with: "\"heigth\""), .json),
    ]

    @Test(arguments: fixtures.map(\.name))
    func resultsDoNotDependOnTheChunkSize(name: String) throws {
        let fixture = try #require(Self.fixtures.first { $0.name == name })
        let bytes = Array(fixture.text.utf8)
        let reference = Self.outcome(bytes, fixture.encoding, chunkSize: 1 << 16)
        for chunkSize in 1...7 {
            for seekable in [true, false] {
                let outcome = Self.outcome(bytes, fixture.encoding, chunkSize: chunkSize, seekable: seekable)
                #expect(outcome == reference, "chunk size \(chunkSize), seekable \(seekable)")
            }
        }
        for chunkSize in [1, 3] {
            #expect(Self.outcome(bytes, nil, chunkSize: chunkSize) == reference, "sniffed, chunk size \(chunkSize)")
        }
    }

    @Test func theUnicodeDocumentReadsExactly() throws {
        let result = try read(Self.unicodeDocument, as: .json, chunkSize: 3)
        #expect(result.samples == [
            .touch(0.0015, id: .name("é😀"), .began, x: 0.1, y: 123456789.123456789),
            .touch(2, id: .name("é😀"), .moved, x: -0.0, y: 100),
        ])
        #expect(result.header.screen == Size(width: 390, height: 844))
        #expect(
            Self.outcome(Array(Self.fixtures[5].text.utf8), .json, chunkSize: 2)
                == .failed(#"f:1:43: error: touch "é😀" "moved" but it is not down"#))
        #expect(
            Self.outcome(Array(Self.fixtures[6].text.utf8), .csv, chunkSize: 2)
                == .failed("f:3:3: error: touch \"é😀\" appears twice in the event at t=0"))
        #expect(
            Self.outcome(Array(Self.fixtures[7].text.utf8), .json, chunkSize: 2)
                == .failed(#"f:4:29: error: unknown key "heigth" in "screen" (expected "width" and "height")"#))
    }

    /// Random damage to the fixtures: never a crash, and the same outcome for every chunk size.
    @Test func damagedInputsGiveTheSameOutcomeForEveryChunkSize() {
        var random = SplitMix64(seed: 0x5EED)
        let alphabet = Array("{}[]\",:0123456789.-+eExtiyd \n\r\\#é".utf8) + [0, 0xFF, 0xC3]
        for round in 0..<300 {
            let fixture = Self.fixtures[Int(random.next() % UInt64(Self.fixtures.count))]
            var bytes = Array(fixture.text.utf8)
            for _ in 0...(random.next() % 3) {
                let index = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 3 {
                case 0: bytes[index] = alphabet[Int(random.next() % UInt64(alphabet.count))]
                case 1: bytes.remove(at: index)
                default: bytes.insert(alphabet[Int(random.next() % UInt64(alphabet.count))], at: index)
                }
            }
            let reference = Self.outcome(bytes, fixture.encoding, chunkSize: 1 << 16)
            let chunkSize = 1 + round % 5
            #expect(
                Self.outcome(bytes, fixture.encoding, chunkSize: chunkSize, seekable: round % 2 == 0) == reference,
                "round \(round), chunk size \(chunkSize): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
    }
}
