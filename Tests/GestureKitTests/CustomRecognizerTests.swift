import GestureKit
import Testing

/// Recognizers written from scratch against GestureKit's public API, as an app would write a
/// `UIGestureRecognizer` subclass (no `@testable`): they override the touch methods and `reset`,
/// set their state through the base class, and take part in arbitration, delivery and records like
/// the built-in kinds. ``BookCheckmark`` is the worked example of docs/custom-gestures.md.
@Suite struct CustomRecognizerTests {}

extension CustomRecognizerTests {
    @Test func thePortOfTheSeedRecognizesAV() {
        let stage = CustomStage()
        let check = BookCheckmark(name: "check")
        let records = stage.run([check], CustomStage.vStroke(from: Point(x: 40, y: 40)))
        #expect(records.transitions.map(\.customSummary) == ["check recognized@0.3"])
        let record = records.transitions[0]
        #expect(record.kind == "bookCheckmark")
        #expect(record.view == "photo")
        #expect(record.location == Point(x: 40 + 120, y: 40), "the lift point in the photo's coordinates")
        #expect(record.touches == 0)
        #expect(check.state == .possible, "reset after the event")
        #expect(check.resets == 1)
    }

    @Test func thePortOfTheSeedFailsWithItsReasonAndRecognizesAgainAfterReset() {
        let stage = CustomStage()
        let check = BookCheckmark(name: "check")
        let wrongWay = CustomStage.line(from: Point(x: 200, y: 40), to: Point(x: 100, y: 140), start: 0)
        let records = stage.run([check], wrongWay + CustomStage.vStroke(from: Point(x: 40, y: 40), start: 1))
        #expect(records.transitions.map(\.customSummary) == ["check failed@0.01", "check recognized@1.3"])
        #expect(records.transitions[0].reason == "moved left")
        #expect(check.resets == 2)
    }

    @Test func aCustomRecognizerTakesPartInExclusion() {
        let custom = StillTwoFingerTap(name: "twoFingerTap")
        let builtIn = TapGestureRecognizer(name: "builtInTwoFingerTap", numberOfTouchesRequired: 2)
        let records = CustomStage().run([custom, builtIn], CustomStage.twoFingerTap(at: Point(x: 100, y: 100)))
        #expect(records.transitions.map(\.customSummary) == ["twoFingerTap recognized@0.1", "builtInTwoFingerTap failed@0.1"])
        #expect(records.transitions[0].touches == 2)
        #expect(records.transitions[0].taps == 1, "figures added by describe(_:)")
        #expect(records.transitions[1].reason == "prevented by twoFingerTap, which recognized at 0.1 s")
    }

    @Test func aBuiltInRecognizerCanRequireACustomOneToFail() {
        let custom = StillTwoFingerTap(name: "twoFingerTap")
        let tap = TapGestureRecognizer(name: "tap")
        tap.require(toFail: custom)
        let oneFinger: [Sample] = [
            .touch(0, id: .number(1), .began, x: 100, y: 100), .touch(0.1, id: .number(1), .ended, x: 100, y: 100),
        ]
        let records = CustomStage().run([custom, tap], oneFinger)
        #expect(records.transitions.map(\.customSummary) == ["twoFingerTap failed@0.1", "tap recognized@0.1"])
        #expect(records.transitions[0].reason == "1 finger lifted; two are needed")
    }

    @Test func aCustomRecognitionCancelsTheViewsTouches() {
        let custom = StillTwoFingerTap(name: "twoFingerTap")
        let records = CustomStage().run([custom], CustomStage.twoFingerTap(at: Point(x: 100, y: 100)), deliveries: true)
        let deliveries = records.deliveries.map { "\($0.method.rawValue) \($0.responder) \($0.cancelledBy ?? "-")" }
        #expect(deliveries == ["touchesBegan photo -", "touchesCancelled photo twoFingerTap"])
    }

