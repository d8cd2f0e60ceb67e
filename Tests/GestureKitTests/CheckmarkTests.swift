import GestureKit
import Testing

/// The `checkmark` kind: the seeds' "V" recognizer, robust to jitter, strict about shape.
///
/// Fixtures are polylines through corner points, sampled at a steady rate along their length and
/// lifted at the last corner; y grows downwards, so a check goes down-right then up-right.
@Suite struct CheckmarkTests {}

extension CheckmarkTests {
    @Test func aShortFallAfterTheUpstrokeIsAHookButALongOneFails() throws {
        // After a 40 pt drop and a 120 pt rise, the finger falls 15 pt as it lifts: 0.125 of the rise.
        let hooked = [Point(x: 60, y: 300), Point(x: 100, y: 340), Point(x: 160, y: 220), Point(x: 166, y: 235)]
        #expect(try checkmarkRecords(strokeSamples(hooked, duration: 0.4, rate: 120)).map(\.state) == [.recognized])
        // A W: the second fall is the whole rise.
        let w = [Point(x: 60, y: 200), Point(x: 90, y: 300), Point(x: 120, y: 200), Point(x: 150, y: 300), Point(x: 180, y: 200)]
        let records = try checkmarkRecords(strokeSamples(w, duration: 0.4, rate: 120))
        #expect(records.map(\.state) == [.failed])
        #expect(records.first?.reason?.hasSuffix("more than checkmarkMaximumHook 0.33 of its 100 pt rise") == true)
        let failedAt = try #require(records.first?.t)
        #expect(failedAt < 0.3, "fails during the second fall, not at lift")
        // A hook that turns up again.
        let wiggle = [Point(x: 60, y: 300), Point(x: 100, y: 340), Point(x: 160, y: 220), Point(x: 166, y: 240), Point(x: 172, y: 220)]
        let wiggleRecords = try checkmarkRecords(strokeSamples(wiggle, duration: 0.4, rate: 120))
        #expect(wiggleRecords.first?.reason == "went down 20 pt after the upstroke, then up again")
    }

    @Test(arguments: [0.5, 1.0, 3.0])
    func acceptsChecksOfEverySizeSpeedAndSampleRate(scale: Double) throws {
        for (duration, rate) in [(0.15, 60.0), (0.4, 120.0), (1.2, 240.0), (0.6, 30.0)] {
            let stroke = checkStroke(origin: Point(x: 60, y: 300), scale: scale)
            let samples = strokeSamples(stroke, duration: duration, rate: rate)
            let records = try checkmarkRecords(samples)
            #expect(records.map(\.state) == [.recognized], "scale \(scale), \(duration) s at \(rate) Hz: \(records.map(describe))")
            #expect(records.first?.t == samples.last?.t, "recognized at lift")
            #expect(records.first?.kind == "checkmark")
            #expect(records.first?.location == stroke.last)
        }
    }

    @Test func acceptsASymmetricV() throws {
        let v = [Point(x: 100, y: 200), Point(x: 150, y: 300), Point(x: 200, y: 200)]
        #expect(try checkmarkRecords(strokeSamples(v, duration: 0.3, rate: 120)).map(\.state) == [.recognized])
    }

    /// One sample jumps back (up, left, or down on the upstroke) by less than
    /// checkmarkJitterTolerance (8 pt); the next sample is back on the path.
    @Test(arguments: [Point(x: 0, y: -6), Point(x: -6, y: 0), Point(x: -5, y: -5)])
    func aSingleBackwardsSampleOnTheDownstrokeDoesNotFailIt(jitter: Point) throws {
        var samples = strokeSamples(checkStroke(origin: Point(x: 60, y: 300), scale: 1), duration: 0.4, rate: 120)
        samples = displacing(samples, at: 8, by: jitter)
        #expect(try checkmarkRecords(samples).map(\.state) == [.recognized])
    }

