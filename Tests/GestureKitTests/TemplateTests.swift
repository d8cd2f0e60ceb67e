@testable import GestureKit
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `template` kind and its ``UnistrokeMatcher``.
///
/// Fixture templates are drawn in a 100 × 100 box; the strokes tested are copies moved, scaled and
/// sampled differently, or other shapes.
@Suite struct TemplateTests {}

extension TemplateTests {
    @Test(arguments: ["circle", "check", "zigzag", "caret", "line"])
    func recognizesAMovedScaledResampledCopyOfItsTemplate(name: String) throws {
        let template = try #require(fixtureTemplates.first { $0.name == name })
        // Three times larger, moved to (150, 300), sampled every 7 pt instead of every ~2 pt.
        let copy = densify(template.points.map { $0 * 3 + Point(x: 150, y: 300) }, spacing: 7)
        let records = try templateRecords(strokeSamples(copy, duration: 0.5))
        #expect(records.map(\.state) == [.recognized])
        let record = try #require(records.first)
        #expect(record.template == name)
        #expect(try #require(record.score) >= 0.9)
        #expect(record.kind == "template")
        #expect(record.touches == 0, "recognized at lift")
    }

    @Test func recognizesAStrokeDrawnWithJitterAtTheTouchSampleRate() throws {
        // A circle of radius 90 pt sampled at 60 Hz over 0.6 s, each point pushed ±1.5 pt.
        var points = densify(circle.map { $0 * 1.8 + Point(x: 100, y: 300) }, spacing: 18)
        for index in points.indices { points[index] = points[index] + Point(x: index % 2 == 0 ? 1.5 : -1.5, y: index % 3 == 0 ? 1.5 : -1) }
        let records = try templateRecords(strokeSamples(points, duration: 0.6))
        #expect(records.first?.template == "circle")
        #expect(try #require(records.first?.score) >= 0.85)
    }

    @Test func rejectsAnUnrelatedShape() throws {
        let spiral = (0..<60).map { i -> Point in
            let angle = Double(i) * 0.35
            return Point(x: 200 + cos(angle) * Double(i) * 2, y: 400 + sin(angle) * Double(i) * 2)
        }
        let records = try templateRecords(strokeSamples(spiral, duration: 0.6), templates: [fixtureTemplates[2], fixtureTemplates[4]])
        #expect(records.map(\.state) == [.failed])
        let reason = try #require(records.first?.reason)
        #expect(reason.hasPrefix("best template '"))
        #expect(reason.hasSuffix(", below minimumScore 0.8"))
        #expect(records.first?.template == nil, "failed records carry no figures")
    }

    @Test func isOrientationSensitive() {
        let matcher = UnistrokeMatcher(templates: [fixtureTemplates[1], fixtureTemplates[3]])
        let v = [Point(x: 0, y: 0), Point(x: 50, y: 100), Point(x: 100, y: 0)]
        let caret = [Point(x: 0, y: 100), Point(x: 50, y: 0), Point(x: 100, y: 100)]
        #expect(matcher.matches(v).map(\.template) == ["check", "caret"])
        #expect(matcher.match(caret)?.template == "caret")
    }

