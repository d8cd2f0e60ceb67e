import GestureKit
import Testing

@testable import GestureCLI
@testable import GestureTrace

/// `convert --follow`'s byte writer against `TraceStreamWriter`, whose text it replaces: the same
/// bytes for every encoding, on many random samples with awkward numbers, string ids and non-touch
/// events, and the same error for a string id that CSV cannot hold.
@Suite struct SampleBytesWriterTests {
    static let awkwardNumbers: [Double] = [
        0, -0.0, 1, -42, 0.1 + 0.2, 1e-7, -2.5e-10, 1e21, 123_456_789_012_345_680, 9_007_199_254_740_994,
        9_007_199_254_740_993.5, 305.6666666666667, 55097.315742722196, 0.000123, .leastNonzeroMagnitude,
        .greatestFiniteMagnitude, 1e15 + 0.5, -1e16, 93.33333333333333, .infinity, .nan,
    ]

    static func randomSamples(count: Int, seed: UInt64) -> [Sample] {
        var random = SplitMix64(seed: seed)
        func number() -> Double {
            switch random.next() % 4 {
            case 0: return awkwardNumbers[Int(random.next() % UInt64(awkwardNumbers.count))]
            case 1: return Double(Int(random.next() % 2000)) / 3
            case 2: return Double(random.next() >> 11) / Double(1 << 53) * 1000
            default: return Double(Int(random.next() % 800))
            }
        }
        var samples: [Sample] = []
        for _ in 0..<count {
            let t = number()
            switch random.next() % 12 {
            case 0:
                samples.append(Sample(t: t, kind: .motion(phase: .began, subtype: .shake)))
            case 1:
                samples.append(Sample(t: t, kind: .remoteControl(subtype: .play)))
            case 2:
                samples.append(Sample(t: t, kind: .application(subtype: .beginIgnoringInteractionEvents)))
            default:
                let id: TouchID = random.next() % 5 == 0 ? .name(["thumb", "a \"b\"", "x,y", "é\n"][Int(random.next() % 4)]) : .number(Int(random.next() % 12) - 2)
                let phase = TouchPhase.allCases[Int(random.next() % UInt64(TouchPhase.allCases.count))]
                samples.append(
                    .touch(
                        t, id: id, phase, x: number(), y: number(), force: random.next() % 3 == 0 ? number() : nil,
                        radius: random.next() % 3 == 0 ? number() : nil))
            }
        }
        return samples
    }

    @Test(arguments: [TraceEncoding.jsonl, .json, .csv])
    func writesTraceStreamWritersBytes(_ encoding: TraceEncoding) {
        for seed in UInt64(1)...4 {
            var samples = Self.randomSamples(count: 500, seed: seed)
            if encoding == .csv {
                samples.removeAll { sample in
                    guard case .touch(.name(let name), _, _, _, _) = sample.kind else { return false }
                    return !TraceWriter.isWritableCSVName(name)
                }
            }
            var expected = TraceStreamWriter(encoding: encoding)
            var writer = SampleBytesWriter(encoding: encoding)
            var text = expected.prologue(header: TraceHeader())
            var out = ByteBuffer()
            out.append(utf8: writer.prologue(header: TraceHeader()))
            for sample in samples {
                text += (try? expected.sample(sample)) ?? "(error)"
                do throws(TraceWriteError) { try writer.sample(sample, to: &out) } catch { out.append(utf8: "(error)") }
            }
            text += expected.epilogue()
            out.append(utf8: writer.epilogue())
            #expect(out.string == text, "seed \(seed)")
        }
    }

    @Test func anEmptyJSONDocumentIsClosedAsTraceStreamWriterClosesIt() {
        #expect(SampleBytesWriter(encoding: .json).epilogue() == TraceStreamWriter(encoding: .json).epilogue())
    }

    @Test func aStringIDThatCSVCannotHoldIsRefusedWithItsIndex() {
        var writer = SampleBytesWriter(encoding: .csv)
        var out = ByteBuffer()
        let samples: [Sample] = [.touch(0, id: .number(1), .began, x: 1, y: 2), .touch(0.1, id: .name("12"), .began, x: 3, y: 4)]
        #expect(throws: TraceWriteError.idNotWritableInCSV(id: "12", sampleIndex: 1)) {
            for sample in samples { try writer.sample(sample, to: &out) }
        }
        #expect(out.string == "0,1,began,1,2,,,,\n")
    }

    @Test(arguments: awkwardNumbers)
    func numbersAreSpelledAsTraceWriterSpellsThem(_ value: Double) {
        var out = ByteBuffer()
        out.appendTraceNumber(value)
        #expect(out.string == TraceWriter.number(value))
        var negative = ByteBuffer()
        negative.appendTraceNumber(-value)
        #expect(negative.string == TraceWriter.number(-value))
    }
}
