import Testing
@testable import GestureKit

@Suite struct TapTests {}

private let finger = Finger(1)

extension TapTests {
    @Test func singleTapIsRecognizedWhenDoubleTapFails() throws {
        let records = try transitions([finger.down(1.0, 195, 420), finger.up(1.09, 195, 420)])
        #expect(records.summary == [
            "longPress failed@1.09", "pan failed@1.09", "swipe failed@1.09", "pinch failed@1.09",
            "rotation failed@1.09", "doubleTap failed@1.44", "tap recognized@1.44",
        ].filter { s in records.contains { s.hasPrefix($0.recognizer + " ") } })
        let tap = try #require(records.of("tap").first)
        #expect(tap.location == Point(x: 195, y: 420))
        #expect(tap.taps == 1)
        #expect(tap.touches == 1)
        #expect(records.of("doubleTap").first?.reason == "no second tap within multiTapInterval 0.35 s")
    }

    @Test func doubleTapFailsTheSingleTap() throws {
        let records = try transitions([
            finger.down(0, 100, 100), finger.up(0.08, 100, 100),
            finger.down(0.25, 104, 102), finger.up(0.33, 104, 102),
        ])
        let doubleTap = try #require(records.of("doubleTap").first)
        #expect(doubleTap.state == .recognized)
        #expect(doubleTap.t == 0.33)
        #expect(doubleTap.taps == 2)
        #expect(doubleTap.location == Point(x: 100, y: 100))
        let tap = try #require(records.of("tap").first)
        #expect(tap.state == .failed)
        #expect(tap.t == 0.33)
        #expect(tap.reason == "doubleTap recognized, and tap requires it to fail")
    }

    /// The second touch down exactly 0.35 s after the first lift is still in time.
    @Test(arguments: [(0.43, true), (0.4301, false)])
    func multiTapIntervalBoundary(secondDown: Double, double: Bool) throws {
        let records = try transitions([
            finger.down(0, 100, 100), finger.up(0.08, 100, 100),
            finger.down(secondDown, 100, 100), finger.up(secondDown + 0.05, 100, 100),
        ])
        #expect(records.of("doubleTap").first?.state == (double ? .recognized : .failed))
    }

    @Test(arguments: [(44.9, true), (45.1, false)])
    func movementTolerance(distance: Double, recognized: Bool) throws {
        let scene = singleViewScene([recognizer("tap", .tap())])
        let records = try transitions([
            finger.down(0, 100, 100), finger.move(0.04, 100 + distance, 100), finger.up(0.08, 100 + distance, 100),
        ], scene: scene)
        #expect(records.map(\.state) == [recognized ? .recognized : .failed])
        if !recognized {
            #expect(records.first?.reason == "moved 45.1 pt, more than tapMovementTolerance 45 pt")
            #expect(records.first?.t == 0.04)
        }
    }

    @Test(arguments: [(0.74, true), (0.76, false)])
    func maximumPressDuration(held: Double, recognized: Bool) throws {
        let scene = singleViewScene([recognizer("tap", .tap())])
        let records = try transitions([finger.down(0, 100, 100), finger.up(held, 100, 100)], scene: scene)
        #expect(records.map(\.state) == [recognized ? .recognized : .failed])
        if !recognized { #expect(records.first?.t == 0.75) }
    }

    @Test func twoFingerTapReportsTheCentroid() throws {
        let scene = singleViewScene([recognizer("twoFingerTap", .tap(numberOfTouchesRequired: 2))])
        let second = Finger(2)
        let records = try transitions([
            finger.down(0, 100, 100), second.down(0.02, 200, 140),
            finger.up(0.1, 100, 100), second.up(0.11, 200, 140),
        ], scene: scene)
        let tap = try #require(records.first)
        #expect(tap.state == .recognized)
        #expect(tap.t == 0.11)
        #expect(tap.location == Point(x: 150, y: 120))
        #expect(tap.touches == 2)
    }

    @Test func oneFingerDoesNotMakeATwoFingerTap() throws {
        let scene = singleViewScene([recognizer("twoFingerTap", .tap(numberOfTouchesRequired: 2))])
        let records = try transitions([finger.down(0, 100, 100), finger.up(0.1, 100, 100)], scene: scene)
        #expect(records.map(\.state) == [.failed])
        #expect(records.first?.reason == "1 of the 2 fingers of numberOfTouchesRequired tapped")
    }

    @Test func tripleTap() throws {
        let scene = singleViewScene([recognizer("triple", .tap(numberOfTapsRequired: 3))])
        var samples: [Sample] = []
        for i in 0..<3 {
            let t = Double(i) * 0.2
            samples += [finger.down(t, 50, 50), finger.up(t + 0.05, 50, 50)]
        }
        let records = try transitions(samples, scene: scene)
        #expect(records.summary == ["triple recognized@0.45"])
        #expect(records.first?.taps == 3)
    }

    @Test func tapOnlyRecognizedOnceAndAgainAfterReset() throws {
        let scene = singleViewScene([recognizer("tap", .tap())])
        let records = try transitions([
            finger.down(0, 10, 10), finger.up(0.05, 10, 10),
            finger.down(1, 10, 10), finger.up(1.05, 10, 10),
        ], scene: scene)
        #expect(records.summary == ["tap recognized@0.05", "tap recognized@1.05"])
    }
}

extension TapTests {
    /// Only differences of `t` matter: a trace on the Unix epoch's clock keeps the 0.35 s boundary.
    @Test(arguments: [0, 86_400, 1_700_000_000, 1_700_000_000.123, 1_763_412_345.678])
    func secondTapExactlyAtTheIntervalCountsAtAnyClockOffset(base: Double) throws {
        let scene = singleViewScene([recognizer("doubleTap", .tap(numberOfTapsRequired: 2))])
        let t = { (offset: String) in base + (Double(offset) ?? 0) }
        let records = try transitions([
            finger.down(t("0"), 100, 100), finger.up(t("0.05"), 100, 100),
            finger.down(t("0.40"), 100, 100), finger.up(t("0.45"), 100, 100),
        ], scene: scene)
        #expect(records.map(\.state) == [.recognized])
        #expect(records.first?.taps == 2)
    }
}
