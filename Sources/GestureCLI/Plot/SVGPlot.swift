import GestureKit

/// What `plot` draws: a trace's samples over its scene, and the recognizer transitions of its analysis.
struct PlotInput {
    /// The trace's name in the title.
    var name: String
    /// The screen the samples are in.
    var screen: Size
    /// The scene whose views are drawn and whose recognizers get a lane each.
    var scene: SceneDescription
    /// Which scene that is and where it came from, for the subtitle (`default scene`).
    var sceneOrigin: String = ""

    /// The trace's samples, in order.
    var samples: [Sample]
    /// The analysis's transitions, in engine order.
    var transitions: [TransitionRecord]
    /// The times the timeline spans, when set (two timelines drawn one above the other share it);
    /// otherwise from the first sample to the last sample or transition.
    var timeSpan: (start: Double, end: Double)? = nil
    /// Control events and scroll-view delegate calls but `didScroll` and `didZoom`, which come with
    /// every frame (scenes with controls or scroll views), as marks on the touches lane: their time
    /// and what they say.
    var viewEvents: [(t: Double, label: String)] = []
    /// The scene's controls, each with its control records: a lane each.
    var controls: [ControlLane] = []
    /// The time of the last record of any kind (a scroll view decelerating after the touches), which
    /// the timeline reaches.
    var lastRecordTime: Double? = nil

    /// The recognizers that get a lane: the scene's, then those only the transitions name (a scroll
    /// view's own pan and pinch).
    var lanes: [RecognizerLane] { RecognizerLane.lanes(of: scene, transitions: [transitions]) }
}

/// A control's lane in the timeline: when it tracked a touch, and the events it sent.
struct ControlLane {
    var name: String
    var kind: ControlKind
    var records: [ControlRecord]
}

extension PlotInput {
    /// The picture of a recorded run: its samples, transitions, control lanes and view events.
    init(_ run: RecordedRun) {
        var transitions: [TransitionRecord] = []
        var viewEvents: [(t: Double, label: String)] = []
        var controls: [String: [ControlRecord]] = [:]
        for record in run.records {
            switch record {
            case .transition(let transition): transitions.append(transition)
            case .control(let control):
                controls[control.control, default: []].append(control)
                viewEvents.append((control.t, "\(control.control) \(control.event.rawValue)"))
            case .scroll(let scroll) where scroll.event != .didScroll && scroll.event != .didZoom:
                viewEvents.append((scroll.t, "\(scroll.scrollView) \(scroll.event.rawValue)"))
            case .scroll, .delivery: break
            }
        }
        var lanes: [ControlLane] = []
        func visit(_ views: [ViewDescription]) {
            for view in views {
                if let control = view.control { lanes.append(ControlLane(name: view.name, kind: control.kind, records: controls[view.name] ?? [])) }
                visit(view.children)
            }
        }
        visit(run.scene.views)
        self.init(
            name: run.displayName, screen: run.screen, scene: run.scene, sceneOrigin: run.origin.description, samples: run.samples,
            transitions: transitions, viewEvents: viewEvents, controls: lanes, lastRecordTime: run.records.last?.t)
    }
}

/// One finger's touch from `began` to `ended` or `cancelled` (or the end of the trace).
struct TouchPath {
    /// The finger's id in the trace.
    var id: TouchID
    /// The order the touch began in, from 0: picks its colour.
    var index: Int
    /// Where the finger was, when.
    var points: [(t: Double, location: Point)]
    /// How it finished: `ended`, `cancelled`, or nil when still down at the end of the trace.
    var end: TouchPhase?

    /// When the touch began.
    var start: Double { points.first?.t ?? 0 }
    /// When the touch finished.
    var finish: Double { points.last?.t ?? 0 }

