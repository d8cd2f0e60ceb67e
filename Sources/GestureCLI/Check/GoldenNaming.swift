import GestureTrace

/// Which files are traces, and the names of the golden and actual files beside each trace.
///
/// A trace is a file whose name ends in `.json`, `.jsonl`, `.ndjson` or `.csv` (in any case),
/// except `*.expected.jsonl` (golden files), `*.actual.jsonl` (what the last check produced),
/// `scene.json` (the scene of the traces beside it), `gesturectl-check.json` (a corpus's
/// ``CheckConfig``), names starting with `.`, and any file with a
/// directory named `scenes` in its path (scene files that traces name in their `scene` key).
///
/// The golden file of `DIR/NAME.EXT` is `DIR/NAME.EXT.expected.jsonl`: it depends only on the
/// trace's own name, so adding `tap.csv` beside `tap.jsonl` never renames `tap.jsonl`'s golden.
/// (Before gesturectl 0.2.0 it was `DIR/NAME.expected.jsonl` unless several traces shared NAME;
/// docs/ci.md says how to migrate.) The actual file is the golden's name with `.actual.jsonl` in
/// place of `.expected.jsonl`.
///
/// See also: docs/ci.md, "Which files are traces".
enum GoldenNaming {
    /// The end of a golden file's name.
    static let goldenSuffix = ".expected.jsonl"
    /// The end of an actual file's name.
    static let actualSuffix = ".actual.jsonl"
    /// The scene file that applies to the traces beside it.
    static let sceneFileName = "scene.json"
    /// The name of directories whose files are never traces.
    static let scenesDirectoryName = "scenes"

    /// Whether `name` (a file name, no directory) names a golden file.
    static func isGolden(_ name: String) -> Bool { endsLonger(name, with: goldenSuffix) }

    /// Whether `name` (or a path) names a WebDriver actions file, `NAME.actions`: a trace of the
    /// corpora whose `gesturectl-check.json` says `"actions": true`.
    static func isActions(_ name: String) -> Bool { endsLonger(name, with: ".actions") }

    /// Whether `name` names an actual file.
    static func isActual(_ name: String) -> Bool { endsLonger(name, with: actualSuffix) }

    /// Whether `name` (a file name, no directory) names a trace.
    static func isTrace(_ name: String) -> Bool {
        guard !name.hasPrefix("."), TraceEncoding(pathExtensionOf: name) != nil || isActions(name), !isGolden(name), !isActual(name)
        else { return false }
        return !isLowercased(name, sceneFileName) && !isLowercased(name, CheckConfig.fileName)
    }

    /// `name.lowercased().hasSuffix(suffix) && name.count > suffix.count`, for a lowercase ASCII `suffix`.
    private static func endsLonger(_ name: String, with suffix: String) -> Bool {
        var name = name
        if let plain = name.withUTF8({ PlainName(UnsafeRawBufferPointer($0))?.endsLonger(with: suffix) }) { return plain }
        return name.lowercased().hasSuffix(suffix) && name.count > suffix.count
    }

    /// `name.lowercased() == text`, for a lowercase ASCII `text`.
    private static func isLowercased(_ name: String, _ text: String) -> Bool {
        var name = name
        if let plain = name.withUTF8({ PlainName(UnsafeRawBufferPointer($0))?.isLowercased(text) }) { return plain }
        return name.lowercased() == text
    }

    /// `name.hasPrefix(".")` of the name whose UTF-8 bytes are `name`: a `.` that is a character of its own.
    static func isHidden(_ name: UnsafeRawBufferPointer) -> Bool {
        guard name.first == UInt8(ascii: ".") else { return false }
        if name.count == 1 || (name[1] < 0x80 && name[1] != 0x0D) { return true }
        return String(decoding: name, as: UTF8.self).hasPrefix(".")
    }

    /// What a file name makes a file of a directory, for discovery.
    enum NameKind: Equatable {
        case golden
        case actual
        case trace
        /// Anything else.
        case other
    }

