import Foundation
import GestureTrace
import Testing

@testable import GestureCLI

/// What `check` does around the analysis proper, done with fewer system calls and less copying:
/// paths split and joined by their bytes, traces found in order, golden files read whole, and the
/// sinks its workers reuse.
@Suite struct CheckInputOutputTests {
    /// The path functions as they were written on `Character`s.
    static func referenceDirectory(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func referenceFileName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// The last `/` byte is the last `/` character unless a neighbour joins it into a larger one: a
    /// combining accent after it, a prepended mark (U+0600) before it.
    @Test(arguments: [
        "a.json", "/a.json", "x/y/a.json", "/", "x/", "é/ü.json", "e\u{301}/a.json", "x/\u{301}a.json", "x/y/\u{301}", "x\u{600}/a.json",
        "\u{600}/", "a/b\u{301}/c/\u{301}d.json", "\r/\n", "x/\u{1F600}.csv",
    ])
    func pathsSplitAsCharactersSplitThem(path: String) {
        #expect(Array(CheckPath.directory(of: path).utf8) == Array(Self.referenceDirectory(path).utf8))
        #expect(Array(CheckPath.fileName(of: path).utf8) == Array(Self.referenceFileName(path).utf8))
    }

    /// A target's golden and actual paths, made from its trace's path when asked for, are the
    /// trace's directory joined with the golden and actual names.
    @Test func goldenAndActualPathsBesideTheTrace() {
        for directory in [".", "/", "x", "/work/corpus", "é"] {
            for name in ["a.json", "e\u{301}.csv", "\u{301}x.jsonl"] {
                let target = CheckTarget(trace: CheckPath.join(directory, name))
                #expect(Array(target.golden.utf8) == Array(CheckPath.join(directory, name + GoldenNaming.goldenSuffix).utf8))
                #expect(Array(target.actual.utf8) == Array(CheckPath.join(directory, name + GoldenNaming.actualSuffix).utf8))
                #expect(Array(target.directory.utf8) == Array(CheckPath.directory(of: target.trace).utf8))
            }
        }
        #expect(CheckPath.concatenated("a", "/", "b", ".c") == "a/b.c")
        #expect(CheckPath.concatenated("", "", "") == "")
    }

    /// Traces in subdirectories are found after the traces beside them, and still come out in the
    /// order of their paths' bytes; a single directory's traces come out as its sorted listing.
    @Test func tracesComeOutSortedByBytes() throws {
        let corpus = try CheckCorpus(goldens: false)
        for name in ["z.jsonl", "B.jsonl", "a/c.jsonl", "a/b/d.jsonl", "a0.csv", "a.json"] { try corpus.write("t/" + name, TraceText.tap) }
        let discovery = TraceDiscovery([TraceDiscovery.Entry(path: corpus.path("t"), named: true)])
        let expected = ["B.jsonl", "a.json", "a/b/d.jsonl", "a/c.jsonl", "a0.csv", "z.jsonl"].map { corpus.path("t/" + $0) }
        #expect(discovery.targets.map(\.trace) == expected)
        #expect(discovery.targets.map(\.golden) == expected.map { $0 + ".expected.jsonl" })
        #expect(discovery.targets.map(\.actual) == expected.map { $0 + ".actual.jsonl" })
        let flat = TraceDiscovery([TraceDiscovery.Entry(path: corpus.path("t/a"), named: true)])
        #expect(flat.targets.map(\.trace) == ["b/d.jsonl", "c.jsonl"].map { corpus.path("t/a/" + $0) })
    }

    /// Traces of one directory share its config; the next directory's own config applies to its traces.
    @Test func eachDirectoryKeepsItsOwnConfig() throws {
        let corpus = try CheckCorpus(goldens: false)
        try corpus.write("sub/gesturectl-check.json", #"{"level": "outcomes"}"#)
        try corpus.write("sub/pan.jsonl", CheckCorpus.pan())
        try corpus.write("sub/deeper/tap.jsonl", TraceText.tap)
        #expect(corpus.check(["--update", "."]).status == 0)
        let everything = try #require(corpus.read("pan.jsonl.expected.jsonl"))
        let outcomes = try #require(corpus.read("sub/pan.jsonl.expected.jsonl"))
        #expect(everything != outcomes)
        #expect(corpus.read("sub/deeper/tap.jsonl.expected.jsonl") == corpus.read("sub/tap.jsonl.expected.jsonl"))
        #expect(corpus.read("sub/tap.jsonl.expected.jsonl") != corpus.read("tap.jsonl.expected.jsonl"))
        let check = corpus.check(["--jobs", "1", "."])
        #expect(check.status == 0 && check.stdout == "checked 5 traces: 5 matched, 0 mismatched, 0 missing golden, 0 errors\n", "\(check)")
    }

    /// A golden file is read whole whatever its size, with or without a read past its end.
    @Test(arguments: [0, 1, 4095, 4096, 4097, 65_536, 70_001])
    func goldenFilesAreReadWhole(size: Int) throws {
        let fixtures = try Fixtures()
        let path = fixtures.path("g.expected.jsonl")
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try CheckFiles.contents(of: path) == bytes)
        #expect(try CheckFiles.contents(of: fixtures.path("missing.jsonl")) == nil)
    }

    /// A sink comes back empty with its room; one too small for the next trace is replaced by a
    /// larger one, and one larger than the pool keeps is let go.
    @Test func sinksAreReusedEmpty() {
        let pool = SinkPool()
        let first = pool.take(capacity: 10_000)
        first.buffer.append("record")
        pool.giveBack(first)
        let again = pool.take(capacity: 5_000)
        #expect(again === first && again.buffer.isEmpty && again.buffer.capacity >= 10_000)
        pool.giveBack(again)
        let larger = pool.take(capacity: 100_000)
        #expect(larger !== first && larger.buffer.capacity >= 100_000)
        pool.giveBack(larger)
        #expect(pool.take(capacity: 1) === larger)
        let huge = pool.take(capacity: SinkPool.largestKept + 1)
        pool.giveBack(huge)
        #expect(pool.take(capacity: 1) !== huge)
    }
}
