import Foundation
import GestureKit
import Testing

@testable import GestureTrace

/// Thousands of random byte and line mutations of valid traces, in each encoding, through `TraceReader`:
/// never a crash; a rejection is a positioned error in the file read; the outcome does not depend on the
/// chunk size or on whether the source can seek; a trace that reads writes back losslessly in every encoding.
/// And random valid traces with awkward values round-trip through every encoding (docs/reliability.md).
@Suite struct MutationTests {}

/// Mutates bytes the ways a fuzzer would, deterministically from a seed.
struct Mutator {
    var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// Tokens worth inserting: syntax, numbers at the edges of Double, bad bytes, the vocabulary.
    static let tokens: [[UInt8]] = [
        "\"", "{", "}", "[", "]", ",", ":", "\n", "\r\n", "\r", " ", "\\", "\\u0000", "\\ud800", "\\uDC00x", "1e400", "-1e400",
        "1e-400", "-0", "0.0000000000000000000000001", "179769313486231570000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
        "9223372036854775808", "-9223372036854775809", "NaN", "Infinity", "null", "true", "\"x-\":", "\"t\":", "\"id\":",
        "\"began\"", "\"moved\"", "\"ended\"", "\"cancelled\"", "\"stationary\"", "\"samples\":[", "\"scene\":{", "\"screen\":",
        "{\"width\":0,\"height\":-1}", "# screen: 0x0\n", "# screen: 1e400x1\n", "t,id,phase,x,y\n", ",x-a", "\"\"", "\"a\"\"b\"",
        "motion", "\"type\":\"application\",\"subtype\":\"beginIgnoringInteractionEvents\"",
    ].map { Array($0.utf8) } + [[0], [0xFF], [0xC3], [0xEF, 0xBB, 0xBF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]]

    mutating func below(_ n: Int) -> Int { n <= 1 ? 0 : Int(random.next() % UInt64(n)) }

    /// Usually one mutation of `bytes`, sometimes up to four.
    mutating func mutate(_ original: [UInt8], splicing other: [UInt8]) -> [UInt8] {
        var bytes = original
        for _ in 0...(below(3) == 0 ? below(4) : 0) { mutateOnce(&bytes, other) }
        return bytes
    }

    private mutating func mutateOnce(_ bytes: inout [UInt8], _ other: [UInt8]) {
        let index = below(bytes.count + 1)
        switch below(12) {
        case 0 where !bytes.isEmpty:
            bytes[min(index, bytes.count - 1)] = UInt8(truncatingIfNeeded: random.next())
        case 1, 2:
            bytes.insert(contentsOf: Self.tokens[below(Self.tokens.count)], at: index)
        case 3:
            let end = min(bytes.count, index + 1 + below(16))
            bytes.removeSubrange(index..<end)
        case 4:
            let end = min(bytes.count, index + 1 + below(64))
            bytes.insert(contentsOf: bytes[index..<end], at: below(bytes.count + 1))
        case 5:
            bytes.removeSubrange(index...)
        case 6 where !bytes.isEmpty:
            // A digit changed: times go back, ids collide, numbers grow.
            let digits = bytes.indices.filter { bytes[$0] >= 0x30 && bytes[$0] <= 0x39 }
            if !digits.isEmpty { bytes[digits[below(digits.count)]] = UInt8(0x30 + below(10)) }
        case 7, 8:
            var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
            guard lines.count > 1 else { return }
            let a = below(lines.count)
            let b = below(lines.count)
            switch below(4) {
            case 0: lines.remove(at: a)
            case 1: lines.insert(lines[a], at: b)
            case 2: lines.swapAt(a, b)
            default: lines[a] = Array(lines[a].prefix(below(lines[a].count + 1)))
            }
            bytes = Array(lines.joined(separator: [0x0A]))
        case 9:
            // A piece of another trace, maybe of another encoding.
            guard !other.isEmpty else { return }
            let start = below(other.count)
            bytes.insert(contentsOf: other[start..<min(other.count, start + 1 + below(200))], at: index)
        case 10:
            let count = 1 + below(40)
            bytes.insert(contentsOf: Array(repeating: [0x5B, 0x7B, 0x22, 0x20][below(4)], count: count), at: index)
        default:
            if !bytes.isEmpty { bytes.swapAt(below(bytes.count), below(bytes.count)) }
        }
    }
}