    @Test func aContinuousCustomRecognizerReportsItsFigures() {
        let drag = HorizontalDrag(name: "drag")
        let records = CustomStage().run([drag], CustomStage.line(from: Point(x: 50, y: 100), to: Point(x: 110, y: 100), start: 0))
        let summary = records.transitions.map { "\($0.state.rawValue) \($0.translation.map { "\($0.x)" } ?? "-")" }
        #expect(summary == ["began 20.0", "changed 30.0", "changed 40.0", "changed 50.0", "ended 50.0"])

        let other = HorizontalDrag(name: "drag")
        let vertical = CustomStage().run([other], CustomStage.line(from: Point(x: 50, y: 100), to: Point(x: 50, y: 160), start: 1))
        #expect(vertical.transitions.map(\.customSummary) == ["drag failed@1.02"])
        #expect(vertical.transitions[0].reason == "moved 20 pt vertically first")
    }

    @Test func anIllegalTransitionIsRejected() {
        let recognizer = HorizontalDrag(name: "drag")
        /// The error of `recognizer.transition(to: state)`; nil, with an issue recorded, when it is allowed.
        func refusal(to state: RecognizerState) -> IllegalTransition? {
            let from = recognizer.state
            do {
                try recognizer.transition(to: state)
                Issue.record("\(from) → \(state) was allowed")
                return nil
            } catch {
                return error
            }
        }
        let toChanged = refusal(to: .changed)
        #expect(toChanged?.recognizer == "drag")
        #expect(toChanged?.from == .possible)
        #expect(toChanged?.to == .changed)
        #expect(toChanged?.description == "illegal transition possible → changed")
        #expect(recognizer.state == .possible)
        #expect(refusal(to: .cancelled)?.description == "illegal transition possible → cancelled")
        #expect(recognizer.state == .possible)
        #expect(RecognizerState.isLegal(from: .possible, to: .changed) == false)
        #expect(RecognizerState.isLegal(from: .possible, to: .cancelled) == false)
        #expect(RecognizerState.isLegal(from: .possible, to: .recognized))
    }

    /// docs/custom-gestures.md: the `state` setter takes the textbook's `Cancelled` before anything
    /// began as a failure with a reason, while `transition(to:)` throws for it.
    @Test func cancelledBeforeBeganThroughTheSetterIsAFailureButTheThrowingFormThrows() {
        let setter = CancelOnCancel(name: "setter", throwing: false)
        let thrower = CancelOnCancel(name: "thrower", throwing: true)
        let cancelled: [Sample] = [
            .touch(0, id: .number(1), .began, x: 100, y: 100), .touch(0.1, id: .number(1), .cancelled, x: 100, y: 100),
        ]
        let records = CustomStage().run([setter, thrower], cancelled)
        #expect(records.transitions.map(\.customSummary) == ["setter failed@0.1"])
        #expect(records.transitions.first?.reason == "setter set its state to cancelled before it began")
        #expect(thrower.rejected.map(\.description) == ["illegal transition possible → cancelled"])
        #expect(thrower.state == .possible, "left alone by the throwing form; reset when its touch is gone")
    }

    @Test func anIllegalTransitionDuringTouchesLeavesTheStateAlone() {
        let eager = EagerChanger(name: "eager")
        let records = CustomStage().run([eager], CustomStage.line(from: Point(x: 50, y: 100), to: Point(x: 110, y: 100), start: 0))
        #expect(eager.rejected.map(\.description) == Array(repeating: "illegal transition possible → changed", count: 5))
        #expect(records.transitions.map(\.customSummary) == ["eager recognized@0.06"])
    }
}

// MARK: Recognizers written as an app would

extension CustomRecognizerTests {
    /// A recognizer whose touches are all gone reports where they were when it was last given an
    /// event: here the two touches it lets go of, one after the other, in the move that made it do so.
    @Test func aRecognizerWithoutTouchesReportsWhereTheyWereAtItsLastEvent() {
        let letGo = LetGoThenRecognize(name: "letGo", oneByOne: false)
        let records = CustomStage().run([letGo], Self.twoFingers(secondMovesAgainAt: nil))
        #expect(records.transitions.map(\.customSummary) == ["letGo recognized@0.15"])
        #expect(records.transitions.first?.location == Point(x: 160, y: 100), "both fingers' centroid at 0.05 s")
        #expect(records.transitions.first?.touches == 0)
    }

