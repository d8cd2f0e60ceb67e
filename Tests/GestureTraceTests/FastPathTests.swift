import GestureKit
import Testing
@testable import GestureTrace

/// The readers' fast path (`FastCursor`) must never change a result: every input reads the same, to the
/// last message and position, with the fast path on and off, whatever the chunk size. And it must actually
/// read the common forms, or the speed is lost without any test failing.
@Suite struct FastPathTests {
    /// The outcome of reading, comparable: the result and the samples the fast path read, or the error.
    enum Outcome: Equatable {
        case read(ReadResult)
        case failed(String)
    }

    static func outcome(
        _ bytes: [UInt8], _ encoding: TraceEncoding, fastPath: Bool, chunkSize: Int = 1 << 16, headerFirst: Bool = true
    ) -> (Outcome, fast: Int) {
        var reader: TraceReader?
        do {
            let opened = try TraceReader(
                source: MemorySource(bytes), name: "f", encoding: encoding, chunkSize: chunkSize, fastPath: fastPath)
            reader = opened
            var header = TraceHeader()
            if headerFirst { header = try opened.header() }
            let samples = try opened.readAll()
            if !headerFirst { header = try opened.header() }
            let result = ReadResult(
                header: header, samples: samples, warnings: opened.warnings.map(\.description),
                lastSamplePosition: opened.lastSamplePosition)
            return (.read(result), opened.fastSampleCount)
        } catch {
            return (.failed(error.description), reader?.fastSampleCount ?? 0)
        }
    }

    // MARK: Realistic traces

