import Testing
@testable import GestureTrace

@Suite struct JSONParserTests {
    @Test func parsesWithPositions() throws {
        let text = "\u{FEFF}{\"a\": [1, -2.5e1, \"é\\n\"],\r\n \"b\": {\"x-c\": null, \"d\": false}, \"e\": true}\n"
        let value = try parseJSON(bytes: Array(text.utf8), file: "s.json")
        let expected = Located<JSONValue>(
            .object([
                JSONMember(
                    key: "a", keyPosition: SourcePosition(line: 1, column: 2),
                    value: Located(
                        .array([
                            Located(.number(1, literal: "1"), at: SourcePosition(line: 1, column: 8)),
                            Located(.number(-25, literal: "-2.5e1"), at: SourcePosition(line: 1, column: 11)),
                            Located(.string("é\n"), at: SourcePosition(line: 1, column: 19)),
                        ]), at: SourcePosition(line: 1, column: 7))),
                JSONMember(
                    key: "b", keyPosition: SourcePosition(line: 2, column: 2),
                    value: Located(
                        .object([
                            JSONMember(
                                key: "x-c", keyPosition: SourcePosition(line: 2, column: 8),
                                value: Located(.null, at: SourcePosition(line: 2, column: 15))),
                            JSONMember(
                                key: "d", keyPosition: SourcePosition(line: 2, column: 21),
                                value: Located(.bool(false), at: SourcePosition(line: 2, column: 26))),
                        ]), at: SourcePosition(line: 2, column: 7))),
                JSONMember(
                    key: "e", keyPosition: SourcePosition(line: 2, column: 34),
                    value: Located(.bool(true), at: SourcePosition(line: 2, column: 39))),
            ]), at: SourcePosition(line: 1, column: 1))
        #expect(value == expected)
        #expect(value.value.member("e")?.value.value == .bool(true))
        #expect(value.value.member("z") == nil)
        #expect(value.value.typeDescription == "an object")
    }

    @Test func parsesScalarsAndEmptyContainers() throws {
        #expect(try parseJSON(bytes: Array(" 12 ".utf8), file: "f").value == .number(12, literal: "12"))
        #expect(try parseJSON(bytes: Array("[]".utf8), file: "f").value == .array([]))
        #expect(try parseJSON(bytes: Array("{}".utf8), file: "f").value == .object([]))
        #expect(try parseJSON(bytes: Array("\"\"".utf8), file: "f").value == .string(""))
    }

    @Test func nestingIsLimitedTo512Levels() throws {
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try parseJSON(bytes: Array(deepest.utf8), file: "f") }
        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(throws: TraceError.invalid(Diagnostic(
            file: "f", position: SourcePosition(line: 1, column: 513), severity: .error,
            message: "nesting deeper than 512 levels"))) { try parseJSON(bytes: Array(tooDeep.utf8), file: "f") }
        let hostile = String(repeating: "{\"a\":", count: 100_000)
        #expect(throws: TraceError.self) { try parseJSON(bytes: Array(hostile.utf8), file: "f") }
    }

    @Test(arguments: [
        ("", "f:1:1: error: expected a value, found end of file"),
        ("{\"a\": 1, \"a\": 2}", #"f:1:10: error: duplicate key "a" in object"#),
        ("[1] 2", "f:1:5: error: unexpected '2' after the end of the JSON value"),
        ("[1,]", "f:1:4: error: expected a value after ',', found ']' (trailing commas are not allowed)"),
        ("{\"a\" 1}", #"f:1:6: error: expected ':' after key "a", found '1'"#),
        ("[NaN]", "f:1:2: error: NaN is not allowed (numbers must be finite)"),
        ("[1e400]", "f:1:2: error: number 1e400 is out of range (numbers must be finite)"),
        ("\n\n  [nul]", "f:3:4: error: invalid literal 'nul' (expected true, false or null)"),
    ])
    func reportsErrors(text: String, expected: String) {
        #expect(throws: (any Error).self) { try parseJSON(bytes: Array(text.utf8), file: "f") }
        do {
            _ = try parseJSON(bytes: Array(text.utf8), file: "f")
        } catch {
            #expect(error.description == expected)
        }
    }
}
