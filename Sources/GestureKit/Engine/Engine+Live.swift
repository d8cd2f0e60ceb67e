/// Live input: samples that arrive while they happen, with pauses between them.
///
/// In a trace read from a file the engine learns that an event is complete when a sample with a
/// later `t` comes, and that a timer is due when the next sample is later than its deadline. Live
/// input may pause for any time between samples; these let the caller end the event and run the
/// timers while it waits, on a clock of its own (`gesturectl analyze --follow` uses the wall clock
/// anchored at the last sample). The records stay in engine order and their times never go back.
extension Engine {
    /// Dispatches the event being collected (the samples with the last `t`) now, instead of when a
    /// sample with a later `t` comes. A sample with the same `t` that comes afterwards starts an
    /// event of its own at that time.
    public func endEvent() {
        flushTouchEvent()
    }

    /// The deadline of the earliest pending timer (a long press's, a tap's wait for another tap, a
    /// delayed failure), in trace time; nil when none is pending.
    public var nextTimerDeadline: Double? {
        environment.clock.nextDeadline
    }

    /// Lets virtual time reach `time` with no sample: ends the event being collected, then fires
    /// every timer due strictly before `time`, in order. ``now`` is then the last deadline fired
    /// (it does not move to `time`); a sample processed afterwards must not be earlier than ``now``.
    public func advance(to time: Double) {
        flushTouchEvent()
        fireTimers(before: time)
    }
}
