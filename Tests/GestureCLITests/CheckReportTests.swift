import Foundation
import Testing

@testable import GestureCLI

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The reports of `check`: GitHub workflow commands read back as the runner reads them, JUnit XML
/// read by Foundation's XML parser, the JSON document.
@Suite struct CheckReportTests {}

/// A workflow command as the Actions runner parses it: `::KIND PROPERTIES::MESSAGE`.
struct WorkflowCommand: Equatable {
    var kind: String
    var properties: [String: String]
    var message: String

    init(kind: String, properties: [String: String], message: String) {
        self.kind = kind
        self.properties = properties
        self.message = message
    }

    /// Parses one line, undoing the escapes (`%25`, `%0D`, `%0A`, and in properties `%3A`, `%2C`).
    init?(_ line: Substring) {
        guard line.hasPrefix("::") else { return nil }
        let body = line.dropFirst(2)
        guard let end = body.range(of: "::") else { return nil }
        let head = body[..<end.lowerBound]
        message = Self.unescape(String(body[end.upperBound...]), property: false)
        let parts = head.split(separator: " ", maxSplits: 1)
        kind = String(parts[0])
        properties = [:]
        if parts.count == 2 {
            for pair in parts[1].split(separator: ",") {
                let keyValue = pair.split(separator: "=", maxSplits: 1)
                guard keyValue.count == 2 else { return nil }
                properties[String(keyValue[0])] = Self.unescape(String(keyValue[1]), property: true)
            }
        }
    }

    static func unescape(_ text: String, property: Bool) -> String {
        var text = text.replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
        if property { text = text.replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%2C", with: ",") }
        return text.replacingOccurrences(of: "%25", with: "%")
    }
}

/// The parts of a JUnit document that tests look at, collected by `XMLParser`.
final class JUnitDocument: NSObject, XMLParserDelegate {
    struct TestCase {
        var classname = ""
        var name = ""
        var time = ""
        var failure: (message: String, type: String, text: String)?
        var error: (message: String, type: String, text: String)?
    }

    var suites: [[String: String]] = []
    var root: [String: String] = [:]
    var cases: [TestCase] = []
    var systemOut = ""
    private var text = ""
    private var attributes: [String: String] = [:]

    /// Parses `xml`; nil when it is not well-formed.
    static func parse(_ xml: String) -> JUnitDocument? {
        let document = JUnitDocument()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = document
        return parser.parse() ? document : nil
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        text = ""
        self.attributes = attributes
        switch name {
        case "testsuites": root = attributes
        case "testsuite": suites.append(attributes)
        case "testcase":
            cases.append(
                TestCase(classname: attributes["classname"] ?? "", name: attributes["name"] ?? "", time: attributes["time"] ?? ""))
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        let details = (attributes["message"] ?? "", attributes["type"] ?? "", text)
        switch name {
        case "failure": cases[cases.count - 1].failure = details
        case "error": cases[cases.count - 1].error = details
        case "system-out": systemOut = text
        default: break
        }
    }
}

extension CheckReportTests {
    @Test func gitHubEscaping() {
        #expect(GitHubCheckReport.escapeData("100% done\r\nnext: a, b") == "100%25 done%0D%0Anext: a, b")
        #expect(GitHubCheckReport.escapeProperty("100% done\r\nnext: a, b") == "100%25 done%0D%0Anext%3A a%2C b")
        let line = GitHubCheckReport.command("error", file: "a,b:c.json", line: 3, column: 4, title: "t: 1, 2", message: "x\ny%")
        #expect(line == "::error file=a%2Cb%3Ac.json,line=3,col=4,title=t%3A 1%2C 2::x%0Ay%25\n")
        #expect(
            WorkflowCommand(line.dropLast())
                == WorkflowCommand(kind: "error", properties: ["file": "a,b:c.json", "line": "3", "col": "4", "title": "t: 1, 2"], message: "x\ny%"))
    }

