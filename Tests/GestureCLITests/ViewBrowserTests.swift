import Foundation
import GestureKit
import GestureTrace
import Testing

@testable import GestureCLI

/// `gesturectl view` in a real browser: pages of traces from traces/conflicts/ are opened in
/// headless Chromium at chosen times through the address fragment (`page.html#t=0.025`), and what
/// the page shows there (the fingers, each recognizer's state, the reason shown with its trace
/// line, the scroll views' offsets) is compared with `analyze`'s records and the trace's samples.
///
/// One browser launch for all of it: a harness page beside the replays holds each one at its time
/// in an iframe and, once they have loaded, copies what they show (their `data-` attributes) into
/// its own document as JSON, which `--dump-dom` prints (`--allow-file-access-from-files` lets a
/// file page read the file pages it frames).
///
/// Without Chromium the test is skipped, saying how to install it; under CI (`CI=true`, where
/// `.ci/run` installs it) a missing Chromium is a failure.
@Suite struct ViewBrowserTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test(.enabled(if: Chromium.path != nil || Chromium.required, Chromium.missing))
    func pagesShowWhatAnalyzeSaysAtEachTime() throws {
        guard let chromium = Chromium.path else {
            Issue.record("CI=true requires the browser test, and Chromium is not installed: \(Chromium.install)")
            return
        }
        let fixtures = try Fixtures()
        // Two made here: a pinch zooming a photo in a scroll view (whose own pinch and pan are the
        // lanes), and a one-minute drag (7,200 samples).
        let zoom = try Fixtures(["scene.json": Self.zoomScene])
        let synthesized = [
            runInProcess(["synth", "pinch", "--at", "195,400", "-o", zoom.path("pinch.jsonl")]),
            runInProcess(["synth", "pan", "--duration", "60", "--rate", "120", "--distance", "300", "-o", zoom.path("long.jsonl")]),
        ]
        for result in synthesized { try #require(result.status == 0, "\(result)") }
        // Each trace, and whether its page shows deliveries.
        let traces = [
            (Self.root.appendingPathComponent("traces/conflicts/scroll-vs-pan/trace.jsonl").path, true),
            (Self.root.appendingPathComponent("traces/conflicts/button-in-scroll-view/quick-drag.jsonl").path, false),
            (Self.root.appendingPathComponent("traces/conflicts/pinch-with-rotation/trace.jsonl").path, false),
            (Self.root.appendingPathComponent("traces/conflicts/tap-vs-double-tap/trace.jsonl").path, false),
            (zoom.path("pinch.jsonl"), false),
            (zoom.path("long.jsonl"), false),
        ]
        var frames: [(page: String, trace: ExpectedTrace, t: Double, steps: [String])] = []
        for (index, (path, deliveries)) in traces.enumerated() {
            let page = "page\(index).html"
            let result = runInProcess(["view", path, "-o", fixtures.path(page)] + (deliveries ? ["--deliveries"] : []))
            #expect(result.status == 0, "\(result)")
            let expected = try ExpectedTrace(path: path, deliveries: deliveries)
            for (number, t) in expected.probeTimes().enumerated() {
                frames.append((page, expected, t, number == 0 ? Self.steps : []))
            }
        }
        // check --html's replay of a mismatch: the actual run, with the golden file's states beside it.
        let corpus = try HTMLReportTests.corpus()
        _ = runInProcess(["check", "--html", corpus.path("report.html"), corpus.directory.path])
        let replay = URL(fileURLWithPath: corpus.path("report.replays/3-pan-fast.jsonl.html")).absoluteString
        var expected = try ExpectedTrace(path: corpus.path("pan-fast.jsonl"))
        expected.golden = try ExpectedTrace.transitions(ofGolden: corpus.path("pan-fast.jsonl.expected.jsonl"))
        for t in expected.probeTimes() + [15.2833] { frames.append((replay, expected, t, [])) }
        let iframes = frames.map { "<iframe src=\"\($0.page)#t=\($0.t)\" data-steps=\"\($0.steps.joined(separator: ","))\"></iframe>" }.joined()
        try fixtures.write("harness.html", Chromium.harness(iframes: iframes))
        let observed = try Chromium.observe(fixtures.path("harness.html"), chromium: chromium)
        try #require(observed.count == frames.count, "the harness saw \(observed.count) pages of \(frames.count)")
        for (frame, seen) in zip(frames, observed) {
            let context = "\(frame.trace.name) at t=\(frame.t)"
            #expect(seen.error == nil, "\(context): \(seen.error ?? "")")
            #expect(seen.ready, "\(context): the page's script did not finish")
            #expect(seen.time == frame.t, "\(context): the clock shows \(seen.time.map { "\($0)" } ?? "nothing")")
            #expect(seen.fingers == frame.trace.fingers(at: frame.t), "\(context): fingers")
            // The views highlighted are those the fingers down hit; on quick-drag, the button.
            #expect(seen.highlighted == seen.fingerViews, "\(context): highlighted \(seen.highlighted), hit \(seen.fingerViews)")
            if frame.trace.name == "quick-drag", !seen.fingers.isEmpty {
                #expect(seen.highlighted == ["buy"], "\(context): highlighted \(seen.highlighted)")
            }
            for lane in frame.trace.recognizers {
                let expected = frame.trace.lastTransition(of: lane, at: frame.t)
                let shown = seen.lanes[lane]
                #expect(shown?.state == (expected?.state ?? "possible"), "\(context): \(lane) shows \(shown?.state ?? "no lane")")
                if let expected, let reason = expected.reason {
                    let line = frame.trace.line(at: expected.t)
                    #expect(seen.reasons[lane] == ShownReason(text: reason, line: line), "\(context): \(lane)'s reason")
                } else {
                    #expect(seen.reasons[lane] == nil, "\(context): \(lane) shows a reason")
                }
            }
            for (scrollView, offset) in frame.trace.scrollOffsets(at: frame.t) {
                #expect(seen.offsets[scrollView] == offset, "\(context): \(scrollView)'s content offset")
            }
            for (scrollView, zoom) in frame.trace.zoomScales(at: frame.t) {
                #expect(seen.zooms[scrollView] == zoom, "\(context): \(scrollView)'s zoom scale")
            }
            #expect(seen.deliveries == frame.trace.lastDeliveries(at: frame.t), "\(context): the responders' last deliveries")
            if let golden = frame.trace.golden {
                #expect(!seen.goldens.isEmpty, "\(context): no golden states on check's replay")
                var states: [String: String] = [:]
                for lane in Set(frame.trace.recognizers).union(seen.goldens.keys) {
                    states[lane] = golden.last { $0.recognizer == lane && $0.t <= frame.t }?.state ?? "possible"
                }
                #expect(seen.goldens == states, "\(context): the golden states")
            } else {
                #expect(seen.goldens.isEmpty, "\(context): golden states on a page without a golden file")
            }
            checkSteps(seen.steps, from: frame.t, frame.steps, frame.trace, context: context)
        }
    }

    /// A photo in a scroll view that zooms from 1 to 3, a button under it.
    static let zoomScene = """
        {"gesturectl-scene": 1, "views": [{"name": "root", "frame": [0, 0, 390, 844], "children": [
          {"name": "photoScroll", "frame": [0, 100, 390, 600],
           "scrollView": {"contentSize": [390, 600], "minimumZoomScale": 1, "maximumZoomScale": 3},
           "children": [{"name": "photo", "frame": [45, 150, 300, 300]}, {"name": "like", "frame": [20, 520, 80, 40], "control": "button"}]}]}]}
        """

    /// Pressed at the first time of each trace: two samples on, a transition on, one back, a sample
    /// back, the first reason of the Why list clicked, a sample on, then the first reason shown in the panel clicked.
    static let steps = ["ArrowRight", "ArrowRight", "ArrowDown", "ArrowUp", "ArrowLeft", "why", "ArrowRight", "reason"]

    /// Each key moves the clock to the next or previous sample or transition time; a reason clicked moves it to its time.
    func checkSteps(_ seen: [(step: String, time: Double?, target: Double?)], from start: Double, _ steps: [String], _ trace: ExpectedTrace, context: String) {
        #expect(seen.count == steps.count, "\(context): \(seen.count) steps seen of \(steps.count)")
        var now = start
        let samples = trace.samples.map(\.t)
        let transitions = trace.stepTimes
        for (step, observed) in zip(steps, seen) {
            let expected: Double?
            switch step {
            case "ArrowRight": expected = samples.first { $0 > now + 1e-9 } ?? now
            case "ArrowLeft": expected = samples.last { $0 < now - 1e-9 } ?? now
            case "ArrowDown": expected = transitions.first { $0 > now + 1e-9 } ?? now
            case "ArrowUp": expected = transitions.last { $0 < now - 1e-9 } ?? now
            case "reason":
                // The explanation shown in the panel (a reason or a cause) jumps to its transition, which has it.
                expected = observed.target ?? now
                if let target = observed.target {
                    #expect(trace.explainedTimes.contains(target), "\(context): a reason at \(target) that analyze does not give")
                }
            default:
                // The first in time order: the first transition with a reason or a cause.
                let first = trace.explainedTimes.min()
                expected = first ?? now
                #expect(observed.target == first, "\(context): the first reason listed is at \(observed.target.map { "\($0)" } ?? "none")")
            }
            #expect(observed.time == expected, "\(context): after \(step) the clock shows \(observed.time.map { "\($0)" } ?? "nothing"), not \(expected.map { "\($0)" } ?? "nothing")")
            if let time = observed.time { now = time }
        }
    }
}

