import Foundation
import Testing

@testable import GestureCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Regressions found by the command-line audit: standard input that cannot be read, output files
/// that are links, FIFOs or devices, Unicode and differently spelled trace names, the progress line
/// of `analyze`, control characters in `check`'s text report.
@Suite struct CLIRegressionTests {
    /// A trace and its golden file (as `check --update` writes it) in `directory/sub`.
    static func traceWithGolden(_ fixtures: Fixtures, _ relative: String) throws -> String {
        let path = fixtures.path(relative)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try fixtures.write(relative, TraceText.tap)
        let update = runInProcess(["check", "--update", path])
        #expect(update.status == 0, "\(update)")
        return path
    }

    /// Creates a file at `path` exactly as its bytes are (no normalization of the name).
    static func createRaw(_ path: String, _ text: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    /// The names in `directory`, as bytes.
    static func rawNames(_ directory: String) -> [[UInt8]] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [[UInt8]] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: pointer.pointee)) {
                    Array(String(cString: $0).utf8)
                }
            }
            if name != Array(".".utf8), name != Array("..".utf8) { names.append(name) }
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }

    // MARK: 1. check - with standard input closed or a directory

    @Test func checkWithStandardInputClosedOrADirectoryCannotOpenIt() throws {
        let closed = try Child.run(["check", "-"], stdin: .closed)
        #expect(closed.signal == nil && closed.status == 66, "\(closed)")
        #expect(closed.stderr.hasPrefix("gesturectl: cannot open '<stdin>': Bad file descriptor\n"), "\(closed)")
        let fixtures = try Fixtures()
        let directory = try Child.run(["check", "-"], stdin: .file(fixtures.directory.path))
        #expect(directory.signal == nil && directory.status == 66, "\(directory)")
        #expect(directory.stderr.hasPrefix("gesturectl: cannot open '<stdin>': Is a directory\n"), "\(directory)")
    }

    // MARK: 2. output files that are links, FIFOs or devices

    @Test func outputThroughASymbolicLinkKeepsTheLink() throws {
        let fixtures = try Fixtures(["tap.jsonl": TraceText.tap, "target.out": ""])
        let trace = fixtures.path("tap.jsonl")
        let link = fixtures.path("link.out")
        #expect(symlink(fixtures.path("target.out"), link) == 0)
        let commands: [[String]] = [
            ["convert", "--to", "csv", trace, "-o", link], ["plot", trace, "-o", link], ["synth", "tap", "-o", link],
            ["check", "--junit", link, try Self.traceWithGolden(fixtures, "sub/tap.jsonl")],
        ]
        for arguments in commands {
            let result = try Child.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result)")
            var info = stat()
            #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "\(arguments): the link was replaced")
            let written = try String(contentsOfFile: fixtures.path("target.out"), encoding: .utf8)
            #expect(!written.isEmpty, "\(arguments): the link's target is empty")
            try fixtures.write("target.out", "")
        }
    }

    @Test func outputToAFIFOIsWrittenThrough() throws {
        let fixtures = try Fixtures(["tap.jsonl": TraceText.tap])
        let fifo = fixtures.path("out.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let received = LockedBytes()
        let reader = Thread {
            let fd = open(fifo, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return }
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                received.append(buffer[..<n])
            }
            close(fd)
            received.finish()
        }
        reader.start()
        let result = try Child.run(["convert", "--to", "csv", fixtures.path("tap.jsonl"), "-o", fifo], timeout: 30)
        #expect(result.status == 0, "\(result)")
        received.wait()
        #expect(String(decoding: received.bytes, as: UTF8.self).hasPrefix("# screen: 390x844\nt,id,phase,x,y\n"), "\(received.bytes.count) bytes")
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the FIFO was replaced")
    }

    /// A link to `/dev/full`: the old code replaced the link (exit 0); written through, the device
    /// refuses the bytes.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func aDeviceThatRefusesTheBytesExits74() throws {
        var device = stat()
        guard stat("/dev/full", &device) == 0, device.st_mode & S_IFMT == S_IFCHR else { return }
        let fixtures = try Fixtures(["tap.jsonl": TraceText.tap])
        let link = fixtures.path("full.out")
        #expect(symlink("/dev/full", link) == 0)
        let trace = try Self.traceWithGolden(fixtures, "sub/tap.jsonl")
        for arguments in [["convert", "--to", "csv", fixtures.path("tap.jsonl"), "-o", link], ["check", "--junit", link, trace]] {
            let result = try Child.run(arguments)
            #expect(result.status == 74, "\(arguments): \(result)")
            #expect(result.stderr.contains("gesturectl: cannot write '\(link)': No space left on device\n"), "\(arguments): \(result)")
            var info = stat()
            #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "\(arguments): the link was replaced")
        }
        #expect(stat("/dev/full", &device) == 0 && device.st_mode & S_IFMT == S_IFCHR)
    }

    @Test func aRegularOutputFileIsStillReplacedWhole() throws {
        let fixtures = try Fixtures(["tap.jsonl": TraceText.tap, "out.csv": String(repeating: "old\n", count: 1000)])
        let result = try Child.run(["convert", "--to", "csv", fixtures.path("tap.jsonl"), "-o", fixtures.path("out.csv")])
        #expect(result.status == 0, "\(result)")
        let written = try String(contentsOfFile: fixtures.path("out.csv"), encoding: .utf8)
        #expect(written.hasPrefix("# screen: 390x844\nt,id,phase,x,y\n") && !written.contains("old"))
        #expect(!FileManager.default.fileExists(atPath: fixtures.path("no-such-dir/out.csv")))
        let missing = try Child.run(["convert", "--to", "csv", fixtures.path("tap.jsonl"), "-o", fixtures.path("no-such-dir/out.csv")])
        #expect(missing.status == 74 && missing.stderr.hasSuffix(": No such file or directory\n"), "\(missing)")
    }

    // MARK: 3. names that Unicode calls equivalent

    @Test func canonicallyEquivalentNamesAreTwoTraces() throws {
        let fixtures = try Fixtures()
        let precomposed = "\u{E9}.jsonl"
        let decomposed = "e\u{301}.jsonl"
        try Self.createRaw(fixtures.directory.path + "/" + precomposed, TraceText.tap)
        try Self.createRaw(fixtures.directory.path + "/" + decomposed, TraceText.tap)
        let discovery = TraceDiscovery([TraceDiscovery.Entry(path: fixtures.directory.path, named: true)])
        #expect(discovery.targets.map { Array(CheckPath.fileName(of: $0.trace).utf8) } == [Array(decomposed.utf8), Array(precomposed.utf8)])
        let update = runInProcess(["check", "--update", fixtures.directory.path])
        #expect(update.status == 0 && update.stdout.hasSuffix("updated 2 of 2 goldens (2 new)\n"), "\(update)")
        #expect(Self.rawNames(fixtures.directory.path) == [
            Array(decomposed.utf8), Array("e\u{301}.jsonl.expected.jsonl".utf8), Array(precomposed.utf8), Array("\u{E9}.jsonl.expected.jsonl".utf8),
        ])
        let check = runInProcess(["check", fixtures.directory.path])
        #expect(check.status == 0 && check.stdout == "checked 2 traces: 2 matched, 0 mismatched, 0 missing golden, 0 errors\n", "\(check)")
    }

    // MARK: 4. one trace, named several ways

    @Test func aTraceNamedSeveralWaysIsCheckedOnce() throws {
        let fixtures = try Fixtures()
        let path = try Self.traceWithGolden(fixtures, "d/sub/c.jsonl")
        let root = fixtures.directory.path
        let spellings = [path, root + "/d/sub/../sub/c.jsonl", root + "/./d//sub/c.jsonl", root + "/d", root + "/d/sub/../../d"]
        let discovery = TraceDiscovery(spellings.map { TraceDiscovery.Entry(path: $0, named: true) })
        #expect(discovery.targets.map(\.trace) == [path])
        let check = runInProcess(["check"] + spellings)
        #expect(check.status == 0 && check.stdout == "checked 1 trace: 1 matched, 0 mismatched, 0 missing golden, 0 errors\n", "\(check)")
        var shards = 0
        for k in 1...2 {
            let shard = runInProcess(["check", "--shard", "\(k)/2"] + spellings)
            #expect(shard.status == 0, "\(shard)")
            if shard.stdout.contains("checked 1 of 1 traces") { shards += 1 }
        }
        #expect(shards == 1)
        // A link to a trace is another name with another golden file: both are checked.
        #expect(symlink(path, root + "/d/sub/link.jsonl") == 0)
        let linked = TraceDiscovery([TraceDiscovery.Entry(path: root + "/d", named: true)])
        #expect(linked.targets.map(\.trace) == [path, root + "/d/sub/link.jsonl"])
    }

    // MARK: 5. analyze's progress line

    /// What a terminal shows after `text`: `\r` returns to the start of the line, ESC [ K erases to
    /// its end, other escape sequences (colour) are dropped.
    static func screen(_ text: String) -> [String] {
        var lines: [[Character]] = [[]]
        var column = 0
        var characters = Array(text)[...]
        while let c = characters.popFirst() {
            switch c {
            case "\n":
                lines.append([])
                column = 0
            case "\r":
                column = 0
            case "\u{1B}":
                guard characters.first == "[" else { continue }
                characters = characters.dropFirst()
                var command: Character = " "
                while let next = characters.popFirst() {
                    if next.isLetter {
                        command = next
                        break
                    }
                }
                if command == "K" { lines[lines.count - 1].removeSubrange(min(column, lines[lines.count - 1].count)...) }
            default:
                if column < lines[lines.count - 1].count {
                    lines[lines.count - 1][column] = c
                } else {
                    lines[lines.count - 1].append(c)
                }
                column += 1
            }
        }
        return lines.map { String($0) }
    }

    @Test(arguments: [true, false])
    func analyzeErasesItsProgressLineBeforeResults(outputIsTerminal: Bool) throws {
        let fixtures = try Fixtures(["a.jsonl": TraceText.tap, "b.jsonl": TraceText.tap, "c.jsonl": TraceText.stillDown])
        let terminal = MemoryOutput()
        let environment = CommandEnvironment(
            standardOutput: terminal, standardError: terminal, standardOutputIsTerminal: outputIsTerminal,
            standardErrorIsTerminal: true)
        let status = run(["analyze", fixtures.path("a.jsonl"), fixtures.path("b.jsonl"), fixtures.path("c.jsonl")], in: environment)
        #expect(status == 0)
        let screen = Self.screen(terminal.text)
        // The status is cut at the front to fit 78 columns: `…yzing 2/3: /tmp/...`.
        #expect(terminal.text.contains("yzing 2/3: "))
        #expect(!screen.contains { $0.contains("yzing ") }, "\(screen.joined(separator: "\n"))")
        #expect(screen.contains { $0.contains("still down") })
    }

    // MARK: 6. recordings without a usable touch

    @Test func aRecordingWhoseOnlyTouchBeginsInItsOnlyFrame() throws {
        let fixtures = try Fixtures([
            "one.events": "E: 1.0 0003 0039 5\nE: 1.0 0003 0035 10\nE: 1.0 0003 0036 10\nE: 1.0 0000 0000 0000\n",
            "none.events": "E: 1.0 0003 0035 10\nE: 1.0 0003 0036 10\nE: 1.0 0000 0000 0000\n",
        ])
        let one = try Child.run(["convert", "--to", "jsonl", fixtures.path("one.events")])
        #expect(one.status == 0 && one.stdout.contains(#""phase":"began""#) && one.stdout.contains(#""phase":"cancelled""#), "\(one)")
        #expect(one.stderr.contains("written as cancelled 1 µs after it") && one.stderr.contains("1 touch, 2 samples"), "\(one)")
        let none = try Child.run(["convert", "--to", "jsonl", fixtures.path("none.events")])
        #expect(none.status == 65 && none.stdout.isEmpty, "\(none)")
        #expect(none.stderr.contains("none.events:1:1: error: no usable touches: "), "\(none)")
    }

    // MARK: 7. control characters in the text report

    @Test func theTextReportEscapesControlCharacters() throws {
        let fixtures = try Fixtures()
        let path = try Self.traceWithGolden(fixtures, "esc/tap.jsonl")
        let golden = fixtures.path("esc/tap.jsonl.expected.jsonl")
        let text = try String(contentsOfFile: golden, encoding: .utf8)
        try text.replacingOccurrences(of: #""state":"failed""#, with: #""state":"a\u001bc\r\n""#)
            .replacingOccurrences(of: #""reason":""#, with: #""reason":"x\u0007y"#)
            .write(toFile: golden, atomically: true, encoding: .utf8)
        let check = runInProcess(["check", path])
        #expect(check.status == 1, "\(check)")
        #expect(!check.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(check)")
        #expect(check.stdout.contains(#"a\u001bc\r\n"#) && check.stdout.contains(#"x\u0007y"#), "\(check)")
        #expect(DiffLines.escaped("new\nline\u{1B}[2J\u{9B}\t") == #"new\nline\u001b[2J\u009b\t"#)
        #expect(DiffLines.escaped("plain é") == "plain é")
    }
}

/// Bytes collected by another thread.
private final class LockedBytes: @unchecked Sendable {
    private let condition = NSCondition()
    private var collected: [UInt8] = []
    private var done = false

    func append(_ bytes: ArraySlice<UInt8>) {
        condition.lock()
        collected += bytes
        condition.unlock()
    }

    func finish() {
        condition.lock()
        done = true
        condition.signal()
        condition.unlock()
    }

    func wait() {
        condition.lock()
        let deadline = Date().addingTimeInterval(30)
        while !done {
            if !condition.wait(until: deadline) { break }
        }
        condition.unlock()
    }

    var bytes: [UInt8] {
        condition.lock()
        defer { condition.unlock() }
        return collected
    }
}
