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
/// `text` keeps every record of the trace (its columns are aligned over the whole trace).
class TraceRenderer {
    /// Writes what comes before the trace's first record.
    func begin(_ sink: ByteSink) throws(OutputError) {}
    /// Takes one record.
    func add(_ record: AnalysisRecord, to sink: ByteSink) throws(OutputError) {}
    /// Writes what comes after the trace's last record.
    func end(_ sink: ByteSink) throws(OutputError) {}
}

/// `jsonl`: one object per record and line.
final class JSONLinesTraceRenderer: TraceRenderer {
    private var writer = RecordBytesWriter()
    private let deliveries: Bool
    private let label: [UInt8]?

    init(path: String, options: RenderOptions) {
        deliveries = options.deliveries
        label = options.labelsTraces ? Self.traceMember(path) : nil
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
        case .transition(let transition): writer.transition(transition, typed: deliveries, trace: label, to: &sink.buffer)
        case .delivery(let delivery): writer.delivery(delivery, typed: true, trace: label, to: &sink.buffer)
        }
        sink.buffer.append(UInt8(ascii: "\n"))
        try sink.drainIfFull()
    }
}

/// `csv`: one row per transition (deliveries are not part of the format).
final class CSVTraceRenderer: TraceRenderer {
    private var writer = RecordBytesWriter(csv: true)
    private let label: [UInt8]?

    init(path: String, options: RenderOptions) {
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
        guard case .transition(let transition) = record else { return }
        writer.csvRow(transition, trace: label, to: &sink.buffer)
        try sink.drainIfFull()
    }
}

/// `text`: keeps the trace's records and renders them with ``TextRenderer`` at the end (its
/// columns are aligned over the whole trace).
final class TextTraceRenderer: TraceRenderer {
    private let renderer: TextRenderer
    private var trace: AnalyzedTrace

    init(path: String, options: RenderOptions) {
        renderer = TextRenderer(options: options)
        trace = AnalyzedTrace(path: path, records: [])
    }

    override func add(_ record: AnalysisRecord, to sink: ByteSink) throws(OutputError) {
        trace.records.append(record)
    }

    override func end(_ sink: ByteSink) throws(OutputError) {
        sink.buffer.append(utf8: renderer.render(trace))
        trace.records = []
        try sink.drainIfFull()
    }
}

/// `json`: the trace object, its gestures streamed in the order of their first transitions as
/// soon as they and every gesture begun before them are over.
///
/// Gestures waiting for an earlier one to end are kept in spools; runs of finished gestures are
/// merged, so there are never more than twice as many spools as open gestures (at most one per
/// recognizer), plus one.
final class JSONTraceRenderer: TraceRenderer {
    private let path: String
    private var writer = RecordBytesWriter()
    private var scratch = ByteBuffer()
    /// Open gestures and runs of finished ones, in the order of their first transitions; the first
    /// is always an open gesture (finished ones at the front are written out at once).
    private var segments: [Segment] = []
    /// The open gesture of each recognizer.
    private var open: [String: Segment] = [:]
    private var gestureCount = 0
    private var deliveries: Spool?
    private var deliveryCount = 0

    /// One gesture still open, or a run of finished gestures ready to be written.
    private final class Segment {
        var recognizer = ""
        var kind = ""
        var view = ""
        var start = 0.0
        var end = 0.0
        var outcome = RecognizerState.possible
        var isFirstGesture = false
        var transitionCount = 0
        /// The transitions written so far (an open gesture), or the run's text (finished gestures).
        let bytes: Spool
        /// Whether this is a run of finished gestures.
        let finished: Bool

        /// An open gesture, from its first transition.
        init(_ first: TransitionRecord, isFirstGesture: Bool, spoolLimit: Int) {
            recognizer = first.recognizer
            kind = first.kind
            view = first.view
            start = first.t
            end = first.t
            outcome = first.state
            self.isFirstGesture = isFirstGesture
            bytes = Spool(memoryLimit: spoolLimit)
            finished = false
        }

        /// A run of finished gestures, written in `bytes`.
        init(run bytes: Spool) {
            self.bytes = bytes
            finished = true
        }
    }

    private let spoolLimit: Int

    /// - Parameter spoolLimit: the most bytes each waiting gesture keeps in memory (tests make it
    ///   tiny, to exercise the temporary files).
    init(path: String, options: RenderOptions, spoolLimit: Int = 1 << 16) {
        self.path = path
        self.spoolLimit = spoolLimit
        if options.deliveries { deliveries = Spool(memoryLimit: max(spoolLimit, 1 << 4) << 4) }
    }