    /// The length of the path in points.
    var length: Double {
        zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.location.distance(to: $1.1.location) }
    }

    /// Every touch of `samples`, in the order they began.
    static func paths(of samples: [Sample]) -> [TouchPath] {
        var paths: [TouchPath] = []
        var open: [TouchID: Int] = [:]
        for sample in samples {
            guard case let .touch(id, phase, location, _, _) = sample.kind else { continue }
            if phase == .began || open[id] == nil {
                open[id] = paths.count
                paths.append(TouchPath(id: id, index: paths.count, points: [], end: nil))
            }
            guard let index = open[id] else { continue }
            paths[index].points.append((sample.t, location))
            if phase.isTerminal {
                paths[index].end = phase
                open[id] = nil
            }
        }
        return paths
    }
}

/// Draws a trace as SVG 1.1: the scene's views with the touch paths over them, a legend of the fingers,
/// and below them a timeline with a lane of touches and a lane per recognizer.
///
/// Every mark has a `<title>` that a browser shows on hover: the state, the time, the reason of a
/// failure, the figures of the transition. The drawing is deterministic: the same input gives the
/// same bytes.
///
/// See also: ``PlotCommand``, ``SVGWriter``, ``PlotPalette``.
struct SVGPlot {
    let input: PlotInput
    let paths: [TouchPath]
    /// Points to pixels for the screen drawing.
    let scale: Double
    let layout: PlotLayout
    /// The times the timeline spans, computed once (every x coordinate needs it).
    let timeRange: (start: Double, end: Double)
    /// The value charts under the lanes.
    let charts: PlotCharts
    /// The failure and cancellation reasons written under the timeline.
    let notes: [PlotNote]
    /// The number of each note, by the index of its transition.
    let noteNumbers: [Int: Int]
    /// How many reasons are beyond the notes' limit.
    let unlistedNotes: Int

    /// Whether only the title and the timeline are drawn.
    let timelineOnly: Bool
    /// The recognizers with a lane, in order.
    let lanes: [RecognizerLane]

    /// Lays out the picture of `input`; with `timelineOnly`, of its title and timeline alone.
    init(_ input: PlotInput, timelineOnly: Bool = false) {
        self.input = input
        self.timelineOnly = timelineOnly
        lanes = input.lanes
        timeRange = Self.timeRange(of: input)
        paths = TouchPath.paths(of: input.samples)
        charts = PlotCharts(input, lanes: lanes, paths: paths)
        let screen = input.screen
        scale = min(PlotLayout.screenBox.width / max(screen.width, 1), PlotLayout.screenBox.height / max(screen.height, 1))
        let drawing = Size(width: screen.width * scale, height: screen.height * scale)
        let rows = TimelineRows.assign(paths).rows
        let laneCount = lanes.count + input.controls.count
        let width = PlotLayout(screen: drawing, fingers: paths.count, lanes: laneCount, touchRows: rows).width
        (notes, noteNumbers, unlistedNotes) = PlotNote.notes(
            of: input.transitions, columns: Int((width - 2 * PlotLayout.margin - 30) / 6.2))
        layout = PlotLayout(
            screen: drawing, fingers: paths.count, lanes: laneCount, touchRows: rows,
            touchChart: charts.touchSpeed?.height ?? 0, laneCharts: charts.lanes.map { $0.reduce(0) { $0 + $1.height } },
            timelineOnly: timelineOnly, noteLines: notes.reduce(unlistedNotes > 0 ? 1 : 0) { $0 + $1.lines.count })
    }

    /// The SVG document.
    func render() -> String {
        var svg = SVGWriter(width: layout.width, height: layout.height)
        svg.comment("gesturectl plot of \(input.name)")
        drawTitle(&svg)
        if !timelineOnly {
            drawScreen(&svg)
            drawLegend(&svg)
            drawDetail(&svg)
        }
        drawTimeline(&svg)
        return svg.finish()
    }

