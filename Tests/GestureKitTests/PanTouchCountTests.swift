import Testing
@testable import GestureKit

/// `minimumNumberOfTouches…maximumNumberOfTouches`: the pan begins only while the number of fingers
/// down on it is within the range (Apple: the maximum "number of fingers that can touch the view
/// for gesture recognition"); a finger that joins a pan that has begun, beyond the maximum, is
/// ignored and the pan goes on (docs/recognizers.md, docs/fidelity.md).
@Suite struct PanTouchCountTests {}

private let first = Finger(1)
private let second = Finger(2)
private let third = Finger(3)
private let onePan = singleViewScene([recognizer("pan", .pan(maximumNumberOfTouches: 1))])

/// Fingers that land together at (100, y) and move right together by 4 pt a step for 10 steps.
private func together(_ fingers: [Finger], lift: Bool = true) -> [Sample] {
    var samples = fingers.enumerated().map { i, f in f.down(0, 100, 100 + Double(i) * 100) }
    for step in 1...10 {
        let t = Double(step) * 0.01
        samples += fingers.enumerated().map { i, f in f.move(t, 100 + Double(step) * 4, 100 + Double(i) * 100) }
    }
    if lift { samples += fingers.enumerated().map { i, f in f.up(0.11, 140, 100 + Double(i) * 100) } }
    return samples
}

extension PanTouchCountTests {
    @Test func twoFingersDoNotBeginAOneFingerPan() throws {
        let records = try transitions(together([first, second]), scene: onePan)
        #expect(records.summary == ["pan failed@0.11"])
        #expect(records.first?.reason == "the fingers lifted after moving 40 pt, never with at most maximumNumberOfTouches 1 finger down past panHysteresis 10 pt")
    }

    @Test func threeFingersDoNotBeginATwoFingerPan() throws {
        let scene = singleViewScene([recognizer("pan", .pan(minimumNumberOfTouches: 2, maximumNumberOfTouches: 2))])
        #expect(try transitions(together([first, second, third]), scene: scene).map(\.state) == [.failed])
        let two = try transitions(together([first, second]), scene: scene)
        #expect(two.first?.state == .began)
        #expect(two.first?.touches == 2)
    }

    @Test func theDefaultMaximumTakesAnyNumberOfFingers() throws {
        let scene = singleViewScene([recognizer("pan", .pan())])
        let records = try transitions(together([first, second, third]), scene: scene)
        #expect(records.first?.state == .began)
        #expect(records.first?.touches == 3)
    }

    /// A second finger that joins a one-finger pan after it began is ignored: the pan goes on
    /// following the first finger, and ends when that one lifts.
    @Test func aFingerJoiningABegunPanBeyondTheMaximumIsIgnored() throws {
        let records = try transitions([
            first.down(0, 100, 100), first.move(0.05, 130, 100),
            second.down(0.1, 300, 300),
            first.move(0.15, 140, 100), second.move(0.15, 360, 300),
            second.move(0.2, 400, 300),
            first.up(0.25, 140, 100), second.up(0.3, 400, 300),
        ], scene: onePan)
        #expect(records.summary == ["pan began@0.05", "pan changed@0.15", "pan ended@0.25"])
        #expect(records.allSatisfy { $0.touches ?? 0 <= 1 })
        #expect(records[1].translation == Point(x: 30, y: 0))
        #expect(records[1].location == Point(x: 140, y: 100))
    }

    /// Two fingers down hold the pan back; once one lifts, the other may begin it.
    @Test func aOneFingerPanMayBeginOnceTheExtraFingerLifts() throws {
        let records = try transitions([
            first.down(0, 100, 100), second.down(0, 100, 200),
            first.move(0.05, 130, 100), second.move(0.05, 130, 200),
            second.up(0.1, 130, 200),
            first.move(0.15, 145, 100), first.up(0.2, 145, 100),
        ], scene: onePan)
        #expect(records.summary == ["pan began@0.15", "pan ended@0.2"])
        #expect(records.first?.touches == 1)
    }
}

extension PanTouchCountTests {
    /// Apple: the pan "changes when a finger moves while at least the minimum number of fingers
    /// are pressed down" and "ends when all fingers are lifted": a two-finger pan that drops to one
    /// finger goes quiet, and ends only when that finger lifts too.
    @Test func aPanEndsOnlyWhenAllFingersHaveLifted() throws {
        let scene = singleViewScene([recognizer("pan", .pan(minimumNumberOfTouches: 2))])
        var samples = together([first, second], lift: false)
        samples += [second.up(0.11, 140, 200), first.move(0.15, 160, 100), first.move(0.2, 170, 100), first.up(0.25, 170, 100)]
        let records = try transitions(samples, scene: scene)
        #expect(records.last?.state == .ended)
        #expect(records.last?.t == 0.25)
        #expect(records.filter { $0.t > 0.1 }.map(\.state) == [.ended])
    }
}
