import Testing
@testable import GestureKit

/// Screen-edge pan: a one-finger pan whose touch must start within `screenEdgeDistance` (20 pt,
/// inclusive) of one of its edges of the 390 × 844 screen.
@Suite struct ScreenEdgePanTests {}

private let finger = Finger(1)

private func edgeScene(_ edges: Set<ScreenEdge>, thresholds: [String: Double] = [:]) -> SceneDescription {
    singleViewScene([recognizer("edge", .screenEdgePan(edges: edges)) { $0.thresholds = thresholds }])
}

/// A drag from `from` by `by`, moves every 10 ms over 0.1 s, lifted at the end.
private func drag(from: Point, by: Point) -> [Sample] {
    finger.drag(from: from, to: from + by, duration: 0.1, step: 0.01)
}

extension ScreenEdgePanTests {
    @Test func panFromTheLeftEdgeBegins() throws {
        let records = try transitions(drag(from: Point(x: 5, y: 400), by: Point(x: 100, y: 0)), scene: edgeScene([.left]))
        #expect(records.first?.state == .began)
        #expect(records.first?.kind == "screenEdgePan")
        #expect(records.last?.state == .ended)
        // Like a pan: the 10 pt of hysteresis are taken off the translation at began.
        #expect(records.first?.translation == Point(x: 0, y: 0))
        #expect(records.last?.translation == Point(x: 90, y: 0))
        guard case .vector(let v) = records.last?.velocity else {
            Issue.record("no velocity")
            return
        }
        #expect(abs(v.x - 1000) < 1e-6)
    }

    @Test func panAwayFromTheEdgeFailsAtTouchDown() throws {
        let records = try transitions(drag(from: Point(x: 100, y: 400), by: Point(x: 100, y: 0)), scene: edgeScene([.left]))
        #expect(records.summary == ["edge failed@0"])
        #expect(records.first?.reason == "touch began at (100, 400), 100 pt from the left edge, farther than screenEdgeDistance 20 pt")
    }

    /// 20 pt from the edge is within it; 20.5 pt is not.
    @Test(arguments: [
        (ScreenEdge.left, Point(x: 20, y: 400), true), (.left, Point(x: 20.5, y: 400), false),
        (.right, Point(x: 370, y: 400), true), (.right, Point(x: 369.5, y: 400), false),
        (.top, Point(x: 200, y: 20), true), (.top, Point(x: 200, y: 20.5), false),
        (.bottom, Point(x: 200, y: 824), true), (.bottom, Point(x: 200, y: 823.5), false),
    ])
    func edgeDistanceIsInclusive(edge: ScreenEdge, start: Point, began: Bool) throws {
        // Move away from the edge, into the screen.
        let inward: Point
        switch edge {
        case .left: inward = Point(x: 100, y: 0)
        case .right: inward = Point(x: -100, y: 0)
        case .top: inward = Point(x: 0, y: 100)
        case .bottom: inward = Point(x: 0, y: -100)
        }
        let records = try transitions(drag(from: start, by: inward), scene: edgeScene([edge]))
        #expect(records.first?.state == (began ? .began : .failed))
        #expect(abs((records.first?.t ?? -1) - (began ? 0.01 : 0)) < 1e-9)
    }

    @Test func otherEdgesDoNotCount() throws {
        let records = try transitions(drag(from: Point(x: 5, y: 400), by: Point(x: 100, y: 0)), scene: edgeScene([.right]))
        #expect(records.summary == ["edge failed@0"])
        #expect(records.first?.reason == "touch began at (5, 400), 385 pt from the right edge, farther than screenEdgeDistance 20 pt")
    }

    @Test func anyOfSeveralEdges() throws {
        let scene = edgeScene([.left, .right])
        let fromRight = try transitions(drag(from: Point(x: 385, y: 400), by: Point(x: -100, y: 0)), scene: scene)
        #expect(fromRight.first?.state == .began)
        let middle = try transitions(drag(from: Point(x: 195, y: 400), by: Point(x: -100, y: 0)), scene: scene)
        #expect(middle.summary == ["edge failed@0"])
        #expect(middle.first?.reason == "touch began at (195, 400), 195 pt from the left and right edges, farther than screenEdgeDistance 20 pt")
    }

    @Test func distanceIsAThreshold() throws {
        let records = try transitions(
            drag(from: Point(x: 40, y: 400), by: Point(x: 100, y: 0)), scene: edgeScene([.left], thresholds: ["screenEdgeDistance": 50]))
        #expect(records.first?.state == .began)
    }

    @Test func noEdgesNeverBegins() throws {
        let records = try transitions(drag(from: Point(x: 0, y: 400), by: Point(x: 100, y: 0)), scene: edgeScene([]))
        #expect(records.summary == ["edge failed@0"])
        #expect(records.first?.reason == "its edges are empty, so no touch starts at one")
    }

    /// From the edge, a touch that does not move the hysteresis fails at lift, like a pan.
    @Test func edgeTouchWithoutMovementFailsAtLift() throws {
        let records = try transitions([finger.down(0, 5, 400), finger.move(0.05, 9, 400), finger.up(0.1, 9, 400)], scene: edgeScene([.left]))
        #expect(records.summary == ["edge failed@0.1"])
    }

    /// A second finger is ignored: the pan follows the first one alone.
    @Test func secondFingerIsIgnored() throws {
        let records = try transitions(
            twoFingerSlide((0, 5, 400), (0.02, 200, 600), moveAt: 0.05, to: 55, 300, liftAt: 0.1), scene: edgeScene([.left]))
        #expect(records.summary == ["edge began@0.05", "edge ended@0.1"])
        #expect(records.first?.touches == 1)
        #expect(records.first?.location == Point(x: 55, y: 400))
        #expect(records.first?.translation == Point(x: 40, y: 0))
    }
}
