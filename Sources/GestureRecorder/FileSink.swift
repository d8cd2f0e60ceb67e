import Foundation

/// A sink that writes to a file, created (or truncated) when the sink is made.
public final class FileSink: RecordingSink, @unchecked Sendable {
    private let handle: FileHandle?

    /// Opens `path` for writing; a file that cannot be created leaves the sink writing nowhere
    /// (``isOpen`` is false), since a debugging aid must never stop the app.
    public init(path: String) {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        handle = FileHandle(forWritingAtPath: path)
    }

    /// Whether the file could be opened.
    public var isOpen: Bool { handle != nil }

    /// Appends the bytes.
    public func write(_ bytes: [UInt8]) { handle?.write(Data(bytes)) }

    /// Closes the file.
    public func close() { try? handle?.close() }
}
