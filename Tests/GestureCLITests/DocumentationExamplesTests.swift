import Foundation
import Testing

@testable import GestureCLI

/// The outputs the documentation quotes are what the binary prints: every `$ gesturectl …` line of a
/// fenced block is run in process, and each line quoted under it must be a line of its output
/// (standard output or standard error). A quoted line may leave out a span with `…`; the span must
/// not begin with a space, so column widths are quoted as printed. A line that is only `…` stands
/// for left-out lines.
@Suite struct DocumentationExamplesTests {
    /// One quoted command and the lines quoted as its output.
    struct Example: Sendable, CustomStringConvertible {
        var page: String
        var line: Int
        var arguments: [String]
        var quoted: [(line: Int, text: String)]

        var description: String { "\(page):\(line): gesturectl \(arguments.joined(separator: " "))" }
    }

    /// The pages whose examples are checked, and the folder their commands run from. docs/ci.md is
    /// left out: it shows a made-up mismatch. Commands that check the whole corpus (`check … traces`)
    /// are left to `make test`, which runs it.
    static let pages: [(name: String, folder: String)] = [
        ("docs/conflicts.md", "traces/conflicts"),
        ("docs/margins.md", ""),
        ("docs/recordings.md", ""),
        ("docs/cli.md", ""),
        ("README.md", ""),
    ]

    /// The `$ gesturectl` commands in the fenced blocks of a page, with the lines quoted under each.
    static func examples(page: String, text: String) -> [Example] {
        var examples: [Example] = []
        var inBlock = false
        var current: Example?
        func finish() {
            if let example = current { examples.append(example) }
            current = nil
        }
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") {
                finish()
                inBlock.toggle()
                continue
            }
            guard inBlock else { continue }
            if line.hasPrefix("$ gesturectl ") {
                finish()
                var command = line.dropFirst("$ gesturectl ".count)
                if command.hasSuffix(" | cat") { command = command.dropLast(" | cat".count) }
                let arguments = command.split(separator: " ").map(String.init)
                current = Example(page: page, line: index + 1, arguments: arguments, quoted: [])
            } else if line.hasPrefix("$ ") {
                finish()
            } else if line != "…" {
                current?.quoted.append((line: index + 1, text: String(line)))
            }
        }
        finish()
        return examples.filter { $0.arguments.first != "check" }
    }

    /// Whether `line` is `quoted`, where each `…` of `quoted` stands for a non-empty span that does
    /// not begin with a space.
    static func matches(_ line: Substring, _ quoted: [Substring]) -> Bool {
        guard let first = quoted.first else { return line.isEmpty }
        guard line.hasPrefix(first) else { return false }
        let rest = line.dropFirst(first.count)
        let after = quoted.dropFirst()
        if after.isEmpty { return rest.isEmpty }
        // `rest` begins with the left-out span; try every end for it.
        guard let head = rest.first, head != " " else { return false }
        var end = rest.index(after: rest.startIndex)
        while true {
            if matches(rest[end...], Array(after)) { return true }
            if end == rest.endIndex { return false }
            end = rest.index(after: end)
        }
    }

    static let allExamples: [Example] = {
        pages.flatMap { page in
            let url = DocumentationConsistencyTests.root.appendingPathComponent(page.name)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [Example]() }
            return examples(page: page.name, text: text)
        }
    }()

    @Test func theCookbookQuotesEveryPatternsCommands() {
        let cookbook = Self.allExamples.filter { $0.page == "docs/conflicts.md" }
        #expect(cookbook.count >= 17)
        for example in cookbook { #expect(!example.quoted.isEmpty, "\(example) quotes no output") }
    }

    /// An unclosed fence (a merge leftover hid docs/cli.md's examples this way) turns examples into
    /// prose, where they are not checked.
    @Test(arguments: pages.map(\.name))
    func everyFenceIsClosed(_ page: String) throws {
        let text = try String(contentsOf: DocumentationConsistencyTests.root.appendingPathComponent(page), encoding: .utf8)
        let fences = text.split(separator: "\n").filter { $0.hasPrefix("```") }
        #expect(fences.count.isMultiple(of: 2), "\(page) has \(fences.count) fence lines")
    }

    @Test(arguments: allExamples)
    func quotedOutputIsWhatTheCommandPrints(_ example: Example) {
        let folder = Self.pages.first { $0.name == example.page }?.folder ?? ""
        let base = DocumentationConsistencyTests.root.appendingPathComponent(folder).standardizedFileURL.path
        // Paths in the command are relative to `folder`; the output names them as the doc does.
        let arguments = example.arguments.map { argument in
            let path = base + "/" + argument
            return !argument.hasPrefix("-") && FileManager.default.fileExists(atPath: path) ? path : argument
        }
        let result = runInProcess(arguments)
        let printed = (result.stdout + result.stderr).replacingOccurrences(of: base + "/", with: "")
        let lines = printed.split(separator: "\n", omittingEmptySubsequences: false)
        for quoted in example.quoted {
            let parts = quoted.text.split(separator: "…", omittingEmptySubsequences: false)
            #expect(
                lines.contains { Self.matches($0, parts) },
                "\(example.page):\(quoted.line) is not printed by gesturectl \(example.arguments.joined(separator: " ")):\n\(quoted.text)\n--- printed\n\(printed)"
            )
        }
    }
}
