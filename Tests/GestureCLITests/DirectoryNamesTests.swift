import Foundation
import GestureTrace
import Testing

@testable import GestureCLI

/// Discovery sorts out a directory's names as bytes (``DirectoryNames``, ``GoldenNaming/kind(ofName:)``):
/// the same traces, orphans, hidden files and order as the `String` rules give.
@Suite struct DirectoryNamesTests {
    static let names = [
        "tap.json", "tap.jsonl", "tap.ndjson", "tap.csv", "TAP.JSON", "a.b.csv", "trace.expected.json", "x.Actions", ".actions", "a.actions",
        "tap.jsonl.expected.jsonl", "tap.jsonl.actual.jsonl", "T.ACTUAL.JSONL", "A.EXPECTED.JSONL", ".expected.jsonl", "expected.jsonl",
        "scene.json", "Scene.JSON", "scenes.json", "gesturectl-check.json", "GESTURECTL-CHECK.JSON", "gesturectl-check.jsonl",
        ".hidden.json", ".json", "json", "a.", "a.js", "a.jsonll", "a.csvx", "tap.txt", "README.md", "a\r\nb.csv", "a.expected.jsonl\r\n",
        "é.json", "e\u{301}.json", "\u{301}.json", ".\u{301}x.json", "\u{212A}.json", "gesturectl-chec\u{212A}.json", "é.json.expected.jsonl",
        "x.json\u{301}", "\u{1F600}.csv", "a.JsOnL", "b.NDJSON", "c.Csv",
    ]

    /// The byte rules give what ``GoldenNaming/isGolden(_:)``, ``GoldenNaming/isActual(_:)``,
    /// ``GoldenNaming/isTrace(_:)`` and `hasPrefix(".")` give of the name as a `String`.
    @Test(arguments: names)
    func namesAreSortedOutAsTheStringRulesSortThem(name: String) {
        var text = name
        var none: [(word: UInt64, isTrace: Bool)] = []
        var all: [(word: UInt64, isTrace: Bool)] = []
        // Every other name's extension known first, then none: the same answer.
        for other in Self.names {
            var other = other
            _ = other.withUTF8 { GoldenNaming.kind(ofName: UnsafeRawBufferPointer($0), extensions: &all) }
        }
        let (kind, hidden, again) = text.withUTF8 { bytes in
            (
                GoldenNaming.kind(ofName: UnsafeRawBufferPointer(bytes), extensions: &none), GoldenNaming.isHidden(UnsafeRawBufferPointer(bytes)),
                GoldenNaming.kind(ofName: UnsafeRawBufferPointer(bytes), extensions: &all)
            )
        }
        #expect(again == kind)
        let expected: GoldenNaming.NameKind =
            GoldenNaming.isGolden(name) ? .golden : GoldenNaming.isActual(name) ? .actual : GoldenNaming.isTrace(name) ? .trace : .other
        #expect(kind == expected)
        #expect(hidden == name.hasPrefix("."))
    }

    /// A directory's names read back as the `String`s `readdir` gives, `.` and `..` left out.
    @Test func aDirectorysNamesReadBack() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("names-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let written = ["a.json", "é.json", "e\u{301}.json", ".hidden", "\u{1F600}.csv", String(repeating: "x", count: 200) + ".jsonl"]
        for name in written { #expect(FileManager.default.createFile(atPath: directory + "/" + name, contents: Data())) }
        try FileManager.default.createDirectory(atPath: directory + "/sub", withIntermediateDirectories: false)
        let names = try DirectoryNames(inDirectory: directory)
        let read = (0..<names.count).map(names.name)
        #expect(Set(read.map { Array($0.utf8) }) == Set((written + ["sub"]).map { Array($0.utf8) }))
        #expect(names.entries.filter { $0.kind == .directory }.count == 1)
        #expect(throws: TraceError.self) { try DirectoryNames(inDirectory: directory + "/none") }
    }

    /// Only a golden file named exactly after a trace of its directory is that trace's; one whose
    /// suffix is in capitals, or that names no trace, or the trace of another extension, is an orphan.
    /// Traces and orphans come out sorted by their bytes whatever the order of the listing.
    @Test func orphansAndOrderFromTheBytes() throws {
        let corpus = try CheckCorpus(goldens: false)
        let traces = ["b.jsonl", "a.json", "B.csv", "é.json", "e\u{301}.json", "10.jsonl", "9.jsonl", "a.jsonl"]
        for name in traces { try corpus.write("t/" + name, TraceText.tap) }
        let goldens = [
            "b.jsonl.expected.jsonl", "a.json.EXPECTED.JSONL", "é.json.expected.jsonl", "gone.json.expected.jsonl", "a.expected.jsonl",
            "10.jsonl.expected.jsonl", "e\u{301}.jsonl.expected.jsonl", ".hidden.json.expected.jsonl",
        ]
        for name in goldens { try corpus.write("t/" + name, "") }
        try corpus.write("t/.hidden.json", TraceText.tap)
        let discovery = TraceDiscovery([TraceDiscovery.Entry(path: corpus.path("t"), named: true)])
        let sortedTraces = traces.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        #expect(discovery.targets.map { Array($0.trace.utf8) } == sortedTraces.map { Array(corpus.path("t/" + $0).utf8) })
        let orphans = ["a.json.EXPECTED.JSONL", "gone.json.expected.jsonl", "a.expected.jsonl", "e\u{301}.jsonl.expected.jsonl"]
        #expect(
            discovery.orphans.map { Array($0.utf8) }
                == orphans.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { Array(corpus.path("t/" + $0).utf8) })
        #expect(discovery.targets.map(\.directory) == Array(repeating: corpus.path("t"), count: traces.count))
    }