    /// Let go of one touch in one event and of the other in a later one: the location is the second
    /// touch's alone, where it was in that later event.
    @Test func aRecognizerLettingGoOverTwoEventsReportsItsLastTouch() {
        let letGo = LetGoThenRecognize(name: "letGo", oneByOne: true)
        let records = CustomStage().run([letGo], Self.twoFingers(secondMovesAgainAt: 0.1))
        #expect(records.transitions.map(\.customSummary) == ["letGo recognized@0.2"])
        #expect(records.transitions.first?.location == Point(x: 220, y: 100))
    }

    /// Two fingers down at (100, 100) and (200, 100), both moving 10 pt right at 0.05 s; the second
    /// moves on to (220, 100) at `secondMovesAgainAt`; both lift at 0.5 s.
    private static func twoFingers(secondMovesAgainAt time: Double?) -> [Sample] {
        var samples: [Sample] = [
            .touch(0, id: .number(1), .began, x: 100, y: 100), .touch(0, id: .number(2), .began, x: 200, y: 100),
            .touch(0.05, id: .number(1), .moved, x: 110, y: 100), .touch(0.05, id: .number(2), .moved, x: 210, y: 100),
        ]
        if let time { samples.append(.touch(time, id: .number(2), .moved, x: 220, y: 100)) }
        let last = time == nil ? 210.0 : 220
        samples += [.touch(0.5, id: .number(1), .ended, x: 110, y: 100), .touch(0.5, id: .number(2), .ended, x: last, y: 100)]
        return samples
    }
}

/// Lets go of its touches when they move (all at once, or one an event), and recognizes 0.1 s after
/// the last is gone.
private final class LetGoThenRecognize: GestureRecognizer {
    private let oneByOne: Bool

    init(name: String, oneByOne: Bool) {
        self.oneByOne = oneByOne
        super.init(name: name)
    }

    override var kindName: String { "letGo" }
    override var isDiscrete: Bool { true }

    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        guard state == .possible, !self.touches.isEmpty else { return }
        if oneByOne, let first = self.touches.first {
            ignore(first)
        } else {
            for touch in self.touches { ignore(touch) }
        }
        guard self.touches.isEmpty else { return }
        schedule(after: 0.1) { [unowned self] in recognize("let go of its touches") }
    }
}

/// The textbook checkmark recognizer (a `UIGestureRecognizer` subclass in C#), ported line by line:
/// one finger; while not yet on the upstroke, moving down-right keeps the midpoint, moving up-right
/// starts the upstroke, anything else fails; recognized at lift if the upstroke started.
private final class BookCheckmark: GestureRecognizer {
    private var strokeUp = false
    private var midpoint: Point?
    private(set) var resets = 0

    override var kindName: String { "bookCheckmark" }
    override var isDiscrete: Bool { true }

    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if self.touches.count != 1 { fail("more than one finger") }
    }

    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        guard state != .failed, let touch = touches.first, !strokeUp else { return }
        let new = touch.location(in: view), previous = touch.previousLocation(in: view)
        if new.x >= previous.x && new.y >= previous.y {
            midpoint = new
        } else if new.x >= previous.x && new.y <= previous.y {
            strokeUp = true
        } else {
            fail("moved left")
        }
    }

    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        guard state == .possible else { return }
        if strokeUp { state = .recognized } else { fail("never stroked up") }
    }

    override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        fail("touches cancelled")
    }

    override func reset() {
        strokeUp = false
        midpoint = nil
        resets += 1
    }
}

/// Two fingers down and up without moving more than 10 pt: a discrete gesture.
private final class StillTwoFingerTap: GestureRecognizer {
    private var lifted = 0

