/// Reads a JSON document trace, `{"gesturectl": 1, "screen": ..., "scene": ..., "samples": [...]}`, or a bare
/// array of samples, streaming the samples one at a time.
///
/// The members may come in any order. When the header is asked for before the `samples` array has been
/// read to its end, the reader scans ahead: it skips the rest of the array with a fast structural scan
/// (brackets and strings only), reads the members after it, and then goes back to where it was. Files and
/// memory are read again from the saved offset; a pipe is first copied to an unnamed temporary file, so
/// memory stays constant in every case.
struct JSONTraceReader: FormatReader {
    private enum State {
        case start
        case samples(afterElement: Bool)
        case done
    }

    private var json: JSONScanner
    private var state = State.start
    private var header = TraceHeader()
    var fastPathEnabled = true
    var valuesNeeded = true
    private(set) var fastSampleCount = 0
    private var headerComplete = false
    /// Top-level keys seen: `HeaderKey` bits, and `samplesBit`.
    private var seenKeys: UInt8 = 0
    private static let samplesBit: UInt8 = 1 << 3
    private var documentStart = SourcePosition(line: 1, column: 1)
    private var isBareArray = false
    /// Whether the members after `samples` were read by a scan-ahead already.
    private var restRead = false
    /// The samples a scan-ahead read (``readAhead()``), handed out before anything else; and how many were.
    private var queued: [SampleFields] = []
    private var queuedTaken = 0

    init(_ scanner: ByteScanner) {
        json = JSONScanner(scanner)
    }

    mutating func start() throws(TraceError) {
        try json.s.skipByteOrderMark()
    }

    mutating func readHeader() throws(TraceError) -> TraceHeader {
        if case .start = state { try readPrefix() }
        if !headerComplete { try scanAhead() }
        return header
    }

    mutating func readHeaderBeforeSamples() throws(TraceError) -> (header: TraceHeader, complete: Bool) {
        if case .start = state { try readPrefix() }
        return (header, headerComplete)
    }

    mutating func readSample(into fields: inout SampleFields) throws(TraceError) -> Bool {
        if queuedTaken < queued.count { return takeQueued(into: &fields) }
        if case .start = state { try readPrefix() }
        guard case .samples(let afterElement) = state else { return false }
        if fastPathEnabled, readFastSample(afterElement: afterElement, into: &fields) {
            fastSampleCount &+= 1
            state = .samples(afterElement: true)
            return true
        }
        guard try json.nextElement(first: !afterElement, element: "sample") else {
            try endSamples()
            return false
        }
        guard let byte = try json.s.peek(), byte == UInt8(ascii: "{") else {
            let at = json.s.position
            let found = try json.startsValue() ? try json.describeValue() : try json.s.foundDescription()
            throw json.s.error("expected a sample object, found \(found)", at: at)
        }
        try json.readSampleObject(into: &fields, jsonLines: false)
        state = .samples(afterElement: true)
        return true
    }

    /// The fast path (see `FastCursor`): the `,` before the sample and one common sample object, read
    /// straight from the buffer; false, consuming nothing, for anything else.
    @inline(__always)
    private mutating func readFastSample(afterElement: Bool, into fields: inout SampleFields) -> Bool {
        json.s.topUpForFastPath()
        var cursor = FastCursor(json.s)
        cursor.valuesNeeded = valuesNeeded
        guard cursor.skipWhitespace(newlines: true) else { return false }
        if afterElement {
            guard cursor.at(UInt8(ascii: ",")) else { return false }
            cursor.p += 1
            guard cursor.skipWhitespace(newlines: true) else { return false }
        }
        guard cursor.at(UInt8(ascii: "{")), cursor.sampleObject(into: &fields, newlines: true) else { return false }
        cursor.commit(to: &json.s)
        return true
    }

    /// Reads up to the start of the samples (or, without samples, the whole document).
    private mutating func readPrefix() throws(TraceError) {
        try json.skipWhitespace()
        documentStart = json.s.position
        switch try json.s.peek() {
        case nil:
            // An empty file (or only white space) is a trace without samples, in every encoding
            // (`--allow-empty` lets it pass), not a document cut short.
            headerComplete = true
            state = .done
        case UInt8(ascii: "["):
            json.s.pos &+= 1
            isBareArray = true
            headerComplete = true
            state = .samples(afterElement: false)
        case UInt8(ascii: "{"):
            json.s.pos &+= 1
            state = try readMembers(first: true) ? .samples(afterElement: false) : .done
        default:
            throw json.s.error("expected '{' or '[' at the start of a JSON trace, found \(try json.s.foundDescription())")
        }
    }