    @Test(arguments: [Point(x: 0, y: 6), Point(x: -6, y: 0)])
    func aSingleBackwardsSampleOnTheUpstrokeDoesNotFailIt(jitter: Point) throws {
        let samples = strokeSamples(checkStroke(origin: Point(x: 60, y: 300), scale: 1), duration: 0.4, rate: 120)
        #expect(try checkmarkRecords(displacing(samples, at: samples.count - 10, by: jitter)).map(\.state) == [.recognized])
    }

    @Test func aBackwardsJumpPastTheToleranceFailsIt() throws {
        let samples = strokeSamples(checkStroke(origin: Point(x: 60, y: 300), scale: 1), duration: 0.4, rate: 120)
        // 20 pt back from its place on the path, 16.92 pt left of the sample before it.
        let records = try checkmarkRecords(displacing(samples, at: 8, by: Point(x: -20, y: 0)))
        #expect(records.map(\.state) == [.failed])
        #expect(records.first?.reason == "moved 16.92 pt left, more than checkmarkJitterTolerance 8 pt; a checkmark is drawn left to right")
    }

    @Test func theToleranceGrowsWithTheStroke() throws {
        // Scale 2 from (20, 300): 340 pt wide; 10 samples before the end the stroke is about
        // 300 pt wide, so 0.1 of it tolerates a 20 pt jump back but not a 40 pt one.
        let samples = strokeSamples(checkStroke(origin: Point(x: 20, y: 300), scale: 2), duration: 0.4, rate: 120)
        let index = samples.count - 10
        #expect(try checkmarkRecords(displacing(samples, at: index, by: Point(x: -20, y: 0))).map(\.state) == [.recognized])
        let records = try checkmarkRecords(displacing(samples, at: index, by: Point(x: -40, y: 0)))
        #expect(records.map(\.state) == [.failed])
        #expect(records.first?.reason?.contains("more than checkmarkRelativeJitterTolerance 0.1 of the stroke's") == true)
    }

    @Test func aShortRiseBeforeTheDownstrokeIsALeadInButALongOneFails() throws {
        // A 10 pt serif before a 40 pt drop and a 120 pt rise: 0.08 of the rise.
        let serif = [Point(x: 60, y: 300), Point(x: 70, y: 290), Point(x: 100, y: 330), Point(x: 160, y: 210)]
        #expect(try checkmarkRecords(strokeSamples(serif, duration: 0.4, rate: 120)).map(\.state) == [.recognized])
        // An N: up 100, down 100, up 100.
        let n = [Point(x: 60, y: 300), Point(x: 80, y: 200), Point(x: 120, y: 300), Point(x: 140, y: 200)]
        let records = try checkmarkRecords(strokeSamples(n, duration: 0.4, rate: 120))
        #expect(records.map(\.state) == [.failed])
        #expect(records.first?.reason == "rose 100 pt before the downstroke, more than checkmarkMaximumHook 0.33 of the upstroke's 100 pt rise")
    }

    @Test(arguments: [
        ([Point(x: 50, y: 100), Point(x: 250, y: 300)], "stroke has no upward part"),
        ([Point(x: 50, y: 300), Point(x: 250, y: 100)], "stroke has no downward part"),
        ([Point(x: 50, y: 200), Point(x: 300, y: 200)], "stroke has no downward part"),
        ([Point(x: 200, y: 100), Point(x: 200, y: 400)], "stroke has no upward part"),
    ])
    func rejectsStraightLines(line: [Point], reason: String) throws {
        let records = try checkmarkRecords(strokeSamples(line, duration: 0.3, rate: 120))
        #expect(records.map(\.state) == [.failed])
        #expect(records.first?.reason == reason)
    }

    @Test func rejectsAVDrawnRightToLeft() throws {
        let wrongWay = [Point(x: 250, y: 200), Point(x: 200, y: 300), Point(x: 100, y: 150)]
        let samples = strokeSamples(wrongWay, duration: 0.3, rate: 120)
        let records = try checkmarkRecords(samples)
        #expect(records.map(\.state) == [.failed])
        #expect(records.first?.reason?.hasSuffix("a checkmark is drawn left to right") == true)
        let failedAt = try #require(records.first?.t)
        let liftedAt = try #require(samples.last?.t)
        #expect(failedAt < liftedAt, "fails as soon as it moves left")
    }

