/// Reads a JSON document trace, `{"gesturectl": 1, "screen": ..., "scene": ..., "samples": [...]}`, or a bare
/// array of samples, streaming the samples one at a time.
///
/// The members may come in any order. When the header is asked for before the `samples` array has been
/// read to its end, the reader scans ahead: it skips the rest of the array with a fast structural scan
/// (brackets and strings only), reads the members after it, and then goes back to where it was. Files and
/// memory are read again from the saved offset; a pipe is first copied to an unnamed temporary file, so
/// memory stays constant in every case.
final class JSONTraceReader: FormatReader {
    private enum State {
        case start
        case samples(afterElement: Bool)
        case done
    }

    private let json: JSONScanner
    private var s: ByteScanner { json.s }
    private var state = State.start
    private var header = TraceHeader()
    private var headerComplete = false
    /// Top-level keys seen: `HeaderKey` bits, and `samplesBit`.
    private var seenKeys: UInt8 = 0
    private static let samplesBit: UInt8 = 1 << 3
    private var documentStart = SourcePosition(line: 1, column: 1)
    private var isBareArray = false
    /// Whether the members after `samples` were read by a scan-ahead already.
    private var restRead = false

    init(_ scanner: ByteScanner) {
        json = JSONScanner(scanner)
    }

    func readHeader() throws(TraceError) -> TraceHeader {
        if case .start = state { try readPrefix() }
        if !headerComplete { try scanAhead() }
        return header
    }

    func readSample(into fields: SampleFields) throws(TraceError) -> Bool {
        if case .start = state { try readPrefix() }
        guard case .samples(let afterElement) = state else { return false }
        guard try json.nextElement(first: !afterElement, element: "sample") else {
            try endSamples()
            return false
        }
        guard let byte = try s.peek(), byte == UInt8(ascii: "{") else {
            let at = s.position
            let found = try json.startsValue() ? try json.describeValue() : try s.foundDescription()
            throw s.error("expected a sample object, found \(found)", at: at)
        }
        try json.readSampleObject(into: fields, jsonLines: false)
        state = .samples(afterElement: true)
        return true
    }

    /// Reads up to the start of the samples (or, without samples, the whole document).
    private func readPrefix() throws(TraceError) {
        try json.skipWhitespace()
        documentStart = s.position
        switch try s.peek() {
        case UInt8(ascii: "["):
            s.pos &+= 1
            isBareArray = true
            headerComplete = true
            state = .samples(afterElement: false)
        case UInt8(ascii: "{"):
            s.pos &+= 1
            state = try readMembers(first: true) ? .samples(afterElement: false) : .done
        default:
            throw s.error("expected '{' or '[' at the start of a JSON trace, found \(try s.foundDescription())")
        }
    }

    /// Reads top-level members until the `samples` array starts (returns true, after its `[`) or the document
    /// ends (returns false).
    private func readMembers(first: Bool) throws(TraceError) -> Bool {
        var first = first
        while let keyPosition = try json.nextMember(first: first) {
            first = false
            if let key = HeaderKey(json.string) {
                try claim(1 << UInt8(key.rawValue), at: keyPosition)
                try json.readHeaderValue(key, into: &header)
            } else if json.string.elementsEqual("samples".utf8) {
                try claim(Self.samplesBit, at: keyPosition)
                guard try s.peek() == UInt8(ascii: "[") else {
                    throw try json.typeError(key: "samples", expected: "an array")
                }
                s.pos &+= 1
                return true
            } else if json.stringIsExtensionKey {
                try json.skipValue()
            } else {
                throw s.error(
                    "unknown key \(json.quotedString) in trace document (extension keys start with \"x-\")",
                    at: keyPosition)
            }
        }
        guard seenKeys & Self.samplesBit != 0 else {
            throw s.error("trace document is missing required key \"samples\"", at: documentStart)
        }
        try expectEnd()
        headerComplete = true
        return false
    }

    /// Notes a top-level key, rejecting a duplicate.
    private func claim(_ bit: UInt8, at position: SourcePosition) throws(TraceError) {
        guard seenKeys & bit == 0 else {
            throw s.error("duplicate key \(json.quotedString) in trace document", at: position)
        }
        seenKeys |= bit
    }

    /// Checks that only whitespace follows the document.
    private func expectEnd() throws(TraceError) {
        try json.skipWhitespace()
        if try s.peek() != nil {
            throw s.error("unexpected \(try s.foundDescription()) after the end of the trace document")
        }
    }

    /// After the `]` of the samples: reads what follows, unless a scan-ahead already did.
    private func endSamples() throws(TraceError) {
        if isBareArray {
            try expectEnd()
        } else if !restRead {
            _ = try readMembers(first: false)
        }
        state = .done
    }

    /// Reads the members after the samples array, then returns to the current sample.
    private func scanAhead() throws(TraceError) {
        guard case .samples(let afterElement) = state else { return }
        let saved = s.save()
        try s.makeRewindable()
        if try skipRestOfArray() {
            _ = try readMembers(first: false)
        } else {
            // The array does not close: parse the samples (and what follows) to report the exact error.
            try s.restore(saved)
            let scratch = SampleFields()
            while try readSample(into: scratch) {}
        }
        restRead = true
        try s.restore(saved)
        state = .samples(afterElement: afterElement)
    }

    /// Skips to just after the `]` that closes the samples array, looking only at brackets, strings, line
    /// breaks and UTF-8 continuation bytes (for positions); false if the input ends first.
    private func skipRestOfArray() throws(TraceError) -> Bool {
        var depth = 1
        var inString = false
        var escaped = false
        while true {
            let buffer = s.buffer
            let end = s.end
            var i = s.pos
            while i < end {
                let byte = buffer[i]
                if byte & 0xC0 == 0x80 {
                    s.lineExtra &+= 1
                    escaped = false
                } else if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                    } else if byte == 0x0A {
                        s.pos = i
                        s.consumeNewline()
                        i = s.pos
                        continue
                    }
                } else {
                    switch byte {
                    case UInt8(ascii: "\""):
                        inString = true
                    case UInt8(ascii: "["), UInt8(ascii: "{"):
                        depth &+= 1
                    case UInt8(ascii: "]"), UInt8(ascii: "}"):
                        depth &-= 1
                        if depth == 0 {
                            s.pos = i &+ 1
                            return true
                        }
                    case 0x0A:
                        s.pos = i
                        s.consumeNewline()
                        i = s.pos
                        continue
                    default:
                        break
                    }
                }
                i &+= 1
            }
            s.pos = i
            if try !s.fill() { return false }
        }
    }
}
