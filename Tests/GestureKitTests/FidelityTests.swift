import Testing
@testable import GestureKit

/// Rules of docs/fidelity.md that no other suite pins, each tied there to Apple's words.
@Suite struct FidelityTests {}

private let first = Finger(1)
private let second = Finger(2)

/// A root view with two side-by-side subviews `left` and `right`, each holding `recognizers`
/// named after the view.
private func twoViews(left: (inout ViewDescription) -> Void = { _ in }, right: (inout ViewDescription) -> Void = { _ in },
                      recognizers: [RecognizerDescription]) -> SceneDescription {
    var l = ViewDescription(name: "left", frame: Rect(x: 0, y: 0, width: 195, height: 844))
    var r = ViewDescription(name: "right", frame: Rect(x: 195, y: 0, width: 195, height: 844))
    left(&l)
    right(&r)
    var root = ViewDescription(name: "root", frame: Rect(x: 0, y: 0, width: 390, height: 844))
    root.multipleTouchEnabled = true
    root.children = [l, r]
    return SceneDescription(views: [root], recognizers: recognizers)
}

private func on(_ view: String, _ name: String, _ kind: RecognizerKind) -> RecognizerDescription {
    RecognizerDescription(name: name, kind: kind, view: view)
}

extension FidelityTests {
    /// `isMultipleTouchEnabled`: "This property does not affect the gesture recognizers attached
    /// to the view. Gesture recognizers receive all touches that occur in the view."
    @Test func multipleTouchDisabledDoesNotLimitTheViewsRecognizers() throws {
        let scene = twoViews(recognizers: [on("left", "twoFingerTap", .tap(numberOfTapsRequired: 1, numberOfTouchesRequired: 2))])
        let records = try transitions([
            first.down(0, 50, 100), second.down(0, 100, 100), first.up(0.1, 50, 100), second.up(0.1, 100, 100),
        ], scene: scene)
        #expect(records.summary == ["twoFingerTap recognized@0.1"])
    }

    /// `isExclusiveTouch` blocks "the delivery of touch events to other views"; whether it also
    /// keeps touches from recognizers on other views Apple does not say (assumed: it does not).
    @Test func exclusiveTouchLeavesOtherViewsRecognizersAlone() throws {
        let scene = twoViews(left: { $0.exclusiveTouch = true }, recognizers: [on("right", "tap", .tap())])
        let records = try transitions([
            first.down(0, 50, 100), second.down(0.05, 300, 100), second.up(0.1, 300, 100), first.up(0.3, 50, 100),
        ], scene: scene)
        #expect(records.summary == ["tap recognized@0.1"])
        // The other reading, as a scene setting: the exclusive view's finger keeps the other
        // view's touch from its recognizers too.
        let blocking = twoViews(left: { $0.exclusiveTouch = true; $0.exclusiveTouchBlocksRecognizers = true },
                                recognizers: [on("right", "tap", .tap())])
        #expect(try transitions([
            first.down(0, 50, 100), second.down(0.05, 300, 100), second.up(0.1, 300, 100), first.up(0.3, 50, 100),
        ], scene: blocking).isEmpty)
        // Once the exclusive view's finger has lifted, the other view's recognizers get touches again.
        #expect(try transitions([
            first.down(0, 50, 100), first.up(0.05, 50, 100), second.down(0.1, 300, 100), second.up(0.15, 300, 100),
        ], scene: blocking).summary == ["tap recognized@0.15"])
    }

    /// `gestureRecognizer(_:shouldReceive:)`: "false to prevent the gesture recognizer from seeing
    /// this touch object".
    @Test func shouldReceiveTouchNoMeansTheRecognizerNeverSeesTheTouch() throws {
        var pan = RecognizerDescription(name: "pan", kind: .pan(), view: "root")
        pan.shouldReceiveTouch = .notInViews(["left"])
        let scene = twoViews(recognizers: [pan])
        let inLeft = first.drag(from: Point(x: 50, y: 100), to: Point(x: 150, y: 100), duration: 0.2)
        #expect(try transitions(inLeft, scene: scene).isEmpty)
        let inRight = first.drag(from: Point(x: 250, y: 100), to: Point(x: 350, y: 100), duration: 0.2)
        #expect(try transitions(inRight, scene: scene).first?.state == .began)
    }

    /// Long press: it "ends when any of the fingers are lifted".
    @Test func aTwoFingerLongPressEndsWhenTheFirstFingerLifts() throws {
        let scene = singleViewScene([recognizer("press", .longPress(numberOfTouchesRequired: 2))])
        let records = try transitions([
            first.down(0, 100, 100), second.down(0, 150, 100), first.up(0.7, 100, 100), second.up(0.9, 150, 100),
        ], scene: scene)
        #expect(records.summary == ["press began@0.5", "press ended@0.7"])
    }

    /// Swipe: "A swipe is a discrete gesture, and thus the associated action message is sent only
    /// once per gesture."
    @Test func swipeIsRecognizedOncePerGesture() throws {
        let scene = singleViewScene([recognizer("swipe", .swipe())])
        let records = try transitions(first.drag(from: Point(x: 50, y: 400), to: Point(x: 300, y: 400), duration: 0.2), scene: scene)
        #expect(records.map(\.state) == [.recognized])
    }
}

