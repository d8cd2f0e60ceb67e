import Foundation

/// Runs numbered pieces of work on a fixed number of threads and hands their results back in
/// order, each as soon as it and every one before it are done.
///
/// The calling thread only waits and delivers, so everything it does with the results (writing
/// files, printing) happens in the same order whatever the number of threads, and the output is
/// byte-identical for `--jobs 1` and `--jobs 8`. At most `jobs` pieces are worked on at once, and
/// at most `window` are started but not yet delivered (the results waiting for an earlier piece are
/// bounded, whatever the delivery's pace).
///
/// ```swift
/// OrderedWork.run(count: traces.count, jobs: 4, work: { check(traces[$0]) }) { index, result in
///     print(result)
///     return true   // false stops: no further piece is started
/// }
/// ```
enum OrderedWork {
    /// Runs `work(0)` … `work(count - 1)` and calls `deliver` with each result, in index order, on
    /// the calling thread.
    ///
    /// - Parameters:
    ///   - jobs: the most pieces run at once; 1 runs everything on the calling thread.
    ///   - window: the most pieces started and not yet delivered (at least `jobs`; by default
    ///     eight times `jobs`, and at least 32). The calling thread is woken for a quarter of it at
    ///     a time (at most 32 results).
    ///   - progress: called on the calling thread with the number of pieces done, while it waits.
    ///   - deliver: receives each result; returning false stops the run (pieces already started
    ///     finish in the background and their results are dropped).
    static func run<Result: Sendable>(
        count: Int, jobs: Int, window: Int? = nil, work: @escaping @Sendable (Int) -> Result, progress: (Int) -> Void = { _ in },
        deliver: (Int, Result) -> Bool
    ) {
        guard count > 0 else { return }
        let threads = min(max(jobs, 1), count)
        guard threads > 1 else {
            for index in 0..<count {
                let result = work(index)
                progress(index + 1)
                guard deliver(index, result) else { return }
            }
            return
        }
        let board = Board<Result>(count: count, window: max(window ?? max(8 * threads, 32), threads))
        for _ in 0..<threads {
            let thread = Thread { board.work(work) }
            thread.stackSize = 8 << 20
            thread.start()
        }
        for index in 0..<count {
            let (result, done) = board.wait(for: index, progress: progress)
            progress(done)
            guard deliver(index, result) else {
                board.cancel()
                return
            }
        }
    }
}

/// The results of an ``OrderedWork`` run, shared by its threads behind one lock.
///
/// Threads are woken only when they can go on: the calling thread once the result it waits for
/// and a few after it are posted (so that it delivers them in a batch), or when no more can come
/// soon (every piece is started, or a worker is about to wait for the window), and a few times a
/// second meanwhile, to report progress; a worker when the window moves while it waits for it.
/// Pieces are small (a trace of a corpus: a fraction of a millisecond), so waking a thread for
/// every result would cost a good part of the work.
private final class Board<Result: Sendable>: @unchecked Sendable {
    // Every stored property is read and written only with `condition` locked.
    private let condition = NSCondition()
    private var results: [Result?]
    private var next = 0
    private var done = 0
    /// How many results the calling thread has taken.
    private var delivered = 0
    private let window: Int
    private var cancelled = false
    /// The index whose result the calling thread waits for, if it waits.
    private var awaited: Int?
    /// How many workers wait for the window to move.
    private var blockedWorkers = 0
    /// How many results in a row the calling thread is woken for.
    private let batch: Int

    init(count: Int, window: Int) {
        results = Array(repeating: nil, count: count)
        self.window = window
        batch = max(1, min(32, window / 4))
    }

    /// Whether the calling thread should be woken: the result it awaits is posted, and so are the
    /// next few, or no more are about to come. Called with `condition` locked.
    private func callerCanGoOn() -> Bool {
        guard let awaited, results[awaited] != nil else { return false }
        if next >= results.count { return true }
        var ready = 0
        var index = awaited
        while index < results.count, ready < batch, results[index] != nil {
            ready += 1
            index += 1
        }
        return ready >= batch
    }

    /// A worker thread's loop: takes the next index (waiting while `window` pieces are started and
    /// not delivered), works on it, posts the result.
    func work(_ work: (Int) -> Result) {
        while true {
            condition.lock()
            while !cancelled, next < results.count, next >= delivered + window {
                if let awaited, results[awaited] != nil { condition.broadcast() }
                blockedWorkers += 1
                condition.wait()
                blockedWorkers -= 1
            }
            guard !cancelled, next < results.count else {
                condition.unlock()
                return
            }
            let index = next
            next += 1
            condition.unlock()
            let result = work(index)
            condition.lock()
            results[index] = result
            done += 1
            if callerCanGoOn() { condition.broadcast() }
            condition.unlock()
        }
    }

    /// Waits for the result at `index`, reporting progress meanwhile; returns it (removing it from
    /// the board) with the number of pieces done.
    func wait(for index: Int, progress: (Int) -> Void) -> (Result, Int) {
        condition.lock()
        var reported = done
        while true {
            if let result = results[index] {
                results[index] = nil
                awaited = nil
                let count = done
                delivered = index + 1
                if blockedWorkers > 0 { condition.broadcast() }
                condition.unlock()
                return (result, count)
            }
            if done != reported {
                reported = done
                condition.unlock()
                progress(reported)
                condition.lock()
                continue
            }
            awaited = index
            _ = condition.wait(until: Date(timeIntervalSinceNow: 0.1))
        }
    }

    /// Stops workers from starting further pieces.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }
}