    /// Sorting by bytes gives the order of comparing whole keys, for keys given as buffers.
    @Test func orderOfKeys() {
        let keys = ["b", "a/b.json", "a", "", "Z.json", "é.json", "e\u{301}.json", "z.json", "a.json", "a/", "ab", "aaaaaaaaaaaaaaaaaaaaab", "aaaaaaaaaaaaaaaaaaaaa"]
        let bytes = keys.map { Array($0.utf8) }
        var buffers: [UnsafeMutableRawBufferPointer] = []
        defer { for buffer in buffers { buffer.deallocate() } }
        for key in bytes {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: key.count, alignment: 1)
            buffer.copyBytes(from: key)
            buffers.append(buffer)
        }
        let order = ByteOrder.order(of: buffers.map { UnsafeRawBufferPointer($0) })
        #expect(order.map { bytes[$0] } == bytes.sorted { $0.lexicographicallyPrecedes($1) })
        // Found again by the same integers; keys that are not there (prefixes, longer, other shared
        // prefixes, past either end) are not.
        for count in [0, 1, 2, keys.count] {
            let some = Array(buffers.prefix(count)).map { UnsafeRawBufferPointer($0) }
            let sorted = ByteOrder.SortedKeys(some)
            #expect(sorted.keys.map { Array($0) } == some.map { Array($0) }.sorted { $0.lexicographicallyPrecedes($1) })
            for probe in keys + ["aa", "aaaaaaaaaaaaaaaaaaaaa0", "aaaaaaaaaaaaaaaaaaaaabc", "zz", "\u{0}", "0", "a/b.jso", "é.json.x"] {
                var probe = probe
                let found = probe.withUTF8 { sorted.contains(UnsafeRawBufferPointer($0)) }
                #expect(found == some.contains { Array($0) == Array(probe.utf8) }, "\(probe) among \(count)")
            }
        }
    }

    /// A trace is taken once however often and however it is named, before or after its directory is
    /// searched, and shows as it was first named.
    @Test func eachTraceOnceAsFirstNamed() throws {
        let corpus = try CheckCorpus(goldens: false)
        for name in ["a.json", "b.jsonl", "c.csv", "sub/d.jsonl"] { try corpus.write("t/" + name, TraceText.tap) }
        let t = corpus.path("t")
        let entries = [
            (t + "/b.jsonl", true), (t, true), (t + "/../t/c.csv", true), (t + "/sub/../a.json", false), (t + "/sub", true), (t + "//sub/d.jsonl", true),
        ].map { TraceDiscovery.Entry(path: $0.0, named: $0.1) }
        let discovery = TraceDiscovery(entries)
        #expect(discovery.targets.map(\.trace) == [t + "/a.json", t + "/b.jsonl", t + "/c.csv", t + "/sub/d.jsonl"])
        let later = TraceDiscovery([TraceDiscovery.Entry(path: t + "/sub/../b.jsonl", named: true), TraceDiscovery.Entry(path: t, named: true)])
        #expect(later.targets.map(\.trace) == [t + "/a.json", t + "/c.csv", t + "/sub/../b.jsonl", t + "/sub/d.jsonl"])
    }
}
