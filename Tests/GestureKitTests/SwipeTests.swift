import Testing
@testable import GestureKit

/// Swipe rules as measured on UIKit (uikit-behaviour.md), each tested on both sides of its threshold.
///
/// Unless a test says otherwise the finger touches down at (100, 400) at t = 0, so a sample at
/// time t is t seconds after touch down; with y growing downwards, "up" is negative y.
@Suite struct SwipeTests {}

private let finger = Finger(1)
private let start = Point(x: 100, y: 400)

/// A scene holding only a swipe recognizer called `swipe`.
private func swipeScene(
    _ directions: Set<SwipeDirection> = [.right], touches: Int = 1, thresholds: [String: Double] = [:]
) -> SceneDescription {
    singleViewScene([
        recognizer("swipe", .swipe(direction: directions, numberOfTouchesRequired: touches)) { $0.thresholds = thresholds }
    ])
}

/// Touch down at `start`, then one move per `(t, dx, dy)` relative to `start`, then a lift at
/// `liftAt` where the last move left the finger.
private func stroke(_ moves: [(Double, Double, Double)], liftAt: Double) -> [Sample] {
    var samples = [finger.down(0, start.x, start.y)]
    for (t, dx, dy) in moves { samples.append(finger.move(t, start.x + dx, start.y + dy)) }
    let last = moves.last.map { Point(x: start.x + $0.1, y: start.y + $0.2) } ?? start
    samples.append(finger.up(liftAt, last.x, last.y))
    return samples
}

extension SwipeTests {
    // MARK: The shrinking distances

    @Test(arguments: [(0.0, 50.0, 50.0), (0.1, 45.3, 45.1), (0.25, 38.25, 37.75), (0.5, 26.5, 25.5)])
    func neededAndAllowedDistancesShrinkWithTime(elapsed: Double, needed: Double, allowed: Double) {
        let swipe = SwipeGestureRecognizer(name: "swipe")
        #expect(abs(swipe.neededDistance(at: elapsed) - needed) < 1e-9)
        #expect(abs(swipe.allowedCrossDistance(at: elapsed) - allowed) < 1e-9)
    }

    // MARK: Time limit

    /// 100 pt right at exactly 0.5 s recognizes; at 0.501 s the 0.5 s timer has already failed it.
    @Test(arguments: [(0.5, true), (0.501, false)])
    func timeLimitIsInclusive(at t: Double, recognized: Bool) throws {
        let records = try transitions(stroke([(t, 100, 0)], liftAt: t + 0.05), scene: swipeScene())
        #expect(records.count == 1)
        let record = try #require(records.first)
        if recognized {
            #expect(record.state == .recognized)
            #expect(record.t == 0.5)
            #expect(record.direction == "right")
            #expect(record.touches == 1)
            // Where the swipe began (Apple's location(in:) for a swipe), not where it was recognized.
            #expect(record.location == Point(x: 100, y: 400))
        } else {
            #expect(record.state == .failed)
            #expect(record.t == 0.5)
            #expect(record.reason == "not recognized within swipeMaximumDuration 0.5 s of touch down: it had not moved right, 26.5 pt were needed")
        }
    }

    /// The deadline is a threshold: a scene may lengthen it.
    @Test func timeLimitFollowsTheThreshold() throws {
        let records = try transitions(
            stroke([(0.8, 100, 0)], liftAt: 0.9), scene: swipeScene(thresholds: ["swipeMaximumDuration": 1]))
        #expect(records.summary == ["swipe recognized@0.8"])
    }

    /// A finger that stays still past the deadline fails at the deadline, not at lift.
    @Test func failsAtTheDeadlineWhileTheFingerRests() throws {
        let records = try transitions(stroke([(0.1, 20, 0)], liftAt: 0.9), scene: swipeScene())
        #expect(records.summary == ["swipe failed@0.5"])
        #expect(records.first?.reason == "not recognized within swipeMaximumDuration 0.5 s of touch down: it moved 20 pt right, 26.5 pt were needed")
    }

    // MARK: Movement along the direction