    @Test func gitHubAnnotationsPointAtTheGoldenLine() throws {
        let corpus = try CheckCorpus()
        // A directory name that needs escaping in a property, and a golden value that needs it in a message.
        try corpus.write("odd, dir: 100%/tap.jsonl", TraceText.tap)
        #expect(corpus.check(["--update", "."]).status == 0)
        try corpus.edit("odd, dir: 100%/tap.jsonl.expected.jsonl", replacing: "no second tap", with: "50% off,\\nnew: line")
        try corpus.write("sub/gone.expected.jsonl", "")
        try corpus.write("bad.jsonl", TraceText.malformed)
        let result = corpus.check(["--report", "github", "."])
        #expect(result.status == 65)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 4, "\(result)")
        let commands = lines.compactMap(WorkflowCommand.init)
        #expect(commands.count == 3)
        let bad = try #require(commands.first)
        #expect(bad.kind == "error")
        #expect(bad.properties["file"] == corpus.path("bad.jsonl"))
        #expect(bad.properties["line"] == "2")
        #expect(bad.properties["title"] == "\(corpus.path("bad.jsonl")) cannot be analyzed")
        let mismatch = commands[1]
        #expect(mismatch.kind == "error")
        #expect(mismatch.properties["file"] == corpus.path("odd, dir: 100%/tap.jsonl.expected.jsonl"))
        #expect(mismatch.properties["line"] == "6")
        #expect(mismatch.properties["title"] == "\(corpus.path("odd, dir: 100%/tap.jsonl")) does not match its golden file")
        let messageLines = mismatch.message.split(separator: "\n")
        #expect(messageLines.first?.hasPrefix("1 difference from \(corpus.path("odd, dir: 100%/tap.jsonl.expected.jsonl"))") == true)
        #expect(messageLines.dropFirst().first?.hasPrefix(#"~ tap doubleTap failed reason expected "50% off,\nnew: line"#) == true)
        let orphan = commands[2]
        #expect(orphan.kind == "warning")
        #expect(orphan.properties["file"] == corpus.path("sub/gone.expected.jsonl"))
        #expect(lines.last == "checked 5 traces: 3 matched, 1 mismatched, 0 missing golden, 1 error; 1 orphaned golden file")
    }

    @Test func jUnitIsWellFormedWithOneTestCasePerTrace() throws {
        let corpus = try CheckCorpus()
        try corpus.edit("tap.jsonl.expected.jsonl", replacing: "no second tap", with: #"<&\"'> \u0001tab\there"#)
        try corpus.write("sub/new.jsonl", TraceText.tap)
        try corpus.write("sub/bad.jsonl", TraceText.malformed)
        try corpus.write("gone.expected.jsonl", "")
        let report = corpus.path("report.xml")
        let result = corpus.check(["--junit", report, "."])
        #expect(result.status == 65)
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"gesturectl check\" tests=\"5\" failures=\"2\" errors=\"1\" time=\""))
        let document = try #require(JUnitDocument.parse(xml), "not well-formed:\n\(xml)")
        #expect(document.root["tests"] == "5")
        #expect(document.suites.count == 1)
        #expect(document.suites.first?["failures"] == "2")
        #expect(document.suites.first?["errors"] == "1")
        #expect(document.cases.map(\.name) == ["pan.jsonl", "bad.jsonl", "new.jsonl", "tap.jsonl", "tap.jsonl"])
        #expect(document.cases.map(\.classname) == [corpus.root, corpus.path("sub"), corpus.path("sub"), corpus.path("sub"), corpus.root])
        for testCase in document.cases { #expect(Double(testCase.time) != nil, "time \(testCase.time)") }
        #expect(document.cases[0].failure == nil && document.cases[0].error == nil)
        let error = try #require(document.cases[1].error)
        #expect(error.type == "invalid-trace")
        #expect(error.message.hasPrefix("\(corpus.path("sub/bad.jsonl")):2:"))
        let missing = try #require(document.cases[2].failure)
        #expect(missing.type == "missing-golden")
        #expect(missing.message.hasPrefix("no golden file \(corpus.path("sub/new.jsonl.expected.jsonl"))"))
        let mismatch = try #require(document.cases[4].failure)
        #expect(mismatch.type == "mismatch")
        #expect(mismatch.message.hasPrefix("1 difference from "))
        #expect(mismatch.text.contains(#"reason expected "<&\"'> \u0001tab\there within"#), "\(mismatch.text)")
        #expect(document.systemOut.contains(corpus.path("gone.expected.jsonl")))
    }

