import Foundation
import GestureKit
import Testing

/// UIScrollView's rules for plain content views (not controls) and for a scroll view that does not
/// take touches, as Apple states them (docs/fidelity.md, "Controls and scroll views"):
/// `delaysContentTouches`, `canCancelContentTouches`, `isScrollEnabled`, and a scroll view whose
/// content fits within its bounds.
@Suite struct ContentTouchTests {
    let finger = Finger(1)
    static let screen = Rect(x: 0, y: 0, width: 390, height: 844)
    /// A plain view in the list's content (not a control).
    static let cell = Rect(x: 0, y: 100, width: 390, height: 88)

    func list(contentHeight: Double = 3000, _ configure: (inout ScrollViewDescription) -> Void = { _ in }) -> SceneDescription {
        rootScene([scrollView("list", frame: Self.screen, contentSize: Size(width: 390, height: contentHeight),
                              children: [ViewDescription(name: "cell", frame: Self.cell)], configure)])
    }

    /// Up by `distance` over 0.2 s from inside the cell, after `hold` seconds still.
    func swipeUp(_ distance: Double, hold: Double = 0, start: Point = Point(x: 50, y: 140)) -> [Sample] {
        var samples = [finger.down(0, start.x, start.y)]
        samples += finger.drag(from: start, to: Point(x: start.x, y: start.y - distance), start: hold, duration: 0.2).dropFirst()
        return samples
    }

    func summary(_ samples: [Sample], _ scene: SceneDescription) throws -> [String] {
        try analyze(samples, scene: scene, deliveries: true).compactMap { record -> String? in
            guard case .delivery(let d) = record, d.method == .touchesBegan || d.method == .touchesEnded || d.method == .touchesCancelled
            else { return nil }
            var s = "\(d.method.rawValue) \(d.responder)"
            if let by = d.delayedBy { s += " delayedBy:\(by)" }
            if let by = d.cancelledBy { s += " cancelledBy:\(by)" }
            if !d.chain.isEmpty { s += " via:" + d.chain.joined(separator: ">") }
            return s + "@" + rounded(d.t)
        }
    }

    // MARK: delaysContentTouches for plain views

    /// Apple (UIScrollView): the scroll view waits to see whether the touch scrolls before the
    /// content view gets it; the same delay as for a control.
    @Test func aStillFingerReachesAPlainViewAfterTheContentTouchDelay() throws {
        let deliveries = try summary([finger.down(0, 50, 140), finger.up(0.4, 50, 140)], list())
        #expect(deliveries == ["touchesBegan cell delayedBy:list@0.15", "touchesEnded cell@0.4"])
    }

    @Test func aQuickTapReachesAPlainViewOnlyAtTheLift() throws {
        let deliveries = try summary([finger.down(0, 50, 140), finger.up(0.08, 50, 140)], list())
        // The lift, queued behind the held touchesBegan, follows it at once (as for a recognizer's hold).
        #expect(deliveries == ["touchesBegan cell delayedBy:list@0.08", "touchesEnded cell delayedBy:list@0.08"])
    }

    @Test func aQuickDragScrollsAndThePlainViewNeverSeesTheTouch() throws {
        let records = try analyze(swipeUp(200), scene: list(), deliveries: true)
        #expect(records.compactMap { if case .delivery(let d) = $0 { return d } else { return nil } }.isEmpty)
        #expect(records.scrolls.first?.event == .willBeginDragging)
    }

    @Test func withoutDelaysContentTouchesThePlainViewHasTheTouchAtOnce() throws {
        let deliveries = try summary([finger.down(0, 50, 140), finger.up(0.4, 50, 140)], list { $0.delaysContentTouches = false })
        #expect(deliveries == ["touchesBegan cell@0", "touchesEnded cell@0.4"])
    }

    // MARK: canCancelContentTouches for plain views

    /// Apple (`canCancelContentTouches`): "If the value of this property is false, the scroll view
    /// doesn't scroll regardless of finger movement once the content view starts tracking."
    @Test func withoutCanCancelContentTouchesAHeldPressOnAPlainViewDoesNotScroll() throws {
        let records = try analyze(swipeUp(200, hold: 0.3), scene: list { $0.canCancelContentTouches = false })
        let pan = records.transitionRecords.of("list.pan")
        #expect(pan.map(\.state) == [.failed])
        #expect(pan.first?.reason == "cell is tracking the touch and list's canCancelContentTouches is false")
        #expect(records.scrolls.isEmpty)
    }

