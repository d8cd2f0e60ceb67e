import GestureKit

/// Sizes and places of the parts of a plot, in pixels.
struct PlotLayout {
    static let margin = 24.0
    /// Where the screen drawing and the legend start, below the title.
    static let top = 66.0
    /// Between the screen drawing and the legend.
    static let gap = 32.0
    /// The screen drawing fits in this box, keeping its aspect ratio.
    static let screenBox = Size(width: 420, height: 600)
    static let legendWidth = 340.0
    static let legendRows = 16
    static let legendRowHeight = 20.0
    /// The timeline's column of lane names.
    static let labelWidth = 200.0
    static let laneHeight = 34.0
    static let touchRowHeight = 10.0
    static let axisHeight = 26.0

    /// The screen drawing's size.
    let screen: Size
    let width: Double
    let height: Double
    /// The top of the timeline (its time axis).
    let timelineTop: Double
    /// The height of the lane of touches.
    let touchLaneHeight: Double
    /// The height of the touch-speed chart under it (0 without one).
    let touchChartHeight: Double
    let lanes: Int
    /// Each recognizer lane's height, its value charts included.
    let laneHeights: [Double]
    /// The bottom of the legend of touches and markers.
    let legendBottom: Double

    /// The height of one line of the failure reasons under the timeline.
    static let noteLineHeight = 15.0
    /// The lines of failure reasons under the timeline.
    let noteLines: Int

    /// - Parameters:
    ///   - touchChart: the height of the touch-speed chart under the touch lane (0 for none).
    ///   - laneCharts: the height of the value charts under each recognizer's lane (none when short).
    ///   - timelineOnly: the timeline comes right under the title (no screen drawing, no legend).
    ///   - noteLines: the lines of failure reasons under the timeline.
    init(
        screen: Size, fingers: Int, lanes: Int, touchRows: Int, touchChart: Double = 0, laneCharts: [Double] = [],
        timelineOnly: Bool = false, noteLines: Int = 0
    ) {
        self.noteLines = noteLines
        self.screen = screen
        self.lanes = lanes
        width = max(860, Self.margin + screen.width + Self.gap + Self.legendWidth + Self.margin)
        let legendLines = Double(max(1, min(fingers, Self.legendRows)) + (fingers > Self.legendRows ? 1 : 0) + 3)
        let legendHeight = 30 + legendLines * Self.legendRowHeight + 12
        legendBottom = Self.top + legendHeight
        timelineTop = timelineOnly ? Self.top + 24 : Self.top + max(screen.height, legendHeight) + 36
        touchLaneHeight = Double(max(1, touchRows)) * Self.touchRowHeight + 14
        touchChartHeight = touchChart
        laneHeights = (0..<lanes).map { Self.laneHeight + ($0 < laneCharts.count ? laneCharts[$0] : 0) }
        height = timelineTop + Self.axisHeight + touchLaneHeight + touchChart + laneHeights.reduce(0, +) + 64
            + (noteLines > 0 ? 24 + Double(noteLines) * Self.noteLineHeight : 0)
    }

    /// The top of the first recognizer lane.
    var lanesTop: Double { timelineTop + Self.axisHeight + touchLaneHeight + touchChartHeight }

    /// The top of recognizer lane `index`.
    func laneTop(_ index: Int) -> Double { lanesTop + laneHeights.prefix(index).reduce(0, +) }

    /// The bottom of the last lane.
    var lanesBottom: Double { lanesTop + laneHeights.reduce(0, +) }

    /// The left edge of the time axis.
    var plotLeft: Double { Self.margin + Self.labelWidth }
    /// The right edge of the time axis.
    var plotRight: Double { width - Self.margin }

    /// `text` cut to `length` characters with `…`.
    static func truncated(_ text: String, to length: Int) -> String {
        text.count <= length ? text : String(text.prefix(max(1, length - 1))) + "…"
    }
}

