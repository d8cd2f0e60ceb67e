import Testing
@testable import GestureKit

@Suite struct PanTests {}

private let finger = Finger(1)
private let scene = singleViewScene([recognizer("pan", .pan())])

extension PanTests {
    /// A diagonal movement past the hysteresis on both axes has it removed from each axis.
    @Test func hysteresisIsRemovedFromBothAxesOfADiagonalTranslation() throws {
        let records = try transitions([
            finger.down(0, 100, 100), finger.move(0.01, 115, 112), finger.move(0.02, 125, 130), finger.up(0.03, 125, 130),
        ], scene: scene)
        #expect(records.summary == ["pan began@0.01", "pan changed@0.02", "pan ended@0.03"])
        #expect(records[0].translation == Point(x: 5, y: 2))
        #expect(records[1].translation == Point(x: 15, y: 20))
    }

    @Test func hysteresisIsRemovedFromTheTranslation() throws {
        let records = try transitions([
            finger.down(0, 100, 100), finger.move(0.01, 104, 101), finger.move(0.02, 112, 103),
            finger.move(0.03, 120, 103), finger.up(0.04, 120, 103),
        ], scene: scene)
        #expect(records.summary == ["pan began@0.02", "pan changed@0.03", "pan ended@0.04"])
        #expect(records[0].translation == Point(x: 2, y: 0))
        #expect(records[1].translation == Point(x: 10, y: 0))
        #expect(records[2].translation == Point(x: 10, y: 0))
        #expect(records[2].touches == 0)
        #expect(records[2].location == Point(x: 120, y: 103))
    }

    @Test(arguments: [(9.99, false), (10.0, true)])
    func beginsAtTenPoints(distance: Double, began: Bool) throws {
        let records = try transitions([
            finger.down(0, 100, 100), finger.move(0.05, 100, 100 - distance), finger.up(0.1, 100, 100 - distance),
        ], scene: scene)
        #expect(records.first?.state == (began ? .began : .failed))
    }

    @Test func uikitVelocityOnAConstantDrag() throws {
        let samples = finger.drag(from: Point(x: 50, y: 400), to: Point(x: 350, y: 400), duration: 0.5)
        let records = try transitions(samples, scene: scene)
        let ended = try #require(records.last)
        #expect(ended.state == .ended)
        guard case .vector(let v) = ended.velocity else { Issue.record("no velocity"); return }
        #expect(abs(v.x - 600) < 1e-6)
        #expect(abs(v.y) < 1e-9)
        #expect(abs((ended.translation?.x ?? 0) - 290) < 1e-9)
    }

    /// Velocity blends 0.2 of the newest two-point velocity with 0.8 of the previous one.
    @Test func uikitVelocityBlend() throws {
        let records = try transitions([
            finger.down(0, 0, 0), finger.move(0.01, 20, 0), finger.move(0.02, 30, 0), finger.up(0.03, 30, 0),
        ], scene: scene)
        guard case .vector(let v) = records.last?.velocity else { Issue.record("no velocity"); return }
        #expect(abs(v.x - (0.2 * 1000 + 0.8 * 2000)) < 1e-9)
    }

    @Test func addingAFingerDoesNotJumpTheTranslation() throws {
        let second = Finger(2)
        let records = try transitions([
            finger.down(0, 100, 100), finger.move(0.05, 130, 100),
            second.down(0.1, 300, 300),
            finger.move(0.15, 140, 100), second.move(0.15, 310, 300),
            finger.up(0.2, 140, 100), second.up(0.2, 310, 300),
        ], scene: scene)
        let changed = records.filter { $0.state == .changed }
        #expect(changed.last?.translation == Point(x: 30, y: 0))
        #expect(records.last?.translation == Point(x: 30, y: 0))
    }

    @Test func minimumTwoTouches() throws {
        let scene = singleViewScene([recognizer("pan2", .pan(minimumNumberOfTouches: 2))])
        let second = Finger(2)
        let oneFinger = try transitions(finger.drag(from: Point(x: 100, y: 100), to: Point(x: 200, y: 100), duration: 0.2), scene: scene)
        #expect(oneFinger.map(\.state) == [.failed])
        var samples: [Sample] = [finger.down(0, 100, 100), second.down(0, 100, 200)]
        for i in 1...10 {
            let t = Double(i) * 0.01
            samples += [finger.move(t, 100 + Double(i) * 3, 100), second.move(t, 100 + Double(i) * 3, 200)]
        }
        samples += [finger.up(0.11, 130, 100), second.up(0.11, 130, 200)]
        let two = try transitions(samples, scene: scene)
        #expect(two.first?.state == .began)
        #expect(two.first?.t == 0.04)
        #expect(two.first?.location == Point(x: 112, y: 150))
        #expect(two.last?.state == .ended)
        #expect(two.last?.translation == Point(x: 20, y: 0))
    }

    @Test func liftingWithoutMovingFails() throws {
        let records = try transitions([finger.down(0, 100, 100), finger.up(0.1, 103, 100)], scene: scene)
        #expect(records.map(\.state) == [.failed])
        #expect(records.first?.reason == "the finger lifted after moving 3 pt, less than panHysteresis 10 pt")
    }

    @Test func cancelledTouchesCancelThePan() throws {
        let records = try transitions([
            finger.down(0, 100, 100), finger.move(0.1, 150, 100), finger.cancel(0.2, 150, 100),
        ], scene: scene)
        #expect(records.summary == ["pan began@0.1", "pan cancelled@0.2"])
        #expect(records.last?.reason == "its touches were cancelled")
    }
}

extension PanTests {
    @Test func aPanThatNeverHadItsMinimumFingersSaysSo() throws {
        let scene = singleViewScene([recognizer("pan2", .pan(minimumNumberOfTouches: 2))])
        let records = try transitions(finger.drag(from: Point(x: 100, y: 100), to: Point(x: 140, y: 100), duration: 0.1), scene: scene)
        #expect(records.summary == ["pan2 failed@0.1"])
        #expect(records.first?.reason == "the finger lifted after moving 40 pt, never with minimumNumberOfTouches 2 fingers down past panHysteresis 10 pt")
    }
}

extension PanTests {
    /// A 1 ms step still counts as a two-point velocity when the trace's clock is the Unix epoch.
    @Test func oneMillisecondStepsCountAtEpochTimes() throws {
        let base = 1_700_000_000.0
        let records = try transitions([
            finger.down(base, 100, 100), finger.move(base + 0.010, 120, 100), finger.move(base + 0.011, 121, 100),
            finger.up(base + 0.02, 121, 100),
        ], scene: scene)
        let changed = try #require(records.first { $0.state == .changed })
        guard case .vector(let v) = changed.velocity else { Issue.record("no velocity"); return }
        // 0.2 × 1000 pt/s (1 pt in 1 ms) + 0.8 × 2000 pt/s (20 pt in 10 ms), within the clock's resolution there.
        #expect(abs(v.x - 1800) < 1)
    }
}
