import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `analyze --follow` with real pipes, FIFOs and clocks: records are read before the feeder writes
/// again, timers fire while the input is idle, signals finish the trace.
///
/// Timing bounds are generous (a loaded machine): what is asserted is the order of things (a record
/// read before the next write), and a timer firing neither before its time nor never.
@Suite struct FollowTests {
    static let header = #"{"gesturectl":1,"screen":{"width":390,"height":844}}"# + "\n"

    static func touch(_ t: Double, _ phase: String, x: Double = 100, y: Double = 400, id: Int = 1) -> String {
        #"{"t":\#(t),"id":\#(id),"phase":"\#(phase)","x":\#(x),"y":\#(y)}"# + "\n"
    }

    @Test func eachEventsRecordsAreReadBeforeTheFeedersNextWriteThroughAFIFO() throws {
        let fixtures = try Fixtures()
        let fifo = fixtures.path("touches.jsonl")
        #expect(mkfifo(fifo, 0o600) == 0)
        let live = try LiveProcess(["analyze", "--follow", "--only", "pan", "--format", "jsonl", fifo], fifo: fifo)
        live.send(Self.header + Self.touch(0, "began") + Self.touch(0.05, "moved", x: 150))
        #expect(live.secondsUntil(#""state":"began""#) != nil, "pan began was not read before the next write")
        live.send(Self.touch(0.1, "moved", x: 200))
        #expect(live.secondsUntil(#""state":"changed""#) != nil)
        live.send(Self.touch(0.15, "ended", x: 200))
        #expect(live.secondsUntil(#""state":"ended""#) != nil)
        let result = live.finish()
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.split(separator: "\n").map { $0.contains("\"state\":\"began\"") } == [true, false, false])
        // The same records as analyzing the whole trace at once.
        try fixtures.write("whole.jsonl", Self.header + Self.touch(0, "began") + Self.touch(0.05, "moved", x: 150)
            + Self.touch(0.1, "moved", x: 200) + Self.touch(0.15, "ended", x: 200))
        #expect(runInProcess(["analyze", "--only", "pan", "--format", "jsonl", fixtures.path("whole.jsonl")]).stdout == result.stdout)
    }

    @Test(arguments: ["text", "csv", "json"])
    func everyFormatWritesTheRecordBeforeTheInputEnds(format: String) throws {
        let live = try LiveProcess(["analyze", "-f", "--only", "pan", "--format", format, "-"])
        live.send(Self.header + Self.touch(0, "began") + Self.touch(0.05, "moved", x: 150))
        let expected = format == "json" ? "{\"gesturectl\":1" : "began"
        #expect(live.secondsUntil(expected) != nil, "nothing read in \(format): \(live.received)")
        live.send(Self.touch(0.1, "ended", x: 150))
        let result = live.finish()
        #expect(result.status == 0)
        if format == "text" {
            #expect(result.stdout == """
                -
                         0.05  pan        began       at (150, 400), touches 1, translation (40, 0), velocity (200, 0), because moved 50 pt right, past panHysteresis 10 pt, 0.05 s after touch down
                          0.1  pan        ended       at (150, 400), touches 0, translation (40, 0), velocity (200, 0)

                """)
        }
    }

    @Test func aLongPressBeginsHalfASecondAfterTouchDownWhileTheFingerIsStillDown() throws {
        let live = try LiveProcess(["analyze", "--follow", "--only", "longPress", "--format", "jsonl", "-"])
        live.send(Self.header + Self.touch(10, "began"))
        let seconds = live.secondsUntil(#""state":"began""#)
        #expect(seconds != nil)
        #expect((seconds ?? 0) >= 0.45, "long press began after only \(seconds ?? 0) s")
        #expect(live.received.contains(#"{"t":10.5,"recognizer":"longPress""#), "\(live.received)")
        live.send(Self.touch(11, "ended"))
        let result = live.finish()
        #expect(result.stdout.hasSuffix(#""state":"ended","location":{"x":100,"y":400},"touches":0}"# + "\n"), "\(result)")
    }

    @Test func aSingleTapIsRecognizedWhenNoSecondTapComesWithinTheInterval() throws {
        let live = try LiveProcess(["analyze", "--follow", "--only", "tap,doubleTap", "--format", "jsonl", "-"])
        live.send(Self.header + Self.touch(0, "began") + Self.touch(0.05, "ended"))
        let seconds = live.secondsUntil(#""recognizer":"tap","kind":"tap","view":"screen","state":"recognized""#)
        #expect(seconds != nil)
        #expect((seconds ?? 0) >= 0.3, "tap recognized after only \(seconds ?? 0) s")
        let result = live.finish()
        #expect(result.status == 0)
        #expect(result.stdout == """
            {"t":0.4,"recognizer":"doubleTap","kind":"tap","view":"screen","state":"failed","reason":"no second tap within multiTapInterval 0.35 s"}
            {"t":0.4,"recognizer":"tap","kind":"tap","view":"screen","state":"recognized","location":{"x":100,"y":400},"touches":1,"taps":1,"cause":"the finger lifted 0.05 s after touch down, 0 pt from where it touched down, within tapMaximumPressDuration 0.75 s and tapMovementTolerance 45 pt; it waited from 0.05 s until doubleTap failed at 0.4 s, as it requires"}

            """)
    }

    @Test func aSampleLaterThanATimerFiredOnTheWallClockTakesTheTimersTime() throws {
        let live = try LiveProcess(["analyze", "--follow", "--only", "longPress", "--format", "jsonl", "-"])
        live.send(Self.header + Self.touch(0, "began"))
        #expect(live.secondsUntil(#""state":"began""#) != nil)
        // The producer's clock ran slow: it says the finger lifted at 0.3 s, before the long press.
        live.send(Self.touch(0.3, "ended"))
        let result = live.finish()
        #expect(result.stdout == """
            {"t":0.5,"recognizer":"longPress","kind":"longPress","view":"screen","state":"began","location":{"x":100,"y":400},"touches":1,"cause":"held for minimumPressDuration 0.5 s, moving at most 0 pt, within allowableMovement 10 pt"}
            {"t":0.5,"recognizer":"longPress","kind":"longPress","view":"screen","state":"ended","location":{"x":100,"y":400},"touches":0}

            """)
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func anInterruptMidGestureCancelsTheTouchesAndExitsZero(signal: Int32) throws {
        let live = try LiveProcess(["analyze", "--follow", "--only", "pan", "--format", "json", "-"])
        live.send(Self.header + Self.touch(0, "began") + Self.touch(0.05, "moved", x: 150))
        #expect(live.secondsUntil("{\"gesturectl\":1") != nil)
        live.signal(signal)
        let result = live.finish(closingInput: false)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "")
        #expect(result.stdout.hasPrefix(#"{"gesturectl":1,"traces":[{"trace":"-","gestures":[{"recognizer":"pan","kind":"pan","view":"screen","outcome":"cancelled","start":0.05,"#))
        #expect(result.stdout.hasSuffix(#""reason":"its touches were cancelled"}]}]}]}"# + "\n"), "\(result)")
    }

    @Test func aBadSampleStopsWithItsErrorAndTheRecordsWrittenStand() throws {
        let live = try LiveProcess(["analyze", "--follow", "--only", "pan", "--format", "jsonl", "-"])
        live.send(Self.header + Self.touch(0, "began") + Self.touch(0.05, "moved", x: 150))
        #expect(live.secondsUntil(#""state":"began""#) != nil)
        live.send(#"{"t":0.1,"id":1,"phase":"moved","x":150,"y":}"# + "\n")
        let result = live.finish(closingInput: false)
        #expect(result.status == 65)
        #expect(result.stderr == "<stdin>:4:45: error: expected a value, found '}'\n", "\(result)")
        #expect(result.stdout.split(separator: "\n").count == 1)
    }

    @Test func aRegularFileIsFollowedAsTailDoes() throws {
        let fixtures = try Fixtures(["live.jsonl": Self.header + Self.touch(0, "began")])
        let path = fixtures.path("live.jsonl")
        let live = try LiveProcess(["analyze", "-f", "--only", "pan", "--format", "jsonl", path])
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        file.seekToEndOfFile()
        file.write(Data(Self.touch(0.05, "moved", x: 150).utf8))
        #expect(live.secondsUntil(#""state":"began""#) != nil)
        file.write(Data(Self.touch(0.1, "moved", x: 200).utf8))
        #expect(live.secondsUntil(#""state":"changed""#) != nil)
        try file.close()
        live.signal(SIGINT)
        let result = live.finish()
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix(#""reason":"its touches were cancelled"}"# + "\n"), "\(result)")
    }

    @Test func followNeedsExactlyOneTrace() {
        let result = runInProcess(["analyze", "--follow", "a.jsonl", "b.jsonl"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("'--follow' follows one trace, and 2 were given"))
    }

    @Test func memoryStaysFlatOnALongStream() throws {
        let fixtures = try Fixtures()
        let fifo = fixtures.path("stream.jsonl")
        #expect(mkfifo(fifo, 0o600) == 0)
        // 20,000 taps, half a second apart in trace time, written as fast as awk can.
        let generator = #"BEGIN { print "{\"gesturectl\":1}"; for (i = 0; i < 20000; i++) { t = i * 0.5; "#
            + #"printf "{\"t\":%.1f,\"id\":1,\"phase\":\"began\",\"x\":100,\"y\":400}\n{\"t\":%.2f,\"id\":1,\"phase\":\"ended\",\"x\":100,\"y\":400}\n", t, t + 0.05 } }"#
        let live = try LiveProcess(shell: """
            awk '\(generator)' > '\(fifo)' & exec "$GESTURECTL" analyze -f --only tap --no-failures --format jsonl '\(fifo)'
            """)
        var early: Int?
        var late: Int?
        live.read(timeout: 60) { text in
            let count = text.utf8.count
            if early == nil, count > 300_000 { early = live.peakResidentKiB }
            if count > 2_000_000, let peak = live.peakResidentKiB { late = peak }
            return false
        }
        let result = live.finish()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 20000)
        #if os(Linux)
            #expect(early != nil && late != nil)
        #endif
        // AddressSanitizer keeps freed memory in quarantine (up to 256 MB), so RSS grows under it
        // whatever the program does: the bound holds only without sanitizers.
        if let early, let late, ProcessInfo.processInfo.environment["GESTURECTL_SANITIZED"] == nil {
            #expect(late - early < 4096, "peak RSS grew from \(early) to \(late) KiB")
        }
    }
}
