#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GestureKit

/// Reads a trace in any of the three encodings, one validated sample at a time, in constant memory.
///
/// The input is read in 64 KiB chunks; memory grows only with the number of touches down at once.
/// Every check of trace-format.md is made as the samples are read, and the first problem is thrown as a
/// `TraceError.invalid` whose diagnostic names the file, line, column and what was expected. After an
/// error the reader stays failed: `header()` and `next()` throw the same error again.
///
/// ```swift
/// let reader = try TraceReader(path: "traces/tap.json", encoding: nil)
/// let header = try reader.header()
/// while let sample = try reader.next() {
///     engine.feed(sample)
/// }
/// reader.warnings.forEach { print($0) }  // touches still down at the end
/// ```
///
/// See also: `TraceEncoding`, `TraceHeader`, `Diagnostic`.
public final class TraceReader {
    /// The encoding being read: given, from the file extension, or sniffed.
    public let encoding: TraceEncoding
    /// The file name used in diagnostics (`<stdin>` for standard input).
    public let file: String

    /// The reader proper: a box holding the encoding's reading state, a struct specialized for the encoding
    /// and mutated in place (no dynamic exclusivity check per call or per byte; see `ReaderBox`).
    private let box: AnyReaderBox

    /// Opens the trace at `path`, or standard input when `path` is `-`.
    ///
    /// - Parameters:
    ///   - path: The file, as the user gave it.
    ///   - encoding: The encoding, or nil to choose by the file extension and, for standard input or an
    ///     unknown extension, by sniffing the first bytes (`[` or `{` → JSON document or JSON Lines,
    ///     otherwise CSV).
    ///   - regularFileSize: The size of the regular file at `path` when the caller has just looked at it
    ///     (`stat`), so that it is not looked at again; nil to let the reader find out.
    /// - Throws: `TraceError.cannotOpen` when the file cannot be opened or read.
    public convenience init(path: String, encoding: TraceEncoding?, regularFileSize: Int? = nil) throws(TraceError) {
        let isStandardInput = path == "-"
        let name = isStandardInput ? "<stdin>" : path
        let source: any ByteSource =
            isStandardInput
            ? FileSource.standardInput(name: name) : try FileSource.open(path: path, regularFileSize: regularFileSize)
        let chosen = encoding ?? (isStandardInput ? nil : TraceEncoding(pathExtensionOf: path))
        try self.init(
            source: source, name: name, encoding: chosen, chunkSize: Self.fileChunkSize,
            fastPath: !Self.generalReaderRequested)
    }

    /// Reads the stream on `descriptor` (standard input, a pipe, a FIFO, a character device), which stays
    /// open, handing every chunk read to `copy` too: a trace that must be read twice can be checked while it
    /// is copied, so that an endless or bad stream stops at its first error.
    ///
    /// - Parameters:
    ///   - descriptor: The stream, read from where it is.
    ///   - name: The name in messages.
    ///   - encoding: The encoding, or nil to sniff the first bytes.
    ///   - copy: Called with the bytes of each read, in order; what it throws ends the reading.
    /// - Throws: `TraceError` when the stream cannot be read.
    public convenience init(
        stream descriptor: Int32, name: String, encoding: TraceEncoding?,
        copy: @escaping (UnsafeRawBufferPointer) throws(TraceError) -> Void
    ) throws(TraceError) {
        let source = TeeSource(FileSource.borrowing(fd: descriptor, name: name), copy: copy)
        try self.init(
            source: source, name: name, encoding: encoding, chunkSize: Self.fileChunkSize,
            fastPath: !Self.generalReaderRequested)
    }

    /// How many bytes one read of a file asks for.
    static let fileChunkSize = 1 << 16

    /// Whether the environment variable `GESTURECTL_READER` is `general`: files are then read by the general
    /// reader alone, without the fast paths (`FastCursor`, the check-only number scan). The results are the
    /// same either way; the benchmark compares them (docs/performance.md).
    static let generalReaderRequested: Bool = {
        guard let value = getenv("GESTURECTL_READER") else { return false }
        return String(cString: value) == "general"
    }()

    /// Reads a trace held in memory (tests, fuzzing) in the given encoding.
    public convenience init(bytes: [UInt8], name: String, encoding: TraceEncoding) {
        self.init(scanner: ByteScanner(source: MemorySource(bytes), file: name), encoding: encoding)
    }

