import Foundation
import Testing

@testable import GestureCLI

/// `plot`'s value curves, read back from the SVG as a person reads a chart (time along the shared
/// axis, value between the axis labels) and compared with `analyze`'s numbers.
@Suite struct PlotCurveTests {
    /// The pixel points of the curves titled `title`, segment by segment.
    static func curves(_ svg: ParsedSVG, _ title: String) -> [[(x: Double, y: Double)]] {
        svg.all("polyline").filter { $0.attributes["class"] == "curve" && $0.title == title }.map { element in
            (element.attributes["points"] ?? "").split(separator: " ").compactMap { pair in
                let parts = pair.split(separator: ",").compactMap { Double($0) }
                return parts.count == 2 ? (parts[0], parts[1]) : nil
            }
        }
    }

    /// The values `analyze` reports for one recognizer, from its began/changed/ended records.
    static func values(_ trace: String, _ recognizer: String, _ key: (([String: Any]) -> Double?)) throws -> [(t: Double, value: Double)] {
        let result = runInProcess(["analyze", "--format", "jsonl", "--only", recognizer, trace])
        return try result.stdout.split(separator: "\n").compactMap { line in
            let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard let t = record["t"] as? Double, let value = key(record) else { return nil }
            return (t, value)
        }
    }

    /// The curve's points are the records' values: same count, x proportional to time, y linear in
    /// the value (higher values higher up), and the extreme points on the axis labels' values.
    static func expectCurve(_ points: [(x: Double, y: Double)], matches values: [(t: Double, value: Double)], _ label: String) {
        #expect(points.count == values.count, "\(label)")
        guard points.count == values.count, let first = values.first, let last = values.last, last.t > first.t else { return }
        let x0 = points[0].x
        let xScale = (points[points.count - 1].x - x0) / (last.t - first.t)
        let low = values.min { $0.value < $1.value }!
        let high = values.max { $0.value < $1.value }!
        let lowY = points[values.firstIndex { $0.value == low.value }!].y
        let highY = points[values.firstIndex { $0.value == high.value }!].y
        for (point, value) in zip(points, values) {
            #expect(abs(point.x - (x0 + (value.t - first.t) * xScale)) < 0.02, "\(label) t=\(value.t)")
            if high.value > low.value {
                #expect(highY < lowY, "\(label)")
                let expected = lowY + (value.value - low.value) / (high.value - low.value) * (highY - lowY)
                #expect(abs(point.y - expected) < 0.02, "\(label) t=\(value.t): \(point.y) vs \(expected)")
            }
        }
    }

    @Test func panTranslationAndVelocityAreAnalyzesNumbers() throws {
        let trace = TraceEventTests.root.appendingPathComponent("traces/pan-fast.jsonl").path
        let result = runInProcess(["plot", trace])
        #expect(result.status == 0)
        let svg = ParsedSVG(result.stdout)
        #expect(svg.parseError == nil)
        for (axis, name) in [("x", "x"), ("y", "y")] {
            let translation = try Self.values(trace, "pan") { ($0["translation"] as? [String: Double])?[axis] }
            let curves = Self.curves(svg, "pan translation \(name) (pt)")
            #expect(curves.count == 1)
            Self.expectCurve(curves.first ?? [], matches: translation, "translation \(axis)")
            let velocity = try Self.values(trace, "pan") { ($0["velocity"] as? [String: Double])?[axis] }
            Self.expectCurve(Self.curves(svg, "pan velocity \(name) (pt/s)").first ?? [], matches: velocity, "velocity \(axis)")
        }
        // The axis labels: the lowest and highest translation x, as analyze prints them rounded.
        #expect(svg.elements.contains { $0.name == "g" && $0.title == "pan translation (pt)" })
        let ticks = svg.all("text").filter { $0.attributes["class"] == "tick-low" }.map(\.text)
        #expect(ticks.contains("-240"), "\(ticks)")
        // No chart for recognizers without values; a touch-speed chart for the moving touch.
        #expect(svg.all("g").filter { $0.attributes["class"] == "chart" }.count == 3)
        #expect(Self.curves(svg, "touches speed touch 1 (pt/s)").count == 1)
    }

    @Test func pinchScaleAndRotationCurves() throws {
        let fixtures = try Fixtures([
            "pinch.jsonl": runInProcess(["synth", "pinch"]).stdout, "rotation.jsonl": runInProcess(["synth", "rotation"]).stdout,
        ])
        for (file, recognizer, quantity, unit) in [
            ("pinch.jsonl", "pinch", "scale", "×"), ("pinch.jsonl", "pinch", "velocity", "scale/s"),
            ("rotation.jsonl", "rotation", "rotation", "rad"), ("rotation.jsonl", "rotation", "velocity", "rad/s"),
        ] {
            let path = fixtures.path(file)
            let svg = ParsedSVG(runInProcess(["plot", path]).stdout)
            let values = try Self.values(path, recognizer) { $0[quantity] as? Double }
            #expect(!values.isEmpty)
            let curves = Self.curves(svg, "\(recognizer) \(quantity) (\(unit))")
            #expect(curves.count == 1, "\(file) \(quantity)")
            Self.expectCurve(curves.first ?? [], matches: values, "\(file) \(quantity)")
        }
    }

    /// Series differ by dash pattern and marker, not colour alone.
    @Test func seriesAreTellApartInGrey() throws {
        let trace = TraceEventTests.root.appendingPathComponent("traces/pan-fast.jsonl").path
        let svg = ParsedSVG(runInProcess(["plot", trace]).stdout)
        let x = svg.all("polyline").first { $0.title == "pan translation x (pt)" }
        let y = svg.all("polyline").first { $0.title == "pan translation y (pt)" }
        #expect(x?.attributes["stroke-dasharray"] == nil)
        #expect(y?.attributes["stroke-dasharray"] == "7 4")
    }
}
