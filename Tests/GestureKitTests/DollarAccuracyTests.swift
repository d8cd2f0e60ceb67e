import Foundation
import GestureKit
import Testing

/// Accuracy of the `template` and `checkmark` recognizers on real strokes: the $1 unistroke gesture
/// logs (Wobbrock, Wilson & Li, UIST 2007; New BSD licence), read from `../shared/data/dollar1`
/// beside the package or from the directory in `GESTURECTL_DOLLAR1`. The tests are skipped when
/// the logs are absent. With `GESTURECTL_ACCURACY_REPORT=1` they print the tables of
/// docs/custom-gestures.md.
///
/// Protocol (the paper's user-dependent test): for each subject and speed, the first k strokes of
/// each gesture are the templates and the remaining ones are recognized; a stroke counts as right
/// when the template recognizer (run by the engine, `minimumScore` 0) reports a template of its
/// gesture. The checkmark recognizer sees every stroke once.
@Suite struct DollarAccuracyTests {}

extension DollarAccuracyTests {
    @Test(.enabled(if: DollarLogs.shared != nil, "the $1 logs are absent"))
    func templateAccuracyWithOneAndThreeTemplates() throws {
        let logs = try #require(DollarLogs.shared)
        let one = logs.templateAccuracy(templatesPerGesture: 1)
        let three = logs.templateAccuracy(templatesPerGesture: 3)
        if DollarLogs.report {
            print(logs.templateTable(one: one, three: three))
        }
        #expect(one.total.total > 0)
        #expect(one.total.rate >= 0.97, "k = 1: \(one.total.percent), below 97%")
        #expect(three.total.rate >= 0.99, "k = 3: \(three.total.percent), below 99%")
    }

    @Test(.enabled(if: DollarLogs.shared != nil, "the $1 logs are absent"))
    func checkmarkAcceptsChecksAndRejectsOtherGestures() throws {
        let logs = try #require(DollarLogs.shared)
        let acceptance = logs.checkmarkAcceptance()
        if DollarLogs.report {
            print(logs.checkmarkTable(acceptance))
        }
        let checks = acceptance.total.check
        let others = acceptance.total.others
        guard checks.total > 0 else { return }  // a stroke set without a check gesture
        #expect(checks.rate >= 0.95, "check strokes accepted: \(checks.percent), below 95%")
        #expect(others.rate <= 0.03, "other strokes accepted: \(others.percent), above 3%")
    }
}

/// A count of strokes that passed out of a total.
struct Tally: Sendable {
    var passed = 0
    var total = 0

    var rate: Double { total == 0 ? 0 : Double(passed) / Double(total) }
    var percent: String { total == 0 ? "–" : String(format: "%.1f%%", 100 * rate) }

    mutating func add(_ passed: Bool) {
        total += 1
        if passed { self.passed += 1 }
    }

    static func + (a: Tally, b: Tally) -> Tally { Tally(passed: a.passed + b.passed, total: a.total + b.total) }
}

/// The $1 logs: `<subject>/<speed>/<gesture><NN>.xml`, each `<Point X= Y= T= />` a pen sample.
struct DollarLogs: Sendable {
    /// One logged stroke.
    struct Stroke: Sendable {
        /// `subject/speed`, the unit of the user-dependent protocol.
        var group: String
        var gesture: String
        var number: Int
        /// The file's path under the root, to order strokes that share a number.
        var file: String
        /// Points in pixels (treated as points) and times in seconds from the first sample.
        var points: [Point]
        var times: [Double]
    }

    struct TemplateResult {
        var groups: [(group: String, tally: Tally)]
        var total: Tally { groups.reduce(Tally()) { $0 + $1.tally } }
    }

    struct CheckmarkResult {
        var groups: [(group: String, check: Tally, others: Tally, v: Tally)]
        var total: (check: Tally, others: Tally, v: Tally) {
            groups.reduce((Tally(), Tally(), Tally())) { ($0.0 + $1.check, $0.1 + $1.others, $0.2 + $1.v) }
        }
    }

    let root: String
    let strokes: [Stroke]

    /// Whether to print the tables.
    static let report = ProcessInfo.processInfo.environment["GESTURECTL_ACCURACY_REPORT"].map { $0 != "" && $0 != "0" } ?? false

