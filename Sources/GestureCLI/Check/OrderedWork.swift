import Foundation

/// Runs numbered pieces of work on a fixed number of threads and hands their results back in
/// order, each as soon as it and every one before it are done.
///
/// The calling thread only waits and delivers, so everything it does with the results (writing
/// files, printing) happens in the same order whatever the number of threads, and the output is
/// byte-identical for `--jobs 1` and `--jobs 8`. At most `jobs` pieces are in flight at once.
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
    ///   - progress: called on the calling thread with the number of pieces done, while it waits.
    ///   - deliver: receives each result; returning false stops the run (pieces already started
    ///     finish in the background and their results are dropped).
    static func run<Result: Sendable>(
        count: Int, jobs: Int, work: @escaping @Sendable (Int) -> Result, progress: (Int) -> Void = { _ in },
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
        let board = Board<Result>(count: count)
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
private final class Board<Result: Sendable>: @unchecked Sendable {
    // Every stored property is read and written only with `condition` locked.
    private let condition = NSCondition()
    private var results: [Result?]
    private var next = 0
    private var done = 0
    private var cancelled = false

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    /// A worker thread's loop: takes the next index, works on it, posts the result.
    func work(_ work: (Int) -> Result) {
        while true {
            condition.lock()
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
            condition.broadcast()
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
                let count = done
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
            condition.wait()
        }
    }

    /// Stops workers from starting further pieces.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.unlock()
    }
}
