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
/// The arguments are passed rather than captured, so that the compiler's region checks see a plain
/// call: the closure captures nothing that is not `Sendable`.
@inline(__always)
func onMainActor<Arguments, Result, Failure: Error>(
    _ arguments: Arguments, _ body: @MainActor (Arguments) throws(Failure) -> Result
) throws(Failure) -> Result {
    // A synchronous function isolated to a global actor has the same representation as a
    // nonisolated one; only the type checker tells them apart.
    try withoutActuallyEscaping(body) { (body) throws(Failure) -> Result in
        try unsafeBitCast(body, to: ((Arguments) throws(Failure) -> Result).self)(arguments)
    }
}
