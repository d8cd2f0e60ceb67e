import Foundation
import GestureKit
import GestureTrace

extension TraceAnalysis {
    /// ``replay(_:source:engine:filter:renderer:into:)`` on three threads, then the sink drained:
    /// one reads the samples, this one runs the engine, one renders the records.
    ///
    /// - Parameter pipeline: its queues and failures; another thread may ``ReplayPipeline/abandon()`` it,
    ///   and the replay then returns without rendering the rest or ending the output.
    static func pipelinedReplay(
        _ reader: TraceReader, source: TraceSource, engine: Engine, filter: RecordFilter, renderer: TraceRenderer, into sink: ByteSink,
        pipeline: ReplayPipeline = ReplayPipeline()
    ) throws(AnalysisFailure) {
        let samples = pipeline.samples
        let records = pipeline.records
        let failures = pipeline.failures

        let readerHandover = Handover(value: reader)
        let reading = BackgroundJob {
            defer { samples.close() }
            let reader = readerHandover.value
            var batch = Batch<Sample>(capacity: sampleBatchSize)
            do throws(TraceError) {
                while let sample = try reader.next() {
                    batch.append(sample)
                    if batch.isFull {
                        guard samples.put(batch) else { return }
                        batch = pipeline.emptySamples.poll() ?? Batch(capacity: sampleBatchSize)
                    }
                }
                if !batch.isEmpty { _ = samples.put(batch) }
            } catch {
                failures.setRead(error)
            }
        }

        let renderHandover = Handover(value: (renderer, sink))
        let rendering = BackgroundJob {
            let (renderer, sink) = renderHandover.value
            do throws(OutputError) {
                try renderer.begin(sink)
                while let batch = records.take() {
                    if batch.samples.isEmpty {
                        try batch.lendAll { record throws(OutputError) in try renderer.add(record, to: sink) }
                    } else {
                        try renderInterleaved(batch, renderer: renderer, sink: sink)
                    }
                    _ = pipeline.emptyRecords.offer(batch)
                }
                guard !failures.isAborted else { return }
                try renderer.end(sink)
                try sink.drain()
            } catch {
                failures.setOutput(error)
                records.cancel()
            }
        }

        let batcher = RecordBatcher(pipeline: pipeline, filter: filter)
        engine.handRecordsOver { [batcher] record in batcher.take(record) }
        defer { engine.stopHandingRecordsOver() }
        let observesSamples = renderer.observesSamples
        while let batch = samples.take() {
            batch.removeAll { sample in
                if observesSamples { batcher.sample(sample) }
                engine.process(sample)
            }
            _ = pipeline.emptySamples.offer(batch)
            if batcher.stopped { break }
        }
        if batcher.stopped { samples.cancel() }
        reading.wait()
        if let error = failures.read {
            failures.abort()
            records.cancel()
            rendering.wait()
            throw .trace(.unreadable(source.located(error)))
        }
        if !batcher.stopped, !failures.isAborted {
            engine.finish()
            batcher.flush()
        }
        records.close()
        rendering.wait()
        if let error = failures.output { throw .output(error) }
    }

    /// Samples per batch handed from the reading thread to the engine. (4096, with 1024 records a record
    /// batch, was no faster on the 100 MB trace and held 2 MB more: 29.4 MB peak against 27.4.)
    private static let sampleBatchSize = 2048

    /// Renders a batch of records with the samples the engine took among them, each sample before
    /// the records it made (the order of ``replay(_:source:engine:filter:renderer:into:)``).
    private static func renderInterleaved(
        _ batch: Batch<AnalysisRecord>, renderer: TraceRenderer, sink: ByteSink
    ) throws(OutputError) {
        // The marks are taken out and handed back emptied, so that the batch keeps their storage.
        var marks: [(position: Int, sample: Sample)] = []
        swap(&marks, &batch.samples)
        defer {
            marks.removeAll(keepingCapacity: true)
            batch.samples = marks
        }
        var next = 0
        var position = 0
        try batch.lendAll { record throws(OutputError) in
            while next < marks.count, marks[next].position == position {
                try renderer.sample(marks[next].sample, to: sink)
                next += 1
            }
            try renderer.add(record, to: sink)
            position += 1
        }
        while next < marks.count {
            try renderer.sample(marks[next].sample, to: sink)
            next += 1
        }
    }
}

/// The queues and the failures of one pipelined replay, shared by its threads.
final class ReplayPipeline: Sendable {
    /// Batches of samples, from the reading thread to the engine.
    let samples = BoundedQueue<Batch<Sample>>(capacity: 4)
    /// Batches of records kept, from the engine to the rendering thread.
    let records = BoundedQueue<Batch<AnalysisRecord>>(capacity: 8)
    /// Emptied batches of samples, handed back to the reading thread to be filled again.
    let emptySamples = BoundedQueue<Batch<Sample>>(capacity: 6)
    /// Emptied batches of records, handed back to the engine's thread.
    let emptyRecords = BoundedQueue<Batch<AnalysisRecord>>(capacity: 10)
    /// What went wrong.
    let failures = PipelineFailures()

    /// Stops the replay from any thread: reading, the engine and rendering stop at their next
    /// batch, and the output is left unfinished.
    func abandon() {
        failures.abort()
        samples.cancel()
        records.cancel()
    }
}

/// Collects the engine's records kept into batches for the rendering thread; stops when that
/// thread has given up (the output failed).
private final class RecordBatcher {
    private let pipeline: ReplayPipeline
    private let filter: RecordFilter
    private let keepsAll: Bool
    private var batch: Batch<AnalysisRecord>
    private(set) var stopped = false
    private static let size = 512

    init(pipeline: ReplayPipeline, filter: RecordFilter) {
        self.pipeline = pipeline
        self.filter = filter
        keepsAll = filter.keepsAll
        batch = Batch(capacity: Self.size)
    }

    func take(_ record: consuming AnalysisRecord) {
        guard !stopped, keepsAll || filter.keeps(record) else { return }
        batch.append(record)
        if batch.isFull { flush() }
    }

    /// Keeps `sample` for a renderer that observes samples, before the records it will make.
    func sample(_ sample: Sample) {
        guard !stopped else { return }
        batch.samples.append((batch.count, sample))
        if batch.samples.count == Self.samplesPerBatch { flush() }
    }

    /// The most samples a batch carries for a renderer that observes them (a batch is handed on
    /// at 512 records or this many samples, whichever comes first).
    private static let samplesPerBatch = 1024

    /// Hands the records collected on.
    func flush() {
        guard !stopped, !batch.isEmpty || !batch.samples.isEmpty else { return }
        if !pipeline.records.put(batch) { stopped = true }
        batch = pipeline.emptyRecords.poll() ?? Batch(capacity: Self.size)
    }
}

/// What went wrong in a pipelined replay, shared by its threads behind a lock.
final class PipelineFailures: @unchecked Sendable {
    // Read and written only with `lock` held.
    private let lock = NSLock()
    private var readError: TraceError?
    private var outputError: OutputError?
    private var aborted = false

    var read: TraceError? { lock.withLock { readError } }
    var output: OutputError? { lock.withLock { outputError } }
    var isAborted: Bool { lock.withLock { aborted } }
    func setRead(_ error: TraceError) { lock.withLock { readError = error } }
    func setOutput(_ error: OutputError) { lock.withLock { outputError = error } }
    func abort() { lock.withLock { aborted = true } }
}
