import Foundation
import Testing

/// `convert --follow` alone and in the middle of a live pipeline.
@Suite struct FollowConversionTests {
    /// getevent lines of one finger (protocol B) at `t`, `x` in raw units.
    static func frame(_ t: Double, _ lines: [String]) -> String {
        let stamp = "[" + String(format: "%12.6f", t) + "] "
        return (lines + ["EV_SYN SYN_REPORT 00000000"]).map { stamp + $0 + "\n" }.joined()
    }

    /// Sends one finger's pan through `convert CONVERT_FLAGS --from getevent … | analyze -f`, expecting
    /// each transition to arrive before the next frame is written, and returns the pipeline's result.
    static func panThroughConvert(_ convertFlags: String) throws -> RunResult {
        let live = try LiveProcess(shell: """
            "$GESTURECTL" convert \(convertFlags)--from getevent --raw-size 1080x2400 --to jsonl - \\
              | "$GESTURECTL" analyze -f --only pan --format jsonl -
            """)
        live.send(Self.frame(100, ["EV_ABS ABS_MT_TRACKING_ID 00000001", "EV_ABS ABS_MT_POSITION_X 00000100", "EV_ABS ABS_MT_POSITION_Y 00000400"]))
        live.send(Self.frame(100.05, ["EV_ABS ABS_MT_POSITION_X 00000200"]))
        #expect(live.secondsUntil(#""state":"began""#) != nil, "pan began was not read before the lift was written")
        live.send(Self.frame(100.1, ["EV_ABS ABS_MT_TRACKING_ID ffffffff"]))
        #expect(live.secondsUntil(#""state":"ended""#) != nil)
        let result = live.finish()
        #expect(result.status == 0, "\(result)")
        return result
    }

    @Test func aGeteventStreamThroughConvertIntoAnalyzeGivesEachRecordBeforeTheNextFrame() throws {
        let result = try Self.panThroughConvert("-f ")
        #expect(result.stdout.hasPrefix(#"{"t":0.05,"recognizer":"pan","kind":"pan","view":"screen","state":"began""#), "\(result)")
    }

    /// The issue's pipeline as written: `convert` without `-f` streams a recording from a pipe by itself
    /// once it knows the axis ranges.
    @Test func aRecordingFromAPipeStreamsWithoutFollow() throws {
        _ = try Self.panThroughConvert("")
    }

    @Test func aTraceIsConvertedSampleBySample() throws {
        let live = try LiveProcess(["convert", "-f", "--from", "jsonl", "--to", "csv", "-"])
        live.send(FollowTests.header + FollowTests.touch(0, "began"))
        #expect(live.secondsUntil("0,1,began,100,400,,,,\n") != nil, "\(live.received)")
        live.send(FollowTests.touch(0.1, "ended"))
        let result = live.finish()
        #expect(result.status == 0)
        #expect(result.stdout == """
            # screen: 390x844
            t,id,phase,x,y,force,radius,type,subtype
            0,1,began,100,400,,,,
            0.1,1,ended,100,400,,,,

            """)
    }

    @Test func aRecordingNeedsItsAxisRangesBeforeItsFirstEvent() {
        let result = runInProcess(["convert", "-f", "--from", "getevent", "--to", "jsonl", "-"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("'--follow' needs '--raw-size WxH' or '--device DESC' for a getevent recording"))
        #expect(runInProcess(["convert", "-f", "--to", "jsonl", "-"]).stderr.contains("'--follow' needs '--from'"))
    }
}
