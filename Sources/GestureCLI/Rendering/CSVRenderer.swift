import GestureKit

/// The `csv` format: a fixed header and one row per transition; lines end with `\n`.
///
/// Columns: `t,recognizer,kind,view,state,x,y,touches,translation_x,translation_y,velocity_x,`
/// `velocity_y,scale,rotation,velocity,direction,taps,reason`; `x`/`y` are the location, `velocity`
/// holds the scalar velocities of pinch and rotation, `velocity_x`/`velocity_y` the vectors of pans.
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

    var prologue: String { ((options.labelsTraces ? ["trace"] : []) + Self.columns).joined(separator: ",") + "\n" }

    func traceRenderer(path: String) -> TraceRenderer { CSVTraceRenderer(path: path, options: options) }

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
