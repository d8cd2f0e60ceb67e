import GestureKit
import Testing
@testable import GestureTrace

/// `documentFixture` as JSON Lines, with a header line, blank lines and CRLF line ends.
let jsonLinesFixture = """
    {"gesturectl": 1, "screen": {"width": 390, "height": 844}, "scene": "scenes/cards.json", "x-recorder": {"a": [1]}}

    {"t": 0.000, "id": 1, "phase": "began", "x": 100, "y": 200, "force": 0.5, "radius": 12.25}\r
    {"t": 0.008, "id": "thumb", "phase": "began", "x": -1.5e1, "y": 2E2, "x-note": "second finger"}
       \t
    {"t": 0.008, "id": 1, "phase": "moved", "x": 104, "y": 200, "type": "touch"}
    {"t": 0.010, "type": "motion", "phase": "began", "subtype": "shake"}
    {"t": 0.011, "type": "remoteControl", "subtype": "togglePlayPause"}
    {"t": 0.012, "type": "application", "subtype": "beginIgnoringInteractionEvents"}
    {"t": 0.016, "id": 1, "phase": "stationary", "x": 104, "y": 200}
    {"t": 0.016, "id": "thumb", "phase": "cancelled", "x": -15, "y": 200}
      {"t": 0.024, "id": 1, "phase": "ended", "x": 104, "y": 200}  \r

    """