    @Test func rejectsAnUpsideDownV() throws {
        let caret = [Point(x: 100, y: 300), Point(x: 150, y: 200), Point(x: 200, y: 300)]
        let records = try checkmarkRecords(strokeSamples(caret, duration: 0.3, rate: 120))
        #expect(records.map(\.state) == [.failed])
        #expect(records.first?.reason == "stroke has no upward part")
    }

    @Test func rejectsScribbles() throws {
        let zigzag = [Point(x: 50, y: 200), Point(x: 80, y: 260), Point(x: 110, y: 200), Point(x: 140, y: 260), Point(x: 170, y: 200)]
        let records = try checkmarkRecords(strokeSamples(zigzag, duration: 0.5, rate: 120))
        #expect(records.map(\.state) == [.failed])
        #expect(records.first?.reason?.hasPrefix("went down") == true)
        let loop = [Point(x: 100, y: 200), Point(x: 160, y: 260), Point(x: 100, y: 320), Point(x: 40, y: 260), Point(x: 100, y: 200)]
        #expect(try checkmarkRecords(strokeSamples(loop, duration: 0.5, rate: 120)).map(\.state) == [.failed])
    }

    @Test func rejectsShallowDipsAndLShapes() throws {
        // A wavy horizontal line: 12 pt down over 100 pt, then back up: within the tolerance.
        let wave = [Point(x: 50, y: 200), Point(x: 150, y: 212), Point(x: 250, y: 200)]
        let waveRecords = try checkmarkRecords(strokeSamples(wave, duration: 0.3, rate: 120))
        #expect(waveRecords.map(\.state) == [.failed])
        #expect(waveRecords.first?.reason == "stroke has no upward part")
        // A shallow dip: 30 pt down over 100 pt (16.7°), then back up.
        let dip = [Point(x: 50, y: 200), Point(x: 150, y: 230), Point(x: 250, y: 200)]
        let dipRecords = try checkmarkRecords(strokeSamples(dip, duration: 0.3, rate: 120))
        #expect(dipRecords.map(\.state) == [.failed])
        #expect(dipRecords.first?.reason == "downstroke is 16.7° from horizontal, flatter than checkmarkMinimumSlope 0.35 rad (20.05°)")
        // An L whose foot rises 40 pt over 150 pt (14.9°).
        let l = [Point(x: 100, y: 100), Point(x: 100, y: 250), Point(x: 250, y: 210)]
        let lRecords = try checkmarkRecords(strokeSamples(l, duration: 0.3, rate: 120))
        #expect(lRecords.map(\.state) == [.failed])
        #expect(lRecords.first?.reason?.hasPrefix("upstroke is 14.93° from horizontal") == true)
    }

    @Test func rejectsTinyChecks() throws {
        let tiny = checkStroke(origin: Point(x: 60, y: 300), scale: 0.3)
        let records = try checkmarkRecords(strokeSamples(tiny, duration: 0.2, rate: 120))
        #expect(records.map(\.state) == [.failed])
        #expect(records.first?.reason == "downstroke is 16.97 pt, shorter than checkmarkMinimumStroke 20 pt")
        // Smaller still, the drop stays within the jitter tolerance: no downstroke at all.
        let tinier = checkStroke(origin: Point(x: 60, y: 300), scale: 0.15)
        #expect(try checkmarkRecords(strokeSamples(tinier, duration: 0.2, rate: 120)).first?.reason == "stroke has no downward part")
    }

    @Test func aSecondFingerFailsIt() throws {
        var samples = strokeSamples(checkStroke(origin: Point(x: 60, y: 300), scale: 1), duration: 0.4, rate: 120)
        samples.insert(.touch(0.05, id: .number(2), .began, x: 300, y: 300), at: 6)
        samples.append(.touch(0.5, id: .number(2), .ended, x: 300, y: 300))
        let records = try checkmarkRecords(samples)
        #expect(records.map(\.state) == [.failed])
        #expect(records.first?.reason == "2 fingers touched down; a checkmark is drawn with one finger")
    }

