import Foundation
import GestureKit
import Testing

@testable import GestureCLI

/// The `text` format in constant memory: `TextTraceRenderer` keeps its lines in spools and pads
/// them once the trace has ended; its output must be, byte for byte, what the renderer that kept
/// every record printed (`ReferenceTextRenderer`).
@Suite struct TextStreamingTests {}

// MARK: - The renderer against the reference

extension TextStreamingTests {
    /// Names that count differently in bytes, scalars and characters, or end in spaces (trimmed at
    /// the end of a line only as whole characters: `\u{600} ` is one).
    static let awkwardNames = ["pan", "é👍", "a\u{301}b", "🇫🇷🇫🇷", "x ", "\u{600} ", " ", "line\nbreak", "", "\u{301}lead"]

    /// `ByteRenderingTests.randomRecords`, with each recognizer's name, kind and view, and some
    /// reasons, taken from ``awkwardNames``.
    static func records(count: Int, seed: UInt64, deliveries: Bool) -> [AnalysisRecord] {
        let names = awkwardNames
        var recognizers: [String: (String, String, String)] = [:]
        var index = 0
        return ByteRenderingTests.randomRecords(count: count, seed: seed, deliveries: deliveries).map { record in
            guard case .transition(var transition) = record else { return record }
            index += 1
            let number = recognizers.count
            let renamed =
                recognizers[transition.recognizer]
                ?? (names[(number + Int(seed)) % names.count], names[(3 * number + Int(seed)) % names.count],
                    names[(5 * number + 1) % names.count])
            recognizers[transition.recognizer] = renamed
            (transition.recognizer, transition.kind, transition.view) = renamed
            if transition.reason != nil, index % 3 == 0 { transition.reason = names[index % names.count] }
            return .transition(transition)
        }
    }

    /// The trace rendered by `TextTraceRenderer`, record by record.
    static func streamed(_ trace: AnalyzedTrace, options: RenderOptions, spoolLimit: Int = 1 << 16) throws -> String {
        let renderer = TextTraceRenderer(path: trace.path, options: options, spoolLimit: spoolLimit)
        let sink = ByteSink.memory()
        try renderer.begin(sink)
        for record in trace.records { try renderer.add(record, to: sink) }
        try renderer.end(sink)
        return sink.buffer.string
    }

    /// Random traces, with and without deliveries and colour; spools of a few bytes send every
    /// waiting gesture and the lines through temporary files, read back in chunks that end inside
    /// lines.
    @Test(arguments: [4, 64, 1 << 16])
    func matchesTheReferenceRenderer(_ spoolLimit: Int) throws {
        for seed in UInt64(1)...8 {
            let deliveries = seed % 2 == 0
            let path = seed % 3 == 0 ? "é👍 \"t\".jsonl" : "t.csv"
            let trace = AnalyzedTrace(path: path, records: Self.records(count: 500, seed: seed, deliveries: deliveries))
            for options in [RenderOptions(deliveries: deliveries), RenderOptions(deliveries: deliveries, labelsTraces: true, color: true)] {
                let expected = ReferenceTextRenderer(options: options).render(trace)
                #expect(try Self.streamed(trace, options: options, spoolLimit: spoolLimit) == expected, "seed \(seed)")
            }
        }
    }

    /// A long trace (20,000 records, about 2.4 MB of text) through the renderer the command uses.
    @Test func longTraceMatchesTheReferenceRenderer() throws {
        let trace = AnalyzedTrace(path: "long.jsonl", records: Self.records(count: 20_000, seed: 42, deliveries: true))
        let options = RenderOptions(deliveries: true)
        let expected = ReferenceTextRenderer(options: options).render(trace)
        #expect(expected.utf8.count > 1 << 20)  // many times the spools' 64 KiB of memory
        let streamed = TextRenderer(options: options).render(trace)
        #expect(streamed.utf8.count == expected.utf8.count)
        #expect(streamed == expected)
    }

    /// Traces without records, without gestures or without deliveries.
    @Test func emptyAndOneSidedTraces() throws {
        let delivery = AnalysisRecord.delivery(RecordFixtures.touchesCancelled)
        let transition = AnalysisRecord.transition(RecordFixtures.doubleTapFailed)
        for records in [[], [delivery], [transition], [delivery, transition, delivery]] {
            for deliveries in [false, true] {
                let trace = AnalyzedTrace(path: "-", records: records)
                let options = RenderOptions(deliveries: deliveries)
                #expect(try Self.streamed(trace, options: options) == ReferenceTextRenderer(options: options).render(trace))
            }
        }
        let trace = AnalyzedTrace(path: "-", records: [delivery, transition])
        #expect(try Self.streamed(trace, options: RenderOptions()).hasPrefix("-\n  failed  doubleTap  tap  screen  0.44 s"))
    }

