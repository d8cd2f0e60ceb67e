import GestureKit

/// The `csv` format: a fixed header and one row per transition; lines end with `\n`.
///
/// Columns: `t,recognizer,kind,view,state,x,y,touches,translation_x,translation_y,velocity_x,`
/// `velocity_y,scale,rotation,velocity,direction,taps,reason`; `x`/`y` are the location, `velocity`
/// holds the scalar velocities of pinch and rotation, `velocity_x`/`velocity_y` the vectors of pans;
/// `reason` holds a failure's or cancellation's reason, and a `began` or `recognized` row's cause
/// (the record's `cause`), so that the header stays the same.
/// Absent values are empty cells. With several traces a leading `trace` column names the trace.
/// Fields holding a comma, a quote or a line break are quoted as RFC 4180 says. Deliveries are not
/// part of this format.
struct CSVRenderer: AnalysisRenderer {
    let options: RenderOptions

    /// The header row of one trace, without the `trace` column.
    static let columns = [
        "t", "recognizer", "kind", "view", "state", "x", "y", "touches", "translation_x", "translation_y",
        "velocity_x", "velocity_y", "scale", "rotation", "velocity", "direction", "taps", "reason",
    ]

    /// The columns scenes with controls or scroll views add after ``columns``.
    static let extendedColumns = [
        "type", "event", "control", "scroll_view", "value", "content_offset_x", "content_offset_y", "target_x", "target_y",
    ]

    var prologue: String { prologue(extended: false) }

    func prologue(extended: Bool) -> String {
        ((options.labelsTraces ? ["trace"] : []) + Self.columns + (extended ? Self.extendedColumns : [])).joined(separator: ",") + "\n"
    }
    let separator = ""
    let epilogue = ""

    func traceRenderer(path: String) -> TraceRenderer { CSVTraceRenderer(path: path, options: options) }

    /// CSV names no scene; in scenes with controls or scroll views its rows have the extended columns.
    func traceRenderer(path: String, scene: SceneOrigin, extended: Bool) -> TraceRenderer {
        CSVTraceRenderer(path: path, options: options, extended: extended)
    }

    /// The field as RFC 4180 writes it: quoted, with quotes doubled, when it holds `,` `"` CR or LF.
    static func quoted(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }) else {
            return field
        }
        var quoted = "\""
        for character in field {
            if character == "\"" { quoted += "\"\"" } else { quoted.append(character) }
        }
        return quoted + "\""
    }
}