    /// Reads top-level members until the `samples` array starts (returns true, after its `[`) or the document
    /// ends (returns false).
    private mutating func readMembers(first: Bool) throws(TraceError) -> Bool {
        var first = first
        while let keyPosition = try json.nextMember(first: first) {
            first = false
            if let key = HeaderKey(json.string) {
                try claim(1 << UInt8(key.rawValue), at: keyPosition)
                try json.readHeaderValue(key, into: &header)
            } else if json.string.elementsEqual("samples".utf8) {
                try claim(Self.samplesBit, at: keyPosition)
                guard try json.s.peek() == UInt8(ascii: "[") else {
                    throw try json.typeError(key: "samples", expected: "an array")
                }
                json.s.pos &+= 1
                return true
            } else if json.stringIsExtensionKey {
                try json.skipValue()
            } else if SceneKeys.marksScene(json.string) {
                throw json.s.error(SceneKeys.message(key: json.string), at: keyPosition)
            } else {
                throw json.s.error(
                    "unknown key \(json.quotedString) in trace document"
                        + Suggestions.parenthesis(
                            String(decoding: json.string, as: UTF8.self), among: ["gesturectl", "screen", "scene", "samples"],
                            note: "extension keys start with \"x-\""),
                    at: keyPosition)
            }
        }
        guard seenKeys & Self.samplesBit != 0 else {
            throw json.s.error("trace document is missing required key \"samples\"", at: documentStart)
        }
        try expectEnd()
        headerComplete = true
        return false
    }

    /// Notes a top-level key, rejecting a duplicate.
    private mutating func claim(_ bit: UInt8, at position: SourcePosition) throws(TraceError) {
        guard seenKeys & bit == 0 else {
            throw json.s.error("duplicate key \(json.quotedString) in trace document", at: position)
        }
        seenKeys |= bit
    }

    /// Checks that only whitespace follows the document.
    private mutating func expectEnd() throws(TraceError) {
        try json.skipWhitespace()
        if try json.s.peek() != nil {
            throw json.s.error("unexpected \(try json.s.foundDescription()) after the end of the trace document")
        }
    }

    /// After the `]` of the samples: reads what follows, unless a scan-ahead already did.
    private mutating func endSamples() throws(TraceError) {
        if isBareArray {
            try expectEnd()
        } else if !restRead {
            _ = try readMembers(first: false)
        }
        state = .done
    }

    /// Reads the members after the samples array, then returns to the current sample.
    private mutating func scanAhead() throws(TraceError) {
        guard case .samples(let afterElement) = state else { return }
        let saved = json.s.save()
        try json.s.makeRewindable()
        if try readAhead(from: saved) { return }
        if try skipRestOfArray() {
            _ = try readMembers(first: false)
        } else {
            // The array does not close: parse the samples (and what follows) to report the exact error.
            try json.s.restore(saved)
            var scratch = SampleFields()
            while try readSample(into: &scratch) {}
        }
        restRead = true
        try json.s.restore(saved)
        state = .samples(afterElement: afterElement)
    }

    /// The most bytes after the current sample that ``readAhead(from:)`` reads into memory (at most a
    /// few thousand samples queued).
    static let readAheadLimit = 1 << 18

