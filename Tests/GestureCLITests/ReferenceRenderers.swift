import GestureKit

@testable import GestureCLI

// The String renderers of the records as they were before output was rendered into bytes
// (`RecordBytesWriter`, the `TraceRenderer`s): kept here as the reference the byte renderers must
// match exactly (RecordBytesTests).

enum ReferenceRenderers {
    /// The `jsonl` text of one trace.
    static func jsonLines(_ trace: AnalyzedTrace, options: RenderOptions) -> String {
        var json = JSONWriter()
        let label = options.labelsTraces ? trace.path : nil
        for record in trace.records {
            switch record {
            case .transition(let transition): json.referenceTransition(transition, typed: options.deliveries, trace: label)
            case .delivery(let delivery): json.referenceDelivery(delivery, typed: true, trace: label)
            case .control, .scroll: continue  // newer than the reference; RendererTests cover them
            }
            json.endLine()
        }
        return json.text
    }

    /// The `json` text of one trace object.
    static func json(_ trace: AnalyzedTrace, options: RenderOptions) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.key("trace")
        json.string(trace.path)
        json.key("gestures")
        json.beginArray()
        for gesture in Gesture.group(trace.transitions) {
            json.beginObject()
            json.key("recognizer")
            json.string(gesture.recognizer)
            json.key("kind")
            json.string(gesture.kind)
            json.key("view")
            json.string(gesture.view)
            json.key("outcome")
            json.string(gesture.outcome.rawValue)
            json.key("start")
            json.number(gesture.start)
            json.key("end")
            json.number(gesture.end)
            json.key("transitions")
            json.beginArray()
            for transition in gesture.transitions { json.referenceTransition(transition, identified: false) }
            json.endArray()
            json.endObject()
        }
        json.endArray()
        if options.deliveries {
            json.key("deliveries")
            json.beginArray()
            for delivery in trace.deliveries { json.referenceDelivery(delivery, typed: false) }
            json.endArray()
        }
        json.endObject()
        return json.text
    }

    /// The `csv` rows of one trace.
    static func csv(_ trace: AnalyzedTrace, options: RenderOptions) -> String {
        var output = ""
        for record in trace.transitions {
            var fields: [String] = options.labelsTraces ? [CSVRenderer.quoted(trace.path)] : []
            var vector: Point?
            var scalar: Double?
            switch record.velocity {
            case .vector(let v)?: vector = v
            case .scalar(let s)?: scalar = s
            case nil: break
            }
            fields.append(DecimalFormatting.string(record.t))
            fields.append(CSVRenderer.quoted(record.recognizer))
            fields.append(CSVRenderer.quoted(record.kind))
            fields.append(CSVRenderer.quoted(record.view))
            fields.append(record.state.rawValue)
            fields.append(number(record.location?.x))
            fields.append(number(record.location?.y))
            fields.append(record.touches.map(String.init) ?? "")
            fields.append(number(record.translation?.x))
            fields.append(number(record.translation?.y))
            fields.append(number(vector?.x))
            fields.append(number(vector?.y))
            fields.append(number(record.scale))
            fields.append(number(record.rotation))
            fields.append(number(scalar))
            fields.append(CSVRenderer.quoted(record.direction ?? ""))
            fields.append(record.taps.map(String.init) ?? "")
            fields.append(CSVRenderer.quoted(record.reason ?? record.cause ?? ""))
            output += fields.joined(separator: ",")
            output += "\n"
        }
        return output
    }

    private static func number(_ value: Double?) -> String {
        value.map { DecimalFormatting.string($0) } ?? ""
    }
}

