import Dispatch
import Foundation
import GestureKit
import GestureTrace

/// What a recognizer reports when its state changes (its target-action message, or an observer of
/// its `state`), as the UIKit adapter copies it. Values are in the recognizer's view's coordinates.
public struct TransitionSnapshot: Hashable, Sendable {
    /// The recognizer (its address), as in its ``RecognizerSnapshot``.
    public var identity: UInt
    /// `began`, `changed`, `ended`, `cancelled`, `recognized` (a discrete recognizer's `.ended`)
    /// or `failed`.
    public var state: String
    /// `location(in: view)`.
    public var location: Point?
    /// `numberOfTouches`.
    public var touches: Int?
    /// A pan's `translation(in: view)`.
    public var translation: Point?
    /// A pan's `velocity(in: view)`, points per second.
    public var velocity: Point?
    /// A pinch's or rotation's `velocity` (scale or radians per second).
    public var scalarVelocity: Double?
    /// A pinch's `scale`.
    public var scale: Double?
    /// A rotation's `rotation`, radians.
    public var rotation: Double?
    /// A tap's `numberOfTapsRequired`, the number of taps it recognized.
    public var taps: Int?

    /// Creates a snapshot.
    public init(identity: UInt, state: String) {
        self.identity = identity
        self.state = state
    }
}

/// Writes what UIKit's recognizers decided, beside the trace, as a **device golden**: a header line
/// (`{"gesturectl-device-golden":1,"source":"GestureRecorder","tolerance":0.001}`), then one record per
/// transition with the keys of `gesturectl analyze` (`t`, `recognizer`, `kind`, `view`, `state`,
/// `location`, `touches`, and `translation`, `velocity`, `scale`, `rotation`, `taps` where the kind
/// has them), so that `gesturectl check` can compare the engine's prediction with it.
///
/// Times are on the trace's clock (``TraceRecorder/traceTime(of:)``); transitions before the first
/// touch event are not written. Names and kinds come from the ``SceneExport`` of the same window.
/// Numbers are rounded to six decimals, as analyze prints them. Records are formatted and written
/// on a background queue.
public final class TransitionRecorder: @unchecked Sendable {
    private let export: SceneExport
    private let trace: TraceRecorder
    private let sink: RecordingSink
    private let queue = DispatchQueue(label: "GestureRecorder.TransitionRecorder")

    /// The numbers' tolerance written in the header: `check` matches numbers within it (or within
    /// `--tolerance`, when larger).
    public static let defaultTolerance = 0.001

    /// Creates a recorder of transitions named by `export`, timed by `trace`, written to `sink`; the
    /// header line is written at once.
    public init(export: SceneExport, trace: TraceRecorder, sink: RecordingSink, tolerance: Double = TransitionRecorder.defaultTolerance) {
        self.export = export
        self.trace = trace
        self.sink = sink
        let header = "{\"gesturectl-device-golden\":1,\"source\":\"GestureRecorder\",\"tolerance\":" + TraceWriter.number(tolerance) + "}\n"
        queue.async { sink.write(Array(header.utf8)) }
    }

    /// Records one transition at the event timestamp `timestamp`.
    public func record(timestamp: Double, _ transition: TransitionSnapshot) {
        guard let t = trace.traceTime(of: timestamp), let name = export.recognizerNames[transition.identity] else { return }
        let kind = export.recognizerKinds[transition.identity] ?? ""
        let view = export.recognizerViews[transition.identity] ?? ""
        queue.async { [sink] in
            sink.write(Array((Self.line(t: t, name: name, kind: kind, view: view, transition) + "\n").utf8))
        }
    }

    /// Waits for the records so far to be written, then closes the sink.
    public func finish() {
        queue.sync { sink.close() }
    }

    /// One record as analyze writes it.
    static func line(t: Double, name: String, kind: String, view: String, _ s: TransitionSnapshot) -> String {
        var text = "{\"t\":" + number(t) + ",\"recognizer\":" + TraceWriter.quoted(name) + ",\"kind\":" + TraceWriter.quoted(kind)
            + ",\"view\":" + TraceWriter.quoted(view) + ",\"state\":" + TraceWriter.quoted(s.state)
        if s.state != "failed" {
            if let location = s.location { text += ",\"location\":" + point(location) }
            if let touches = s.touches { text += ",\"touches\":" + String(touches) }
        }
        if let translation = s.translation { text += ",\"translation\":" + point(translation) }
        if let velocity = s.velocity { text += ",\"velocity\":" + point(velocity) }
        if let velocity = s.scalarVelocity { text += ",\"velocity\":" + number(velocity) }
        if let scale = s.scale { text += ",\"scale\":" + number(scale) }
        if let rotation = s.rotation { text += ",\"rotation\":" + number(rotation) }
        if let taps = s.taps { text += ",\"taps\":" + String(taps) }
        return text + "}"
    }

    private static func point(_ p: Point) -> String { "{\"x\":" + number(p.x) + ",\"y\":" + number(p.y) + "}" }

    private static func number(_ value: Double) -> String {
        TraceWriter.number((value * 1_000_000).rounded() / 1_000_000)
    }
}