/// Valid traces of the corpus, by encoding (the top level of traces/ and a few with their own scenes).
enum MutationCorpus {
    static let traces: [TraceEncoding: [[UInt8]]] = {
        let directory = RecordingPaths.package.appendingPathComponent("traces")
        var result: [TraceEncoding: [[UInt8]]] = [:]
        let enumerator = FileManager.default.enumerator(atPath: directory.path)
        var paths: [String] = []
        while let path = enumerator?.nextObject() as? String { paths.append(path) }
        for path in paths.sorted() where !path.contains(".expected.") && !path.hasSuffix("scene.json") {
            guard let encoding = TraceEncoding(pathExtensionOf: path),
                let bytes = try? RecordingPaths.bytes(directory.appendingPathComponent(path)), bytes.count < 12_000
            else { continue }
            result[encoding, default: []].append(bytes)
        }
        return result
    }()
}

extension MutationTests {
    /// What reading gave, comparable.
    enum Outcome: Equatable {
        case read(ReadResult)
        case failed(TraceError)
    }

    static func outcome(_ bytes: [UInt8], _ encoding: TraceEncoding?, chunkSize: Int = 1 << 16, seekable: Bool = true)
        -> Outcome
    {
        do {
            return .read(try read(bytes: bytes, as: encoding, name: "m", chunkSize: chunkSize, seekable: seekable))
        } catch {
            return .failed(error)
        }
    }

    @Test(arguments: TraceEncoding.allCases)
    func mutatedTracesAreReadOrRejectedCleanly(encoding: TraceEncoding) throws {
        let originals = try #require(MutationCorpus.traces[encoding])
        let others = TraceEncoding.allCases.flatMap { MutationCorpus.traces[$0] ?? [] }
        var mutator = Mutator(seed: 0x6D75_7461_7465 &+ UInt64(encoding.rawValue.count))
        var accepted = 0
        var rejected = 0
        for round in 0..<1200 {
            let original = originals[mutator.below(originals.count)]
            let bytes = mutator.mutate(original, splicing: others[mutator.below(others.count)])
            let shown = String(decoding: bytes.prefix(400), as: UTF8.self).debugDescription
            let outcome = Self.outcome(bytes, encoding)
            switch outcome {
            case .failed(let error):
                rejected += 1
                guard case .invalid(let diagnostic) = error else {
                    Issue.record("round \(round): \(error) reading memory: \(shown)")
                    continue
                }
                #expect(diagnostic.file == "m" && diagnostic.severity == .error, "round \(round)")
                #expect(diagnostic.position.line >= 1 && diagnostic.position.column >= 1, "round \(round): \(diagnostic)")
            case .read(let result):
                accepted += 1
                for target in TraceEncoding.allCases {
                    guard let text = try? TraceWriter.write(result.samples, header: result.header, as: target) else {
                        #expect(target == .csv, "round \(round): \(target) cannot be written")
                        continue
                    }
                    let back = try read(text, as: target)
                    #expect(back.samples == result.samples, "round \(round): \(target) round trip of \(shown)")
                    #expect(back.header.screenOrDefault == result.header.screenOrDefault, "round \(round)")
                }
            }
            if round % 4 == 0 {
                let chunkSize = 1 + mutator.below(17)
                let seekable = round % 8 == 0
                #expect(
                    Self.outcome(bytes, encoding, chunkSize: chunkSize, seekable: seekable) == outcome,
                    "round \(round), chunk size \(chunkSize), seekable \(seekable): \(shown)")
            }
            if round % 6 == 0 {
                // Sniffed, as standard input is: never a crash, and a file sniffed as this encoding reads the same.
                let sniffed = Self.outcome(bytes, nil, chunkSize: 1 + mutator.below(9), seekable: false)
                if case .read = sniffed, TraceReader(bytes: bytes, name: "m").encoding == encoding {
                    #expect(sniffed == outcome, "round \(round), sniffed: \(shown)")
                }
            }
        }
        // Both sides are exercised.
        #expect(accepted > 100 && rejected > 300, "\(accepted) accepted, \(rejected) rejected")
    }
}

// MARK: Round trips of random valid traces