    @Test func jUnitEscapesWhatXMLCannotHoldAsIs() throws {
        #expect(JUnitReport.escapeText("a<b>&c\u{1}d\te\nf") == "a&lt;b&gt;&amp;c\u{FFFD}d\te\nf")
        #expect(JUnitReport.escapeAttribute("\"x\" 'y'\n\tz\r") == "&quot;x&quot; &apos;y&apos;&#10;&#9;z&#13;")
        let name = "a&b <c> \"d\" 'e'\u{7}.jsonl"
        let summary = CheckSummary(
            checks: [
                TraceCheck(
                    target: CheckTarget(trace: "dir/" + name), outcome: .missingGolden, analysis: nil)
            ], orphans: [], found: 1, shard: .whole, update: false, tolerance: 0)
        let document = try #require(JUnitDocument.parse(JUnitReport.document(summary, seconds: 1.23456)))
        #expect(document.cases.first?.name == "a&b <c> \"d\" 'e'\u{FFFD}.jsonl")
        #expect(document.root["time"] == "1.235")
    }

    @Test func jUnitFileThatCannotBeWritten() throws {
        let corpus = try CheckCorpus()
        let result = corpus.check(["--junit", corpus.path("no/such/dir/report.xml"), "."])
        #expect(result.status == 74)
        #expect(result.stderr.hasPrefix("gesturectl: cannot write '\(corpus.path("no/such/dir/report.xml"))': "))
        #expect(result.stdout.hasSuffix("3 matched, 0 mismatched, 0 missing golden, 0 errors\n"))
    }

    @Test func jsonReport() throws {
        let corpus = try CheckCorpus()
        try corpus.edit("tap.jsonl.expected.jsonl", replacing: #""location":{"x":195,"#, with: #""location":{"x":195.5,"#)
        try corpus.write("sub/new.jsonl", TraceText.tap)
        let result = corpus.check(["--report", "json", "."])
        #expect(result.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(document["mode"] as? String == "check")
        let summary = try #require(document["summary"] as? [String: Any]).mapValues { ($0 as? NSNumber)?.intValue ?? -1 }
        #expect(summary == ["traces": 4, "matched": 2, "mismatched": 1, "missingGolden": 1, "errors": 0, "orphanedGoldens": 0])
        #expect(
            try reportedTraces(result.stdout).map(\.status) == ["matched", "missing-golden", "matched", "mismatched"])
        let traces = try #require(document["traces"] as? [[String: Any]])
        #expect(traces[1]["actual"] as? String == corpus.path("sub/new.jsonl.actual.jsonl"))
        let differences = try #require(traces[3]["differences"] as? [[String: Any]])
        #expect(differences.count == 1)
        #expect(differences[0]["change"] as? String == "changed")
        #expect((differences[0]["goldenLine"] as? NSNumber)?.intValue == 7)
        #expect(differences[0]["recognizer"] as? String == "tap")
        let fields = try #require(differences[0]["fields"] as? [[String: Any]])
        #expect(fields.count == 1)
        #expect(fields[0]["field"] as? String == "location.x")
        #expect((fields[0]["expected"] as? NSNumber)?.doubleValue == 195.5)
        #expect((fields[0]["actual"] as? NSNumber)?.doubleValue == 195)
    }
}