    /// The logs, or nil when the directory is absent or holds no stroke.
    static let shared: DollarLogs? = {
        let environment = ProcessInfo.processInfo.environment["GESTURECTL_DOLLAR1"]
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let directory = environment.flatMap { $0.isEmpty ? nil : $0 }
            ?? packageRoot.appendingPathComponent("../shared/data/dollar1").standardizedFileURL.path
        let logs = DollarLogs(root: directory)
        return logs.strokes.isEmpty ? nil : logs
    }()

    init(root: String) {
        self.root = root
        var strokes: [Stroke] = []
        let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        for path in files.sorted() where path.lowercased().hasSuffix(".xml") {
            guard let text = try? String(contentsOfFile: root + "/" + path, encoding: .utf8),
                let stroke = Self.stroke(text, path: path)
            else { continue }
            strokes.append(stroke)
        }
        self.strokes = strokes
    }

    /// Parses one log file; nil when it holds fewer than two points.
    static func stroke(_ text: String, path: String) -> Stroke? {
        var components = path.split(separator: "/").map(String.init)
        let file = components.removeLast()
        let base = file.prefix(upTo: file.lastIndex(of: ".") ?? file.endIndex)
        let gesture = String(base.filter { !$0.isNumber }).trimmingCharacters(in: CharacterSet(charactersIn: "-_ "))
        let number = Int(String(base.filter(\.isNumber))) ?? 0
        var points: [Point] = []
        var times: [Double] = []
        var rest = text[...]
        while let open = rest.range(of: "<Point") {
            let tail = rest[open.upperBound...]
            let close = tail.range(of: ">")?.lowerBound ?? tail.endIndex
            let element = tail[..<close]
            if let x = attribute("X", in: element), let y = attribute("Y", in: element) {
                let t = attribute("T", in: element).map { $0 / 1000 } ?? Double(points.count) / 100
                points.append(Point(x: x, y: y))
                times.append(t)
            }
            rest = tail[close...]
        }
        guard points.count >= 2, let first = times.first else { return nil }
        var previous = -Double.infinity
        times = times.map { t in
            previous = max(t - first, previous + 0.000_001)  // strictly increasing
            return previous
        }
        let group = components.isEmpty ? "." : components.joined(separator: "/")
        return Stroke(group: group, gesture: gesture, number: number, file: path, points: points, times: times)
    }

    private static func attribute(_ name: String, in element: Substring) -> Double? {
        guard let start = element.range(of: " \(name)=\"") ?? element.range(of: "\t\(name)=\"") else { return nil }
        let value = element[start.upperBound...]
        guard let end = value.firstIndex(of: "\"") else { return nil }
        return Double(value[..<end])
    }

    /// Group names, subject by subject, speeds slow → medium → fast.
    var groups: [String] {
        let order = ["slow": 0, "medium": 1, "fast": 2]
        return Set(strokes.map(\.group)).sorted { a, b in
            let (sa, pa) = Self.split(a), (sb, pb) = Self.split(b)
            if sa != sb { return sa < sb }
            return (order[pa] ?? 3, pa) < (order[pb] ?? 3, pb)
        }
    }

    static func split(_ group: String) -> (subject: String, speed: String) {
        guard let slash = group.firstIndex(of: "/") else { return (group, "") }
        return (String(group[..<slash]), String(group[group.index(after: slash)...]))
    }

    // MARK: Runs through the engine

