/// What a command gets besides its arguments: the environment and the other commands (for `help`).
struct CommandContext {
    /// Streams, variables and terminal facts.
    var environment: CommandEnvironment
    /// Every command of the tool, in the order the top-level help lists them.
    var commands: [any Command]
}

/// A subcommand of `gesturectl`: its name, its option table and what it does.
///
/// The option table and operands drive both parsing and `--help`; ``run(_:in:)`` receives arguments
/// that already passed the table (unknown options, missing values and bad choices never reach it).
protocol Command: Sendable {
    /// The word that selects the command: `analyze`.
    var name: String { get }
    /// One line for the top-level help.
    var summary: String { get }
    /// Paragraphs for the command's help, after the usage line.
    var discussion: String { get }
    /// The command's options.
    var options: OptionTable { get }
    /// What follows the options.
    var operands: Operands { get }

    /// Does the work.
    ///
    /// - Throws: ``UsageError`` for a problem the option table cannot see (two options that exclude
    ///   each other, `-` given twice); the caller prints it with the usage line and exits 2.
    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(UsageError) -> ExitStatus
}

extension Command {
    /// `usage: gesturectl analyze [--strict] … TRACE...`.
    /// Wrapped at 80 columns, continuation lines aligned after the command's name.
    var usage: String {
        let lead = "usage: \(ToolName.current) \(name)"
        let tokens = [lead] + options.synopsisTokens + (operands.synopsis.isEmpty ? [] : [operands.synopsis])
        return String.wrapping(tokens, indent: lead.count + 1)
    }

    /// The whole `--help` text, ending with a newline.
    var helpText: String {
        "\(usage)\n\n\(discussion.wrapped())\n\noptions:\n\(options.helpText)\n"
    }
}

extension CommandEnvironment {
    /// Writes a command's result text to standard output and flushes it.
    ///
    /// - Returns: `.success`; also when the reader went away (a quiet stop); `.cannotWrite`, after
    ///   saying why on standard error, for any other failure.
    func writeResult(_ text: String) -> ExitStatus {
        do throws(OutputError) {
            try standardOutput.write(text)
            try standardOutput.flush()
            return .success
        } catch {
            return report(error)
        }
    }

    /// The status for an output failure: a closed pipe stops quietly with `.success`; anything else
    /// is reported on standard error and gives `.cannotWrite`.
    func report(_ error: OutputError) -> ExitStatus {
        switch error {
        case .closed:
            return .success
        case .failed(let reason):
            printError("\(ToolName.current): cannot write to standard output: \(reason)")
            return .cannotWrite
        }
    }
}
