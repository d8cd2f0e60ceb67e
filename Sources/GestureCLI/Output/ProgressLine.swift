/// A one-line progress report on a terminal's standard error that stays below other messages.
///
/// Wraps standard error: each message written through it first erases the progress line, then the
/// line is drawn again beneath the message. Standard output, which the terminal may show too, goes
/// through ``clearing(_:)``: the progress line is erased before any result is written, and drawn
/// again only by the next ``show(_:)``. Used only when standard error is a terminal, so pipes and
/// logs never see it (docs/cli.md, "Conventions").
final class ProgressLine: TextOutput {
    private let base: any TextOutput
    private var status = ""
    private static let erase = "\r\u{1B}[K"
    private static let maximumWidth = 78

    /// Creates a progress line over `base`.
    init(over base: any TextOutput) {
        self.base = base
    }

    /// Writes a message above the progress line.
    func write(_ text: String) throws(OutputError) {
        if !status.isEmpty { try base.write(Self.erase) }
        try base.write(text)
        if !status.isEmpty { try base.write(status) }
    }

    /// Flushes standard error.
    func flush() throws(OutputError) { try base.flush() }

    /// Replaces the progress line with `status`, cut to fit a narrow terminal.
    func show(_ status: String) {
        self.status = Self.fitted(status)
        try? base.write(Self.erase + self.status)
        try? base.flush()
    }

    /// `status` cut at the front to at most 78 characters, so that it fits an 80-column terminal
    /// (a wrapped line could not be erased).
    static func fitted(_ status: String) -> String {
        status.count > maximumWidth ? "…" + String(status.suffix(maximumWidth - 1)) : status
    }

    /// Erases the progress line.
    func clear() {
        guard !status.isEmpty else { return }
        status = ""
        try? base.write(Self.erase)
        try? base.flush()
    }

    /// `output` (standard output) wrapped so that writing to it first erases the progress line:
    /// results never follow the progress text on the terminal's line. Flush `output` before each
    /// ``show(_:)``, so that nothing written before the line is drawn reaches the terminal after it.
    func clearing(_ output: any TextOutput) -> any TextOutput {
        ClearingOutput(base: output, progress: self)
    }
}

/// Standard output under a progress line: erases the line before passing anything on.
private final class ClearingOutput: TextOutput {
    private let base: any TextOutput
    private let progress: ProgressLine

    init(base: any TextOutput, progress: ProgressLine) {
        self.base = base
        self.progress = progress
    }

    func write(_ text: String) throws(OutputError) {
        if !text.isEmpty { progress.clear() }
        try base.write(text)
    }

    func write(bytes: UnsafeRawBufferPointer) throws(OutputError) {
        if !bytes.isEmpty { progress.clear() }
        try base.write(bytes: bytes)
    }

    /// Flushes without erasing: whatever is buffered went through ``write(_:)``, which erased the
    /// line, and ``ProgressLine/show(_:)`` is only called once standard output is flushed.
    func flush() throws(OutputError) { try base.flush() }
}
