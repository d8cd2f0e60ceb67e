import GestureKit

/// The `trace-event` format: the Trace Event Format's JSON object form, which Perfetto's UI
/// (ui.perfetto.dev) and `chrome://tracing` open.
///
/// ```json
/// {"displayTimeUnit":"ms","traceEvents":[{"ph":"M","pid":1,"tid":0,"name":"process_name","args":{"name":"tap.jsonl"}},…]}
/// ```
///
/// Each trace is a process (numbered from 1 in argument order, named by the trace). Each recognizer
/// is a thread ("name — kind on view") with a slice (`B`/`E`) from `began` to its end state, and
/// instants (`i`) for `recognized`, `failed` and `cancelled`, each with the transition record as
/// its `args`. Each touch is a thread with a slice from down to lift (location in `args`). The
/// translation, velocity, scale and rotation of continuous recognizers are counters (`C`). With
/// `--deliveries`, each responder is a thread of instants, one per delivery, with the delivery
/// record as `args`. `ts` is in microseconds of trace time: the record's `t` (6 decimal places)
/// with the point moved, so exact to the other formats' precision. See docs/viewing.md.
struct TraceEventRenderer: AnalysisRenderer {
    let options: RenderOptions
    let prologue = "{\"displayTimeUnit\":\"ms\",\"traceEvents\":["
    let separator = ","
    let epilogue = "]}\n"

    func traceRenderer(path: String) -> TraceRenderer {
        TraceEventTraceRenderer(path: path, process: options.traceIndex + 1, options: options)
    }
}

/// One trace's events, written as records and samples come: slices open at `B` and close at `E`,
/// so nothing waits. Memory: a thread number per recognizer and responder of the scene, and one per
/// touch that is down.
final class TraceEventTraceRenderer: TraceRenderer {
    private let path: String
    private let pid: Int
    private var writer = RecordBytesWriter()
    /// Recognizers by name, in the order they first appeared.
    private var recognizers: [String: RecognizerTrack] = [:]
    private var recognizerOrder: [String] = []
    private var responders: [String: Int] = [:]
    /// The touches that are down, with their thread numbers.
    private var touchesDown: [TouchID: Int] = [:]
    private var touchCount = 0
    /// The latest time seen: where slices still open at the end of the trace close.
    private var latest = 0.0

    /// `,{"ph":"C","pid":…,"tid":0,"ts":`, the start of every counter event.
    private let counterHead: [UInt8]

    /// A recognizer's thread, whether its slice is open, and its name escaped for JSON (no quotes).
    private struct RecognizerTrack {
        var tid: Int
        var open: Bool
        var name: [UInt8]
    }

    init(path: String, process: Int, options: RenderOptions) {
        self.path = path
        pid = process
        var head = ByteBuffer()
        head.append(",{\"ph\":\"C\",\"pid\":")
        head.appendInteger(process)
        head.append(",\"tid\":0,\"ts\":")
        counterHead = head.bytes
    }

    override var observesSamples: Bool { true }

    override func begin(_ sink: ByteSink) throws(OutputError) {
        sink.buffer.append("{\"ph\":\"M\",\"pid\":")
        sink.buffer.appendInteger(pid)
        sink.buffer.append(",\"tid\":0,\"name\":\"process_name\",\"args\":{\"name\":")
        sink.buffer.appendJSONString(path)
        sink.buffer.append("}}")
    }

    override func add(_ record: AnalysisRecord, to sink: ByteSink) throws(OutputError) {
        switch record {
        case .transition(let transition): transitionEvents(transition, into: &sink.buffer)
        case .delivery(let delivery): deliveryEvent(delivery, into: &sink.buffer)
        case .control(let control): controlEvent(control, into: &sink.buffer)
        case .scroll(let scroll): scrollEvent(scroll, into: &sink.buffer)
        }
        try sink.drainIfFull()
    }

    /// A transition lent as it is (the one-thread replay): wrapped, it was copied into the enum.
    override func add(transition: borrowing TransitionRecord, to sink: ByteSink) throws(OutputError) {
        transitionEvents(transition, into: &sink.buffer)
        try sink.drainIfFull()
    }

