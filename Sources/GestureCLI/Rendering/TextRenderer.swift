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
    static func appendSpan(start: Double, end: Double, into out: LineBuffer) {
        appendTime(start, into: out)
        if start != end {
            out.write(utf8: "–")
            appendTime(end, into: out)
        }
        out.write(" s")
    }

    /// The gesture line's figures: the reason of a failure or cancellation, otherwise the final
    /// transition's figures but the touch count; then what made the gesture begin or recognize
    /// (`cause`, the first transition's), also with `--compact`.
    static func appendSummary(of last: TransitionRecord, cause: String?, into out: LineBuffer) {
        if let reason = last.reason {
            out.write(utf8: reason)
            if let cause {
                out.write("; it began because ")
                out.write(utf8: cause)
            }
            return
        }
        appendFigures(of: last, touches: false, cause: cause, into: out)
    }

    /// A transition's figures, in order, separated by commas; the touch count when `touches`, and
    /// `cause` (the record's own, or for a gesture line its first transition's).
    static func appendFigures(of record: TransitionRecord, touches: Bool = true, cause: String?, into out: LineBuffer) {
        var list = FigureList()
        if let location = record.location {
            list.next(out)
            out.write("at ")
            appendPoint(location, into: out)
        }
        if touches, let count = record.touches {
            list.next(out)
            out.write("touches ")
            out.write(integer: count)
        }
        if let translation = record.translation {
            list.next(out)
            out.write("translation ")
            appendPoint(translation, into: out)
        }
        switch record.velocity {
        case .vector(let velocity)?:
            list.next(out)
            out.write("velocity ")
            appendPoint(velocity, into: out)
        case .scalar(let velocity)?:
            list.next(out)
            out.write("velocity ")
            appendNumber(velocity, into: out)
        case nil: break
        }
        if let scale = record.scale {
            list.next(out)
            out.write("scale ")
            appendNumber(scale, into: out)
        }
        if let rotation = record.rotation {
            list.next(out)
            out.write("rotation ")
            appendNumber(rotation, into: out)
            out.write(" rad")
        }
        list.append("direction ", record.direction, into: out)
        if let taps = record.taps {
            list.next(out)
            out.write("taps ")
            out.write(integer: taps)
        }
        list.append("template ", record.template, into: out)
        if let score = record.score {
            list.next(out)
            out.write("score ")
            appendNumber(score, into: out)
        }
        list.append("", record.reason, into: out)
        list.append("because ", cause, into: out)
    }

    /// A delivery's figures, in order, separated by commas.
    static func appendFigures(of record: DeliveryRecord, into out: LineBuffer) {
        var list = FigureList()
        list.append("", record.subtype, into: out)
        if !record.touches.isEmpty {
            list.next(out)
            out.write("touches ")
            appendTouches(record.touches, into: out)
        }
        if !record.chain.isEmpty {
            list.next(out)
            out.write("via ")
            for (index, name) in record.chain.enumerated() {
                if index > 0 { out.write(byte: UInt8(ascii: " ")) }
                out.write(utf8: name)
            }
        }
        list.append("delayed by ", record.delayedBy, into: out)
        list.append("cancelled by ", record.cancelledBy, into: out)
        if record.dropped {
            list.next(out)
            out.write("dropped")
        }
    }

    /// A control record's figures, in order, separated by commas.
    static func appendFigures(of record: ControlRecord, into out: LineBuffer) {
        out.write(utf8: record.kind.rawValue)
        if let location = record.location {
            out.write(", at ")
            appendPoint(location, into: out)
        }
        out.write(", touches ")
        appendTouches(record.touches, into: out)
        switch record.value {
        case .number(let value)?:
            out.write(", value ")
            appendNumber(value, into: out)
        case .on(let on)?: out.write(on ? ", on" : ", off")
        case nil: break
        }
        if let cancelledBy = record.cancelledBy {
            out.write(", cancelled by ")
            out.write(utf8: cancelledBy)
        }
    }

    /// A scroll record's figures, in order, separated by commas.
    static func appendFigures(of record: ScrollRecord, into out: LineBuffer) {
        out.write("offset ")
        appendPoint(record.contentOffset, into: out)
        if let velocity = record.velocity {
            out.write(", velocity ")
            appendPoint(velocity, into: out)
        }
        if let target = record.targetContentOffset {
            out.write(", target ")
            appendPoint(target, into: out)
        }
        if let decelerate = record.decelerate { out.write(decelerate ? ", decelerates" : ", does not decelerate") }
        if let zoomScale = record.zoomScale {
            out.write(", zoom ")
            appendNumber(zoomScale, into: out)
        }
    }

    /// A time, at up to 3 decimals.
    @inline(__always)
    static func appendTime(_ t: Double, into out: LineBuffer) { out.write(number: t, fractionDigits: 3) }

    /// Another figure, at up to 2 decimals.
    @inline(__always)
    private static func appendNumber(_ value: Double, into out: LineBuffer) { out.write(number: value, fractionDigits: 2) }

    /// `(x, y)`.
    private static func appendPoint(_ p: Point, into out: LineBuffer) {
        out.write(byte: UInt8(ascii: "("))
        appendNumber(p.x, into: out)
        out.write(", ")
        appendNumber(p.y, into: out)
        out.write(byte: UInt8(ascii: ")"))
    }

    /// Touch ids as the trace spells them, separated by spaces.
    private static func appendTouches(_ touches: [TouchID], into out: LineBuffer) {
        for (index, touch) in touches.enumerated() {
            if index > 0 { out.write(byte: UInt8(ascii: " ")) }
            switch touch {
            case .number(let n): out.write(integer: n)
            case .name(let name): out.write(utf8: name)
            }
        }
    }

    /// Separates figures with commas: ``next(_:)`` before each one.
    private struct FigureList {
        private var empty = true

        @inline(__always)
        mutating func next(_ out: LineBuffer) {
            if !empty { out.write(", ") }
            empty = false
        }

        /// `label` and `text`, when there is a text.
        @inline(__always)
        mutating func append(_ label: StaticString, _ text: String?, into out: LineBuffer) {
            guard let text else { return }
            next(out)
            out.write(label)
            out.write(utf8: text)
        }
    }
}