    /// A scan-ahead over a small rest of the document: reads the remaining samples (without
    /// validating them: `next()` does, as it hands each out) and the members after them, queuing
    /// the samples; true when it did. A trace of a few hundred samples is so read once rather than
    /// skipped and then read (the skip was 4% of `check`'s instructions on a corpus of small traces;
    /// `check` of the bench corpus's 3,334 JSON documents takes 0.96 of the CPU time it took).
    ///
    /// False, with everything as it was, when the rest is larger than ``readAheadLimit`` or does not
    /// read: the skip then reads it as before, so that errors are found and worded as they always
    /// were (a member after the samples before any sample's error).
    private mutating func readAhead(from saved: ByteScanner.State) throws(TraceError) -> Bool {
        let before = (state: state, header: header, headerComplete: headerComplete, seenKeys: seenKeys, fastSampleCount: fastSampleCount)
        do throws(TraceError) {
            while !json.s.atEOF, json.s.end &- json.s.pos <= Self.readAheadLimit {
                if try !json.s.fill() { break }
            }
            guard json.s.atEOF, json.s.end &- json.s.pos <= Self.readAheadLimit else {
                try json.s.restore(saved)
                return false
            }
            var samples: [SampleFields] = []
            // At most one sample in each 64 bytes, as recorders write them: room made once.
            samples.reserveCapacity((json.s.end &- json.s.pos) / 64 &+ 16)
            // Each sample is read into its place in the queue: copying the fields in and out (about 450
            // bytes, through their value witness) cost 14% of reading a corpus's small JSON documents.
            samples.append(SampleFields())
            while try readSample(into: &samples[samples.count &- 1]) {
                samples.append(SampleFields(after: samples[samples.count &- 1]))
            }
            samples.removeLast()
            queued = samples
            queuedTaken = 0
            restRead = true
            return true
        } catch {
            (state, header, headerComplete, seenKeys, fastSampleCount) = before
            try json.s.restore(saved)
            return false
        }
    }

    /// The next queued sample, moved out of the queue (its place gets the caller's old fields); the queue
    /// is let go once taken.
    private mutating func takeQueued(into fields: inout SampleFields) -> Bool {
        swap(&fields, &queued[queuedTaken])
        queuedTaken &+= 1
        if queuedTaken == queued.count { releaseQueue() }
        return true
    }

    /// The next queued sample validated in its place: moving the fields (about 450 bytes) out of the queue
    /// for `TraceReader`'s validation cost 12% of reading those documents.
    @inline(__always)
    mutating func validateQueued<Result>(
        _ validator: inout SampleValidator, at position: inout SourcePosition,
        _ validate: (inout SampleValidator, inout SampleFields) throws(TraceError) -> Result
    ) throws(TraceError) -> Result? {
        guard queuedTaken < queued.count else { return nil }
        let i = queuedTaken
        queuedTaken &+= 1
        let result = try validate(&validator, &queued[i])
        position = queued[i].start
        if queuedTaken == queued.count { releaseQueue() }
        return result
    }

    /// Lets the queue go once every sample in it is taken.
    private mutating func releaseQueue() {
        queued = []
        queuedTaken = 0
    }

    /// For `skipRestOfArray()`: 1 for the bytes it must look at outside strings (the first 256 entries:
    /// quotes, brackets, braces, line feeds, UTF-8 continuation bytes) and inside them (the next 256:
    /// quotes, backslashes, line feeds, continuation bytes).
    private static let interestingBytes: [UInt8] = [
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0,
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ]

    /// The first index from `i` (or `end`) whose byte `skipRestOfArray()` must look at.
    @inline(__always)
    private static func skipUninteresting(_ buffer: UnsafeMutablePointer<UInt8>, from i: Int, to end: Int, inString: Bool)
        -> Int
    {
        interestingBytes.withUnsafeBufferPointer { table in
            let table = table.baseAddress! + (inString ? 256 : 0)
            var i = i
            while i < end && table[Int(buffer[i])] == 0 { i &+= 1 }
            return i
        }
    }

    /// Skips to just after the `]` that closes the samples array, looking only at brackets, strings, line
    /// breaks and UTF-8 continuation bytes (for positions); false if the input ends first.
    private mutating func skipRestOfArray() throws(TraceError) -> Bool {
        var depth = 1
        var inString = false
        var escaped = false
        while true {
            let buffer = json.s.buffer
            let end = json.s.end
            var i = json.s.pos
            while i < end {
                if !escaped {
                    i = Self.skipUninteresting(buffer, from: i, to: end, inString: inString)
                    if i == end { break }
                }
                let byte = buffer[i]
                if byte & 0xC0 == 0x80 {
                    json.s.lineExtra &+= 1
                    escaped = false
                } else if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                    } else if byte == 0x0A {
                        json.s.pos = i
                        json.s.consumeNewline()
                        i = json.s.pos
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
                            json.s.pos = i &+ 1
                            return true
                        }
                    case 0x0A:
                        json.s.pos = i
                        json.s.consumeNewline()
                        i = json.s.pos
                        continue
                    default:
                        break
                    }
                }
                i &+= 1
            }
            json.s.pos = i
            if try !json.s.fill() { return false }
        }
    }
}
