import GestureTrace

/// A trace to check and the files beside it.
struct CheckTarget: Sendable, Hashable {
    /// The trace's path, normalized (``CheckPath/normalized(_:)``).
    var trace: String
    /// Its directory: `CheckPath.directory(of: trace)`.
    var directory: String
    /// Whether the actual file may exist (false when the directory listing showed it does not, so
    /// that a matching trace needs no attempt to remove it).
    var actualMayExist = true

    /// The trace at `trace` (a normalized path), in `directory` when it is known already.
    init(trace: String, directory: String? = nil, actualMayExist: Bool = true) {
        self.trace = trace
        self.directory = directory ?? CheckPath.directory(of: trace)
        self.actualMayExist = actualMayExist
    }

    // The golden and actual paths are made when they are asked for, on the thread that checks the
    // trace, not for every trace before the first is checked (two paths a trace were a seventh of
    // that serial work).

    /// Its golden file: `NAME.expected.jsonl` beside it.
    var golden: String { CheckPath.concatenated(trace, GoldenNaming.goldenSuffix, "") }
    /// Where a mismatch's actual output goes: `NAME.actual.jsonl` beside it.
    var actual: String { CheckPath.concatenated(trace, GoldenNaming.actualSuffix, "") }
}

/// Finds the traces named by `check`'s paths, their golden files, and golden files without a trace.
///
/// - A directory is searched recursively, except for entries whose name starts with `.`,
///   directories named `scenes`, and symbolic links to directories.
/// - A trace file is taken as it is, whatever its directory.
/// - A golden (`*.expected.jsonl`) or actual (`*.actual.jsonl`) file stands for its trace, and a
///   `scene.json` for the traces beside it, so that the list of changed files of a commit checks
///   what the commit affects. A golden file whose trace does not exist is an orphan.
/// - Any other file is skipped, with a note when it was named on the command line.
/// - A path read from standard input that does not exist is skipped with a note (a list of changed
///   files names deleted ones); named on the command line, it is an error (66) like any other.
///
/// The traces come out sorted by path (UTF-8 byte order) and each once, however often and however
/// it was named: `d/c.jsonl`, `./d/../d/c.jsonl` and `/abs/d/c.jsonl` are one trace (the same
/// directory, by device and inode, and the same name), shown as it was first named. File names are
/// compared by their bytes (``FileName``), so canonically equivalent names are different traces.
///
/// See also: ``GoldenNaming`` for which files are traces and how golden files are named.
struct TraceDiscovery {
    /// The traces found, sorted.
    private(set) var targets: [CheckTarget] = []
    /// Golden files that no trace has, sorted.
    private(set) var orphans: [String] = []
    /// Paths that cannot be searched or do not exist (exit status 66).
    private(set) var problems: [TraceError] = []
    /// Files named on the command line that are not traces, for notes on standard error.
    private(set) var skipped: [String] = []
    /// Paths read from standard input that do not exist (as in a list of changed files that
    /// includes deleted ones), for notes on standard error.
    private(set) var vanished: [String] = []

    /// The keys of the traces found: those of `foundKeys[..<indexed]`. The others are added when a
    /// trace is taken that could be one of them, not while the first search of a directory adds
    /// traces that cannot have been found before (hashing each trace's key was a tenth of discovery).
    private var found: Set<TraceKey> = []
    private var foundKeys: [TraceKey] = []
    private var indexed = 0
    /// The directories (by identity) that traces were taken from.
    private var directoriesTaken: Set<CheckFiles.Identity> = []
    /// The traces of `found` in the order they were found: in sorted order already when one
    /// directory without subdirectories is searched (sorting them again was 5% of discovery).
    private var foundInOrder: [CheckTarget] = []
    private var orphanSet: [TraceKey: String] = [:]
    private var listings: [FileName: Listing] = [:]
    private var searched: Set<CheckFiles.Identity> = []

    /// One file however its path is spelled: its directory's identity and its name's bytes (two
    /// hard links, or a link and its target, are two names with two golden files).
    private struct TraceKey: Hashable {
        var directory: CheckFiles.Identity
        var name: FileName

        init(_ path: String) {
            self.init(directory: CheckFiles.identity(of: CheckPath.directory(of: path)), name: CheckPath.fileName(of: path))
        }

        /// The key of the file `name` in the directory whose identity is known.
        init(directory: CheckFiles.Identity, name: String) {
            self.directory = directory
            self.name = FileName(name)
        }
    }

    /// The traces, golden files and subdirectories of one directory.
    private struct Listing {
        var traces: [String] = []
        /// The golden files whose trace is not in ``traces``.
        var orphans: [String] = []
        var directories: [String] = []
        /// The names of the actual files, lowercased (a file system may ignore case), when the
        /// directory could be listed.
        var actuals: Set<FileName>?
        /// The directory's identity, looked up once for its traces' keys.
        var identity: CheckFiles.Identity = .spelled([])

