import GestureKit
import GestureTrace

/// The data a replay page carries: one JSON object, written into the page and read by its script.
///
/// ```
/// {"title":…,"subtitle":…,"screen":[W,H],
///  "views":[{"name":…,"frame":[x,y,w,h],"hidden":true,"noInteraction":true,
///            "control":{"kind":…,"value":…},"scroll":{"contentSize":[w,h],"contentOffset":[x,y],"zoom":1},
///            "children":[…]}],
///  "lanes":[{"name":…,"kind":…,"view":…}],
///  "samples":[[t,id,phase,x,y,line,"hit view"],[t,"motion shake began",line],…],
///  "records":[{"type":"transition",…},…],"recordLines":[line,…],
///  "deliveries":true,"golden":[{…},…]}
/// ```
///
/// A touch sample is `[t, id, phase, x, y, line]` (numbers as the trace spells them) with the phase as a number (0 began, 1 moved,
/// 2 stationary, 3 ended, 4 cancelled) and, on `began`, the view it hit; any other sample is
/// `[t, label, line]`. Records are written exactly as `analyze --format jsonl --deliveries` writes
/// them (``RecordBytesWriter``), so every key a record has, new ones included, reaches the page.
/// Everything is in the order of the run, so the same trace gives the same bytes; the size is
/// linear in the samples and records.
struct ReplayData {
    let run: RecordedRun
    /// The golden file's records, drawn beside the run's (`check --html`'s replays).
    var golden: [AnalysisRecord]? = nil
    /// Whether deliveries were asked for (their lanes are drawn).
    var deliveries = false
    /// The `--only` names, when given: only their lanes are drawn.
    var onlyNames: Set<String>? = nil