    override func begin(_ sink: ByteSink) throws(OutputError) {
        sink.buffer.append("{\"trace\":")
        sink.buffer.appendJSONString(path)
        sink.buffer.append(",\"gestures\":[")
    }

    override func add(_ record: AnalysisRecord, to sink: ByteSink) throws(OutputError) {
        switch record {
        case .transition(let transition):
            let segment: Segment
            if let existing = open[transition.recognizer] {
                segment = existing
            } else {
                segment = Segment(transition, isFirstGesture: gestureCount == 0, spoolLimit: spoolLimit)
                gestureCount += 1
                segments.append(segment)
                open[transition.recognizer] = segment
            }
            scratch.removeAll()
            if segment.transitionCount > 0 { scratch.append(UInt8(ascii: ",")) }
            writer.transition(transition, typed: false, trace: nil, identified: false, to: &scratch)
            try segment.bytes.append(scratch)
            segment.transitionCount += 1
            segment.end = transition.t
            segment.outcome = transition.state
            if transition.state.isFinal {
                open[transition.recognizer] = nil
                try finish(segment, sink)
            }
        case .delivery(let delivery):
            guard let deliveries else { return }
            scratch.removeAll()
            if deliveryCount > 0 { scratch.append(UInt8(ascii: ",")) }
            writer.delivery(delivery, typed: false, trace: nil, to: &scratch)
            try deliveries.append(scratch)
            deliveryCount += 1
        }
    }

    override func end(_ sink: ByteSink) throws(OutputError) {
        for segment in segments {
            if segment.finished {
                try segment.bytes.write(to: sink)
            } else {
                try writeGesture(segment, to: sink)
            }
        }
        segments = []
        open = [:]
        sink.buffer.append(UInt8(ascii: "]"))
        if let deliveries {
            sink.buffer.append(",\"deliveries\":[")
            try deliveries.write(to: sink)
            deliveries.removeAll()
            sink.buffer.append(UInt8(ascii: "]"))
        }
        sink.buffer.append(UInt8(ascii: "}"))
        try sink.drainIfFull()
    }

    /// A gesture is over: written out if no gesture begun before it is open, otherwise joined to
    /// the finished run before it (or made a run itself), and the run after it joined to it.
    private func finish(_ segment: Segment, _ sink: ByteSink) throws(OutputError) {
        guard let index = segments.firstIndex(where: { $0 === segment }) else { return }
        if index == 0 {
            try writeGesture(segment, to: sink)
            segments.removeFirst()
            while let first = segments.first, first.finished {
                try first.bytes.write(to: sink)
                segments.removeFirst()
            }
            return
        }
        let run: Segment
        let previous = segments[index - 1]
        if previous.finished {
            try appendGesture(segment, to: previous.bytes)
            segments.remove(at: index)
            run = previous
        } else {
            let text = Spool(memoryLimit: spoolLimit << 2)
            try appendGesture(segment, to: text)
            let made = Segment(run: text)
            segments[index] = made
            run = made
        }
        guard let runIndex = segments.firstIndex(where: { $0 === run }), runIndex + 1 < segments.count else { return }
        let next = segments[runIndex + 1]
        if next.finished {
            try run.bytes.append(contentsOf: next.bytes)
            segments.remove(at: runIndex + 1)
        }
    }

    /// Writes a whole gesture object (with its leading comma) to the sink.
    private func writeGesture(_ segment: Segment, to sink: ByteSink) throws(OutputError) {
        header(of: segment, into: &sink.buffer)
        try segment.bytes.write(to: sink)
        sink.buffer.append("]}")
        try sink.drainIfFull()
    }

    /// Appends a whole gesture object (with its leading comma) to a run's spool.
    private func appendGesture(_ segment: Segment, to spool: Spool) throws(OutputError) {
        scratch.removeAll()
        header(of: segment, into: &scratch)
        try spool.append(scratch)
        try spool.append(contentsOf: segment.bytes)
        try spool.append("]}")
    }

    /// `,{"recognizer":…,"kind":…,"view":…,"outcome":…,"start":…,"end":…,"transitions":[`.
    private func header(of segment: Segment, into out: inout ByteBuffer) {
        out.append(segment.isFirstGesture ? "{\"recognizer\":" : ",{\"recognizer\":")
        out.appendJSONString(segment.recognizer)
        out.append(",\"kind\":")
        out.appendJSONString(segment.kind)
        out.append(",\"view\":")
        out.appendJSONString(segment.view)
        out.append(",\"outcome\":\"")
        out.append(segment.outcome.literal)
        out.append("\",\"start\":")
        out.appendNumber(segment.start)
        out.append(",\"end\":")
        out.appendNumber(segment.end)
        out.append(",\"transitions\":[")
    }
}
