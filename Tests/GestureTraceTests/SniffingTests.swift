import GestureKit
import Testing
@testable import GestureTrace

/// Standard input and unknown extensions: the encoding comes from the first bytes.
@Suite struct SniffingTests {
    static let cases: [(text: String, encoding: TraceEncoding)] = [
        ("[]", .json),
        ("  \n\t[{\"t\": 0, \"type\": \"remoteControl\", \"subtype\": \"play\"}]", .json),
        ("{\n  \"samples\": []\n}", .json),
        (#"{"gesturectl": 1, "samples": []}"#, .json),
        (#"{"scene": {"samples": 1, "x": "\"samples\""}, "samples": []}"#, .json),
        (#"{"scene": {"views": []}, "samples": []}"#, .json),
        ("\u{FEFF}{\"samples\": []}", .json),
        (#"{"t": 0, "id": "samples", "phase": "began", "x": 1, "y": 2}"# + "\n", .jsonl),
        (#"{"t": 0, "id": 1, "phase": "began", "x": 1, "y": 2}"#, .jsonl),
        (#"{"gesturectl": 1, "screen": {"width": 1, "height": 2}}"# + "\n" + #"{"t": 0, "type": "remoteControl", "subtype": "play"}"#, .jsonl),
        ("\r\n\r\n{\"scene\": \"s.json\"}\r\n", .jsonl),
        // Cut short inside the first object: a sample's first key means a JSON Lines record.
        (#"{"t":0,"#, .jsonl),
        (#"{"t":0,"id":1,"phase":"be"#, .jsonl),
        (#"{"phase"#, .json),
        (#"{"screen":{"width":1"#, .json),
        (#"{"samples":[{"t":0"#, .json),
        ("{", .json),
        ("t,id,phase,x,y\n0,1,began,1,2\n", .csv),
        ("# screen: 390x844\nt,id,phase,x,y\n", .csv),
        ("\u{FEFF}t\n", .csv),
        ("", .csv),
    ]

    @Test(arguments: cases)
    func choosesTheEncoding(text: String, encoding: TraceEncoding) throws {
        #expect(TraceReader(bytes: Array(text.utf8), name: "-").encoding == encoding)
        for chunkSize in [1, 2, 5] {
            let reader = try TraceReader(
                source: MemorySource(Array(text.utf8), seekable: false), name: "<stdin>", encoding: nil,
                chunkSize: chunkSize)
            #expect(reader.encoding == encoding)
        }
    }

    /// Sniffing consumes nothing: the sniffed input reads exactly as with the encoding given.
    @Test(arguments: [documentFixture, jsonLinesFixture, csvFixture])
    func sniffedInputReadsCompletely(text: String) throws {
        let result = try read(text, as: nil, chunkSize: 3, seekable: false)
        #expect(result.samples == fixtureSamples)
    }

    @Test func encodingsByExtension() {
        #expect(TraceEncoding(pathExtensionOf: "a/b.json") == .json)
        #expect(TraceEncoding(pathExtensionOf: "b.JSON") == .json)
        #expect(TraceEncoding(pathExtensionOf: "b.jsonl") == .jsonl)
        #expect(TraceEncoding(pathExtensionOf: "dir.d/b.ndjson") == .jsonl)
        #expect(TraceEncoding(pathExtensionOf: "b.csv") == .csv)
        #expect(TraceEncoding(pathExtensionOf: "b.txt") == nil)
        #expect(TraceEncoding(pathExtensionOf: "dir.json/b") == nil)
        #expect(TraceEncoding(pathExtensionOf: ".json") == nil)
        #expect(TraceEncoding(pathExtensionOf: "-") == nil)
        #expect(TraceEncoding.allCases.map(\.rawValue) == ["json", "jsonl", "csv"])
    }

    /// Paths read by their ASCII bytes and paths read as `String`s (a non-ASCII last component) name the same
    /// encodings, case-insensitively, from the last dot of the last component.
    @Test(arguments: [
        ("a/B.Csv", TraceEncoding.csv), ("a/b.NdJsOn", .jsonl), ("x.csv.json", .json), ("x.json.csv", .csv),
        ("a/.csv", nil), ("a/", nil), ("", nil), ("a.", nil), ("a.jso", nil), ("a.jsonll", nil), ("a/b.json/", nil),
        ("été/b.csv", .csv), ("a/été.jsonl", .jsonl), ("a/b.jsön", nil), ("a/\u{0600}/b.json", .json),
        ("a/b.json\u{301}", nil), ("a/.\u{301}json", nil), ("\u{0600}.json", nil), ("a/b.\u{212A}sv", nil),
    ] as [(String, TraceEncoding?)])
    func encodingsByExtensionOfAnyPath(path: String, encoding: TraceEncoding?) {
        #expect(TraceEncoding(pathExtensionOf: path) == encoding)
    }
}
