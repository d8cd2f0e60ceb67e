/// Reads a JSON Lines trace: one sample object per line, the first line optionally a header object holding
/// any of `gesturectl`, `screen` and `scene`; blank lines are ignored.
///
/// A record must stay on its line. The first record is a header or a sample according to its first key
/// that is not an extension key (a record with no such key is an empty header).
struct JSONLinesReader: FormatReader {
    private var json: JSONScanner
    private var header = TraceHeader()
    var fastPathEnabled = true
    var valuesNeeded = true
    private(set) var fastSampleCount = 0
    private var firstRecordRead = false
    /// Whether the first record was a sample, read during `readHeader()` and not yet returned.
    private var pendingSample = false
    private var done = false
    /// The fields of a first-record sample read by `readHeader()`.
    private var pendingFields = SampleFields()

    init(_ scanner: ByteScanner) {
        json = JSONScanner(scanner)
        json.newlinesAllowed = false
    }

    mutating func start() throws(TraceError) {
        try json.s.skipByteOrderMark()
    }

    mutating func readHeader() throws(TraceError) -> TraceHeader {
        if !firstRecordRead {
            var pending = SampleFields()
            try readFirstRecord(into: &pending)
            pendingFields = pending
        }
        return header
    }

    mutating func readSample(into fields: inout SampleFields) throws(TraceError) -> Bool {
        if !firstRecordRead {
            try readFirstRecord(into: &fields)
            if pendingSample {
                pendingSample = false
                return true
            }
        }
        if pendingSample {
            pendingSample = false
            fields = pendingFields
            return true
        }
        guard !done else { return false }
        if fastPathEnabled, readFastRecord(into: &fields) {
            fastSampleCount &+= 1
            return true
        }
        guard try startRecord() else {
            done = true
            return false
        }
        try json.readSampleObject(into: &fields, jsonLines: true)
        try endRecord()
        return true
    }

    /// The fast path (see `FastCursor`): blank lines, one common sample record and its line break, read
    /// straight from the buffer; false, consuming nothing, for anything else.
    @inline(__always)
    private mutating func readFastRecord(into fields: inout SampleFields) -> Bool {
        json.s.topUpForFastPath()
        var cursor = FastCursor(json.s)
        cursor.valuesNeeded = valuesNeeded
        guard cursor.skipWhitespace(newlines: true), cursor.at(UInt8(ascii: "{")),
            cursor.sampleObject(into: &fields, newlines: false)
        else { return false }
        cursor.skipSpaces()
        if cursor.at(0x0A) {
            cursor.newline()
        } else if cursor.p != cursor.end || !json.s.atEOF {
            return false
        }
        cursor.commit(to: &json.s)
        return true
    }

    /// Skips blank lines to the `{` of the next record; false at the end of the input.
    private mutating func startRecord() throws(TraceError) -> Bool {
        while let byte = try json.s.peek() {
            switch byte {
            case 0x20, 0x09, 0x0D: json.s.pos &+= 1
            case 0x0A: json.s.consumeNewline()
            case UInt8(ascii: "{"): return true
            default:
                throw json.s.error("expected '{' at the start of a JSON Lines record, found \(try json.s.foundDescription())")
            }
        }
        return false
    }

    /// Checks that only spaces follow a record on its line, and consumes the line break.
    private mutating func endRecord() throws(TraceError) {
        while let byte = try json.s.peek() {
            switch byte {
            case 0x20, 0x09, 0x0D: json.s.pos &+= 1
            case 0x0A:
                json.s.consumeNewline()
                return
            default:
                throw json.s.error(
                    "expected end of line after a JSON Lines record, found \(try json.s.foundDescription())")
            }
        }
    }

    /// Reads the first record, a header or a sample (then pending in `fields`).
    private mutating func readFirstRecord(into fields: inout SampleFields) throws(TraceError) {
        firstRecordRead = true
        guard try startRecord() else {
            done = true
            return
        }
        enum Kind { case undecided, header, sample }
        var kind = Kind.undecided
        var seen: UInt8 = 0
        fields.begin(at: json.s.position)
        json.s.pos &+= 1
        var first = true
        while let keyPosition = try json.nextMember(first: first) {
            first = false
            if kind != .header, let key = SampleKey(json.string) {
                kind = .sample
                try json.readSampleValue(key, keyPosition: keyPosition, into: &fields)
            } else if kind != .sample, let key = HeaderKey(json.string) {
                kind = .header
                let bit: UInt8 = 1 << UInt8(key.rawValue)
                guard seen & bit == 0 else {
                    throw json.s.error("duplicate key \(json.quotedString) in header", at: keyPosition)
                }
                seen |= bit
                try json.readHeaderValue(key, into: &header)
            } else if json.stringIsExtensionKey {
                try json.skipValue()
            } else if kind == .header {
                throw json.s.error(
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
