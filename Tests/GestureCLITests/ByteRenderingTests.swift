import GestureKit
import Testing

@testable import GestureCLI
@testable import GestureTrace

/// The byte renderers (`ByteBuffer`'s numbers and strings, `RecordBytesWriter`, the streaming
/// `TraceRenderer`s, `Spool`) against the String methods they replace: the output bytes are a
/// contract (golden files depend on them), so they must agree exactly, on many random inputs.
@Suite struct ByteRenderingTests {}

// MARK: - Numbers

extension ByteRenderingTests {
    private func bytes(_ value: Double, _ places: Int = 6) -> String {
        var out = ByteBuffer()
        out.appendNumber(value, fractionDigits: places)
        return out.string
    }

    @Test(arguments: DecimalFormattingTests.table)
    func formatsTheTable(_ entry: (Double, String)) {
        #expect(bytes(entry.0) == entry.1, "\(entry.0)")
    }

    /// A few hundred thousand doubles of every magnitude, through both formatters: random
    /// mantissas from 10⁻⁹ to 10²², random bit patterns (subnormals, huge, non-finite), integers
    /// around 2⁵³, and values on or next to a half of the last place, which the fast method leaves
    /// to the exact one.
    @Test func agreesWithTheStringFormatterEverywhere() {
        var random = SplitMix64(seed: 0x6279_7465_7320_2020)
        var values: [Double] = []
        values.reserveCapacity(300_000)
        for _ in 0..<100_000 {
            let exponent = Int(random.next() % 32) - 9
            values.append(Double(random.next() >> 11) / Double(1 << 53) * pow10(exponent) * (random.next() & 1 == 0 ? 1 : -1))
        }
        for _ in 0..<40_000 {
            values.append(Double(bitPattern: random.next()))
        }
        for _ in 0..<40_000 {
            // On a half of the 6th, 3rd or 2nd place, in decimal, and the doubles on either side.
            let places = [6, 3, 2][Int(random.next() % 3)]
            let scale = pow10(places)
            let whole = Double(random.next() % 2_000_000_000) / 1000
            let half = (whole * scale).rounded(.down) / scale + 0.5 / scale
            values.append(half)
            values.append(half.nextUp)
            values.append(half.nextDown)
            values.append(-half)
        }
        for _ in 0..<20_000 {
            let integer = Double(Int64(bitPattern: random.next()) >> Int64(random.next() % 60))
            values.append(integer)
            values.append(integer + 0.5)
        }
        for k in -5...5 { values.append(9_007_199_254_740_992 + Double(k)) }
        values += [0, -0.0, 1e6, 1e6.nextDown, -1e6.nextDown, 999_999.9999995, 0.0000005, 1e-7, .nan, .infinity, -.infinity]
        var mismatches: [String] = []
        for value in values where bytes(value) != DecimalFormatting.string(value) {
            mismatches.append("\(value): \(bytes(value)) != \(DecimalFormatting.string(value))")
        }
        for value in values.prefix(50_000) {
            for places in [0, 2, 3] where bytes(value, places) != DecimalFormatting.string(value, fractionDigits: places) {
                mismatches.append("\(value) at \(places) places")
            }
        }
        #expect(values.count >= 300_000)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    }

    /// Below 10⁶, where the scaled method writes the digits (whole part and places from one rounded
    /// integer; integers too): 1.4 million doubles (200,000 at each place count) against the exact method itself (not
    /// `DecimalFormatting.string`, which shares the scaled method): random ones of every magnitude up
    /// to 10⁶, every place count's halfway values in decimal and the doubles either side of them, and
    /// values whose scaled fraction lies by the method's guard, 0.499 and 0.501.
    @Test(arguments: [0, 1, 2, 3, 4, 5, 6])
    func agreesWithTheExactMethodBelowAMillion(places: Int) {
        var random = SplitMix64(seed: 0x7363_616C_6564 &+ UInt64(places))
        var values: [Double] = [0, -0.0, 1, -1, 9, 10, 999_999, 1e6.nextDown, -1e6.nextDown, 0.5, -0.5, 1e-7, 5e-7]
        let scale = pow10(places)
        for _ in 0..<20_000 {
            let exponent = Int(random.next() % 13) - 6
            let value = Double(random.next() >> 11) / Double(1 << 53) * pow10(exponent)
            values += [value, -value]
            // An integer, and a value on a half of the last place with its neighbours.
            let whole = Double(random.next() % 1_000_000)
            values.append(whole)
            let half = ((Double(random.next() % 1_000_000_000_000) / 1e6 * scale).rounded(.down) + 0.5) / scale
            values += [half, half.nextUp, half.nextDown, -half]
            // Scaled fractions right by the guard of the scaled method.
            let near = ((whole * scale).rounded(.down) + [0.499, 0.501, 0.4989, 0.5011][Int(random.next() % 4)]) / scale
            values += [near, near.nextUp, near.nextDown]
        }
        var mismatches: [String] = []
        for value in values where value.magnitude < 1e6 {
            var exact = ""
            DecimalFormatting.appendExactly(value, fractionDigits: places, to: &exact)
            if bytes(value, places) != exact { mismatches.append("\(value): \(bytes(value, places)) != \(exact)") }
        }
        #expect(values.count > 200_000)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    }

    @Test func integers() {
        var values = [0, 7, 10, -1, -10, 1234567890, Int.max, Int.min, Int.max - 1, Int.min + 1]
        // Either side of every digit count (the writer takes up to 8 digits at a time).
        var power = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1, -(power - 1), -power, 3 * power + 7]
        }
        for value in values {
            var out = ByteBuffer()
            out.appendInteger(value)
            #expect(out.string == String(value))
            // Whole doubles below 2^53 are written as integers, through the same writer.
            if value.magnitude < 1 << 53 { #expect(bytes(Double(value)) == DecimalFormatting.string(Double(value))) }
        }
    }

    private func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<exponent.magnitude { result *= 10 }
        return exponent < 0 ? 1 / result : result
    }
}