    private func drawTitle(_ svg: inout SVGWriter) {
        let duration = timeRange.end - timeRange.start
        let fingers = CheckSummary.plural(paths.count, "touch", "touches")
        let samples = CheckSummary.plural(input.samples.count, "sample", "samples")
        let recognizers = CheckSummary.plural(lanes.count, "recognizer", "recognizers")
        var subtitle =
            "\(samples), \(fingers), \(format(duration, 3)) s · screen \(format(input.screen.width, 2))×\(format(input.screen.height, 2)) pt · \(recognizers)"
        if !input.controls.isEmpty { subtitle += " · " + CheckSummary.plural(input.controls.count, "control", "controls") }
        if !input.sceneOrigin.isEmpty { subtitle += " · " + input.sceneOrigin }
        svg.text(input.name, [("x", n(PlotLayout.margin)), ("y", "28"), ("font-size", "18"), ("font-weight", "bold"), ("fill", "#222")])
        svg.text(subtitle, [("x", n(PlotLayout.margin)), ("y", "48"), ("font-size", "12"), ("fill", "#666")])
    }

    // MARK: Screen

    /// The screen drawing's projection.
    private var screenProjection: PlotProjection {
        PlotProjection(from: .zero, scale: scale, to: Point(x: PlotLayout.margin, y: PlotLayout.top))
    }

    private func drawScreen(_ svg: inout SVGWriter) {
        let origin = screenProjection.pixelOrigin
        svg.open("g", [("id", "screen")])
        svg.element("rect", [
            ("x", n(origin.x)), ("y", n(origin.y)), ("width", n(layout.screen.width)), ("height", n(layout.screen.height)),
            ("fill", "#fbfbfd"), ("stroke", "#333"), ("stroke-width", "1.5"),
        ], title: "screen \(format(input.screen.width, 2)) × \(format(input.screen.height, 2)) pt")
        // Views beyond the screen (a scroll view's content, a pager's next pages) are cut at its edge.
        svg.open("clipPath", [("id", "screen-clip")])
        svg.element("rect", [("x", n(origin.x)), ("y", n(origin.y)), ("width", n(layout.screen.width)), ("height", n(layout.screen.height))])
        svg.close("clipPath")
        svg.open("g", [("clip-path", "url(#screen-clip)")])
        var labels = PlotLabels()
        for view in input.scene.views { drawView(view, offset: .zero, screenProjection, &labels, &svg) }
        svg.close("g")
        for path in paths { drawPath(path, screenProjection, ids: true, &labels, &svg) }
        svg.close("g")
    }

    /// A zoomed copy of the touches and the views around them, under the legend, when the touches
    /// cover a small part of the screen (a tap, a pinch) and there is room.
    private func drawDetail(_ svg: inout SVGWriter) {
        let all = paths.flatMap { $0.points.map(\.location) }
        guard let first = all.first else { return }
        var low = first
        var high = first
        for p in all {
            low = Point(x: min(low.x, p.x), y: min(low.y, p.y))
            high = Point(x: max(high.x, p.x), y: max(high.y, p.y))
        }
        let room = Size(width: PlotLayout.legendWidth - 20, height: PlotLayout.top + layout.screen.height - layout.legendBottom - 28)
        guard room.height >= 140 else { return }
        let extent = max(high.x - low.x, high.y - low.y)
        let pad = max(extent * 0.2, 24)
        var width = high.x - low.x + 2 * pad
        var height = high.y - low.y + 2 * pad
        let zoom = min(room.width / width, room.height / height, scale * 12)
        guard zoom >= scale * 1.6 else { return }
        width = max(width, min(room.width / zoom, width * 1.6))
        height = max(height, min(room.height / zoom, max(width * 0.6, height)))
        let box = Rect(
            x: PlotLayout.margin + layout.screen.width + PlotLayout.gap, y: layout.legendBottom + 28,
            width: width * zoom, height: height * zoom)
        let center = Point(x: (low.x + high.x) / 2, y: (low.y + high.y) / 2)
        let projection = PlotProjection(
            from: Point(x: center.x - width / 2, y: center.y - height / 2), scale: zoom, to: box.origin)
        svg.open("g", [("id", "detail")])
        svg.text("Detail, \(format(zoom / scale, 1))× the screen drawing", [
            ("x", n(box.origin.x)), ("y", n(box.origin.y - 8)), ("font-size", "13"), ("font-weight", "bold"), ("fill", "#222"),
        ])
        svg.open("clipPath", [("id", "detail-clip")])
        svg.element("rect", [("x", n(box.origin.x)), ("y", n(box.origin.y)), ("width", n(box.size.width)), ("height", n(box.size.height))])
        svg.close("clipPath")
        svg.element("rect", [
            ("x", n(box.origin.x)), ("y", n(box.origin.y)), ("width", n(box.size.width)), ("height", n(box.size.height)),
            ("fill", "#fbfbfd"), ("stroke", "#999"), ("stroke-width", "1"), ("stroke-dasharray", "5 3"),
        ], title: "detail: (\(format(center.x - width / 2, 1)), \(format(center.y - height / 2, 1))) to (\(format(center.x + width / 2, 1)), \(format(center.y + height / 2, 1))) pt")
        svg.open("g", [("clip-path", "url(#detail-clip)")])
        var labels = PlotLabels()
        for view in input.scene.views { drawView(view, offset: .zero, projection, &labels, &svg) }
        for path in paths { drawPath(path, projection, ids: false, &labels, &svg) }
        svg.close("g")
        svg.close("g")
    }