/// A finger as the page shows it, or as the trace has it.
struct ShownFinger: Hashable, CustomStringConvertible {
    var id: String
    var x: Double
    var y: Double
    var description: String { "\(id) at (\(x), \(y))" }
}

/// A reason as the page shows it: its text and the trace line it came from.
struct ShownReason: Hashable {
    var text: String
    var line: Int
}

/// What one page showed at its time.
struct ObservedPage {
    var error: String?
    /// Whether the page's script ran to its end (`body[data-ready]`).
    var ready: Bool
    var time: Double?
    var fingers: Set<ShownFinger> = []
    /// The views the fingers say they hit, and the views highlighted.
    var fingerViews: Set<String> = []
    var highlighted: Set<String> = []
    var lanes: [String: (state: String, t: Double?)] = [:]
    /// Each lane's golden state (`check --html`'s replays).
    var goldens: [String: String] = [:]
    var reasons: [String: ShownReason] = [:]
    var offsets: [String: Point] = [:]
    var zooms: [String: Double] = [:]
    /// Each key pressed or reason clicked, the time the clock showed after it and, for a click,
    /// the time of what was clicked.
    var steps: [(step: String, time: Double?, target: Double?)] = []
    /// Each responder's last delivery: `method t touches`.
    var deliveries: [String: String] = [:]

