import GestureKit

/// Renders one trace's records as the engine makes them, into a ``ByteSink``.
///
/// ``begin(_:)`` writes what comes before the first record, ``add(_:to:)`` takes each record kept
/// (in engine order), ``end(_:)`` writes the rest. The command writes the format's prologue,
/// separator and epilogue around the traces (``AnalysisRenderer``).
///
/// Memory: `jsonl` and `csv` keep nothing; `json` keeps the gestures that are not over yet and
/// those that finished after a gesture that is still open (in a ``Spool``: in memory up to a
/// limit, then in a temporary file), and with `--deliveries` the deliveries until the trace ends;
/// `text` keeps every line of the trace in spools until the trace ends (its columns are aligned
/// over the whole trace). None keeps more memory for a longer trace.
class TraceRenderer {
    /// Writes what comes before the trace's first record.
    func begin(_ sink: ByteSink) throws(OutputError) {}
    /// Takes one record.
    func add(_ record: AnalysisRecord, to sink: ByteSink) throws(OutputError) {}
    /// Takes one transition record, lent as it is (the one-thread replay); by default as
    /// ``add(_:to:)`` takes it.
    func add(transition: borrowing TransitionRecord, to sink: ByteSink) throws(OutputError) {
        try add(.transition(copy transition), to: sink)
    }
    /// Whether ``sample(_:to:)`` wants the trace's samples too (`trace-event` draws the touches);
    /// a renderer that does is run without the reading thread, the samples and records in order.
    var observesSamples: Bool { false }
    /// Takes one sample of the trace, just before the engine processes it.
    func sample(_ sample: Sample, to sink: ByteSink) throws(OutputError) {}
    /// Writes what comes after the trace's last record.
    func end(_ sink: ByteSink) throws(OutputError) {}
}

/// `jsonl`: one object per record and line.
final class JSONLinesTraceRenderer: TraceRenderer {
    // Unchecked: used for every record, ~9,400 checks on the 2 MB sample (with the sink's buffer, ~1%
    // of analyze's instructions).
    @exclusivity(unchecked) private var writer = RecordBytesWriter()
    private let deliveries: Bool
    private let label: [UInt8]?

    init(path: String, options: RenderOptions) {
        deliveries = options.deliveries
        label = options.labelsTraces ? Self.traceMember(path) : nil
        writer.reasonCodes = options.reasonCodes
    }

    /// `,"trace":"PATH"`.
    static func traceMember(_ path: String) -> [UInt8] {
        var bytes = ByteBuffer()
        bytes.append(",\"trace\":")
        bytes.appendJSONString(path)
        return bytes.bytes
    }

    override func add(_ record: AnalysisRecord, to sink: ByteSink) throws(OutputError) {
        switch record {
        case .transition(let transition): return try add(transition: transition, to: sink)
        case .delivery(let delivery): writer.delivery(delivery, typed: true, trace: label, to: &sink.buffer)
        case .control(let control): writer.control(control, trace: label, to: &sink.buffer)
        case .scroll(let scroll): writer.scroll(scroll, trace: label, to: &sink.buffer)
        }
        sink.buffer.append(UInt8(ascii: "\n"))
        try sink.drainIfFull()
    }

    override func add(transition: borrowing TransitionRecord, to sink: ByteSink) throws(OutputError) {
        writer.transition(transition, typed: deliveries, trace: label, to: &sink.buffer)
        sink.buffer.append(UInt8(ascii: "\n"))
        try sink.drainIfFull()
    }

    /// The trace is over: the names' cache goes back on its shelf, for the next trace.
    override func end(_ sink: ByteSink) throws(OutputError) {
        writer.shelveNames()
    }
}

/// `csv`: one row per transition, and in scenes with controls or scroll views one per control and
/// scroll record, with the extended columns (deliveries are not part of the format).
final class CSVTraceRenderer: TraceRenderer {
    // Unchecked: used for every record, as `JSONLinesTraceRenderer`'s.
    @exclusivity(unchecked) private var writer = RecordBytesWriter(csv: true)
    private let label: [UInt8]?
    private let extended: Bool

    init(path: String, options: RenderOptions, extended: Bool = false) {
        self.extended = extended
        if options.labelsTraces {
            var bytes = ByteBuffer()
            bytes.appendCSVField(path)
            bytes.append(UInt8(ascii: ","))
            label = bytes.bytes
        } else {
            label = nil
        }
    }

    override func add(_ record: AnalysisRecord, to sink: ByteSink) throws(OutputError) {
        switch record {
        case .transition(let transition): return try add(transition: transition, to: sink)
        case .control(let control): writer.csvRow(control, trace: label, to: &sink.buffer)
        case .scroll(let scroll): writer.csvRow(scroll, trace: label, to: &sink.buffer)
        case .delivery: return
        }
        try sink.drainIfFull()
    }

    override func add(transition: borrowing TransitionRecord, to sink: ByteSink) throws(OutputError) {
        writer.csvRow(transition, trace: label, extended: extended, to: &sink.buffer)
        try sink.drainIfFull()
    }

    /// The trace is over: the names' cache goes back on its shelf, for the next trace.
    override func end(_ sink: ByteSink) throws(OutputError) {
        writer.shelveNames()
    }
}