    /// Reads a trace held in memory, sniffing its encoding as for standard input.
    public convenience init(bytes: [UInt8], name: String) {
        var scanner = ByteScanner(source: MemorySource(bytes), file: name)
        let encoding = (try? Self.sniff(&scanner)) ?? .csv
        self.init(scanner: scanner, encoding: encoding)
    }

    /// Reads `source` `chunkSize` bytes at a time (tests use tiny chunks), sniffing when `encoding` is nil.
    convenience init(
        source: any ByteSource, name: String, encoding: TraceEncoding?, chunkSize: Int, fastPath: Bool = true
    ) throws(TraceError) {
        var scanner = ByteScanner(source: source, file: name, chunkSize: chunkSize)
        let resolved: TraceEncoding
        if let encoding {
            resolved = encoding
        } else {
            resolved = try Self.sniff(&scanner)
        }
        self.init(scanner: scanner, encoding: resolved, fastPath: fastPath)
    }

    private init(scanner: ByteScanner, encoding: TraceEncoding, fastPath: Bool = true) {
        self.encoding = encoding
        self.file = scanner.file
        let validator = SampleValidator(file: scanner.file, isCSV: encoding == .csv)
        switch encoding {
        case .json: box = JSONReaderBox(ReaderState(format: JSONTraceReader(scanner), validator: validator))
        case .jsonl: box = JSONLinesReaderBox(ReaderState(format: JSONLinesReader(scanner), validator: validator))
        case .csv: box = CSVReaderBox(ReaderState(format: CSVReader(scanner), validator: validator))
        }
        if !fastPath { box.disableFastPath() }
    }

    private static func sniff(_ scanner: inout ByteScanner) throws(TraceError) -> TraceEncoding {
        try scanner.skipByteOrderMark()
        return try EncodingSniffer.sniff(&scanner)
    }

    /// The header: version, screen and scene, whatever their place in the file.
    ///
    /// For a JSON document whose members follow the `samples` array this scans ahead (see
    /// `JSONTraceReader`); it may be called before, between or after `next()` calls.
    /// - Throws: `TraceError.invalid` for a header that does not parse or validate, or an error met while
    ///   scanning ahead.
    public func header() throws(TraceError) -> TraceHeader {
        try box.header()
    }

    /// The header as far as the trace gives it before its first sample, without scanning ahead, and
    /// whether that is all of it: false for a JSON document whose `samples` array comes before some of its
    /// members, which may add to the header. Once `next()` or `readToEnd()` has read to the end,
    /// `header()` gives the whole header without scanning ahead (`analyze` starts the replay of a big
    /// document with the first and checks it against the second).
    ///
    /// - Throws: the error `header()` would throw first (the members before the samples do not parse or
    ///   validate).
    public func headerBeforeSamples() throws(TraceError) -> (header: TraceHeader, complete: Bool) {
        try box.headerBeforeSamples()
    }

    /// The next sample in file order, validated against the trace so far; nil at the end of the trace.
    ///
    /// When it returns nil, `warnings` and `stillDownTouches` are complete.
    /// - Throws: `TraceError.invalid` for the first problem in the trace, `TraceError.cannotOpen` if
    ///   reading fails.
    public func next() throws(TraceError) -> Sample? {
        if let scaling { return try box.next().map(scaling.apply) }
        return try box.next()
    }

    /// Reads and validates every remaining sample exactly as `next()` calls until nil would (the same
    /// error, warnings and positions afterwards), and returns how many samples there were and the first
    /// one's `t` (nil when there were none; `lastT` then holds the last one's).
    ///
    /// One call for the whole trace, and no `Sample` built or destroyed, so a consumer that only checks
    /// the trace (`gesturectl validate`, `analyze`'s first pass) pays no per-sample call into the reader.
    public func readToEnd() throws(TraceError) -> (count: Int, firstT: Double?) {
        let (count, first) = try box.readToEnd()
        return (count, first.map { $0 * (scaling?.timeScale ?? 1) })
    }

    /// Reads every remaining sample into an array (for tests and small traces; `next()` streams).
    public func readAll() throws(TraceError) -> [Sample] {
        var samples: [Sample] = []
        while let sample = try next() { samples.append(sample) }
        return samples
    }

    /// The validator, for the properties below.
    private var validator: SampleValidator { box.validator }

    /// The position of the sample most recently returned by `next()`: its `{`, or the start of its CSV row.
    public var lastSamplePosition: SourcePosition { box.lastSamplePosition }

    /// How many samples the fast path has read (tests check that it reads the common forms).
    var fastSampleCount: Int { box.fastSampleCount }