/// Random valid traces with the values most likely to be lost in writing: numbers at the edges of
/// Double, negative zero, subnormals, string ids with quotes, commas, control characters and
/// non-ASCII letters, reused ids, non-touch samples, identical timestamps and long gaps.
enum RandomTraces {
    static func numbers(_ random: inout SplitMix64) -> Double {
        switch random.next() % 10 {
        case 0: return [0, -0.0, .leastNonzeroMagnitude * 2024, -.leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, -1e308, 0.1 + 0.2][Int(random.next() % 8)]
        case 1: return Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF)  // any finite positive
        case 2: return Double(Int64(bitPattern: random.next()) >> 11)
        case 3: return Double(random.next() % 100_000) / 1000
        default: return Double(random.next() % 1_000_000) / 997 - 200
        }
    }

    static func id(_ random: inout SplitMix64, _ index: Int) -> TouchID {
        switch random.next() % 6 {
        case 0: return .name(["thumb", "é😀", "a, \"quoted\" id", "tab\there", "line\nbreak", " 7", "-", "1e3"][index % 8])
        case 1: return .number(Int(Int64.max) - index)
        case 2: return .number(-index)
        default: return .number(index)
        }
    }

    static func trace(seed: UInt64, length: Int = 80) -> [Sample] {
        var random = SplitMix64(seed: seed)
        var samples: [Sample] = []
        var down: [TouchID: (x: Double, y: Double)] = [:]
        var inEvent: Set<TouchID> = []
        var t = numbers(&random).magnitude.truncatingRemainder(dividingBy: 1e6)
        for _ in 0..<length {
            switch random.next() % 8 {
            case 0: break  // same t: the event goes on
            case 1: t += Double(random.next() % 5000)  // a long gap
            default: t += Double(random.next() % 30) / 1000
            }
            if samples.last?.t != t { inEvent = [] }
            let roll = random.next() % 20
            if roll == 0 {
                samples.append(Sample(t: t, kind: .motion(phase: MotionPhase.allCases[Int(random.next() % 3)], subtype: .shake)))
                inEvent = []
                continue
            }
            if roll == 1 {
                samples.append(Sample(t: t, kind: .remoteControl(subtype: RemoteControlSubtype.allCases.randomElement(using: &random)!)))
                inEvent = []
                continue
            }
            let id = id(&random, Int(random.next() % 6))
            guard !inEvent.contains(id) else { continue }
            inEvent.insert(id)
            let force = random.next() % 3 == 0 ? numbers(&random).magnitude : nil
            let radius = random.next() % 4 == 0 ? numbers(&random).magnitude : nil
            if let position = down[id] {
                let phase: TouchPhase = [.moved, .moved, .stationary, .ended, .cancelled][Int(random.next() % 5)]
                let x = phase == .stationary ? position.x : numbers(&random)
                let y = phase == .stationary ? position.y : numbers(&random)
                samples.append(.touch(t, id: id, phase, x: x, y: y, force: force, radius: radius))
                down[id] = phase.isTerminal ? nil : (x, y)
            } else {
                let x = numbers(&random)
                let y = numbers(&random)
                samples.append(.touch(t, id: id, .began, x: x, y: y, force: force, radius: radius))
                down[id] = (x, y)
            }
        }
        return samples
    }
}

extension MutationTests {
    @Test func randomValidTracesRoundTripThroughEveryEncoding() throws {
        var csvRefusals = 0
        for seed in 0..<100 {
            let samples = RandomTraces.trace(seed: UInt64(seed))
            // Screens as awkward as the numbers (any positive finite size reads).
            var random = SplitMix64(seed: UInt64(seed) &* 31)
            let width = RandomTraces.numbers(&random).magnitude
            let height = RandomTraces.numbers(&random).magnitude
            let header = TraceHeader(version: 1, screen: Size(width: width > 0 ? width : 320.5, height: height > 0 ? height : 844))
            var texts: [TraceEncoding: String] = [:]
            for encoding in TraceEncoding.allCases {
                do {
                    texts[encoding] = try TraceWriter.write(samples, header: header, as: encoding)
                } catch {
                    // Only CSV refuses, only for string ids it cannot hold, and it says which.
                    #expect(encoding == .csv, "seed \(seed): \(error)")
                    csvRefusals += 1
                    continue
                }
                let text = try #require(texts[encoding])
                let back = try read(text, as: encoding)
                #expect(back.samples == samples, "seed \(seed), \(encoding)")
                #expect(back.header.screen == header.screen, "seed \(seed), \(encoding)")
                // Writing what was read gives the same bytes.
                #expect(try TraceWriter.write(back.samples, header: back.header, as: encoding) == text, "seed \(seed), \(encoding)")
            }
            // Converting from any encoding to any other gives what writing directly gives.
            for (from, text) in texts {
                let back = try read(text, as: from)
                for (to, direct) in texts {
                    #expect(try TraceWriter.write(back.samples, header: back.header, as: to) == direct, "seed \(seed), \(from) → \(to)")
                }
            }
        }
        #expect(csvRefusals < 100, "CSV refused every trace")
    }
}
