#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a `ByteScanner` gets its bytes: a file descriptor or memory, read chunk by chunk.
protocol ByteSource: AnyObject {
    /// Reads up to `count` bytes into `buffer`; returns 0 at the end of the input.
    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(TraceError) -> Int
    /// Reads up to `count` bytes that are ready without waiting: 0 at the end, -1 when none are ready yet. The fast
    /// paths read ahead with it, so that a live stream (`FollowSource`) is never waited on for bytes the
    /// sample being read does not need. Every other source reads as ``read(into:count:)`` does.
    func readReady(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(TraceError) -> Int
    /// Whether `seek(to:)` works.
    var isSeekable: Bool { get }
    /// Makes the next read start at `offset`, counted from the first byte this source returned; false if it cannot.
    func seek(to offset: Int) -> Bool
}

extension ByteSource {
    func readReady(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(TraceError) -> Int {
        try read(into: buffer, count: count)
    }
}

/// A source over bytes in memory (tests, fuzzing, small scene files).
final class MemorySource: ByteSource {
    private let bytes: [UInt8]
    private var index = 0
    let isSeekable: Bool

    /// Creates a source; `seekable: false` imitates a pipe, for tests.
    init(_ bytes: [UInt8], seekable: Bool = true) {
        self.bytes = bytes
        self.isSeekable = seekable
    }

    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(TraceError) -> Int {
        let n = min(count, bytes.count - index)
        guard n > 0 else { return 0 }
        bytes.withUnsafeBufferPointer { source in
            if let base = source.baseAddress { buffer.update(from: base + index, count: n) }
        }
        index += n
        return n
    }

    func seek(to offset: Int) -> Bool {
        guard isSeekable, offset >= 0, offset <= bytes.count else { return false }
        index = offset
        return true
    }
}

/// A source over a file descriptor: an opened file, standard input, or a temporary spool file.
final class FileSource: ByteSource {
    private enum Ownership {
        case borrowed
        case descriptor
        case stream(UnsafeMutablePointer<FILE>)
    }

    private let fd: Int32
    private let ownership: Ownership
    /// The file offset of the first byte this source returned.
    private let origin: Int
    /// The name for error messages.
    private let name: String
    let isSeekable: Bool
    /// A regular file's size when it was opened, and the bytes read since (nil: unknown, or read
    /// from elsewhere than the start). A read that asks for more than is left and gets exactly the
    /// rest ends the file: the read that would return 0 is not made (one system call per trace that
    /// `check` and `analyze` read).
    private var known: (size: Int, read: Int)?
    /// Whether a short read ended the file at its known size.
    private var atKnownEnd = false