    init(_ object: [String: Any]) {
        error = object["error"] as? String
        ready = object["ready"] as? String == "true"
        time = (object["time"] as? String).flatMap(Double.init)
        highlighted = Set(object["hits"] as? [String] ?? [])
        for finger in object["fingers"] as? [[String: String]] ?? [] {
            if let view = finger["view"], !view.isEmpty { fingerViews.insert(view) }
            guard let id = finger["id"], let x = finger["x"].flatMap(Double.init), let y = finger["y"].flatMap(Double.init) else { continue }
            fingers.insert(ShownFinger(id: id, x: x, y: y))
        }
        for lane in object["lanes"] as? [[String: String]] ?? [] {
            guard let name = lane["name"], let state = lane["state"] else { continue }
            lanes[name] = (state, lane["t"].flatMap(Double.init))
        }
        for lane in object["goldens"] as? [[String: String]] ?? [] {
            guard let name = lane["name"], let state = lane["state"] else { continue }
            goldens[name] = state
        }
        for reason in object["reasons"] as? [[String: String]] ?? [] where reason["key"] == "reason" {
            guard let name = reason["name"], let text = reason["text"], let line = reason["line"].flatMap(Int.init) else { continue }
            reasons[name] = ShownReason(text: text, line: line)
        }
        for delivery in object["deliveries"] as? [[String: String]] ?? [] {
            guard let responder = delivery["responder"], let method = delivery["method"], let t = delivery["t"].flatMap(Double.init) else { continue }
            deliveries[responder] = "\(method) \(t) \(delivery["touches"] ?? "")"
        }
        for step in object["steps"] as? [[String: Any]] ?? [] {
            steps.append((step["step"] as? String ?? "", (step["time"] as? String).flatMap(Double.init), (step["target"] as? String).flatMap(Double.init)))
        }
        for scroll in object["scrolls"] as? [[String: String]] ?? [] {
            guard let name = scroll["name"], let x = scroll["x"].flatMap(Double.init), let y = scroll["y"].flatMap(Double.init) else { continue }
            offsets[name] = Point(x: x, y: y)
            zooms[name] = scroll["zoom"].flatMap(Double.init)
        }
    }
}