    @Test func sceneThresholdsApply() throws {
        let samples = strokeSamples(checkStroke(origin: Point(x: 60, y: 300), scale: 1), duration: 0.4, rate: 120)
        let records = try checkmarkRecords(samples, thresholds: ["checkmarkMinimumStroke": 100])
        #expect(records.first?.reason == "downstroke is 56.57 pt, shorter than checkmarkMinimumStroke 100 pt")
    }

    @Test func recognizesAgainAfterReset() throws {
        let first = strokeSamples(checkStroke(origin: Point(x: 60, y: 300), scale: 1), duration: 0.4, rate: 120)
        let wrong = strokeSamples([Point(x: 250, y: 200), Point(x: 100, y: 300)], duration: 0.3, rate: 120, start: 1)
        let second = strokeSamples(checkStroke(origin: Point(x: 100, y: 400), scale: 1.5), duration: 0.4, rate: 120, start: 2)
        #expect(try checkmarkRecords(first + wrong + second).map(\.state) == [.recognized, .failed, .recognized])
    }
}

// MARK: Fixtures

/// A check from `origin`: a downstroke of 56.6 pt at 45° below horizontal, then an upstroke of
/// 150 pt at about 53° above it, all times `scale`.
private func checkStroke(origin: Point, scale: Double) -> [Point] {
    [origin, origin + Point(x: 40, y: 40) * scale, origin + Point(x: 130, y: -80) * scale]
}

/// One finger along the polyline through `corners` at constant speed from `start`, sampled about
/// `rate` times a second and at every corner, lifted at the last corner after `duration` seconds.
private func strokeSamples(_ corners: [Point], duration: Double, rate: Double, start: Double = 0) -> [Sample] {
    var total = 0.0
    for index in 1..<corners.count { total += corners[index - 1].distance(to: corners[index]) }
    let steps = max(2, duration * rate)
    var points = [corners[0]]
    var along = [0.0]
    for index in 1..<corners.count {
        let a = corners[index - 1], b = corners[index]
        let length = a.distance(to: b)
        let count = max(1, Int((steps * length / total).rounded()))
        for step in 1...count {
            points.append(a + (b - a) * (Double(step) / Double(count)))
            along.append(along[along.count - 1] + length / Double(count))
        }
    }
    return points.indices.map { index in
        let phase: TouchPhase = index == 0 ? .began : index == points.count - 1 ? .ended : .moved
        return .touch(start + duration * along[index] / total, id: .number(1), phase, x: points[index].x, y: points[index].y)
    }
}

/// `samples` with the touch sample at `index` moved by `offset`.
private func displacing(_ samples: [Sample], at index: Int, by offset: Point) -> [Sample] {
    var samples = samples
    guard case let .touch(id, phase, location, _, _) = samples[index].kind else { return samples }
    let moved = location + offset
    samples[index] = .touch(samples[index].t, id: id, phase, x: moved.x, y: moved.y)
    return samples
}

/// The records of a lone `checkmark` recognizer on a full-screen view.
private func checkmarkRecords(_ samples: [Sample], thresholds: [String: Double] = [:]) throws -> [TransitionRecord] {
    var recognizer = RecognizerDescription(name: "check", kind: .checkmark, view: "screen")
    recognizer.thresholds = thresholds
    var screen = ViewDescription(name: "screen", frame: Rect(x: 0, y: 0, width: 390, height: 844))
    screen.multipleTouchEnabled = true
    let engine = try Engine(scene: SceneDescription(views: [screen], recognizers: [recognizer]))
    var records: [TransitionRecord] = []
    engine.onRecord = { if case .transition(let record) = $0 { records.append(record) } }
    for sample in samples { engine.process(sample) }
    engine.finish()
    return records
}

private func describe(_ record: TransitionRecord) -> String {
    "\(record.state.rawValue)@\(record.t) \(record.reason ?? "")"
}
