import GestureKit

extension TraceWriter {
    /// The CSV encoding: `# screen:` comment, header row, one row per sample.
    ///
    /// The columns are `t,id,phase,x,y`, then `force`, `radius`, `type`, `subtype` when some sample
    /// has a value for them; absent values are empty cells. A touch sample leaves `type` empty (its
    /// default). Fields with a comma, a quote or a line break are quoted as RFC 4180 says.
    static func csv(_ samples: [Sample], header: TraceHeader) throws(TraceWriteError) -> String {
        var hasForce = false
        var hasRadius = false
        var hasOtherTypes = false
        for (index, sample) in samples.enumerated() {
            switch sample.kind {
            case let .touch(id, _, _, force, radius):
                if force != nil { hasForce = true }
                if radius != nil { hasRadius = true }
                if case .name(let name) = id, !isWritableCSVName(name) {
                    throw .idNotWritableInCSV(id: name, sampleIndex: index)
                }
            case .motion, .remoteControl, .application:
                hasOtherTypes = true
            }
        }
        let screen = header.screenOrDefault
        var text = "# screen: " + TraceNumber.string(screen.width) + "x" + TraceNumber.string(screen.height) + "\n"
        text += "t,id,phase,x,y"
        if hasForce { text += ",force" }
        if hasRadius { text += ",radius" }
        if hasOtherTypes { text += ",type,subtype" }
        text += "\n"
        for sample in samples {
            text += csvRow(sample, force: hasForce, radius: hasRadius, types: hasOtherTypes)
        }
        return text
    }

    /// One CSV row with its line break; `force`, `radius` and `types` say which optional columns there are.
    static func csvRow(_ sample: Sample, force hasForceColumn: Bool, radius hasRadiusColumn: Bool, types hasTypeColumns: Bool) -> String {
        var cells: [String] = [TraceNumber.string(sample.t)]
        var force: Double?
        var radius: Double?
        var type = ""
        var subtype = ""
        switch sample.kind {
        case let .touch(id, phase, location, f, r):
            switch id {
            case .number(let n): cells.append(String(n))
            case .name(let s): cells.append(quotedCSV(s))
            }
            cells += [phase.rawValue, TraceNumber.string(location.x), TraceNumber.string(location.y)]
            force = f
            radius = r
        case let .motion(phase, s):
            cells += ["", phase.rawValue, "", ""]
            type = "motion"
            subtype = s.rawValue
        case .remoteControl(let s):
            cells += ["", "", "", ""]
            type = "remoteControl"
            subtype = s.rawValue
        case .application(let s):
            cells += ["", "", "", ""]
            type = "application"
            subtype = s.rawValue
        }
        if hasForceColumn { cells.append(force.map(TraceNumber.string) ?? "") }
        if hasRadiusColumn { cells.append(radius.map(TraceNumber.string) ?? "") }
        if hasTypeColumns { cells += [type, subtype] }
        return cells.joined(separator: ",") + "\n"
    }

    /// Whether a string id reads back from a CSV cell as the same string: not empty, without control
    /// characters other than tab and line breaks, and not spelled like a JSON number (the reader takes
    /// such a cell for a number).
    static func isWritableCSVName(_ name: String) -> Bool {
        guard !name.isEmpty else { return false }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r" }) {
            return false
        }
        if case .invalid = NumberParser.parse(Array(name.utf8)) { return true }
        return false
    }

    /// The field as RFC 4180 writes it: quoted, with quotes doubled, when it holds `,` `"` CR or LF.
    static func quotedCSV(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 })
        else { return field }
        var quoted = "\""
        for scalar in field.unicodeScalars {
            if scalar == "\"" { quoted += "\"\"" } else { quoted.unicodeScalars.append(scalar) }
        }
        return quoted + "\""
    }
}
