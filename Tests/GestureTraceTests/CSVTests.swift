import GestureKit
import Testing
@testable import GestureTrace

/// `documentFixture` as CSV: comments, a screen comment, columns in another order, an ignored column,
/// quoted fields and empty cells.
let csvFixture = #"""
    # recorded by hand
    # screen: 390x844

    x-note,phase,t,id,x,y,force,radius,type,subtype
    ,began,0.000,1,100,200,0.5,12.25,,
    "second finger, the ""thumb""",began,0.008,thumb,-1.5e1,2E2,,,,
    ,moved,0.008,1,104,200,,,touch,
    # a comment between samples
    ,began,0.010,,,,,,motion,shake
    ,,0.011,,,,,,remoteControl,togglePlayPause
    ,,0.012,,,,,,"application",beginIgnoringInteractionEvents
    "multi
    line note",stationary,0.016,1,104,200,,,,
    ,cancelled,0.016,"thumb",-15,200,,,,
    ,ended,0.024,1,104,200,,,,
    """#

@Suite struct CSVTests {
    @Test func readsEverySampleKindExactly() throws {
        let result = try read(csvFixture, as: .csv)
        #expect(result.samples == fixtureSamples)
        #expect(result.header == TraceHeader(screen: Size(width: 390, height: 844)))
        #expect(result.lastSamplePosition == SourcePosition(line: 15, column: 1))
    }

    @Test func acceptsCRLFAndAByteOrderMark() throws {
        let text = "\u{FEFF}" + csvFixture.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n"
        let result = try read(text, as: .csv)
        #expect(result.samples == fixtureSamples)
        #expect(result.lastSamplePosition == SourcePosition(line: 15, column: 1))
    }

    @Test func screenCommentsAreFlexibleAboutSpaces() throws {
        for line in ["#screen:320x480", "#  screen :  320x480  ", "# screen: 320x480\r", "# screen:\t320.5x480"] {
            let header = try read(line + "\nt,id,phase,x,y\n", as: .csv).header
            #expect(header.screen?.height == 480, "\(line)")
        }
        let header = try read("# screenshot: 1x1\n# not a screen: 1x1\nt\n", as: .csv).header
        #expect(header.screen == nil)
    }

    @Test func headerOnlyIsAnEmptyTrace() throws {
        let result = try read("t,id,phase,x,y\n", as: .csv)
        #expect(result.samples.isEmpty)
    }

    static let head = "t,id,phase,x,y\n"

    /// Inputs with the first error each must report (file c.csv).
    static let errorCases: [(input: String, expected: String)] = [
        ("# screen: 390x844\n", "2:1: error: missing header row: expected the column names, such as t,id,phase,x,y"),
        ("# only a comment\n", "2:1: error: missing header row: expected the column names, such as t,id,phase,x,y"),
        ("t,id,phase,x,y,foo\n", #"1:16: error: unknown column "foo" (extension columns start with "x-")"#),
        ("t,id,phase,x,y,\n", #"1:16: error: unknown column "" (extension columns start with "x-")"#),
        ("t,id,phase,x,t\n", #"1:14: error: duplicate column "t""#),
        ("id,phase,x,y\n0,1,began,1,2\n", #"1:1: error: the header row has no "t" column"#),
        (head + "0,1,began,1\n", "2:1: error: row has 4 fields but the header row has 5 columns"),
        (head + "  \n", "2:1: error: row has 1 field but the header row has 5 columns"),
        (head + "0,1,began,1,2,3\n", "2:15: error: row has more fields than the header row's 5 columns"),
        (head + "0,1,began,1,2,\n", "2:15: error: row has more fields than the header row's 5 columns"),
        (head + "0,1,\"began,1,2\n", #"2:5: error: unterminated quoted field (missing closing '"')"#),
        (head + "0,1,\"began\"x,1,2\n", "2:12: error: expected ',' or end of line after a quoted field, found 'x'"),
        (head + "0,1,be\"gan,1,2\n", #"2:7: error: '"' in an unquoted field (quote the whole field and double each '"' inside it)"#),
        (head + "0,1,began,1,2\r3\n", "2:14: error: carriage return not followed by a line feed (lines end with LF or CRLF)"),
        (head + "0,1,began,\u{1},2\n", "2:11: error: control character U+0001 in a field"),
        (head + "0,1,began,abc,2\n", #"2:11: error: "x" must be a number, found "abc""#),
        (head + "0,1,began,+1,2\n", #"2:11: error: "x" must be a number, found "+1""#),
        (head + "0,1,began,1e999,2\n", "2:11: error: number 1e999 is out of range (numbers must be finite)"),
        (head + "0,1.5,began,1,2\n", #"2:3: error: "id" must be an integer or a string, found 1.5"#),
        (head + "0,99999999999999999999,began,1,2\n", "2:3: error: touch id 99999999999999999999 is out of range"),
        (head + "0,1,go,1,2\n", #"2:5: error: unknown phase "go" (expected "began", "moved", "stationary", "ended" or "cancelled")"#),
        ("t,id,phase,x,y,type\n0,1,began,1,2,pen\n", #"2:15: error: unknown type "pen" (expected "touch", "motion", "remoteControl" or "application")"#),
        ("t,id,phase,x,y,force\n0,1,began,1,2,-1\n", #"2:15: error: "force" must be >= 0, found -1"#),
        (head + "0,,began,1,2\n", #"2:3: error: touch sample is missing "id" (the cell is empty)"#),
        (head + ",1,began,1,2\n", #"2:1: error: sample is missing "t" (the cell is empty)"#),
        ("t,phase,x,y\n0,began,1,2\n", #"2:1: error: touch sample is missing "id" (the header row has no "id" column)"#),
        ("t,id,phase,x,y,type,subtype\n0,1,began,1,2,motion,shake\n", #"2:3: error: "id" is not allowed in a motion sample"#),
        ("t,id,phase,x,y,type,subtype\n0,,,,,motion,wiggle\n", #"2:4: error: motion sample is missing "phase" (the cell is empty)"#),
        ("t,type,subtype\n0,remoteControl,\n", #"2:17: error: remoteControl sample is missing "subtype" (the cell is empty)"#),
        ("t,type\n0,remoteControl\n", #"2:1: error: remoteControl sample is missing "subtype" (the header row has no "subtype" column)"#),
        ("t,type,subtype\n0,remoteControl,eject\n", #"2:17: error: unknown remoteControl subtype "eject" (expected "play", "pause", "stop", "togglePlayPause", "nextTrack", "previousTrack", "beginSeekingBackward", "endSeekingBackward", "beginSeekingForward" or "endSeekingForward")"#),
        (head + "0.016,1,began,1,2\n0.008,1,moved,1,2\n", #"3:1: error: "t" is 0.008, smaller than the previous sample's 0.016"#),
        (head + "0,1,moved,1,2\n", #"2:3: error: touch 1 "moved" but it is not down"#),
        (head + "0,thumb,moved,1,2\n", #"2:3: error: touch "thumb" "moved" but it is not down"#),
        (head + "\n\n0,é,moved,1,2\n", #"4:3: error: touch "é" "moved" but it is not down"#),
        (head + "0,\"a,\"\"b\"\"\nc\",moved,1,2\n", #"2:3: error: touch "a,\"b\"\nc" "moved" but it is not down"#),
        ("t,x-note,id,phase,x,y\n0,\"x\"\"y😀\",1,moved,1,2\n", #"2:11: error: touch 1 "moved" but it is not down"#),
        (head + "0,1,began,1,2\n0,1,moved,1,2\n", "3:3: error: touch 1 appears twice in the event at t=0"),
        (head + "0,1,began,1,2\n1,1,began,1,2\n", #"3:3: error: touch 1 "began" but it is already down"#),
        ("# screen: 390x\nt,id,phase,x,y\n", ##"1:11: error: invalid screen size "390x": expected WIDTHxHEIGHT in points, as in "# screen: 390x844""##),
        ("# screen: 0x844\nt\n", ##"1:11: error: invalid screen size "0x844": expected WIDTHxHEIGHT in points, as in "# screen: 390x844""##),
        ("# screen: 390x844\n# screen: 1x1\nt\n", ##"2:1: error: duplicate "# screen:" comment"##),
        (head + "0,1,began,1,2\n# screen: 1x1\n", ##"3:1: error: "# screen:" must come before the first sample"##),
    ]

    @Test(arguments: errorCases)
    func reportsErrors(input: String, expected: String) {
        #expect(firstError(input, as: .csv, name: "c.csv") == "c.csv:" + expected)
    }

    @Test func reportsInvalidUTF8() {
        let bytes = Array("t,id,phase,x,y\n0,".utf8) + [0xFF]
        #expect(firstError(bytes: bytes, as: .csv, name: "c.csv") == "c.csv:2:3: error: invalid UTF-8 in a field")
        let quoted = Array("t,id,phase,x,y\n0,\"é".utf8) + [0xC3, 0x28]
        #expect(firstError(bytes: quoted, as: .csv, name: "c.csv") == "c.csv:2:5: error: invalid UTF-8 in a field")
    }
}
