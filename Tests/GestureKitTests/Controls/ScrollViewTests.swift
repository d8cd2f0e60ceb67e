import Foundation
import GestureKit
import Testing

/// UIScrollView: content-touch delay, cancelling content touches, scrolling, deceleration, paging,
/// nested scroll views (docs/controls-and-scrolling.md).
@Suite struct ScrollViewTests {
    let finger = Finger(1)
    static let screen = Rect(x: 0, y: 0, width: 390, height: 844)
    static let button = Rect(x: 20, y: 100, width: 100, height: 44)

    func list(_ configure: (inout ScrollViewDescription) -> Void = { _ in }, recognizers: [RecognizerDescription] = []) -> SceneDescription {
        rootScene([scrollView("list", frame: Self.screen, contentSize: Size(width: 390, height: 3000),
                              children: [controlView("buy", .button, frame: Self.button)], configure)], recognizers: recognizers)
    }

    /// Up by `distance` over 0.2 s from the button, after `hold` seconds still.
    func swipeUp(_ distance: Double, hold: Double = 0, start: Point = Point(x: 50, y: 120)) -> [Sample] {
        var samples = [finger.down(0, start.x, start.y)]
        samples += finger.drag(from: start, to: Point(x: start.x, y: start.y - distance), start: hold, duration: 0.2).dropFirst()
        return samples
    }

    @Test func aQuickTapReachesTheButtonOnlyAtTheLift() throws {
        let records = try analyze([finger.down(0, 50, 120), finger.up(0.08, 50, 120)], scene: list())
        #expect(records.controlSummary == ["touchDown@0.08", "touchUpInside@0.08", "primaryActionTriggered@0.08"])
    }

    @Test func aStillFingerReachesTheButtonAfterTheContentTouchDelay() throws {
        let records = try analyze([finger.down(0, 50, 120), finger.up(0.4, 50, 120)], scene: list())
        #expect(records.controlSummary == ["touchDown@0.15", "touchUpInside@0.4", "primaryActionTriggered@0.4"])
    }

    @Test func withoutDelaysContentTouchesTheButtonHasTheTouchAtOnce() throws {
        let records = try analyze([finger.down(0, 50, 120), finger.up(0.4, 50, 120)], scene: list { $0.delaysContentTouches = false })
        #expect(records.controlSummary.first == "touchDown@0")
    }

    @Test func aQuickDragScrollsAndTheButtonNeverSeesTheTouch() throws {
        let records = try analyze(swipeUp(200), scene: list())
        #expect(records.controls.isEmpty)
        #expect(records.transitionRecords.of("list.pan").first?.state == .began)
        #expect(records.scrollSummary.prefix(3) == ["willBeginDragging@0.016667", "willEndDragging@0.2", "didEndDragging@0.2"])
    }

    @Test func aHeldPressHighlightsAndThenADragDoesNotScrollTheButton() throws {
        // touchesShouldCancel(in:) answers false for a control: the scroll view stops dragging.
        let records = try analyze(swipeUp(200, hold: 0.3), scene: list())
        let pan = records.transitionRecords.of("list.pan")
        #expect(pan.map(\.state) == [.failed])
        #expect(pan.first?.reason?.contains("touchesShouldCancel") == true)
        #expect(records.scrolls.isEmpty)
        #expect(records.controlSummary.first == "touchDown@0.15")
        #expect(records.controls.last?.event == .touchUpOutside)
    }

    @Test func withTheOverrideAHeldPressThenADragScrollsAndCancelsTheButton() throws {
        let records = try analyze(swipeUp(200, hold: 0.3), scene: list { $0.touchesShouldCancelInControls = true })
        #expect(records.controls.map(\.event) == [.touchDown, .touchDragInside, .touchCancel])
        #expect(records.controls.last?.cancelledBy == "list.pan")
        #expect(records.scrolls.first?.event == .willBeginDragging)
    }

    @Test func withoutCanCancelContentTouchesTheOverrideDoesNotHelp() throws {
        let records = try analyze(swipeUp(200, hold: 0.3), scene: list {
            $0.touchesShouldCancelInControls = true
            $0.canCancelContentTouches = false
        })
        #expect(records.transitionRecords.of("list.pan").first?.reason?.contains("canCancelContentTouches") == true)
        #expect(records.scrolls.isEmpty)
    }

