import Foundation
import GestureKit
import GestureTrace

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of one trace, readable as often as the analysis needs.
///
/// A file is opened again for each reading. Standard input (`-`) and other inputs that cannot be
/// read twice (a pipe, a FIFO, a character device) are read once, by the first reading, which also
/// copies them, chunk by chunk as it reads, to an unnamed temporary file; the later readings read
/// that file through its `/proc/self/fd` (or `/dev/fd`) name. So a stream that goes wrong stops at
/// its first error rather than being copied whole first. Messages name the input as given.
final class TraceSource {
    /// The trace as given.
    let path: String
    private let openPath: String
    private let encoding: TraceEncoding?
    private let copy: TemporaryFile?
    /// A stream's descriptor, and whether this source must close it (once it is gone: the first reader
    /// reads from it).
    private let stream: (descriptor: Int32, owned: Bool)?
    /// Whether a reader was made: a stream is read by the first one only.
    private var streamTaken = false
    /// A regular file's size.
    private let fileSize: Int
    /// Whether `stat` found a regular file at `path` (its size is then known to the readers, which
    /// need not ask for it again).
    private var statedRegular = false
    /// How the readers convert the trace's units (`--time-scale`, `--scale`); nil for none.
    var scaling: SampleScaling?
    /// A trace made in memory (`check` converting a WebDriver actions file), as JSON Lines.
    private let memory: [UInt8]?
    /// The trace's size in bytes (0 when unknown; a stream's, as copied so far).
    var byteCount: Int { copy?.size ?? fileSize }
    /// Whether the trace is a regular file, read where it is (not a copy, not made in memory).
    var isRegularFile: Bool { copy == nil && memory == nil && fileSize > 0 }

    /// Looks at the trace at `path`, copying it first when it cannot be read twice.
    ///
    /// - Throws: `TraceError.cannotOpen` when such an input cannot be opened, read or copied; a
    ///   file that cannot be opened is reported when it is read.
    /// A trace made in memory, as JSON Lines, shown as `path` (the file it was made from).
    init(path: String, jsonLines bytes: [UInt8]) {
        self.path = path
        openPath = path
        encoding = .jsonl
        copy = nil
        stream = nil
        fileSize = bytes.count
        memory = bytes
    }

    init(path: String, encoding: TraceEncoding?) throws(TraceError) {
        self.path = path
        memory = nil
        let descriptor: Int32
        if path == "-" {
            // A closed standard input must not be mistaken for the temporary file, which would
            // take its descriptor.
            guard fcntl(STDIN_FILENO, F_GETFD) >= 0 else {
                throw .cannotOpen(path: TraceInputs.displayName(path), reason: String(cString: strerror(errno)))
            }
            descriptor = STDIN_FILENO
            self.encoding = encoding
        } else {
            var status = stat()
            let found = stat(path, &status) == 0
            let kind = found ? status.st_mode & S_IFMT : S_IFREG
            guard kind == S_IFIFO || kind == S_IFCHR || kind == S_IFSOCK else {
                openPath = path
                self.encoding = encoding
                copy = nil
                stream = nil
                fileSize = found && kind == S_IFREG ? Int(status.st_size) : 0
                statedRegular = found && kind == S_IFREG
                return
            }
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
            self.encoding = encoding ?? TraceEncoding(pathExtensionOf: path)
        }
        let file: TemporaryFile
        do throws(OutputError) {
            file = try TemporaryFile.create()
        } catch {
            if descriptor != STDIN_FILENO { close(descriptor) }
            throw .cannotOpen(path: TraceInputs.displayName(path), reason: Self.reason(error))
        }
        copy = file
        stream = (descriptor, descriptor != STDIN_FILENO)
        fileSize = 0
        let proc = "/proc/self/fd/\(file.descriptor)"
        openPath = access(proc, R_OK) == 0 ? proc : "/dev/fd/\(file.descriptor)"
    }

    deinit {
        if let stream, stream.owned { close(stream.descriptor) }
    }

    /// A reader at the start of the trace: for a stream, the first one reads the stream and copies it.
    func reader() throws(TraceError) -> TraceReader {
        if let memory { return TraceReader(bytes: memory, name: TraceInputs.displayName(path), encoding: .jsonl) }
        if let stream, let copy, !streamTaken {
            streamTaken = true
            let name = TraceInputs.displayName(path)
            let reader = try TraceReader(stream: stream.descriptor, name: name, encoding: encoding) {
                (bytes) throws(TraceError) in
                do throws(OutputError) {
                    try copy.write(bytes)
                } catch {
                    throw .cannotOpen(path: name, reason: Self.reason(error))
                }
            }
            reader.scaling = scaling
            return reader
        }
        if let copy { lseek(copy.descriptor, 0, SEEK_SET) }  // `/dev/fd` shares the file offset
        let reader = try TraceReader(path: openPath, encoding: encoding, regularFileSize: statedRegular ? fileSize : nil)
        reader.scaling = scaling
        return reader
    }

    /// The reason in a message for a temporary file that cannot be written.
    private static func reason(_ error: OutputError) -> String {
        switch error {
        case .failed(let reason): return reason
        case .closed: return "cannot write a temporary file"
        }
    }

    /// `error` naming the trace as given rather than the temporary copy.
    func located(_ error: TraceError) -> TraceError {
        let error = explained(error)
        guard copy != nil else { return error }
        switch error {
        case .cannotOpen(let path, let reason):
            return path == openPath ? .cannotOpen(path: TraceInputs.displayName(self.path), reason: reason) : error
        case .invalid(let diagnostic):
            return .invalid(located(diagnostic))
        }
    }

    /// `error` about the format when the trace's first bytes show it is something else: JSON Lines
    /// named `.json` or `.csv`, WebDriver actions, a getevent log, an evemu recording (`FormatHint`).
    private func explained(_ error: TraceError) -> TraceError {
        guard case .invalid = error else { return error }
        let expected = encoding ?? (path == "-" ? nil : TraceEncoding(pathExtensionOf: path)) ?? .jsonl
        return FormatHint.explain(error, prefix: prefix(), readAs: .trace(expected), path: path)
    }

    /// The trace's first bytes (of the copy, for a stream), up to `FormatHint.prefixLength`.
    private func prefix() -> [UInt8] {
        let descriptor = copy?.descriptor ?? open(openPath, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { if copy == nil { close(descriptor) } }
        var bytes = [UInt8](repeating: 0, count: FormatHint.prefixLength)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        return Array(bytes.prefix(max(0, count)))
    }

    /// `diagnostic` naming the trace as given rather than the temporary copy.
    func located(_ diagnostic: Diagnostic) -> Diagnostic {
        guard copy != nil, diagnostic.file == openPath else { return diagnostic }
        var located = diagnostic
        located.file = TraceInputs.displayName(path)
        return located
    }
}
