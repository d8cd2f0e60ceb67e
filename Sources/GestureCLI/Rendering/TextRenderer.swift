import GestureKit

/// The `text` format: a timeline for people.
///
/// A heading names the trace; beneath it one line per gesture (outcome first, then recognizer,
/// kind and view, time span, key figures), each followed by its transitions, indented. Columns are
/// aligned within a trace. Times show 3 decimals, other figures 2. With `--deliveries` a
/// `deliveries` section lists them in order. Colour (outcome, heading) only when allowed.
///
/// ```
/// traces/tap.jsonl
///   failed      doubleTap  tap  screen  0.44 s  no second tap within 0.35 s
///       0.44  failed      no second tap within 0.35 s
///   recognized  tap        tap  screen  0.44 s  at (195, 420), taps 1
///       0.44  recognized  at (195, 420), touches 1, taps 1
/// ```
struct TextRenderer: AnalysisRenderer {
    let options: RenderOptions
    let separator = "\n"

    func traceRenderer(path: String) -> TraceRenderer { TextTraceRenderer(path: path, options: options) }
    func traceRenderer(path: String, scene: SceneOrigin) -> TraceRenderer {
        TextTraceRenderer(path: path, scene: scene, options: options)
    }

    /// The colour of a gesture's outcome.
    static func color(of outcome: RecognizerState) -> TerminalStyle? {
        switch outcome {
        case .recognized, .ended: return .green
        case .failed: return .red
        case .cancelled: return .yellow
        case .possible, .began, .changed: return nil
        }
    }

    /// `0.44 s`, or `0.108–0.5 s` for a gesture that lasts.
    static func span(start: Double, end: Double) -> String {
        start == end ? time(start) + " s" : time(start) + "–" + time(end) + " s"
    }

    /// The gesture line's figures: the reason of a failure or cancellation, otherwise the final
    /// transition's figures but the touch count; then what made the gesture begin or recognize
    /// (`cause`, the first transition's), also with `--compact`.
    static func summary(of last: TransitionRecord, cause: String?) -> String {
        if let reason = last.reason { return cause.map { reason + "; it began because " + $0 } ?? reason }
        var record = last
        record.touches = nil
        record.cause = cause
        return figures(of: record).joined(separator: ", ")
    }

    /// A transition's figures, in order.
    static func figures(of record: TransitionRecord) -> [String] {
        var figures: [String] = []
        if let location = record.location { figures.append("at " + point(location)) }
        if let touches = record.touches { figures.append("touches \(touches)") }
        if let translation = record.translation { figures.append("translation " + point(translation)) }
        switch record.velocity {
        case .vector(let velocity)?: figures.append("velocity " + point(velocity))
        case .scalar(let velocity)?: figures.append("velocity " + number(velocity))
        case nil: break
        }
        if let scale = record.scale { figures.append("scale " + number(scale)) }
        if let rotation = record.rotation { figures.append("rotation " + number(rotation) + " rad") }
        if let direction = record.direction { figures.append("direction " + direction) }
        if let taps = record.taps { figures.append("taps \(taps)") }
        if let template = record.template { figures.append("template " + template) }
        if let score = record.score { figures.append("score " + number(score)) }
        if let reason = record.reason { figures.append(reason) }
        if let cause = record.cause { figures.append("because " + cause) }
        return figures
    }

    /// A delivery's figures, in order.
    static func figures(of record: DeliveryRecord) -> [String] {
        var figures: [String] = []
        if let subtype = record.subtype { figures.append(subtype) }
        if !record.touches.isEmpty { figures.append("touches " + record.touches.map(\.description).joined(separator: " ")) }
        if !record.chain.isEmpty { figures.append("via " + record.chain.joined(separator: " ")) }
        if let delayedBy = record.delayedBy { figures.append("delayed by " + delayedBy) }
        if let cancelledBy = record.cancelledBy { figures.append("cancelled by " + cancelledBy) }
        if record.dropped { figures.append("dropped") }
        return figures
    }

    /// A control record's figures, in order.
    static func figures(of record: ControlRecord) -> [String] {
        var figures = [record.kind.rawValue]
        if let location = record.location { figures.append("at " + point(location)) }
        figures.append("touches " + record.touches.map(\.description).joined(separator: " "))
        switch record.value {
        case .number(let value)?: figures.append("value " + number(value))
        case .on(let on)?: figures.append(on ? "on" : "off")
        case nil: break
        }
        if let cancelledBy = record.cancelledBy { figures.append("cancelled by " + cancelledBy) }
        return figures
    }

    /// A scroll record's figures, in order.
    static func figures(of record: ScrollRecord) -> [String] {
        var figures = ["offset " + point(record.contentOffset)]
        if let velocity = record.velocity { figures.append("velocity " + point(velocity)) }
        if let target = record.targetContentOffset { figures.append("target " + point(target)) }
        if let decelerate = record.decelerate { figures.append(decelerate ? "decelerates" : "does not decelerate") }
        if let zoomScale = record.zoomScale { figures.append("zoom " + number(zoomScale)) }
        return figures
    }

    /// A time, at up to 3 decimals.
    static func time(_ t: Double) -> String { DecimalFormatting.string(t, fractionDigits: 3) }
    private static func number(_ value: Double) -> String { DecimalFormatting.string(value, fractionDigits: 2) }
    private static func point(_ p: Point) -> String { "(\(number(p.x)), \(number(p.y)))" }
}
