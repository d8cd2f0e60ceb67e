import Testing

@testable import GestureCLI

@Suite struct JSONWriterTests {}

extension JSONWriterTests {
    @Test func compactNesting() {
        var json = JSONWriter()
        json.beginObject()
        json.key("a")
        json.beginArray()
        json.integer(1)
        json.number(0.1 + 0.2)
        json.bool(false)
        json.beginObject()
        json.endObject()
        json.endArray()
        json.key("b")
        json.strings([])
        json.endObject()
        #expect(json.text == #"{"a":[1,0.3,false,{}],"b":[]}"#)
    }

    @Test func escapesStrings() {
        var text = ""
        JSONWriter.appendQuoted("a\"b\\c\n\r\t\u{08}\u{0C}\u{00}\u{1B}\u{1F} é 👍 \u{7F}", to: &text)
        #expect(text == #""a\"b\\c\n\r\t\b\f\u0000\u001b\u001f é 👍 \#u{7F}""#)
    }

    @Test func prettyWithInlineContainers() {
        var json = JSONWriter(pretty: true)
        json.beginObject()
        json.key("views")
        json.beginArray()
        json.beginObject(inline: true)
        json.key("frame")
        json.beginArray()
        json.integer(0)
        json.integer(1)
        json.endArray()
        json.endObject()
        json.endArray()
        json.key("empty")
        json.beginArray()
        json.endArray()
        json.endObject()
        #expect(
            json.text == """
                {
                  "views": [
                    {"frame": [0, 1]}
                  ],
                  "empty": []
                }
                """)
    }
}