        /// Whether the actual file of the trace `name` may exist: always when the directory could not
        /// be listed, never when it has no actual files.
        func actualMayExist(_ name: String) -> Bool {
            actuals.map { !$0.isEmpty && $0.contains(FileName((name + GoldenNaming.actualSuffix).lowercased())) } ?? true
        }
    }

    /// A path to look at and whether the user typed it (rather than piping it on standard input).
    struct Entry {
        var path: String
        var named: Bool
    }

    /// Looks at every entry, in order.
    init(_ entries: [Entry]) {
        for entry in entries { add(entry) }
        let inOrder = zip(foundInOrder, foundInOrder.dropFirst()).allSatisfy { CheckPath.precedes($0.trace, $1.trace) }
        targets = inOrder ? foundInOrder : ByteOrder.sorted(foundInOrder) { $0.trace }
        orphans = ByteOrder.sorted(Array(orphanSet.values)) { $0 }
    }

    private mutating func add(_ entry: Entry) {
        let path = CheckPath.normalized(entry.path)
        let directory = CheckPath.directory(of: path)
        let name = CheckPath.fileName(of: path)
        let kind = CheckFiles.kind(of: path)
        if kind == .missing, !entry.named, !GoldenNaming.isGolden(name), !GoldenNaming.isActual(name) {
            vanished.append(path)
            return
        }
        if kind == .directory || kind == .linkToDirectory {
            search(path)
            return
        }
        if GoldenNaming.isGolden(name) || GoldenNaming.isActual(name) {
            let golden =
                GoldenNaming.isGolden(name)
                ? name : String(name.dropLast(GoldenNaming.actualSuffix.count)) + GoldenNaming.goldenSuffix
            let listing = self.listing(of: directory)
            if let trace = listing.traces.first(where: { FileName.same(GoldenNaming.goldenName(of: $0), golden) }) {
                take(CheckPath.join(directory, trace), in: listing)
            } else if GoldenNaming.isGolden(name), kind == .file {
                addOrphan(path)
            }
            return
        }
        if name.lowercased() == GoldenNaming.sceneFileName, kind == .file {
            let listing = self.listing(of: directory)
            for trace in listing.traces { take(CheckPath.join(directory, trace), in: listing) }
            return
        }
        guard GoldenNaming.isTrace(name), !GoldenNaming.isUnderScenes(path) else {
            if kind == .missing {
                problems.append(.cannotOpen(path: path, reason: "No such file or directory"))
            } else if entry.named {
                skipped.append(path)
            }
            return
        }
        // A trace that does not exist is still checked, so that its error is reported with the others.
        var listing = self.listing(of: directory)
        if !listing.traces.contains(where: { FileName.same($0, name) }) {
            listing.traces.append(name)
        }
        take(path, in: listing)
    }

    /// Searches `directory` and the directories beneath it.
    private mutating func search(_ directory: String) {
        guard searched.insert(CheckFiles.identity(of: directory)).inserted else { return }
        let listing = self.listing(of: directory)
        foundInOrder.reserveCapacity(foundInOrder.count + listing.traces.count)
        foundKeys.reserveCapacity(foundKeys.count + listing.traces.count)
        // No trace of a directory taken from for the first time was found before: its traces (each
        // name once in a listing) are added without looking their keys up.
        let fresh = directoriesTaken.insert(listing.identity).inserted
        for trace in listing.traces {
            if fresh, Self.splitsAtItsSlash(directory, trace) {
                add(CheckTarget(trace: CheckPath.join(directory, trace), directory: directory, actualMayExist: listing.actualMayExist(trace)),
                    key: TraceKey(directory: listing.identity, name: trace))
            } else {
                take(named: trace, in: directory, listing: listing)
            }
        }
        for golden in listing.orphans { addOrphan(CheckPath.join(directory, golden)) }
        for subdirectory in listing.directories { search(CheckPath.join(directory, subdirectory)) }
    }

    /// Adds the trace at `trace` unless it was found already, under this or another spelling.
    ///
    /// - Parameter listing: the listing of the trace's directory.
    private mutating func take(_ trace: String, in listing: Listing) {
        take(trace, name: CheckPath.fileName(of: trace), directory: CheckPath.directory(of: trace), listing: listing)
    }

    /// ``take(_:in:)`` of the file `name` of `directory`, as its directory's search finds it: the path
    /// is not split again (`CheckPath` finds the last `/` by `Character`: 8,000 instructions a trace)
    /// when the name starts and the directory ends with an ASCII byte, so that the `/` between them is
    /// a `Character` of its own.
    private mutating func take(named name: String, in directory: String, listing: Listing) {
        let path = CheckPath.join(directory, name)
        guard Self.splitsAtItsSlash(directory, name) else {
            take(path, in: listing)
            return
        }
        take(path, name: name, directory: directory, listing: listing)
    }

