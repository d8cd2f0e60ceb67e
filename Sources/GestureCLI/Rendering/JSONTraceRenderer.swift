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

    /// - Parameter spoolLimit: the most bytes each waiting gesture keeps in memory (tests make it
    ///   tiny, to exercise the temporary files).
    init(path: String, scene: SceneOrigin? = nil, options: RenderOptions, spoolLimit: Int = 1 << 16) {
        self.path = path
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
            try gestures.add(transition, to: sink)
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
        try gestures.end(sink)
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
}

/// The gesture objects of the `json` format:
/// `{"recognizer":…,"kind":…,"view":…,"outcome":…,"start":…,"end":…,"transitions":[…]}`, with a
/// comma before all but the first.
struct JSONGestureLayout: GestureLayout {
    private var writer = RecordBytesWriter()

    /// What the gesture object's header needs.
    struct GestureSummary {
        var recognizer: String
        var kind: String
        var view: String
        var start: Double
        var end: Double
        var outcome: RecognizerState
        var isFirstGesture: Bool
    }

    func open(_ first: TransitionRecord, index: Int) -> GestureSummary {
        GestureSummary(
            recognizer: first.recognizer, kind: first.kind, view: first.view, start: first.t, end: first.t, outcome: first.state,
            isFirstGesture: index == 0)
    }

    mutating func add(_ transition: TransitionRecord, position: Int, to gesture: inout GestureSummary, into out: inout ByteBuffer) {
        if position > 0 { out.append(UInt8(ascii: ",")) }
        writer.transition(transition, typed: false, trace: nil, identified: false, to: &out)
        gesture.end = transition.t
        gesture.outcome = transition.state
    }

    /// `,{"recognizer":…,"kind":…,"view":…,"outcome":…,"start":…,"end":…,"transitions":[`.
    func header(of gesture: GestureSummary, into out: inout ByteBuffer) {
        out.append(gesture.isFirstGesture ? "{\"recognizer\":" : ",{\"recognizer\":")
        out.appendJSONString(gesture.recognizer)
        out.append(",\"kind\":")
        out.appendJSONString(gesture.kind)
        out.append(",\"view\":")
        out.appendJSONString(gesture.view)
        out.append(",\"outcome\":\"")
        out.append(gesture.outcome.literal)
        out.append("\",\"start\":")
        out.appendNumber(gesture.start)
        out.append(",\"end\":")
        out.appendNumber(gesture.end)
        out.append(",\"transitions\":[")
    }

    func footer(of gesture: GestureSummary, into out: inout ByteBuffer) {
        out.append("]}")
    }
}
