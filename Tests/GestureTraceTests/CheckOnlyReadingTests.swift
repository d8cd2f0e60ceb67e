import GestureKit
import Testing
@testable import GestureTrace

/// `TraceReader.readToEnd()` (what `validate` and `analyze`'s first pass call) checks x, y, force and radius in
/// their common short form without converting them. It must decide exactly what reading every sample decides:
/// the same count, first and last `t`, warnings and errors, on valid and damaged traces alike.
@Suite struct CheckOnlyReadingTests {
    /// What a reader concluded about a trace, comparable.
    enum Verdict: Equatable {
        case read(count: Int, firstT: Double?, lastT: Double?, warnings: [String])
        case failed(String)
    }

    /// The verdict of `readToEnd()`, with the fast path on.
    static func checked(_ bytes: [UInt8], _ encoding: TraceEncoding, chunkSize: Int = 1 << 16) -> Verdict {
        do {
            let reader = try TraceReader(
                source: MemorySource(bytes), name: "f", encoding: encoding, chunkSize: chunkSize, fastPath: true)
            _ = try reader.header()
            let (count, first) = try reader.readToEnd()
            return .read(count: count, firstT: first, lastT: reader.lastT, warnings: reader.warnings.map(\.description))
        } catch {
            return .failed(error.description)
        }
    }

    /// The verdict of reading every sample through the general reader (the reference).
    static func reference(_ bytes: [UInt8], _ encoding: TraceEncoding) -> Verdict {
        do {
            let reader = try TraceReader(
                source: MemorySource(bytes), name: "f", encoding: encoding, chunkSize: 1 << 16, fastPath: false)
            _ = try reader.header()
            let samples = try reader.readAll()
            return .read(
                count: samples.count, firstT: samples.first?.t, lastT: reader.lastT,
                warnings: reader.warnings.map(\.description))
        } catch {
            return .failed(error.description)
        }
    }

    /// Number cells at the edges of the short form: signs, zeros, leading zeros, digit counts around 19,
    /// exponents, cut fractions.
    static let edgeNumbers = [
        "0", "-0", "-0.0", "0.0", "00", "01.5", "1.", ".5", "1.2.3", "-1.5", "-", "1e2", "1E-3", "+1",
        "1234567", "12345678", "1234567.123456789012", "1234567.1234567890123", "1.123456789012345678",
        "9999999.999999999999", "0.000000000000000001", "5.0000000000000000", "93.33333333333333",
        "150.0", "26.041666666666668", "1x", "1 ", "1e999", "-1e-400",
    ]

    @Test(arguments: [TraceEncoding.jsonl, .csv, .json])
    func edgeNumbersDecideTheSame(encoding: TraceEncoding) {
        for column in ["x", "y", "force", "radius"] {
            for number in Self.edgeNumbers {
                let text = Self.trace(encoding, column: column, number: number)
                let bytes = Array(text.utf8)
                let reference = Self.reference(bytes, encoding)
                #expect(Self.checked(bytes, encoding) == reference, "\(encoding) \(column)=\(number)")
                #expect(Self.checked(bytes, encoding, chunkSize: 37) == reference, "\(encoding) \(column)=\(number)")
            }
        }
    }

    /// Three samples of one touch with `column` set to `number` in the second; long enough that the fast path's
    /// 32 readable bytes are there.
    static func trace(_ encoding: TraceEncoding, column: String, number: String) -> String {
        var values = ["x": "1.5", "y": "2.25", "force": "0.5", "radius": "3"]
        values[column] = number
        let rows = [("0.5", "began", ["x": "1", "y": "2", "force": "0", "radius": "1"]), ("0.625", "moved", values),
            ("0.75", "ended", ["x": "1", "y": "2", "force": "0", "radius": "1"])]
        switch encoding {
        case .csv:
            return "t,id,phase,x,y,force,radius\n" + rows.map { t, phase, v in
                "\(t),1,\(phase),\(v["x"]!),\(v["y"]!),\(v["force"]!),\(v["radius"]!)"
            }.joined(separator: "\n") + "\n"
        case .jsonl, .json:
            let records = rows.map { t, phase, v in
                #"{"t":\#(t),"id":1,"phase":"\#(phase)","x":\#(v["x"]!),"y":\#(v["y"]!),"force":\#(v["force"]!),"#
                    + #""radius":\#(v["radius"]!)}"#
            }
            return encoding == .jsonl
                ? records.joined(separator: "\n") + "\n"
                : "{\"samples\": [\n" + records.joined(separator: ",\n") + "\n]}\n"
        }
    }

