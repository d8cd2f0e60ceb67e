import GestureKit
import Testing

@testable import GestureTrace

/// `Synthesizer`: every kind is recognized as itself, traces are valid and reproducible.
@Suite struct SynthesizerTests {}

/// The transitions of `samples` analyzed with the default scene, plus the recognizer `kind` needs
/// when the default scene has none (a screen-edge pan from the left edge, a checkmark).
func synthAnalysis(_ samples: [Sample], kind: SynthKind, screen: Size = .defaultScreen) throws -> [TransitionRecord] {
    var scene = SceneDescription.defaultScene(screen: screen)
    var extra: RecognizerDescription?
    switch kind {
    case .screenEdgePan: extra = RecognizerDescription(name: "screenEdgePan", kind: .screenEdgePan(edges: [.left]), view: "screen")
    case .checkmark: extra = RecognizerDescription(name: "checkmark", kind: .checkmark, view: "screen")
    default: break
    }
    if var extra {
        extra.simultaneousWith = ["*"]
        scene.recognizers.append(extra)
    }
    let engine = try Engine(scene: scene, screen: screen)
    var records: [TransitionRecord] = []
    engine.onRecord = { if case .transition(let t) = $0 { records.append(t) } }
    for sample in samples { engine.process(sample) }
    engine.finish()
    return records
}

/// The final states reached by `recognizer`.
func finalStates(_ records: [TransitionRecord], of recognizer: String) -> [RecognizerState] {
    records.filter { $0.recognizer == recognizer && $0.state.isFinal }.map(\.state)
}

extension SynthesizerTests {
    /// The recognizer that must recognize each kind, and the final state that says so.
    static func expectation(_ kind: SynthKind) -> (recognizer: String, state: RecognizerState) {
        switch kind {
        case .tap, .doubleTap, .swipe, .checkmark: return (kind.rawValue, .recognized)
        case .longPress, .pan, .pinch, .rotation, .screenEdgePan: return (kind.rawValue, .ended)
        }
    }

    @Test(arguments: SynthKind.allCases)
    func everyKindIsRecognizedAsItself(_ kind: SynthKind) throws {
        for (seed, jitter) in [(UInt64(1), 0.0), (1, 0.8), (42, 1.5), (7, 1.5)] {
            var parameters = SynthParameters(kind: kind)
            parameters.seed = seed
            parameters.jitter = jitter
            let samples = try Synthesizer.samples(parameters)
            let records = try synthAnalysis(samples, kind: kind)
            let expected = Self.expectation(kind)
            #expect(finalStates(records, of: expected.recognizer) == [expected.state], "\(kind) seed \(seed) jitter \(jitter)")
            switch kind {
            case .tap: #expect(finalStates(records, of: "doubleTap") == [.failed])
            case .doubleTap: #expect(finalStates(records, of: "tap") == [.failed])
            case .pinch: #expect(finalStates(records, of: "rotation") == [.failed])
            case .rotation: #expect(finalStates(records, of: "pinch") == [.failed])
            case .longPress: #expect(finalStates(records, of: "tap") == [.failed])
            default: break
            }
        }
    }

    @Test(arguments: SynthKind.allCases)
    func tracesAreValidAndReproducible(_ kind: SynthKind) throws {
        var parameters = SynthParameters(kind: kind)
        parameters.jitter = 1
        parameters.seed = 99
        let samples = try Synthesizer.samples(parameters)
        #expect(try Synthesizer.samples(parameters) == samples)
        parameters.seed = 100
        #expect(try Synthesizer.samples(parameters) != samples)
        let text = try TraceWriter.write(samples, header: TraceHeader(version: 1, screen: .defaultScreen), as: .csv)
        let back = try read(text, as: .csv)
        #expect(back.samples == samples)
        #expect(back.warnings.isEmpty)
    }

    @Test func optionsChangeTheGesture() throws {
        var pinch = SynthParameters(kind: .pinch)
        pinch.scale = 0.5
        pinch.distance = 200
        let pinchRecords = try synthAnalysis(try Synthesizer.samples(pinch), kind: .pinch)
        #expect(pinchRecords.last { $0.recognizer == "pinch" }?.scale == 0.5)

        var rotation = SynthParameters(kind: .rotation)
        rotation.angle = -90
        let rotationRecords = try synthAnalysis(try Synthesizer.samples(rotation), kind: .rotation)
        let turned = try #require(rotationRecords.last { $0.recognizer == "rotation" }?.rotation)
        #expect(abs(turned + Double.pi / 2) < 0.01)

        for (degrees, name) in [(0.0, "right"), (90, "down"), (180, "left"), (270, "up")] {
            var swipe = SynthParameters(kind: .swipe)
            swipe.direction = degrees
            swipe.fingers = 2
            var scene = SceneDescription.defaultScene()
            if let index = scene.recognizers.firstIndex(where: { $0.name == "swipe" }) {
                scene.recognizers[index].kind = .swipe(direction: Set(SwipeDirection.allCases), numberOfTouchesRequired: 2)
            }
            let engine = try Engine(scene: scene)
            var records: [TransitionRecord] = []
            engine.onRecord = { if case .transition(let t) = $0 { records.append(t) } }
            for sample in try Synthesizer.samples(swipe) { engine.process(sample) }
            engine.finish()
            #expect(records.first { $0.recognizer == "swipe" && $0.state == .recognized }?.direction == name)
        }

        var pan = SynthParameters(kind: .pan)
        pan.position = Point(x: 100, y: 700)
        pan.distance = 80
        pan.direction = 270
        pan.duration = 1
        pan.rate = 60
        pan.start = 5
        let samples = try Synthesizer.samples(pan)
        #expect(samples.first == .touch(5, id: .number(1), .began, x: 100, y: 740))
        #expect(samples.last == .touch(6, id: .number(1), .ended, x: 100, y: 660))
        #expect(samples.count == 61)
    }

    @Test func outOfRangeParametersAreErrors() {
        var p = SynthParameters(kind: .pinch)
        p.fingers = 3
        #expect(throws: SynthError.self) { try Synthesizer.samples(p) }
        for change in [
            { (p: inout SynthParameters) in p.duration = 0 }, { $0.rate = 0 }, { $0.rate = .infinity }, { $0.scale = -1 },
            { $0.jitter = -1 }, { $0.distance = .nan }, { $0.fingers = 11 },
        ] {
            var q = SynthParameters(kind: .tap)
            q.kind = .pan
            change(&q)
            #expect(throws: SynthError.self) { try Synthesizer.samples(q) }
        }
    }
}