    private func drawView(
        _ view: ViewDescription, offset: Point, _ projection: PlotProjection, _ labels: inout PlotLabels, _ svg: inout SVGWriter
    ) {
        let scale = projection.scale
        let frame = Rect(
            x: offset.x + view.frame.origin.x, y: offset.y + view.frame.origin.y,
            width: view.frame.size.width, height: view.frame.size.height)
        let topLeft = projection.pixel(frame.origin)
        var attributes: [(String, String)] = [
            ("x", n(topLeft.x)), ("y", n(topLeft.y)), ("width", n(frame.size.width * scale)),
            ("height", n(frame.size.height * scale)), ("fill", "#8795a8"), ("fill-opacity", "0.05"),
            ("stroke", "#6b7a8f"), ("stroke-width", "1"),
        ]
        if view.hidden || !view.userInteractionEnabled { attributes.append(("stroke-dasharray", "4 3")) }
        let flags = (view.hidden ? ", hidden" : "") + (view.userInteractionEnabled ? "" : ", no interaction")
        svg.open("g", [("class", "view")])
        svg.element("rect", attributes,
            title: "view \(view.name): (\(format(frame.origin.x, 2)), \(format(frame.origin.y, 2))) \(format(frame.size.width, 2)) × \(format(frame.size.height, 2)) pt\(flags)")
        let characters = min(max(frame.size.width * scale / 6.5, 4), 200)
        let name = PlotLayout.truncated(view.name, to: characters.isFinite ? Int(characters) : 4)
        let baseline = labels.place(name, x: topLeft.x + 4, y: topLeft.y + 13, fontSize: 11)
        svg.text(name, [("x", n(topLeft.x + 4)), ("y", n(baseline)), ("font-size", "11"), ("fill", "#4a5668")])
        svg.close("g")
        for child in view.children { drawView(child, offset: frame.origin, projection, &labels, &svg) }
    }