/// A trace's samples (with their lines) and its analysis by `analyze --format jsonl`, what the
/// pages are checked against.
struct ExpectedTrace {
    let name: String
    /// Every sample line: its time, line number and, for touches, id, phase and position.
    let samples: [(t: Double, line: Int, id: String?, phase: String?, x: Double, y: Double)]
    let transitions: [(t: Double, recognizer: String, state: String, reason: String?)]
    let scrolls: [(t: Double, view: String, offset: Point)]
    let zooms: [(t: Double, view: String, zoom: Double)]
    /// The times the up and down keys step to: transitions and control events, in order.
    let stepTimes: [Double]
    /// The times of transitions that carry an explanation (a failure's `reason`, a winner's
    /// `cause`): those the page lists under Why and shows in the panel.
    let explainedTimes: [Double]

    /// The golden file's transitions, for a replay of `check --html`.
    var golden: [(t: Double, recognizer: String, state: String)]? = nil

    /// The transitions of a golden file.
    static func transitions(ofGolden path: String) throws -> [(t: Double, recognizer: String, state: String)] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").compactMap { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let t = (object["t"] as? NSNumber)?.doubleValue, let recognizer = object["recognizer"] as? String,
                let state = object["state"] as? String else { return nil }
            return (t, recognizer, state)
        }
    }

    /// Every delivery: time, responder, method, touch ids.
    let deliveries: [(t: Double, responder: String, method: String, touches: String)]

    init(path: String, deliveries: Bool = false) throws {
        name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var samples: [(t: Double, line: Int, id: String?, phase: String?, x: Double, y: Double)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let t = (object["t"] as? NSNumber)?.doubleValue else { continue }
            let id = (object["id"] as? NSNumber).map { "\($0.intValue)" } ?? object["id"] as? String
            samples.append((t, index + 1, id, object["phase"] as? String,
                (object["x"] as? NSNumber)?.doubleValue ?? 0, (object["y"] as? NSNumber)?.doubleValue ?? 0))
        }
        self.samples = samples
        let analysis = runInProcess(["analyze", "--format", "jsonl", path] + (deliveries ? ["--deliveries"] : []))
        var delivered: [(t: Double, responder: String, method: String, touches: String)] = []
        var transitions: [(t: Double, recognizer: String, state: String, reason: String?)] = []
        var scrolls: [(t: Double, view: String, offset: Point)] = []
        var zooms: [(t: Double, view: String, zoom: Double)] = []
        var stepTimes: Set<Double> = []
        var explainedTimes: [Double] = []
        for line in analysis.stdout.split(separator: "\n") {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let t = (object["t"] as? NSNumber)?.doubleValue else { continue }
            if let recognizer = object["recognizer"] as? String, let state = object["state"] as? String {
                transitions.append((t, recognizer, state, object["reason"] as? String))
                if object["reason"] != nil || object["cause"] != nil { explainedTimes.append(t) }
                stepTimes.insert(t)
            } else if object["type"] as? String == "control" {
                stepTimes.insert(t)
            } else if object["type"] as? String == "delivery", let responder = object["responder"] as? String, let method = object["method"] as? String {
                let touches = (object["touches"] as? [Any] ?? []).map { "\($0)" }.joined(separator: ", ")
                delivered.append((t, responder, method, touches))
            } else if object["type"] as? String == "scroll", let view = object["scrollView"] as? String,
                let offset = object["contentOffset"] as? [String: NSNumber]
            {
                scrolls.append((t, view, Point(x: offset["x"]?.doubleValue ?? 0, y: offset["y"]?.doubleValue ?? 0)))
                if let zoom = (object["zoomScale"] as? NSNumber)?.doubleValue { zooms.append((t, view, zoom)) }
            }
        }
        self.transitions = transitions
        self.scrolls = scrolls
        self.zooms = zooms
        self.stepTimes = stepTimes.sorted()
        self.explainedTimes = explainedTimes
        self.deliveries = delivered
    }

    /// The recognizers with transitions, in the order they first appear.
    var recognizers: [String] {
        var seen: Set<String> = []
        return transitions.map(\.recognizer).filter { seen.insert($0).inserted }
    }

    /// The times to look at: every failure or cancellation (up to three), a sample a third and two
    /// thirds of the way, and a time between two samples.
    func probeTimes() -> [Double] {
        var times = Array(transitions.filter { $0.state == "failed" || $0.state == "cancelled" }.map(\.t).prefix(3))
        if samples.count > 3 {
            times.append(samples[samples.count / 3].t)
            times.append(samples[2 * samples.count / 3].t)
            let a = samples[samples.count / 2].t, b = samples[samples.count / 2 + 1].t
            if b > a { times.append(((a + b) / 2 * 1e6).rounded() / 1e6) }
        }
        var seen: Set<Double> = []
        return times.filter { seen.insert($0).inserted }
    }

    /// The fingers down at `t`: each touch's last sample at or before `t`, unless it ended before `t`.
    func fingers(at t: Double) -> Set<ShownFinger> {
        var last: [String: (phase: String, t: Double, x: Double, y: Double)] = [:]
        for sample in samples where sample.t <= t {
            guard let id = sample.id, let phase = sample.phase else { continue }
            last[id] = (phase, sample.t, sample.x, sample.y)
        }
        return Set(last.compactMap { id, sample in
            (sample.phase == "ended" || sample.phase == "cancelled") && sample.t < t ? nil : ShownFinger(id: id, x: sample.x, y: sample.y)
        })
    }

    func lastTransition(of recognizer: String, at t: Double) -> (t: Double, recognizer: String, state: String, reason: String?)? {
        transitions.last { $0.recognizer == recognizer && $0.t <= t }
    }

    /// Each responder's last delivery at or before `t`, as ``ObservedPage/deliveries`` spells it.
    func lastDeliveries(at t: Double) -> [String: String] {
        var last: [String: String] = [:]
        for delivery in deliveries where delivery.t <= t { last[delivery.responder] = "\(delivery.method) \(delivery.t) \(delivery.touches)" }
        return last
    }

    /// The line of the last sample at or before `t`.
    func line(at t: Double) -> Int {
        samples.last { $0.t <= t }?.line ?? 0
    }

    /// Each scroll view's zoom scale at `t`, for those that have zoomed by then.
    func zoomScales(at t: Double) -> [String: Double] {
        var scales: [String: Double] = [:]
        for zoom in zooms where zoom.t <= t { scales[zoom.view] = zoom.zoom }
        return scales
    }

    /// Each scroll view's content offset at `t`, for those that have scrolled by then.
    func scrollOffsets(at t: Double) -> [String: Point] {
        var offsets: [String: Point] = [:]
        for scroll in scrolls where scroll.t <= t { offsets[scroll.view] = scroll.offset }
        return offsets
    }
}

