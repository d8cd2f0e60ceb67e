import Dispatch
import Foundation
import GestureKit
import GestureTrace

/// Records every touch of every event an app receives as a gesturectl trace (JSON Lines, with a
/// header giving the screen in points), written off the main thread.
///
/// The UIKit adapter calls ``record(timestamp:touches:)`` from `sendEvent(_:)` with the numbers it
/// copied from the event's touches; that call only assigns ids and appends a few values to a buffer
/// under a lock. A serial background queue formats the lines and hands them to the sink.
///
/// - Times are seconds since the first recorded event, rounded to the microsecond; an event whose
///   timestamp is not after the previous one's is written 1 µs after it, so that each event stays
///   one trace event.
/// - Memory is bounded: when `capacity` samples wait to be written, further `moved` samples are
///   dropped (counted in ``droppedSamples``); past twice that, new touches are too, with all their
///   later samples. The end of a touch whose beginning was kept is always kept, so the trace stays
///   valid; the buffer never holds more than twice `capacity` plus one sample per finger down.
///
/// ```swift
/// let recorder = TraceRecorder(screen: Size(width: 390, height: 844), sink: sink)
/// recorder.record(timestamp: 1041.2, touches: [TouchSnapshot(identity: 7, phase: .began, location: Point(x: 100, y: 200))])
/// recorder.finish()   // writes what is left and closes the sink
/// ```
public final class TraceRecorder: @unchecked Sendable {
    /// The screen in points, written in the header.
    public let screen: Size
    /// How many samples may wait to be written before `moved` samples are dropped.
    public let capacity: Int

    private let sink: RecordingSink
    private let queue = DispatchQueue(label: "GestureRecorder.TraceRecorder")
    private let lock = NSLock()
    private var identities = TouchIdentities()
    private var pending: [Sample] = []
    private var lost: Set<Int> = []
    private var start: Double?
    private var lastTime = -Double.infinity
    private var dropped = 0
    private var drainScheduled = false
    private var finished = false

    /// Creates a recorder writing to `sink`; the header line, naming the scene file `scene` (a path
    /// relative to the trace) when given, is written at once.
    public init(screen: Size, scene: String? = nil, sink: RecordingSink, capacity: Int = 4096) {
        self.screen = screen
        self.sink = sink
        self.capacity = max(1, capacity)
        let header = TraceWriter.jsonLinesHeader(screen: screen, scene: scene) + "\n"
        queue.async { sink.write(Array(header.utf8)) }
    }

    /// Samples dropped because the writer fell behind.
    public var droppedSamples: Int {
        lock.lock()
        defer { lock.unlock() }
        return dropped
    }

    /// The trace time of an event timestamp (seconds since the first recorded event, to the
    /// microsecond), without the 1 µs nudge; nil before the first event.
    public func traceTime(of timestamp: Double) -> Double? {
        lock.lock()
        defer { lock.unlock() }
        return start.map { Self.microseconds(timestamp - $0) }
    }

    /// Records one touch event: every touch it carries (stationary ones are left out, as a trace
    /// leaves them out).
    public func record(timestamp: Double, touches: [TouchSnapshot]) {
        lock.lock()
        defer { lock.unlock() }
        guard !finished else { return }
        let t = time(of: timestamp)
        var wrote = false
        for touch in touches {
            guard let (id, phase) = identities.resolve(touch) else { continue }
            let sample = Sample.touch(t, id: .number(id), phase, x: touch.location.x, y: touch.location.y,
                                      force: touch.force, radius: touch.radius)
            wrote = keep(sample, id: id, phase: phase) || wrote
        }
        if wrote { scheduleDrain() }
    }

    /// Records a motion event (a shake began, ended or was cancelled).
    public func recordMotion(timestamp: Double, phase: MotionPhase, subtype: MotionSubtype = .shake) {
        lock.lock()
        defer { lock.unlock() }
        guard !finished else { return }
        let sample = Sample(t: time(of: timestamp), kind: .motion(phase: phase, subtype: subtype))
        if pending.count < 2 * capacity {
            pending.append(sample)
            scheduleDrain()
        } else {
            dropped += 1
        }
    }

    /// Waits until everything recorded so far has been handed to the sink.
    public func flush() {
        queue.sync {}
        queue.sync {}
    }

    /// Writes what is left, closes the sink and ignores later events.
    public func finish() {
        lock.lock()
        finished = true
        lock.unlock()
        queue.sync { drain() }
        queue.sync { sink.close() }
    }

    // MARK: Under the lock

    private func time(of timestamp: Double) -> Double {
        let origin = start ?? timestamp
        start = origin
        var t = Self.microseconds(timestamp - origin)
        if t <= lastTime { t = Self.microseconds(lastTime + 0.000001) }
        lastTime = t
        return t
    }

    private func keep(_ sample: Sample, id: Int, phase: TouchPhase) -> Bool {
        if lost.contains(id) {
            if phase.isTerminal { lost.remove(id) }
            dropped += 1
            return false
        }
        let full = pending.count >= capacity
        if (full && phase == .moved) || (phase == .began && pending.count >= 2 * capacity) {
            if phase == .began { lost.insert(id) }
            dropped += 1
            return false
        }
        pending.append(sample)
        return true
    }

    private func scheduleDrain() {
        guard !drainScheduled else { return }
        drainScheduled = true
        queue.async { self.drain() }
    }

    // MARK: On the queue

    private func drain() {
        lock.lock()
        let samples = pending
        pending.removeAll(keepingCapacity: true)
        drainScheduled = false
        lock.unlock()
        guard !samples.isEmpty else { return }
        var text = ""
        for sample in samples {
            text += TraceWriter.jsonLine(sample)
            text += "\n"
        }
        sink.write(Array(text.utf8))
    }

    private static func microseconds(_ seconds: Double) -> Double { (seconds * 1_000_000).rounded() / 1_000_000 }
}