    /// At 0.1 s 45.3 pt are needed.
    @Test(arguments: [(45.4, true), (45.3, true), (45.2, false)])
    func neededDistanceAtATenthOfASecond(distance: Double, recognized: Bool) throws {
        let records = try transitions(stroke([(0.1, distance, 0)], liftAt: 0.12), scene: swipeScene())
        if recognized {
            #expect(records.summary == ["swipe recognized@0.1"])
            #expect(records.first?.direction == "right")
        } else {
            #expect(records.summary == ["swipe failed@0.12"])
            #expect(records.first?.reason == "a finger lifted at 0.12 s, before the swipe was recognized: at its last move, at 0.1 s, it moved 45.2 pt right, 45.3 pt were needed")
        }
    }

    /// At 0.5 s only 26.5 pt are needed.
    @Test(arguments: [(26.6, true), (26.4, false)])
    func neededDistanceAtTheDeadline(distance: Double, recognized: Bool) throws {
        let records = try transitions(stroke([(0.5, distance, 0)], liftAt: 0.55), scene: swipeScene())
        #expect(records.summary == [recognized ? "swipe recognized@0.5" : "swipe failed@0.5"])
    }

    /// Recognition happens in the move that meets the rule, once, not at lift.
    @Test func recognizedDuringTheMovementOnce() throws {
        let samples = finger.drag(from: start, to: Point(x: 300, y: 400), duration: 0.3, step: 0.05)
        let records = try transitions(samples, scene: swipeScene())
        // 100/3 pt every 0.05 s: 33.3 at 0.05 (47.65 needed), 66.7 at 0.1 (45.3 needed).
        #expect(records.summary == ["swipe recognized@0.1"])
    }

    /// Movement that arrives only with the lift is not a swipe.
    @Test func movementAtLiftDoesNotRecognize() throws {
        let records = try transitions([finger.down(0, 100, 400), finger.up(0.1, 200, 400)], scene: swipeScene())
        #expect(records.summary == ["swipe failed@0.1"])
        #expect(records.first?.reason == "a finger lifted at 0.1 s, before the swipe was recognized (no move came before the lift)")
    }

    // MARK: Movement across the direction

    /// At 0.1 s 45.1 pt across are allowed; at 0.5 s, 25.5 pt.
    @Test(arguments: [(0.1, 45.0, true), (0.1, 45.2, false), (0.5, 25.4, true), (0.5, 25.6, false)])
    func allowedCrossMovement(at t: Double, across: Double, recognized: Bool) throws {
        let records = try transitions(stroke([(t, 60, across)], liftAt: t + 0.02), scene: swipeScene())
        #expect(records.count == 1)
        let record = try #require(records.first)
        #expect(record.t == t)
        #expect(record.state == (recognized ? .recognized : .failed))
        if !recognized {
            let allowed = t == 0.1 ? "45.1" : "25.5"
            #expect(record.reason == "moved \(format(across)) pt across the right direction at \(format(t)) s, more than the \(allowed) pt allowed")
        }
    }

    /// The cross limit applies on both sides of the line.
    @Test func crossMovementUpwardsFailsToo() throws {
        let records = try transitions(stroke([(0.2, 30, -41)], liftAt: 0.3), scene: swipeScene())
        #expect(records.summary == ["swipe failed@0.2"])
        #expect(records.first?.reason == "moved 41 pt across the right direction at 0.2 s, more than the 40.2 pt allowed")
    }

    // MARK: Behind the start

    @Test(arguments: [1.0, 0.01])
    func anyPositionBehindTheStartFails(behind: Double) throws {
        let records = try transitions(stroke([(0.05, -behind, 0), (0.15, 80, 0)], liftAt: 0.2), scene: swipeScene())
        #expect(records.summary == ["swipe failed@0.05"])
        #expect(records.first?.reason == "went \(format(behind)) pt behind its start point along the right direction at 0.05 s")
    }

