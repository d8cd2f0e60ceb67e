import Foundation
import GestureKit

/// The name the tool calls itself in usage lines and messages: `gesturectl`, or the name of a team's
/// own build (`gesturectlMain(registry:)` takes it from the executable's name, so `team-gesturectl`
/// says `usage: team-gesturectl analyze …`).
enum ToolName {
    /// The name for the run under way (a task-local value, so that tests side by side keep theirs).
    @TaskLocal static var current = "gesturectl"

    /// The name of the executable at `path` (`argv[0]`), or `gesturectl` for an empty one.
    static func executable(_ path: String) -> String {
        let name = URL(fileURLWithPath: path).lastPathComponent
        return name.isEmpty ? "gesturectl" : name
    }
}

/// Standard error, noting the recognizer kinds that error messages call unknown, so that the plain
/// `gesturectl` can say once, at the end, that a team's own build registers them (rather than with
/// every trace whose scene uses one).
final class KindNotingOutput: TextOutput, @unchecked Sendable {
    private let base: any TextOutput
    private let lock = NSLock()
    private var kinds: [String] = []
    private static let marker = "unknown recognizer kind \""

    init(_ base: any TextOutput) { self.base = base }

    func write(_ text: String) throws(OutputError) {
        if Self.holdsMarker(text) { note(text) }
        try base.write(text)
    }

    /// Whether `text` holds ``marker``, searched in its bytes: Foundation's `contains` took about
    /// 39,000 instructions a line, 1% of `check`'s on a corpus that warns for a third of its traces
    /// (callgrind).
    private static func holdsMarker(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            markerBytes.withUnsafeBufferPointer { marker in
                guard let base = bytes.baseAddress, let needle = marker.baseAddress, bytes.count >= marker.count else { return false }
                let first = needle.pointee
                for start in 0...(bytes.count - marker.count) where base[start] == first {
                    if memcmp(base + start, needle, marker.count) == 0 { return true }
                }
                return false
            }
        }
    }

    private static let markerBytes = Array(marker.utf8)

    func flush() throws(OutputError) { try base.flush() }

    func write(bytes: UnsafeRawBufferPointer) throws(OutputError) { try base.write(bytes: bytes) }

    private func note(_ text: String) {
        var rest = Substring(text)
        while let range = rest.range(of: Self.marker) {
            rest = rest[range.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { break }
            let kind = String(rest[..<end])
            // A kind close to a built-in one is a typo, and its message says which.
            if rest[rest.index(after: end)...].hasPrefix(" (did you mean") { continue }
            lock.lock()
            if !kinds.contains(kind) { kinds.append(kind) }
            lock.unlock()
        }
    }

    /// The note to print once, or nil when no kind was unknown.
    func note() -> String? {
        lock.lock()
        defer { lock.unlock() }
        guard !kinds.isEmpty else { return nil }
        let list = kinds.map { "\"\($0)\"" }.joined(separator: ", ")
        return "\(ToolName.current): note: recognizer \(kinds.count == 1 ? "kind" : "kinds") \(list) \(kinds.count == 1 ? "is" : "are") "
            + "not built in: a team's own build of gesturectl registers its kinds (gesturectlMain(registry:), "
            + "docs/your-recognizers.md); check the spelling otherwise"
    }
}
