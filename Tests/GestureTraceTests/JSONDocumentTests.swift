import GestureKit
import Testing
@testable import GestureTrace

/// The example of trace-format.md, with every kind of sample and extension data in every place.
let documentFixture = """
    {
      "gesturectl": 1,
      "x-recorder": {"device": "iPhone", "nested": [1, {"x-deep": null}, "é"]},
      "screen": {"width": 390, "height": 844, "x-scale": 3},
      "scene": "scenes/cards.json",
      "samples": [
        {"t": 0.000, "id": 1, "phase": "began", "x": 100, "y": 200, "force": 0.5, "radius": 12.25},
        {"t": 0.008, "id": "thumb", "phase": "began", "x": -1.5e1, "y": 2E2, "x-note": "second finger"},
        {"t": 0.008, "id": 1, "phase": "moved", "x": 104, "y": 200, "type": "touch"},
        {"t": 0.010, "type": "motion", "phase": "began", "subtype": "shake"},
        {"t": 0.011, "type": "remoteControl", "subtype": "togglePlayPause"},
        {"t": 0.012, "type": "application", "subtype": "beginIgnoringInteractionEvents"},
        {"t": 0.016, "id": 1, "phase": "stationary", "x": 104, "y": 200},
        {"t": 0.016, "id": "thumb", "phase": "cancelled", "x": -15, "y": 200},
        {"t": 0.024, "id": 1, "phase": "ended", "x": 104, "y": 200}
      ]
    }
    """

/// The samples of `documentFixture` (and of the JSON Lines and CSV fixtures that spell the same trace).
let fixtureSamples: [Sample] = [
    touch(0, 1, .began, 100, 200, force: 0.5, radius: 12.25),
    .touch(0.008, id: .name("thumb"), .began, x: -15, y: 200),
    touch(0.008, 1, .moved, 104, 200),
    Sample(t: 0.010, kind: .motion(phase: .began, subtype: .shake)),
    Sample(t: 0.011, kind: .remoteControl(subtype: .togglePlayPause)),
    Sample(t: 0.012, kind: .application(subtype: .beginIgnoringInteractionEvents)),
    touch(0.016, 1, .stationary, 104, 200),
    .touch(0.016, id: .name("thumb"), .cancelled, x: -15, y: 200),
    touch(0.024, 1, .ended, 104, 200),
]

@Suite struct JSONDocumentTests {
    @Test func readsEverySampleKindExactly() throws {
        let result = try read(documentFixture, as: .json)
        #expect(result.samples == fixtureSamples)
        #expect(result.warnings.isEmpty)
        #expect(result.lastSamplePosition == SourcePosition(line: 15, column: 5))
    }

    @Test func readsTheHeader() throws {
        let header = try read(documentFixture, as: .json).header
        #expect(header.version == 1)
        #expect(header.screen == Size(width: 390, height: 844))
        #expect(header.scene == .path("scenes/cards.json", SourcePosition(line: 5, column: 12)))
    }