    @Test func returningExactlyToTheStartIsNotBehind() throws {
        let records = try transitions(stroke([(0.05, 20, 0), (0.1, 0, 0), (0.2, 60, 0)], liftAt: 0.25), scene: swipeScene())
        #expect(records.summary == ["swipe recognized@0.2"])
    }

    @Test func retreatThatStaysAheadDoesNotFail() throws {
        let records = try transitions(stroke([(0.05, 30, 0), (0.1, 10, 0), (0.15, 60, 0)], liftAt: 0.2), scene: swipeScene())
        #expect(records.summary == ["swipe recognized@0.15"])
        #expect(records.first?.location == Point(x: 100, y: 400))
    }

    // MARK: Directions

    @Test(arguments: [
        (SwipeDirection.right, 60.0, 0.0), (.left, -60, 0), (.up, 0, -60), (.down, 0, 60),
    ])
    func eachDirectionAlone(direction: SwipeDirection, dx: Double, dy: Double) throws {
        let records = try transitions(stroke([(0.1, dx, dy)], liftAt: 0.15), scene: swipeScene([direction]))
        #expect(records.summary == ["swipe recognized@0.1"])
        #expect(records.first?.direction == direction.rawValue)
    }

    @Test(arguments: [
        (SwipeDirection.right, 60.0, 0.0), (.left, -60, 0), (.up, 0, -60), (.down, 0, 60),
    ])
    func allDirectionsReportTheOneMet(direction: SwipeDirection, dx: Double, dy: Double) throws {
        let records = try transitions(
            stroke([(0.05, dx / 3, dy / 3), (0.1, dx, dy)], liftAt: 0.15), scene: swipeScene(Set(SwipeDirection.allCases)))
        #expect(records.summary == ["swipe recognized@0.1"])
        #expect(records.first?.direction == direction.rawValue)
    }

    @Test func wrongDirectionFails() throws {
        let records = try transitions(stroke([(0.1, -60, 0)], liftAt: 0.15), scene: swipeScene([.right]))
        #expect(records.summary == ["swipe failed@0.1"])
    }

