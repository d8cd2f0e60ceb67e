import Foundation
import GestureKit
import GestureTrace
import Testing

@testable import GestureCLI

/// `analyze` of a big JSON document starts its replay with the header that the members before the
/// samples give (``TraceAnalysis/openAhead(path:settings:resolver:)``), without first skipping the
/// samples to read the members after them; the first pass reads those and checks the header. A
/// document that is bad, or whose members after the samples change the header, is opened again as
/// before: the bytes, the messages and the exit status are always those of the passes one after the
/// other.
@Suite struct JSONDocumentAheadTests {
    /// The big trace of ``OverlappedPassesTests`` as a JSON document (over 1 MiB).
    static func document(_ fixtures: Fixtures) throws -> String {
        let path = try #require(OverlappedPassesTests.bigTraces(fixtures)["json"])
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    /// `document` with `after` (text such as `"x-a": 1`) as members after its samples array.
    static func with(_ document: String, after: String) throws -> String {
        var text = document
        let close = try #require(text.range(of: "]", options: .backwards))
        text.replaceSubrange(close.lowerBound..., with: "],\n  " + after + "\n}\n")
        return text
    }

    /// `text` written as `name`, its path.
    static func write(_ fixtures: Fixtures, _ name: String, _ text: String) throws -> String {
        try fixtures.write(name, text)
        return fixtures.path(name)
    }

    /// `analyze --format FORMAT PATH` (one trace: the passes overlap, the document opened ahead).
    static func analyze(_ path: String, format: String, _ options: [String] = []) -> RunResult {
        runInProcess(["analyze", "--format", format] + options + [path])
    }

    /// Whether `analyze` opens `path` ahead.
    static func opensAhead(_ path: String) throws -> Bool {
        let settings = try AnalyzeSettings(ParsedArguments(values: [:], operands: [path]), terminal: false)
        return TraceAnalysis.openAhead(path: path, settings: settings, resolver: try SceneResolver(sceneFile: nil)) != nil
    }

    /// Each of `paths` gives, in every format, what the passes one after the other give.
    static func expectSequential(_ paths: [String], formats: [String] = ["jsonl", "json", "text"]) throws {
        for path in paths {
            for format in formats {
                let ahead = analyze(path, format: format)
                let expected = try OverlappedPassesTests.sequential(path, format: format)
                #expect(ahead == expected, "\(path) → \(format): \(ahead.stderr) against \(expected.stderr)")
            }
        }
    }

    @Test func aDocumentWithItsHeaderBeforeTheSamplesIsOpenedAhead() throws {
        let fixtures = try Fixtures()
        let path = try Self.write(fixtures, "doc.json", Self.document(fixtures))
        #expect(try Self.opensAhead(path))
        try Self.expectSequential([path], formats: ["jsonl", "json", "csv", "text", "trace-event"])
        #expect(Self.analyze(path, format: "jsonl").stdout.utf8.count > 200_000)
        // JSON Lines and CSV have their header first; small documents are read ahead whole.
        let others = try OverlappedPassesTests.bigTraces(fixtures)
        #expect(try !Self.opensAhead(#require(others["jsonl"])) && !Self.opensAhead(#require(others["csv"])))
        let small = try Self.write(fixtures, "small.json", #"{"gesturectl": 1, "samples": [], "x-a": 1}"#)
        #expect(try !Self.opensAhead(small))
    }

    /// Members after the samples that leave the header as it was: brackets, quotes, backslashes
    /// and line breaks (escaped) inside strings, nested arrays, in the samples and after them.
    @Test func membersAfterTheSamplesThatLeaveTheHeaderKeepTheReplay() throws {
        let fixtures = try Fixtures()
        let good = try Self.document(fixtures)
        var tricky = try Self.with(good, after: #""x-after": ["]", "\"]}", "\\", "a\nb]", [[1, [2]], {"k": "]"}]]"#)
        // Extension data inside samples, with the same characters and nested arrays.
        for (index, extra) in [#""]\"[\\""#, #"[[1], [2, [3]], "]"]"#, #"{"a": "}]\\\"", "b": []}"#].enumerated() {
                let found = try #require(tricky.range(of: #"{"t":"#, range: tricky.index(tricky.startIndex, offsetBy: 5000 * (index + 1))..<tricky.endIndex))
            tricky.replaceSubrange(found, with: #"{"x-s": "# + extra + #", "t":"#)
        }
        let path = try Self.write(fixtures, "tricky.json", tricky)
        #expect(try Self.opensAhead(path))
        try Self.expectSequential([path])
        #expect(Self.analyze(path, format: "jsonl").status == 0)
    }

    /// A `scene` or `screen` after the samples changes the header: the document is opened again
    /// and analyzed with it.
    @Test func aHeaderMemberAfterTheSamplesIsHonoured() throws {
        let fixtures = try Fixtures()
        let good = try Self.document(fixtures)
        let scene = try Self.write(
            fixtures, "scene-after.json",
            Self.with(good, after: #""scene": "# + SceneOriginTests.scene.replacingOccurrences(of: "\n", with: " ")))
        #expect(try Self.opensAhead(scene))
        try Self.expectSequential([scene])
        let text = Self.analyze(scene, format: "text")
        #expect(text.status == 0 && text.stdout.hasPrefix(scene + ": inline scene (the trace's scene key)\n"), "\(text.stdout.prefix(200))")
        #expect(!text.stdout.contains("pan"))

        var noScreen = try Self.with(good, after: #""screen": {"width": 200, "height": 300}"#)
        noScreen = noScreen.replacingOccurrences(of: #""screen": {"width": 390, "height": 844},"#, with: "")
        let screen = try Self.write(fixtures, "screen-after.json", noScreen)
        #expect(try Self.opensAhead(screen))
        try Self.expectSequential([screen])
        #expect(Self.analyze(screen, format: "jsonl").stderr.contains("200x300 pt screen"))
    }

    /// Bad documents report what the passes one after the other report: a bad member after the
    /// samples before a bad sample, a duplicate key, a raw line break in a string, text after the
    /// document, an array that does not close.
    @Test func badDocumentsReportTheFirstError() throws {
        let fixtures = try Fixtures()
        let good = try Self.document(fixtures)
        let badSample = good.replacingOccurrences(of: #""phase":"ended""#, with: #""phase":"endd""#)
        #expect(badSample != good)
        var paths: [String] = []
        for (name, text) in [
            ("bad-sample.json", badSample),
            ("bad-sample-bad-after.json", try Self.with(good, after: #""x-a": tru"#).replacingOccurrences(of: #""phase":"ended""#, with: #""phase":"endd""#)),
            ("unknown-after.json", try Self.with(good, after: #""sampels": 1"#)),
            ("duplicate-after.json", try Self.with(good, after: #""gesturectl": 1"#)),
            ("samples-twice.json", try Self.with(good, after: #""samples": []"#)),
            ("raw-line-feed.json", try Self.with(good, after: "\"x-a\": \"a\nb\"")),
            ("bad-scene-after.json", try Self.with(good, after: #""scene": {"views": 3}"#)),
            ("missing-scene-after.json", try Self.with(good, after: #""scene": "nowhere.json""#)),
            ("garbage.json", good + "]"),
            ("unclosed.json", String(good.dropLast(4))),
        ] {
            paths.append(try Self.write(fixtures, name, text))
        }
        for path in paths {
            #expect(try Self.opensAhead(path) || path.hasSuffix("garbage.json"), "\(path)")
            let result = Self.analyze(path, format: "jsonl")
            #expect(result.status != 0 && result.stdout.isEmpty, "\(path): \(result.stderr)")
        }
        try Self.expectSequential(paths, formats: ["jsonl", "json"])
    }

    /// The document cut short anywhere (in the header, the samples, a string, after the array, in
    /// the members after it): the message of the passes one after the other.
    @Test func aDocumentCutShortAnywhereReportsWhereItEnds() throws {
        let fixtures = try Fixtures()
        let good = try Self.document(fixtures)
        let text = Array(try Self.with(good, after: #""x-after": ["a\"]", [1, [2]]]"#).utf8)
        var cuts = Set(stride(from: 1_048_600, to: text.count, by: text.count / 9))
        // Just after the samples' `]`, inside the member after them, before the last `}`.
        let close = try #require(text.lastIndex(of: UInt8(ascii: "]")))
        let after = try #require(text.firstRange(of: Array(#""x-after""#.utf8)))
        cuts.formUnion([close - 1, close, close + 1, close + 2, after.lowerBound + 1, after.upperBound, text.count - 8, text.count - 3, text.count - 2])
        // Inside a sample's string and number, and right after a sample's `{`.
        let late = text.count - 5000
        let string = try #require(text[late...].firstRange(of: Array(#""phase":""#.utf8)))
        cuts.formUnion([string.upperBound + 2, string.lowerBound - 3, late + 1])
        var paths: [String] = []
        for (index, cut) in cuts.sorted().enumerated() where cut >= 1 << 20 {
            paths.append(try Self.write(fixtures, "cut-\(index).json", String(decoding: text[..<cut], as: UTF8.self)))
        }
        #expect(paths.count >= 15)
        for path in paths {
            let result = Self.analyze(path, format: "jsonl")
            #expect(result.status == 65 && result.stdout.isEmpty, "\(path): \(result.stderr)")
        }
        try Self.expectSequential(paths, formats: ["jsonl"])
    }

    /// Warnings, `--strict` and `--only` with a scene after the samples.
    @Test func optionsAndWarningsAreThoseOfThePassesOneAfterTheOther() throws {
        let fixtures = try Fixtures()
        let good = try Self.document(fixtures)
        let down = try Self.with(good, after: #""x-a": 1"#).replacingOccurrences(
            of: "\n  ],", with: ",\n    " + #"{"t": 999, "id": 5, "phase": "began", "x": 10, "y": 10}"# + "\n  ],")
        let path = try Self.write(fixtures, "down.json", down)
        #expect(try Self.opensAhead(path))
        let warned = Self.analyze(path, format: "jsonl")
        #expect(warned == (try OverlappedPassesTests.sequential(path, format: "jsonl")))
        #expect(warned.status == 0 && warned.stderr.contains(": warning: touch 5 is still down"), "\(warned.stderr)")
        let strict = Self.analyze(path, format: "jsonl", ["--strict"])
        #expect(strict == (try OverlappedPassesTests.sequential(path, format: "jsonl", options: ["strict": [""]])))
        #expect(strict.status == 65 && strict.stdout.isEmpty)

        // `--only only` names a recognizer of the scene after the samples, not of the default scene.
        let scene = try Self.write(
            fixtures, "scene-after.json",
            Self.with(good, after: #""scene": "# + SceneOriginTests.scene.replacingOccurrences(of: "\n", with: " ")))
        let only = Self.analyze(scene, format: "jsonl", ["--only", "only"])
        #expect(only == (try OverlappedPassesTests.sequential(scene, format: "jsonl", options: ["only": ["only"]])))
        #expect(only.status == 0 && only.stdout.contains(#""only""#))
    }

    /// The note naming a scene found beside the trace comes once, before the warnings.
    @Test func theSceneNoteComesOnce() throws {
        let fixtures = try Fixtures()
        let good = try Self.document(fixtures)
        try FileManager.default.createDirectory(atPath: fixtures.path("app"), withIntermediateDirectories: true)
        try fixtures.write("app/scene.json", SceneOriginTests.scene)
        let path = try Self.write(fixtures, "app/doc.json", Self.with(good, after: #""x-a": 1"#))
        #expect(try Self.opensAhead(path))
        let noted = runInProcess(["analyze", "--format", "jsonl", path], errorsTerminal: true)
        let expected = try OverlappedPassesTests.sequential(path, format: "jsonl")
        #expect(noted.stdout == expected.stdout && noted.status == 0)
        #expect(noted.stderr == "\(path): note: analyzed with the scene \(fixtures.path("app/scene.json")) (beside the trace)\n" + expected.stderr)
    }
}