/// Headless Chromium, when installed.
enum Chromium {
    /// `GESTURECTL_CHROMIUM`, or the first of Debian's and Google's names on `PATH`.
    static let path: String? = {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["GESTURECTL_CHROMIUM"], !path.isEmpty { return path }
        for directory in (environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
                let candidate = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }()

    /// Whether a missing Chromium fails the test rather than skipping it (CI installs it).
    static let required = ProcessInfo.processInfo.environment["CI"] == "true"

    /// How to get one.
    static let install = "on Debian, apt-get update && apt-get install -y chromium (as .ci/run does); or set GESTURECTL_CHROMIUM to a Chromium or Chrome binary"

    static let missing = Comment(rawValue: "the browser test is skipped: Chromium is not installed (\(install))")

    /// A page holding `iframes` that, once they have loaded, writes what each shows as JSON into `<pre id="out">`.
    static func harness(iframes: String) -> String {
        """
        <!DOCTYPE html><html><head><meta charset="utf-8"></head><body>\(iframes)<pre id="out"></pre>
        <script>
        window.addEventListener("load", () => {
          const pages = [];
          for (const frame of document.querySelectorAll("iframe")) {
            try {
              const d = frame.contentDocument;
              const all = (selector, names) => Array.from(d.querySelectorAll(selector)).map(e => {
                const o = {}; for (const [key, name] of names) o[key] = e.getAttribute(name); return o; });
              const time = d.getElementById("time");
              const page = {
                ready: d.body.dataset.ready || null,
                time: time ? time.getAttribute("data-t") : null,
                fingers: all("#screen .finger", [["id", "data-id"], ["x", "data-x"], ["y", "data-y"], ["view", "data-view"]]),
                hits: Array.from(d.querySelectorAll("#screen .view.hit")).map(e => e.getAttribute("data-view")),
                lanes: all("tr.lane", [["name", "data-name"], ["state", "data-state"], ["t", "data-t"]]),
                goldens: Array.from(d.querySelectorAll("tr.lane")).map(row => {
                  const golden = row.querySelector(".golden-state");
                  return { name: row.getAttribute("data-name"), state: golden ? golden.getAttribute("data-golden-state") : null };
                }).filter(lane => lane.state !== null),
                reasons: all("tr.lane .reason", [["name", "data-name"], ["key", "data-key"], ["text", "data-text"], ["line", "data-line"]]),
                scrolls: all(".scroll-state", [["name", "data-name"], ["x", "data-offset-x"], ["y", "data-offset-y"], ["zoom", "data-zoom"]]),
                deliveries: all(".delivery-state", [["responder", "data-responder"], ["method", "data-method"], ["t", "data-t"], ["touches", "data-touches"]]),
                steps: [],
              };
              // Keys pressed and clicks made after the first look, with the time each leads to.
              for (const step of (frame.dataset.steps || "").split(",").filter(s => s)) {
                if (step === "why" || step === "reason") {
                  const item = d.querySelector(step === "why" ? "#why li" : "tr.lane .reason");
                  if (!item) { page.steps.push({ step: step, time: d.getElementById("time").getAttribute("data-t"), target: null }); continue; }
                  item.click();
                  page.steps.push({ step: step, time: d.getElementById("time").getAttribute("data-t"), target: item.dataset.t });
                } else {
                  d.dispatchEvent(new frame.contentWindow.KeyboardEvent("keydown", { key: step, bubbles: true }));
                  page.steps.push({ step: step, time: d.getElementById("time").getAttribute("data-t"), target: null });
                }
              }
              pages.push(page);
            } catch (error) { pages.push({ error: String(error) }); }
          }
          document.getElementById("out").textContent = JSON.stringify(pages);
          for (const frame of document.querySelectorAll("iframe")) frame.remove();
        });
        </script></body></html>
        """
    }

    /// Opens `harness` in headless Chromium and returns what each of its pages showed.
    static func observe(_ harness: String, chromium: String) throws -> [ObservedPage] {
        let profile = try Fixtures()
        let output = try Fixtures(["dom": ""])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions", "--disable-background-networking",
            "--allow-file-access-from-files", "--user-data-dir=\(profile.directory.path)", "--dump-dom",
            URL(fileURLWithPath: harness).absoluteString,
        ]
        let dom = try FileHandle(forWritingTo: URL(fileURLWithPath: output.path("dom")))
        process.standardOutput = dom
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try dom.close()
        let text = try String(contentsOfFile: output.path("dom"), encoding: .utf8)
        guard let start = text.range(of: "<pre id=\"out\">"), let end = text.range(of: "</pre>", range: start.upperBound..<text.endIndex) else {
            throw BrowserError(message: "Chromium printed no harness output (status \(process.terminationStatus)): \(text.prefix(300))")
        }
        let json = text[start.upperBound..<end.lowerBound].replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        let pages = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
        return pages.map(ObservedPage.init)
    }

    struct BrowserError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
