import Testing
@testable import GestureKit

@Suite struct LongPressTests {}

private let finger = Finger(1)
private let scene = singleViewScene([recognizer("press", .longPress())])

extension LongPressTests {
    @Test func beginsByTimerChangesOnMovementEndsOnLift() throws {
        let records = try transitions([
            finger.down(2, 100, 100), finger.move(2.7, 130, 100), finger.up(3, 130, 100),
        ], scene: scene)
        #expect(records.summary == ["press began@2.5", "press changed@2.7", "press ended@3"])
        #expect(records[0].location == Point(x: 100, y: 100))
        #expect(records[1].location == Point(x: 130, y: 100))
        #expect(records[0].touches == 1)
    }

    @Test(arguments: [(0.49, false), (0.51, true)])
    func minimumPressDuration(held: Double, began: Bool) throws {
        let records = try transitions([finger.down(0, 100, 100), finger.up(held, 100, 100)], scene: scene)
        #expect(records.first?.state == (began ? .began : .failed))
        if !began { #expect(records.first?.reason == "lifted after 0.49 s, before minimumPressDuration 0.5 s") }
    }

    @Test(arguments: [(9.9, true), (10.1, false)])
    func allowableMovement(distance: Double, began: Bool) throws {
        let records = try transitions([
            finger.down(0, 100, 100), finger.move(0.2, 100, 100 + distance), finger.up(0.8, 100, 100 + distance),
        ], scene: scene)
        #expect(records.first?.state == (began ? .began : .failed))
    }

    @Test func tapThenHold() throws {
        let scene = singleViewScene([recognizer("press", .longPress(numberOfTapsRequired: 1))])
        let records = try transitions([
            finger.down(0, 100, 100), finger.up(0.1, 100, 100),
            finger.down(0.3, 100, 100), finger.up(1.0, 100, 100),
        ], scene: scene)
        #expect(records.summary == ["press began@0.8", "press ended@1"])
    }

    @Test func holdWithoutTheRequiredTapFails() throws {
        let scene = singleViewScene([recognizer("press", .longPress(numberOfTapsRequired: 1))])
        let records = try transitions([finger.down(0, 100, 100), finger.up(1.0, 100, 100)], scene: scene)
        #expect(records.map(\.state) == [.failed])
    }

    @Test func twoFingerPressStartsWhenBothAreDown() throws {
        let scene = singleViewScene([recognizer("press", .longPress(numberOfTouchesRequired: 2))])
        let second = Finger(2)
        let records = try transitions([
            finger.down(0, 100, 100), second.down(0.2, 200, 100), finger.up(1, 100, 100), second.up(1, 200, 100),
        ], scene: scene)
        #expect(records.summary == ["press began@0.7", "press ended@1"])
        #expect(records.first?.location == Point(x: 150, y: 100))
        #expect(records.first?.touches == 2)
    }

    @Test func pressHeldToTheEndOfTheTraceIsCancelled() throws {
        let records = try transitions([finger.down(0, 100, 100), finger.move(1, 101, 100)], scene: scene)
        #expect(records.summary == ["press began@0.5", "press changed@1", "press cancelled@1"])
    }
}

extension LongPressTests {
    /// The press after the required tap must land within multiTapDistance of the tap, as a tap's would.
    @Test(arguments: [(40.0, true), (50.0, false)])
    func pressMustLandNearTheTap(distance: Double, begins: Bool) throws {
        let scene = singleViewScene([recognizer("press", .longPress(numberOfTapsRequired: 1))])
        let records = try transitions([
            finger.down(0, 100, 100), finger.up(0.05, 100, 100),
            finger.down(0.2, 100 + distance, 100), finger.up(0.9, 100 + distance, 100),
        ], scene: scene)
        if begins {
            #expect(records.summary == ["press began@0.7", "press ended@0.9"])
        } else {
            #expect(records.summary == ["press failed@0.2"])
            #expect(records.first?.reason == "the press landed 50 pt from the first tap, more than multiTapDistance 45 pt")
        }
    }
}
