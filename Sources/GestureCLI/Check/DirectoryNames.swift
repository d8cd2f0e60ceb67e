#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import GestureTrace

/// The entries of one directory, their names kept as bytes in one buffer: discovery classifies and
/// sorts them there and makes a `String` only for the names it keeps (a trace's, a subdirectory's).
/// A `String` for each of a 20,000-file directory's names, most of them golden files that need none,
/// was a fifth of the work before the first trace is checked.
///
/// A name with a byte that is not ASCII is stored as `String(cString:)` spells it (invalid UTF-8
/// repaired), so that every name reads back as the `String` the listing made before.
struct DirectoryNames {
    /// The names, one after the other.
    private(set) var bytes: [UInt8] = []
    /// Each entry's name (where it starts in ``bytes`` and its length) and its kind when the
    /// listing tells it (a file or a directory, not a link).
    private(set) var entries: [(start: Int, count: Int, kind: CheckFiles.Kind?)] = []

    /// The entries of the directory at `path`, without `.` and `..`, in no particular order.
    ///
    /// - Throws: `TraceError.cannotOpen` with the system's reason.
    init(inDirectory path: String) throws(TraceError) {
        guard let directory = opendir(path) else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let kind: CheckFiles.Kind?
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): kind = .file
            case Int32(DT_DIR): kind = .directory
            default: kind = nil
            }
            withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: UInt8.self, capacity: MemoryLayout.size(ofValue: pointer.pointee)) { name in
                    let count = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
                    let name = UnsafeBufferPointer(start: name, count: count)
                    if count == 1 && name[0] == UInt8(ascii: ".") { return }
                    if count == 2 && name[0] == UInt8(ascii: ".") && name[1] == UInt8(ascii: ".") { return }
                    let start = bytes.count
                    if name.allSatisfy({ $0 < 0x80 }) {
                        bytes.append(contentsOf: name)
                    } else {
                        bytes.append(contentsOf: String(decoding: name, as: UTF8.self).utf8)
                    }
                    entries.append((start, bytes.count &- start, kind))
                }
            }
        }
    }

    /// The number of entries.
    var count: Int { entries.count }

    /// The name of entry `index`.
    func name(_ index: Int) -> String {
        let entry = entries[index]
        return String(decoding: bytes[entry.start..<(entry.start &+ entry.count)], as: UTF8.self)
    }

    /// Calls `body` with the name of every entry, by its index, and the bytes of the names.
    func withNames<R>(_ body: (_ names: [UnsafeRawBufferPointer]) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes { all in
            try body(entries.map { UnsafeRawBufferPointer(rebasing: all[$0.start..<($0.start &+ $0.count)]) })
        }
    }
}
