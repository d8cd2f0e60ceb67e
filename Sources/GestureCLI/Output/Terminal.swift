#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Everything a command reads or writes besides its arguments and input files, injected so that the
/// whole command line runs in process in tests.
///
/// ```swift
/// let output = MemoryOutput(), errors = MemoryOutput()
/// let status = run(["analyze", "tap.jsonl"], in: CommandEnvironment(standardOutput: output, standardError: errors))
/// ```
public struct CommandEnvironment {
    /// The environment variables (`NO_COLOR`, `TERM`).
    public var variables: [String: String]
    /// Where results go.
    public var standardOutput: any TextOutput
    /// Where messages for people go.
    public var standardError: any TextOutput
    /// Whether standard output is a terminal: decides the default format and colour.
    public var standardOutputIsTerminal: Bool
    /// Whether standard error is a terminal.
    public var standardErrorIsTerminal: Bool

    /// Creates an environment; by default no variables and no terminal, as in a pipeline.
    public init(
        variables: [String: String] = [:], standardOutput: any TextOutput, standardError: any TextOutput,
        standardOutputIsTerminal: Bool = false, standardErrorIsTerminal: Bool = false
    ) {
        self.variables = variables
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.standardOutputIsTerminal = standardOutputIsTerminal
        self.standardErrorIsTerminal = standardErrorIsTerminal
    }

    /// The real process: its environment variables and standard streams (output buffered, errors
    /// written at once). Ignores `SIGPIPE`, so that a closed pipe becomes a quiet stop instead of a
    /// signal.
    public static func process(variables: [String: String]) -> CommandEnvironment {
        signal(SIGPIPE, SIG_IGN)
        return CommandEnvironment(
            variables: variables,
            standardOutput: FileDescriptorOutput(descriptor: STDOUT_FILENO),
            standardError: FileDescriptorOutput(descriptor: STDERR_FILENO, bufferCapacity: 0),
            standardOutputIsTerminal: isatty(STDOUT_FILENO) != 0,
            standardErrorIsTerminal: isatty(STDERR_FILENO) != 0)
    }

    /// Whether output may be coloured: standard output is a terminal, `NO_COLOR` is unset or empty
    /// (no-color.org) and `TERM` is not `dumb`.
    var usesColor: Bool {
        standardOutputIsTerminal && (variables["NO_COLOR"] ?? "").isEmpty && variables["TERM"] != "dumb"
    }

    /// Writes a line for people to standard error; a failure to do so is ignored (there is nowhere
    /// left to report it).
    func printError(_ line: String) {
        try? standardError.write(line + "\n")
        try? standardError.flush()
    }
}

/// ANSI styles for the text format, used only when ``CommandEnvironment/usesColor`` says so.
enum TerminalStyle: String {
    case bold = "1"
    case dim = "2"
    case red = "31"
    case green = "32"
    case yellow = "33"
    case cyan = "36"

    /// `text` wrapped in this style's escape sequence and a reset.
    func apply(_ text: String) -> String { "\u{1B}[\(rawValue)m\(text)\u{1B}[0m" }
}