    /// Before the delay is over the content view has not started tracking: the drag scrolls.
    @Test func withoutCanCancelContentTouchesAQuickDragStillScrolls() throws {
        let records = try analyze(swipeUp(200), scene: list { $0.canCancelContentTouches = false })
        #expect(records.transitionRecords.of("list.pan").first?.state == .began)
        #expect(records.scrolls.first?.event == .willBeginDragging)
    }

    /// Without the delay the content view tracks from touch down: no drag from it scrolls.
    @Test func withNeitherDelayNorCancellingNoDragFromAPlainViewScrolls() throws {
        let records = try analyze(swipeUp(200), scene: list {
            $0.canCancelContentTouches = false
            $0.delaysContentTouches = false
        })
        #expect(records.transitionRecords.of("list.pan").map(\.state) == [.failed])
        #expect(records.scrolls.isEmpty)
        // A drag on the scroll view itself (no content view under the finger) still scrolls.
        let bare = try analyze(swipeUp(200, start: Point(x: 50, y: 600)), scene: list {
            $0.canCancelContentTouches = false
            $0.delaysContentTouches = false
        })
        #expect(bare.scrolls.first?.event == .willBeginDragging)
    }

    /// By default a plain view's touch is cancelled when the scroll view begins scrolling
    /// (`touchesShouldCancel(in:)` answers true for a view that is not a control).
    @Test func aHeldPressThenADragScrollsAndCancelsThePlainView() throws {
        let deliveries = try summary(swipeUp(200, hold: 0.3), list())
        #expect(deliveries == ["touchesBegan cell delayedBy:list@0.15", "touchesCancelled cell cancelledBy:list.pan@0.316667"])
    }

    @Test func recordsOtherThanDeliveriesAreTheSameWithAndWithoutDeliveries() throws {
        for (samples, scene) in [
            (swipeUp(200, hold: 0.3), list { $0.canCancelContentTouches = false }), (swipeUp(200), list()),
            ([finger.down(0, 50, 140), finger.up(0.08, 50, 140)], list()),
        ] {
            let plain = try analyze(samples, scene: scene)
            let withDeliveries = try analyze(samples, scene: scene, deliveries: true)
            #expect(plain.transitionRecords == withDeliveries.transitionRecords)
            #expect(plain.scrolls == withDeliveries.scrolls)
        }
    }

    // MARK: isScrollEnabled

    /// Apple (`isScrollEnabled`): "If the value of this property is false, the scroll view doesn't
    /// accept touch events; it forwards them up the responder chain."
    @Test func aScrollViewWithScrollingDisabledForwardsTouchesUpTheResponderChain() throws {
        let deliveries = try summary([finger.down(0, 50, 600), finger.up(0.1, 50, 600)], list { $0.scrollEnabled = false })
        #expect(deliveries == ["touchesBegan root via:list@0", "touchesEnded root via:list@0.1"])
        // Enabled, it is the responder.
        let enabled = try summary([finger.down(0, 50, 600), finger.up(0.1, 50, 600)], list())
        #expect(enabled == ["touchesBegan list@0", "touchesEnded list@0.1"])
    }

    // MARK: A scroll view that cannot scroll

