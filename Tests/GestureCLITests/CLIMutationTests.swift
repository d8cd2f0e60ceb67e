import Foundation
import GestureKit
@testable import GestureTrace
import Testing

@testable import GestureCLI

/// Random mutations of valid traces, in each encoding, through the command line in process: never a
/// crash; `analyze`, `validate`, `convert` and `plot` either succeed with well-formed output or fail with
/// status 65 and NOTHING on standard output; and they agree with `TraceReader` on what is valid
/// (docs/reliability.md).
@Suite struct CLIMutationTests {}

/// Mutates bytes the ways a fuzzer would, deterministically from a seed (the trace-reader tests have the
/// same mutator with more operations).
struct CLIMutator {
    var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    static let tokens: [[UInt8]] = [
        "\"", "{", "}", "[", "]", ",", ":", "\n", "\r\n", " ", "\\", "\\u0000", "\\ud800", "1e400", "-0", "1e-400",
        "1e308", "-1.7976931348623157e308", "5e-324", "9223372036854775808", "null", "\"x-\":", "\"began\"", "\"ended\"",
        "\"cancelled\"", "\"samples\":[", "\"scene\":{\"views\":[]},", "\"screen\":{\"width\":1e-300,\"height\":1},",
        "# screen: 1x1\n", ",x-a", "\"\"", "\"a\"\"b\"", "\"type\":\"motion\",",
    ].map { Array($0.utf8) } + [[0], [0xFF], [0xC3], [0xEF, 0xBB, 0xBF]]

    mutating func below(_ n: Int) -> Int { n <= 1 ? 0 : Int(random.next() % UInt64(n)) }

    mutating func mutate(_ original: [UInt8]) -> [UInt8] {
        var bytes = original
        for _ in 0...(below(3) == 0 ? below(3) : 0) {
            let index = below(bytes.count + 1)
            switch below(8) {
            case 0 where !bytes.isEmpty: bytes[min(index, bytes.count - 1)] = UInt8(truncatingIfNeeded: random.next())
            case 1, 2: bytes.insert(contentsOf: Self.tokens[below(Self.tokens.count)], at: index)
            case 3: bytes.removeSubrange(index..<min(bytes.count, index + 1 + below(12)))
            case 4:
                let digits = bytes.indices.filter { bytes[$0] >= 0x30 && bytes[$0] <= 0x39 }
                if !digits.isEmpty { bytes[digits[below(digits.count)]] = UInt8(0x30 + below(10)) }
            case 5:
                var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
                if lines.count > 1 {
                    let a = below(lines.count)
                    let b = below(lines.count)
                    if below(2) == 0 { lines.swapAt(a, b) } else { lines.insert(lines[a], at: b) }
                    bytes = Array(lines.joined(separator: [0x0A]))
                }
            case 6: bytes.removeSubrange(index...)
            default:
                let end = min(bytes.count, index + 1 + below(40))
                bytes.insert(contentsOf: bytes[index..<end], at: below(bytes.count + 1))
            }
        }
        return bytes
    }
}

extension CLIMutationTests {
    /// Small valid traces of traces/ in `encoding` (with the default scene: no scene.json beside them).
    static func originals(_ encoding: TraceEncoding) throws -> [[UInt8]] {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("traces")
        return try ["tap", "double-tap", "pan-fast", "long-press"].map { name in
            Array(try Data(contentsOf: directory.appendingPathComponent("\(name).\(encoding.rawValue)")))
        }
    }

    /// Whether every line of `text` is a JSON object.
    static func isJSONLines(_ text: String) -> Bool {
        text.split(separator: "\n").allSatisfy { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any]
        }
    }

    /// Whether `text` is one JSON value.
    static func isJSON(_ text: String) -> Bool {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil
    }

    @Test(arguments: TraceEncoding.allCases)
    func mutatedTracesNeverPrintResultsForARejectedFile(encoding: TraceEncoding) throws {
        let originals = try Self.originals(encoding)
        let fixtures = try Fixtures()
        let name = "m.\(encoding.rawValue)"
        let path = fixtures.path(name)
        var mutator = CLIMutator(seed: 0xC11 &+ UInt64(encoding.rawValue.count))
        var statuses: [Int32: Int] = [:]
        for round in 0..<400 {
            let bytes = mutator.mutate(originals[mutator.below(originals.count)])
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let shown = String(decoding: bytes.prefix(300), as: UTF8.self).debugDescription
            let readerAccepts: Bool = {
                let reader = TraceReader(bytes: bytes, name: name, encoding: encoding)
                return (try? reader.header()) != nil && (try? reader.readAll()) != nil
            }()

            let format = ["jsonl", "json", "csv", "text"][round % 4]
            var arguments = ["analyze", "--format", format, path]
            if format != "csv", round % 3 == 0 { arguments.insert("--deliveries", at: 1) }
            let analyze = runInProcess(arguments)
            statuses[analyze.status, default: 0] += 1
            #expect([0, 65].contains(analyze.status), "round \(round): \(analyze)\n\(shown)")
            if analyze.status == 0 {
                #expect(readerAccepts, "round \(round): analyze accepted what the reader rejects: \(shown)")
                #expect(!analyze.stderr.contains(": error: "), "round \(round): \(analyze)")
                switch format {
                case "jsonl": #expect(Self.isJSONLines(analyze.stdout), "round \(round): \(analyze.stdout.prefix(2000))")
                case "json": #expect(Self.isJSON(analyze.stdout), "round \(round): \(analyze.stdout.prefix(2000))")
                default: break
                }
            } else {
                #expect(analyze.stdout == "", "round \(round): output for a rejected trace: \(analyze)\n\(shown)")
                #expect(analyze.stderr.contains(": error: "), "round \(round): \(analyze)")
            }
            if !readerAccepts { #expect(analyze.status == 65, "round \(round): \(analyze)") }

            if round % 2 == 0 {
                let validate = runInProcess(["validate", path])
                #expect([0, 65].contains(validate.status), "round \(round): \(validate)")
                if !readerAccepts { #expect(validate.status == 65, "round \(round): \(validate)") }
                if analyze.status == 0 { #expect(validate.status == 0, "round \(round): \(validate)") }
                if validate.status != 0 { #expect(validate.stdout == "", "round \(round): \(validate)") }
            } else {
                let to = TraceEncoding.allCases[round % 3]
                let convert = runInProcess(["convert", "--to", to.rawValue, path])
                #expect([0, 65].contains(convert.status), "round \(round): \(convert)")
                if !readerAccepts { #expect(convert.status == 65, "round \(round): \(convert)\n\(shown)") }
                if readerAccepts, to != .csv { #expect(convert.status == 0, "round \(round): \(convert)\n\(shown)") }
                if convert.status == 0 {
                    // What convert wrote reads back.
                    let back = TraceReader(bytes: Array(convert.stdout.utf8), name: "back", encoding: to)
                    #expect((try? back.readAll()) != nil, "round \(round): convert wrote an invalid trace:\n\(convert.stdout)")
                } else {
                    #expect(convert.stdout == "", "round \(round): \(convert)")
                }
            }
            if round % 16 == 0 {
                let plot = runInProcess(["plot", path])
                #expect([0, 65].contains(plot.status), "round \(round): \(plot.status) \(plot.stderr)")
                if plot.status != 0 { #expect(plot.stdout == "", "round \(round): plot printed for a rejected trace") }
            }
        }
        #expect(statuses[0, default: 0] > 10 && statuses[65, default: 0] > 50, "\(statuses)")
    }
}
