import GestureKit

/// Runs samples through an engine built from `scene` and returns every record.
func analyze(_ samples: [Sample], scene: SceneDescription = .defaultScene(), deliveries: Bool = false,
             estimator: VelocityEstimatorKind? = nil) throws -> [AnalysisRecord] {
    let engine = try Engine(scene: scene, options: EngineOptions(velocityEstimator: estimator, deliveries: deliveries))
    var records: [AnalysisRecord] = []
    engine.onRecord = { records.append($0) }
    for sample in samples { engine.process(sample) }
    engine.finish()
    return records
}

/// The transitions only.
func transitions(_ samples: [Sample], scene: SceneDescription = .defaultScene(),
                 estimator: VelocityEstimatorKind? = nil) throws -> [TransitionRecord] {
    try analyze(samples, scene: scene, estimator: estimator).compactMap {
        if case .transition(let t) = $0 { return t } else { return nil }
    }
}

/// The deliveries only.
func deliveries(_ samples: [Sample], scene: SceneDescription) throws -> [DeliveryRecord] {
    try analyze(samples, scene: scene, deliveries: true).compactMap {
        if case .delivery(let d) = $0 { return d } else { return nil }
    }
}

/// A scene with one full-screen view `screen` holding the given recognizers.
func singleViewScene(_ recognizers: [RecognizerDescription]) -> SceneDescription {
    var root = ViewDescription(name: "screen", frame: Rect(x: 0, y: 0, width: 390, height: 844))
    root.multipleTouchEnabled = true
    return SceneDescription(views: [root], recognizers: recognizers)
}

/// A recognizer description on `screen`.
func recognizer(_ name: String, _ kind: RecognizerKind, _ configure: (inout RecognizerDescription) -> Void = { _ in })
    -> RecognizerDescription
{
    var r = RecognizerDescription(name: name, kind: kind, view: "screen")
    configure(&r)
    return r
}

/// Touch-sample builders for one finger path.
struct Finger {
    let id: TouchID

    init(_ id: Int) { self.id = .number(id) }

    func down(_ t: Double, _ x: Double, _ y: Double) -> Sample { .touch(t, id: id, .began, x: x, y: y) }
    func move(_ t: Double, _ x: Double, _ y: Double) -> Sample { .touch(t, id: id, .moved, x: x, y: y) }
    func up(_ t: Double, _ x: Double, _ y: Double) -> Sample { .touch(t, id: id, .ended, x: x, y: y) }
    func cancel(_ t: Double, _ x: Double, _ y: Double) -> Sample { .touch(t, id: id, .cancelled, x: x, y: y) }

    /// A straight drag from `from` to `to` over `duration`, sampled every `step` seconds, lifted at the end.
    func drag(from: Point, to: Point, start: Double = 0, duration: Double, step: Double = 1.0 / 120, lift: Bool = true) -> [Sample] {
        var samples = [down(start, from.x, from.y)]
        let n = max(1, Int((duration / step).rounded()))
        for i in 1...n {
            let f = Double(i) / Double(n)
            let x = from.x + (to.x - from.x) * f, y = from.y + (to.y - from.y) * f
            samples.append(i == n && lift ? up(start + duration * f, x, y) : move(start + duration * f, x, y))
        }
        return samples
    }
}

extension Array where Element == TransitionRecord {
    /// `name state@t` strings, for compact assertions.
    var summary: [String] { map { "\($0.recognizer) \($0.state.rawValue)@\(rounded($0.t))" } }

    /// The records of one recognizer.
    func of(_ name: String) -> [TransitionRecord] { filter { $0.recognizer == name } }
}

/// `value` rounded to 6 decimals, as text.
func rounded(_ value: Double) -> String {
    let r = (value * 1_000_000).rounded() / 1_000_000
    return r == r.rounded() ? String(Int(r)) : String(r)
}

/// An engine for `recognizer` alone, attached to a full-window (390 × 844) view named `name`.
func soloEngine(_ recognizer: GestureRecognizer, view name: String = "screen", multipleTouch: Bool = true) -> Engine {
    let window = Window()
    let view = View(name: name, frame: window.frame)
    view.isMultipleTouchEnabled = multipleTouch
    window.addSubview(view)
    view.addGestureRecognizer(recognizer)
    return Engine(window: window, recognizers: [recognizer])
}

/// The transitions that `soloEngine(recognizer)` makes of `samples`.
func soloTransitions(_ recognizer: GestureRecognizer, _ samples: [Sample]) -> [TransitionRecord] {
    let engine = soloEngine(recognizer)
    var records: [TransitionRecord] = []
    engine.onRecord = { if case .transition(let record) = $0 { records.append(record) } }
    for sample in samples { engine.process(sample) }
    engine.finish()
    return records
}

/// Fingers 1 and 2 touching down at `first` and `second`, both moving along x at `moveAt` (to `x1` and
/// `x2`) and lifting there at `liftAt`, in time order (finger 1 first at equal times).
func twoFingerSlide(
    _ first: (t: Double, x: Double, y: Double), _ second: (t: Double, x: Double, y: Double),
    moveAt: Double, to x1: Double, _ x2: Double, liftAt: Double
) -> [Sample] {
    let one = Finger(1), two = Finger(2)
    return [
        one.down(first.t, first.x, first.y), two.down(second.t, second.x, second.y),
        one.move(moveAt, x1, first.y), two.move(moveAt, x2, second.y),
        one.up(liftAt, x1, first.y), two.up(liftAt, x2, second.y),
    ]
}