/// Puts touches that overlap in time on separate rows of the touch lane.
enum TimelineRows {
    /// The row of each path (same order) and how many rows there are.
    static func assign(_ paths: [TouchPath]) -> (rows: Int, rowOf: [Int]) {
        var rowEnds: [Double] = []
        var rowOf: [Int] = []
        for path in paths {
            if let row = rowEnds.firstIndex(where: { $0 < path.start }) {
                rowEnds[row] = path.finish
                rowOf.append(row)
            } else {
                rowOf.append(rowEnds.count)
                rowEnds.append(path.finish)
            }
        }
        return (rowEnds.count, rowOf)
    }
}

extension SVGPlot {
    /// The x pixel of time `t`.
    func x(_ t: Double) -> Double {
        let range = timeRange
        var span = (range.end - range.start) * 1.03
        if !(span > 0 && span.isFinite) { span = 1 }
        let fraction = (t - range.start) / span
        return layout.plotLeft + (fraction.isFinite ? min(max(fraction, 0), 1) : 0) * (layout.plotRight - layout.plotLeft)
    }

    func drawTimeline(_ svg: inout SVGWriter) {
        let top = layout.timelineTop
        let bottom = layout.lanesBottom
        svg.open("g", [("id", "timeline")])
        svg.text("Timeline", [("x", n(PlotLayout.margin)), ("y", n(top - 10)), ("font-size", "13"), ("font-weight", "bold"), ("fill", "#222")])
        drawLaneBackgrounds(top: top + PlotLayout.axisHeight, &svg)
        drawAxis(top: top, bottom: bottom, &svg)
        drawTouchLane(top: top + PlotLayout.axisHeight, &svg)
        if let chart = charts.touchSpeed {
            drawChart(chart, top: top + PlotLayout.axisHeight + layout.touchLaneHeight, id: "chart-touch-speed", &svg)
        }
        for (index, recognizer) in lanes.enumerated() {
            let laneTop = layout.laneTop(index)
            drawLane(recognizer, index: index, top: laneTop, &svg)
            var chartTop = laneTop + PlotLayout.laneHeight
            for (number, chart) in charts.lanes[index].enumerated() {
                drawChart(chart, top: chartTop, id: "chart-\(index + 1)-\(number + 1)", &svg)
                chartTop += chart.height
            }
        }
        for (number, control) in input.controls.enumerated() {
            drawControlLane(control, index: lanes.count + number, top: layout.laneTop(lanes.count + number), &svg)
        }
        drawStateLegend(y: bottom + 26, &svg)
        svg.close("g")
        drawNotes(top: bottom + 62, &svg)
    }

    /// The failure and cancellation reasons, numbered as their marks are.
    private func drawNotes(top: Double, _ svg: inout SVGWriter) {
        guard !notes.isEmpty else { return }
        svg.open("g", [("id", "reasons")])
        svg.text("Why", [("x", n(PlotLayout.margin)), ("y", n(top)), ("font-size", "13"), ("font-weight", "bold"), ("fill", "#222")])
        var y = top + 20
        for note in notes {
            svg.text("\(note.number)", [
                ("x", n(PlotLayout.margin + 18)), ("y", n(y)), ("font-size", "11"), ("font-weight", "bold"), ("text-anchor", "end"),
                ("fill", PlotStateColor.failed),
            ])
            for line in note.lines {
                svg.text(line, [("x", n(PlotLayout.margin + 26)), ("y", n(y)), ("font-size", "11"), ("fill", "#333")])
                y += PlotLayout.noteLineHeight
            }
        }
        if unlistedNotes > 0 {
            svg.text(
                "… and \(unlistedNotes) more failures for other reasons (their crosses have no number; hover over them, or run analyze)",
                [("x", n(PlotLayout.margin + 26)), ("y", n(y)), ("font-size", "11"), ("fill", "#666")])
        }
        svg.close("g")
    }

    /// The number of a failure or cancellation's reason, beside its mark.
    private func drawNoteNumber(forTransition index: Int, at point: Point, _ svg: inout SVGWriter) {
        guard let number = noteNumbers[index] else { return }
        svg.text("\(number)", [
            ("x", n(point.x + 7)), ("y", n(point.y - 6)), ("font-size", "10"), ("font-weight", "bold"), ("fill", PlotStateColor.failed),
        ])
    }

