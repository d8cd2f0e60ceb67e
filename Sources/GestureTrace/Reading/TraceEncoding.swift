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
        if let fast = Self.asciiExtension(of: path) {
            guard let encoding = fast else { return nil }
            self = encoding
            return
        }
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "json": self = .json
        case "jsonl", "ndjson": self = .jsonl
        case "csv": self = .csv
        default: return nil
        }
    }

    /// `init(pathExtensionOf:)` read from the bytes of a path whose last component (and the byte before it)
    /// is ASCII: `.some(nil)` for no encoding; nil, to be read as `String`s, otherwise. Splitting the path into
    /// substrings and lowercasing the extension took 22,000 instructions a call (`check` calls it for every
    /// file it lists and every trace it reads).
    private static func asciiExtension(of path: String) -> TraceEncoding?? {
        var path = path
        return path.withUTF8 { bytes -> TraceEncoding?? in
            var i = bytes.count
            var dot = -1
            while i > 0 {
                let byte = bytes[i &- 1]
                if byte >= 0x80 { return nil }
                if byte == UInt8(ascii: "/") {
                    // A byte before the `/` that is not ASCII might join it into one character.
                    if i >= 2 && bytes[i &- 2] >= 0x80 { return nil }
                    break
                }
                if byte == UInt8(ascii: "."), dot < 0 { dot = i &- 1 }
                i &-= 1
            }
            // `i` is where the last component starts; a leading dot names no extension.
            guard dot > i else { return .some(nil) }
            var word: UInt64 = 0
            let count = bytes.count &- dot &- 1
            guard count >= 3 && count <= 6 else { return .some(nil) }
            for j in 0..<count {
                var byte = bytes[dot &+ 1 &+ j]
                if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte |= 0x20 }
                word |= UInt64(byte) &<< UInt64(8 &* j)
            }
            switch word {
            case 0x6E_6F73_6A: return .some(.json)  // "json"
            case 0x6C_6E6F_736A, 0x6E6F_736A_646E: return .some(.jsonl)  // "jsonl", "ndjson"
            case 0x76_7363: return .some(.csv)  // "csv"
            default: return .some(nil)
            }
        }
    }
}
