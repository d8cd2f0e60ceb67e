/// Recognizes a one-finger stroke that matches one of its named templates closely enough, when the
/// finger lifts: a discrete gesture.
///
/// The stroke is compared with every template by ``UnistrokeMatcher`` (resampled, centred and
/// scaled, so position, size and sampling rate do not matter; orientation does). If the closest
/// template's score reaches ``minimumScore`` the recognizer recognizes and its record carries that
/// template's name and score (`template`, `score`); otherwise it fails with both in the reason,
/// such as "best template 'circle' scored 0.62, below minimumScore 0.8". A second finger, a stroke
/// shorter than `templateMinimumStroke`, or no usable template fails it.
///
/// The stroke keeps at most 4096 points, thinning them out evenly past that, so a finger drawing for
/// minutes does not grow memory without bound.
///
/// See also: ``CheckmarkGestureRecognizer``, ``StrokeTemplate``.
public final class TemplateGestureRecognizer: GestureRecognizer {
    /// The templates, as given.
    public let templates: [StrokeTemplate]
    /// The least score that recognizes, from 0 to 1.
    public let minimumScore: Double
    /// The best match of the last stroke that recognized, reported in its record.
    public private(set) var match: UnistrokeMatcher.Match?

    private let matcher: UnistrokeMatcher
    private var stroke = StrokeBuffer()

    /// Creates a template recognizer.
    public init(name: String, templates: [StrokeTemplate], minimumScore: Double = 0.8) {
        self.templates = templates
        self.minimumScore = minimumScore
        matcher = UnistrokeMatcher(templates: templates)
        super.init(name: name)
    }

    override public var kindName: String { "template" }
    override public var isDiscrete: Bool { true }

    override public func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        guard self.touches.count == 1, let touch = touches.first else {
            fail("\(self.touches.count) fingers touched down; a template stroke is drawn with one finger", code: ReasonCode("tooManyFingers", numbers: ["touches": Double(self.touches.count), "numberOfTouchesRequired": 1]))
            return
        }
        stroke.append(touch.location(in: view))
    }

    override public func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        guard let touch = touches.first else { return }
        stroke.append(touch.location(in: view))
    }

    override public func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        guard let touch = touches.first, state == .possible else { return }
        stroke.append(touch.location(in: view))
        let points = stroke.stroke
        let length = StrokeMath.length(points)
        let minimumLength = thresholds.templateMinimumStroke
        guard length >= minimumLength else {
            fail("stroke is \(format(length)) pt long, shorter than templateMinimumStroke \(format(minimumLength)) pt", code: ReasonCode("strokeTooShort", numbers: ["length": length, "templateMinimumStroke": minimumLength]))
            return
        }
        guard let best = matcher.match(points) else {
            fail(templates.isEmpty ? "it has no templates" : "none of its templates has two distinct points", code: ReasonCode("noTemplates"))
            return
        }
        guard best.score >= minimumScore else {
            fail("best template '\(best.template)' scored \(format(best.score)), below minimumScore \(format(minimumScore))", code: ReasonCode("lowScore", numbers: ["score": best.score, "minimumScore": minimumScore], names: ["template": best.template]))
            return
        }
        match = best
        recognize(
            "best template '\(best.template)' scored \(format(best.score)), at least minimumScore \(format(minimumScore)), "
                + "on a stroke \(format(length)) pt long")
    }

    override public func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        fail("its touches were cancelled", code: ReasonCode("touchesCancelled"))
    }

    override public func reset() {
        stroke = StrokeBuffer()
        match = nil
    }

    override public func describe(_ record: inout TransitionRecord) {
        record.template = match?.template
        record.score = match?.score
    }
}
