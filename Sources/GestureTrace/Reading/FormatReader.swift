/// The reader of one encoding: the header, then the fields of each sample in file order.
///
/// Readers check syntax and each value's type and vocabulary; `SampleValidator` does the rest. They are
/// structs mutated in place by their one owner, `TraceReader`.
protocol FormatReader {
    /// Prepares to read: skips a byte order mark.
    mutating func start() throws(TraceError)
    /// The header; complete even when the encoding puts header data after some samples.
    mutating func readHeader() throws(TraceError) -> TraceHeader
    /// The header as far as the trace gives it before its first sample, without reading ahead, and whether
    /// that is all of it (false for a JSON document whose members after the samples are not read yet).
    mutating func readHeaderBeforeSamples() throws(TraceError) -> (header: TraceHeader, complete: Bool)
    /// Reads the next sample into `fields`; false at the end of the trace.
    mutating func readSample(into fields: inout SampleFields) throws(TraceError) -> Bool
    /// For CSV, once the header row is read, whether it has a column for each key (indexed by
    /// `SampleKey.rawValue`); nil for the other encodings and before.
    var columnExists: [Bool]? { get }
    /// Whether the fast path (`FastCursor`) is tried before the general reader; tests turn it off to compare.
    var fastPathEnabled: Bool { get set }
    /// Whether the fast path gives every number its value; false while `TraceReader.readToEnd()` only checks,
    /// when x, y, force and radius in the common short form are checked without being converted (their
    /// fields are then not filled: nothing reads them).
    var valuesNeeded: Bool { get set }
    /// How many samples the fast path has read.
    var fastSampleCount: Int { get }
    /// When the next sample was read ahead and queued (a JSON document's samples before a member after
    /// them), gives its fields to `validate` where they are, sets `position` to its start and returns what
    /// `validate` returns; nil when no sample is queued (`readSample(into:)` then reads the next one).
    mutating func validateQueued<Result>(
        _ validator: inout SampleValidator, at position: inout SourcePosition,
        _ validate: (inout SampleValidator, inout SampleFields) throws(TraceError) -> Result
    ) throws(TraceError) -> Result?
}

extension FormatReader {
    var columnExists: [Bool]? { nil }

    mutating func readHeaderBeforeSamples() throws(TraceError) -> (header: TraceHeader, complete: Bool) {
        (try readHeader(), true)
    }

    @inline(__always)
    mutating func validateQueued<Result>(
        _ validator: inout SampleValidator, at position: inout SourcePosition,
        _ validate: (inout SampleValidator, inout SampleFields) throws(TraceError) -> Result
    ) throws(TraceError) -> Result? { nil }
}
