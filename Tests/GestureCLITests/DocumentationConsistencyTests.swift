import Foundation
import Testing

@testable import GestureCLI

/// The user documentation names only what exists: repository paths and Swift files, links between
/// pages, and the options of each `gesturectl` command in its examples.
@Suite struct DocumentationConsistencyTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// README.md and every page of docs/, with their names relative to the root.
    static func pages() throws -> [(name: String, text: String)] {
        let docs = root.appendingPathComponent("docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
        var pages = [(name: "README.md", text: try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8))]
        for name in names {
            pages.append((name: "docs/" + name, text: try String(contentsOf: docs.appendingPathComponent(name), encoding: .utf8)))
        }
        return pages
    }

    /// Every file of the repository below `folder`, as paths relative to the root.
    static func files(under folder: String) -> [String] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return walker.compactMap { ($0 as? String).map { folder + "/" + $0 } }
    }

    /// The backticked spans of a page, as written.
    static func codeSpans(_ text: String) -> [String] {
        var spans: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "`") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "`") else { break }
            spans.append(String(after[..<close]))
            rest = after[after.index(after: close)...]
        }
        return spans
    }

    @Test func repositoryPathsNamedInTheDocsExist() throws {
        let prefixes = ["Sources/", "Tests/", "scripts/", "Fuzz/", "docs/", "Examples/", "traces/"]
        for page in try Self.pages() {
            // Placeholders (`<Name>`) and what make fuzz creates (Fuzz/Artifacts, Fuzz/Corpus) are not files to find.
            for span in Self.codeSpans(page.text)
            where prefixes.contains(where: span.hasPrefix) && !span.contains("<") && !span.hasPrefix("Fuzz/Artifacts")
                && !span.hasPrefix("Fuzz/Corpus")
            {
                let path = String(span.prefix { !" *:?".contains($0) })
                guard !path.hasSuffix("/") || path.count > 8 else { continue }
                let exists = FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path)
                #expect(exists, "\(page.name) names `\(span)`, which does not exist")
            }
        }
    }

    @Test func swiftFilesNamedInTheDocsExist() throws {
        let swiftFiles = (Self.files(under: "Sources") + Self.files(under: "Tests") + Self.files(under: "Fuzz") + Self.files(under: "Examples"))
            .filter { $0.hasSuffix(".swift") }
        for page in try Self.pages() {
            for span in Self.codeSpans(page.text) where span.hasSuffix(".swift") && !span.contains(" ") && !span.contains("<") {
                let found = swiftFiles.contains { $0 == span || $0.hasSuffix("/" + span) }
                #expect(found, "\(page.name) names `\(span)`, which is no Swift file of the repository")
            }
        }
    }

    /// Every name declared in the Swift files below `folders` (types, functions, cases, properties),
    /// and the files' own names without `.swift`.
    static func declaredNames(in folders: [String]) throws -> Set<String> {
        let pattern = try NSRegularExpression(pattern: "\\b(?:class|struct|enum|protocol|func|case|var|let|extension)\\s+(\\w+)")
        var names: Set<String> = []
        for file in folders.flatMap(files(under:)) where file.hasSuffix(".swift") {
            names.insert(String(file.split(separator: "/").last?.dropLast(6) ?? ""))
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            let range = NSRange(text.startIndex..., in: text)
            for match in pattern.matches(in: text, range: range) {
                if let name = Range(match.range(at: 1), in: text) { names.insert(String(text[name])) }
            }
        }
        return names
    }

    /// The pages that describe the code name its types, functions and files: each such name exists.
    @Test(arguments: ["docs/architecture.md", "docs/performance.md"])
    func namesInTheCodeMapsAreDeclared(page: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
        let declared = try Self.declaredNames(in: ["Sources", "Tests"])
        for span in Self.codeSpans(text) {
            // A Swift identifier of several letters starting with a capital (`TraceReader`) or a call (`readToEnd()`).
            let name = span.hasSuffix("()") ? String(span.dropLast(2)) : span
            guard name.count > 3, name.allSatisfy({ $0.isLetter || $0.isNumber }), name.first?.isLetter == true,
                span.hasSuffix("()") || (name.first?.isUppercase == true && name.contains(where: \.isLowercase))
            else { continue }
            #expect(declared.contains(name), "\(page) names `\(span)`, which nothing in Sources or Tests declares")
        }
    }

    @Test func linksBetweenPagesResolve() throws {
        for page in try Self.pages() {
            let directory = (page.name as NSString).deletingLastPathComponent
            var rest = Substring(page.text)
            while let start = rest.range(of: "](") {
                let after = rest[start.upperBound...]
                guard let end = after.firstIndex(of: ")") else { break }
                let target = String(after[..<end].prefix { $0 != "#" })
                rest = after[end...]
                guard !target.isEmpty, !target.contains("://"), !target.hasPrefix("mailto:") else { continue }
                let path = directory.isEmpty ? target : directory + "/" + target
                let exists = FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path)
                #expect(exists, "\(page.name) links to \(target), which does not exist")
            }
        }
    }

    /// In the docs' code blocks, every `--option` after `gesturectl COMMAND` is one of that command's.
    @Test func optionsInExamplesBelongToTheirCommand() throws {
        let commands = CommandLineTool.commands
        var checked = 0
        for page in try Self.pages() {
            var inBlock = false
            let lines = page.text.split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() {
                if line.hasPrefix("```") { inBlock.toggle(); continue }
                guard inBlock else { continue }
                // An example of a typo shows the error it gets on the next lines.
                let shown = lines[(number + 1)..<min(lines.count, number + 4)]
                if shown.contains(where: { $0.contains("unknown option") }) { continue }
                let words = line.split(separator: " ").map(String.init)
                guard let at = words.firstIndex(where: { $0 == "gesturectl" }), at + 1 < words.count,
                    let command = commands.first(where: { $0.name == words[at + 1] })
                else { continue }
                let known = Set(command.options.options.map(\.spelling))
                for word in words[(at + 2)...] {
                    if ["|", ">", "<", "&&", ";", "#", "\\"].contains(word) || word.hasPrefix("#") { break }
                    guard word.hasPrefix("--") else { continue }
                    let option = String(word.prefix { $0 != "=" })
                    #expect(known.contains(option), "\(page.name): `\(line)` uses \(option), which `gesturectl \(command.name)` does not have")
                    checked += 1
                }
            }
        }
        #expect(checked > 20, "found only \(checked) options in the docs' examples")
    }
}