    /// The warnings found so far; once `next()` has returned nil, one per touch still down at the end
    /// ("touch 1 is still down at the end of the trace; it is cancelled at t=0.5"), at its last sample.
    public var warnings: [Diagnostic] { validator.warnings }

    /// What the first touch samples say about the trace's units, once `next()` has returned nil (or
    /// `readToEnd()` returned): a `t` that looks like milliseconds, coordinates that look like pixels,
    /// samples outside the screen, each at the sample that shows it, with the fix (`UnitCheck`). The
    /// command line prints them with ``warnings``.
    public var unitWarnings: [Diagnostic] {
        let validator = validator
        guard validator.isFinished, let header = try? box.header() else { return [] }
        return validator.units.warnings(file: file, screen: header.screenOrDefault, scaling: scaling)
    }

    /// How `next()` converts the trace's units to seconds and points (`--time-scale`, `--scale`); nil
    /// reads the trace as it is. The checks and their messages are about the trace as written; the
    /// warnings about units (``warnings``) take the scaling into account.
    ///
    /// `@exclusivity(unchecked)`: `next()` reads it for every sample, and the runtime's check of that read
    /// was 0.9% of `check`'s instructions. It is set once, before reading, by the reader's one user.
    @exclusivity(unchecked) public var scaling: SampleScaling?

    /// The touches still down at the end of the trace, in the order of their `began` samples
    /// (complete once `next()` has returned nil).
    public var stillDownTouches: [StillDownTouch] { validator.stillDown }

    /// The `t` of the last sample read, at which the engine cancels the touches still down; nil before any.
    public var lastT: Double? {
        let validator = validator
        return validator.hasPrevious ? validator.previousT * (scaling?.timeScale ?? 1) : nil
    }
}

/// What `TraceReader` asks of its box, whatever the encoding.
private class AnyReaderBox {
    func header() throws(TraceError) -> TraceHeader { fatalError("abstract") }
    func headerBeforeSamples() throws(TraceError) -> (header: TraceHeader, complete: Bool) { fatalError("abstract") }
    func next() throws(TraceError) -> Sample? { fatalError("abstract") }
    func readToEnd() throws(TraceError) -> (count: Int, firstT: Double?) { fatalError("abstract") }
    var validator: SampleValidator { fatalError("abstract") }
    var lastSamplePosition: SourcePosition { fatalError("abstract") }
    var fastSampleCount: Int { fatalError("abstract") }
    func disableFastPath() { fatalError("abstract") }
}

/// Holds one encoding's reading state, mutated in place by `TraceReader`: the calls made once per trace.
///
/// The calls made per sample, `next()` and `readToEnd()`, are overridden by one final subclass per
/// encoding (`JSONReaderBox`, `JSONLinesReaderBox`, `CSVReaderBox`), so that each reads through fully
/// specialized code: a generic class's own methods run unspecialized through its vtable. (Sharing all of
/// them through a protocol's default implementations instead cost 250,000 instructions, 0.65%, of
/// `validate` on the 2 MB JSON Lines sample, and 0.45% of `analyze`.)
///
/// `state` is `@exclusivity(unchecked)`: the runtime would otherwise check, at every `next()`, that no other
/// access to it is under way (two checks per sample, about 6% of reading). None can be: the box is private
/// to its `TraceReader`, which is not `Sendable` (one thread uses it at a time; `analyze` hands it over to
/// its reading thread whole), every method accesses `state` once, for the duration of one call, and nothing
/// reached from inside that access (the format reader, the validator, the byte source) can call back into the
/// `TraceReader`. The static checks (overlapping `inout` accesses within the code) still apply.
private class ReaderBox<Format: FormatReader>: AnyReaderBox {
    @exclusivity(unchecked) final var state: ReaderState<Format>
    init(_ state: ReaderState<Format>) { self.state = state }
    override final func header() throws(TraceError) -> TraceHeader { try state.header() }
    override final func headerBeforeSamples() throws(TraceError) -> (header: TraceHeader, complete: Bool) {
        try state.headerBeforeSamples()
    }
    override final var validator: SampleValidator { state.validator }
    override final var lastSamplePosition: SourcePosition { state.lastSamplePosition }
    override final var fastSampleCount: Int { state.format.fastSampleCount }
    override final func disableFastPath() { state.format.fastPathEnabled = false }
}

/// The box of a JSON document.
private final class JSONReaderBox: ReaderBox<JSONTraceReader> {
    override func next() throws(TraceError) -> Sample? { try state.next() }
    override func readToEnd() throws(TraceError) -> (count: Int, firstT: Double?) { try state.readToEnd() }
}

