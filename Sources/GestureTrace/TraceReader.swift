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
    /// The position of the sample most recently returned by `next()`: its `{`, or the start of its CSV row.
    public private(set) var lastSamplePosition = SourcePosition(line: 1, column: 1)

    private let scanner: ByteScanner
    private let format: any FormatReader
    private let fields = SampleFields()
    private var validator: SampleValidator
    private var started = false
    private var finished = false
    private var columnsKnown = false
    private var failure: TraceError?

    /// Opens the trace at `path`, or standard input when `path` is `-`.
    ///
    /// - Parameters:
    ///   - path: The file, as the user gave it.
    ///   - encoding: The encoding, or nil to choose by the file extension and, for standard input or an
    ///     unknown extension, by sniffing the first bytes (`[` or `{` → JSON document or JSON Lines,
    ///     otherwise CSV).
    /// - Throws: `TraceError.cannotOpen` when the file cannot be opened or read.
    public convenience init(path: String, encoding: TraceEncoding?) throws(TraceError) {
        let isStandardInput = path == "-"
        let name = isStandardInput ? "<stdin>" : path
        let source: any ByteSource =
            isStandardInput ? FileSource.standardInput(name: name) : try FileSource.open(path: path)
        let chosen = encoding ?? (isStandardInput ? nil : TraceEncoding(pathExtensionOf: path))
        try self.init(source: source, name: name, encoding: chosen, chunkSize: 1 << 16)
    }

    /// Reads a trace held in memory (tests, fuzzing) in the given encoding.
    public convenience init(bytes: [UInt8], name: String, encoding: TraceEncoding) {
        self.init(scanner: ByteScanner(source: MemorySource(bytes), file: name), encoding: encoding)
    }

    /// Reads a trace held in memory, sniffing its encoding as for standard input.
    public convenience init(bytes: [UInt8], name: String) {
        let scanner = ByteScanner(source: MemorySource(bytes), file: name)
        let encoding = (try? Self.sniff(scanner)) ?? .csv
        self.init(scanner: scanner, encoding: encoding)
    }

    /// Reads `source` `chunkSize` bytes at a time (tests use tiny chunks), sniffing when `encoding` is nil.
    convenience init(source: any ByteSource, name: String, encoding: TraceEncoding?, chunkSize: Int)
        throws(TraceError)
    {
        let scanner = ByteScanner(source: source, file: name, chunkSize: chunkSize)
        let resolved: TraceEncoding
        if let encoding {
            resolved = encoding
        } else {
            resolved = try Self.sniff(scanner)
        }
        self.init(scanner: scanner, encoding: resolved)
    }

    private init(scanner: ByteScanner, encoding: TraceEncoding) {
        self.scanner = scanner
        self.encoding = encoding
        self.file = scanner.file
        switch encoding {
        case .json: format = JSONTraceReader(scanner)
        case .jsonl: format = JSONLinesReader(scanner)
        case .csv: format = CSVReader(scanner)
        }
        validator = SampleValidator(file: scanner.file, isCSV: encoding == .csv)
    }

    private static func sniff(_ scanner: ByteScanner) throws(TraceError) -> TraceEncoding {
        try scanner.skipByteOrderMark()
        return try EncodingSniffer.sniff(scanner)
    }

    /// The header: version, screen and scene, whatever their place in the file.
    ///
    /// For a JSON document whose members follow the `samples` array this scans ahead (see
    /// `JSONTraceReader`); it may be called before, between or after `next()` calls.
    /// - Throws: `TraceError.invalid` for a header that does not parse or validate, or an error met while
    ///   scanning ahead.
    public func header() throws(TraceError) -> TraceHeader {
        if let failure { throw failure }
        do {
            try start()
            let header = try format.readHeader()
            noteColumns()
            return header
        } catch {
            failure = error
            throw error
        }
    }

    /// The next sample in file order, validated against the trace so far; nil at the end of the trace.
    ///
    /// When it returns nil, `warnings` and `stillDownTouches` are complete.
    /// - Throws: `TraceError.invalid` for the first problem in the trace, `TraceError.cannotOpen` if
    ///   reading fails.
    public func next() throws(TraceError) -> Sample? {
        if let failure { throw failure }
        if finished { return nil }
        do {
            try start()
            guard try format.readSample(into: fields) else {
                validator.finish()
                finished = true
                return nil
            }
            noteColumns()
            let sample = try validator.validate(fields)
            lastSamplePosition = fields.start
            return sample
        } catch {
            failure = error
            throw error
        }
    }

    /// Reads every remaining sample into an array (for tests and small traces; `next()` streams).
    public func readAll() throws(TraceError) -> [Sample] {
        var samples: [Sample] = []
        while let sample = try next() { samples.append(sample) }
        return samples
    }

    /// The warnings found so far; once `next()` has returned nil, one per touch still down at the end
    /// ("touch 1 is still down at the end of the trace; it is cancelled at t=0.5"), at its last sample.
    public var warnings: [Diagnostic] { validator.warnings }

    /// The touches still down at the end of the trace, in the order of their `began` samples
    /// (complete once `next()` has returned nil).
    public var stillDownTouches: [StillDownTouch] { validator.stillDown }

    /// The `t` of the last sample read, at which the engine cancels the touches still down; nil before any.
    public var lastT: Double? { validator.hasPrevious ? validator.previousT : nil }

    private func start() throws(TraceError) {
        guard !started else { return }
        started = true
        try scanner.skipByteOrderMark()
    }

    /// Gives the validator the CSV columns, for messages about missing cells.
    private func noteColumns() {
        guard !columnsKnown, let csv = format as? CSVReader else { return }
        columnsKnown = true
        validator.columnExists = csv.columnExists
    }
}