    @Test(arguments: TraceEncoding.allCases)
    func realisticTracesDecideTheSame(encoding: TraceEncoding) {
        for seed in 1...3 as ClosedRange<UInt64> {
            let bytes = Array(FastPathTests.realisticTrace(encoding, seed: seed).utf8)
            let reference = Self.reference(bytes, encoding)
            guard case .read(let count, _, _, _) = reference else {
                Issue.record("a realistic trace does not read: \(reference)")
                continue
            }
            #expect(count > 1000)
            #expect(Self.checked(bytes, encoding) == reference)
            #expect(Self.checked(bytes, encoding, chunkSize: 4099) == reference)
        }
    }

    @Test(arguments: TraceEncoding.allCases)
    func damagedTracesDecideTheSame(encoding: TraceEncoding) {
        var random = SplitMix64(seed: 0xC4EC &+ UInt64(encoding.rawValue.count))
        for round in 0..<1500 {
            let bytes = FastPathTests.randomTrace(encoding, &random)
            let reference = Self.reference(bytes, encoding)
            #expect(
                Self.checked(bytes, encoding) == reference,
                "round \(round): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
    }

    /// Long realistic traces (where the fast paths have their lookahead and take their straight-line code)
    /// with a few bytes damaged: the fast path, `readToEnd()` and the general reader agree.
    @Test(arguments: TraceEncoding.allCases)
    func damagedLongTracesDecideTheSame(encoding: TraceEncoding) {
        var random = SplitMix64(seed: 0xDA3A &+ UInt64(encoding.rawValue.count))
        let original = Array(FastPathTests.realisticTrace(encoding, seed: 5, gestures: 12).utf8)
        let alphabet = Array(",.-+eE0123456789 \n\r\"{}:xt".utf8) + [0, 0xC3]
        // Damage the second half, so that many records before the damage are read fast; half the time at a
        // quote, comma, colon or line break, where the straight-line code's checks are.
        let half = original.count / 2
        let structural = original.indices.filter { i in
            i >= half && [UInt8(ascii: "\""), UInt8(ascii: ","), UInt8(ascii: ":"), 0x0A].contains(original[i])
        }
        for round in 0..<150 {
            var bytes = original
            for _ in 0..<(1 + random.next() % 3) {
                let index = random.next() % 2 == 0
                    ? structural[Int(random.next() % UInt64(structural.count))]
                    : half + Int(random.next() % UInt64(original.count - half))
                let byte = alphabet[Int(random.next() % UInt64(alphabet.count))]
                switch random.next() % 3 {
                case 0: bytes[index] = byte
                case 1: bytes.remove(at: index)
                default: bytes.insert(byte, at: index)
                }
            }
            let reference = Self.reference(bytes, encoding)
            #expect(Self.checked(bytes, encoding) == reference, "round \(round)")
            let (fast, _) = FastPathTests.outcome(bytes, encoding, fastPath: true)
            #expect(fast == FastPathTests.outcome(bytes, encoding, fastPath: false).0, "round \(round)")
        }
    }

    /// Records in the canonical compact order (`t,id,phase,x,y`, read in straight-line code by both fast paths)
    /// that go wrong in each member, after enough valid ones that the fast path has its bytes: every message and
    /// position is the general reader's, reading samples or only checking.
    @Test(arguments: [TraceEncoding.jsonl, .json, .csv])
    func canonicalRecordsWithProblemsReadTheSame(encoding: TraceEncoding) {
        let problems: [(t: String, id: String, phase: String, x: String, y: String, rest: String)] = [
            ("5", "1", "moved", "1", "2", #","type":"motion","subtype":"shake""#),
            ("5", "1", "moved", "1", "2", #","type":"remoteControl","subtype":"play""#),
            ("0.1", "1", "moved", "1", "2", ""),
            ("5", "99", "moved", "1", "2", ""),
            ("5", "1", "began", "1", "2", ""),
            ("5", "1", "moved", "1", "2", #","x":3"#),
            ("5", "1", "moved", "-1.5", "-2.5", ""),
            ("5", "1", "moved", "1e2", "2", ""),
            ("5", "1", "moved", "1", "2.", ""),
            ("5", "1", "bogus", "1", "2", ""),
            ("5", "1", "moved", "1", "2", #","force":-1"#),
            ("5", "01", "moved", "1", "2", ""),
            ("5.000000000000000000001", "1", "moved", "1", "2", ""),
            ("5", "1", "moved", "1", "2", #","radius":-0.0"#),
        ]
        for problem in problems {
            var records = ["{\"t\":0.5,\"id\":1,\"phase\":\"began\",\"x\":10.25,\"y\":20.5}"]
            for i in 1...20 {
                records.append("{\"t\":\(0.5 + Double(i) / 8),\"id\":1,\"phase\":\"moved\",\"x\":10.25,\"y\":20.5}")
            }
            records.append(
                "{\"t\":\(problem.t),\"id\":\(problem.id),\"phase\":\"\(problem.phase)\",\"x\":\(problem.x),"
                    + "\"y\":\(problem.y)\(problem.rest)}")
            records.append("{\"t\":9,\"id\":1,\"phase\":\"ended\",\"x\":10.25,\"y\":20.5}")
            // Enough after the problem that the fast path has its bytes there too.
            let tail = (0...8).map { i in
                (t: "\(10 + i)", phase: i == 0 ? "began" : i == 8 ? "ended" : "moved")
            }
            records += tail.map { "{\"t\":\($0.t),\"id\":7,\"phase\":\"\($0.phase)\",\"x\":10.25,\"y\":20.5}" }
            let text: String
            switch encoding {
            case .jsonl: text = records.joined(separator: "\n") + "\n"
            case .json: text = "{\"samples\":[" + records.joined(separator: ",") + "]}\n"
            case .csv:
                // The same samples as rows; `rest` becomes force and radius cells where it names them.
                func row(_ t: String, _ id: String, _ phase: String, _ x: String, _ y: String, _ rest: String) -> String {
                    let force = rest.contains("force") ? "-1" : ""
                    let radius = rest.contains("radius") ? "-0.0" : ""
                    return "\(t),\(id),\(phase),\(x),\(y),\(force),\(radius)"
                }
                var rows = ["t,id,phase,x,y,force,radius", row("0.5", "1", "began", "10.25", "20.5", "")]
                for i in 1...20 { rows.append(row("\(0.5 + Double(i) / 8)", "1", "moved", "10.25", "20.5", "")) }
                rows.append(row(problem.t, problem.id, problem.phase, problem.x, problem.y, problem.rest))
                rows.append(row("9", "1", "ended", "10.25", "20.5", ""))
                rows += tail.map { row($0.t, "7", $0.phase, "10.25", "20.5", "") }
                text = rows.joined(separator: "\n") + "\n"
            }
            // Compact, then as Python's json.dumps spaces it (one space after each colon and comma), then with two
            // spaces (which the straight-line code leaves to the member loop).
            let spacings = encoding == .csv ? [text] : [
                text, text.replacingOccurrences(of: "\":", with: "\": ").replacingOccurrences(of: ",\"", with: ", \""),
                text.replacingOccurrences(of: "\":", with: "\":  "),
            ]
            for spaced in spacings {
                let bytes = Array(spaced.utf8)
                let reference = Self.reference(bytes, encoding)
                #expect(Self.checked(bytes, encoding) == reference, "\(encoding) \(problem)")
                let (fast, _) = FastPathTests.outcome(bytes, encoding, fastPath: true)
                #expect(fast == FastPathTests.outcome(bytes, encoding, fastPath: false).0, "\(encoding) \(problem)")
            }
        }
    }

    /// Reading samples after `readToEnd()` stopped early is not possible (it reads to the end), but a reader used
    /// for `next()` first and `readToEnd()` after gives every remaining sample its checks, and values again after.
    @Test func samplesReadBeforeReadToEndKeepTheirValues() throws {
        let text = "t,id,phase,x,y,force,radius\n0,1,began,1.25,2.5,0.75,3.5\n0.5,1,moved,7.125,8.5,,\n1,1,ended,1,2,,\n"
        let reader = try TraceReader(
            source: MemorySource(Array(text.utf8)), name: "f", encoding: .csv, chunkSize: 1 << 16, fastPath: true)
        let first = try #require(try reader.next())
        guard case .touch(_, _, let location, let force, let radius) = first.kind else {
            Issue.record("not a touch: \(first)")
            return
        }
        #expect(location == Point(x: 1.25, y: 2.5) && force == 0.75 && radius == 3.5)
        let (count, firstT) = try reader.readToEnd()
        #expect(count == 2 && firstT == 0.5 && reader.lastT == 1)
    }
}
