/// Counts one kind of oddity, to report it once with its first line and how often it happened.
struct WarningTally {
    private var entries: [(key: String, line: Int, count: Int, message: String)] = []

    /// Notes one occurrence of the oddity `key` at `line`; `message` describes it.
    mutating func note(_ key: String, line: Int, _ message: @autoclosure () -> String) {
        if let index = entries.firstIndex(where: { $0.key == key }) {
            entries[index].count += 1
        } else {
            entries.append((key, line, 1, message()))
        }
    }

    /// One `(line, message)` per kind of oddity, in the order first seen.
    var warnings: [(line: Int, message: String)] {
        entries.map { entry in
            let times = entry.count == 1 ? "" : " (\(entry.count) times; the first here)"
            return (entry.line, entry.message + times)
        }
    }
}
