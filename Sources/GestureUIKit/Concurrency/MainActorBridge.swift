import Foundation

/// Runs `body` with `arguments` on the calling thread, as code isolated to the main actor.
///
/// UIKit's classes are `@MainActor` in the iOS SDK, and GestureUIKit's are too, so that a team's
/// `@MainActor` subclasses and delegates compile unchanged in Swift 6. The engine, which knows
/// nothing of actors, calls them through this bridge from the thread that runs the replay, without
/// hopping to the main thread: replays stay synchronous and deterministic, and several replays
/// (`check`, tests side by side) run in parallel. That is safe because each replay builds its own
/// UIKit objects (a scene's views and recognizers, a registered screen's factory) and only the
/// thread running that replay touches them, one call at a time, as the main thread would on iOS.
/// What it does not give is what the main actor gives on iOS across objects: code that shares
/// mutable state between replays (a `static var` of its own) must guard it.
///
/// Swift 6 checks at run time that main-actor code runs on the main actor (a closure such code
/// passes to `map` traps elsewhere). Off the main thread the bridge therefore runs `body` in a task
/// whose executor, ``MainActorStandIn``, runs it at once on the calling thread with the runtime told
/// that the main actor is the current executor: the checks pass, and nothing waits or hops.
///
/// The arguments are passed rather than captured, so that the compiler's region checks see a plain
/// call: the closure captures nothing that is not `Sendable`.
func onMainActor<Arguments, Result, Failure: Error>(
    _ arguments: Arguments, _ body: @MainActor (Arguments) throws(Failure) -> Result
) throws(Failure) -> Result {
    // A synchronous function isolated to a global actor has the same representation as a
    // nonisolated one; only the type checker tells them apart.
    try withoutActuallyEscaping(body) { (body) throws(Failure) -> Swift.Result<Result, Failure> in
        let call = unsafeBitCast(body, to: ((Arguments) throws(Failure) -> Result).self)
        if MainActorStandIn.isActive || Thread.isMainThread {
            return .success(try call(arguments))
        }
        return MainActorStandIn.run { () -> Swift.Result<Result, Failure> in
            do throws(Failure) { return .success(try call(arguments)) } catch { return .failure(error) }
        }
    }.get()
}

/// The executor a replay off the main thread runs main-actor code on: it runs each job at once, on
/// the thread that enqueues it, isolated to the main actor as far as the runtime's checks go.
final class MainActorStandIn: TaskExecutor, @unchecked Sendable {
    // Unchecked: stateless.
    private static let shared = MainActorStandIn()

    /// Whether the calling code runs on the stand-in (set for the task it runs).
    @TaskLocal static var isActive = false

    func enqueue(_ job: consuming ExecutorJob) {
        job.runSynchronously(isolatedTo: MainActor.sharedUnownedExecutor, taskExecutor: asUnownedTaskExecutor())
    }

    /// Runs `body` on the calling thread, in a task on the stand-in, and returns its result.
    static func run<T>(_ body: () -> T) -> T {
        withoutActuallyEscaping(body) { body in
            var result: T?
            withUnsafeMutablePointer(to: &result) { pointer in
                let call = Unchecked(value: (body, pointer))
                // Creating the task enqueues its job on the stand-in, which runs it to completion
                // before `Task.init` returns: the body never suspends.
                _ = Task(executorPreference: shared) {
                    $isActive.withValue(true) { call.value.1.pointee = call.value.0() }
                }
            }
            guard let result else { preconditionFailure("the stand-in executor did not run the task at once") }
            return result
        }
    }
}

/// A value passed to a task that runs at once on the same thread.
private struct Unchecked<Value>: @unchecked Sendable {
    // Unchecked: read by a task that completes before the caller continues, on the caller's thread.
    let value: Value
}