    private func drawPath(
        _ path: TouchPath, _ projection: PlotProjection, ids: Bool, _ labels: inout PlotLabels, _ svg: inout SVGWriter
    ) {
        let pixel = projection.pixel
        guard let first = path.points.first, let last = path.points.last else { return }
        let color = PlotPalette.color(path.index)
        let ending = path.end.map { $0.rawValue } ?? "still down at the end"
        svg.open("g", [("class", "touch")] + (ids ? [("id", "touch-\(path.index + 1)")] : []),
            title: "touch \(path.id): began at t=\(format(first.t, 4)) at (\(format(first.location.x, 2)), \(format(first.location.y, 2))); "
                + "\(ending) at t=\(format(last.t, 4)) at (\(format(last.location.x, 2)), \(format(last.location.y, 2))); "
                + CheckSummary.plural(path.points.count, "sample", "samples") + ", \(format(path.length, 1)) pt")
        let points = path.points.map { point -> String in
            let p = pixel(point.location)
            return n(p.x) + "," + n(p.y)
        }.joined(separator: " ")
        svg.element("polyline", [
            ("points", points), ("fill", "none"), ("stroke", color), ("stroke-width", "2.5"),
            ("stroke-linejoin", "round"), ("stroke-linecap", "round"), ("stroke-opacity", "0.9"),
        ])
        if path.points.count <= 400 {
            for point in path.points.dropFirst().dropLast() {
                let p = pixel(point.location)
                svg.element("circle", [("cx", n(p.x)), ("cy", n(p.y)), ("r", "1.3"), ("fill", color)])
            }
        }
        let start = pixel(first.location)
        svg.element("circle", [
            ("cx", n(start.x)), ("cy", n(start.y)), ("r", "6.5"), ("fill", color), ("stroke", "#ffffff"), ("stroke-width", "1.5"),
        ], title: "touch \(path.id) down at t=\(format(first.t, 4))")
        let end = pixel(last.location)
        if path.end == .ended {
            svg.element("rect", [
                ("x", n(end.x - 3.5)), ("y", n(end.y - 3.5)), ("width", "7"), ("height", "7"), ("fill", color),
                ("stroke", "#ffffff"), ("stroke-width", "1.5"),
            ], title: "touch \(path.id) up at t=\(format(last.t, 4))")
        } else {
            PlotMarks.cross(at: end, size: 5.5, color: color, width: 2.5, title: "touch \(path.id) \(ending) at t=\(format(last.t, 4))", &svg)
        }
        let baseline = labels.place("\(path.id)", x: start.x + 7, y: start.y - 6, fontSize: 11)
        svg.text("\(path.id)", [
            ("x", n(start.x + 7)), ("y", n(baseline)), ("font-size", "11"), ("font-weight", "bold"), ("fill", color),
        ])
        svg.close("g")
    }

    // MARK: Legend

    private func drawLegend(_ svg: inout SVGWriter) {
        let x = PlotLayout.margin + layout.screen.width + PlotLayout.gap
        var y = PlotLayout.top + 4
        svg.open("g", [("id", "legend")])
        svg.text("Touches", [("x", n(x)), ("y", n(y + 10)), ("font-size", "13"), ("font-weight", "bold"), ("fill", "#222")])
        y += 26
        if paths.isEmpty {
            svg.text("no touches in this trace", [("x", n(x)), ("y", n(y + 8)), ("font-size", "12"), ("fill", "#666")])
            y += 20
        }
        for path in paths.prefix(PlotLayout.legendRows) {
            let color = PlotPalette.color(path.index)
            svg.element("line", [
                ("x1", n(x)), ("y1", n(y + 4)), ("x2", n(x + 22)), ("y2", n(y + 4)), ("stroke", color), ("stroke-width", "3"),
            ])
            svg.element("circle", [("cx", n(x)), ("cy", n(y + 4)), ("r", "4"), ("fill", color)])
            let ending = path.end.map { $0 == .ended ? "" : ", \($0.rawValue)" } ?? ", still down"
            svg.text("touch \(path.id)   \(format(path.start, 3))–\(format(path.finish, 3)) s, \(format(path.length, 0)) pt\(ending)", [
                ("x", n(x + 30)), ("y", n(y + 8)), ("font-size", "12"), ("fill", "#333"),
            ])
            y += PlotLayout.legendRowHeight
        }
        if paths.count > PlotLayout.legendRows {
            svg.text("… and \(paths.count - PlotLayout.legendRows) more", [("x", n(x + 30)), ("y", n(y + 8)), ("font-size", "12"), ("fill", "#666")])
            y += PlotLayout.legendRowHeight
        }
        y += 12
        let markers: [(String, (Point, inout SVGWriter) -> Void)] = [
            ("touch down", { p, svg in svg.element("circle", [("cx", n(p.x)), ("cy", n(p.y)), ("r", "5"), ("fill", "#555")]) }),
            ("lift (ended)", { p, svg in
                svg.element("rect", [("x", n(p.x - 4.5)), ("y", n(p.y - 4.5)), ("width", "9"), ("height", "9"), ("fill", "#555")])
            }),
            ("cancelled or still down", { p, svg in PlotMarks.cross(at: p, size: 5, color: "#555", width: 2.5, title: nil, &svg) }),
        ]
        for (label, draw) in markers {
            draw(Point(x: x + 11, y: y + 4), &svg)
            svg.text(label, [("x", n(x + 30)), ("y", n(y + 8)), ("font-size", "12"), ("fill", "#333")])
            y += PlotLayout.legendRowHeight
        }
        svg.close("g")
    }

