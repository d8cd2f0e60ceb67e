import Foundation
import Testing

@testable import GestureCLI

/// `analyze --margins` and `check --fragile` (docs/margins.md, docs/cli.md).
@Suite struct MarginCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let broken = root + "/traces/conflicts/swipe-cell-vs-table-scroll/broken"

    @Test func analyzePrintsTheNearestChangeOfEachOutcome() {
        let result = runInProcess(["analyze", "--margins", Self.broken + "/swipe-13-degrees.jsonl"])
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == Self.broken + "/swipe-13-degrees.jsonl: margins (1 episode, 164 replays)")
        #expect(lines.contains(
            "    reveal     failed  nearest: recognized with 0.42° clockwise (the stroke at 12.57° off horizontal; this trace: 12.99°), 0.5%"))
        #expect(lines.contains("        speed     recognized with 70.3% slower (0.2 s → 0.341 s); holds within 100% faster"))
        #expect(!lines.contains { $0.contains("timing") }, "one finger: no later touch to move")
    }

    @Test(arguments: [
        (["--format", "jsonl"], "'--margins' prints a text report; '--format jsonl' does not apply"),
        (["--only", "reveal"], "'--margins' reports every recognizer's outcome; '--deliveries', '--compact', '--only' and '--no-failures' do not apply"),
        (["--follow"], "'--margins' replays a whole trace many times, and cannot follow live input"),
    ])
    func marginsRefusesOptionsThatDoNotApply(options: [String], message: String) {
        let result = runInProcess(["analyze", "--margins"] + options + [Self.broken + "/swipe-13-degrees.jsonl"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func checkReportsFragileTracesAndFailsOnlyWhenAsked() {
        let reported = runInProcess(["check", "--fragile", "1", "--jobs", "1", Self.broken])
        #expect(reported.status == 0, "\(reported)")
        #expect(reported.stdout.contains(
            "FRAGILE  \(Self.broken)/swipe-13-degrees.jsonl: reveal failed → recognized with 0.42° clockwise"), "\(reported.stdout)")
        #expect(reported.stdout.contains("fragile: 1 of 2 traces changes outcome within 1% ("))
        let failing = runInProcess(["check", "--fragile", "1", "--fragile-fails", "--jobs", "1", Self.broken])
        #expect(failing.status == 1)
        let tight = runInProcess(["check", "--fragile", "0.1", "--fragile-fails", "--jobs", "1", Self.broken])
        #expect(tight.status == 0, "\(tight)")
        #expect(tight.stdout.contains("fragile: 0 of 2 traces change outcome within 0.1% ("))
    }

    @Test func githubReportsFragileTracesAsWarningsOnTheTrace() {
        let result = runInProcess(["check", "--report", "github", "--fragile", "1", "--jobs", "1", Self.broken])
        #expect(result.status == 0)
        #expect(result.stdout.contains(
            "::warning file=\(Self.broken)/swipe-13-degrees.jsonl,title=fragile trace::reveal failed → recognized with 0.42° clockwise"),
            "\(result.stdout)")
        #expect(result.stdout.contains("12.99°), 0.5%25\n"))
    }

    @Test func fragileOptionsAreChecked() {
        #expect(runInProcess(["check", "--report", "json", "--fragile", "5", Self.broken]).stderr.contains(
            "'--fragile' reports in the text and github formats; '--report json' keeps standard output one JSON document"))
        #expect(runInProcess(["check", "--fragile", "-3", Self.broken]).stderr.contains(
            "invalid value '-3' for '--fragile': expected a percentage above 0, such as 5"))
        #expect(runInProcess(["check", "--fragile-fails", Self.broken]).stderr.contains(
            "'--fragile-fails' applies only with '--fragile PERCENT'"))
    }
}
