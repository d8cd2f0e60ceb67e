import GestureKit

@testable import GestureCLI

// The `text` format rendered the simple way (`TextTraceRenderer` streams): every record of the
// trace kept, grouped into gestures (or, with deliveries, listed as a log), then aligned. The
// reference the streaming renderer must match byte for byte (TextStreamingTests).

/// The text of one trace whose records are all known.
struct ReferenceTextRenderer {
    let options: RenderOptions

    /// The trace's text, once all its records are known.
    func render(_ trace: AnalyzedTrace) -> String {
        var lines = [style(.bold, trace.path) + (trace.scene.map { ": " + $0.description } ?? "")]
        let timeWidth = trace.records.map { Self.time($0.t).count }.max() ?? 0
        if options.deliveries {
            // A log: every transition and delivery in the order they happened.
            if trace.records.isEmpty { lines.append("  no transitions and no deliveries") }
            let whatWidth = trace.records.map { record -> Int in
                switch record {
                case .transition(let t): return t.state.rawValue.count
                case .delivery(let d): return d.method.rawValue.count
                case .control, .scroll: return 0  // The reference knows no controls or scroll views.
                }
            }.max() ?? 0
            let whoWidth = trace.records.map { record -> Int in
                switch record {
                case .transition(let t): return t.recognizer.count
                case .delivery(let d): return d.responder.count
                case .control, .scroll: return 0
                }
            }.max() ?? 0
            for record in trace.records {
                let columns: [String]
                switch record {
                case .transition(let t):
                    columns = [
                        style(.dim, Self.time(t.t).padding(to: timeWidth)),
                        style(Self.color(of: t.state), t.state.rawValue.padding(to: whatWidth)),
                        t.recognizer.padding(to: whoWidth), Self.figures(of: t).joined(separator: ", "),
                    ]
                case .delivery(let d):
                    columns = [
                        style(.dim, Self.time(d.t).padding(to: timeWidth)), d.method.rawValue.padding(to: whatWidth),
                        d.responder.padding(to: whoWidth), Self.figures(of: d).joined(separator: ", "),
                    ]
                case .control, .scroll:
                    continue
                }
                lines.append(Self.trimmed("  " + columns.joined(separator: "  ")))
            }
            return lines.joined(separator: "\n") + "\n"
        }
        let gestures = Gesture.group(trace.transitions)
        if gestures.isEmpty { lines.append("  no gestures") }
        let spans = gestures.map(Self.span)
        let outcomeWidth = gestures.map(\.outcome.rawValue.count).max() ?? 0
        let nameWidth = gestures.map(\.recognizer.count).max() ?? 0
        let kindWidth = gestures.map(\.kind.count).max() ?? 0
        let viewWidth = gestures.map(\.view.count).max() ?? 0
        let spanWidth = spans.map(\.count).max() ?? 0
        // A gesture of one transition is its gesture line alone; with --compact every gesture is.
        let shown = options.compact ? [] : gestures.filter { $0.transitions.count > 1 }
        let stateWidth = shown.flatMap(\.transitions).map(\.state.rawValue.count).max() ?? 0
        for (gesture, span) in zip(gestures, spans) {
            let outcome = gesture.outcome
            let columns = [
                style(Self.color(of: outcome), outcome.rawValue.padding(to: outcomeWidth)),
                gesture.recognizer.padding(to: nameWidth),
                gesture.kind.padding(to: kindWidth),
                gesture.view.padding(to: viewWidth),
                span.padding(to: spanWidth),
                Self.summary(of: gesture),
            ]
            lines.append(Self.trimmed("  " + columns.joined(separator: "  ")))
            guard !options.compact, gesture.transitions.count > 1 else { continue }
            for transition in gesture.transitions {
                let columns = [
                    style(.dim, Self.time(transition.t).padding(to: timeWidth)),
                    transition.state.rawValue.padding(to: stateWidth),
                    Self.figures(of: transition).joined(separator: ", "),
                ]
                lines.append(Self.trimmed("      " + columns.joined(separator: "  ")))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func style(_ style: TerminalStyle?, _ text: String) -> String {
        guard options.color, let style else { return text }
        return style.apply(text)
    }

    private static func color(of outcome: RecognizerState) -> TerminalStyle? {
        switch outcome {
        case .recognized, .ended: return .green
        case .failed: return .red
        case .cancelled: return .yellow
        case .possible, .began, .changed: return nil
        }
    }

    /// `0.44 s`, or `0.108–0.5 s` for a gesture that lasts.
    private static func span(_ gesture: Gesture) -> String {
        gesture.start == gesture.end ? time(gesture.start) + " s" : time(gesture.start) + "–" + time(gesture.end) + " s"
    }

    /// The gesture line's figures: the reason of a failure or cancellation, otherwise the final
    /// transition's figures but the touch count; then the first transition's cause.
    private static func summary(of gesture: Gesture) -> String {
        let last = gesture.transitions[gesture.transitions.count - 1]
        let cause = gesture.transitions[0].cause
        if let reason = last.reason { return reason + (cause.map { "; it began because " + $0 } ?? "") }
        var record = last
        record.touches = nil
        record.cause = cause
        return figures(of: record).joined(separator: ", ")
    }

    private static func figures(of record: TransitionRecord) -> [String] {
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

    private static func figures(of record: DeliveryRecord) -> [String] {
        var figures: [String] = []
        if let subtype = record.subtype { figures.append(subtype) }
        if !record.touches.isEmpty { figures.append("touches " + record.touches.map(\.description).joined(separator: " ")) }
        if !record.chain.isEmpty { figures.append("via " + record.chain.joined(separator: " ")) }
        if let delayedBy = record.delayedBy { figures.append("delayed by " + delayedBy) }
        if let cancelledBy = record.cancelledBy { figures.append("cancelled by " + cancelledBy) }
        if record.dropped { figures.append("dropped") }
        return figures
    }

    private static func time(_ t: Double) -> String { DecimalFormatting.string(t, fractionDigits: 3) }
    private static func number(_ value: Double) -> String { DecimalFormatting.string(value, fractionDigits: 2) }
    private static func point(_ p: Point) -> String { "(\(number(p.x)), \(number(p.y)))" }

    /// The line without trailing spaces (padding of an empty last column).
    private static func trimmed(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