/// The box of a JSON Lines trace.
private final class JSONLinesReaderBox: ReaderBox<JSONLinesReader> {
    override func next() throws(TraceError) -> Sample? { try state.next() }
    override func readToEnd() throws(TraceError) -> (count: Int, firstT: Double?) { try state.readToEnd() }
}

/// The box of a CSV trace.
private final class CSVReaderBox: ReaderBox<CSVReader> {
    override func next() throws(TraceError) -> Sample? { try state.next() }
    override func readToEnd() throws(TraceError) -> (count: Int, firstT: Double?) { try state.readToEnd() }
}

/// A format reader, the fields it fills and the validator that checks them: everything `TraceReader` does.
///
/// After an error the state stays failed: `header()` and `next()` throw the same error again.
struct ReaderState<Format: FormatReader> {
    var format: Format
    var fields = SampleFields()
    var validator: SampleValidator
    var lastSamplePosition = SourcePosition(line: 1, column: 1)
    private var started = false
    private var columnsKnown = false
    private var failure: TraceError?
    /// Failed (`failure`) or finished, as a plain flag: testing the optional error copied and destroyed it at
    /// every sample.
    private var stopped = false

    init(format: Format, validator: SampleValidator) {
        self.format = format
        self.validator = validator
    }

    mutating func header() throws(TraceError) -> TraceHeader {
        try readingHeader { (format) throws(TraceError) in try format.readHeader() }
    }

    mutating func headerBeforeSamples() throws(TraceError) -> (header: TraceHeader, complete: Bool) {
        try readingHeader { (format) throws(TraceError) in try format.readHeaderBeforeSamples() }
    }

    /// Reads (some of) the header with `read`; an error leaves the state failed.
    private mutating func readingHeader<Result>(_ read: (inout Format) throws(TraceError) -> Result) throws(TraceError) -> Result {
        if let failure { throw failure }
        do {
            try start()
            let result = try read(&format)
            noteColumns()
            return result
        } catch {
            failure = error
            stopped = true
            throw error
        }
    }

    /// The next sample; nil at the end.
    @inline(__always)
    mutating func next() throws(TraceError) -> Sample? {
        try read { (validator, fields) throws(TraceError) in try validator.validate(&fields) }
    }

    /// The next sample's `t`, read and validated exactly as by `next()`; nil at the end.
    @inline(__always)
    mutating func nextTime() throws(TraceError) -> Double? {
        try read { (validator, fields) throws(TraceError) in try validator.validateTime(&fields) }
    }

    /// `nextTime()` until nil: how many samples there were and the first one's `t`.
    @inline(__always)
    mutating func readToEnd() throws(TraceError) -> (count: Int, firstT: Double?) {
        // The first samples are read with their values, for the validator's `UnitCheck`; the rest are
        // only checked.
        guard let first = try nextTime() else { return (0, nil) }
        var count = 1
        while validator.units.collecting, try nextTime() != nil { count &+= 1 }
        guard !stopped else { return (count, first) }
        format.valuesNeeded = false
        defer { format.valuesNeeded = true }
        while try nextTime() != nil { count &+= 1 }
        return (count, first)
    }

    /// Reads the next sample's fields and gives them to `validate` (one of the validator's two entries, which
    /// make the same checks); nil at the end.
    @inline(__always)
    private mutating func read<Result>(
        _ validate: (inout SampleValidator, inout SampleFields) throws(TraceError) -> Result
    ) throws(TraceError) -> Result? {
        if stopped { return try nextAfterEnd() }
        do {
            if !started { try start() }
            if let result = try format.validateQueued(&validator, at: &lastSamplePosition, validate) {
                return result
            }
            guard try format.readSample(into: &fields) else {
                validator.finish()
                stopped = true
                return nil
            }
            if !columnsKnown { noteColumns() }
            let result = try validate(&validator, &fields)
            lastSamplePosition = fields.start
            return result
        } catch {
            failure = error
            stopped = true
            throw error
        }
    }

    /// `next()` once failed or finished.
    private func nextAfterEnd<Result>() throws(TraceError) -> Result? {
        if let failure { throw failure }
        return nil
    }

    private mutating func start() throws(TraceError) {
        guard !started else { return }
        started = true
        try format.start()
    }

    /// Gives the validator the CSV columns, for messages about missing cells.
    private mutating func noteColumns() {
        guard !columnsKnown, let columns = format.columnExists else {
            if Format.self != CSVReader.self { columnsKnown = true }
            return
        }
        columnsKnown = true
        validator.columnExists = columns
    }
}