// MARK: - Strings

extension ByteRenderingTests {
    static let awkwardStrings = [
        "", "pan", "two words", "a,b", "say \"hi\"", "\"", "\",\"", "line\nbreak", "cr\rlf", "tab\there", "back\\slash",
        "\u{00}\u{01}\u{1B}\u{1F}\u{7F}", "\u{08}\u{0C}", "é 👍 ü", "\"\u{301}quote then accent", "x\"\u{301}y", "🇫🇷,",
    ]

    /// Each awkward character at every place of a longer string, so that it falls in each byte of
    /// the words the escaping test reads eight bytes at a time, and in the bytes after them.
    @Test func escapesAwkwardBytesAtEveryPlace() {
        for awkward in ["\"", "\\", "\n", "\u{1F}", "\u{00}", "é", " ", "\u{7F}"] {
            for place in 0...19 {
                let text = String(repeating: "a", count: place) + awkward + String(repeating: "b", count: 19 - place)
                var json = ByteBuffer()
                json.appendJSONString(text)
                var expected = ""
                JSONWriter.appendQuoted(text, to: &expected)
                #expect(json.string == expected, "\(place) \(awkward.debugDescription)")
            }
        }
    }

    @Test(arguments: awkwardStrings)
    func escapesStringsAsTheStringWriters(_ text: String) {
        var json = ByteBuffer()
        json.appendJSONString(text)
        var expected = ""
        JSONWriter.appendQuoted(text, to: &expected)
        #expect(json.string == expected)
        var csv = ByteBuffer()
        csv.appendCSVField(text)
        #expect(csv.string == CSVRenderer.quoted(text))
    }
}

// MARK: - Records