    /// With deliveries the text is a log whose time column is as wide as the widest time of any
    /// record; without, a gesture of one transition is its gesture line alone.
    @Test func deliveryTimesWidenTheTimeColumn() throws {
        var delivery = RecordFixtures.touchesCancelled
        delivery.t = 123.456
        let trace = AnalyzedTrace(path: "-", records: [.transition(RecordFixtures.doubleTapFailed), .delivery(delivery)])
        for deliveries in [false, true] {
            let options = RenderOptions(deliveries: deliveries)
            let text = try Self.streamed(trace, options: options)
            #expect(text == ReferenceTextRenderer(options: options).render(trace))
            #expect(
                text.contains(
                    deliveries
                        ? "\n  0.44     failed            doubleTap  no second tap"
                        : "\n  failed  doubleTap  tap  screen  0.44 s  no second tap"))
        }
    }

    /// A gesture still open when the trace ends is shown with the state it reached, in its place.
    @Test func unfinishedGesturesKeepTheirPlace() throws {
        var began = RecordFixtures.panBegan
        began.recognizer = "slow"
        let records: [AnalysisRecord] = [
            .transition(began), .transition(RecordFixtures.panBegan), .transition(RecordFixtures.doubleTapFailed),
            .transition(RecordFixtures.panEnded),
        ]
        let trace = AnalyzedTrace(path: "open.jsonl", records: records)
        let text = try Self.streamed(trace, options: RenderOptions(), spoolLimit: 4)
        #expect(text == ReferenceTextRenderer(options: RenderOptions()).render(trace))
        let firstWords = text.split(separator: "\n").map { $0.split(separator: " ").first ?? "" }
        // `slow` has one transition: its gesture line alone.
        #expect(firstWords.prefix(4) == ["open.jsonl", "began", "ended", "0.108"])
    }
}

// MARK: - Lines in spools

extension TextStreamingTests {
    /// A line of the text format as its cells, written into a spool with `TextLine` and rendered
    /// here the simple way, with `String`s.
    enum SpooledLine {
        case gesture(RecognizerState, recognizer: String, kind: String, view: String, span: String, summary: String)
        case transition(time: Double, RecognizerState, figures: String)
        case delivery(time: Double, DeliveryMethod, responder: String, figures: String)
        case viewEvent(time: Double, subject: String, event: String, figures: String)
        case logTransition(time: Double, RecognizerState, recognizer: String, figures: String)

        /// Writes the line's spool form, widening `columns`.
        func encode(into out: LineBuffer, columns: inout TextColumns) {
            func last(_ text: String) {
                let cell = TextLine.openCell(into: out)
                out.write(utf8: text)
                TextLine.closeCell(cell, into: out)
            }
            switch self {
            case .gesture(let outcome, let recognizer, let kind, let view, let span, let summary):
                TextLine.start(.gesture, into: out)
                TextLine.append(outcome, into: out)
                columns.outcome = max(columns.outcome, outcome.rawValue.count)
                columns.recognizer = max(columns.recognizer, TextLine.appendCell(recognizer, into: out))
                columns.kind = max(columns.kind, TextLine.appendCell(kind, into: out))
                columns.view = max(columns.view, TextLine.appendCell(view, into: out))
                let cell = TextLine.openCell(into: out)
                out.write(utf8: span)
                columns.span = max(columns.span, TextLine.closePaddedCell(cell, into: out))
                last(summary)
            case .transition(let time, let state, let figures):
                TextLine.start(.transition, into: out)
                columns.time = max(columns.time, TextLine.appendTime(time, into: out))
                TextLine.append(state, into: out)
                columns.state = max(columns.state, state.rawValue.count)
                last(figures)
            case .delivery(let time, let method, let responder, let figures):
                TextLine.start(.delivery, into: out)
                columns.time = max(columns.time, TextLine.appendTime(time, into: out))
                TextLine.append(method, into: out)
                columns.method = max(columns.method, method.rawValue.count)
                columns.responder = max(columns.responder, TextLine.appendCell(responder, into: out))
                last(figures)
            case .viewEvent(let time, let subject, let event, let figures):
                TextLine.start(.viewEvent, into: out)
                columns.time = max(columns.time, TextLine.appendTime(time, into: out))
                columns.subject = max(columns.subject, TextLine.appendCell(subject, into: out))
                columns.event = max(columns.event, TextLine.appendCell(event, into: out))
                last(figures)
            case .logTransition(let time, let state, let recognizer, let figures):
                TextLine.start(.logTransition, into: out)
                columns.time = max(columns.time, TextLine.appendTime(time, into: out))
                TextLine.append(state, into: out)
                columns.method = max(columns.method, state.rawValue.count)
                columns.responder = max(columns.responder, TextLine.appendCell(recognizer, into: out))
                last(figures)
            }
        }