    @Test func headerDefaultsWhenAbsent() throws {
        let header = try read(#"{"samples": []}"#, as: .json).header
        #expect(header == TraceHeader())
        #expect(header.screenOrDefault == Size(width: 390, height: 844))
    }

    @Test func readsABareArray() throws {
        let text = #"[{"t": 1, "id": 7, "phase": "began", "x": 1, "y": 2}, {"t": 2, "id": 7, "phase": "ended", "x": 1, "y": 2}]"#
        let result = try read(text, as: .json)
        #expect(result.samples == [touch(1, 7, .began, 1, 2), touch(2, 7, .ended, 1, 2)])
        #expect(result.header == TraceHeader())
    }

    @Test func readsAnInlineSceneWithPositions() throws {
        let text = """
            {"scene": {"views": [{"name": "root", "frame": [0, 0, 390, 844]}], "x-a": true},
             "samples": []}
            """
        let header = try read(text, as: .json).header
        let frame = Located<JSONValue>(
            .array([
                Located(.number(0, literal: "0"), at: SourcePosition(line: 1, column: 49)),
                Located(.number(0, literal: "0"), at: SourcePosition(line: 1, column: 52)),
                Located(.number(390, literal: "390"), at: SourcePosition(line: 1, column: 55)),
                Located(.number(844, literal: "844"), at: SourcePosition(line: 1, column: 60)),
            ]), at: SourcePosition(line: 1, column: 48))
        let view = Located<JSONValue>(
            .object([
                JSONMember(
                    key: "name", keyPosition: SourcePosition(line: 1, column: 23),
                    value: Located(.string("root"), at: SourcePosition(line: 1, column: 31))),
                JSONMember(key: "frame", keyPosition: SourcePosition(line: 1, column: 39), value: frame),
            ]), at: SourcePosition(line: 1, column: 22))
        let scene = Located<JSONValue>(
            .object([
                JSONMember(
                    key: "views", keyPosition: SourcePosition(line: 1, column: 12),
                    value: Located(.array([view]), at: SourcePosition(line: 1, column: 21))),
                JSONMember(
                    key: "x-a", keyPosition: SourcePosition(line: 1, column: 68),
                    value: Located(.bool(true), at: SourcePosition(line: 1, column: 75))),
            ]), at: SourcePosition(line: 1, column: 11))
        #expect(header.scene == .inline(scene))
    }

    /// Members after `samples` are found by scanning ahead, from files (seekable) and pipes (spooled) alike,
    /// whether the header is asked for first, between samples or at the end.
    @Test(arguments: [true, false])
    func headerAfterTheSamples(seekable: Bool) throws {
        let text = """
            {"samples": [
              {"t": 0, "id": 1, "phase": "began", "x": 1, "y": 2, "x-s": "]}[{\\"é"},
              {"t": 1, "id": 1, "phase": "ended", "x": 1, "y": 2}
             ],
             "scene": "s.json", "gesturectl": 1, "screen": {"width": 320, "height": 480}}
            """
        let expected = TraceHeader(
            version: 1, screen: Size(width: 320, height: 480), scene: .path("s.json", SourcePosition(line: 5, column: 11)))
        let first = try read(text, as: .json, chunkSize: 16, seekable: seekable)
        #expect(first.header == expected)
        #expect(first.samples == [touch(0, 1, .began, 1, 2), touch(1, 1, .ended, 1, 2)])
        let last = try read(text, as: .json, chunkSize: 16, seekable: seekable, headerFirst: false)
        #expect(last == first)

        let reader = try TraceReader(
            source: MemorySource(Array(text.utf8), seekable: seekable), name: "a.json", encoding: .json, chunkSize: 8)
        #expect(try reader.next() == touch(0, 1, .began, 1, 2))
        #expect(try reader.header() == expected)
        #expect(try reader.next() == touch(1, 1, .ended, 1, 2))
        #expect(try reader.next() == nil)
        #expect(reader.lastSamplePosition == SourcePosition(line: 3, column: 3))
    }

    /// `headerBeforeSamples()` gives the members before the samples without scanning ahead; once the
    /// samples are read, `header()` has the members after them too, without scanning either.
    @Test func headerBeforeTheSamples() throws {
        let text = """
            {"screen": {"width": 320, "height": 480}, "samples": [
              {"t": 0, "id": 1, "phase": "began", "x": 1, "y": 2},
              {"t": 1, "id": 1, "phase": "ended", "x": 1, "y": 2}
             ],
             "scene": "s.json", "x-a": ["]"]}
            """
        let before = TraceHeader(screen: Size(width: 320, height: 480))
        let reader = try TraceReader(source: MemorySource(Array(text.utf8)), name: "a.json", encoding: .json, chunkSize: 8)
        let (header, complete) = try reader.headerBeforeSamples()
        #expect(header == before && !complete)
        #expect(try reader.readToEnd().count == 2)
        var whole = before
        whole.scene = .path("s.json", SourcePosition(line: 5, column: 11))
        #expect(try reader.header() == whole)

        // Incomplete for a document with samples, wherever they are; complete for a bare array, JSON Lines, CSV.
        for (text, encoding) in [
            (#"{"gesturectl": 1, "samples": [{"t": 0, "id": 1, "phase": "began", "x": 1, "y": 2}]}"#, TraceEncoding.json),
            (#"{"gesturectl": 1, "samples": []}"#, .json), ("[]", .json), (#"{"gesturectl": 1}"#, .jsonl), ("t,id,phase,x,y\n", .csv),
        ] {
            let reader = TraceReader(bytes: Array(text.utf8), name: "a", encoding: encoding)
            let (header, complete) = try reader.headerBeforeSamples()
            #expect(complete == (text.hasPrefix("[") || encoding != .json), "\(text)")
            if complete { #expect(try header == reader.header()) }
        }
        // An error in the members before the samples is header()'s, and the reader stays failed.
        let bad = #"{"screen": 3, "samples": []}"#
        let failed = TraceReader(bytes: Array(bad.utf8), name: "a.json", encoding: .json)
        #expect(throws: TraceError.self) { try failed.headerBeforeSamples() }
        do throws(TraceError) {
            _ = try failed.header()
            Issue.record("no error")
        } catch {
            #expect(error.description == firstError(bad, as: .json, name: "a.json"))
        }
    }

    /// Scanning ahead reports the first error after the samples, with its position.
    @Test func scanAheadReportsErrorsAfterTheSamples() {
        let text = "{\"samples\": [{\"t\": 0, \"x-é\": \"é\"}],\n \"screen\": {\"width\": -1, \"height\": 1}}"
        #expect(firstError(text, as: .json, name: "a.json") == #"a.json:2:22: error: "width" must be greater than 0, found -1"#)
        let unclosed = #"{"samples": [{"t": 0}, {"t": 1"#
        #expect(
            firstError(unclosed, as: .json, name: "a.json")
                == "a.json:1:31: error: expected ',' or '}' after object member, found end of file")
    }

    /// A rest small enough to be read ahead (its samples queued) and one too large (skipped and read
    /// again): the same samples and header, and an error after the samples before any sample's.
    @Test(arguments: [10, JSONTraceReader.readAheadLimit / 40])
    func scanAheadOverSmallAndLargeRests(count: Int) throws {
        let samples = (0..<count).map { i in
            #"{"t": \#(i), "id": 1, "phase": "\#(i == 0 ? "began" : i == count - 1 ? "ended" : "moved")", "x": 1, "y": 2}"#
        }
        let text = "{\"samples\": [\n" + samples.joined(separator: ",\n") + "\n], \"screen\": {\"width\": 320, \"height\": 480}}"
        #expect(text.utf8.count > 500 * count / 10)
        let result = try read(text, as: .json, chunkSize: 4096)
        #expect(result.header.screen == Size(width: 320, height: 480))
        #expect(result.samples.count == count)
        #expect(result.samples.last == touch(Double(count - 1), 1, .ended, 1, 2))
        #expect(result.lastSamplePosition == SourcePosition(line: count + 1, column: 1))
        let broken = text.replacing(#""t": 1,"#, with: #""t": ,"#).replacing(#""screen""#, with: #""sceen""#)
        #expect(firstError(broken, as: .json, name: "a.json") == "a.json:\(count + 2):4: error: unknown key \"sceen\" in trace document (did you mean \"screen\"? extension keys start with \"x-\")")
        // A sample's error is where it is, as when the header comes first (nothing to scan ahead for).
        let late = text.replacing(#""phase": "ended""#, with: #""phase": "began""#)
        let headerFirst = "{\"screen\": {\"width\": 320, \"height\": 480}, \"samples\": [\n" + samples.joined(separator: ",\n") + "\n]}"
        let error = firstError(late, as: .json, name: "a.json")
        #expect(error?.hasPrefix("a.json:\(count + 1):") == true)
        #expect(error == firstError(headerFirst.replacing(#""phase": "ended""#, with: #""phase": "began""#), as: .json, name: "a.json"))
    }

    @Test func acceptsCRLFAndAByteOrderMark() throws {
        let text = "\u{FEFF}{\"samples\": [\r\n{\"t\": 0, \"id\": 1, \"phase\": \"began\", \"x\": 1, \"y\": 2}\r\n]}\r\n"
        let result = try read(text, as: .json)
        #expect(result.samples == [touch(0, 1, .began, 1, 2)])
        #expect(result.lastSamplePosition == SourcePosition(line: 2, column: 1))
        #expect(
            firstError("\u{FEFF}{\"x\": 1}", as: .json, name: "a.json")
                == #"a.json:1:2: error: unknown key "x" in trace document (extension keys start with "x-")"#)
    }

    @Test func stringEscapesAndUnicodeIDs() throws {
        let text = #"[{"t": 0, "id": "\u00e9\ud83d\ude00\n\"\\\/", "phase": "began", "x": 1, "y": 2}]"#
        let result = try read(text, as: .json)
        #expect(result.samples == [.touch(0, id: .name("é😀\n\"\\/"), .began, x: 1, y: 2)])
    }

    @Test func errorsAreSticky() throws {
        let reader = TraceReader(bytes: Array(#"[{"t": "0"}]"#.utf8), name: "a.json", encoding: .json)
        #expect(throws: TraceError.self) { try reader.next() }
        let again = #expect(throws: TraceError.self) { try reader.next() }
        #expect(again?.description == #"a.json:1:8: error: "t" must be a number, found a string"#)
        #expect(again?.exitStatus == 65)
    }
}

extension JSONDocumentTests {
    static let sample = #"{"t":0,"id":1,"phase":"began","x":1,"y":2}"#

    /// Inputs with the first error each must report (file a.json).
    static let errorCases: [(input: String, expected: String)] = [
        ("x", "1:1: error: expected '{' or '[' at the start of a JSON trace, found 'x'"),
        (#"{"samples":[]} x"#, "1:16: error: unexpected 'x' after the end of the trace document"),
        ("{}", #"1:1: error: trace document is missing required key "samples""#),
        (#"{"samples":{}}"#, #"1:12: error: "samples" must be an array, found an object"#),
        (#"{"samples":[1]}"#, "1:13: error: expected a sample object, found 1"),
        ("[", "1:2: error: expected a sample object, found end of file"),
        ("{\"samples\":[\u{0}]}", "1:13: error: expected a sample object, found U+0000"),
        (#"{"samples":[\#(sample) {"t":1}]}"#, "1:56: error: expected ',' or ']' after sample, found '{'"),
        (#"{"samples":[\#(sample),]}"#, "1:56: error: expected a value after ',', found ']' (trailing commas are not allowed)"),
        (#"{"samples":[],}"#, "1:15: error: expected a string key after ',', found '}' (trailing commas are not allowed)"),
        (#"{"samples":[{"t":0,}]}"#, "1:20: error: expected a string key after ',', found '}' (trailing commas are not allowed)"),
        (#"{"samples":[{"t" 0}]}"#, #"1:18: error: expected ':' after key "t", found '0'"#),
        (#"{"samples":[{"t":0 "id":1}]}"#, #"1:20: error: expected ',' or '}' after object member, found '"'"#),
        (#"{"samples":[{t:0}]}"#, "1:14: error: expected a string key or '}', found 't'"),
        (#"{"samples":[{"t":0"#, "1:19: error: expected ',' or '}' after object member, found end of file"),
        // numbers
        (#"{"samples":[{"t":01}]}"#, "1:18: error: invalid number '01': leading zeros are not allowed"),
        (#"{"samples":[{"t":+1}]}"#, "1:18: error: invalid number '+1': a number cannot start with '+'"),
        (#"{"samples":[{"t":.5}]}"#, "1:18: error: invalid number '.5': a number cannot start with '.'"),
        (#"{"samples":[{"t":1.}]}"#, "1:18: error: invalid number '1.': expected a digit after '.'"),
        (#"{"samples":[{"t":1e}]}"#, "1:18: error: invalid number '1e': expected a digit in the exponent"),
        (#"{"samples":[{"t":-}]}"#, "1:18: error: invalid number '-': expected a digit after '-'"),
        (#"{"samples":[{"t":1.5.3}]}"#, "1:18: error: invalid number '1.5.3': unexpected '.'"),
        (#"{"samples":[{"t":NaN}]}"#, "1:18: error: NaN is not allowed (numbers must be finite)"),
        (#"{"samples":[{"t":Infinity}]}"#, "1:18: error: Infinity is not allowed (numbers must be finite)"),
        (#"{"samples":[{"t":-Infinity}]}"#, "1:18: error: -Infinity is not allowed (numbers must be finite)"),
        (#"{"samples":[{"t":1e999}]}"#, "1:18: error: number 1e999 is out of range (numbers must be finite)"),
        (#"{"samples":[{"t":-1e999}]}"#, "1:18: error: number -1e999 is out of range (numbers must be finite)"),
        (#"{"samples":[{"t":0,"x-a":[1,{"b":1e400}]}]}"#, "1:34: error: number 1e400 is out of range (numbers must be finite)"),
        (#"{"x-a":1e999,"samples":[]}"#, "1:8: error: number 1e999 is out of range (numbers must be finite)"),
        (#"{"samples":[{"t":tru}]}"#, "1:18: error: invalid literal 'tru' (expected true, false or null)"),
        (#"{"samples":[{"t":0,"phase":began}]}"#, "1:28: error: expected a value, found 'began' (strings are written in double quotes)"),
        // strings
        (#"{"samples":[{"t":0,"phase":"bega"#, #"1:28: error: unterminated string (missing closing '"')"#),
        ("{\"samples\":[{\"t\":0,\"phase\":\"a\nb\"}]}", #"1:28: error: unterminated string (line break before the closing '"')"#),
        ("{\"samples\":[{\"t\":0,\"phase\":\"be\u{1}gan\"}]}", #"1:31: error: control character U+0001 in string (write it as \u0001)"#),
        (#"{"samples":[{"t":0,"phase":"\q"}]}"#, #"1:29: error: invalid escape '\q' in string"#),
        (#"{"samples":[{"t":0,"phase":"\u12"}]}"#, #"1:29: error: invalid \u escape in string (expected 4 hexadecimal digits)"#),
        (#"{"samples":[{"t":0,"phase":"\uD800"}]}"#, #"1:29: error: unpaired surrogate \uD800 in string"#),
        (#"{"samples":[{"t":0,"phase":"\uDC00"}]}"#, #"1:29: error: unpaired surrogate \uDC00 in string"#),
        (#"{"samples":[{"t":0,"é":1}]}"#, #"1:20: error: unknown key "é" in sample (extension keys start with "x-")"#),
        (#"{"samples":[{"t":0,"x-é":"😀", "foo":2}]}"#, #"1:31: error: unknown key "foo" in sample (extension keys start with "x-")"#),
        // header
        (#"{"gesturectl":2,"samples":[]}"#, #"1:15: error: unsupported "gesturectl" version 2 (this gesturectl reads version 1)"#),
        (#"{"gesturectl":"1","samples":[]}"#, #"1:15: error: "gesturectl" must be a number, found a string"#),
        (#"{"screen":[390,844],"samples":[]}"#, #"1:11: error: "screen" must be an object like {"width": 390, "height": 844}, found an array"#),
        (#"{"screen":{"width":390},"samples":[]}"#, #"1:11: error: "screen" is missing required key "height""#),
        (#"{"screen":{"width":0,"height":1},"samples":[]}"#, #"1:20: error: "width" must be greater than 0, found 0"#),
        (#"{"screen":{"width":1,"height":1,"depth":3},"samples":[]}"#, #"1:33: error: unknown key "depth" in "screen" (expected "width" and "height")"#),
        (#"{"screen":{"width":1,"width":1},"samples":[]}"#, #"1:22: error: duplicate key "width" in "screen""#),
        (#"{"scene":3,"samples":[]}"#, #"1:10: error: "scene" must be an object (an inline scene) or a string (a path), found 3"#),
        (#"{"scene":"","samples":[]}"#, #"1:10: error: "scene" must not be an empty path"#),
        (#"{"scene":{"a":1,"a":2},"samples":[]}"#, #"1:17: error: duplicate key "a" in object"#),
        (#"{"samples":[],"samples":[]}"#, #"1:15: error: duplicate key "samples" in trace document"#),
        (#"{"foo":1,"samples":[]}"#, #"1:2: error: unknown key "foo" in trace document (extension keys start with "x-")"#),
        (#"{"samples":[],"foo":1}"#, #"1:15: error: unknown key "foo" in trace document (extension keys start with "x-")"#),
        (#"{"screen":{"width":1,"height":1},"samples":[],"screen":{"width":1,"height":1}}"#, #"1:47: error: duplicate key "screen" in trace document"#),
        // sample keys and values
        (#"{"samples":[{"t":0,"foo":1}]}"#, #"1:20: error: unknown key "foo" in sample (extension keys start with "x-")"#),
        (#"{"samples":[{"t":0,"t":1}]}"#, #"1:20: error: duplicate key "t" in sample"#),
        (#"{"samples":[{"t":"0"}]}"#, #"1:18: error: "t" must be a number, found a string"#),
        (#"{"samples":[{"t":0,"x":true}]}"#, #"1:24: error: "x" must be a number, found true"#),
        (#"{"samples":[{"t":0,"y":null}]}"#, #"1:24: error: "y" must be a number, found null"#),
        (#"{"samples":[{"t":0,"id":1.5}]}"#, #"1:25: error: "id" must be an integer or a string, found 1.5"#),
        (#"{"samples":[{"t":0,"id":true}]}"#, #"1:25: error: "id" must be an integer or a string, found true"#),
        (#"{"samples":[{"t":0,"id":1e3}]}"#, #"1:25: error: "id" must be an integer or a string, found 1e3"#),
        (#"{"samples":[{"t":0,"id":[1]}]}"#, #"1:25: error: "id" must be an integer or a string, found an array"#),
        (#"{"samples":[{"t":0,"id":99999999999999999999}]}"#, "1:25: error: touch id 99999999999999999999 is out of range"),
        (#"{"samples":[{"t":0,"phase":3}]}"#, #"1:28: error: "phase" must be a string, found 3"#),
        (#"{"samples":[{"t":0,"phase":"go"}]}"#, #"1:28: error: unknown phase "go" (expected "began", "moved", "stationary", "ended" or "cancelled")"#),
        (#"{"samples":[{"t":0,"type":"pen"}]}"#, #"1:27: error: unknown type "pen" (expected "touch", "motion", "remoteControl" or "application")"#),
        (#"{"samples":[{"t":0,"subtype":{}}]}"#, #"1:30: error: "subtype" must be a string, found an object"#),
        (#"{"samples":[{"t":0,"force":-1}]}"#, #"1:28: error: "force" must be >= 0, found -1"#),
        (#"{"samples":[{"t":0,"radius":-0.5}]}"#, #"1:29: error: "radius" must be >= 0, found -0.5"#),
        // required and forbidden keys
        (#"{"samples":[{"id":1}]}"#, #"1:13: error: sample is missing required key "t""#),
        (#"{"samples":[{"t":0,"phase":"began","x":1,"y":2}]}"#, #"1:13: error: touch sample is missing required key "id""#),
        (#"{"samples":[{"t":0,"id":1,"x":1,"y":2}]}"#, #"1:13: error: touch sample is missing required key "phase""#),
        (#"{"samples":[{"t":0,"id":1,"phase":"began","y":2}]}"#, #"1:13: error: touch sample is missing required key "x""#),
        (#"{"samples":[{"t":0,"id":1,"phase":"began","x":2}]}"#, #"1:13: error: touch sample is missing required key "y""#),
        (#"{"samples":[{"t":0,"type":"motion","phase":"began"}]}"#, #"1:13: error: motion sample is missing required key "subtype""#),
        (#"{"samples":[{"t":0,"type":"motion","subtype":"shake"}]}"#, #"1:13: error: motion sample is missing required key "phase""#),
        (#"{"samples":[{"t":0,"type":"remoteControl"}]}"#, #"1:13: error: remoteControl sample is missing required key "subtype""#),
        (#"{"samples":[{"t":0,"type":"application"}]}"#, #"1:13: error: application sample is missing required key "subtype""#),
        (#"{"samples":[{"t":0,"type":"motion","phase":"began","subtype":"shake","id":1}]}"#, #"1:70: error: "id" is not allowed in a motion sample"#),
        (#"{"samples":[{"t":0,"type":"motion","phase":"began","subtype":"shake","force":1}]}"#, #"1:70: error: "force" is not allowed in a motion sample"#),
        (#"{"samples":[{"t":0,"type":"remoteControl","subtype":"play","phase":"began"}]}"#, #"1:60: error: "phase" is not allowed in a remoteControl sample"#),
        (#"{"samples":[{"t":0,"type":"application","subtype":"beginIgnoringInteractionEvents","x":1}]}"#, #"1:84: error: "x" is not allowed in an application sample"#),
        (#"{"samples":[{"t":0,"id":1,"phase":"began","x":1,"y":2,"subtype":"shake"}]}"#, #"1:55: error: "subtype" is not allowed in a touch sample"#),
        // vocabulary that depends on the type
        (#"{"samples":[{"t":0,"type":"motion","phase":"moved","subtype":"shake"}]}"#, #"1:44: error: "moved" is not a motion phase (expected "began", "ended" or "cancelled")"#),
        (#"{"samples":[{"t":0,"type":"motion","phase":"began","subtype":"wiggle"}]}"#, #"1:62: error: unknown motion subtype "wiggle" (expected "shake")"#),
        (#"{"samples":[{"t":0,"type":"remoteControl","subtype":"shake"}]}"#,
         #"1:53: error: unknown remoteControl subtype "shake" (expected "play", "pause", "stop", "togglePlayPause", "nextTrack", "previousTrack", "beginSeekingBackward", "endSeekingBackward", "beginSeekingForward" or "endSeekingForward")"#),
        (#"{"samples":[{"t":0,"type":"application","subtype":"play"}]}"#,
         #"1:51: error: unknown application subtype "play" (expected "beginIgnoringInteractionEvents" or "endIgnoringInteractionEvents")"#),
        // the trace so far
        (#"{"samples":[{"t":0.016,"id":1,"phase":"began","x":1,"y":2},{"t":0.008,"id":1,"phase":"moved","x":1,"y":2}]}"#,
         #"1:65: error: "t" is 0.008, smaller than the previous sample's 0.016"#),
        (#"{"samples":[{"t":0,"id":1,"phase":"moved","x":1,"y":2}]}"#, #"1:25: error: touch 1 "moved" but it is not down"#),
        (#"{"samples":[{"t":0,"id":1,"phase":"stationary","x":1,"y":2}]}"#, #"1:25: error: touch 1 "stationary" but it is not down"#),
        (#"{"samples":[{"t":0,"id":"thumb","phase":"ended","x":1,"y":2}]}"#, #"1:25: error: touch "thumb" "ended" but it is not down"#),
        (#"{"samples":[{"t":0,"id":-3,"phase":"cancelled","x":1,"y":2}]}"#, #"1:25: error: touch -3 "cancelled" but it is not down"#),
        (#"{"samples":[\#(sample),{"t":1,"id":1,"phase":"began","x":1,"y":2}]}"#, #"1:68: error: touch 1 "began" but it is already down"#),
        (#"{"samples":[\#(sample),{"t":0,"id":1,"phase":"moved","x":1,"y":2}]}"#, "1:68: error: touch 1 appears twice in the event at t=0"),
        (#"{"samples":[\#(sample),{"t":1,"id":1,"phase":"ended","x":1,"y":2},{"t":1,"id":1,"phase":"began","x":1,"y":2}]}"#,
         "1:111: error: touch 1 appears twice in the event at t=1"),
        ("{\"samples\":[\n  \(sample),\r\n  {\"t\":0,\"id\":1,\"phase\":\"moved\",\"x\":1,\"y\":2}\r\n]}",
         "3:15: error: touch 1 appears twice in the event at t=0"),
        // deep nesting in extension data
        (#"{"samples":[{"t":0,"x-a":"# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}]}",
         "1:538: error: nesting deeper than 512 levels"),
    ]

    @Test(arguments: errorCases)
    func reportsErrors(input: String, expected: String) {
        #expect(firstError(input, as: .json, name: "a.json") == "a.json:" + expected)
    }
}