    @Test func aScrollViewWhoseContentFitsSaysSoWhenItsPanFails() throws {
        let records = try analyze(swipeUp(348, start: Point(x: 50, y: 700)), scene: list(contentHeight: 500))
        let pan = records.transitionRecords.of("list.pan")
        #expect(pan.map(\.state) == [.failed])
        #expect(pan.first?.reason == "list cannot scroll: its contentSize 390×500 (with its insets) fits within its bounds 390×844, "
            + "and neither alwaysBounceVertical nor alwaysBounceHorizontal is set; the finger moved 348 pt")
        #expect(records.scrolls.isEmpty)
    }

    @Test func aVerticalListDraggedSidewaysSaysItScrollsOnlyVertically() throws {
        let sideways = finger.drag(from: Point(x: 300, y: 700), to: Point(x: 100, y: 703), duration: 0.2)
        let pan = try analyze(sideways, scene: list()).transitionRecords.of("list.pan")
        #expect(pan.first?.reason == "list scrolls only vertically: the finger moved 3 pt vertically, less than scrollHysteresis 10 pt "
            + "(and 200 pt the other way, which does not scroll)")
    }

    /// Sharing the failure message with a plain pan would be wrong here: a short drag on a list
    /// that can scroll keeps the hysteresis reason.
    @Test func aShortDragOnAListKeepsTheHysteresisReason() throws {
        let short = finger.drag(from: Point(x: 50, y: 700), to: Point(x: 50, y: 694), duration: 0.1)
        let pan = try analyze(short, scene: list()).transitionRecords.of("list.pan")
        #expect(pan.first?.reason == "the finger lifted after moving 6 pt, less than scrollHysteresis 10 pt")
    }

    // MARK: Deceleration frame by frame

    /// Each frame of a deceleration is where UIKit's rate puts it: the remaining distance to the
    /// target times r^(ms since the lift), r = 0.998 (normal) or 0.99 (fast). A rate applied once
    /// too often per frame keeps the target and the rest time but moves every frame.
    @Test(arguments: [ScrollViewDescription.normalDecelerationRate, ScrollViewDescription.fastDecelerationRate])
    func everyDecelerationFrameIsWhereTheRatePutsIt(rate: Double) throws {
        let records = try analyze(swipeUp(200, start: Point(x: 50, y: 700)), scene: list { $0.decelerationRate = rate })
        let end = try #require(records.scrolls.first { $0.event == .willEndDragging })
        let from = end.contentOffset.y, target = try #require(end.targetContentOffset?.y)
        let frames = records.scrolls.drop { $0.event != .willBeginDecelerating }.filter { $0.event == .didScroll }.dropLast()
        #expect(frames.count > 3)
        for (index, frame) in frames.enumerated() {
            let elapsedMs = Double(index + 1) * 1000 / 60
            #expect(abs(frame.t - (end.t + elapsedMs / 1000)) < 1e-9)
            let expected = target + (from - target) * pow(rate, elapsedMs)
            #expect(abs(frame.contentOffset.y - expected) < 1e-6, "frame \(index + 1)")
        }
        // The content leaves the finger at the finger's speed: the first frame covers about v/60.
        let velocity = try #require(end.velocity?.y)
        let first = try #require(frames.first).contentOffset.y - from
        #expect(abs(first - velocity / 60) < 0.1 * abs(velocity / 60))
    }

    /// Released past an edge, the content springs back: the distance left shrinks as
    /// exp(−t / bounceTimeConstant) (0.1 s), frame by frame, not at the deceleration rate.
    @Test func theBounceBackFollowsItsSpringFrameByFrame() throws {
        var samples = finger.drag(from: Point(x: 200, y: 300), to: Point(x: 200, y: 500), duration: 0.4, lift: false)
        samples.append(finger.up(0.8, 200, 500))
        let records = try analyze(samples, scene: list())
        let end = try #require(records.scrolls.first { $0.event == .willEndDragging })
        let pulled = end.contentOffset.y
        #expect(pulled < -50)
        let frames = records.scrolls.drop { $0.event != .willBeginDecelerating }.filter { $0.event == .didScroll }.dropLast()
        #expect(frames.count > 3)
        for (index, frame) in frames.enumerated() {
            let elapsed = Double(index + 1) / 60
            #expect(abs(frame.contentOffset.y - pulled * exp(-elapsed / 0.1)) < 1e-6, "frame \(index + 1)")
        }
    }

    /// Paging: a fling back (faster than pagingVelocityThreshold, 300 pt/s) goes to the previous
    /// page even when the content moved less than half a page; a slow drag back as far does not.
    @Test func aFlingBackGoesToThePreviousPage() throws {
        let pager = rootScene([scrollView("pager", frame: Self.screen, contentSize: Size(width: 1170, height: 844)) {
            $0.pagingEnabled = true
            $0.contentOffset = Point(x: 390, y: 0)
        }])
        let fling = finger.drag(from: Point(x: 100, y: 400), to: Point(x: 200, y: 400), duration: 0.1)
        let flung = try analyze(fling, scene: pager)
        #expect(try #require(flung.scrolls.first { $0.event == .willEndDragging }).velocity?.x ?? 0 < -300)
        #expect(flung.scrolls.last?.contentOffset == Point(x: 0, y: 0))
        var slow = finger.drag(from: Point(x: 100, y: 400), to: Point(x: 200, y: 400), duration: 0.5, lift: false)
        slow.append(finger.up(1, 200, 400))
        #expect(try analyze(slow, scene: pager).scrolls.last?.contentOffset == Point(x: 390, y: 0))
    }
}
