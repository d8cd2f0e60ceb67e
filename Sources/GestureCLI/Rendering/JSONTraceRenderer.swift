import GestureKit

/// `json`: the trace object, its gestures streamed in the order of their first transitions as
/// soon as they and every gesture begun before them are over (``GestureSequencer``).
final class JSONTraceRenderer: TraceRenderer {
    private let path: String
    /// The scene the trace was analyzed with (`"scene"` in the trace object).
    private let scene: SceneOrigin?
    private var writer = RecordBytesWriter()
    private var scratch = ByteBuffer()
    private let gestures: GestureSequencer<JSONGestureLayout>
    private var deliveries: Spool?
    private var deliveryCount = 0
    /// The control and scroll records, for `"controls"` and `"scrolling"`; made at the first one.
    private var controls: RecordList?
    private var scrolling: RecordList?
    private let spoolLimit: Int

    /// - Parameter spoolLimit: the most bytes each waiting gesture keeps in memory (tests make it
    ///   tiny, to exercise the temporary files).
    init(path: String, scene: SceneOrigin? = nil, options: RenderOptions, spoolLimit: Int = 1 << 16) {
        self.path = path
        self.spoolLimit = spoolLimit
        self.scene = scene
        gestures = GestureSequencer(layout: JSONGestureLayout(), spoolLimit: spoolLimit)
        if options.deliveries { deliveries = Spool(memoryLimit: max(spoolLimit, 1 << 4) << 4) }
    }

    override func begin(_ sink: ByteSink) throws(OutputError) {
        sink.buffer.append("{\"trace\":")
        sink.buffer.appendJSONString(path)
        if let scene { sink.buffer.append(utf8: "," + scene.jsonMember) }
        sink.buffer.append(",\"gestures\":[")
    }

    override func add(_ record: AnalysisRecord, to sink: ByteSink) throws(OutputError) {
        switch record {
        case .transition(let transition):
            try add(transition: transition, to: sink)
        case .delivery(let delivery):
            guard let deliveries else { return }
            scratch.removeAll()
            if deliveryCount > 0 { scratch.append(UInt8(ascii: ",")) }
            writer.delivery(delivery, typed: false, trace: nil, to: &scratch)
            try deliveries.append(scratch)
            deliveryCount += 1
        case .control(let control):
            let list = controls ?? RecordList(memoryLimit: spoolLimit << 4)
            controls = list
            try list.add { writer.control(control, trace: nil, to: &$0) }
        case .scroll(let scroll):
            let list = scrolling ?? RecordList(memoryLimit: spoolLimit << 4)
            scrolling = list
            try list.add { writer.scroll(scroll, trace: nil, to: &$0) }
        }
    }

    /// A transition lent as it is (the one-thread replay): wrapped, it was copied into the enum.
    override func add(transition: borrowing TransitionRecord, to sink: ByteSink) throws(OutputError) {
        try gestures.add(transition, to: sink)
    }

    override func end(_ sink: ByteSink) throws(OutputError) {
        try gestures.end(sink)
        sink.buffer.append(UInt8(ascii: "]"))
        if let deliveries {
            sink.buffer.append(",\"deliveries\":[")
            try deliveries.write(to: sink)
            deliveries.removeAll()
            sink.buffer.append(UInt8(ascii: "]"))
        }
        if let controls { try controls.write(as: ",\"controls\":[", to: sink) }
        if let scrolling { try scrolling.write(as: ",\"scrolling\":[", to: sink) }
        sink.buffer.append(UInt8(ascii: "}"))
        try sink.drainIfFull()
    }
}

/// The gesture objects of the `json` format:
/// `{"recognizer":…,"kind":…,"view":…,"outcome":…,"start":…,"end":…,"transitions":[…]}`, with a
/// comma before all but the first.
struct JSONGestureLayout: GestureLayout {
    private var writer = RecordBytesWriter()

    /// What the gesture object's header needs.
    struct GestureSummary {
        /// The recognizer, kind and view as members, `,"recognizer":…,"kind":…,"view":…,` (the
        /// names' cache's bytes, escaped once per recognizer rather than for each gesture).
        var names: [UInt8]
        var start: Double
        var end: Double
        var outcome: RecognizerState
        var isFirstGesture: Bool
    }

    mutating func open(_ first: TransitionRecord, index: Int) -> GestureSummary {
        GestureSummary(names: writer.names(of: first), start: first.t, end: first.t, outcome: first.state, isFirstGesture: index == 0)
    }

    mutating func add(_ transition: TransitionRecord, position: Int, to gesture: inout GestureSummary, into out: inout ByteBuffer) {
        if position > 0 { out.append(UInt8(ascii: ",")) }
        writer.transition(transition, typed: false, trace: nil, identified: false, to: &out)
        gesture.end = transition.t
        gesture.outcome = transition.state
    }

    /// `,{"recognizer":…,"kind":…,"view":…,"outcome":…,"start":…,"end":…,"transitions":[`, its room
    /// made once (key by key, it was ~1,600 instructions a gesture).
    func header(of gesture: GestureSummary, into out: inout ByteBuffer) {
        out.write(upTo: Self.headerBound &+ gesture.names.count) { out in
            out.write(gesture.isFirstGesture ? "{" : ",{")
            // The names' members without their leading comma; they end with one.
            gesture.names.withUnsafeBufferPointer { out.write(UnsafeBufferPointer(rebasing: $0.dropFirst())) }
            out.write("\"outcome\":\"")
            out.write(gesture.outcome.literal)
            out.write("\",\"start\":")
            out.number(gesture.start)
            out.write(",\"end\":")
            out.number(gesture.end)
            out.write(",\"transitions\":[")
        }
    }

    /// The most bytes of a header besides its names: its keys and outcome (about 60 bytes) and two
    /// numbers.
    private static let headerBound = 96 &+ 2 &* ByteWriter.numberBound

    func footer(of gesture: GestureSummary, into out: inout ByteBuffer) {
        out.append("]}")
    }
}

/// Records kept for a member of the trace object (`"controls"`, `"scrolling"`), comma-separated,
/// in a ``Spool`` until the trace ends.
final class RecordList {
    private let spool: Spool
    private var count = 0
    private var scratch = ByteBuffer()

    init(memoryLimit: Int) {
        spool = Spool(memoryLimit: memoryLimit)
    }

    /// Adds the record `write` renders.
    func add(_ write: (inout ByteBuffer) -> Void) throws(OutputError) {
        scratch.removeAll()
        if count > 0 { scratch.append(UInt8(ascii: ",")) }
        write(&scratch)
        try spool.append(scratch)
        count += 1
    }

    /// Writes `opening` (`,"name":[`), the records and `]`.
    func write(as opening: StaticString, to sink: ByteSink) throws(OutputError) {
        sink.buffer.append(opening)
        try spool.write(to: sink)
        spool.removeAll()
        sink.buffer.append(UInt8(ascii: "]"))
    }
}