extension ByteRenderingTests {
    /// Random transitions of a few recognizers, with every optional field sometimes present and
    /// awkward strings sometimes; deliveries in between when asked.
    static func randomRecords(count: Int, seed: UInt64, deliveries: Bool) -> [AnalysisRecord] {
        var random = SplitMix64(seed: seed)
        func chance(_ n: UInt64) -> Bool { random.next() % n == 0 }
        func number() -> Double {
            switch random.next() % 5 {
            case 0: return Double(Int(random.next() % 800))
            case 1: return Double(Int64(bitPattern: random.next()) % 1_000_000) / 997
            case 2: return (Double(random.next() % 1_000_000) + 0.5) / 1e6
            case 3: return -Double(random.next() % 100_000) / 3
            default: return Double(random.next() >> 11) / Double(1 << 53)
            }
        }
        func text() -> String { awkwardStrings[Int(random.next() % UInt64(awkwardStrings.count))] }
        let names = [("pan", "pan", "screen"), ("tap", "tap", "screen"), ("pin,ch", "pinch", "card \"1\""), ("rot", "rotation", "screen")]
        let states: [RecognizerState] = [.began, .changed, .changed, .changed, .ended, .cancelled, .recognized, .failed]
        var records: [AnalysisRecord] = []
        var t = 0.0
        for _ in 0..<count {
            t += Double(random.next() % 100) / 1000
            if deliveries, chance(4) {
                let methods = DeliveryMethod.allCases
                var d = DeliveryRecord(t: t, method: methods[Int(random.next() % UInt64(methods.count))], responder: chance(5) ? text() : "root")
                if chance(3) { d.chain = [text(), "vc"] }
                if chance(4) { d.forwardedBy = text() }
                if chance(2) { d.touches = [.number(Int(random.next() % 5)), .name(text())] }
                if chance(3) { d.subtype = text() }
                if chance(4) { d.delayedBy = text() }
                if chance(4) { d.cancelledBy = text() }
                if chance(3) {
                    d.details = [
                        TouchDetail(
                            id: chance(2) ? .number(1) : .name(text()), phase: .moved, tapCount: Int(random.next() % 3), timestamp: number(),
                            location: Point(x: number(), y: number()), previousLocation: Point(x: number(), y: number()))
                    ]
                }
                d.dropped = chance(5)
                records.append(.delivery(d))
                continue
            }
            let (name, kind, view) = names[Int(random.next() % UInt64(names.count))]
            var r = TransitionRecord(t: t, recognizer: name, kind: kind, view: view, state: states[Int(random.next() % UInt64(states.count))])
            if chance(2) { r.location = Point(x: number(), y: number()) }
            if chance(2) { r.touches = Int(random.next() % 4) }
            if chance(3) { r.translation = Point(x: number(), y: number()) }
            switch random.next() % 3 {
            case 0: r.velocity = .vector(Point(x: number(), y: number()))
            case 1: r.velocity = .scalar(number())
            default: break
            }
            if chance(3) { r.scale = number() }
            if chance(3) { r.rotation = number() }
            if chance(4) { r.direction = text() }
            if chance(4) { r.taps = Int(random.next() % 3) }
            if chance(5) { r.template = text() }
            if chance(5) { r.score = number() }
            if chance(3) { r.reason = text() } else if chance(2) { r.cause = text() }
            records.append(.transition(r))
        }
        return records
    }

    @Test(arguments: [false, true])
    func recordsMatchTheReferenceRenderers(_ deliveries: Bool) {
        for seed in UInt64(1)...6 {
            let trace = AnalyzedTrace(path: seed % 2 == 0 ? "a,\"b\".jsonl" : "t.csv", records: Self.randomRecords(count: 400, seed: seed, deliveries: deliveries))
            for labels in [false, true] {
                let options = RenderOptions(deliveries: deliveries, labelsTraces: labels)
                #expect(JSONLinesRenderer(options: options).render(trace) == ReferenceRenderers.jsonLines(trace, options: options))
                #expect(JSONRenderer(options: options).render(trace) == ReferenceRenderers.json(trace, options: options))
                if !deliveries {
                    #expect(CSVRenderer(options: options).render(trace) == ReferenceRenderers.csv(trace, options: options))
                }
            }
        }
    }