    private func drawAxis(top: Double, bottom: Double, _ svg: inout SVGWriter) {
        let range = timeRange
        let step = Self.tickStep(for: range.end - range.start)
        let firstTick = (range.start / step).rounded(.up) * step
        var first = true
        svg.open("g", [("class", "axis")])
        svg.element("line", [
            ("x1", n(layout.plotLeft)), ("y1", n(top + PlotLayout.axisHeight - 4)), ("x2", n(layout.plotRight)),
            ("y2", n(top + PlotLayout.axisHeight - 4)), ("stroke", "#999"), ("stroke-width", "1"),
        ])
        for index in 0..<200 {
            // Each tick from its index, so that rounding never piles up and a step too small for
            // the times' magnitude cannot loop forever.
            let tick = firstTick + Double(index) * step
            guard tick <= range.end + step * 1e-9, index == 0 || tick > firstTick + Double(index - 1) * step else { break }
            let tx = x(tick)
            svg.element("line", [
                ("x1", n(tx)), ("y1", n(top + PlotLayout.axisHeight - 8)), ("x2", n(tx)), ("y2", n(bottom)),
                ("stroke", "#e3e3e8"), ("stroke-width", "1"),
            ])
            let label = format(tick, 4) + (first ? " s" : "")
            svg.text(label, [("x", n(tx)), ("y", n(top + 12)), ("font-size", "11"), ("text-anchor", "middle"), ("fill", "#555")])
            first = false
        }
        svg.close("g")
    }

    /// A step of 1, 2, 2.5 or 5 times a power of ten giving at most ten ticks.
    static func tickStep(for span: Double) -> Double {
        guard span.isFinite else { return 1 }
        let rough = min(max(span, 1e-6), 1e12) / 10
        var power = 1e-6
        while power * 10 <= rough { power *= 10 }
        for factor in [1.0, 2, 2.5, 5, 10] where power * factor >= rough { return power * factor }
        return power * 10
    }

    private func drawTouchLane(top: Double, _ svg: inout SVGWriter) {
        let rows = TimelineRows.assign(paths).rowOf
        svg.open("g", [("class", "lane"), ("id", "lane-touches")])
        svg.text("touches", [("x", n(PlotLayout.margin + 8)), ("y", n(top + 16)), ("font-size", "12"), ("font-weight", "bold"), ("fill", "#333")])
        for (index, path) in paths.enumerated() {
            let y = top + 7 + Double(rows[index]) * PlotLayout.touchRowHeight
            let start = x(path.start)
            let width = max(3, x(path.finish) - start)
            let ending = path.end?.rawValue ?? "still down at the end"
            svg.element("rect", [
                ("x", n(start)), ("y", n(y)), ("width", n(width)), ("height", n(PlotLayout.touchRowHeight - 3)),
                ("rx", "2"), ("fill", PlotPalette.color(path.index)),
            ], title: "touch \(path.id): down t=\(format(path.start, 4)), \(ending) t=\(format(path.finish, 4))")
        }
        for sample in input.samples {
            let label: String
            switch sample.kind {
            case .touch: continue
            case let .motion(phase, subtype): label = "motion \(subtype.rawValue) \(phase.rawValue)"
            case .remoteControl(let subtype): label = "remote control \(subtype.rawValue)"
            case .application(let subtype): label = "application \(subtype.rawValue)"
            }
            let p = Point(x: x(sample.t), y: top + layout.touchLaneHeight - 6)
            PlotMarks.diamond(at: p, size: 4, color: "#555", title: "\(label) at t=\(format(sample.t, 4))", &svg)
        }
        // Control events and scroll-view delegate calls (didScroll and didZoom left out), above the touches.
        for event in input.viewEvents {
            let p = Point(x: x(event.t), y: top + 4)
            PlotMarks.diamond(at: p, size: 3, color: "#1f6fd1", title: "\(event.label) at t=\(format(event.t, 4))", &svg)
        }
        svg.close("g")
    }

