/// The three encodings of a trace file.
///
/// See also: `TraceReader`, which reads any of them.
public enum TraceEncoding: String, Sendable, CaseIterable {
    /// A JSON document (`{"gesturectl": 1, ..., "samples": [...]}`) or a bare JSON array of samples.
    case json
    /// JSON Lines: one sample object per line, optionally after a header object on the first line.
    case jsonl
    /// Comma-separated values with a header row naming the columns.
    case csv

    /// The encoding that a file name's extension names (`.json`, `.jsonl`/`.ndjson`, `.csv`, in any case), or nil.
    public init?(pathExtensionOf path: String) {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "json": self = .json
        case "jsonl", "ndjson": self = .jsonl
        case "csv": self = .csv
        default: return nil
        }
    }
}