    // MARK: Helpers

    /// The time span the timeline shows: from the first sample to the last sample or record of any
    /// kind (a scroll view decelerating after the finger lifted included).
    static func timeRange(of input: PlotInput) -> (start: Double, end: Double) {
        if let span = input.timeSpan, span.end > span.start, (span.end - span.start).isFinite { return span }
        let times = input.samples.map(\.t) + input.transitions.map(\.t) + input.viewEvents.map(\.t) + (input.lastRecordTime.map { [$0] } ?? [])
        let start = times.min() ?? 0
        let end = max(times.max() ?? 0, start + 0.1)
        guard end - start > 0, (end - start).isFinite else { return (start, start + 1) }
        return (start, end)
    }

    /// A number for an attribute.
    func n(_ value: Double) -> String { SVGWriter.number(value) }

    /// A number for people, with at most `digits` decimals.
    func format(_ value: Double, _ digits: Int) -> String { DecimalFormatting.string(value, fractionDigits: digits) }
}

/// Maps screen points to pixels: `pointOrigin` lands on `pixelOrigin`, and a point is `scale` pixels.
struct PlotProjection {
    let pointOrigin: Point
    let scale: Double
    let pixelOrigin: Point

    init(from pointOrigin: Point, scale: Double, to pixelOrigin: Point) {
        self.pointOrigin = pointOrigin
        self.scale = scale
        self.pixelOrigin = pixelOrigin
    }

    /// The pixel of a screen point.
    func pixel(_ point: Point) -> Point {
        Point(x: pixelOrigin.x + (point.x - pointOrigin.x) * scale, y: pixelOrigin.y + (point.y - pointOrigin.y) * scale)
    }
}

/// Marks shared by the drawing and its legends.
enum PlotMarks {
    /// An × centred on `point`.
    static func cross(at point: Point, size: Double, color: String, width: Double, title: String?, _ svg: inout SVGWriter) {
        let d = "M \(SVGWriter.number(point.x - size)) \(SVGWriter.number(point.y - size)) L \(SVGWriter.number(point.x + size)) \(SVGWriter.number(point.y + size)) "
            + "M \(SVGWriter.number(point.x - size)) \(SVGWriter.number(point.y + size)) L \(SVGWriter.number(point.x + size)) \(SVGWriter.number(point.y - size))"
        svg.element("path", [("d", d), ("stroke", color), ("stroke-width", SVGWriter.number(width)), ("stroke-linecap", "round"), ("fill", "none")], title: title)
    }

    /// A diamond centred on `point`.
    static func diamond(at point: Point, size: Double, color: String, title: String?, _ svg: inout SVGWriter) {
        let n = SVGWriter.number
        let d = "M \(n(point.x)) \(n(point.y - size)) L \(n(point.x + size)) \(n(point.y)) L \(n(point.x)) \(n(point.y + size)) L \(n(point.x - size)) \(n(point.y)) Z"
        svg.element("path", [("d", d), ("fill", color), ("stroke", "#ffffff"), ("stroke-width", "1")], title: title)
    }
}

/// The colours of the fingers: Tableau 10, ten hues people tell apart, in an order where neighbours differ.
enum PlotPalette {
    static let colors = [
        "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#17becf", "#e377c2", "#8c564b", "#bcbd22", "#7f7f7f",
    ]

    /// The colour of the touch that began `index`-th (from 0); the eleventh takes the first again.
    static func color(_ index: Int) -> String { colors[index % colors.count] }
}
