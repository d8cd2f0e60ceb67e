/// The lines of a live stream, each returned as soon as its line break is read (see `FollowSource`):
/// what `convert --follow` reads device recordings with.
///
/// A line longer than ``maximumLength`` is cut there (the rest is the next line), so memory stays
/// bounded whatever the input. A carriage return before the line break is dropped.
public final class LiveLines {
    private let source: FollowSource
    private var buffer: [UInt8] = []
    private var start = 0
    private var scanned = 0
    private var ended = false
    /// The number of the last line returned.
    public private(set) var lineNumber = 0

    /// The longest line kept whole, in bytes.
    public static let maximumLength = 1 << 16

    /// Follows `descriptor` as ``TraceReader/init(following:isRegularFile:name:encoding:waiting:)`` does.
    public init(following descriptor: Int32, isRegularFile: Bool, name: String, waiting: any FollowWaiting) {
        source = FollowSource(fd: descriptor, isRegularFile: isRegularFile, name: name, waiting: waiting)
    }

    /// The next line, without its line break; nil at the end of the input.
    ///
    /// - Throws: `TraceError.cannotOpen` when the stream cannot be read.
    public func next() throws(TraceError) -> Substring? {
        while true {
            while scanned < buffer.count {
                if buffer[scanned] == 0x0A || scanned - start >= Self.maximumLength {
                    let isBreak = buffer[scanned] == 0x0A
                    let line = take(upTo: scanned)
                    scanned += isBreak ? 1 : 0
                    start = scanned
                    return line
                }
                scanned += 1
            }
            if ended {
                guard start < buffer.count else { return nil }
                let line = take(upTo: buffer.count)
                start = buffer.count
                scanned = start
                return line
            }
            try refill()
        }
    }

    private func take(upTo end: Int) -> Substring {
        lineNumber += 1
        var stop = end
        if stop > start, buffer[stop - 1] == 0x0D { stop -= 1 }
        return String(decoding: buffer[start..<stop], as: UTF8.self)[...]
    }

    private func refill() throws(TraceError) {
        if start > 0 {
            buffer.removeFirst(start)
            scanned -= start
            start = 0
        }
        let old = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: 1 << 14))
        let n = try buffer.withUnsafeMutableBufferPointer { pointer throws(TraceError) -> Int in
            guard let base = pointer.baseAddress else { return 0 }
            return try source.read(into: base + old, count: 1 << 14)
        }
        buffer.removeLast((1 << 14) - max(0, n))
        if n <= 0 { ended = true }
    }
}
