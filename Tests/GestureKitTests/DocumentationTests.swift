import Foundation
import GestureKit
import Testing

/// The user documentation keeps up with the code.
@Suite struct DocumentationTests {}

extension DocumentationTests {
    @Test func everyThresholdIsDocumentedWithItsDefault() throws {
        let defaults = Thresholds()
        try expectDocumented(Thresholds.names, in: "docs/recognizers.md") { defaults[$0] }
    }

    @Test func everyViewThresholdIsDocumentedWithItsDefault() throws {
        let defaults = ViewThresholds()
        try expectDocumented(ViewThresholds.names, in: "docs/controls-and-scrolling.md") { defaults[$0] }
    }

    /// Each name appears in a table row of the page as `| `name` | default |`.
    private func expectDocumented(_ names: [String], in page: String, default value: (String) -> Double?) throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(page)
        let text = try String(contentsOf: docs, encoding: .utf8)
        for name in names {
            let value = try #require(value(name))
            let shown = value == value.rounded() ? String(Int(value)) : String(value)
            #expect(text.contains("| `\(name)` | \(shown) |"), "\(page) lacks \(name) = \(shown)")
        }
    }
}

extension DocumentationTests {
    /// The Swift example in the doc comment of `GestureRecognizer` is the class that
    /// DocCommentExampleTests compiles and runs, character for character.
    @Test func theGestureRecognizerDocCommentExampleIsTested() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let source = try String(contentsOf: root.appendingPathComponent("Sources/GestureKit/Recognizers/GestureRecognizer.swift"), encoding: .utf8)
        let tests = try String(contentsOf: root.appendingPathComponent("Tests/GestureKitTests/DocCommentExampleTests.swift"), encoding: .utf8)
        var example: [String] = []
        var inside = false
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix("///") else { if inside { break } else { continue } }
            let content = text == "///" ? "" : String(text.dropFirst(4))
            if content == "```swift" { inside = true; continue }
            if inside && content == "```" { break }
            if inside { example.append(content) }
        }
        let code = example.joined(separator: "\n")
        #expect(code.contains("final class TwoFingerTap"), "no Swift example found in GestureRecognizer's doc comment")
        #expect(tests.contains(code), "Tests/GestureKitTests/DocCommentExampleTests.swift no longer holds the doc comment's example")
    }
}