    /// Runs `strokes` one after another through an engine holding only `recognizer` on a large
    /// view, and returns for each stroke the recognizer's final record.
    static func run(_ strokes: [Stroke], through recognizer: GestureRecognizer) -> [TransitionRecord?] {
        let window = Window(screen: Size(width: 100_000, height: 100_000))
        let pad = View(name: "pad", frame: Rect(x: 0, y: 0, width: 100_000, height: 100_000))
        window.addSubview(pad)
        pad.addGestureRecognizer(recognizer)
        let engine = Engine(window: window, recognizers: [recognizer])
        var records: [TransitionRecord] = []
        engine.onRecord = { if case .transition(let record) = $0 { records.append(record) } }
        var spans: [ClosedRange<Double>] = []
        var offset = 1.0
        for stroke in strokes {
            let minX = stroke.points.map(\.x).min() ?? 0, minY = stroke.points.map(\.y).min() ?? 0
            let shift = Point(x: 100 - minX, y: 100 - minY)
            let last = stroke.points.count - 1
            for (index, point) in stroke.points.enumerated() {
                let phase: TouchPhase = index == 0 ? .began : index == last ? .ended : .moved
                let p = point + shift
                engine.process(.touch(offset + stroke.times[index], id: .number(1), phase, x: p.x, y: p.y))
            }
            spans.append(offset...(offset + stroke.times[last]))
            offset += stroke.times[last] + 1
        }
        engine.finish()
        return spans.map { span in records.last { span.contains($0.t) } }
    }

    /// Template accuracy per group with the first `k` strokes of each gesture as templates.
    func templateAccuracy(templatesPerGesture k: Int) -> TemplateResult {
        var result = TemplateResult(groups: [])
        for group in groups {
            let members = strokes.filter { $0.group == group }
            var templates: [StrokeTemplate] = []
            var tests: [Stroke] = []
            for gesture in Set(members.map(\.gesture)).sorted() {
                let ordered = members.filter { $0.gesture == gesture }.sorted { ($0.number, $0.file) < ($1.number, $1.file) }
                guard ordered.count > k else { continue }
                templates += ordered.prefix(k).map { StrokeTemplate(name: gesture, points: $0.points) }
                tests += ordered.dropFirst(k)
            }
            let recognizer = TemplateGestureRecognizer(name: "template", templates: templates, minimumScore: 0)
            var tally = Tally()
            for (stroke, record) in zip(tests, Self.run(tests, through: recognizer)) {
                tally.add(record?.state == .recognized && record?.template == stroke.gesture)
            }
            result.groups.append((group, tally))
        }
        return result
    }

    /// Checkmark acceptance per group: of `check` strokes, of `v` strokes, and of all others.
    func checkmarkAcceptance() -> CheckmarkResult {
        var result = CheckmarkResult(groups: [])
        for group in groups {
            let members = strokes.filter { $0.group == group }
            let records = Self.run(members, through: CheckmarkGestureRecognizer(name: "checkmark"))
            var check = Tally(), others = Tally(), v = Tally()
            for (stroke, record) in zip(members, records) {
                let accepted = record?.state == .recognized
                switch stroke.gesture.lowercased() {
                case "check", "checkmark", "check_mark", "tick": check.add(accepted)
                case "v": v.add(accepted)
                default: others.add(accepted)
                }
            }
            result.groups.append((group, check, others, v))
        }
        return result
    }

    // MARK: Tables

    private func row(_ cells: [String], widths: [Int]) -> String {
        zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
    }

    private func cell(_ tally: Tally) -> String { "\(tally.percent) (\(tally.passed)/\(tally.total))" }

    func templateTable(one: TemplateResult, three: TemplateResult) -> String {
        let widths = [8, 8, 22, 22]
        var lines = ["Template accuracy on \(root) (\(strokes.count) strokes)",
                     row(["subject", "speed", "k = 1", "k = 3"], widths: widths)]
        for (a, b) in zip(one.groups, three.groups) {
            let (subject, speed) = Self.split(a.group)
            lines.append(row([subject, speed, cell(a.tally), cell(b.tally)], widths: widths))
        }
        lines.append(row(["all", "", cell(one.total), cell(three.total)], widths: widths))
        return lines.joined(separator: "\n")
    }

    func checkmarkTable(_ result: CheckmarkResult) -> String {
        let widths = [8, 8, 20, 20, 20]
        var lines = ["Checkmark acceptance on \(root)",
                     row(["subject", "speed", "check", "others (not v)", "v"], widths: widths)]
        for entry in result.groups {
            let (subject, speed) = Self.split(entry.group)
            lines.append(row([subject, speed, cell(entry.check), cell(entry.others), cell(entry.v)], widths: widths))
        }
        let total = result.total
        lines.append(row(["all", "", cell(total.check), cell(total.others), cell(total.v)], widths: widths))
        return lines.joined(separator: "\n")
    }
}
