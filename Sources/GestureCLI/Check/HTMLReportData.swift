import Foundation

/// What a `check --html` page shows, embedded in the page as JSON (a
/// `<script type="application/json" id="gesturectl-check-report">` block, never run) so that
/// `check --combine-html` joins the pages of a sharded run without reading their HTML.
///
/// Each trace that needs a look carries its section of the page (messages, differences, timelines)
/// as HTML and the link to its replay, relative to the page.
struct HTMLReportData: Codable, Equatable {
    /// The value of ``format`` every report has.
    static let formatName = "gesturectl check report"
    /// The `id` of the script block that holds the data.
    static let scriptID = "gesturectl-check-report"

    /// ``formatName``: a page without it is no report.
    var format = Self.formatName
    /// The data's version; 1.
    var version = 1
    /// The summary line (`checked 18 traces: …`).
    var line: String
    /// The shards the page reports (`1/1` for a whole run; several when combined).
    var shards: [String]
    /// The shard pages a combined page was made from, in shard order; empty for a run's own page.
    var combinedFrom: [String] = []
    /// How many traces the run found before `--shard` took its slice.
    var found: Int
    /// `--update`.
    var update: Bool
    /// Golden files without a trace, and the ones `--prune` deleted.
    var orphans: [String]
    var pruned: [String]
    /// The traces, in the order of the sorted list of all found traces.
    var traces: [Entry]

    /// One trace's row.
    struct Entry: Codable, Equatable {
        /// The trace's place in the sorted list of all found traces, from 1: the same in a shard's
        /// page as in an unsharded run's, so anchors and replay names do not collide when combined.
        var position: Int
        var trace: String
        var golden: String
        /// ``TraceOutcome/word``.
        var outcome: String
        /// The replay page, relative to the report (`report.replays/3-tap.json.html`), if written.
        var replay: String?
        /// The page's section for a trace that needs a look (HTML).
        var section: String?

        /// The id of the trace's section.
        var anchor: String { "trace-\(position)" }
        /// Whether the trace is listed under "Needs a look".
        var needsLook: Bool { section != nil }
    }

    /// The script block to put in the page: JSON with every `<` written `\u003c`, so that no string
    /// in it ends the block.
    func scriptBlock() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Encoding strings, numbers and arrays cannot fail.
        let json = (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return "<script type=\"application/json\" id=\"\(Self.scriptID)\">"
            + json.replacingOccurrences(of: "<", with: "\\u003c") + "</script>\n"
    }

}

extension HTMLReportData {
    /// Why a page is not a report this version reads.
    struct ReadError: Error {
        var message: String
    }

    /// Reads the data embedded in a page.
    ///
    /// - Throws: ``ReadError`` when the page holds no report data, or data that is not valid.
    init(page bytes: [UInt8]) throws(ReadError) {
        let text = String(decoding: bytes, as: UTF8.self)
        let opening = "<script type=\"application/json\" id=\"\(Self.scriptID)\">"
        guard let start = text.range(of: opening), let end = text.range(of: "</script>", range: start.upperBound..<text.endIndex) else {
            throw ReadError(message: "not a gesturectl check report: it holds no report data (write the reports with 'gesturectl check --html FILE')")
        }
        let json = Data(text[start.upperBound..<end.lowerBound].utf8)
        /// What every version has: read first, so that a later version is named as such.
        struct Header: Decodable {
            var format: String
            var version: Int
        }
        do {
            let header = try JSONDecoder().decode(Header.self, from: json)
            guard header.format == Self.formatName else {
                throw ReadError(message: "not a gesturectl check report: its data's format is '\(header.format)'")
            }
            guard header.version == 1 else {
                throw ReadError(
                    message: "its report data is version \(header.version); this gesturectl reads version 1 (combine with the gesturectl that wrote it)")
            }
            self = try JSONDecoder().decode(HTMLReportData.self, from: json)
        } catch let error as ReadError {
            throw error
        } catch {
            throw ReadError(message: "not a gesturectl check report: its report data cannot be read (\(Self.describe(error)))")
        }
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): return "no '\(key.stringValue)'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "'" + context.codingPath.map(\.stringValue).joined(separator: ".") + "' has the wrong type"
        default: return "not valid JSON"
        }
    }
}