    private func drawLane(_ recognizer: RecognizerLane, index: Int, top: Double, _ svg: inout SVGWriter) {
        let middle = top + PlotLayout.laneHeight / 2
        let indexed = input.transitions.enumerated().filter { $0.element.recognizer == recognizer.name }
        let records = indexed.map(\.element)
        svg.open("g", [("class", "lane"), ("id", "lane-\(index + 1)")])
        let outcome = Self.outcome(of: records)
        drawLaneLabel(name: recognizer.name, detail: "\(recognizer.kind) on \(recognizer.view)", outcome: outcome, top: top, &svg)
        svg.element("line", [
            ("x1", n(layout.plotLeft)), ("y1", n(middle)), ("x2", n(layout.plotRight)), ("y2", n(middle)),
            ("stroke", "#d5d8de"), ("stroke-width", "1"),
        ])
        var open: (began: TransitionRecord, changes: [TransitionRecord])?
        for (transitionIndex, record) in indexed {
            switch record.state {
            case .began:
                open = (record, [])
            case .changed:
                open?.changes.append(record)
            case .ended, .cancelled:
                drawSpan(began: open?.began ?? record, changes: open?.changes ?? [], end: record, middle: middle, &svg)
                drawNoteNumber(forTransition: transitionIndex, at: Point(x: x(record.t), y: middle), &svg)
                open = nil
            case .recognized:
                PlotMarks.diamond(at: Point(x: x(record.t), y: middle), size: 8, color: PlotStateColor.recognized,
                    title: "\(recognizer.name) recognized at t=\(format(record.t, 4))\(details(record))", &svg)
            case .failed:
                PlotMarks.cross(at: Point(x: x(record.t), y: middle), size: 6, color: PlotStateColor.failed, width: 3,
                    title: "\(recognizer.name) failed at t=\(format(record.t, 4)): \(record.reason ?? "no reason given")", &svg)
                drawNoteNumber(forTransition: transitionIndex, at: Point(x: x(record.t), y: middle), &svg)
            case .possible:
                break
            }
        }
        if let open {
            drawSpan(began: open.began, changes: open.changes, end: nil, middle: middle, &svg)
        }
        svg.close("g")
    }

    /// A lane's label: its name in full on the first line (cut only beyond the label column), and
    /// under it what it is (`pan on list`) with, at the right, what it came to.
    private func drawLaneLabel(name: String, detail: String, outcome: (text: String, color: String)?, top: Double, _ svg: inout SVGWriter) {
        // Bold 12 px: about 7.3 px a character; 10 px: about 5.7.
        svg.text(PlotLayout.truncated(name, to: Int((PlotLayout.labelWidth - 16) / 7.3)), [
            ("x", n(PlotLayout.margin + 8)), ("y", n(top + 14)), ("font-size", "12"), ("font-weight", "bold"), ("fill", "#222"),
        ])
        var room = PlotLayout.labelWidth - 22
        if let outcome {
            svg.text(outcome.text, [
                ("x", n(layout.plotLeft - 10)), ("y", n(top + 28)), ("font-size", "10.5"), ("text-anchor", "end"), ("fill", outcome.color),
            ])
            room -= Double(outcome.text.count) * 6 + 8
        }
        svg.text(PlotLayout.truncated(detail, to: max(6, Int(room / 5.7))), [
            ("x", n(PlotLayout.margin + 8)), ("y", n(top + 28)), ("font-size", "10"), ("fill", "#777"),
        ])
    }

