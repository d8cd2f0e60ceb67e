#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a reader following a live stream does while the stream has nothing ready: the consumer's side of
/// ``TraceReader/init(following:isRegularFile:name:encoding:waiting:)``.
///
/// Called on the reading thread, from inside ``TraceReader/next()``, between samples (never with a sample
/// half returned): the consumer may use the engine and its output there, but not the reader.
public protocol FollowWaiting: AnyObject {
    /// No input is ready: the consumer completes what the input so far allows (the event collected,
    /// the timers now due, the output flushed).
    ///
    /// - Returns: how long to wait for input at most, in seconds, before calling this again (the next
    ///   timer); nil to wait for input alone.
    func inputIsIdle() -> Double?
    /// Whether to stop following: the stream then reads as ended, at once.
    var stopRequested: Bool { get }
    /// A descriptor that becomes readable when ``stopRequested`` becomes true (the reading end of a
    /// self-pipe written by a signal handler), so that a wait ends at once; -1 for none.
    var wakeDescriptor: Int32 { get }
}

/// A source over a live stream: standard input, a pipe, a FIFO, a character device, or a regular file
/// followed as `tail -f` follows it.
///
/// A read takes whatever is ready. When nothing is, it tells its ``FollowWaiting`` (which finishes the
/// event and flushes the output, so the last sample before a pause is never held back) and waits in
/// `poll` until input is ready, the waiter's timeout passes, or it is woken to stop. A stream ends when
/// its writer closes it; a regular file never ends, its end being polled every ``filePollInterval``
/// for what is appended, until a stop is requested.
final class FollowSource: ByteSource {
    private let fd: Int32
    private let name: String
    private let isRegular: Bool
    private let waiting: any FollowWaiting
    let isSeekable = false

    /// How often the end of a regular file is looked at for new bytes, in seconds.
    static let filePollInterval = 0.05

    init(fd: Int32, isRegularFile: Bool, name: String, waiting: any FollowWaiting) {
        self.fd = fd
        self.name = name
        self.isRegular = isRegularFile
        self.waiting = waiting
    }

    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(TraceError) -> Int {
        while true {
            if waiting.stopRequested { return 0 }
            let n = try readReady(into: buffer, count: count)
            if n >= 0 { return n }
            wait()
        }
    }

    func readReady(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(TraceError) -> Int {
        if !isRegular {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            while true {
                let ready = poll(&entry, 1, 0)
                if ready > 0 { break }
                if ready == 0 { return -1 }
                if errno != EINTR { throw error() }
            }
        }
        while true {
            #if canImport(Glibc)
            let n = Glibc.read(fd, buffer, count)
            #else
            let n = Darwin.read(fd, buffer, count)
            #endif
            if n > 0 { return n }
            if n == 0 { return isRegular ? -1 : 0 }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { return -1 }
            throw error()
        }
    }

    func seek(to offset: Int) -> Bool { false }

    /// Tells the waiter that nothing is ready, then waits for input, its timeout or a wake-up.
    private func wait() {
        let timeout = waiting.inputIsIdle()
        if waiting.stopRequested { return }
        var milliseconds: Int32 = -1
        if let timeout {
            milliseconds = timeout <= 0 ? 0 : Int32(min((timeout * 1000).rounded(.up), 3_600_000))
        }
        if isRegular {
            let interval = Int32(Self.filePollInterval * 1000)
            milliseconds = milliseconds < 0 ? interval : min(milliseconds, interval)
        }
        var entries = [
            pollfd(fd: isRegular ? -1 : fd, events: Int16(POLLIN), revents: 0),
            pollfd(fd: waiting.wakeDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        _ = poll(&entries, 2, milliseconds)  // EINTR (a signal) too ends the wait
    }

    private func error() -> TraceError {
        .cannotOpen(path: name, reason: String(cString: strerror(errno)))
    }
}

extension TraceReader {
    /// Follows a live stream on `descriptor`, which stays open: standard input, a pipe, a FIFO, a
    /// character device, or a regular file (read as `tail -f` reads it: what is there, then what is
    /// appended, until `waiting` asks to stop).
    ///
    /// ``next()`` returns each sample as soon as its bytes are read; when none are ready it calls
    /// `waiting` (see ``FollowWaiting``) and waits. A stop request ends the input where it is (a sample
    /// cut short then reads as an error, which the caller may ignore).
    ///
    /// - Parameters:
    ///   - descriptor: The stream, read from where it is.
    ///   - isRegularFile: Whether it is a regular file, whose end is not the end of the input.
    ///   - name: The name in messages.
    ///   - encoding: The encoding, or nil to sniff the first bytes.
    ///   - waiting: What to do while nothing is ready.
    /// - Throws: `TraceError` when the stream cannot be read or its first bytes do not sniff.
    public convenience init(
        following descriptor: Int32, isRegularFile: Bool, name: String, encoding: TraceEncoding?, waiting: any FollowWaiting
    ) throws(TraceError) {
        let source = FollowSource(fd: descriptor, isRegularFile: isRegularFile, name: name, waiting: waiting)
        try self.init(
            source: source, name: name, encoding: encoding, chunkSize: Self.fileChunkSize,
            fastPath: !Self.generalReaderRequested)
    }
}
