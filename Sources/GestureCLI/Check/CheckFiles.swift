#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import GestureTrace

/// The file-system operations of `check`, on POSIX calls so that failures carry the system's own
/// short reason ("Permission denied"), as every other message of `gesturectl` does.
enum CheckFiles {
    /// What a path names.
    enum Kind: Equatable {
        case missing
        case file
        case directory
        /// A symbolic link to a directory: not searched, so that links cannot make cycles.
        case linkToDirectory
        /// A socket, device or the like.
        case other
    }

    /// A failure to write, with the system's reason (exit status 74).
    struct WriteError: Error, Equatable {
        var path: String
        var reason: String

        /// `gesturectl: cannot write 'PATH': REASON`.
        var description: String { "\(ToolName.current): cannot write '\(path)': \(reason)" }
    }

    /// What tells two spellings of a path apart: the device and inode it resolves to (links
    /// followed), or its UTF-8 bytes when it cannot be looked at (it does not exist).
    enum Identity: Hashable {
        case inode(device: UInt64, inode: UInt64)
        case spelled([UInt8])
    }

    /// The identity of `path`: `d/sub/c.jsonl`, `d/sub/../sub/c.jsonl` and `/abs/d/sub/c.jsonl`
    /// have the same one.
    static func identity(of path: String) -> Identity {
        var info = stat()
        guard stat(path, &info) == 0 else { return .spelled(Array(path.utf8)) }
        return .inode(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// What `path` names; a link to a file counts as a file.
    static func kind(of path: String) -> Kind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        let isLink = info.st_mode & S_IFMT == S_IFLNK
        if isLink, stat(path, &info) != 0 { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return isLink ? .linkToDirectory : .directory
        default: return .other
        }
    }

    /// The bytes of the file at `path`, or nil when there is no such file.
    ///
    /// - Throws: `TraceError.cannotOpen` when the file exists but cannot be read (a directory, no
    ///   permission).
    static func contents(of path: String) throws(TraceError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw .cannotOpen(path: path, reason: reason())
        }
        defer { close(descriptor) }
        var info = stat()
        let expected = fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : 0
        // Room for the whole file and one byte more, so that the end shows without growing; read
        // straight into the array (zeroing it first was a fifth of reading a golden file).
        var failure: Int32 = 0
        var full = false
        var bytes = [UInt8](unsafeUninitializedCapacity: max(expected + 1, 1 << 12)) { buffer, count in
            count = 0
            guard let base = buffer.baseAddress else { return }
            while count < buffer.count {
                let n = read(descriptor, base + count, buffer.count - count)
                if n > 0 {
                    count += n
                    // Short, and exactly the size the file had: its end (no read that returns 0; a
                    // system call for each golden file `check` reads).
                    if count == expected { return }
                } else if n == 0 {
                    return
                } else if errno != EINTR {
                    failure = errno
                    return
                }
            }
            full = true
        }
        guard failure == 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(failure))) }
        guard full else { return bytes }
        // The file grew since it was looked at: read the rest a chunk at a time.
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { buffer in buffer.baseAddress.map { read(descriptor, $0, buffer.count) } ?? 0 }
            if n > 0 {
                bytes.append(contentsOf: chunk[..<n])
            } else if n == 0 {
                return bytes
            } else if errno != EINTR {
                throw .cannotOpen(path: path, reason: reason())
            }
        }
    }

    /// Replaces the file at `path` with `text`.
    ///
    /// A regular file, or a new one, is written to a temporary file beside it and renamed over it,
    /// so that an interrupted run never leaves half a golden file. Anything else is written
    /// through, never replaced: a symbolic link keeps being a link (its target is replaced as a
    /// regular file is, or written through when it is not one), and a FIFO, a device (`/dev/stdout`,
    /// `/dev/null`) or a socket receives the bytes.
    ///
    /// - Throws: ``WriteError`` with the system's reason when a byte cannot be written (a full
    ///   disk, `/dev/full`), or the file cannot be created or renamed.
    static func replace(_ path: String, with text: String) throws(WriteError) {
        try replace(path, with: Array(text.utf8))
    }

    /// Replaces the file at `path` with `bytes`, as ``replace(_:with:)-(_,String)`` does.
    static func replace(_ path: String, with bytes: [UInt8]) throws(WriteError) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            // Nothing there yet (or nothing that can be looked at): a new regular file.
            try replaceRegular(path, shownAs: path, with: bytes)
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            try replaceRegular(path, shownAs: path, with: bytes)
        case S_IFLNK:
            // Through the link: its target, when it resolves to a regular file, is replaced beside
            // itself; a link to a FIFO or a device, or one that dangles, is opened and written.
            var target = stat()
            if stat(path, &target) == 0, target.st_mode & S_IFMT == S_IFREG, let resolved = realPath(path) {
                try replaceRegular(resolved, shownAs: path, with: bytes)
            } else {
                try writeThrough(path, with: bytes)
            }
        default:
            try writeThrough(path, with: bytes)
        }
    }

    /// Writes `bytes` to a temporary file beside `path` and renames it over `path`; errors name
    /// `shown`.
    private static func replaceRegular(_ path: String, shownAs shown: String, with bytes: [UInt8]) throws(WriteError) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = "\(directory).\(name).\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw WriteError(path: shown, reason: reason()) }
        var failure = writeAll(bytes, to: descriptor)
        if close(descriptor) != 0, failure == nil { failure = reason() }
        if failure == nil, rename(temporary, path) != 0 { failure = reason() }
        if let failure {
            unlink(temporary)
            throw WriteError(path: shown, reason: failure)
        }
    }

    /// Opens `path` for writing (following links, truncating a file) and writes `bytes` into it.
    private static func writeThrough(_ path: String, with bytes: [UInt8]) throws(WriteError) {
        var descriptor: Int32
        repeat {
            descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { throw WriteError(path: path, reason: reason()) }
        var failure = writeAll(bytes, to: descriptor)
        if close(descriptor) != 0, failure == nil, errno != EINTR { failure = reason() }
        if let failure { throw WriteError(path: path, reason: failure) }
    }

    /// Writes every byte to `descriptor`; the system's reason when it cannot.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                written += count
            } else if count == 0 {
                return String(cString: strerror(EIO))
            } else if errno != EINTR {
                return reason()
            }
        }
        return nil
    }

    /// The absolute path `path` resolves to, links followed, or nil.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Removes the file at `path`; a file that is already gone is not an error.
    static func remove(_ path: String) throws(WriteError) {
        if unlink(path) != 0, errno != ENOENT { throw WriteError(path: path, reason: reason()) }
    }

    /// The system's message for `errno`.
    private static func reason() -> String { String(cString: strerror(errno)) }
}
