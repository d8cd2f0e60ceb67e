import GestureKit

/// Writes a trace sample by sample, for `convert --follow`: the text before the samples, each sample's
/// text as it comes, the text after them.
///
/// The bytes are `TraceWriter`'s for the same samples but in two ways: CSV, which cannot know which
/// optional columns the samples to come will use, always has all of them (`force`, `radius`, `type`,
/// `subtype`); and a JSON document with no samples has an empty `samples` array over two lines.
///
/// ```swift
/// var writer = TraceStreamWriter(encoding: .jsonl)
/// out(writer.prologue(header: header))
/// for sample in samples { out(try writer.sample(sample)) }
/// out(writer.epilogue())
/// ```
public struct TraceStreamWriter {
    /// The encoding written.
    public let encoding: TraceEncoding
    private var count = 0

    /// A writer of `encoding`.
    public init(encoding: TraceEncoding) {
        self.encoding = encoding
    }

    /// The text before the first sample: the header (the CSV comment and header row).
    public func prologue(header: TraceHeader) -> String {
        switch encoding {
        case .json: return TraceWriter.jsonDocumentHeader(header) + ",\n  \"samples\": [\n"
        case .jsonl: return TraceWriter.jsonLinesHeader(header)
        case .csv:
            let screen = header.screenOrDefault
            return "# screen: " + TraceNumber.string(screen.width) + "x" + TraceNumber.string(screen.height) + "\n"
                + "t,id,phase,x,y,force,radius,type,subtype\n"
        }
    }

    /// The text of the next sample.
    ///
    /// - Throws: `TraceWriteError` for a string id that CSV cannot hold.
    public mutating func sample(_ sample: Sample) throws(TraceWriteError) -> String {
        defer { count += 1 }
        switch encoding {
        case .json:
            var text = count > 0 ? ",\n    " : "    "
            TraceWriter.appendJSON(sample, to: &text)
            return text
        case .jsonl:
            var text = ""
            TraceWriter.appendJSON(sample, to: &text)
            return text + "\n"
        case .csv:
            if case .touch(.name(let name), _, _, _, _) = sample.kind, !TraceWriter.isWritableCSVName(name) {
                throw .idNotWritableInCSV(id: name, sampleIndex: count)
            }
            return TraceWriter.csvRow(sample, force: true, radius: true, types: true)
        }
    }

    /// The text after the last sample.
    public func epilogue() -> String {
        encoding == .json ? (count > 0 ? "\n  ]\n}\n" : "  ]\n}\n") : ""
    }
}