    /// Whether the name whose UTF-8 bytes are `name` is a golden file's (``isGolden(_:)``), an actual
    /// file's (``isActual(_:)``), a trace's (``isTrace(_:)``) or another file's, read from the bytes
    /// when they are ``PlainName``'s, so that a directory's names need no `String` to be sorted out.
    ///
    /// - Parameter extensions: whether each extension seen so far (lowercased, up to 8 bytes) is a
    ///   trace's, as `TraceEncoding(pathExtensionOf:)` says: it is asked once for each.
    static func kind(ofName name: UnsafeRawBufferPointer, extensions: inout [(word: UInt64, isTrace: Bool)]) -> NameKind {
        guard let plain = PlainName(name) else {
            let text = String(decoding: name, as: UTF8.self)
            return isGolden(text) ? .golden : isActual(text) ? .actual : isTrace(text) ? .trace : .other
        }
        if plain.endsLonger(with: goldenSuffix) { return .golden }
        if plain.endsLonger(with: actualSuffix) { return .actual }
        guard name.first != UInt8(ascii: "."), plain.hasTraceExtension(&extensions) || plain.endsLonger(with: ".actions") else { return .other }
        return plain.isLowercased(sceneFileName) || plain.isLowercased(CheckConfig.fileName) ? .other : .trace
    }

    /// A name of ASCII bytes without CR, compared as the rules above compare `name.lowercased()` and
    /// `name.count`, without making a lowercased copy: each of its bytes is one `Character`, which
    /// lowercases alone. (Discovery asks these questions of every name in a corpus's directories;
    /// the lowercased copies were a third of its time.) Other names take the `String` methods.
    ///
    /// The bytes are read from the string's own contiguous storage: going through `utf8` and `zip`,
    /// byte by byte, was 60 million of the 400 million instructions `check` spent finding the traces of
    /// a 10,000-trace corpus before analyzing the first.
    private struct PlainName {
        let bytes: UnsafeRawBufferPointer

        init?(_ bytes: UnsafeRawBufferPointer) {
            guard bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else { return nil }
            self.bytes = bytes
        }

        /// `name.lowercased().hasSuffix(suffix) && name.count > suffix.count`, for a lowercase ASCII `suffix`.
        func endsLonger(with suffix: String) -> Bool {
            var suffix = suffix
            return suffix.withUTF8 { tail in
                guard bytes.count > tail.count else { return false }
                let start = bytes.count &- tail.count
                for i in 0..<tail.count where Self.lowercased(bytes[start &+ i]) != tail[i] { return false }
                return true
            }
        }

        /// `name.lowercased() == text`, for a lowercase ASCII `text`.
        func isLowercased(_ text: String) -> Bool {
            var text = text
            return text.withUTF8 { text in
                guard bytes.count == text.count else { return false }
                for i in 0..<bytes.count where Self.lowercased(bytes[i]) != text[i] { return false }
                return true
            }
        }

        /// `TraceEncoding(pathExtensionOf: name) != nil` for a name without `/`, whose answer depends only
        /// on the extension in lowercase: asked of `TraceEncoding` once for each extension of up to 8
        /// bytes and remembered in `extensions`.
        func hasTraceExtension(_ extensions: inout [(word: UInt64, isTrace: Bool)]) -> Bool {
            let count = bytes.count &- (bytes.lastIndex(of: UInt8(ascii: ".")) ?? bytes.count) &- 1
            guard count >= 0, count <= 8 else { return TraceEncoding(pathExtensionOf: String(decoding: bytes, as: UTF8.self)) != nil }
            // The extension's bytes in lowercase (never 0 in a name) and where it starts: one word for each.
            var word: UInt64 = 0
            for byte in bytes[(bytes.count &- count)...] { word = word &<< 8 | UInt64(Self.lowercased(byte)) }
            if let known = extensions.first(where: { $0.word == word }) { return known.isTrace }
            let isTrace = TraceEncoding(pathExtensionOf: String(decoding: bytes, as: UTF8.self)) != nil
            if bytes.count > count &+ 1 { extensions.append((word, isTrace)) }  // not for a name that is its extension
            return isTrace
        }

        private static func lowercased(_ byte: UInt8) -> UInt8 {
            byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
        }
    }

    /// Whether a file at `path` is out of the search because a directory of the path is `scenes`.
    static func isUnderScenes(_ path: String) -> Bool {
        path.split(separator: "/").dropLast().contains { $0 == scenesDirectoryName }
    }

    /// Whether the files in `directory` are out of the search: ``isUnderScenes(_:)`` of every
    /// `CheckPath.join(directory, name)`, asked once.
    static func isScenesDirectory(_ directory: String) -> Bool {
        directory.split(separator: "/").contains { $0 == scenesDirectoryName }
    }