    /// A control's lane: a bar while it tracked a touch (from touchDown to touchUpInside,
    /// touchUpOutside or touchCancel) and a diamond for each control event.
    private func drawControlLane(_ control: ControlLane, index: Int, top: Double, _ svg: inout SVGWriter) {
        let middle = top + PlotLayout.laneHeight / 2
        svg.open("g", [("class", "lane control-lane"), ("id", "lane-\(index + 1)")])
        let events = CheckSummary.plural(control.records.count, "event", "events")
        drawLaneLabel(name: control.name, detail: "\(control.kind.rawValue) (control)", outcome: (events, control.records.isEmpty ? "#999" : "#1f6fd1"), top: top, &svg)
        svg.element("line", [
            ("x1", n(layout.plotLeft)), ("y1", n(middle)), ("x2", n(layout.plotRight)), ("y2", n(middle)), ("stroke", "#d5d8de"), ("stroke-width", "1"),
        ])
        var down: ControlRecord?
        for record in control.records {
            switch record.event {
            case .touchDown: down = record
            case .touchUpInside, .touchUpOutside, .touchCancel:
                if let start = down {
                    svg.element("rect", [
                        ("x", n(x(start.t))), ("y", n(middle - 6)), ("width", n(max(3, x(record.t) - x(start.t)))), ("height", "12"), ("rx", "3"),
                        ("fill", "#1f6fd1"), ("fill-opacity", "0.25"),
                    ], title: "\(control.name) tracking from t=\(format(start.t, 4)) to t=\(format(record.t, 4)) (\(record.event.rawValue))")
                }
                down = nil
            default: break
            }
        }
        if let start = down {
            svg.element("rect", [
                ("x", n(x(start.t))), ("y", n(middle - 6)), ("width", n(max(3, x(timeRange.end) - x(start.t)))), ("height", "12"), ("rx", "3"),
                ("fill", "#1f6fd1"), ("fill-opacity", "0.25"),
            ], title: "\(control.name) tracking from t=\(format(start.t, 4)) to the end of the trace")
        }
        for record in control.records {
            var title = "\(control.name) \(record.event.rawValue) at t=\(format(record.t, 4))"
            switch record.value {
            case .number(let value)?: title += ", value \(format(value, 4))"
            case .on(let on)?: title += on ? ", on" : ", off"
            case nil: break
            }
            if let by = record.cancelledBy { title += ", cancelled by \(by)" }
            // Drags come with every sample: small marks; the other events stand out.
            let drag = record.event == .touchDragInside || record.event == .touchDragOutside
            PlotMarks.diamond(at: Point(x: x(record.t), y: middle), size: drag ? 2.5 : 5,
                color: record.event == .touchCancel ? PlotStateColor.cancelled : "#1f6fd1", title: title, &svg)
        }
        svg.close("g")
    }

    /// The striped backgrounds of the lanes, drawn before the grid so that the grid shows on them.
    private func drawLaneBackgrounds(top: Double, _ svg: inout SVGWriter) {
        let width = n(layout.plotRight - PlotLayout.margin)
        svg.open("g", [("class", "lane-backgrounds")])
        svg.element("rect", [
            ("x", n(PlotLayout.margin)), ("y", n(top)), ("width", width), ("height", n(layout.touchLaneHeight + layout.touchChartHeight)), ("fill", "#eef1f6"),
        ])
        for index in 0..<layout.lanes where index % 2 == 1 {
            svg.element("rect", [
                ("x", n(PlotLayout.margin)), ("y", n(layout.laneTop(index))), ("width", width), ("height", n(layout.laneHeights[index])),
                ("fill", "#f6f7f9"),
            ])
        }
        svg.close("g")
    }

    /// What a recognizer's lane came to, for its label: every final state it reached and how often
    /// (`recognized ×2, failed`), coloured as the most telling one.
    static func outcome(of records: [TransitionRecord]) -> (text: String, color: String) {
        let order: [(RecognizerState, String)] = [
            (.recognized, PlotStateColor.recognized), (.ended, PlotStateColor.recognized),
            (.cancelled, PlotStateColor.cancelled), (.failed, PlotStateColor.failed),
        ]
        var parts: [String] = []
        var color: String?
        for (state, stateColor) in order {
            let count = records.filter { $0.state == state }.count
            guard count > 0 else { continue }
            parts.append(state.rawValue + (count > 1 ? " ×\(count)" : ""))
            color = color ?? stateColor
        }
        guard let color else { return ("no transitions", "#999") }
        return (parts.joined(separator: ", "), color)
    }