    /// A diagonal stroke is too far across both candidate directions and behind the other two.
    @Test func diagonalFailsEveryDirection() throws {
        let records = try transitions(stroke([(0.1, 46, 46)], liftAt: 0.15), scene: swipeScene(Set(SwipeDirection.allCases)))
        #expect(records.summary == ["swipe failed@0.1"])
        #expect(records.first?.reason == [
            "moved 46 pt across the right direction at 0.1 s, more than the 45.1 pt allowed",
            "went 46 pt behind its start point along the left direction at 0.1 s",
            "went 46 pt behind its start point along the up direction at 0.1 s",
            "moved 46 pt across the down direction at 0.1 s, more than the 45.1 pt allowed",
        ].joined(separator: "; "))
    }

    /// A direction ruled out stays out: a stroke that went left first cannot become a right swipe,
    /// but with left and right allowed it can still become a left swipe.
    @Test func ruledOutDirectionStaysOut() throws {
        let moves = [(0.05, -5.0, 0.0), (0.1, -60.0, 0.0)]
        let records = try transitions(stroke(moves, liftAt: 0.15), scene: swipeScene([.left, .right]))
        #expect(records.summary == ["swipe recognized@0.1"])
        #expect(records.first?.direction == "left")
        let back = try transitions(stroke([(0.05, -5, 0), (0.1, 60, 0)], liftAt: 0.15), scene: swipeScene([.left, .right]))
        #expect(back.summary == ["swipe failed@0.1"])
    }

    // MARK: Fingers

    @Test func liftBeforeRecognitionFails() throws {
        let records = try transitions(stroke([(0.1, 20, 0)], liftAt: 0.2), scene: swipeScene())
        #expect(records.summary == ["swipe failed@0.2"])
        #expect(records.first?.reason == "a finger lifted at 0.2 s, before the swipe was recognized: at its last move, at 0.1 s, it moved 20 pt right, 45.3 pt were needed")
    }

    @Test func cancelledTouchFails() throws {
        let records = try transitions([finger.down(0, 100, 400), finger.cancel(0.1, 120, 400)], scene: swipeScene())
        #expect(records.summary == ["swipe failed@0.1"])
        #expect(records.first?.reason == "its touches were cancelled")
    }

    @Test func moreFingersThanRequiredFail() throws {
        let records = try transitions(
            twoFingerSlide((0, 100, 400), (0.02, 100, 500), moveAt: 0.1, to: 160, 160, liftAt: 0.15), scene: swipeScene())
        #expect(records.summary == ["swipe failed@0.02"])
        #expect(records.first?.reason == "2 fingers touched down, more than numberOfTouchesRequired 1")
    }

    /// Two fingers starting at different places, each measured from its own start.
    @Test func twoFingersSwipeTogether() throws {
        let records = try transitions(
            twoFingerSlide((0, 100, 400), (0, 120, 500), moveAt: 0.1, to: 150, 170, liftAt: 0.15), scene: swipeScene(touches: 2))
        #expect(records.summary == ["swipe recognized@0.1"])
        #expect(records.first?.touches == 2)
        // The centroid of the two touch-down points (100, 400) and (120, 500).
        #expect(records.first?.location == Point(x: 110, y: 450))
        #expect(records.first?.direction == "right")
    }

    /// Every finger must reach the needed distance: the slower one holds the swipe back.
    @Test(arguments: [(45.2, false), (45.4, true)])
    func everyFingerMustMoveFarEnough(slower: Double, recognized: Bool) throws {
        let records = try transitions(
            twoFingerSlide((0, 100, 400), (0, 100, 500), moveAt: 0.1, to: 200, 100 + slower, liftAt: 0.15),
            scene: swipeScene(touches: 2))
        #expect(records.summary == [recognized ? "swipe recognized@0.1" : "swipe failed@0.15"])
    }

    @Test func fingersMovingApartFail() throws {
        let records = try transitions(
            twoFingerSlide((0, 100, 400), (0, 300, 400), moveAt: 0.1, to: 50, 350, liftAt: 0.15),
            scene: swipeScene([.left, .right], touches: 2))
        #expect(records.summary == ["swipe failed@0.1"])
        #expect(records.first?.reason == "touch 1 went 50 pt behind its start point along the right direction at 0.1 s; touch 2 went 50 pt behind its start point along the left direction at 0.1 s")
    }

    /// The time limit runs from the first finger's touch down: a second finger landing at 0.3 s
    /// has only until 0.5 s, and the distance needed is that of 0.45 s after the first touch down
    /// (28.85 pt), not of 0.15 s after its own (43 pt).
    @Test func timeRunsFromTheFirstTouchDown() throws {
        let scene = swipeScene(touches: 2)
        let inTime = try transitions(
            twoFingerSlide((0, 100, 400), (0.3, 100, 500), moveAt: 0.45, to: 130, 130, liftAt: 0.6), scene: scene)
        #expect(inTime.summary == ["swipe recognized@0.45"])
        let late = try transitions(
            twoFingerSlide((0, 100, 400), (0.3, 100, 500), moveAt: 0.55, to: 200, 200, liftAt: 0.6), scene: scene)
        #expect(late.summary == ["swipe failed@0.5"])
    }

    @Test func tooFewFingersFailAtTheDeadline() throws {
        let records = try transitions(stroke([(0.1, 80, 0)], liftAt: 0.7), scene: swipeScene(touches: 2))
        #expect(records.summary == ["swipe failed@0.5"])
        #expect(records.first?.reason == "only 1 of the 2 fingers of numberOfTouchesRequired touched down within swipeMaximumDuration 0.5 s")
    }

    @Test func secondSwipeAfterTheFirstIsRecognizedAgain() throws {
        let samples = stroke([(0.1, 60, 0)], liftAt: 0.15)
            + [finger.down(1, 100, 400), finger.move(1.1, 160, 400), finger.up(1.15, 160, 400)]
        let records = try transitions(samples, scene: swipeScene())
        #expect(records.summary == ["swipe recognized@0.1", "swipe recognized@1.1"])
    }
}
