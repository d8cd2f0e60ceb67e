import Foundation
import GestureKit
import Testing
@testable import GestureTrace

/// Reading real files: by extension, by sniffing, errors opening, and pipes.
@Suite struct FileTests {
    /// A fresh directory for one test.
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gesturetrace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test(arguments: [
        ("trace.json", documentFixture, TraceEncoding.json), ("trace.jsonl", jsonLinesFixture, .jsonl),
        ("trace.NDJSON", jsonLinesFixture, .jsonl), ("trace.csv", csvFixture, .csv),
        ("trace.txt", csvFixture, .csv), ("trace", jsonLinesFixture, .jsonl), ("trace.data", documentFixture, .json),
    ])
    func readsFilesByExtensionOrContent(name: String, text: String, encoding: TraceEncoding) throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let reader = try TraceReader(path: path, encoding: nil)
        #expect(reader.encoding == encoding)
        #expect(reader.file == path)
        #expect(try reader.header().screen == Size(width: 390, height: 844))
        #expect(try reader.readAll() == fixtureSamples)
    }

    @Test func reportsFilesThatCannotBeOpened() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = dir.appendingPathComponent("missing.json").path
        let error = #expect(throws: TraceError.self) { try TraceReader(path: missing, encoding: nil) }
        #expect(error == .cannotOpen(path: missing, reason: "No such file or directory"))
        #expect(error?.description == "gesturectl: cannot open '\(missing)': No such file or directory")
        #expect(error?.exitStatus == 66)
        let directoryError = #expect(throws: TraceError.self) { try TraceReader(path: dir.path, encoding: .json) }
        #expect(directoryError == .cannotOpen(path: dir.path, reason: "Is a directory"))
        #expect(throws: TraceError.cannotOpen(path: missing, reason: "No such file or directory")) {
            try parseJSON(path: missing)
        }
    }

    /// A large document crosses many 64 KiB chunks; the header after the samples is found by seeking back.
    @Test func readsALargeFileWithTheHeaderLast() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("big.json").path
        let count = 20_000
        var text = "{\"samples\": [\n"
        for i in 0..<count {
            let phase = i == 0 ? "began" : i == count - 1 ? "ended" : "moved"
            text += "{\"t\": \(Double(i) / 1000), \"id\": 1, \"phase\": \"\(phase)\", \"x\": \(i % 390).5, \"y\": 1e2}"
            text += i == count - 1 ? "\n" : ",\n"
        }
        text += "], \"screen\": {\"width\": 100, \"height\": 200}}\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let reader = try TraceReader(path: path, encoding: nil)
        #expect(try reader.header().screen == Size(width: 100, height: 200))
        var n = 0
        while let sample = try reader.next() {
            n += 1
            if n == count { #expect(sample == touch(Double(count - 1) / 1000, 1, .ended, Double((count - 1) % 390) + 0.5, 100)) }
        }
        #expect(n == count)
        #expect(reader.lastSamplePosition == SourcePosition(line: count + 1, column: 1))
        let value = try parseJSON(path: path)
        #expect(value.value.member("screen")?.keyPosition == SourcePosition(line: count + 2, column: 4))
    }

    /// A file opened with the size it had when looked at ends at a short read of exactly that size;
    /// a size that is out of date (the file grew or shrank since) still reads every byte, and
    /// seeking back after the end reads again.
    @Test(arguments: [0, -10, 10, -70_000])
    func readsAFileWholeWhateverSizeItWasOpenedWith(offBy: Int) throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("t.bin").path
        let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let source = try FileSource.open(path: path, regularFileSize: max(0, bytes.count + offBy))
        #expect(source.isSeekable)
        func readAll() throws -> [UInt8] {
            var read: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = try chunk.withUnsafeMutableBufferPointer { try source.read(into: $0.baseAddress!, count: $0.count) }
                if n == 0 { return read }
                read += chunk[..<n]
            }
        }
        #expect(try readAll() == bytes)
        #expect(try readAll() == [])
        #expect(source.seek(to: 69_990))
        #expect(try readAll() == Array(bytes[69_990...]))
        let reader = try TraceReader(path: path, encoding: .jsonl, regularFileSize: 3)
        #expect(reader.file == path)
    }

    /// A pipe cannot seek: asking for a header that follows the samples spools the input to a temporary file.
    @Test func readsAPipeWithTheHeaderLast() throws {
        let text = """
            {"samples": [{"t": 0, "id": 1, "phase": "began", "x": 1, "y": 2}],
             "scene": {"views": []}}
            """
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        let bytes = Array(text.utf8)
        let writer = descriptors[1]
        let written = bytes.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
        #expect(written == bytes.count)
        close(writer)
        defer { close(descriptors[0]) }
        let source = FileSource.borrowing(fd: descriptors[0], name: "<stdin>")
        #expect(!source.isSeekable)
        let reader = try TraceReader(source: source, name: "<stdin>", encoding: nil, chunkSize: 7)
        #expect(reader.encoding == .json)
        guard case .inline(let scene)? = try reader.header().scene else {
            Issue.record("no inline scene")
            return
        }
        #expect(scene.position == SourcePosition(line: 2, column: 11))
        #expect(try reader.readAll() == [touch(0, 1, .began, 1, 2)])
        #expect(reader.warnings.map(\.description) == [
            "<stdin>:1:14: warning: touch 1 is still down at the end of the trace; it is cancelled at t=0"
        ])
    }
}
