import GestureKit

/// How the series of a chart tell apart, in grey as in colour: a dash pattern, a marker shape and
/// a colour each.
enum ChartStyle {
    /// Stroke dash patterns: solid, dashed, dotted, dash-dot.
    static let dashes = ["", "7 4", "1.5 3", "10 3 2 3"]
    /// The colours of recognizer series (touches keep their own colours).
    static let colors = ["#1f4e9c", "#c0392b", "#2e7d32", "#6a1b9a"]

    static func dash(_ style: Int) -> String { dashes[style % dashes.count] }

    /// A marker of series `style` centred on `p`: circle, square, triangle, then diamond.
    static func marker(_ style: Int, at p: Point, color: String, _ svg: inout SVGWriter) {
        let n = SVGWriter.number
        switch style % 4 {
        case 0:
            svg.element("circle", [("cx", n(p.x)), ("cy", n(p.y)), ("r", "2.2"), ("fill", color)])
        case 1:
            svg.element("rect", [("x", n(p.x - 2.2)), ("y", n(p.y - 2.2)), ("width", "4.4"), ("height", "4.4"), ("fill", "#ffffff"), ("stroke", color), ("stroke-width", "1.2")])
        case 2:
            let d = "M \(n(p.x)) \(n(p.y - 3)) L \(n(p.x + 2.8)) \(n(p.y + 2)) L \(n(p.x - 2.8)) \(n(p.y + 2)) Z"
            svg.element("path", [("d", d), ("fill", color)])
        default:
            PlotMarks.diamond(at: p, size: 3, color: color, title: nil, &svg)
        }
    }
}

extension SVGPlot {
    /// A chart of values over time under a lane, sharing the timeline's time axis: a frame, the
    /// lowest and highest value (and 0) on its axis with the unit, a legend in the label column, and
    /// a polyline per series and segment, with a marker every few points.
    func drawChart(_ chart: ValueChart, top: Double, id: String, _ svg: inout SVGWriter) {
        let frameTop = top + 4
        let frameBottom = top + chart.height - 6
        let (low, high) = chart.range
        let span = high - low
        let y: (Double) -> Double = { value in
            guard span > 0 else { return (frameTop + frameBottom) / 2 }
            return frameBottom - (value - low) / span * (frameBottom - frameTop)
        }
        svg.open("g", [("class", "chart"), ("id", id)], title: "\(chart.owner) \(chart.quantity) (\(chart.unit))")
        svg.element("rect", [
            ("x", n(layout.plotLeft)), ("y", n(frameTop)), ("width", n(layout.plotRight - layout.plotLeft)),
            ("height", n(frameBottom - frameTop)), ("fill", "#ffffff"), ("fill-opacity", "0.7"), ("stroke", "#c9ccd3"), ("stroke-width", "1"),
        ])
        let digits = span >= 100 ? 0 : span >= 1 ? 2 : span >= 0.01 ? 3 : 5
        var ticks = [(high, "high"), (low, "low")]
        // 0 gets a line, and a label when it does not crowd the others.
        if low < 0, high > 0 { ticks.append((0, "zero")) }
        if span == 0 { ticks = [(high, "value")] }
        for (value, kind) in ticks {
            let ty = y(value)
            if kind == "zero" {
                svg.element("line", [
                    ("x1", n(layout.plotLeft)), ("y1", n(ty)), ("x2", n(layout.plotRight)), ("y2", n(ty)), ("stroke", "#b0b4bc"),
                    ("stroke-width", "0.8"), ("stroke-dasharray", "3 3"),
                ])
            }
            guard kind != "zero" || min(ty - frameTop, frameBottom - ty) >= 11 else { continue }
            svg.text(format(value, digits), [
                ("class", "tick-\(kind)"), ("x", n(layout.plotLeft - 4)), ("y", n(ty + 3.5)), ("font-size", "9.5"),
                ("text-anchor", "end"), ("fill", "#555"),
            ])
        }
        drawChartLegend(chart, top: top, &svg)
        for series in chart.series {
            let color = chart.owner == "touches" ? PlotPalette.color(series.style) : ChartStyle.colors[series.style % ChartStyle.colors.count]
            let label = series.label == chart.quantity ? "" : " " + series.label
            let name = "\(chart.owner) \(chart.quantity)\(label) (\(chart.unit))"
            for segment in series.segments where !segment.isEmpty {
                let pixels = segment.map { Point(x: x($0.t), y: y($0.value)) }
                var attributes = [
                    ("class", "curve"), ("points", pixels.map { n($0.x) + "," + n($0.y) }.joined(separator: " ")), ("fill", "none"),
                    ("stroke", color), ("stroke-width", "1.6"), ("stroke-linejoin", "round"),
                ]
                let dash = ChartStyle.dash(series.style)
                if !dash.isEmpty { attributes.append(("stroke-dasharray", dash)) }
                svg.element("polyline", attributes, title: name)
                let step = max(1, pixels.count / 30)
                for index in stride(from: 0, to: pixels.count, by: step) {
                    ChartStyle.marker(series.style, at: pixels[index], color: color, &svg)
                }
            }
        }
        svg.close("g")
    }

    /// The chart's name and unit, then a sample of each series' line and marker with its label.
    private func drawChartLegend(_ chart: ValueChart, top: Double, _ svg: inout SVGWriter) {
        let left = PlotLayout.margin + 16
        svg.text("\(chart.quantity) (\(chart.unit))", [
            ("x", n(left)), ("y", n(top + 15)), ("font-size", "11"), ("font-weight", "bold"), ("fill", "#333"),
        ])
        for (index, series) in chart.series.prefix(ValueChart.legendLines).enumerated() {
            let y = top + 28 + 13 * Double(index)
            let color = chart.owner == "touches" ? PlotPalette.color(series.style) : ChartStyle.colors[series.style % ChartStyle.colors.count]
            var attributes = [
                ("x1", n(left)), ("y1", n(y - 3.5)), ("x2", n(left + 26)), ("y2", n(y - 3.5)), ("stroke", color), ("stroke-width", "1.6"),
            ]
            let dash = ChartStyle.dash(series.style)
            if !dash.isEmpty { attributes.append(("stroke-dasharray", dash)) }
            svg.element("line", attributes)
            ChartStyle.marker(series.style, at: Point(x: left + 13, y: y - 3.5), color: color, &svg)
            svg.text(PlotLayout.truncated(series.label, to: 18), [("x", n(left + 32)), ("y", n(y)), ("font-size", "10"), ("fill", "#444")])
        }
        if chart.series.count > ValueChart.legendLines {
            svg.text("… and \(chart.series.count - ValueChart.legendLines) more", [
                ("x", n(left + 32)), ("y", n(top + 28 + 13 * Double(ValueChart.legendLines))), ("font-size", "10"), ("fill", "#666"),
            ])
        }
    }
}