    @Test func aScrollViewWithScrollingDisabledTakesNoTouches() throws {
        let records = try analyze(swipeUp(200), scene: list { $0.scrollEnabled = false })
        #expect(records.transitionRecords.isEmpty)
        #expect(records.scrolls.isEmpty)
        #expect(records.controlSummary.first == "touchDown@0")
    }

    @Test func theContentOffsetFollowsTheFingerAndHitTestingFollowsTheOffset() throws {
        // Drag up 100 pt slowly, rest, lift: the content stays 100 pt up less the hysteresis...
        var samples = finger.drag(from: Point(x: 200, y: 500), to: Point(x: 200, y: 400), duration: 0.5, lift: false)
        samples.append(finger.up(1.0, 200, 400))
        // ...then a tap where the button now is (its frame moved up by the offset).
        let records = try analyze(samples + [finger.down(2, 50, 122 - 90), finger.up(2.05, 50, 122 - 90)], scene: list())
        let offsets = records.scrolls.filter { $0.event == .didScroll }.map(\.contentOffset.y)
        #expect(offsets.last == 90)
        #expect(records.scrollSummary == ["willBeginDragging@0.05", "willEndDragging@1", "didEndDragging@1"])
        #expect(records.scrolls.first { $0.event == .willEndDragging }?.velocity == Point.zero)
        #expect(records.controlSummary.first == "touchDown@2.05")
    }

    @Test func afterAFlingTheContentDeceleratesToTheProjectedTargetOncePerFrame() throws {
        let records = try analyze(swipeUp(200), scene: list())
        let end = try #require(records.scrolls.first { $0.event == .willEndDragging })
        let velocity = try #require(end.velocity)
        // Apple's projection: offset + v/1000 × r/(1 − r), r = 0.998.
        let expected = end.contentOffset.y + velocity.y / 1000 * 0.998 / 0.002
        #expect(abs((end.targetContentOffset?.y ?? 0) - expected) < 1e-6)
        #expect(velocity.y > 900)
        let decelerating = records.scrolls.drop { $0.event != .willBeginDecelerating }.dropFirst()
        let frames = decelerating.filter { $0.event == .didScroll }.map(\.t)
        #expect(abs(frames[1] - frames[0] - 1.0 / 60) < 1e-9)
        let rest = try #require(records.scrolls.last)
        #expect(rest.event == .didEndDecelerating)
        #expect(rest.contentOffset == end.targetContentOffset)
        // It rests when within 0.5 pt: log(0.5 / distance) / log(0.998) ms after the lift.
        let distance = abs(expected - end.contentOffset.y)
        #expect(abs(rest.t - (0.2 + log(0.5 / distance) / log(0.998) / 1000)) < 1e-6)
    }

    @Test func theFastRateStopsSooner() throws {
        let normal = try analyze(swipeUp(200), scene: list()).scrolls.last?.t ?? 0
        let fast = try analyze(swipeUp(200), scene: list { $0.decelerationRate = ScrollViewDescription.fastDecelerationRate }).scrolls.last?.t ?? 0
        #expect(fast < normal)
    }

    @Test func pullingPastTheTopRubberBandsAndSpringsBack() throws {
        var samples = finger.drag(from: Point(x: 200, y: 300), to: Point(x: 200, y: 500), duration: 0.4, lift: false)
        samples.append(finger.up(0.8, 200, 500))
        let records = try analyze(samples, scene: list())
        let pulled = try #require(records.scrolls.first { $0.event == .willEndDragging })
        // 190 pt past the edge (200 less the hysteresis), banded: (x·d·c)/(d + c·x), d = 844, c = 0.55.
        let x = 190.0
        #expect(abs(pulled.contentOffset.y + (x * 844 * 0.55) / (844 + 0.55 * x)) < 1e-6)
        #expect(records.scrolls.first { $0.event == .didEndDragging }?.decelerate == true)
        #expect(records.scrolls.last?.event == .didEndDecelerating)
        #expect(records.scrolls.last?.contentOffset == Point.zero)
    }

    @Test func withoutBouncesTheContentStopsAtTheEdge() throws {
        let samples = finger.drag(from: Point(x: 200, y: 300), to: Point(x: 200, y: 500), duration: 0.4)
        let records = try analyze(samples, scene: list { $0.bounces = false })
        #expect(records.scrolls.allSatisfy { $0.contentOffset == Point.zero })
    }

