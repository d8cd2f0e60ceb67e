import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `gesturectl` process fed and read live by a test: samples written with pauses, output read as it
/// comes, with the time each piece was read.
final class LiveProcess {
    let process = Process()
    /// Where the samples go: the process's standard input, or a FIFO it reads.
    private(set) var input: Int32 = -1
    private let output: Int32
    private let errors: FileHandle
    private let scratch: Fixtures
    /// Everything read from standard output so far.
    private(set) var received = ""

    /// Starts `gesturectl arguments`; its input is standard input, or the FIFO `fifo` when given (opened
    /// for writing once the process has opened it for reading).
    convenience init(_ arguments: [String], fifo: String? = nil) throws {
        try self.init(executable: Binary.url(), arguments, fifo: fifo)
    }

    /// Starts `/bin/sh -c command`, with `$GESTURECTL` naming the binary (a pipeline of several).
    convenience init(shell command: String) throws {
        try self.init(executable: URL(fileURLWithPath: "/bin/sh"), ["-c", "GESTURECTL='\(try Binary.url().path)'; " + command])
    }

    private init(executable: URL, _ arguments: [String], fifo: String? = nil) throws {
        _ = Glibc.signal(SIGPIPE, SIG_IGN)  // a process that died must not take the tests with it
        scratch = try Fixtures(["stderr": ""])
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "NO_COLOR")
        process.environment = environment
        let stdinPipe = Pipe()
        let stdoutPipe = Pipe()
        errors = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.path("stderr")))
        process.standardInput = stdinPipe
        process.standardOutput = stdoutPipe
        process.standardError = errors
        try process.run()
        output = stdoutPipe.fileHandleForReading.fileDescriptor
        if let fifo {
            input = open(fifo, O_WRONLY | O_CLOEXEC)
            try? stdinPipe.fileHandleForWriting.close()
        } else {
            input = dup(stdinPipe.fileHandleForWriting.fileDescriptor)
            try? stdinPipe.fileHandleForWriting.close()
        }
    }

    deinit {
        if process.isRunning { process.terminate() }
        if input >= 0 { close(input) }
    }

    /// Writes `text` to the input at once.
    func send(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(input, $0.baseAddress! + offset, $0.count - offset) }
            if n <= 0 { return }
            offset += n
        }
    }

    /// Closes the input: the end of the stream.
    func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }

    /// Reads the output until `done` holds for everything read so far, or `timeout` seconds pass; whether
    /// `done` held.
    @discardableResult
    func read(timeout: Double, until done: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !done(received) {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return false }
            var entry = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, Int32(left * 1000) + 1) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = chunk.withUnsafeMutableBytes { Foundation.read(output, $0.baseAddress!, $0.count) }
            if n <= 0 { return done(received) }
            received += String(decoding: chunk[0..<n], as: UTF8.self)
        }
        return true
    }

    /// Reads whatever output is ready without waiting, and forgets it; the number of bytes read.
    @discardableResult
    func drain() -> Int {
        var total = 0
        var entry = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while poll(&entry, 1, 0) > 0 {
            let n = chunk.withUnsafeMutableBytes { Foundation.read(output, $0.baseAddress!, $0.count) }
            if n <= 0 { break }
            total += n
        }
        return total
    }

    /// Reads until `text` has been read; the seconds it took, or nil after `timeout` seconds.
    func secondsUntil(_ text: String, timeout: Double = 10) -> Double? {
        let start = Date()
        guard read(timeout: timeout, until: { $0.contains(text) }) else { return nil }
        return Date().timeIntervalSince(start)
    }

    /// Sends `signal` to the process.
    func signal(_ signal: Int32) { kill(process.processIdentifier, signal) }

    /// The peak resident memory of the process so far, in KiB (Linux), or nil.
    var peakResidentKiB: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        }
        return nil
    }

    /// Closes the input, reads the output to its end and waits for the process: its status, all its
    /// output and its standard error.
    func finish(closingInput: Bool = true) -> RunResult {
        if closingInput { closeInput() }
        read(timeout: 20) { _ in false }
        process.waitUntilExit()
        try? errors.close()
        let stderr = (try? String(contentsOfFile: scratch.path("stderr"), encoding: .utf8)) ?? ""
        return RunResult(status: process.terminationStatus, stdout: received, stderr: stderr)
    }
}