@Suite struct JSONLinesTests {
    @Test func readsEverySampleKindExactly() throws {
        let result = try read(jsonLinesFixture, as: .jsonl)
        #expect(result.samples == fixtureSamples)
        #expect(result.lastSamplePosition == SourcePosition(line: 12, column: 3))
        #expect(
            result.header
                == TraceHeader(
                    version: 1, screen: Size(width: 390, height: 844),
                    scene: .path("scenes/cards.json", SourcePosition(line: 1, column: 69))))
    }

    /// Without a header line the first record is a sample, whether the header is asked for first or not.
    @Test(arguments: [true, false])
    func readsWithoutAHeaderLine(headerFirst: Bool) throws {
        let text = #"{"t": 0, "id": 1, "phase": "began", "x": 1, "y": 2}"# + "\n" + #"{"t": 1, "id": 1, "phase": "ended", "x": 1, "y": 2}"#
        let result = try read(text, as: .jsonl, headerFirst: headerFirst)
        #expect(result.samples == [touch(0, 1, .began, 1, 2), touch(1, 1, .ended, 1, 2)])
        #expect(result.header == TraceHeader())
    }

    @Test func readsAnInlineSceneInTheHeader() throws {
        let text = #"{"scene": {"views": []}}"# + "\n"
        let result = try read(text, as: .jsonl)
        let scene = Located<JSONValue>(
            .object([
                JSONMember(
                    key: "views", keyPosition: SourcePosition(line: 1, column: 12),
                    value: Located(.array([]), at: SourcePosition(line: 1, column: 21)))
            ]), at: SourcePosition(line: 1, column: 11))
        #expect(result.header.scene == .inline(scene))
        #expect(result.samples.isEmpty)
    }

    @Test func emptyInputsAreEmptyTraces() throws {
        for text in ["", "\n\n", "{}\n", #"{"x-only": 1}"#] {
            let result = try read(text, as: .jsonl)
            #expect(result.samples.isEmpty)
            #expect(result.header == TraceHeader())
        }
    }

    static let sample = #"{"t":0,"id":1,"phase":"began","x":1,"y":2}"#

    /// Inputs with the first error each must report (file b.jsonl).
    static let errorCases: [(input: String, expected: String)] = [
        ("[1]", "1:1: error: expected '{' at the start of a JSON Lines record, found '['"),
        ("  \n\(sample)\n   x", "3:4: error: expected '{' at the start of a JSON Lines record, found 'x'"),
        ("\u{0}", "1:1: error: expected '{' at the start of a JSON Lines record, found U+0000"),
        ("{\"t\":0,\n\"id\":1}", "1:8: error: unexpected end of line inside a JSON Lines record (each record must be on one line)"),
        ("{\"t\":0,\"id\":1,\"phase\":\"began\",\"x\":1,\"y\":2,\"x-n\":{\"a\":[1,\n2]}}",
         "1:57: error: unexpected end of line inside a JSON Lines record (each record must be on one line)"),
        (sample + " " + sample, "1:44: error: expected end of line after a JSON Lines record, found '{'"),
        (#"{"t":0,"id":1,"phase":"began","x":1,"y":2,"x-s":"abc"#, #"1:49: error: unterminated string (missing closing '"')"#),
        (#"{"gesturectl":1,"t":0}"#,
         #"1:17: error: unknown key "t" in header (a header holds "gesturectl", "screen" and "scene"; samples go on the following lines)"#),
        (#"{"t":0,"screen":{"width":1,"height":1}}"#, #"1:8: error: unknown key "screen" in sample (a header is allowed only on the first line)"#),
        (sample + "\n" + #"{"screen":{"width":1,"height":1}}"#, #"2:2: error: unknown key "screen" in sample (a header is allowed only on the first line)"#),
        (#"{"gesturectl":1}"# + "\n" + #"{"gesturectl":1}"#, #"2:2: error: unknown key "gesturectl" in sample (a header is allowed only on the first line)"#),
        (#"{"gesturectl":1,"gesturectl":1}"#, #"1:17: error: duplicate key "gesturectl" in header"#),
        (#"{"samples":[]}"#, #"1:2: error: unknown key "samples" in sample (JSON Lines has one sample object per line)"#),
        (#"{"x-a":1,"foo":1}"#, #"1:10: error: unknown key "foo" in sample (extension keys start with "x-")"#),
        (#"{"gesturectl":2}"#, #"1:15: error: unsupported "gesturectl" version 2 (this gesturectl reads version 1)"#),
        (#"{"screen":{"height":1}}"#, #"1:11: error: "screen" is missing required key "width""#),
        (#"{"t":0,"id":1,"phase":"began","x":1,"y":2,"t":3}"#, #"1:43: error: duplicate key "t" in sample"#),
        (#"{"t":0,"id":1,"phase":"began","x":1,"y":1e400}"#, "1:41: error: number 1e400 is out of range (numbers must be finite)"),
        (#"{"t":0,"id":1,"phase":"began"}"#, #"1:1: error: touch sample is missing required key "x""#),
        (sample + "\n" + sample, "2:13: error: touch 1 appears twice in the event at t=0"),
        ("{\"t\":0,\"id\":1,\"phase\":\"began\",\"x\":1,\"y\":2}\r\n{\"t\":0.5,\"id\":1,\"phase\":\"moved\",\"x\":1,\"y\":2}\r\n{\"t\":0.25,\"id\":1,\"phase\":\"ended\",\"x\":1,\"y\":2}\r\n",
         #"3:6: error: "t" is 0.25, smaller than the previous sample's 0.5"#),
        (#"{"t":0,"id":"é","x-é":"😀","phase":"moved","x":1,"y":2}"#, #"1:13: error: touch "é" "moved" but it is not down"#),
    ]

    @Test(arguments: errorCases)
    func reportsErrors(input: String, expected: String) {
        #expect(firstError(input, as: .jsonl, name: "b.jsonl") == "b.jsonl:" + expected)
    }

    @Test(arguments: [
        ([0x7B, 0x22, 0xFF, 0x22] as [UInt8], "1:3: error: invalid UTF-8 in string"),
        ([0x7B, 0x22, 0xC3, 0x22], "1:3: error: invalid UTF-8 in string"),
        ([0x7B, 0x22, 0xE0, 0x80, 0x80, 0x22], "1:3: error: invalid UTF-8 in string"),
        ([0x7B, 0x22, 0xED, 0xA0, 0x80, 0x22], "1:3: error: invalid UTF-8 in string"),
        ([0x7B, 0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "1:3: error: invalid UTF-8 in string"),
        ([0x7B, 0x22, 0xC3, 0xA9, 0xFF, 0x22], "1:4: error: invalid UTF-8 in string"),
        ([0x7B, 0xC3, 0xA9], "1:2: error: expected a string key or '}', found 'é'"),
        ([0x7B, 0xFF], "1:2: error: expected a string key or '}', found byte 0xFF"),
    ])
    func reportsInvalidUTF8(bytes: [UInt8], expected: String) {
        #expect(firstError(bytes: bytes, as: .jsonl, name: "b.jsonl") == "b.jsonl:" + expected)
    }
}
