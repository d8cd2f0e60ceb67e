import GestureKit

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
    mutating func transition(_ record: TransitionRecord, typed: Bool = false, trace: String? = nil, identified: Bool = true) {
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
        optional("trace", trace)
        endObject()
    }

    /// Writes a delivery record as one JSON object, keys in the documented order:
    /// `type`, `t`, `method`, `subtype`, `responder`, `chain`, `touches`, `details`, `delayedBy`,
    /// `cancelledBy`, `dropped`, `trace`.
    ///
    /// `chain` is omitted when empty; `touches` is written for touch methods; `details` when there are
    /// any; `dropped` only when true.
    mutating func delivery(_ record: DeliveryRecord, typed: Bool = true, trace: String? = nil) {
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
            for id in record.touches { touchID(id) }
            endArray()
        }
        if !record.details.isEmpty {
            key("details")
            beginArray(inline: true)
            for detail in record.details { touchDetail(detail) }
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
    mutating func touchID(_ id: TouchID) {
        switch id {
        case .number(let n): integer(n)
        case .name(let s): string(s)
        }
    }

    /// Writes `{"id", "phase", "tapCount", "location", "previousLocation"}`.
    mutating func touchDetail(_ detail: TouchDetail) {
        beginObject(inline: true)
        key("id")
        touchID(detail.id)
        key("phase")
        string(detail.phase.rawValue)
        key("tapCount")
        integer(detail.tapCount)
        key("location")
        point(x: detail.location.x, y: detail.location.y)
        key("previousLocation")
        point(x: detail.previousLocation.x, y: detail.previousLocation.y)
        endObject()
    }

    private mutating func optional(_ name: String, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    private mutating func optional(_ name: String, _ value: Double?) {
        guard let value else { return }
        key(name)
        number(value)
    }
}

extension DeliveryMethod {
    /// Whether this is one of the four touch methods.
    var isTouchMethod: Bool {
        switch self {
        case .touchesBegan, .touchesMoved, .touchesEnded, .touchesCancelled: return true
        case .motionBegan, .motionEnded, .motionCancelled, .remoteControlReceived: return false
        }
    }
}