        /// The line as shown (no colour), padded to `columns`, the simple way.
        func shown(_ columns: TextColumns) -> String {
            let time = { (t: Double) in DecimalFormatting.string(t, fractionDigits: 3).padding(to: columns.time) }
            let cells: [String]
            switch self {
            case .gesture(let outcome, let recognizer, let kind, let view, let span, let summary):
                cells = [
                    "", outcome.rawValue.padding(to: columns.outcome), recognizer.padding(to: columns.recognizer),
                    kind.padding(to: columns.kind), view.padding(to: columns.view), span.padding(to: columns.span), summary,
                ]
            case .transition(let t, let state, let figures):
                cells = ["    ", time(t), state.rawValue.padding(to: columns.state), figures]
            case .delivery(let t, let method, let responder, let figures):
                cells = ["", time(t), method.rawValue.padding(to: columns.method), responder.padding(to: columns.responder), figures]
            case .viewEvent(let t, let subject, let event, let figures):
                cells = ["    ", time(t), subject.padding(to: columns.subject), event.padding(to: columns.event), figures]
            case .logTransition(let t, let state, let recognizer, let figures):
                cells = ["", time(t), state.rawValue.padding(to: columns.method), recognizer.padding(to: columns.responder), figures]
            }
            return TextColumns.trimmed(cells.joined(separator: "  "))
        }
    }

    static let lines: [SpooledLine] = [
        .gesture(.failed, recognizer: "doubleTap", kind: "tap", view: "screen", span: "0.44 s", summary: "no second tap"),
        .transition(time: 0.44, .failed, figures: ""),
        .delivery(time: 0.2, .touchesCancelled, responder: "card", figures: "touches 1 thumb, via label"),
        .gesture(.possible, recognizer: "", kind: "é👍", view: "\u{0}\n", span: String(repeating: "–", count: 200), summary: "x "),
        .transition(time: 12345.678, .changed, figures: String(repeating: "a\u{301}", count: 6000)),
        .delivery(time: -1, .remoteControlReceived, responder: "🇫🇷", figures: "dropped"),
        .viewEvent(time: 3.25, subject: String(repeating: "\r\n", count: 9000), event: "valueChanged", figures: "switch"),
        .logTransition(time: 0.5, .began, recognizer: "\u{600} ", figures: ""),
        .logTransition(time: 0.5, .began, recognizer: "pan", figures: ""),
    ]

    /// Lines read back from chunks of every size, split anywhere, are shown as the simple way
    /// shows them: cells longer than two bytes of length can hold, names whose characters are not
    /// their bytes, trailing spaces that belong to a character before them.
    @Test(arguments: [1, 2, 3, 7, 64, 1 << 16])
    func linesReadBackFromChunksOfAnySize(_ chunkSize: Int) throws {
        let bytes = LineBuffer()
        var columns = TextColumns()
        for line in Self.lines { line.encode(into: bytes, columns: &columns) }
        var decoder = TextLineDecoder()
        let shown = LineBuffer(capacity: 16)
        let all = bytes.bytes
        var start = 0
        while start < all.count {
            let end = min(start + chunkSize, all.count)
            try decoder.decode(UnsafeRawBufferPointer(rebasing: all[start..<end])) { line throws(OutputError) -> Int? in
                guard let count = try columns.write(line, color: false, into: shown) else { return nil }
                shown.write(byte: UInt8(ascii: "\n"))
                return count
            }
            start = end
        }
        try decoder.finish()
        #expect(String(decoding: shown.bytes, as: UTF8.self) == Self.lines.map { $0.shown(columns) + "\n" }.joined())
        #expect(columns.recognizer == 9 && columns.subject == 9000 && columns.span == 200)
    }

