import GestureKit
import Testing
@testable import GestureTrace

/// Input made to hurt: errors, never crashes, in bounded memory.
@Suite struct HostileInputTests {
    @Test func longStringsAreCut() {
        let long = String(repeating: "a", count: (1 << 20) + 1)
        #expect(
            firstError(#"[{"t": 0, "x-s": ""# + long + #""}]"#, as: .json, name: "h.json")
                == "h.json:1:18: error: string longer than 1048576 bytes")
        #expect(
            firstError("t,x-s\n0," + long + "\n", as: .csv, name: "h.csv")
                == "h.csv:2:3: error: field longer than 1048576 bytes")
        #expect(
            firstError("[{\"t\": " + String(repeating: "1", count: 5000) + "}]", as: .json, name: "h.json")
                == "h.json:1:8: error: number longer than 4096 characters")
    }

    @Test func deepNestingInExtensionDataIsAnError() {
        let deep = String(repeating: "[", count: 200_000)
        #expect(
            firstError("{\"t\": 0, \"x-deep\": \(deep)", as: .jsonl, name: "h.jsonl")
                == "h.jsonl:1:532: error: nesting deeper than 512 levels")
        let deepObjects = String(repeating: "{\"a\":", count: 100_000)
        #expect(firstError("{\"scene\": \(deepObjects)", as: .jsonl, name: "h.jsonl") == "h.jsonl:1:2571: error: nesting deeper than 512 levels")
    }

    /// A line of several megabytes of extension data streams through the small buffer.
    @Test func longLinesStream() throws {
        let many = Array(repeating: "[1.5e3, \"é\", {\"k\": null}]", count: 150_000).joined(separator: ",")
        let line = #"{"t": 0, "id": 1, "phase": "began", "x": 1, "y": 2, "x-data": ["# + many + "]}\n"
        let result = try read(line, as: .jsonl)
        #expect(result.samples == [touch(0, 1, .began, 1, 2)])
    }

    @Test func nulBytesAreErrors() {
        #expect(
            firstError(bytes: [0x7B, 0x22, 0x74, 0x22, 0x3A, 0x00], as: .jsonl, name: "h.jsonl")
                == "h.jsonl:1:6: error: expected a value, found U+0000")
        #expect(
            firstError(bytes: [0x5B, 0x7B, 0x22, 0x00, 0x22], as: .json, name: "h.json")
                == "h.json:1:4: error: control character U+0000 in string (write it as \\u0000)")
        #expect(
            firstError(bytes: Array("t\n".utf8) + [0x00], as: .csv, name: "h.csv")
                == "h.csv:2:1: error: control character U+0000 in a field")
    }

    @Test func randomBytesNeverCrash() {
        var random = SplitMix64(seed: 7)
        for round in 0..<500 {
            let count = Int(random.next() % 200)
            var bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            if round % 2 == 0, !bytes.isEmpty { bytes[0] = round % 4 == 0 ? 0x7B : 0x5B }
            for encoding in TraceEncoding.allCases {
                _ = firstError(bytes: bytes, as: encoding, name: "r", chunkSize: 1 + round % 4)
            }
            _ = try? parseJSON(bytes: bytes, file: "r")
        }
    }
}
