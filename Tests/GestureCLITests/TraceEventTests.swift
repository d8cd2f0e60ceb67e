import Foundation
import Testing

@testable import GestureCLI

/// `analyze --format trace-event`: the file Perfetto and chrome://tracing open, checked against the
/// Trace Event Format's rules as a viewer reads them.
@Suite struct TraceEventTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every trace file under traces/ (scene files too: those that `analyze` refuses are skipped).
    static func corpusFiles() throws -> [String] {
        let traces = root.appendingPathComponent("traces")
        let enumerator = FileManager.default.enumerator(atPath: traces.path)
        var files: [String] = []
        while let name = enumerator?.nextObject() as? String {
            guard !name.contains(".expected."), [".json", ".jsonl", ".csv"].contains(where: { name.hasSuffix($0) }) else { continue }
            files.append(traces.appendingPathComponent(name).path)
        }
        return files.sorted()
    }

    /// What a viewer needs of one file, checked; the events, for further checks.
    @discardableResult
    static func checkedEvents(_ text: String, _ label: String) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let document = try #require(object as? [String: Any], "\(label)")
        let events = try #require(document["traceEvents"] as? [[String: Any]], "\(label)")
        var processNames: Set<Int> = []
        var threadNames: Set<[Int]> = []
        var lastTime: [[Int]: Double] = [:]
        var open: [[Int]: Int] = [:]
        for event in events {
            let phase = try #require(event["ph"] as? String, "\(label): \(event)")
            let pid = try #require(event["pid"] as? Int, "\(label): \(event)")
            let tid = try #require(event["tid"] as? Int, "\(label): \(event)")
            #expect(["M", "B", "E", "i", "C"].contains(phase), "\(label): \(event)")
            if phase != "E" {
                let name = try #require(event["name"] as? String, "\(label): \(event)")
                #expect(!name.isEmpty, "\(label): \(event)")
            }
            if phase == "M" {
                let name = try #require((event["args"] as? [String: Any])?["name"] as? String ?? (event["name"] as? String))
                #expect(!name.isEmpty)
                if event["name"] as? String == "process_name" { processNames.insert(pid) }
                if event["name"] as? String == "thread_name" { threadNames.insert([pid, tid]) }
                continue
            }
            #expect(processNames.contains(pid), "\(label): process \(pid) named before its events")
            let ts = try #require(event["ts"] as? Double, "\(label): \(event)")
            // Counters are per process, their track is their name.
            let track = phase == "C" ? [pid, tid, (event["name"] as? String ?? "").hashValue] : [pid, tid]
            #expect(ts >= lastTime[track, default: -.infinity], "\(label): time goes back on \(track): \(event)")
            lastTime[track] = ts
            if phase == "C" {
                let args = try #require(event["args"] as? [String: Any])
                #expect(!args.isEmpty && args.values.allSatisfy { $0 is Double }, "\(label): \(event)")
                continue
            }
            #expect(threadNames.contains([pid, tid]), "\(label): thread \(tid) named before its events")
            if let record = event["args"] as? [String: Any], let t = record["t"] as? Double {
                #expect((t * 1e6).rounded() == ts, "\(label): ts \(ts) for t \(t)")
            }
            switch phase {
            case "B": open[[pid, tid], default: 0] += 1
            case "E":
                #expect(open[[pid, tid], default: 0] > 0, "\(label): E without B: \(event)")
                open[[pid, tid], default: 0] -= 1
            case "i": #expect(event["s"] as? String == "t", "\(label): \(event)")
            default: break
            }
        }
        #expect(open.values.allSatisfy { $0 == 0 }, "\(label): slices left open: \(open)")
        return events
    }

    /// Every trace in traces/, with and without deliveries: the events follow the format's rules,
    /// and every transition of the jsonl output is on its recognizer's track.
    @Test func everyCorpusTraceFollowsTheFormat() throws {
        var analyzed = 0
        for file in try Self.corpusFiles() {
            let jsonl = runInProcess(["analyze", "--format", "jsonl", file])
            guard jsonl.status == 0 else { continue }
            analyzed += 1
            let result = runInProcess(["analyze", "--format", "trace-event", file])
            #expect(result.status == 0 && result.stderr == jsonl.stderr, "\(file): \(result.stderr)")
            let events = try Self.checkedEvents(result.stdout, file)
            let finals = jsonl.stdout.split(separator: "\n").filter {
                $0.contains(#""state":"recognized""#) || $0.contains(#""state":"failed""#) || $0.contains(#""state":"cancelled""#)
            }
            let instants = events.filter { $0["ph"] as? String == "i" && $0["cat"] as? String == "recognizer" }
            #expect(instants.count == finals.count, "\(file)")
            let began = jsonl.stdout.split(separator: "\n").filter { $0.contains(#""state":"began""#) }
            #expect(events.filter { $0["ph"] as? String == "B" && $0["cat"] as? String == "recognizer" }.count == began.count)
            let withDeliveries = runInProcess(["analyze", "--format", "trace-event", "--deliveries", file])
            let deliveryEvents = try Self.checkedEvents(withDeliveries.stdout, file + " --deliveries")
            let deliveries = runInProcess(["analyze", "--format", "jsonl", "--deliveries", file]).stdout
                .split(separator: "\n").filter { $0.hasPrefix(#"{"type":"delivery""#) }
            #expect(deliveryEvents.filter { $0["cat"] as? String == "delivery" }.count == deliveries.count, "\(file)")
        }
        #expect(analyzed >= 30)
    }

    /// A pan, pinch and rotation: one process per trace, named tracks, touch slices with their
    /// locations, and counters holding the records' values.
    @Test func tracksSlicesAndCounters() throws {
        var files: [String: String] = [:]
        for (name, arguments) in [("pan.jsonl", ["pan"]), ("pinch.jsonl", ["pinch"]), ("rotation.jsonl", ["rotation"])] {
            files[name] = runInProcess(["synth"] + arguments).stdout
        }
        let fixtures = try Fixtures(files)
        let paths = ["pan.jsonl", "pinch.jsonl", "rotation.jsonl"].map(fixtures.path)
        let result = runInProcess(["analyze", "--format", "trace-event", "--deliveries"] + paths)
        #expect(result.status == 0, "\(result.stderr)")
        let events = try Self.checkedEvents(result.stdout, "synthesized")
        let processes = events.filter { $0["name"] as? String == "process_name" }
        #expect(processes.map { $0["pid"] as? Int } == [1, 2, 3])
        #expect(processes.map { ($0["args"] as? [String: Any])?["name"] as? String } == paths)
        let threads = Set(events.filter { $0["name"] as? String == "thread_name" }.compactMap { ($0["args"] as? [String: Any])?["name"] as? String })
        #expect(threads.isSuperset(of: ["pan — pan on screen", "pinch — pinch on screen", "rotation — rotation on screen", "touch 1", "touch 2"]))
        #expect(threads.contains { $0.hasPrefix("responder ") })
        let counters = Set(events.filter { $0["ph"] as? String == "C" }.compactMap { $0["name"] as? String })
        #expect(counters.isSuperset(of: ["pan translation", "pan velocity", "pinch scale", "pinch velocity", "rotation rotation", "rotation velocity"]))
        // The pan's last translation is the one the jsonl format reports.
        let ended = try #require(
            runInProcess(["analyze", "--format", "jsonl", "--only", "pan", paths[0]]).stdout.split(separator: "\n")
                .first { $0.contains(#""state":"ended""#) })
        let record = try #require(try JSONSerialization.jsonObject(with: Data(ended.utf8)) as? [String: Any])
        let translation = try #require(record["translation"] as? [String: Double])
        let last = try #require(events.last { $0["name"] as? String == "pan translation" && $0["pid"] as? Int == 1 })
        #expect(last["args"] as? [String: Double] == translation)
        // Touch slices carry the locations of the trace's down and lift samples.
        let down = try #require(events.first { $0["ph"] as? String == "B" && $0["cat"] as? String == "touch" })
        let args = try #require(down["args"] as? [String: Double])
        #expect(args["x"] != nil && args["y"] != nil)
    }

    @Test(arguments: [
        ("0", "0"), ("0.44", "440000"), ("15.2583", "15258300"), ("0.000001", "1"), ("-1.5", "-1500000"), ("12", "12000000"),
        ("123456789.123456", "123456789123456"),
    ])
    func microsecondsMoveTheDecimalPoint(decimal: String, expected: String) {
        let digits = TraceEventTraceRenderer.microseconds(fromDecimal: Array(decimal.utf8))
        #expect(String(decoding: digits, as: UTF8.self) == expected)
    }

    /// A touch still down at the end of the trace closes its slice at the last time seen.
    @Test func unfinishedTouchClosesAtTheEnd() throws {
        let fixtures = try Fixtures(["down.jsonl": TraceText.stillDown])
        let result = runInProcess(["analyze", "--format", "trace-event", fixtures.path("down.jsonl")])
        #expect(result.status == 0)
        let events = try Self.checkedEvents(result.stdout, "down")
        let end = try #require(events.last { $0["ph"] as? String == "E" })
        #expect((end["args"] as? [String: Bool])?["unfinished"] == true)
    }
}
