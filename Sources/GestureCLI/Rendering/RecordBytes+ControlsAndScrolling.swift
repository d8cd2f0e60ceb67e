import GestureKit

/// Control and scroll records as JSON objects and CSV rows (docs/output-format.md, "Control and
/// scroll records").
extension RecordBytesWriter {
    /// `{"type":"control","t":…,"control":…,"kind":…,"event":…,"touches":[…],"location":…,"value":…,"cancelledBy":…}`.
    func control(_ record: ControlRecord, trace: [UInt8]?, to out: inout ByteBuffer) {
        out.append("{\"type\":\"control\",\"t\":")
        out.appendNumber(record.t)
        out.appendMember(",\"control\":", record.control)
        out.appendMember(",\"kind\":", record.kind.rawValue)
        out.appendMember(",\"event\":", record.event.rawValue)
        out.append(",\"touches\":[")
        for (index, id) in record.touches.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            Self.touchID(id, to: &out)
        }
        out.append(UInt8(ascii: "]"))
        out.appendMember(",\"location\":", record.location)
        switch record.value {
        case .number(let value)?:
            out.append(",\"value\":")
            out.appendNumber(value)
        case .on(let on)?:
            out.append(on ? ",\"value\":true" : ",\"value\":false")
        case nil:
            break
        }
        out.appendMember(",\"cancelledBy\":", record.cancelledBy)
        if let trace { out.append(trace) }
        out.append(UInt8(ascii: "}"))
    }

    /// `{"type":"scroll","t":…,"scrollView":…,"event":…,"contentOffset":…,"velocity":…,"targetContentOffset":…,"decelerate":…,"zoomScale":…}`.
    func scroll(_ record: ScrollRecord, trace: [UInt8]?, to out: inout ByteBuffer) {
        out.append("{\"type\":\"scroll\",\"t\":")
        out.appendNumber(record.t)
        out.appendMember(",\"scrollView\":", record.scrollView)
        out.appendMember(",\"event\":", record.event.rawValue)
        out.appendMember(",\"contentOffset\":", record.contentOffset)
        out.appendMember(",\"velocity\":", record.velocity)
        out.appendMember(",\"targetContentOffset\":", record.targetContentOffset)
        if let decelerate = record.decelerate { out.append(decelerate ? ",\"decelerate\":true" : ",\"decelerate\":false") }
        out.appendMember(",\"zoomScale\":", record.zoomScale)
        if let trace { out.append(trace) }
        out.append(UInt8(ascii: "}"))
    }

    /// A control record as a CSV row of the extended header: the control's name in `view`, its kind
    /// in `kind`, the location in `x`/`y`, the number of touches, `cancelled by NAME` in `reason`.
    func csvRow(_ record: ControlRecord, trace: [UInt8]?, to out: inout ByteBuffer) {
        if let trace { out.append(trace) }
        out.appendNumber(record.t)
        out.append(",,")
        out.appendCSVField(record.kind.rawValue)
        out.append(UInt8(ascii: ","))
        out.appendCSVField(record.control)
        out.append(",,")
        Self.cell(record.location?.x, to: &out)
        Self.cell(record.location?.y, to: &out)
        out.appendInteger(record.touches.count)
        // translation_x … taps: nine empty cells.
        out.append(",,,,,,,,,,")
        if let cancelledBy = record.cancelledBy { out.appendCSVField("cancelled by " + cancelledBy) }
        out.append(",control,")
        out.append(utf8: record.event.rawValue)
        out.append(UInt8(ascii: ","))
        out.appendCSVField(record.control)
        out.append(",,")
        switch record.value {
        case .number(let value)?: out.appendNumber(value)
        case .on(let on)?: out.append(on ? "true" : "false")
        case nil: break
        }
        out.append(",,,,\n")
    }

    /// A scroll record as a CSV row of the extended header: the scroll view's name in `view`, the
    /// velocity in `velocity_x`/`velocity_y`, `decelerate` or the zoom scale in `value`.
    func csvRow(_ record: ScrollRecord, trace: [UInt8]?, to out: inout ByteBuffer) {
        if let trace { out.append(trace) }
        out.appendNumber(record.t)
        out.append(",,,")
        out.appendCSVField(record.scrollView)
        // state … translation_y: six empty cells.
        out.append(",,,,,,,")
        Self.cell(record.velocity?.x, to: &out)
        Self.cell(record.velocity?.y, to: &out)
        // scale … reason: six empty cells.
        out.append(",,,,,,scroll,")
        out.append(utf8: record.event.rawValue)
        out.append(",,")
        out.appendCSVField(record.scrollView)
        out.append(UInt8(ascii: ","))
        if let decelerate = record.decelerate {
            out.append(decelerate ? "true" : "false")
        } else if let zoomScale = record.zoomScale {
            out.appendNumber(zoomScale)
        }
        out.append(UInt8(ascii: ","))
        Self.cell(record.contentOffset.x, to: &out)
        Self.cell(record.contentOffset.y, to: &out)
        Self.cell(record.targetContentOffset?.x, to: &out)
        if let y = record.targetContentOffset?.y { out.appendNumber(y) }
        out.append(UInt8(ascii: "\n"))
    }
}