    @Test func scoresAreOrderedAndBetweenZeroAndOne() throws {
        let matcher = UnistrokeMatcher(templates: fixtureTemplates)
        let matches = matcher.matches(densify(circle, spacing: 5))
        #expect(matches.count == fixtureTemplates.count)
        #expect(matches.first?.template == "circle")
        #expect(try #require(matches.first?.score) > 0.99)
        for (a, b) in zip(matches, matches.dropFirst()) { #expect(a.distance <= b.distance) }
        #expect(matches.allSatisfy { (0...1).contains($0.score) })
    }

    @Test func aSampleRateChangeDoesNotMatter() throws {
        let matcher = UnistrokeMatcher(templates: [StrokeTemplate(name: "zigzag", points: densify(zigzag, spacing: 1))])
        for spacing in [2.0, 10.0, 30.0] {
            #expect(try #require(matcher.match(densify(zigzag, spacing: spacing))?.score) > 0.97, "spacing \(spacing)")
        }
    }

    @Test func degenerateStrokesAndTemplatesFailGracefully() throws {
        let matcher = UnistrokeMatcher(templates: [
            StrokeTemplate(name: "dot", points: [Point(x: 5, y: 5), Point(x: 5, y: 5)]),
            StrokeTemplate(name: "empty", points: []),
            StrokeTemplate(name: "nan", points: [Point(x: .nan, y: 0), Point(x: 1, y: 1)]),
            fixtureTemplates[0],
        ])
        #expect(matcher.unusableTemplates == ["dot", "empty", "nan"])
        #expect(matcher.templateNames == ["circle"])
        #expect(matcher.match([]) == nil)
        #expect(matcher.match([Point(x: 3, y: 3)]) == nil)
        #expect(matcher.match([Point(x: 3, y: 3), Point(x: 3, y: 3)]) == nil)
        #expect(matcher.match([Point(x: 0, y: 0), Point(x: .infinity, y: 0)]) == nil)
        if let tiny = matcher.match([Point(x: 0, y: 0), Point(x: 1e-300, y: 0)]) {
            #expect(tiny.score.isFinite && tiny.distance.isFinite)
        }

        // A tap: no length at all.
        let tap: [Sample] = [.touch(0, id: .number(1), .began, x: 100, y: 100), .touch(0.1, id: .number(1), .ended, x: 100, y: 100)]
        let records = try templateRecords(tap)
        #expect(records.map(\.state) == [.failed])
        #expect(records.first?.reason == "stroke is 0 pt long, shorter than templateMinimumStroke 10 pt")

        let noTemplate = try templateRecords(strokeSamples(densify(zigzag, spacing: 5), duration: 0.3), templates: [])
        #expect(noTemplate.first?.reason == "it has no templates")
    }

    @Test func aSecondFingerFailsIt() throws {
        var samples = strokeSamples(densify(circle.map { $0 + Point(x: 100, y: 300) }, spacing: 5), duration: 0.5)
        samples.insert(.touch(0.1, id: .number(2), .began, x: 50, y: 50), at: 3)
        samples.append(.touch(0.6, id: .number(2), .ended, x: 50, y: 50))
        let records = try templateRecords(samples)
        #expect(records.map(\.state) == [.failed])
        #expect(records.first?.reason == "2 fingers touched down; a template stroke is drawn with one finger")
    }

    @Test func theStrokeBufferAlwaysEndsAtTheNewestPoint() {
        var buffer = StrokeBuffer()
        for index in 0..<(3 * StrokeBuffer.capacity + 17) {
            buffer.append(Point(x: Double(index), y: 0))
            #expect(buffer.stroke.last == Point(x: Double(index), y: 0))
            #expect(buffer.stroke.count <= StrokeBuffer.capacity)
        }
        let xs = buffer.stroke.map(\.x)
        #expect(xs == xs.sorted(), "in drawing order")
        #expect(xs.first == 0)
    }

    @Test func anAbsurdlyLongStrokeKeepsABoundedNumberOfPoints() throws {
        var buffer = StrokeBuffer()
        let count = 100_000
        for index in 0..<count {
            let angle = -Double.pi / 2 + Double(index) / Double(count) * 2 * .pi
            buffer.append(Point(x: 100 + 50 * cos(angle), y: 100 + 50 * sin(angle)))
        }
        #expect(buffer.stroke.count <= StrokeBuffer.capacity)
        #expect(buffer.stroke.count > StrokeBuffer.capacity / 2)
        #expect(buffer.stroke.first == Point(x: 100, y: 50))
        let lastAngle = -Double.pi / 2 + Double(count - 1) / Double(count) * 2 * .pi
        #expect(buffer.stroke.last == Point(x: 100 + 50 * cos(lastAngle), y: 100 + 50 * sin(lastAngle)))
        let matcher = UnistrokeMatcher(templates: [fixtureTemplates[0]])
        #expect(try #require(matcher.match(buffer.stroke)?.score) > 0.9)

        // Through the engine: 20 000 moves at 1 kHz around the circle, still recognized.
        let samples = strokeSamples(densify(circle.map { $0 * 2 + Point(x: 100, y: 300) }, spacing: 0.03), duration: 20)
        #expect(samples.count > 20_000)
        #expect(try templateRecords(samples).first?.template == "circle")
    }

    @Test func sceneKindBuildsIt() throws {
        let template = RecognizerDescription(
            name: "shapes", kind: .template(templates: fixtureTemplates, minimumScore: 0.95), view: "screen")
        var screen = ViewDescription(name: "screen", frame: Rect(x: 0, y: 0, width: 390, height: 844))
        screen.multipleTouchEnabled = true
        let engine = try Engine(scene: SceneDescription(views: [screen], recognizers: [template]))
        var records: [TransitionRecord] = []
        engine.onRecord = { if case .transition(let record) = $0 { records.append(record) } }
        for sample in strokeSamples(densify(zigzag.map { $0 * 2 + Point(x: 50, y: 300) }, spacing: 4), duration: 0.4) {
            engine.process(sample)
        }
        engine.finish()
        #expect(records.map(\.recognizer) == ["shapes"])
        #expect(records.first?.template == "zigzag")
    }
}

// MARK: Fixtures

/// A circle of radius 50 around (50, 50), clockwise on screen from the top.
private let circle: [Point] = (0...32).map { i in
    let angle = -Double.pi / 2 + Double(i) / 32 * 2 * .pi
    return Point(x: 50 + 50 * cos(angle), y: 50 + 50 * sin(angle))
}

/// Three peaks left to right.
private let zigzag = [Point(x: 0, y: 100), Point(x: 20, y: 0), Point(x: 40, y: 100), Point(x: 60, y: 0), Point(x: 80, y: 100), Point(x: 100, y: 0)]

private let fixtureTemplates: [StrokeTemplate] = [
    StrokeTemplate(name: "circle", points: circle),
    StrokeTemplate(name: "check", points: [Point(x: 0, y: 60), Point(x: 30, y: 100), Point(x: 100, y: 0)]),
    StrokeTemplate(name: "zigzag", points: zigzag),
    StrokeTemplate(name: "caret", points: [Point(x: 0, y: 100), Point(x: 50, y: 0), Point(x: 100, y: 100)]),
    StrokeTemplate(name: "line", points: [Point(x: 0, y: 0), Point(x: 100, y: 100)]),
]

/// The polyline through `corners` with points every `spacing` along it (and at every corner).
private func densify(_ corners: [Point], spacing: Double) -> [Point] {
    var points = [corners[0]]
    for index in 1..<corners.count {
        let a = corners[index - 1], b = corners[index]
        let count = max(1, Int((a.distance(to: b) / spacing).rounded()))
        for step in 1...count { points.append(a + (b - a) * (Double(step) / Double(count))) }
    }
    return points
}

/// One finger through `points` at evenly spaced times over `duration`, lifted at the last one.
private func strokeSamples(_ points: [Point], duration: Double) -> [Sample] {
    points.indices.map { index in
        let phase: TouchPhase = index == 0 ? .began : index == points.count - 1 ? .ended : .moved
        let t = duration * Double(index) / Double(max(1, points.count - 1))
        return .touch(t, id: .number(1), phase, x: points[index].x, y: points[index].y)
    }
}

/// The records of a lone template recognizer on a full-screen view.
private func templateRecords(_ samples: [Sample], templates: [StrokeTemplate] = fixtureTemplates) throws -> [TransitionRecord] {
    soloTransitions(TemplateGestureRecognizer(name: "shapes", templates: templates), samples)
}