    override func sample(_ sample: Sample, to sink: ByteSink) throws(OutputError) {
        latest = max(latest, sample.t)
        guard case .touch(let id, let phase, let location, _, _) = sample.kind else { return }
        switch phase {
        case .began:
            if let tid = touchesDown[id] { touchEnd(tid: tid, t: sample.t, location: nil, phase: nil, into: &sink.buffer) }
            touchCount += 1
            // Thread numbers 3k+1, 3k+2, 3k+3 belong to the k-th recognizer, touch and responder.
            let tid = 3 * touchCount - 1
            touchesDown[id] = tid
            threadName("touch \(id)", tid: tid, sortIndex: 1_000_000 + touchCount, into: &sink.buffer)
            open("B", tid: tid, t: sample.t, into: &sink.buffer)
            sink.buffer.append(",\"cat\":\"touch\",\"name\":")
            sink.buffer.appendJSONString("touch \(id)")
            sink.buffer.append(",\"args\":")
            touchArgs(location, phase: nil, into: &sink.buffer)
            sink.buffer.append(UInt8(ascii: "}"))
        case .ended, .cancelled:
            guard let tid = touchesDown.removeValue(forKey: id) else { return }
            touchEnd(tid: tid, t: sample.t, location: location, phase: phase, into: &sink.buffer)
        case .moved, .stationary:
            return
        }
        try sink.drainIfFull()
    }

    override func end(_ sink: ByteSink) throws(OutputError) {
        for name in recognizerOrder where recognizers[name]?.open == true {
            if let tid = recognizers[name]?.tid { close(tid: tid, t: latest, record: nil, into: &sink.buffer) }
        }
        for tid in touchesDown.values.sorted() {
            touchEnd(tid: tid, t: latest, location: nil, phase: nil, into: &sink.buffer)
        }
        touchesDown.removeAll()
        try sink.drainIfFull()
    }

    // MARK: Recognizers

    private func transitionEvents(_ record: TransitionRecord, into out: inout ByteBuffer) {
        latest = max(latest, record.t)
        var track = recognizerTrack(record, into: &out)
        switch record.state {
        case .began:
            if track.open { close(tid: track.tid, t: record.t, record: nil, into: &out) }
            open("B", tid: track.tid, t: record.t, into: &out)
            out.append(",\"cat\":\"recognizer\",\"name\":")
            out.appendJSONString(record.recognizer)
            recordArgs(record, into: &out)
            track.open = true
        case .ended, .cancelled, .recognized, .failed:
            if track.open { close(tid: track.tid, t: record.t, record: record, into: &out) }
            track.open = false
            if record.state != .ended {
                open("i", tid: track.tid, t: record.t, into: &out)
                out.append(",\"s\":\"t\",\"cat\":\"recognizer\",\"name\":\"")
                out.append(record.state.literal)
                out.append(UInt8(ascii: "\""))
                recordArgs(record, into: &out)
            }
        case .changed, .possible:
            break
        }
        counters(record, track: track, into: &out)
        recognizers[record.recognizer] = track
    }

    /// The recognizer's track, named on first sight.
    private func recognizerTrack(_ record: TransitionRecord, into out: inout ByteBuffer) -> RecognizerTrack {
        if let track = recognizers[record.recognizer] { return track }
        recognizerOrder.append(record.recognizer)
        var name = ByteBuffer()
        name.appendJSONString(record.recognizer)
        let track = RecognizerTrack(tid: 3 * recognizerOrder.count - 2, open: false, name: Array(name.bytes.dropFirst().dropLast()))
        threadName("\(record.recognizer) — \(record.kind) on \(record.view)", tid: track.tid, sortIndex: recognizerOrder.count, into: &out)
        return track
    }

    /// The counters of a continuous recognizer's values, one series per axis.
    private func counters(_ record: TransitionRecord, track: RecognizerTrack, into out: inout ByteBuffer) {
        if let translation = record.translation {
            counter(track, " translation\",\"args\":{\"x\":", t: record.t, translation.x, y: translation.y, into: &out)
        }
        switch record.velocity {
        case .vector(let velocity)?: counter(track, " velocity\",\"args\":{\"x\":", t: record.t, velocity.x, y: velocity.y, into: &out)
        case .scalar(let velocity)?: counter(track, " velocity\",\"args\":{\"value\":", t: record.t, velocity, into: &out)
        case nil: break
        }
        if let scale = record.scale { counter(track, " scale\",\"args\":{\"value\":", t: record.t, scale, into: &out) }
        if let rotation = record.rotation { counter(track, " rotation\",\"args\":{\"value\":", t: record.t, rotation, into: &out) }
    }