extension JSONWriter {
    /// Writes a transition record as one JSON object, keys in the documented order:
    /// `type`, `t`, `recognizer`, `kind`, `view`, `state`, `location`, `touches`, `translation`,
    /// `velocity`, `scale`, `rotation`, `direction`, `taps`, `template`, `score`, `reason`, `trace`.
    ///
    /// Absent values are omitted.
    ///
    /// - Parameters:
    ///   - typed: write `"type":"transition"` first (`--deliveries`).
    ///   - trace: the trace path to write last, when several traces are analyzed.
    ///   - identified: write `recognizer`, `kind` and `view` (the `json` format moves them to the gesture).
    mutating func referenceTransition(_ record: TransitionRecord, typed: Bool = false, trace: String? = nil, identified: Bool = true) {
        beginObject()
        if typed {
            key("type")
            string("transition")
        }
        key("t")
        number(record.t)
        if identified {
            key("recognizer")
            string(record.recognizer)
            key("kind")
            string(record.kind)
            key("view")
            string(record.view)
        }
        key("state")
        string(record.state.rawValue)
        if let location = record.location {
            key("location")
            point(x: location.x, y: location.y)
        }
        if let touches = record.touches {
            key("touches")
            integer(touches)
        }
        if let translation = record.translation {
            key("translation")
            point(x: translation.x, y: translation.y)
        }
        switch record.velocity {
        case .vector(let velocity)?:
            key("velocity")
            point(x: velocity.x, y: velocity.y)
        case .scalar(let velocity)?:
            key("velocity")
            number(velocity)
        case nil: break
        }
        optional("scale", record.scale)
        optional("rotation", record.rotation)
        optional("direction", record.direction)
        if let taps = record.taps {
            key("taps")
            integer(taps)
        }
        optional("template", record.template)
        optional("score", record.score)
        optional("reason", record.reason)
        optional("cause", record.cause)
        optional("trace", trace)
        endObject()
    }

    /// Writes a delivery record as one JSON object, keys in the documented order:
    /// `type`, `t`, `method`, `subtype`, `responder`, `chain`, `touches`, `details`, `delayedBy`,
    /// `cancelledBy`, `dropped`, `trace`.
    ///
    /// `chain` is omitted when empty; `touches` is written for touch methods; `details` when there are
    /// any; `dropped` only when true.
    mutating func referenceDelivery(_ record: DeliveryRecord, typed: Bool = true, trace: String? = nil) {
        beginObject()
        if typed {
            key("type")
            string("delivery")
        }
        key("t")
        number(record.t)
        key("method")
        string(record.method.rawValue)
        optional("subtype", record.subtype)
        key("responder")
        string(record.responder)
        optional("forwardedBy", record.forwardedBy)
        if !record.chain.isEmpty {
            key("chain")
            strings(record.chain)
        }
        if record.method.isTouchMethod || !record.touches.isEmpty {
            key("touches")
            beginArray(inline: true)
            for id in record.touches { referenceTouchID(id) }
            endArray()
        }
        if !record.details.isEmpty {
            key("details")
            beginArray(inline: true)
            for detail in record.details { referenceTouchDetail(detail) }
            endArray()
        }
        optional("delayedBy", record.delayedBy)
        optional("cancelledBy", record.cancelledBy)
        if record.dropped {
            key("dropped")
            bool(true)
        }
        optional("trace", trace)
        endObject()
    }

    /// Writes a touch id as the trace spells it: a number, or a string.
    mutating func referenceTouchID(_ id: TouchID) {
        switch id {
        case .number(let n): integer(n)
        case .name(let s): string(s)
        }
    }

    /// Writes `{"id", "phase", "tapCount", "timestamp", "location", "previousLocation"}`.
    mutating func referenceTouchDetail(_ detail: TouchDetail) {
        beginObject(inline: true)
        key("id")
        referenceTouchID(detail.id)
        key("phase")
        string(detail.phase.rawValue)
        key("tapCount")
        integer(detail.tapCount)
        key("timestamp")
        number(detail.timestamp)
        key("location")
        point(x: detail.location.x, y: detail.location.y)
        key("previousLocation")
        point(x: detail.previousLocation.x, y: detail.previousLocation.y)
        endObject()
    }

    fileprivate mutating func optional(_ name: String, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    fileprivate mutating func optional(_ name: String, _ value: Double?) {
        guard let value else { return }
        key(name)
        number(value)
    }
}

