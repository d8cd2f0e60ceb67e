/// Reads a JSON Lines trace: one sample object per line, the first line optionally a header object holding
/// any of `gesturectl`, `screen` and `scene`; blank lines are ignored.
///
/// A record must stay on its line. The first record is a header or a sample according to its first key
/// that is not an extension key (a record with no such key is an empty header).
final class JSONLinesReader: FormatReader {
    private let json: JSONScanner
    private var s: ByteScanner { json.s }
    private var header = TraceHeader()
    private var firstRecordRead = false
    /// Whether the first record was a sample, read during `readHeader()` and not yet returned.
    private var pendingSample = false
    private var done = false
    /// The fields of a first-record sample read by `readHeader()`.
    private let pendingFields = SampleFields()

    init(_ scanner: ByteScanner) {
        json = JSONScanner(scanner)
        json.newlinesAllowed = false
    }

    func readHeader() throws(TraceError) -> TraceHeader {
        if !firstRecordRead { try readFirstRecord(into: pendingFields) }
        return header
    }

    func readSample(into fields: SampleFields) throws(TraceError) -> Bool {
        if !firstRecordRead {
            try readFirstRecord(into: fields)
            if pendingSample {
                pendingSample = false
                return true
            }
        }
        if pendingSample {
            pendingSample = false
            fields.copy(from: pendingFields)
            return true
        }
        guard !done, try startRecord() else {
            done = true
            return false
        }
        try json.readSampleObject(into: fields, jsonLines: true)
        try endRecord()
        return true
    }

    /// Skips blank lines to the `{` of the next record; false at the end of the input.
    private func startRecord() throws(TraceError) -> Bool {
        while let byte = try s.peek() {
            switch byte {
            case 0x20, 0x09, 0x0D: s.pos &+= 1
            case 0x0A: s.consumeNewline()
            case UInt8(ascii: "{"): return true
            default:
                throw s.error("expected '{' at the start of a JSON Lines record, found \(try s.foundDescription())")
            }
        }
        return false
    }

    /// Checks that only spaces follow a record on its line, and consumes the line break.
    private func endRecord() throws(TraceError) {
        while let byte = try s.peek() {
            switch byte {
            case 0x20, 0x09, 0x0D: s.pos &+= 1
            case 0x0A:
                s.consumeNewline()
                return
            default:
                throw s.error(
                    "expected end of line after a JSON Lines record, found \(try s.foundDescription())")
            }
        }
    }

    /// Reads the first record, a header or a sample (then pending in `fields`).
    private func readFirstRecord(into fields: SampleFields) throws(TraceError) {
        firstRecordRead = true
        guard try startRecord() else {
            done = true
            return
        }
        enum Kind { case undecided, header, sample }
        var kind = Kind.undecided
        var seen: UInt8 = 0
        fields.begin(at: s.position)
        s.pos &+= 1
        var first = true
        while let keyPosition = try json.nextMember(first: first) {
            first = false
            if kind != .header, let key = SampleKey(json.string) {
                kind = .sample
                try json.readSampleValue(key, keyPosition: keyPosition, into: fields)
            } else if kind != .sample, let key = HeaderKey(json.string) {
                kind = .header
                let bit: UInt8 = 1 << UInt8(key.rawValue)
                guard seen & bit == 0 else {
                    throw s.error("duplicate key \(json.quotedString) in header", at: keyPosition)
                }
                seen |= bit
                try json.readHeaderValue(key, into: &header)
            } else if json.stringIsExtensionKey {
                try json.skipValue()
            } else if kind == .header {
                throw s.error(
                    "unknown key \(json.quotedString) in header (a header holds \"gesturectl\", \"screen\" and "
                        + "\"scene\"; samples go on the following lines)",
                    at: keyPosition)
            } else {
                throw json.unknownSampleKey(at: keyPosition, jsonLines: true)
            }
        }
        try endRecord()
        pendingSample = kind == .sample
    }
}

extension SampleFields {
    /// Copies every field of `other`.
    func copy(from other: SampleFields) {
        start = other.start
        present = other.present
        keyPositions = other.keyPositions
        valuePositions = other.valuePositions
        t = other.t
        tLiteral = other.tLiteral
        id = other.id
        phase = other.phase
        x = other.x
        y = other.y
        force = other.force
        radius = other.radius
        type = other.type
        subtype = other.subtype
    }
}