    /// `,{"ph":"C",…,"ts":…,"cat":"value","name":"RECOGNIZER QUANTITY","args":{"x":…,"y":…}}`, or
    /// `{"value":…}` without `y`; `quantity` runs from the space before the quantity's name to the
    /// first key of `args`. The recognizer's name is escaped once, when its track is made: joining
    /// and escaping the name for each counter took a fifth of `trace-event`'s instructions.
    private func counter(_ track: RecognizerTrack, _ quantity: StaticString, t: Double, _ x: Double, y: Double? = nil, into out: inout ByteBuffer) {
        let bound = counterHead.count &+ track.name.count &+ 64 &+ 3 &* ByteWriter.numberBound
        out.write(upTo: bound) { out in
            out.write(counterHead)
            Self.microseconds(t, to: &out)
            out.write(",\"cat\":\"value\",\"name\":\"")
            out.write(track.name)
            out.write(quantity)
            out.number(x)
            if let y {
                out.write(",\"y\":")
                out.number(y)
            }
            out.write("}}")
        }
    }

    // MARK: Deliveries and touches

    /// The thread of a responder, control or scroll view (`name` as its track shows it), named on first sight.
    private func responderThread(_ name: String, into out: inout ByteBuffer) -> Int {
        if let known = responders[name] { return known }
        let tid = 3 * (responders.count + 1)
        responders[name] = tid
        threadName(name, tid: tid, sortIndex: 2_000_000 + responders.count, into: &out)
        return tid
    }