    /// The names' cache (`RecognizerNameCache`) of a scene with many recognizers: records in the
    /// recognizers' order (the next entry), out of order (the dictionary), more names than it once
    /// kept (256), and one name given another kind and view; each record as the reference spells it.
    @Test func manyRecognizerNamesMatchTheReferenceRenderers() {
        var random = SplitMix64(seed: 29)
        var records: [AnalysisRecord] = []
        for round in 0..<4 {
            for index in 0..<600 {
                let n = round == 2 ? Int(random.next() % 600) : index
                let renamed = round == 3 && n % 7 == 0
                var r = TransitionRecord(
                    t: Double(round * 600 + index) / 120, recognizer: "pan\(n)", kind: renamed ? "swipe" : "pan",
                    view: renamed ? "card \"\(n)\"" : "screen", state: .changed)
                r.location = Point(x: Double(n), y: 1.5)
                records.append(.transition(r))
            }
        }
        let trace = AnalyzedTrace(path: "t.jsonl", records: records)
        let options = RenderOptions()
        #expect(JSONLinesRenderer(options: options).render(trace) == ReferenceRenderers.jsonLines(trace, options: options))
        #expect(CSVRenderer(options: options).render(trace) == ReferenceRenderers.csv(trace, options: options))
    }

    /// The `json` format streams gestures in the order of their first transitions while others are
    /// open; with spools of a few bytes, every waiting gesture goes through a temporary file.
    @Test(arguments: [4, 64, 1 << 16])
    func jsonGesturesStreamInOrderThroughSpools(_ spoolLimit: Int) throws {
        for seed in UInt64(10)...14 {
            let trace = AnalyzedTrace(path: "x.json", records: Self.randomRecords(count: 600, seed: seed, deliveries: seed % 2 == 0))
            let options = RenderOptions(deliveries: seed % 2 == 0)
            let renderer = JSONTraceRenderer(path: trace.path, options: options, spoolLimit: spoolLimit)
            let sink = ByteSink.memory()
            try renderer.begin(sink)
            for record in trace.records { try renderer.add(record, to: sink) }
            try renderer.end(sink)
            #expect(sink.buffer.string == ReferenceRenderers.json(trace, options: options))
        }
    }

    /// Records of `recognizers` recognizers in random order, a fifth of them ending their gesture
    /// (`ended`, `failed`, …), so that many gestures are open at once and others open again.
    static func manyGestureRecords(recognizers: Int, count: Int, seed: UInt64) -> [AnalysisRecord] {
        var random = SplitMix64(seed: seed)
        let states: [RecognizerState] = [.began, .changed, .changed, .changed, .ended, .cancelled, .recognized, .failed, .changed, .changed]
        return (0..<count).map { index in
            let n = Int(random.next() % UInt64(recognizers))
            var r = TransitionRecord(
                t: Double(index) / 120, recognizer: "r\(n)", kind: n % 3 == 0 ? "tap" : "pan", view: n % 2 == 0 ? "screen" : "card \"\(n)\"",
                state: states[Int(random.next() % UInt64(states.count))])
            r.location = Point(x: Double(n), y: Double(index) / 7)
            return .transition(r)
        }
    }