    /// A recorder's trace: 120 Hz multi-finger gestures, times from a device clock and locations on a 3x
    /// screen spelled as shortest round trips (16-17 significant digits), force and radius on some samples.
    static func realisticTrace(_ encoding: TraceEncoding, seed: UInt64, gestures: Int = 40) -> String {
        var random = SplitMix64(seed: seed)
        func uniform(_ low: Double, _ high: Double) -> Double {
            low + (high - low) * Double(random.next() >> 11) / Double(1 << 53)
        }
        func snap(_ v: Double) -> Double { (v * 3).rounded() / 3 }
        var lines: [String] = []
        switch encoding {
        case .json: lines.append("{\n  \"gesturectl\": 1,\n  \"screen\": {\"width\": 390, \"height\": 844},\n  \"samples\": [")
        case .jsonl: lines.append(#"{"gesturectl":1,"screen":{"width":390,"height":844}}"#)
        case .csv: lines.append("# screen: 390x844\nt,id,phase,x,y,force,radius")
        }
        var samples: [String] = []
        var t = uniform(1000, 90000)
        for g in 0..<gestures {
            let fingers = 1 + Int(random.next() % 3)
            let frames = 3 + Int(random.next() % 40)
            let cx = uniform(40, 350)
            let cy = uniform(80, 760)
            let dx = uniform(-200, 200)
            let dy = uniform(-300, 300)
            let withForce = g % 3 == 0
            let withRadius = g % 2 == 0
            let named = g % 7 == 3
            for f in 0...frames {
                let time = t + Double(f) / 120
                for i in 0..<fingers {
                    let phase = f == 0 ? "began" : f == frames ? (g % 5 == 4 ? "cancelled" : "ended")
                        : (f % 9 == 4 ? "stationary" : "moved")
                    let u = Double(f) / Double(frames)
                    let x = snap(cx + Double(i) * 30 + dx * u + uniform(-0.6, 0.6))
                    let y = snap(cy + dy * u + uniform(-0.6, 0.6))
                    let force = withForce ? (uniform(0, 3.5) * 1e6).rounded() / 1e6 : nil
                    let radius = withRadius ? [10.416666666666666, 20.833333333333332, 15.625][Int(random.next() % 3)] : nil
                    let id = named ? "\"finger-\(i)\"" : "\(i + 1)"
                    switch encoding {
                    case .json, .jsonl:
                        var text = "{\"t\":\(time),\"id\":\(id),\"phase\":\"\(phase)\",\"x\":\(x),\"y\":\(y)"
                        if let force { text += ",\"force\":\(force)" }
                        if let radius { text += ",\"radius\":\(radius)" }
                        samples.append(text + "}")
                    case .csv:
                        let csvID = named ? "finger-\(i)" : id
                        samples.append(
                            "\(time),\(csvID),\(phase),\(x),\(y),\(force.map { "\($0)" } ?? ""),\(radius.map { "\($0)" } ?? "")")
                    }
                }
            }
            t += Double(frames) / 120 + uniform(0.05, 1.5)
        }
        switch encoding {
        case .json: return lines[0] + "\n    " + samples.joined(separator: ",\n    ") + "\n  ]\n}\n"
        case .jsonl, .csv: return (lines + samples).joined(separator: "\n") + "\n"
        }
    }

    @Test(arguments: TraceEncoding.allCases)
    func realisticTracesReadTheSameAndFast(encoding: TraceEncoding) throws {
        for seed in 1...3 as ClosedRange<UInt64> {
            let bytes = Array(Self.realisticTrace(encoding, seed: seed).utf8)
            let (slow, slowFast) = Self.outcome(bytes, encoding, fastPath: false)
            let (fast, fastCount) = Self.outcome(bytes, encoding, fastPath: true)
            #expect(slowFast == 0)
            guard case .read(let result) = fast else {
                Issue.record("a realistic trace does not read: \(fast)")
                continue
            }
            #expect(fast == slow)
            #expect(result.samples.count > 1000)
            // Everything but the first CSV row (read with the header row) is fast.
            #expect(fastCount == result.samples.count - (encoding == .csv ? 1 : 0), "\(encoding) seed \(seed)")
            // Chunks that cut records often: the fast path gives up at each cut, with the same result.
            for chunkSize in [61, 256, 4099] {
                #expect(Self.outcome(bytes, encoding, fastPath: true, chunkSize: chunkSize).0 == slow)
            }
        }
    }

    /// The forms the fast path takes: compact or spaced, CRLF, every key order, every phase, string ids.
    @Test func commonFormsAreFast() throws {
        let jsonLines = """
            {"t":0,"id":1,"phase":"began","x":1.5,"y":-2}
            { "t" : 0.008 , "id" : 1 , "phase" : "stationary" , "x" : 1.5 , "y" : -2 }\r
            {"y":3,"x":2,"phase":"moved","id":1,"t":0.016,"radius":4.5,"force":0}

            {"t":0.016,"id":"thumb","phase":"began","x":1E2,"y":1e-3,"type":"touch"}
            {"t":0.024,"id":1,"phase":"ended","x":2,"y":3}
            {"t":0.024,"id":"thumb","phase":"cancelled","x":-0.0,"y":123456789012345678901234}
            {"t":0.03,"id":2,"x-pressure":0.25,"phase":"began","x-device":"pencil","x":1,"y":2,"x-ok":true}
            """
        let bytes = Array(jsonLines.utf8)
        let (fast, count) = Self.outcome(bytes, .jsonl, fastPath: true)
        #expect(fast == Self.outcome(bytes, .jsonl, fastPath: false).0)
        #expect(count == 6)
        let csv = "t,x-note,id,phase,x,y,force,radius\r\n0,a,1,began,1.5,-2,,\r\n0.008,,1,stationary,1.5,-2,0.5,\r\n"
            + "0.016,b c,thumb,began,1E2,1e-3,,4\r\n0.024,,1,ended,2,3,,\r\n0.024,,thumb,cancelled,-0.0,1,,"
        let csvBytes = Array(csv.utf8)
        let (fastCSV, csvCount) = Self.outcome(csvBytes, .csv, fastPath: true)
        #expect(fastCSV == Self.outcome(csvBytes, .csv, fastPath: false).0)
        #expect(csvCount == 4)
    }

    /// The general reader's limits hold on the fast path too, even when the buffer holds the whole record
    /// (large chunks, or the megabyte that sniffing reads ahead).
    @Test func limitsAreTheGeneralReaders() {
        let first = #"{"t":0,"id":1,"phase":"began","x":1,"y":2}"#
        let longNumber = "0." + String(repeating: "0", count: 5000) + "1"
        let longString = String(repeating: "a", count: (1 << 20) + 1)
        let cases: [(String, TraceEncoding, String)] = [
            (first + "\n" + #"{"t":"# + longNumber + #","id":1,"phase":"ended","x":1,"y":2}"# + "\n", .jsonl,
             "number longer than 4096 characters"),
            ("[" + first + ",\n" + #"{"t":1,"id":1,"phase":"ended","x":"# + longNumber + #","y":2}]"#, .json,
             "number longer than 4096 characters"),
            (first + "\n" + #"{"t":1,"id":""# + longString + #"","phase":"began","x":1,"y":2}"# + "\n", .jsonl,
             "string longer than 1048576 bytes"),
            ("t,id,phase,x,y,x-note\n0,1,began,1,2,\n1,1,ended,1,2," + longString + "\n", .csv,
             "field longer than 1048576 bytes"),
            ("t,id,phase,x,y\n0,1,began,1,2\n" + longNumber + ",2,began,1,2\n", .csv, ""),
        ]
        for (text, encoding, message) in cases {
            let bytes = Array(text.utf8)
            for chunkSize in [1 << 16, 1 << 22] {
                let slow = Self.outcome(bytes, encoding, fastPath: false, chunkSize: chunkSize).0
                #expect(Self.outcome(bytes, encoding, fastPath: true, chunkSize: chunkSize).0 == slow)
                if case .failed(let error) = slow {
                    #expect(!message.isEmpty && error.contains(message), "\(error)")
                } else {
                    #expect(message.isEmpty, "\(encoding) reads")
                }
            }
        }
    }

    // MARK: Equivalence under damage

    /// Records of every kind, valid and not, in the three encodings; the fast path must agree with the general
    /// reader on every one of them.
    static let recordPieces: [String] = [
        #"{"t":0,"id":1,"phase":"began","x":1,"y":2}"#,
        #"{"t":0.5,"id":1,"phase":"moved","x":1.25,"y":2.5,"force":0.5,"radius":3}"#,
        #"{"t":1,"id":1,"phase":"ended","x":1,"y":2}"#,
        #"{"t":1,"id":"a\u00e9","phase":"began","x":1,"y":2}"#,
        #"{"t":1,"id":"é","phase":"began","x":1,"y":2,"x-k":[1,{"a":null}]}"#,
        #"{"t":1.0000000000000000000001,"id":2,"phase":"began","x":1e308,"y":-1e-320}"#,
        #"{"t":2,"type":"motion","phase":"began","subtype":"shake"}"#,
        #"{"t":2,"type":"remoteControl","subtype":"play"}"#,
        #"{"t":3,"id":9223372036854775807,"phase":"began","x":0,"y":0}"#,
        #"{"t":3,"id":-5,"phase":"began","x":0,"y":0}"#,
        #"{"t":3,"id":05,"phase":"began","x":0,"y":0}"#,
        #"{"t":3,"id":1.5,"phase":"began","x":0,"y":0}"#,
        #"{"t":3,"id":1,"phase":"bogus","x":0,"y":0}"#,
        #"{"t":3,"id":1,"phase":"began","x":0,"y":0,"x":1}"#,
        #"{"t":3,"id":1,"phase":"began","x":-,"y":0}"#,
        #"{"t":3,"id":1,"phase":"began","x":1e999,"y":0}"#,
        #"{"t":3,"id":1,"phase":"began","x":0,"y":0,"force":-1}"#,
        #"{"t":2.9,"id":3,"phase":"began","x":0,"y":0}"#,
        #"{"t":4,"id":1,"phase":"began","x":0,"y":0,}"#,
        #"{"t":4 ,"id" :1, "phase":"began" ,"x":0,"y":0 }"#,
        #"{"t":4,"id":2,"phase":"stationary","x":0,"y":0}"#,
        #"{"t":5,"id":7,"phase":"began","x":0,"y":0,"x-a":"note","x-b":-1.5e3,"x-c":true,"x-d":null,"x-e":false}"#,
        #"{"x-a":"","t":5,"x-a":0,"id":8,"phase":"began","x":0,"y":0}"#,
        #"{"t":5,"id":9,"phase":"began","x":0,"y":0,"x-a":tru}"#,
        #"{"t":5,"id":9,"phase":"began","x":0,"y":0,"x-a":nulls}"#,
        #"{"t":5,"id":9,"phase":"began","x":0,"y":0,"x-a":true_}"#,
        #"{"t":5,"id":9,"phase":"began","x":0,"y":0,"x-a":1e999}"#,
        #"{"t":5,"id":9,"phase":"began","x":0,"y":0,"x-a":"é\n"}"#,
        #"{"t":5,"id":9,"phase":"began","x":0,"y":0,"x":"x-"}"#,
        #"{"t":5,"id":9,"phase":"began","x":0,"y":0,"xy":1}"#,
    ]

    static let csvPieces: [String] = [
        "0,1,began,1,2,,", "0.5,1,moved,1.25,2.5,0.5,3", "1,1,ended,1,2,,", "1,é,began,1,2,,", "1,\"a,b\",began,1,2,,",
        "1,2,began,1e308,-1e-320,,", "3,9223372036854775807,began,0,0,,", "3,-5,began,0,0,,", "3,05,began,0,0,,",
        "3,1.5,began,0,0,,", "3,1,bogus,0,0,,", "3,1,began,-,0,,", "3,1,began,1e999,0,,", "3,1,began,0,0,-1,",
        "2.9,3,began,0,0,,", "4,1,began,0,0,,,", "4,1,began,0,0,", "# comment", "", "4,2,stationary,0,0,,",
        "4,1,began,0 ,0,,", "4,1,began,0,0,,\r",
    ]

    /// A random trace of the pieces above, with random damage.
    static func randomTrace(_ encoding: TraceEncoding, _ random: inout SplitMix64) -> [UInt8] {
        let pieces = encoding == .csv ? csvPieces : recordPieces
        var records: [String] = []
        for _ in 0..<(2 + random.next() % 8) {
            records.append(pieces[Int(random.next() % UInt64(pieces.count))])
        }
        var text: String
        switch encoding {
        case .json: text = "{\"samples\": [\n" + records.joined(separator: ",\n") + "\n], \"screen\": {\"width\": 1, \"height\": 2}}"
        case .jsonl: text = records.joined(separator: random.next() % 4 == 0 ? "\r\n" : "\n")
        case .csv: text = "t,id,phase,x,y,force,radius\n" + records.joined(separator: "\n")
        }
        var bytes = Array(text.utf8)
        let alphabet = Array("{}[]\",:0123456789.-+eExtiyd \n\r\\#é".utf8) + [0, 0xFF, 0xC3]
        for _ in 0..<(random.next() % 3) where !bytes.isEmpty {
            let index = Int(random.next() % UInt64(bytes.count))
            switch random.next() % 3 {
            case 0: bytes[index] = alphabet[Int(random.next() % UInt64(alphabet.count))]
            case 1: bytes.remove(at: index)
            default: bytes.insert(alphabet[Int(random.next() % UInt64(alphabet.count))], at: index)
            }
        }
        return bytes
    }

    @Test(arguments: TraceEncoding.allCases)
    func randomTracesReadTheSameWithAndWithoutTheFastPath(encoding: TraceEncoding) {
        var random = SplitMix64(seed: 0xFA57 &+ UInt64(encoding.rawValue.count))
        var fastSamples = 0
        for round in 0..<1500 {
            let bytes = Self.randomTrace(encoding, &random)
            let headerFirst = round % 3 != 0
            let reference = Self.outcome(bytes, encoding, fastPath: false, headerFirst: headerFirst).0
            let (fast, count) = Self.outcome(bytes, encoding, fastPath: true, headerFirst: headerFirst)
            fastSamples += count
            #expect(fast == reference, "round \(round): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            let chunkSize = 1 + Int(random.next() % 90)
            #expect(
                Self.outcome(bytes, encoding, fastPath: true, chunkSize: chunkSize, headerFirst: headerFirst).0
                    == reference,
                "round \(round), chunk size \(chunkSize): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
        #expect(fastSamples > 150, "the fast path read \(fastSamples) samples")
    }

    // MARK: Constants

    /// The validator's key masks, written as constants, are the bits of the keys they stand for.
    @Test func validatorKeyMasksMatchTheKeys() {
        #expect(SampleValidator.touchRequiredBits == SampleValidator.bits(SampleValidator.touchRequired))
        #expect(SampleValidator.touchAllowedBits == SampleValidator.bits([.t, .type, .id, .phase, .x, .y, .force, .radius]))
        #expect(SampleValidator.motionRequiredBits == SampleValidator.bits(SampleValidator.motionRequired))
        #expect(SampleValidator.motionAllowedBits == SampleValidator.bits([.t, .type, .phase, .subtype]))
        #expect(SampleValidator.subtypeOnlyBits == SampleValidator.bits(SampleValidator.subtypeOnly))
        #expect(SampleValidator.subtypeOnlyAllowedBits == SampleValidator.bits([.t, .type, .subtype]))
    }

    // MARK: Word matching

    @Test func knownKeysAndPhasesAreRecognizedExactly() {
        /// What `read` gives from a cursor at the start of `text` (with 16 spaces after it).
        func reading<T>(_ text: String, _ read: (inout FastCursor) -> T) -> T {
            let bytes = Array(text.utf8) + Array(repeating: UInt8(ascii: " "), count: 16)
            return bytes.withUnsafeBufferPointer { buffer in
                let base = buffer.baseAddress!
                var cursor = FastCursor(
                    buffer: base, end: base + buffer.count, base: 0, line: 1, lineStart: 0, lineExtra: 0, p: base)
                return read(&cursor)
            }
        }
        func keyOf(_ text: String) -> SampleKey? { reading(text) { $0.knownKey() } }
        func phaseOf(_ text: String) -> TouchPhase? { reading(text) { $0.knownPhase() } }
        for key in SampleKey.allCases {
            #expect(keyOf("\"\(key.name)\"") == key)
            #expect(keyOf("\"\(key.name)x\"") == nil)
            #expect(keyOf("\"\(key.name.dropLast())\"") == nil)
        }
        for bad in ["\"T\"", "\"\"", "\"ids\"", "\"x-t\"", "\"phase \"", "\"Phase\"", "\"subtypes\"", "\"radiu\""] {
            #expect(keyOf(bad) == nil, "\(bad)")
        }
        for phase in TouchPhase.allCases {
            #expect(phaseOf("\"\(phase.rawValue)\"") == phase)
            #expect(phaseOf("\"\(phase.rawValue)s\"") == nil)
            #expect(phaseOf("\"\(phase.rawValue.dropLast())\"") == nil)
            let cell = Array("\(phase.rawValue),".utf8) + Array(repeating: 0x20, count: 16)
            let word = cell.withUnsafeBufferPointer { FastBytes.phaseWord(at: $0.baseAddress!, end: $0.baseAddress! + $0.count) }
            #expect(word?.0 == phase && word?.1 == phase.rawValue.utf8.count)
        }
        #expect(phaseOf("\"Moved\"") == nil)
        #expect(phaseOf("\"stationar\"") == nil)
    }
}