    private func deliveryEvent(_ record: DeliveryRecord, into out: inout ByteBuffer) {
        instant(on: "responder \(record.responder)", t: record.t, ",\"s\":\"t\",\"cat\":\"delivery\",\"name\":", record.method.rawValue, into: &out)
        writer.delivery(record, typed: false, trace: nil, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// A control event: an instant on the control's track, with the control record as `args`.
    private func controlEvent(_ record: ControlRecord, into out: inout ByteBuffer) {
        instant(on: "control \(record.control)", t: record.t, ",\"s\":\"t\",\"cat\":\"control\",\"name\":", record.event.rawValue, into: &out)
        writer.control(record, trace: nil, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// A scroll view event: an instant on the scroll view's track (the scroll record as `args`) and
    /// its content offset as a counter.
    private func scrollEvent(_ record: ScrollRecord, into out: inout ByteBuffer) {
        instant(on: "scroll view \(record.scrollView)", t: record.t, ",\"s\":\"t\",\"cat\":\"scroll\",\"name\":", record.event.rawValue, into: &out)
        writer.scroll(record, trace: nil, to: &out)
        out.append(UInt8(ascii: "}"))
        open("C", tid: 0, t: record.t, into: &out)
        out.append(",\"cat\":\"value\",\"name\":")
        out.appendJSONString(record.scrollView + " contentOffset")
        out.append(",\"args\":{\"x\":")
        out.appendNumber(record.contentOffset.x)
        out.append(",\"y\":")
        out.appendNumber(record.contentOffset.y)
        out.append("}}")
    }

    private func touchEnd(tid: Int, t: Double, location: Point?, phase: TouchPhase?, into out: inout ByteBuffer) {
        open("E", tid: tid, t: t, into: &out)
        out.append(",\"args\":")
        if let location {
            touchArgs(location, phase: phase, into: &out)
        } else {
            out.append("{\"unfinished\":true}")
        }
        out.append(UInt8(ascii: "}"))
    }

    /// `{"x":…,"y":…}`, with the phase of a lift.
    private func touchArgs(_ location: Point, phase: TouchPhase?, into out: inout ByteBuffer) {
        out.append("{\"x\":")
        out.appendNumber(location.x)
        out.append(",\"y\":")
        out.appendNumber(location.y)
        if let phase {
            out.append(",\"phase\":")
            out.appendJSONString(phase.rawValue)
        }
        out.append(UInt8(ascii: "}"))
    }

    // MARK: Events

    /// An instant on the track `name` up to its `args` key: `,{"ph":"i",…,"ts":…` then `category`
    /// (the `"s"`, `"cat"` and `"name"` keys) and the event's name.
    private func instant(on name: String, t: Double, _ category: StaticString, _ event: String, into out: inout ByteBuffer) {
        latest = max(latest, t)
        let tid = responderThread(name, into: &out)
        open("i", tid: tid, t: t, into: &out)
        out.append(category)
        out.appendJSONString(event)
        out.append(",\"args\":")
    }

    /// `,{"ph":PH,"pid":…,"tid":…,"ts":…` (the caller writes the rest and the closing brace).
    private func open(_ phase: StaticString, tid: Int, t: Double, into out: inout ByteBuffer) {
        out.write(upTo: 64 &+ 2 &* ByteWriter.integerBound &+ ByteWriter.numberBound) { out in
            out.write(",{\"ph\":\"")
            out.write(phase)
            out.write("\",\"pid\":")
            out.integer(pid)
            out.write(",\"tid\":")
            out.integer(tid)
            out.write(",\"ts\":")
            Self.microseconds(t, to: &out)
        }
    }

    /// `,{"ph":PH,"pid":…,"tid":…`.
    private func head(_ phase: StaticString, tid: Int, into out: inout ByteBuffer) {
        out.append(",{\"ph\":\"")
        out.append(phase)
        out.append("\",\"pid\":")
        out.appendInteger(pid)
        out.append(",\"tid\":")
        out.appendInteger(tid)
    }

    /// An `E` event closing a slice, with the record that closed it as `args`.
    private func close(tid: Int, t: Double, record: TransitionRecord?, into out: inout ByteBuffer) {
        open("E", tid: tid, t: t, into: &out)
        if let record {
            recordArgs(record, into: &out)
        } else {
            out.append(",\"args\":{\"unfinished\":true}}")
        }
    }

    /// `,"args":RECORD}`: the transition record as the `jsonl` format writes it.
    private func recordArgs(_ record: TransitionRecord, into out: inout ByteBuffer) {
        out.append(",\"args\":")
        writer.transition(record, typed: false, trace: nil, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// The `thread_name` and `thread_sort_index` metadata of a track.
    private func threadName(_ name: String, tid: Int, sortIndex: Int, into out: inout ByteBuffer) {
        head("M", tid: tid, into: &out)
        out.append(",\"name\":\"thread_name\",\"args\":{\"name\":")
        out.appendJSONString(name)
        out.append("}}")
        head("M", tid: tid, into: &out)
        out.append(",\"name\":\"thread_sort_index\",\"args\":{\"sort_index\":")
        out.appendInteger(sortIndex)
        out.append("}}")
    }

    /// `seconds` in whole microseconds: its decimal spelling in the other formats (6 places at
    /// most) with the point moved six places right, so no rounding is added. Written in place, in
    /// the room of the number (``ByteWriter/numberBound`` holds its 6 more bytes).
    private static func microseconds(_ seconds: Double, to out: inout ByteWriter) {
        let start = out.position
        out.number(seconds)
        out.rewrite(since: start) { bytes, count, _ in movePoint(bytes, count: count) }
    }

    /// The digits of a plain decimal (`-12.5`, `0.000001`) times 10⁶, for at most 6 decimal places.
    static func microseconds(fromDecimal decimal: [UInt8]) -> [UInt8] {
        var bytes = decimal + [UInt8](repeating: 0, count: 6)
        let count = bytes.withUnsafeMutableBufferPointer { movePoint($0.baseAddress.unsafelyUnwrapped, count: decimal.count) }
        return Array(bytes[..<count])
    }

    /// Rewrites the `count` bytes of a plain decimal at `bytes` (with room for 6 more after them)
    /// as its value times 10⁶ (``microseconds(fromDecimal:)``); returns their new count.
    private static func movePoint(_ bytes: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
        let signed = count > 0 && bytes[0] == UInt8(ascii: "-")
        let first = signed ? 1 : 0
        var length = count
        var fraction = 0
        if let point = (first..<count).first(where: { bytes[$0] == UInt8(ascii: ".") }) {
            fraction = count - point - 1
            for index in point..<(count - 1) { bytes[index] = bytes[index + 1] }
            length -= 1
        }
        for _ in 0..<max(0, 6 - fraction) {
            bytes[length] = UInt8(ascii: "0")
            length += 1
        }
        var digit = first
        while digit < length, bytes[digit] == UInt8(ascii: "0") { digit += 1 }
        guard digit < length else {
            bytes[0] = UInt8(ascii: "0")
            return 1
        }
        guard digit > first else { return length }
        for index in digit..<length { bytes[first + index - digit] = bytes[index] }
        return length - (digit - first)
    }
}
