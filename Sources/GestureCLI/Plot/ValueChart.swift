import GestureKit

/// One small chart under a timeline lane: a quantity over time, one or more series, in one unit.
struct ValueChart {
    /// One curve: its points in time order, broken into segments where the gesture was not under way.
    struct Series {
        /// What the curve is (`x`, `y`, `touch 1`).
        var label: String
        var segments: [[(t: Double, value: Double)]]
        /// The order the series takes its style in (dash pattern, marker, colour).
        var style: Int
    }

    /// Whose values: a recognizer's name, or `touches`.
    var owner: String
    /// The quantity (`translation`, `velocity`, `scale`, `rotation`, `speed`).
    var quantity: String
    /// The unit shown on the axis (`pt`, `pt/s`, `×`, `rad`, `rad/s`, `scale/s`).
    var unit: String
    var series: [Series]

    /// The legend lines the chart shows in the label column (more series are summed up in one line).
    static let legendLines = 5

    /// The chart's height in pixels: room for its legend.
    var height: Double { max(70, 30 + 13 * Double(min(series.count, Self.legendLines + 1))) }

    /// The quantity's neutral value, which every axis includes: 1 for a scale, 0 for the others.
    var neutral: Double { unit == "×" ? 1 : 0 }

    /// The axis: from the lowest to the highest value of every series, stretched to the neutral
    /// value (``neutral``), so that the last digits of a steady value (a constant 400 pt/s
    /// estimated as 396.83, 401.6, 400.65 from timestamps rounded to 0.1 ms) draw as the
    /// near-flat line they are rather than as a zigzag across the whole chart. Equal when every
    /// value is the neutral one.
    var range: (low: Double, high: Double) {
        let values = valueRange
        return values.low <= values.high ? (min(values.low, neutral), max(values.high, neutral)) : (neutral, neutral)
    }

    /// The lowest and highest value of every series (equal when the values never change).
    var valueRange: (low: Double, high: Double) {
        var low = Double.infinity
        var high = -Double.infinity
        for series in series {
            for segment in series.segments {
                for point in segment where point.value.isFinite {
                    low = min(low, point.value)
                    high = max(high, point.value)
                }
            }
        }
        return low <= high ? (low, high) : (0, 0)
    }
}

/// The value charts of a plot: the touches' speed, and each continuous recognizer's translation,
/// velocity, scale and rotation, whichever its records carry.
struct PlotCharts {
    /// The touch-speed chart, when a touch moved.
    let touchSpeed: ValueChart?
    /// The charts under each recognizer's lane, in scene order.
    let lanes: [[ValueChart]]

    init(_ input: PlotInput, lanes: [RecognizerLane], paths: [TouchPath]) {
        touchSpeed = Self.speed(of: paths)
        var byName: [String: [TransitionRecord]] = [:]
        for record in input.transitions { byName[record.recognizer, default: []].append(record) }
        self.lanes = lanes.map { Self.charts(of: $0.name, kind: $0.kind, records: byName[$0.name] ?? []) }
    }

    /// The charts of one recognizer's values, segment by segment from each `began`.
    static func charts(of name: String, kind: String, records: [TransitionRecord]) -> [ValueChart] {
        var translation = [ValueChart.Series(label: "x", segments: [], style: 0), ValueChart.Series(label: "y", segments: [], style: 1)]
        var velocity = translation
        var scalarVelocity = [ValueChart.Series(label: "velocity", segments: [], style: 0)]
        var scale = [ValueChart.Series(label: "scale", segments: [], style: 0)]
        var rotation = [ValueChart.Series(label: "rotation", segments: [], style: 0)]
        func add(_ series: inout [ValueChart.Series], _ values: [Double], at t: Double, newSegment: Bool) {
            for index in series.indices {
                if newSegment || series[index].segments.isEmpty { series[index].segments.append([]) }
                series[index].segments[series[index].segments.count - 1].append((t, values[index]))
            }
        }
        for record in records where record.state != .failed {
            let starts = record.state == .began || record.state == .recognized
            if let value = record.translation { add(&translation, [value.x, value.y], at: record.t, newSegment: starts) }
            switch record.velocity {
            case .vector(let value)?: add(&velocity, [value.x, value.y], at: record.t, newSegment: starts)
            case .scalar(let value)?: add(&scalarVelocity, [value], at: record.t, newSegment: starts)
            case nil: break
            }
            if let value = record.scale { add(&scale, [value], at: record.t, newSegment: starts) }
            if let value = record.rotation { add(&rotation, [value], at: record.t, newSegment: starts) }
        }
        let perSecond = kind == "pinch" ? "scale/s" : kind == "rotation" ? "rad/s" : "1/s"
        let candidates = [
            ValueChart(owner: name, quantity: "translation", unit: "pt", series: translation),
            ValueChart(owner: name, quantity: "velocity", unit: "pt/s", series: velocity),
            ValueChart(owner: name, quantity: "scale", unit: "×", series: scale),
            ValueChart(owner: name, quantity: "rotation", unit: "rad", series: rotation),
            ValueChart(owner: name, quantity: "velocity", unit: perSecond, series: scalarVelocity),
        ]
        return candidates.filter { chart in chart.series.contains { !$0.segments.isEmpty } }
    }

    /// Each touch's speed between consecutive samples (pt/s, at the later sample's time).
    static func speed(of paths: [TouchPath]) -> ValueChart? {
        var series: [ValueChart.Series] = []
        for path in paths {
            var points: [(t: Double, value: Double)] = []
            for (previous, point) in zip(path.points, path.points.dropFirst()) where point.t > previous.t {
                let speed = point.location.distance(to: previous.location) / (point.t - previous.t)
                if speed.isFinite { points.append((point.t, speed)) }
            }
            if !points.isEmpty { series.append(ValueChart.Series(label: "touch \(path.id)", segments: [points], style: path.index)) }
        }
        guard series.contains(where: { $0.segments[0].contains { $0.value > 0 } }) else { return nil }
        return ValueChart(owner: "touches", quantity: "speed", unit: "pt/s", series: series)
    }
}