    override var kindName: String { "twoFingerTap" }
    override var isDiscrete: Bool { true }
    override var numberOfTouches: Int { 2 }

    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if self.touches.count > 2 { fail("\(self.touches.count) fingers touched down") }
    }

    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        for touch in touches where touch.location(in: nil).distance(to: touch.startLocation) > 10 {
            fail("a finger moved")
        }
    }

    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        lifted += touches.count
        let down = self.touches.filter { !$0.phase.isTerminal }.count
        guard down == 0 else { return }
        if self.touches.count == 2 { state = .recognized } else { fail("\(lifted) finger lifted; two are needed") }
    }

    override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        fail("touches cancelled")
    }

    override func reset() { lifted = 0 }

    override func describe(_ record: inout TransitionRecord) {
        record.taps = 1
    }
}

/// One finger dragging sideways: begins after 20 pt horizontally, fails after 20 pt vertically
/// first; a continuous gesture reporting its horizontal translation.
private final class HorizontalDrag: GestureRecognizer {
    private var origin: Point?
    private var dx = 0.0

    override var kindName: String { "horizontalDrag" }

    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        origin = touches.first?.location(in: view)
    }

    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        guard let origin, let here = touches.first?.location(in: view) else { return }
        dx = here.x - origin.x
        switch state {
        case .possible:
            if abs(here.y - origin.y) >= 20 {
                fail("moved \(Int(abs(here.y - origin.y))) pt vertically first")
            } else if abs(dx) >= 20 {
                state = .began
            }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if state == .began || state == .changed { state = .ended } else { fail("lifted before dragging") }
    }

    override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        if state == .began || state == .changed { state = .cancelled } else { fail("touches cancelled") }
    }

    override func reset() {
        origin = nil
        dx = 0
    }

    override func describe(_ record: inout TransitionRecord) {
        record.translation = Point(x: dx, y: 0)
    }
}

/// Tries `possible → changed` on every move (illegal: it must begin first), keeps the errors, and
/// recognizes at lift.
private final class EagerChanger: GestureRecognizer {
    private(set) var rejected: [IllegalTransition] = []

    override var isDiscrete: Bool { true }

    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        do {
            try transition(to: .changed)
        } catch {
            rejected.append(error)
        }
    }

    override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        state = .recognized
    }
}

/// Sets `.cancelled` when its touches are cancelled, as textbook recognizers do: through the `state` setter,
/// or with `transition(to:)`, keeping the error.
private final class CancelOnCancel: GestureRecognizer {
    let throwing: Bool
    private(set) var rejected: [IllegalTransition] = []

    init(name: String, throwing: Bool) {
        self.throwing = throwing
        super.init(name: name)
    }

    override var isDiscrete: Bool { true }

    override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        guard throwing else {
            state = .cancelled
            return
        }
        do {
            try transition(to: .cancelled)
        } catch {
            rejected.append(error)
        }
    }
}

// MARK: Subclasses of the built-in two-finger classes

extension CustomRecognizerTests {
    /// The engine leaves a waiting pinch or rotation out of one-finger moves (its own touchesMoved
    /// does nothing then), but never a subclass, whose override must see every call as in UIKit.
    @Test(arguments: [false, true])
    func aSubclassOfPinchOrRotationSeesEveryOneFingerMove(rotation: Bool) {
        let counter: MoveCounting = rotation ? CountingRotation(name: "counted") : CountingPinch(name: "counted")
        let builtIn: GestureRecognizer = rotation ? RotationGestureRecognizer(name: "builtIn") : PinchGestureRecognizer(name: "builtIn")
        // 60 pt to the right in 10 pt steps: 5 moves, then the lift.
        let records = CustomStage().run([counter.recognizer, builtIn], CustomStage.line(from: Point(x: 50, y: 100), to: Point(x: 110, y: 100), start: 0))
        #expect(counter.moves == [1, 1, 1, 1, 1])
        #expect(records.transitions.map(\.customSummary) == ["counted failed@0.06", "builtIn failed@0.06"])
        let noun = rotation ? "rotation" : "pinch"
        #expect(records.transitions.map(\.reason) == Array(repeating: "the finger lifted before a second one touched down; a \(noun) needs two", count: 2))
    }
}