    func pager(lists: Bool = true) -> SceneDescription {
        let pages = (0..<3).map { i in
            scrollView("list\(i)", frame: Rect(x: Double(i) * 390, y: 0, width: 390, height: 844), contentSize: Size(width: 390, height: 3000))
        }
        return rootScene([scrollView("pager", frame: Self.screen, contentSize: Size(width: 1170, height: 844), children: lists ? pages : []) {
            $0.pagingEnabled = true
        }])
    }

    @Test func aPagerGoesToTheNextPageAfterAFlingAndToTheNearestAfterASlowDrag() throws {
        let fling = finger.drag(from: Point(x: 300, y: 400), to: Point(x: 200, y: 400), duration: 0.1)
        #expect(try analyze(fling, scene: pager(lists: false)).scrolls.last?.contentOffset == Point(x: 390, y: 0))
        var slow = finger.drag(from: Point(x: 300, y: 400), to: Point(x: 200, y: 400), duration: 0.5, lift: false)
        slow.append(finger.up(1, 200, 400))
        #expect(try analyze(slow, scene: pager(lists: false)).scrolls.last?.contentOffset == Point.zero)
    }

    @Test func inAPagerOfListsAVerticalDragScrollsTheListAndASidewaysDragThePager() throws {
        let vertical = try analyze(finger.drag(from: Point(x: 200, y: 600), to: Point(x: 205, y: 300), duration: 0.2), scene: pager())
        #expect(Set(vertical.scrolls.map(\.scrollView)) == ["list0"])
        #expect(vertical.transitionRecords.of("pager.pan").map(\.state) == [.failed])
        let sideways = try analyze(finger.drag(from: Point(x: 300, y: 600), to: Point(x: 100, y: 605), duration: 0.2), scene: pager())
        #expect(Set(sideways.scrolls.map(\.scrollView)) == ["pager"])
        #expect(sideways.transitionRecords.of("list0.pan").map(\.state) == [.failed])
    }

    @Test func directionalLockKeepsADragOnItsFirstAxis() throws {
        let scene = rootScene([scrollView("map", frame: Self.screen, contentSize: Size(width: 2000, height: 2000)) {
            $0.directionalLockEnabled = true
        }])
        let records = try analyze(finger.drag(from: Point(x: 300, y: 600), to: Point(x: 100, y: 500), duration: 0.2), scene: scene)
        #expect(records.scrolls.allSatisfy { $0.contentOffset.y == 0 })
        #expect(records.scrolls.contains { $0.contentOffset.x > 100 })
    }

    @Test func controlAndScrollRecordsAreTheSameWithAndWithoutDeliveries() throws {
        for (samples, scene) in [
            (swipeUp(200, hold: 0.3), list { $0.touchesShouldCancelInControls = true }), (swipeUp(200, hold: 0.3), list()),
            (swipeUp(200), list()), ([finger.down(0, 50, 120), finger.up(0.08, 50, 120)], list()),
        ] {
            let plain = try analyze(samples, scene: scene)
            let withDeliveries = try analyze(samples, scene: scene, deliveries: true)
            #expect(plain.controls == withDeliveries.controls)
            #expect(plain.scrolls == withDeliveries.scrolls)
        }
    }

    @Test func sceneRecognizersCanNameTheScrollViewsPan() throws {
        var tap = RecognizerDescription(name: "tap", kind: .tap(), view: "list")
        tap.requireToFail = ["list.pan"]
        let records = try analyze([finger.down(0, 200, 500), finger.up(0.05, 200, 500)], scene: list(recognizers: [tap]))
        #expect(records.transitionRecords.summary == ["list.pan failed@0.05", "tap recognized@0.05"])
    }

    @Test func aPinchZoomsBetweenTheZoomScales() throws {
        let scene = rootScene([scrollView("photo", frame: Self.screen, contentSize: Size(width: 390, height: 844)) {
            $0.maximumZoomScale = 3
        }])
        let second = Finger(2)
        let samples = [
            finger.down(0, 150, 400), second.down(0, 250, 400),
            finger.move(0.1, 100, 400), second.move(0.1, 300, 400),
            finger.up(0.2, 100, 400), second.up(0.2, 300, 400),
        ]
        let records = try analyze(samples, scene: scene)
        let zooms = records.scrolls.filter { $0.event == .didZoom }
        #expect(zooms.last?.zoomScale == 2)
        #expect(records.scrolls.last?.event == .didEndZooming)
    }
}