    private func drawSpan(
        began: TransitionRecord, changes: [TransitionRecord], end: TransitionRecord?, middle: Double, _ svg: inout SVGWriter
    ) {
        let start = x(began.t)
        let finish = x(end?.t ?? timeRange.end)
        let cancelled = end?.state == .cancelled || end == nil
        let color = cancelled ? PlotStateColor.cancelled : PlotStateColor.ended
        var title = "\(began.recognizer): began at t=\(format(began.t, 4))\(details(began)); \(changes.count) changed"
        if let end {
            title += "; \(end.state.rawValue) at t=\(format(end.t, 4))\(details(end))"
            if let reason = end.reason { title += ": \(reason)" }
        } else {
            title += "; still going at the end of the trace"
        }
        svg.open("g", [("class", "span")], title: title)
        svg.element("rect", [
            ("x", n(start)), ("y", n(middle - 7)), ("width", n(max(3, finish - start))), ("height", "14"), ("rx", "3"),
            ("fill", color), ("fill-opacity", "0.85"),
        ])
        if changes.count <= 300 {
            for change in changes {
                let cx = x(change.t)
                svg.element("line", [
                    ("x1", n(cx)), ("y1", n(middle - 4)), ("x2", n(cx)), ("y2", n(middle + 4)), ("stroke", "#ffffff"),
                    ("stroke-opacity", "0.6"), ("stroke-width", "1"),
                ])
            }
        }
        svg.element("rect", [("x", n(start - 1.5)), ("y", n(middle - 10)), ("width", "3"), ("height", "20"), ("fill", "#1b5e20")])
        svg.close("g")
    }

    /// `, at (x, y), scale 1.5, …`: the figures a record carries.
    private func details(_ record: TransitionRecord) -> String {
        var parts: [String] = []
        if let location = record.location { parts.append("at (\(format(location.x, 2)), \(format(location.y, 2)))") }
        if let touches = record.touches { parts.append("\(touches) touch\(touches == 1 ? "" : "es")") }
        if let translation = record.translation {
            parts.append("translation (\(format(translation.x, 2)), \(format(translation.y, 2)))")
        }
        if let scale = record.scale { parts.append("scale \(format(scale, 3))") }
        if let rotation = record.rotation { parts.append("rotation \(format(rotation, 3)) rad") }
        switch record.velocity {
        case .vector(let v)?: parts.append("velocity (\(format(v.x, 1)), \(format(v.y, 1))) pt/s")
        case .scalar(let s)?: parts.append("velocity \(format(s, 3))/s")
        case nil: break
        }
        if let direction = record.direction { parts.append("direction \(direction)") }
        if let taps = record.taps { parts.append("\(taps) tap\(taps == 1 ? "" : "s")") }
        if let template = record.template { parts.append("template \(template)") }
        if let score = record.score { parts.append("score \(format(score, 3))") }
        return parts.isEmpty ? "" : ", " + parts.joined(separator: ", ")
    }

    private func drawStateLegend(y: Double, _ svg: inout SVGWriter) {
        var x = layout.plotLeft
        svg.open("g", [("id", "state-legend")])
        svg.element("rect", [("x", n(x)), ("y", n(y - 7)), ("width", "34"), ("height", "14"), ("rx", "3"), ("fill", PlotStateColor.ended)])
        svg.text("began … ended", [("x", n(x + 42)), ("y", n(y + 4)), ("font-size", "12"), ("fill", "#333")])
        x += 150
        svg.element("rect", [("x", n(x)), ("y", n(y - 7)), ("width", "34"), ("height", "14"), ("rx", "3"), ("fill", PlotStateColor.cancelled)])
        svg.text("began … cancelled", [("x", n(x + 42)), ("y", n(y + 4)), ("font-size", "12"), ("fill", "#333")])
        x += 170
        PlotMarks.diamond(at: Point(x: x + 8, y: y), size: 8, color: PlotStateColor.recognized, title: nil, &svg)
        svg.text("recognized", [("x", n(x + 22)), ("y", n(y + 4)), ("font-size", "12"), ("fill", "#333")])
        x += 110
        PlotMarks.cross(at: Point(x: x + 8, y: y), size: 6, color: PlotStateColor.failed, width: 3, title: nil, &svg)
        svg.text(notes.isEmpty ? "failed" : "failed (numbered: why, below)", [("x", n(x + 22)), ("y", n(y + 4)), ("font-size", "12"), ("fill", "#333")])
        svg.close("g")
    }
}

/// The colours of recognizer states in the timeline.
enum PlotStateColor {
    static let ended = "#43a047"
    static let cancelled = "#fb8c00"
    static let recognized = "#2e7d32"
    static let failed = "#d32f2f"
}