/// A recognizer that counts the touches of each `touchesMoved` call it receives.
private protocol MoveCounting: AnyObject {
    var moves: [Int] { get }
    var recognizer: GestureRecognizer { get }
}

private final class CountingPinch: PinchGestureRecognizer, MoveCounting {
    var moves: [Int] = []
    var recognizer: GestureRecognizer { self }

    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        moves.append(touches.count)
        super.touchesMoved(touches, with: event)
    }
}

private final class CountingRotation: RotationGestureRecognizer, MoveCounting {
    var moves: [Int] = []
    var recognizer: GestureRecognizer { self }

    override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        moves.append(touches.count)
        super.touchesMoved(touches, with: event)
    }
}

// MARK: Scene and strokes, built in code

/// A 390 × 844 window holding a `photo` view from (0, 0) to (300, 300), to which the recognizers
/// are attached.
private struct CustomStage {
    let window = Window()
    let photo = View(name: "photo", frame: Rect(x: 0, y: 0, width: 300, height: 300))

    init() {
        photo.isMultipleTouchEnabled = true
        window.addSubview(photo)
    }

    struct Records {
        var transitions: [TransitionRecord] = []
        var deliveries: [DeliveryRecord] = []
    }

    /// Attaches `recognizers` to the photo and runs `samples` through an engine.
    func run(_ recognizers: [GestureRecognizer], _ samples: [Sample], deliveries: Bool = false) -> Records {
        for recognizer in recognizers { photo.addGestureRecognizer(recognizer) }
        let engine = Engine(window: window, recognizers: recognizers, options: EngineOptions(deliveries: deliveries))
        var records = Records()
        engine.onRecord = { record in
            switch record {
            case .transition(let transition): records.transitions.append(transition)
            case .delivery(let delivery): records.deliveries.append(delivery)
            case .control, .scroll: break
            }
        }
        for sample in samples { engine.process(sample) }
        engine.finish()
        return records
    }

    /// A V from `origin`: 60 pt down-right over 0.15 s, then 60 pt up-right over 0.15 s, every 10 ms.
    static func vStroke(from origin: Point, start: Double = 0) -> [Sample] {
        var samples: [Sample] = [.touch(start, id: .number(1), .began, x: origin.x, y: origin.y)]
        for step in 1...30 {
            let x = origin.x + Double(step) * 4
            let y = origin.y + (step <= 15 ? Double(step) * 4 : Double(30 - step) * 4)
            samples.append(.touch(start + Double(step) / 100, id: .number(1), step == 30 ? .ended : .moved, x: x, y: y))
        }
        return samples
    }

    /// One finger from `from` to `to` in 10 pt steps every 10 ms, then lifted.
    static func line(from: Point, to: Point, start: Double) -> [Sample] {
        let steps = max(1, Int((from.distance(to: to) / 10).rounded()))
        var samples: [Sample] = [.touch(start, id: .number(1), .began, x: from.x, y: from.y)]
        for step in 1...steps {
            let p = from + (to - from) * (Double(step) / Double(steps))
            samples.append(.touch(start + Double(step) / 100, id: .number(1), step == steps ? .ended : .moved, x: p.x, y: p.y))
        }
        return samples
    }

    /// Two fingers 40 pt apart around `center`, down together and up together 0.1 s later.
    static func twoFingerTap(at center: Point) -> [Sample] {
        [
            .touch(0, id: .number(1), .began, x: center.x - 20, y: center.y),
            .touch(0, id: .number(2), .began, x: center.x + 20, y: center.y),
            .touch(0.1, id: .number(1), .ended, x: center.x - 20, y: center.y),
            .touch(0.1, id: .number(2), .ended, x: center.x + 20, y: center.y),
        ]
    }
}

extension TransitionRecord {
    /// `name state@t`, t rounded to the millisecond.
    fileprivate var customSummary: String {
        let ms = (t * 1000).rounded() / 1000
        return "\(recognizer) \(state.rawValue)@\(ms)"
    }
}