    /// The JSON object, with every `</` written `<\/` so that it can sit inside a `<script>` element.
    func json() -> [UInt8] {
        var out = ByteBuffer()
        var writer = RecordBytesWriter()
        out.append("{\"title\":")
        out.appendJSONString(run.displayName)
        out.append(",\"subtitle\":")
        out.appendJSONString(run.origin.description)
        out.append(",\"screen\":[")
        out.appendNumber(run.screen.width)
        out.append(UInt8(ascii: ","))
        out.appendNumber(run.screen.height)
        out.append("],\"views\":[")
        for (index, view) in run.scene.views.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            Self.append(view, to: &out)
        }
        out.append("],\"lanes\":[")
        for (index, lane) in lanes().enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append("{\"name\":")
            out.appendJSONString(lane.name)
            out.append(",\"kind\":")
            out.appendJSONString(lane.kind)
            out.append(",\"view\":")
            out.appendJSONString(lane.view)
            out.append(UInt8(ascii: "}"))
        }
        out.append("],\"samples\":[")
        for (index, sample) in run.samples.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            appendSample(sample, index: index, to: &out)
        }
        out.append("],\"records\":[")
        Self.append(run.records, writer: &writer, to: &out)
        out.append("],\"recordLines\":[")
        for (index, line) in run.recordLines.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.appendInteger(line)
        }
        out.append(UInt8(ascii: "]"))
        if deliveries { out.append(",\"deliveries\":true") }
        if let golden {
            out.append(",\"golden\":[")
            Self.append(golden, writer: &writer, to: &out)
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "}"))
        return Self.scriptSafe(out.bytes)
    }

    /// The recognizers that get a lane (``RecognizerLane``); with `--only`, those named.
    func lanes() -> [RecognizerLane] {
        let golden = (golden ?? []).compactMap { if case .transition(let t) = $0 { return t } else { return nil } }
        let lanes = RecognizerLane.lanes(of: run.scene, transitions: [run.transitions, golden])
        // `--only` keeps only the transitions of the names given: their lanes alone are drawn.
        if let only = onlyNames { return lanes.filter { only.contains($0.name) } }
        return lanes
    }

    /// Times and positions are written as the trace's own numbers (the shortest spelling that reads
    /// back the same), not rounded as records are: a time taken from the trace finds its sample.
    private func appendSample(_ sample: Sample, index: Int, to out: inout ByteBuffer) {
        out.append(UInt8(ascii: "["))
        out.append(utf8: TraceWriter.number(sample.t))
        out.append(UInt8(ascii: ","))
        let line = run.sampleLines.indices.contains(index) ? run.sampleLines[index] : 0
        switch sample.kind {
        case let .touch(id, phase, location, _, _):
            RecordBytesWriter.touchID(id, to: &out)
            out.append(UInt8(ascii: ","))
            out.appendInteger(Self.phaseNumber(phase))
            out.append(UInt8(ascii: ","))
            out.append(utf8: TraceWriter.number(location.x))
            out.append(UInt8(ascii: ","))
            out.append(utf8: TraceWriter.number(location.y))
            out.append(UInt8(ascii: ","))
            out.appendInteger(line)
            if let hit = run.hitViews[index] {
                out.append(UInt8(ascii: ","))
                out.appendJSONString(hit)
            }
        case let .motion(phase, subtype):
            out.appendJSONString("motion \(subtype.rawValue) \(phase.rawValue)")
            out.append(UInt8(ascii: ","))
            out.appendInteger(line)
        case .remoteControl(let subtype):
            out.appendJSONString("remote control \(subtype.rawValue)")
            out.append(UInt8(ascii: ","))
            out.appendInteger(line)
        case .application(let subtype):
            out.appendJSONString("application \(subtype.rawValue)")
            out.append(UInt8(ascii: ","))
            out.appendInteger(line)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// 0 began, 1 moved, 2 stationary, 3 ended, 4 cancelled (the page's script spells them back).
    static func phaseNumber(_ phase: TouchPhase) -> Int {
        switch phase {
        case .began: return 0
        case .moved: return 1
        case .stationary: return 2
        case .ended: return 3
        case .cancelled: return 4
        }
    }

    private static func append(_ records: [AnalysisRecord], writer: inout RecordBytesWriter, to out: inout ByteBuffer) {
        for (index, record) in records.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            switch record {
            case .transition(let transition): writer.transition(transition, typed: true, trace: nil, to: &out)
            case .delivery(let delivery): writer.delivery(delivery, typed: true, trace: nil, to: &out)
            case .control(let control): writer.control(control, trace: nil, to: &out)
            case .scroll(let scroll): writer.scroll(scroll, trace: nil, to: &out)
            }
        }
    }

    private static func append(_ view: ViewDescription, to out: inout ByteBuffer) {
        out.append("{\"name\":")
        out.appendJSONString(view.name)
        out.append(",\"frame\":")
        appendArray([view.frame.origin.x, view.frame.origin.y, view.frame.size.width, view.frame.size.height], to: &out)
        if view.hidden { out.append(",\"hidden\":true") }
        if !view.userInteractionEnabled { out.append(",\"noInteraction\":true") }
        if let control = view.control {
            out.append(",\"control\":{\"kind\":")
            out.appendJSONString(control.kind.rawValue)
            switch control.kind {
            case .button: break
            case .switch: out.append(control.on ? ",\"value\":true" : ",\"value\":false")
            case .segmentedControl:
                out.append(",\"value\":")
                out.appendInteger(control.selectedSegmentIndex)
            case .pageControl:
                out.append(",\"value\":")
                out.appendInteger(control.currentPage)
            default:
                out.append(",\"value\":")
                out.appendNumber(control.value)
            }
            out.append(UInt8(ascii: "}"))
        }
        if let scroll = view.scrollView {
            out.append(",\"scroll\":{\"contentSize\":")
            appendArray([scroll.contentSize.width, scroll.contentSize.height], to: &out)
            out.append(",\"contentOffset\":")
            appendArray([scroll.contentOffset.x, scroll.contentOffset.y], to: &out)
            out.append("}")
        }
        if !view.children.isEmpty {
            out.append(",\"children\":[")
            for (index, child) in view.children.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                append(child, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "}"))
    }

    private static func appendArray(_ values: [Double], to out: inout ByteBuffer) {
        out.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.appendNumber(value)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// `</` becomes `<\/` (the same JSON string), so no name in the data can close the script element.
    static func scriptSafe(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "/"), index > 0, bytes[index - 1] == UInt8(ascii: "<") { result.append(UInt8(ascii: "\\")) }
            result.append(byte)
        }
        return result
    }
}
