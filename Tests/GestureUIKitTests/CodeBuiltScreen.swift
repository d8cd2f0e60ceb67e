import GestureKit
import GestureTesting
import GestureUIKit
import Testing

/// Replays `samples` on a screen built in UIKit code (``Engine/init(screen:options:)``).
@MainActor
func replay(_ samples: [Sample], on window: UIWindow) -> Timeline {
    let engine = Engine(screen: window)
    var records: [AnalysisRecord] = []
    engine.onRecord = { records.append($0) }
    for sample in samples { engine.process(sample) }
    engine.finish()
    return Timeline(records: records, trace: "<screen>")
}

/// A finger that comes down at `from`, stays `hold` seconds, then moves to `to` in `steps` moves
/// 10 ms apart and lifts there.
func heldDrag(from: (Double, Double), to: (Double, Double), hold: Double = 0, steps: Int = 10, id: Int = 1, t0: Double = 0) -> [Sample] {
    var samples: [Sample] = [.touch(t0, id: .number(id), .began, x: from.0, y: from.1)]
    for step in 1...steps {
        let f = Double(step) / Double(steps)
        let x = from.0 + (to.0 - from.0) * f, y = from.1 + (to.1 - from.1) * f
        samples.append(.touch(t0 + hold + Double(step) * 0.01, id: .number(id), step == steps ? .ended : .moved, x: x, y: y))
    }
    return samples
}

extension Timeline {
    /// The control records of `control`, in order.
    func controlEvents(of control: String) -> [ControlEvent] {
        records.compactMap { record in
            if case .control(let c) = record, c.control == control { return c.event }
            return nil
        }
    }

    /// The scroll records of `scrollView`, in order.
    func scrollRecords(of scrollView: String) -> [ScrollRecord] {
        records.compactMap { record in
            if case .scroll(let s) = record, s.scrollView == scrollView { return s }
            return nil
        }
    }
}