    private init(fd: Int32, ownership: Ownership, name: String) {
        self.fd = fd
        self.ownership = ownership
        self.name = name
        var status = stat()
        let regular = fstat(fd, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
        let offset = lseek(fd, 0, SEEK_CUR)
        self.isSeekable = regular && offset >= 0
        self.origin = offset >= 0 ? Int(offset) : 0
    }

    /// A file just opened, whose status is known: at offset 0, seekable when it is a regular file
    /// (asking the system again took two more calls for every trace `check` reads).
    private convenience init(opened fd: Int32, status: stat, name: String) {
        self.init(opened: fd, regular: (status.st_mode & S_IFMT) == S_IFREG, size: Int(status.st_size), name: name)
    }

    /// A file just opened, at offset 0, seekable when it is a regular file of `size` bytes.
    private init(opened fd: Int32, regular: Bool, size: Int, name: String) {
        self.fd = fd
        self.ownership = .descriptor
        self.name = name
        self.isSeekable = regular
        self.origin = 0
        if regular { known = (size, 0) }
    }

    deinit {
        switch ownership {
        case .borrowed: break
        case .descriptor: close(fd)
        case .stream(let stream): fclose(stream)
        }
    }

    /// Opens `path` for reading; a directory or an unreadable file is `TraceError.cannotOpen`.
    ///
    /// - Parameter regularFileSize: the size of the regular file at `path`, when the caller has just looked
    ///   at it (`stat`): its status is not asked for again. (Should the path name a directory by the time
    ///   it is opened, reading it fails with the same message, "Is a directory".)
    static func open(path: String, regularFileSize: Int? = nil) throws(TraceError) -> FileSource {
        let fd = Self.systemOpen(path)
        guard fd >= 0 else { throw .cannotOpen(path: path, reason: Self.lastErrorText()) }
        if let regularFileSize { return FileSource(opened: fd, regular: true, size: regularFileSize, name: path) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { return FileSource(fd: fd, ownership: .descriptor, name: path) }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw .cannotOpen(path: path, reason: String(cString: strerror(EISDIR)))
        }
        return FileSource(opened: fd, status: status, name: path)
    }

    /// Standard input, which is not closed.
    static func standardInput(name: String) -> FileSource {
        borrowing(fd: 0, name: name)
    }

    /// A descriptor that stays open after reading (standard input, a pipe in tests).
    static func borrowing(fd: Int32, name: String) -> FileSource {
        FileSource(fd: fd, ownership: .borrowed, name: name)
    }

    /// Copies `prefix` and then the rest of `source` into an unnamed temporary file, and returns a seekable
    /// source over it, so that a pipe can be read twice in constant memory.
    static func spool(prefix: UnsafeBufferPointer<UInt8>, rest source: any ByteSource, name: String)
        throws(TraceError) -> FileSource
    {
        guard let stream = tmpfile() else {
            throw .cannotOpen(path: name, reason: "cannot create a temporary file: " + lastErrorText())
        }
        let spool = FileSource(fd: fileno(stream), ownership: .stream(stream), name: name)
        try spool.writeAll(prefix)
        let chunk = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 16)
        defer { chunk.deallocate() }
        while true {
            let n = try source.read(into: chunk, count: 1 << 16)
            if n == 0 { break }
            try spool.writeAll(UnsafeBufferPointer(start: chunk, count: n))
        }
        guard spool.seek(to: 0) else {
            throw .cannotOpen(path: name, reason: "cannot rewind a temporary file: " + lastErrorText())
        }
        return spool
    }

    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(TraceError) -> Int {
        if atKnownEnd { return 0 }
        while true {
            let n = Self.systemRead(fd, buffer, count)
            if n >= 0 {
                if let size = known?.size, let done = known?.read {
                    known = (size, done + n)
                    // Short, and exactly at the size the file had when opened: that is its end.
                    atKnownEnd = n > 0 && n < count && done + n == size
                }
                return n
            }
            if errno == EINTR { continue }
            throw .cannotOpen(path: name, reason: Self.lastErrorText())
        }
    }

    func seek(to offset: Int) -> Bool {
        guard isSeekable, lseek(fd, off_t(origin + offset), SEEK_SET) >= 0 else { return false }
        // Where the reads now start is no longer counted from the file's start; `offset` is from `origin`, 0 here.
        known = known.map { ($0.size, offset) }
        atKnownEnd = false
        return true
    }

    private func writeAll(_ bytes: UnsafeBufferPointer<UInt8>) throws(TraceError) {
        guard var next = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let n = write(fd, next, left)
            if n < 0 {
                if errno == EINTR { continue }
                throw .cannotOpen(path: name, reason: "cannot write a temporary file: " + Self.lastErrorText())
            }
            next += n
            left -= n
        }
    }

    private static func systemOpen(_ path: String) -> Int32 {
        #if canImport(Glibc)
        return Glibc.open(path, O_RDONLY | O_CLOEXEC)
        #else
        return Darwin.open(path, O_RDONLY | O_CLOEXEC)
        #endif
    }

    private static func systemRead(_ fd: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.read(fd, buffer, count)
        #else
        return Darwin.read(fd, buffer, count)
        #endif
    }

    private static func lastErrorText() -> String { String(cString: strerror(errno)) }
}

/// A source that reads another (a stream) and hands every chunk it reads to `copy` as well: `analyze` reads a
/// pipe once, checking it and copying it for its second pass at the same time, so a stream that goes wrong
/// stops at its first bad record instead of being copied whole first.
final class TeeSource: ByteSource {
    private let source: any ByteSource
    private let copy: (UnsafeRawBufferPointer) throws(TraceError) -> Void
    let isSeekable = false

    init(_ source: any ByteSource, copy: @escaping (UnsafeRawBufferPointer) throws(TraceError) -> Void) {
        self.source = source
        self.copy = copy
    }

    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(TraceError) -> Int {
        let n = try source.read(into: buffer, count: count)
        if n > 0 { try copy(UnsafeRawBufferPointer(start: buffer, count: n)) }
        return n
    }

    func seek(to offset: Int) -> Bool { false }
}
