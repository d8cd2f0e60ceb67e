/// The reader of one encoding: the header, then the fields of each sample in file order.
///
/// Readers check syntax and each value's type and vocabulary; `SampleValidator` does the rest.
protocol FormatReader: AnyObject {
    /// The header; complete even when the encoding puts header data after some samples.
    func readHeader() throws(TraceError) -> TraceHeader
    /// Reads the next sample into `fields`; false at the end of the trace.
    func readSample(into fields: SampleFields) throws(TraceError) -> Bool
}