    /// The `json` and `text` gestures of up to 40 recognizers open at once (beyond the 16 the
    /// sequencer finds one by one, it finds them through a dictionary), closing and opening again
    /// (their objects and spools reused), through spools of a few bytes and of 64 KiB.
    @Test(arguments: [4, 1 << 16])
    func manySimultaneousGesturesMatchTheReferenceRenderers(_ spoolLimit: Int) throws {
        for (recognizers, seed) in [(5, UInt64(1)), (17, 2), (40, 3)] {
            let trace = AnalyzedTrace(path: "many.jsonl", records: Self.manyGestureRecords(recognizers: recognizers, count: 1500, seed: seed))
            let options = RenderOptions()
            let renderer = JSONTraceRenderer(path: trace.path, options: options, spoolLimit: spoolLimit)
            let sink = ByteSink.memory()
            try renderer.begin(sink)
            for record in trace.records { try renderer.add(record, to: sink) }
            try renderer.end(sink)
            #expect(sink.buffer.string == ReferenceRenderers.json(trace, options: options), "\(recognizers) recognizers")
            #expect(
                try TextStreamingTests.streamed(trace, options: options, spoolLimit: spoolLimit) == ReferenceTextRenderer(options: options).render(trace),
                "\(recognizers) recognizers")
        }
    }

    /// The names' caches go back on their shelf when a trace ends and serve the next traces'
    /// renderers, on several threads at once, with the same names (other strings), other names, and
    /// the same recognizer with another kind and view: every trace reads as the reference spells it.
    @Test func namesCachesSharedBetweenTracesChangeNothing() async throws {
        func trace(_ index: Int) -> AnalyzedTrace {
            // Names longer than a small string, spelled afresh for each trace (strings of their
            // own); every fourth trace gives one recognizer another kind and view.
            let records = Self.manyGestureRecords(recognizers: 3 + index % 5, count: 120, seed: UInt64(index)).map { record in
                guard case .transition(var r) = record else { return record }
                if index % 4 == 3, r.recognizer == "r1" {
                    r.kind = "swipe"
                    r.view = "list, \"x\""
                }
                r.recognizer = "the recognizer called \(r.recognizer)"
                return .transition(r)
            }
            return AnalyzedTrace(path: "t\(index).jsonl", records: records)
        }
        let failures = await withTaskGroup(of: [Int].self) { group in
            for worker in 0..<4 {
                group.addTask {
                    var failed: [Int] = []
                    for index in stride(from: worker, to: 80, by: 4) {
                        let trace = trace(index)
                        for labels in [false, true] {
                            let options = RenderOptions(labelsTraces: labels)
                            if JSONLinesRenderer(options: options).render(trace) != ReferenceRenderers.jsonLines(trace, options: options)
                                || CSVRenderer(options: options).render(trace) != ReferenceRenderers.csv(trace, options: options)
                            {
                                failed.append(index)
                            }
                        }
                    }
                    return failed
                }
            }
            var all: [Int] = []
            for await failed in group { all += failed }
            return all
        }
        #expect(failures.isEmpty, "traces \(failures.sorted())")
    }

    /// Output written through a 64 KiB sink to an output arrives whole and in order.
    @Test func sinkHandsChunksOnInOrder() throws {
        let trace = AnalyzedTrace(path: "big.jsonl", records: Self.randomRecords(count: 3000, seed: 99, deliveries: true))
        let options = RenderOptions(deliveries: true)
        let output = MemoryOutput()
        let sink = ByteSink.output(output)
        let renderer = JSONLinesRenderer(options: options).traceRenderer(path: trace.path)
        try renderer.begin(sink)
        for record in trace.records { try renderer.add(record, to: sink) }
        try renderer.end(sink)
        try sink.drain()
        #expect(output.bytes.count > ByteSink.chunkSize)
        #expect(output.text == ReferenceRenderers.jsonLines(trace, options: options))
    }
}

// MARK: - Spools

extension ByteRenderingTests {
    @Test(arguments: [1, 7, 1 << 20])
    func spoolKeepsBytesInOrder(_ limit: Int) throws {
        let spool = Spool(memoryLimit: limit)
        var expected: [UInt8] = []
        var random = SplitMix64(seed: UInt64(limit))
        for round in 0..<200 {
            var chunk = ByteBuffer()
            for _ in 0..<(random.next() % 50) { chunk.append(UInt8(truncatingIfNeeded: random.next())) }
            expected += chunk.bytes
            if round % 3 == 0 { try spool.append(chunk) } else { try spool.take(&chunk) }
            #expect(chunk.isEmpty || round % 3 == 0)
        }
        #expect(spool.count == expected.count)
        let other = Spool(memoryLimit: limit)
        try other.append("head:")
        try other.append(contentsOf: spool)
        let output = MemoryOutput()
        try other.write(to: output)
        #expect(output.bytes == Array("head:".utf8) + expected)
        spool.removeAll()
        #expect(spool.isEmpty)
        try spool.append("again")
        let again = MemoryOutput()
        try spool.write(to: again)
        #expect(again.text == "again")
    }
}