    /// Bytes that are not lines, or that end inside one, are an error, not a crash.
    @Test func damagedLinesAreAnError() throws {
        let bytes = LineBuffer()
        var columns = TextColumns()
        Self.lines[0].encode(into: bytes, columns: &columns)
        var decoder = TextLineDecoder()
        let shown = LineBuffer(capacity: 16)
        try decoder.decode(UnsafeRawBufferPointer(rebasing: bytes.bytes[..<(bytes.count - 1)])) { line throws(OutputError) in
            try columns.write(line, color: false, into: shown)
        }
        #expect(throws: OutputError.self) { try decoder.finish() }
        #expect(shown.count == 0)
        for damaged: [UInt8] in [[0], [9, 1, 2], [2, 1, 0x30, 1, 99, 0], [1, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]] {
            var decoder = TextLineDecoder()
            var buffer = ByteBuffer()
            buffer.append(damaged)
            #expect(throws: OutputError.self) {
                try buffer.withUnsafeBytes { raw throws(OutputError) in
                    try decoder.decode(raw) { line throws(OutputError) in try columns.write(line, color: false, into: shown) }
                }
            }
        }
    }
}

// MARK: - The command

extension TextStreamingTests {
    /// Keeps the records the engine makes for a trace, for the reference renderer.
    final class RecordCollector: TraceRenderer, AnalysisRenderer {
        var records: [AnalysisRecord] = []
        let prologue = ""
        let separator = ""
        let epilogue = ""
        func traceRenderer(path: String) -> TraceRenderer { self }
        override func add(_ record: AnalysisRecord, to sink: ByteSink) throws(OutputError) { records.append(record) }
    }

    /// The reference text of a trace analyzed with `arguments` (options only), or nil when the
    /// trace cannot be analyzed.
    static func referenceText(_ path: String, _ arguments: [String], color: Bool, labels: Bool) throws -> String? {
        var values: [String: [String]] = ["format": ["text"]]
        var remaining = arguments[...]
        while let option = remaining.popFirst() {
            let name = String(option.dropFirst(2))
            values[name, default: []].append(name == "only" ? remaining.popFirst() ?? "" : "")
        }
        let settings = try AnalyzeSettings(ParsedArguments(values: values, operands: [path]), terminal: false)
        let resolver = try SceneResolver(sceneFile: nil)
        let collector = RecordCollector()
        var scene: SceneOrigin?
        do throws(AnalysisFailure) {
            _ = try TraceAnalysis.render(path: path, settings: settings, resolver: resolver, renderer: collector, into: .memory()) {
                scene = $1
            }
        } catch {
            return nil
        }
        let options = RenderOptions(deliveries: settings.deliveries, labelsTraces: labels, color: color, compact: settings.compact)
        return ReferenceTextRenderer(options: options).render(AnalyzedTrace(path: path, records: collector.records, scene: scene))
    }

    /// `analyze --format text` (and the default format on a terminal, in colour) prints what the
    /// reference renderer prints for the records the engine made: each trace alone (a long one
    /// among them), and all together, one at a time or several at once.
    @Test func analyzePrintsTheReferenceText() throws {
        let (fixtures, traces) = try AnalyzeStreamingTests.corpus()
        _ = fixtures
        let variants: [[String]] = [
            [], ["--deliveries"], ["--no-failures"], ["--only", "pan,doubleTap"], ["--deliveries", "--no-failures", "--only", "pinch"],
            ["--compact"], ["--compact", "--no-failures"],
        ]
        for options in variants {
            var expectedAll: [String] = []
            var expectedAllInColour: [String] = []
            for path in traces {
                let expected = try Self.referenceText(path, options, color: false, labels: false)
                let plain = runInProcess(["analyze", "--format", "text"] + options + [path])
                #expect(plain.stdout == expected ?? "", "\(options) \(path)")
                #expect((plain.status == 0) == (expected != nil), "\(options) \(path): \(plain)")
                let coloured = runInProcess(["analyze"] + options + [path], terminal: true)
                #expect(coloured.stdout == (try Self.referenceText(path, options, color: true, labels: false)) ?? "", "\(options) \(path)")
                if let expected { expectedAll.append(expected) }
                if let text = try Self.referenceText(path, options, color: true, labels: true) { expectedAllInColour.append(text) }
            }
            let together = runInProcess(["analyze", "--format", "text"] + options + traces)
            #expect(together.stdout == expectedAll.joined(separator: "\n"), "\(options)")
            #expect(together.status == 66)
            let oneByOne = runInProcess(["analyze"] + options + traces, terminal: true)
            #expect(oneByOne.stdout == expectedAllInColour.joined(separator: "\n"), "\(options)")
            #expect(oneByOne.stderr == together.stderr)
        }
    }
}
