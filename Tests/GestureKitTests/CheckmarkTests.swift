import Foundation
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
    /// checkmarkJitterTolerance (4 pt) or 0.1 of the stroke's size; the next sample is back on the path.
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

    @Test func aBackwardsMovePastTheToleranceFailsIt() throws {
        let samples = strokeSamples(checkStroke(origin: Point(x: 60, y: 300), scale: 1), duration: 0.4, rate: 120)
        // Two samples in a row 20 pt back from their places on the path: the finger did go back, the
        // first of them 16.92 pt left of the sample before it.
        let records = try checkmarkRecords(displacing(samples, at: 8...9, by: Point(x: -20, y: 0)))
        #expect(records.map(\.state) == [.failed])
        #expect(records.first?.reason == "moved 16.92 pt left, more than checkmarkJitterTolerance 4 pt; a checkmark is drawn left to right")
    }

    @Test func theToleranceGrowsWithTheStroke() throws {
        // Scale 2 from (20, 300): 340 pt wide; 10 samples before the end the stroke is about
        // 300 pt wide, so 0.1 of it tolerates moving 20 pt back but not 40 pt.
        let samples = strokeSamples(checkStroke(origin: Point(x: 20, y: 300), scale: 2), duration: 0.4, rate: 120)
        let index = samples.count - 10
        #expect(try checkmarkRecords(displacing(samples, at: index...index + 1, by: Point(x: -20, y: 0))).map(\.state) == [.recognized])
        let records = try checkmarkRecords(displacing(samples, at: index...index + 1, by: Point(x: -40, y: 0)))
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
        // An L whose foot rises 40 pt over 150 pt (14.9°): upright, its foot is too flat; but it is
        // also a check tilted 30° clockwise, and the default checkmarkMaximumTilt accepts those
        // (docs/custom-gestures.md lists it among the strokes accepted that are no check).
        let l = [Point(x: 100, y: 100), Point(x: 100, y: 250), Point(x: 250, y: 210)]
        let lRecords = try checkmarkRecords(strokeSamples(l, duration: 0.3, rate: 120), thresholds: ["checkmarkMaximumTilt": 0])
        #expect(lRecords.map(\.state) == [.failed])
        #expect(lRecords.first?.reason?.hasPrefix("upstroke is 14.93° from horizontal") == true)
        #expect(try checkmarkRecords(strokeSamples(l, duration: 0.3, rate: 120)).map(\.state) == [.recognized])
    }

    @Test func rejectsTinyChecks() throws {
        // A check 0.3 of the usual size is a check: its strokes are long for its size.
        let tiny = checkStroke(origin: Point(x: 60, y: 300), scale: 0.3)
        #expect(try checkmarkRecords(strokeSamples(tiny, duration: 0.2, rate: 120)).map(\.state) == [.recognized])
        let records = try checkmarkRecords(strokeSamples(tiny, duration: 0.2, rate: 120), thresholds: ["checkmarkMinimumStroke": 20])
        #expect(records.map(\.state) == [.failed])
        #expect(records.first?.reason == "downstroke is 16.97 pt, shorter than checkmarkMinimumStroke 20 pt")
        // Smaller still, with an 8 pt tolerance, the drop stays within it: no downstroke at all.
        let tinier = checkStroke(origin: Point(x: 60, y: 300), scale: 0.15)
        let tinierRecords = try checkmarkRecords(strokeSamples(tinier, duration: 0.2, rate: 120), thresholds: ["checkmarkJitterTolerance": 8])
        #expect(tinierRecords.first?.reason == "stroke has no downward part")
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

// MARK: Glitches, U shapes and flicks

/// A 120 × 120 check sampled every 3 pt: 40 pt down and right, then 80 right and 120 up. Sample 8 is
/// on the downstroke, sample 30 on the upstroke.
private let sampledCheck = [Point(x: 100, y: 300), Point(x: 140, y: 340), Point(x: 220, y: 220)]

extension CheckmarkTests {
    /// One stray sample, of any size up to 25 pt and in any backwards direction, is a glitch: it
    /// neither fails the check nor starts its upstroke early.
    @Test(arguments: [
        (8, Point(x: 0, y: -12)), (8, Point(x: 0, y: -20)), (8, Point(x: 0, y: -25)),
        (8, Point(x: -12, y: 0)), (8, Point(x: -20, y: 0)), (8, Point(x: -25, y: 0)),
        (8, Point(x: 0, y: 20)), (8, Point(x: -20, y: -20)),
        (30, Point(x: -12, y: 0)), (30, Point(x: -20, y: 0)), (30, Point(x: -25, y: 0)),
        (30, Point(x: 0, y: 12)), (30, Point(x: 0, y: 20)), (30, Point(x: 0, y: 25)),
    ])
    func aSingleStraySampleIsAGlitch(index: Int, offset: Point) throws {
        let samples = steppedSamples(sampledCheck)
        #expect(try checkmarkRecords(samples).map(\.state) == [.recognized])
        let records = try checkmarkRecords(displacing(samples, at: index, by: offset))
        #expect(records.map(\.state) == [.recognized], "\(records.map(describe))")
        #expect(records.first?.reason == nil)
        #expect(records.first?.t == samples.last?.t, "recognized at lift")
    }

    /// Before glitches were skipped, these failed with misleading reasons, such as "went down
    /// 14.22 pt after the upstroke" for a sample 12 pt up on the downstroke.
    @Test func glitchesOnTheDownstrokeNoLongerStartTheUpstroke() throws {
        let up = try checkmarkRecords(displacing(steppedSamples(sampledCheck), at: 8, by: Point(x: 0, y: -12)))
        #expect(up.map(\.state) == [.recognized])
        let left = try checkmarkRecords(displacing(steppedSamples(sampledCheck), at: 8, by: Point(x: -12, y: 0)))
        #expect(left.map(\.state) == [.recognized])
    }

    /// A glitch does not rescue a shape that is not a check.
    @Test func aGlitchDoesNotMakeALineACheck() throws {
        let line = steppedSamples([Point(x: 50, y: 200), Point(x: 250, y: 400)])
        let records = try checkmarkRecords(displacing(line, at: 30, by: Point(x: 0, y: -25)))
        #expect(records.map(\.state) == [.failed])
        #expect(records.first?.reason == "stroke has no upward part")
    }

    @Test func rejectsAU() throws {
        // Down 120, across 100 along the bottom, up 120: the turn is a flat segment, not a corner.
        let u = steppedSamples([Point(x: 100, y: 200), Point(x: 100, y: 320), Point(x: 200, y: 320), Point(x: 200, y: 200)])
        let records = try checkmarkRecords(u)
        #expect(records.map(\.state) == [.failed])
        #expect(records.first?.reason == "ran 100 pt sideways along its bottom, more than checkmarkMaximumFlatBottom 0.6 of its 100 pt width; a checkmark turns in a corner")
        // A wide bowl whose flat bottom is a third of its width is still accepted.
        let bowl = steppedSamples([Point(x: 100, y: 200), Point(x: 160, y: 320), Point(x: 220, y: 320), Point(x: 300, y: 160)])
        #expect(try checkmarkRecords(bowl).map(\.state) == [.recognized])
    }

    @Test func rejectsALongLineEndingInAFlick() throws {
        // 283 pt down and right, then a 27 pt flick up as the finger lifts.
        let flick = steppedSamples([Point(x: 50, y: 200), Point(x: 250, y: 400), Point(x: 265, y: 378)])
        let records = try checkmarkRecords(flick)
        #expect(records.map(\.state) == [.failed])
        #expect(records.first?.reason == "upstroke is 26.63 pt, shorter than checkmarkMinimumRelativeStroke 0.2 of the stroke's 215 pt size")
        let longer = steppedSamples([Point(x: 50, y: 200), Point(x: 250, y: 400), Point(x: 270, y: 372)])
        let longerRecords = try checkmarkRecords(longer)
        #expect(longerRecords.map(\.state) == [.failed])
        #expect(longerRecords.first?.reason == "upstroke is 34.41 pt, shorter than checkmarkMinimumRelativeStroke 0.2 of the stroke's 220 pt size")
        // Without the relative rule, the proportion of the two strokes rejects it.
        let ratioRecords = try checkmarkRecords(longer, thresholds: ["checkmarkMinimumRelativeStroke": 0])
        #expect(ratioRecords.first?.reason == "upstroke is 34.41 pt, less than checkmarkMinimumUpstrokeRatio 0.25 of the 282.84 pt downstroke")
    }

    @Test(arguments: [
        // A V drawn right to left, a mirrored check, a caret, a W, a scribble left to right.
        ([Point(x: 220, y: 220), Point(x: 160, y: 340), Point(x: 100, y: 220)], "a checkmark is drawn left to right"),
        ([Point(x: 220, y: 300), Point(x: 180, y: 340), Point(x: 100, y: 220)], "a checkmark is drawn left to right"),
        ([Point(x: 100, y: 340), Point(x: 160, y: 220), Point(x: 220, y: 340)], "stroke has no upward part"),
        ([Point(x: 50, y: 200), Point(x: 90, y: 320), Point(x: 130, y: 220), Point(x: 170, y: 320), Point(x: 210, y: 200)],
         "more than checkmarkMaximumHook 0.33 of its 100 pt rise"),
        ([Point(x: 100, y: 300), Point(x: 130, y: 250), Point(x: 150, y: 350), Point(x: 170, y: 260), Point(x: 200, y: 340), Point(x: 230, y: 240)],
         "more than checkmarkMaximumHook 0.33 of its 90 pt rise"),
    ])
    func stillRejectsWrongShapesSampledEvery3Points(corners: [Point], reasonEnd: String) throws {
        let records = try checkmarkRecords(steppedSamples(corners))
        #expect(records.map(\.state) == [.failed])
        #expect(records.first?.reason?.hasSuffix(reasonEnd) == true, "\(records.map(describe))")
    }

    @Test func theNewThresholdsCanBeOverridden() throws {
        // The check's upstroke is 2.65 times its downstroke; its bottom runs 0.15 of its width.
        let samples = steppedSamples(sampledCheck)
        let ratio = try checkmarkRecords(samples, thresholds: ["checkmarkMinimumUpstrokeRatio": 3])
        #expect(ratio.first?.reason == "upstroke is 144.22 pt, less than checkmarkMinimumUpstrokeRatio 3 of the 56.57 pt downstroke")
        let flat = try checkmarkRecords(samples, thresholds: ["checkmarkMaximumFlatBottom": 0.1])
        #expect(flat.first?.reason?.hasPrefix("ran ") == true)
        #expect(flat.first?.reason?.hasSuffix("more than checkmarkMaximumFlatBottom 0.1 of its 120 pt width; a checkmark turns in a corner") == true)
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
    displacing(samples, at: index...index, by: offset)
}

/// `samples` with the touch samples at `indices` moved by `offset`.
private func displacing(_ samples: [Sample], at indices: ClosedRange<Int>, by offset: Point) -> [Sample] {
    var samples = samples
    for index in indices {
        guard case let .touch(id, phase, location, _, _) = samples[index].kind else { continue }
        let moved = location + offset
        samples[index] = .touch(samples[index].t, id: id, phase, x: moved.x, y: moved.y)
    }
    return samples
}

/// One finger along the polyline through `corners`, a sample every `step` points or less (each
/// segment cut into whole steps) and every `interval` seconds, lifted at the last corner.
private func steppedSamples(_ corners: [Point], step: Double = 3, interval: Double = 0.008) -> [Sample] {
    var points = [corners[0]]
    for index in 1..<corners.count {
        let a = corners[index - 1], b = corners[index]
        let count = max(1, Int(a.distance(to: b) / step))
        for k in 1...count { points.append(a + (b - a) * (Double(k) / Double(count))) }
    }
    return points.indices.map { index in
        let phase: TouchPhase = index == 0 ? .began : index == points.count - 1 ? .ended : .moved
        return .touch(Double(index) * interval, id: .number(1), phase, x: points[index].x, y: points[index].y)
    }
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

extension CheckmarkTests {
    /// A check tilted counterclockwise leans its long upstroke past vertical sooner than a check
    /// tilted clockwise leans its downstroke: the rules also run in frames turned clockwise up to
    /// `checkmarkMaximumCounterclockwiseTilt` (45°), so a steep check tilted 50° counterclockwise
    /// is still a check; without those frames (the limit at `checkmarkMaximumTilt`) its upstroke
    /// goes left in every frame.
    @Test func aCheckTiltedFarCounterclockwiseIsAccepted() throws {
        let upright = [Point(x: 100, y: 200), Point(x: 130, y: 240), Point(x: 150, y: 100)]
        let angle = -50.0 * .pi / 180  // counterclockwise on screen (y down)
        let tilted = upright.map { p -> Point in
            let d = p - upright[0]
            return Point(x: 150 + d.x * cos(angle) - d.y * sin(angle), y: 400 + d.x * sin(angle) + d.y * cos(angle))
        }
        let samples = strokeSamples(tilted, duration: 0.3, rate: 120)
        #expect(try checkmarkRecords(samples).map(\.state) == [.recognized])
        let without = try checkmarkRecords(samples, thresholds: ["checkmarkMaximumCounterclockwiseTilt": 0.5236])
        #expect(without.map(\.state) == [.failed])
        #expect(without.first?.reason?.contains("a checkmark is drawn left to right") == true)
    }
}