// MARK: Issue 30: the last gaps against Apple's words

extension FidelityTests {
    /// `UISwipeGestureRecognizer`: "You can determine the location where a swipe begins by calling
    /// … location(in:) … The former method provides the centroid if the gesture contains more than
    /// one touch": the record's location is where the fingers touched down, in the view's
    /// coordinates, not where the swipe was recognized.
    @Test func aSwipesLocationIsWhereItBegan() throws {
        var panel = ViewDescription(name: "panel", frame: Rect(x: 40, y: 300, width: 300, height: 200))
        panel.multipleTouchEnabled = true
        let scene = SceneDescription(views: [panel], recognizers: [RecognizerDescription(name: "swipe", kind: .swipe(), view: "panel")])
        let records = try transitions(first.drag(from: Point(x: 60, y: 400), to: Point(x: 300, y: 410), duration: 0.2), scene: scene)
        #expect(records.map(\.state) == [.recognized])
        #expect(records.first?.location == Point(x: 20, y: 100))
    }

    /// UIKit delivers an event to every recognizer before it decides what their state changes mean,
    /// so a recognizer that recognizes in `touchesBegan` prevents the others sharing the touch
    /// whether they are listed before or after it.
    @Test(arguments: [true, false])
    func aRecognitionInTouchesBeganPreventsRivalsWhateverTheSceneOrder(instantFirst: Bool) {
        let window = Window()
        let view = View(name: "screen", frame: window.frame)
        window.addSubview(view)
        let instant = RecognizesAtTouchDown(name: "instant")
        let tap = TapGestureRecognizer(name: "tap")
        view.addGestureRecognizer(instant)
        view.addGestureRecognizer(tap)
        let engine = Engine(window: window, recognizers: instantFirst ? [instant, tap] : [tap, instant])
        var records: [TransitionRecord] = []
        engine.onRecord = { if case .transition(let record) = $0 { records.append(record) } }
        for sample in [first.down(0, 100, 100), first.up(0.05, 100, 100)] { engine.process(sample) }
        engine.finish()
        #expect(records.summary == ["instant recognized@0", "tap failed@0"])
        #expect(records.last?.reason == "prevented by instant, which recognized at 0 s")
    }
}

extension FidelityTests {
    /// `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)`: "returning NO is not guaranteed to
    /// prevent simultaneous recognition, as the other gesture's delegate may return YES": the
    /// recognizer that would be prevented may be the one whose delegate allows it.
    @Test func theOtherRecognizersDelegateAloneAllowsSimultaneousRecognition() throws {
        let scene = singleViewScene([
            recognizer("press", .longPress()),
            recognizer("pan", .pan()) { $0.simultaneousWith = ["press"] },
        ])
        let records = try transitions([first.down(0, 100, 100), first.move(0.7, 100, 200), first.up(0.8, 100, 200)], scene: scene)
        #expect(records.of("press").map(\.state) == [.began, .changed, .ended])
        #expect(records.of("pan").map(\.state) == [.began, .ended])
    }
}

/// A discrete recognizer that recognizes as soon as a finger touches down.
private final class RecognizesAtTouchDown: GestureRecognizer {
    override var isDiscrete: Bool { true }
    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { state = .recognized }
}
