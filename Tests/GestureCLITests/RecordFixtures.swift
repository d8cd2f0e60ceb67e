import GestureKit

@testable import GestureCLI

/// Hand-made records for the renderer tests: a pan, a pinch, a failed double tap whose reason
/// needs quoting in CSV, a template match, and three deliveries.
enum RecordFixtures {
    static var panBegan: TransitionRecord {
        var r = TransitionRecord(t: 0.108, recognizer: "pan", kind: "pan", view: "screen", state: .began)
        r.location = Point(x: 112, y: 200)
        r.touches = 1
        r.translation = Point(x: 12, y: 0)
        r.velocity = .vector(Point(x: 480.5, y: 0))
        return r
    }

    static var panEnded: TransitionRecord {
        var r = TransitionRecord(t: 0.1 + 0.2, recognizer: "pan", kind: "pan", view: "screen", state: .ended)
        r.location = Point(x: 220.25, y: 197)
        r.touches = 1
        r.translation = Point(x: 120.25, y: -3)
        r.velocity = .vector(Point(x: 400.00000000000017, y: -0.0))
        return r
    }

    static var pinchChanged: TransitionRecord {
        var r = TransitionRecord(t: 1, recognizer: "pinch", kind: "pinch", view: "card", state: .changed)
        r.location = Point(x: 1e-7, y: 2.0000005)
        r.touches = 2
        r.scale = 1.5
        r.velocity = .scalar(-0.75)
        return r
    }

    static var doubleTapFailed: TransitionRecord {
        var r = TransitionRecord(t: 0.44, recognizer: "doubleTap", kind: "tap", view: "screen", state: .failed)
        r.reason = "no second tap, \"really\""
        return r
    }

    static var templateRecognized: TransitionRecord {
        var r = TransitionRecord(t: 2, recognizer: "shape", kind: "template", view: "screen", state: .recognized)
        r.location = Point(x: 10, y: 20)
        r.touches = 1
        r.template = "check"
        r.score = 0.912345678
        return r
    }

    static var touchesCancelled: DeliveryRecord {
        var d = DeliveryRecord(t: 0.2, method: .touchesCancelled, responder: "card")
        d.chain = ["label"]
        d.touches = [.number(1), .name("thumb")]
        d.details = [
            TouchDetail(id: .number(1), phase: .cancelled, tapCount: 1, timestamp: 0.19, location: Point(x: 5, y: 6), previousLocation: Point(x: 4, y: 6))
        ]
        d.cancelledBy = "cardPan"
        return d
    }

    static var motionBegan: DeliveryRecord {
        var d = DeliveryRecord(t: 3, method: .motionBegan, responder: "vc")
        d.subtype = "shake"
        d.chain = ["field", "root"]
        return d
    }

    static var dropped: DeliveryRecord {
        var d = DeliveryRecord(t: 4, method: .touchesBegan, responder: "application")
        d.touches = [.number(2)]
        d.dropped = true
        return d
    }

    /// A trace holding all the transitions above and, when asked, the deliveries, in time order.
    static func trace(path: String = "a.jsonl", deliveries: Bool = false) -> AnalyzedTrace {
        var records: [AnalysisRecord] = [
            .transition(panBegan), .transition(panEnded), .transition(doubleTapFailed),
            .transition(pinchChanged), .transition(templateRecognized),
        ]
        if deliveries {
            records.insert(.delivery(touchesCancelled), at: 1)
            records.append(.delivery(motionBegan))
            records.append(.delivery(dropped))
        }
        return AnalyzedTrace(path: path, records: records)
    }
}
