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
