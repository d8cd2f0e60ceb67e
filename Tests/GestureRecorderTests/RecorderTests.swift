import Foundation
import GestureKit
import GestureTrace
import Testing

@testable import GestureRecorder

/// A sink that keeps the bytes, for tests.
final class MemorySink: RecordingSink, @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    private(set) var closed = false

    func write(_ chunk: [UInt8]) {
        lock.lock()
        bytes += chunk
        lock.unlock()
    }

    func close() {
        lock.lock()
        closed = true
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: bytes, as: UTF8.self)
    }
}

func touch(_ identity: UInt, _ phase: TouchPhase, _ x: Double, _ y: Double, force: Double? = nil, radius: Double? = nil) -> TouchSnapshot {
    TouchSnapshot(identity: identity, phase: phase, location: Point(x: x, y: y), force: force, radius: radius)
}

/// The recorder core: ids, times, buffering and the bytes it writes.
@Suite struct RecorderTests {
    @Test func aTwoFingerSessionIsAValidTraceWithStableIdsAndTimesFromTheFirstEvent() throws {
        let sink = MemorySink()
        let recorder = TraceRecorder(screen: Size(width: 390, height: 844), sink: sink)
        recorder.record(timestamp: 1041.25, touches: [touch(0xA0, .began, 100, 200, force: 0.5, radius: 20.5)])
        recorder.record(timestamp: 1041.2583333, touches: [touch(0xA0, .moved, 104, 200), touch(0xB0, .began, 300, 200)])
        recorder.record(timestamp: 1041.2583333, touches: [touch(0xA0, .stationary, 104, 200), touch(0xB0, .moved, 310, 201)])
        recorder.recordMotion(timestamp: 1041.3, phase: .began)
        recorder.record(timestamp: 1041.3166666, touches: [touch(0xA0, .ended, 104, 200), touch(0xB0, .cancelled, 310, 201)])
        // UIKit reuses a UITouch object for a later touch: it gets a new id.
        recorder.record(timestamp: 1041.5, touches: [touch(0xA0, .began, 50, 60)])
        recorder.record(timestamp: 1041.6, touches: [touch(0xA0, .ended, 50, 60)])
        recorder.finish()
        #expect(sink.closed)
        #expect(sink.text == """
            {"gesturectl":1,"screen":{"width":390,"height":844}}
            {"t":0,"id":1,"phase":"began","x":100,"y":200,"force":0.5,"radius":20.5}
            {"t":0.008333,"id":1,"phase":"moved","x":104,"y":200}
            {"t":0.008333,"id":2,"phase":"began","x":300,"y":200}
            {"t":0.008334,"id":2,"phase":"moved","x":310,"y":201}
            {"t":0.05,"phase":"began","type":"motion","subtype":"shake"}
            {"t":0.066667,"id":1,"phase":"ended","x":104,"y":200}
            {"t":0.066667,"id":2,"phase":"cancelled","x":310,"y":201}
            {"t":0.25,"id":3,"phase":"began","x":50,"y":60}
            {"t":0.35,"id":3,"phase":"ended","x":50,"y":60}

            """)
        let reader = TraceReader(bytes: Array(sink.text.utf8), name: "session.jsonl", encoding: .jsonl)
        #expect(try reader.readAll().count == 9)
        #expect(reader.warnings.isEmpty)
    }

    @Test func aTouchAlreadyDownWhenRecordingStartsBeginsWhereItIsFirstSeen() {
        var identities = TouchIdentities()
        #expect(identities.resolve(touch(1, .ended, 0, 0)) == nil)
        #expect(identities.resolve(touch(2, .moved, 0, 0))! == (1, .began))
        #expect(identities.resolve(touch(2, .stationary, 0, 0)) == nil)
        #expect(identities.resolve(touch(2, .moved, 1, 0))! == (1, .moved))
        #expect(identities.down == 1)
        #expect(identities.resolve(touch(2, .ended, 1, 0))! == (1, .ended))
        #expect(identities.down == 0)
    }

    @Test func whenTheWriterFallsBehindMovesAreDroppedFirstAndTheTraceStaysValid() throws {
        final class StuckSink: RecordingSink, @unchecked Sendable {
            let inner = MemorySink()
            let gate = DispatchSemaphore(value: 0)
            var first = true
            func write(_ bytes: [UInt8]) {
                if first { first = false; gate.wait() }
                inner.write(bytes)
            }
            func close() { inner.close() }
        }
        let sink = StuckSink()
        let recorder = TraceRecorder(screen: Size(width: 390, height: 844), sink: sink, capacity: 4)
        // The header write blocks the queue: everything below waits in the buffer.
        recorder.record(timestamp: 0, touches: [touch(1, .began, 0, 0)])
        for i in 1...10 { recorder.record(timestamp: Double(i) / 100, touches: [touch(1, .moved, Double(i), 0)]) }
        recorder.record(timestamp: 0.2, touches: [touch(1, .ended, 10, 0)])
        for i in 0..<6 { recorder.record(timestamp: 0.3 + Double(i) / 100, touches: [touch(UInt(10 + i), .began, 5, 5)]) }
        for i in 0..<6 { recorder.record(timestamp: 0.4 + Double(i) / 100, touches: [touch(UInt(10 + i), .ended, 5, 5)]) }
        sink.gate.signal()
        recorder.finish()
        // 7 moves past the capacity; 3 of the 6 taps past twice the capacity, with their ends.
        #expect(recorder.droppedSamples == 7 + 3 + 3)
        let reader = TraceReader(bytes: Array(sink.inner.text.utf8), name: "s.jsonl", encoding: .jsonl)
        let samples = try reader.readAll()
        #expect(samples.count == 1 + 3 + 1 + 3 + 3)
        #expect(reader.warnings.isEmpty)
    }
}