    /// Whether `CheckPath.join(directory, name)` splits into `directory` and `name` again: the name
    /// starts and the directory ends with an ASCII byte.
    private static func splitsAtItsSlash(_ directory: String, _ name: String) -> Bool {
        (name.utf8.first.map { $0 < 0x80 } ?? false) && (directory.utf8.last.map { $0 < 0x80 } ?? false)
    }

    private mutating func take(_ trace: String, name: String, directory: String, listing: Listing) {
        let key = TraceKey(directory: listing.identity, name: name)
        while indexed < foundKeys.count {
            found.insert(foundKeys[indexed])
            indexed += 1
        }
        guard !found.contains(key) else { return }
        directoriesTaken.insert(listing.identity)
        add(CheckTarget(trace: trace, directory: directory, actualMayExist: listing.actualMayExist(name)), key: key)
    }

    /// Adds a trace not found before.
    private mutating func add(_ target: CheckTarget, key: TraceKey) {
        foundInOrder.append(target)
        foundKeys.append(key)
    }

    /// Adds an orphaned golden file unless it was found already, under this or another spelling.
    private mutating func addOrphan(_ path: String) {
        let key = TraceKey(path)
        if orphanSet[key] == nil { orphanSet[key] = path }
    }

    /// The traces, golden files and subdirectories of `directory`, read once.
    ///
    /// The names are sorted out as bytes (``DirectoryNames``): only the traces and the subdirectories
    /// are sorted, and a golden file is an orphan when no trace's name is the golden's name without
    /// its suffix, found by a binary search of the sorted traces.
    private mutating func listing(of directory: String) -> Listing {
        if let listing = listings[FileName(directory)] { return listing }
        var listing = Listing()
        listing.identity = CheckFiles.identity(of: directory)
        let underScenes = GoldenNaming.isScenesDirectory(directory)
        do throws(TraceError) {
            let names = try DirectoryNames(inDirectory: directory)
            var actuals: Set<FileName> = []
            names.withNames { keys in
                var traces: [Int] = []
                var goldens: [Int] = []
                var directories: [Int] = []
                var extensions: [(word: UInt64, isTrace: Bool)] = []
                for (index, name) in keys.enumerated() {
                    let kind = GoldenNaming.kind(ofName: name, extensions: &extensions)
                    if kind == .actual { actuals.insert(FileName(names.name(index).lowercased())) }
                    guard !GoldenNaming.isHidden(name) else { continue }
                    switch names.entries[index].kind ?? CheckFiles.kind(of: CheckPath.join(directory, names.name(index))) {
                    case .directory:
                        if !name.elementsEqual(GoldenNaming.scenesDirectoryName.utf8) { directories.append(index) }
                    case .file:
                        if kind == .golden {
                            goldens.append(index)
                        } else if !underScenes, kind == .trace {
                            traces.append(index)
                        }
                    case .missing, .linkToDirectory, .other:
                        break
                    }
                }
                let sortedTraces = ByteOrder.SortedKeys(traces.map { keys[$0] })
                listing.traces = sortedTraces.keys.map { String(decoding: $0, as: UTF8.self) }
                listing.directories = ByteOrder.order(of: directories.map { keys[$0] }).map { names.name(directories[$0]) }
                for golden in goldens where !Self.hasTrace(golden: keys[golden], among: sortedTraces) {
                    listing.orphans.append(names.name(golden))
                }
            }
            listing.actuals = actuals
        } catch {
            if CheckFiles.kind(of: directory) != .missing || searched.contains(CheckFiles.identity(of: directory)) {
                problems.append(error)
            }
        }
        listings[FileName(directory)] = listing
        return listing
    }

    private static let goldenSuffix = Array(GoldenNaming.goldenSuffix.utf8)

    /// Whether `golden` is the name of a trace of `traces` with `.expected.jsonl` after it, byte for
    /// byte: ``GoldenNaming/goldenName(of:)`` of a trace.
    private static func hasTrace(golden: UnsafeRawBufferPointer, among traces: ByteOrder.SortedKeys) -> Bool {
        let suffix = goldenSuffix
        guard golden.count > suffix.count,
            suffix.withUnsafeBytes({ ByteOrder.same(UnsafeRawBufferPointer(rebasing: golden[(golden.count - suffix.count)...]), $0) })
        else { return false }
        return traces.contains(UnsafeRawBufferPointer(rebasing: golden[..<(golden.count - suffix.count)]))
    }
}
