#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// SIGINT and SIGTERM as `analyze --follow` takes them: the first asks the analysis to finish (the
/// input ends where it is, the touches still down are cancelled, the last records are written, exit
/// status 0); a second ends the process at once with status 130.
///
/// The handler only sets a flag and writes a byte to a pipe, whose reading end ``wakeDescriptor``
/// the follow source polls, so a wait for input ends at once.
final class Interruption {
    /// The pipe's reading end: readable once a signal came.
    let wakeDescriptor: Int32

    /// Installs the handlers; nil when the pipe cannot be made (the signals then keep their defaults).
    init?() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        wakeDescriptor = ends[0]
        interruptWakeDescriptor = ends[1]
        signal(SIGINT, interruptHandler)
        signal(SIGTERM, interruptHandler)
        // A parent may have started us with the signals blocked (they are inherited): take them.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// Whether a signal came.
    var requested: Bool { interruptCount > 0 }
}

/// How many of the signals came (only the handler writes it).
nonisolated(unsafe) private var interruptCount: sig_atomic_t = 0
/// The pipe's writing end, for the handler.
nonisolated(unsafe) private var interruptWakeDescriptor: Int32 = -1

/// The handler: async-signal-safe calls only.
private func interruptHandler(_ signal: Int32) {
    if interruptCount > 0 { _exit(130) }
    interruptCount = 1
    var byte: UInt8 = 1
    _ = write(interruptWakeDescriptor, &byte, 1)
}
