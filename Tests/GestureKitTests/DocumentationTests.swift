import Foundation
import GestureKit
import Testing

/// The user documentation keeps up with the code.
@Suite struct DocumentationTests {}

extension DocumentationTests {
    @Test func everyThresholdIsDocumentedWithItsDefault() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/recognizers.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let defaults = Thresholds()
        for name in Thresholds.names {
            let value = try #require(defaults[name])
            let shown = value == value.rounded() ? String(Int(value)) : String(value)
            #expect(text.contains("| `\(name)` | \(shown) |"), "docs/recognizers.md lacks \(name) = \(shown)")
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

extension DocumentationTests {
    @Test func everyViewThresholdIsDocumentedWithItsDefault() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/controls-and-scrolling.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let defaults = ViewThresholds()
        for name in ViewThresholds.names {
            let value = try #require(defaults[name])
            let shown = value == value.rounded() ? String(Int(value)) : String(value)
            #expect(text.contains("| `\(name)` | \(shown) |"), "docs/controls-and-scrolling.md lacks \(name) = \(shown)")
        }
    }
}
