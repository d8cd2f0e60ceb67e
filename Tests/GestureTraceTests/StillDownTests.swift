import GestureKit
import Testing
@testable import GestureTrace

/// Touches 2 and 1 begin, 1 lifts and begins again, then a remote-control event ends the trace at 0.75:
/// touches 2 and 1 are still down, in that order of their began samples.
@Suite struct StillDownTests {
    static let traces: [(encoding: TraceEncoding, text: String, positions: [SourcePosition])] = [
        (.json, """
            [
              {"t": 0, "id": 2, "phase": "began", "x": 1, "y": 1},
              {"t": 0, "id": 1, "phase": "began", "x": 1, "y": 1},
              {"t": 0.25, "id": 1, "phase": "ended", "x": 1, "y": 1},
              {"t": 0.5, "id": 2, "phase": "moved", "x": 2, "y": 1},
              {"t": 0.5, "id": 1, "phase": "began", "x": 1, "y": 1},
              {"t": 0.75, "type": "remoteControl", "subtype": "play"}
            ]
            """, [SourcePosition(line: 5, column: 3), SourcePosition(line: 6, column: 3)]),
        (.jsonl, """
            {"t": 0, "id": 2, "phase": "began", "x": 1, "y": 1}
            {"t": 0, "id": 1, "phase": "began", "x": 1, "y": 1}
            {"t": 0.25, "id": 1, "phase": "ended", "x": 1, "y": 1}
            {"t": 0.5, "id": 2, "phase": "moved", "x": 2, "y": 1}
            {"t": 0.5, "id": 1, "phase": "began", "x": 1, "y": 1}
            {"t": 0.75, "type": "remoteControl", "subtype": "play"}
            """, [SourcePosition(line: 4, column: 1), SourcePosition(line: 5, column: 1)]),
        (.csv, """
            t,id,phase,x,y,type,subtype
            0,2,began,1,1,,
            0,1,began,1,1,,
            0.25,1,ended,1,1,,
            0.5,2,moved,2,1,,
            0.5,1,began,1,1,,
            0.75,,,,,remoteControl,play
            """, [SourcePosition(line: 5, column: 1), SourcePosition(line: 6, column: 1)]),
    ]

    @Test(arguments: traces)
    func warnsAboutTouchesStillDown(encoding: TraceEncoding, text: String, positions: [SourcePosition]) throws {
        let reader = TraceReader(bytes: Array(text.utf8), name: "down", encoding: encoding)
        #expect(try reader.readAll().count == 6)
        #expect(reader.warnings.map(\.description) == [
            "down:\(positions[0]): warning: touch 2 is still down at the end of the trace; it is cancelled at t=0.75",
            "down:\(positions[1]): warning: touch 1 is still down at the end of the trace; it is cancelled at t=0.75",
        ])
        #expect(reader.warnings.allSatisfy { $0.severity == .warning })
        #expect(reader.stillDownTouches == [
            StillDownTouch(id: .number(2), lastSampleT: 0.5, lastSamplePosition: positions[0]),
            StillDownTouch(id: .number(1), lastSampleT: 0.5, lastSamplePosition: positions[1]),
        ])
        #expect(reader.lastT == 0.75)
        #expect(try reader.next() == nil)
        #expect(reader.warnings.count == 2)
    }

    @Test func noWarningsWhenEveryTouchEnds() throws {
        let reader = TraceReader(
            bytes: Array(#"[{"t":0,"id":"a","phase":"began","x":0,"y":0},{"t":1,"id":"a","phase":"cancelled","x":0,"y":0}]"#.utf8),
            name: "a.json", encoding: .json)
        _ = try reader.readAll()
        #expect(reader.warnings.isEmpty)
        #expect(reader.stillDownTouches.isEmpty)
    }

    @Test func idsMayBeReusedAfterTheyEnd() throws {
        let text = """
            t,id,phase,x,y
            0,1,began,0,0
            1,1,ended,0,0
            2,1,began,0,0
            2,2,began,0,0
            3,1,cancelled,0,0
            3,2,ended,0,0
            """
        let reader = TraceReader(bytes: Array(text.utf8), name: "c.csv", encoding: .csv)
        #expect(try reader.readAll().count == 6)
        #expect(reader.warnings.isEmpty)
    }

    @Test func aNonTouchSampleEndsAnEvent() throws {
        let text = #"[{"t":0,"id":1,"phase":"began","x":0,"y":0},{"t":0,"type":"motion","phase":"began","subtype":"shake"},{"t":0,"id":1,"phase":"ended","x":0,"y":0}]"#
        #expect(try read(text, as: .json).samples.count == 3)
    }
}
