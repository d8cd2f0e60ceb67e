import GestureKit
import GestureTrace

/// Writes the samples of `convert --follow` as bytes: exactly `TraceStreamWriter`'s text, but a
/// touch sample with a number id (nearly every sample of a recording) is written field by field into
/// a ``ByteBuffer`` instead of being built as a `String`.
///
/// `TraceStreamWriter` built one `String` per sample and several per number; through the byte
/// writer, `cat big.jsonl | convert -f | analyze -f` runs at the speed of `analyze -f` (docs/live.md,
/// docs/performance.md). Other samples (string ids, motion, remote-control and application events)
/// are rare and spelled by `TraceStreamWriter` itself; the tests compare the two on many samples.
struct SampleBytesWriter {
    /// The encoding written.
    let encoding: TraceEncoding
    private var count = 0

    /// A writer of `encoding`.
    init(encoding: TraceEncoding) {
        self.encoding = encoding
    }

    /// The text before the first sample (`TraceStreamWriter`'s).
    func prologue(header: TraceHeader) -> String {
        TraceStreamWriter(encoding: encoding).prologue(header: header)
    }

    /// Appends the next sample's text to `out`.
    ///
    /// - Throws: `TraceWriteError` for a string id that CSV cannot hold (nothing is appended).
    mutating func sample(_ sample: Sample, to out: inout ByteBuffer) throws(TraceWriteError) {
        guard case .touch(.number(let id), let phase, let location, let force, let radius) = sample.kind else {
            try spelledByTraceWriter(sample, to: &out)
            count += 1
            return
        }
        switch encoding {
        case .csv:
            // t,id,phase,x,y,force,radius,type,subtype: every column, as TraceStreamWriter writes CSV.
            out.appendTraceNumber(sample.t)
            out.append(UInt8(ascii: ","))
            out.appendInteger(id)
            out.append(UInt8(ascii: ","))
            out.append(utf8: phase.rawValue)
            out.append(UInt8(ascii: ","))
            out.appendTraceNumber(location.x)
            out.append(UInt8(ascii: ","))
            out.appendTraceNumber(location.y)
            out.append(UInt8(ascii: ","))
            if let force { out.appendTraceNumber(force) }
            out.append(UInt8(ascii: ","))
            if let radius { out.appendTraceNumber(radius) }
            out.append(",,\n")
        case .json, .jsonl:
            if encoding == .json { out.append(count > 0 ? ",\n    " : "    ") }
            out.append("{\"t\":")
            out.appendTraceNumber(sample.t)
            out.append(",\"id\":")
            out.appendInteger(id)
            out.append(",\"phase\":\"")
            out.append(utf8: phase.rawValue)
            out.append("\",\"x\":")
            out.appendTraceNumber(location.x)
            out.append(",\"y\":")
            out.appendTraceNumber(location.y)
            if let force {
                out.append(",\"force\":")
                out.appendTraceNumber(force)
            }
            if let radius {
                out.append(",\"radius\":")
                out.appendTraceNumber(radius)
            }
            out.append(encoding == .json ? "}" : "}\n")
        }
        count += 1
    }

    /// The text after the last sample (`TraceStreamWriter`'s for as many samples).
    func epilogue() -> String {
        encoding == .json ? (count > 0 ? "\n  ]\n}\n" : "  ]\n}\n") : ""
    }

    /// A sample written by `TraceStreamWriter`: as the only sample of a JSON Lines or CSV stream, with
    /// the JSON document's separator added here, and a CSV error numbered as this stream's.
    private func spelledByTraceWriter(_ sample: Sample, to out: inout ByteBuffer) throws(TraceWriteError) {
        var single = TraceStreamWriter(encoding: encoding == .csv ? .csv : .jsonl)
        var text: String
        do throws(TraceWriteError) {
            text = try single.sample(sample)
        } catch {
            guard case .idNotWritableInCSV(let id, _) = error else { throw error }
            throw .idNotWritableInCSV(id: id, sampleIndex: count)
        }
        if encoding == .json {
            out.append(count > 0 ? ",\n    " : "    ")
            text.removeLast()  // the line feed of JSON Lines
        }
        out.append(utf8: text)
    }
}

extension ByteBuffer {
    /// Appends a number as traces spell it (`TraceWriter.number(_:)`): the shortest decimal that
    /// reads back as the same value, never with an exponent, integers without a decimal point,
    /// non-finite values as `0`.
    ///
    /// The standard library's shortest spelling is copied byte by byte; the rare spelling with an
    /// exponent is left to `TraceWriter.number(_:)`.
    mutating func appendTraceNumber(_ value: Double) {
        if value.magnitude < 9_007_199_254_740_992, value == value.rounded(.towardZero) {
            appendInteger(Int(value))  // -0 is 0
            return
        }
        guard value.isFinite else {
            append(UInt8(ascii: "0"))
            return
        }
        var description = value.magnitude.description
        let plain = description.withUTF8 { text -> Bool in
            for byte in text where byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return false }
            var end = text.count
            if end >= 2, text[end - 1] == UInt8(ascii: "0"), text[end - 2] == UInt8(ascii: ".") { end -= 2 }
            if value < 0 { append(UInt8(ascii: "-")) }
            append(UnsafeBufferPointer(rebasing: text[..<end]))
            return true
        }
        if !plain { append(utf8: TraceWriter.number(value)) }
    }
}