    /// The name of a trace's golden file: the trace's whole name, NAME.EXT, then `.expected.jsonl`
    /// (whatever other traces the directory holds).
    static func goldenName(of trace: String) -> String { trace + goldenSuffix }
}

/// A file name or path that compares, hashes and sorts by its UTF-8 bytes, as the file system
/// tells names apart.
///
/// Swift's `String` equality is Unicode canonical equivalence: a precomposed `é.jsonl` (U+00E9) and
/// a decomposed `é.jsonl` (`e` + U+0301) are equal strings but two files, so every dictionary, set
/// and comparison of file names in discovery and golden naming goes through this type.
struct FileName: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The name as given.
    let text: String

    /// Wraps `text`.
    init(_ text: String) {
        self.text = text
    }

    // Its UTF-8 bytes decide equality and order, compared and hashed in the string's own storage: a
    // copy of the bytes for each name was a third of discovery, which names every file several times.
    static func == (a: FileName, b: FileName) -> Bool { same(a.text, b.text) }
    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
    static func < (a: FileName, b: FileName) -> Bool { CheckPath.precedes(a.text, b.text) }
    var description: String { text }

    /// Whether two names are the same bytes.
    static func same(_ a: String, _ b: String) -> Bool { ByteOrder.same(a, b) }
}

/// Paths as `check` shows them: `./` and repeated slashes removed, so that the same file given two
/// ways is checked once and reported the same way.
enum CheckPath {
    /// `path` without `.` components, empty components and trailing slashes; `.` when nothing is left.
    static func normalized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        let parts = path.split(separator: "/").filter { $0 != "." }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// `directory/name`, or `name` alone in the current directory.
    static func join(_ directory: String, _ name: String) -> String {
        switch directory {
        case ".": return name
        case "/": return "/" + name
        default: return concatenated(directory, "/", name)
        }
    }

    /// `a + b + c + d`, made at its final size at once: `+` copies the first and grows the copy for
    /// each string after it (discovery makes each trace's path, its worker the golden and actual paths).
    static func concatenated(_ a: String, _ b: String, _ c: String, _ d: String = "") -> String {
        let count = a.utf8.count &+ b.utf8.count &+ c.utf8.count &+ d.utf8.count
        return String(unsafeUninitializedCapacity: count) { buffer in
            guard let start = buffer.baseAddress else { return 0 }
            // Each part copied to where the one before ended (a nested function that moved a captured
            // end was an exclusivity check a part: a quarter of making a path).
            let end = copy(d, to: copy(c, to: copy(b, to: copy(a, to: start))))
            return end - start
        }
    }

    /// Copies the UTF-8 bytes of `part` to `target`; where they end.
    private static func copy(_ part: String, to target: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let copied = part.utf8.withContiguousStorageIfAvailable { bytes in
            guard let source = bytes.baseAddress else { return target }
            target.update(from: source, count: bytes.count)
            return target + bytes.count
        }
        if let copied { return copied }
        var end = target
        for byte in part.utf8 {
            end.pointee = byte
            end += 1
        }
        return end
    }

    /// The directory part of a normalized path: `.` for a bare name.
    static func directory(of path: String) -> String {
        guard let slash = lastSlash(of: path) else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of a normalized path.
    static func fileName(of path: String) -> String {
        guard let slash = lastSlash(of: path) else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// `path.lastIndex(of: "/")`, the last `/` that is a `Character` of its own.
    ///
    /// Found by its byte when the bytes on either side of the last `/` byte are ASCII (neither can join it
    /// into a larger character); by `Character` otherwise. (By `Character` it cost about 4,000
    /// instructions for each trace of a corpus: `check` asks it for every trace's config.)
    private static func lastSlash(of path: String) -> String.Index? {
        let bytes = path.utf8
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        let after = bytes.index(after: slash)
        let plainBefore = slash == bytes.startIndex || bytes[bytes.index(before: slash)] < 0x80
        let plainAfter = after == bytes.endIndex || bytes[after] < 0x80
        return plainBefore && plainAfter ? slash : path.lastIndex(of: "/")
    }

    /// Orders paths by their UTF-8 bytes, the same on every machine and in every locale.
    static func precedes(_ a: String, _ b: String) -> Bool { ByteOrder.precedes(a, b) }
}
