import GestureKit
import GestureTrace

/// The version `gesturectl --version` prints.
public let gesturectlVersion = "0.2.0"

/// Runs `gesturectl` with `arguments` (the words after the program name) and returns the exit status.
///
/// This is the whole command line, testable in process: `main.swift` only passes the real
/// arguments and environment and exits with the result.
///
/// ```swift
/// exit(run(Array(CommandLine.arguments.dropFirst()), in: .process(variables: ProcessInfo.processInfo.environment)))
/// ```
///
/// - Returns: the exit status: 0, 1, 2, 65, 66 or 74 (docs/cli.md, "Exit status").
public func run(_ arguments: [String], in environment: CommandEnvironment) -> Int32 {
    var noting = environment
    let errors = KindNotingOutput(environment.standardError)
    noting.standardError = errors
    let status = CommandLineTool(environment: noting).run(arguments)
    // Once per run, whatever the number of traces whose scenes use such a kind.
    if RecognizerRegistry.current.kinds.isEmpty, let note = errors.note() { environment.printError(note) }
    return status.rawValue
}

/// Dispatches the first word to a command, handles `--version`, `--help` and usage errors.
struct CommandLineTool {
    /// Every command, in the order the top-level help lists them.
    static let commands: [any Command] = [AnalyzeCommand(), CheckCommand(), ValidateCommand(), ConvertCommand(), PlotCommand(), ViewCommand(), SynthCommand(), SceneCommand(), TemplateCommand(), CompletionsCommand(), HelpCommand()]

    /// The top-level options.
    static let options = OptionTable([Option("version", short: "V", help: "print the version and exit (also: gesturectl version)")])

    let environment: CommandEnvironment

    /// The top-level usage lines.
    static var usage: String {
        let name = ToolName.current
        return """
            usage: \(name) COMMAND [OPTIONS] [ARGUMENTS]
                   \(name) help [COMMAND]
                   \(name) --version | -V | version
            """
    }

    /// The top-level help text.
    static var helpText: String {
        let width = commands.map(\.name.count).max() ?? 0
        let list = commands.map { "  " + $0.name.padding(to: width) + "   " + $0.summary }.joined(separator: "\n")
        return """
            \(ToolName.current) \(gesturectlVersion): replays recorded touch traces through a model of UIKit's \
            gesture recognizers.

            \(usage)

            commands:
            \(list)

            options:
            \(options.helpText)

            Run '\(ToolName.current) help COMMAND' for a command's options.

            """
    }

    /// Runs the tool.
    func run(_ arguments: [String]) -> ExitStatus {
        guard let first = arguments.first else {
            environment.printError("\(ToolName.current): missing command\n\(Self.usage)")
            return .usage
        }
        if first == "version", arguments.count == 1 { return environment.writeResult("\(ToolName.current) \(gesturectlVersion)\n") }
        if first.hasPrefix("-") {
            switch first {
            case "--version", "-V": return environment.writeResult("\(ToolName.current) \(gesturectlVersion)\n")
            case "-h", "--help":
                // `gesturectl --help analyze` is `gesturectl help analyze`, as in git.
                guard arguments.count > 1 else { return environment.writeResult(Self.helpText) }
                return run(["help"] + arguments.dropFirst())
            default:
                let spellings = Self.options.options.map(\.spelling)
                return usageError(
                    UsageError("unknown option '\(first)'", suggestion: Suggestions.didYouMean(first, among: spellings)),
                    usage: Self.usage, prefix: ToolName.current)
            }
        }
        guard let command = Self.command(named: first) else {
            return usageError(Self.unknownCommand(first), usage: Self.usage, prefix: ToolName.current)
        }
        let context = CommandContext(environment: environment, commands: Self.commands)
        do throws(UsageError) {
            let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), table: command.options, operands: command.operands)
            if parsed.isSet(Option.help.name) { return environment.writeResult(command.helpText) }
            return try command.run(parsed, in: context)
        } catch {
            return usageError(error, usage: command.usage, prefix: "\(ToolName.current) \(command.name)")
        }
    }

    /// The command called `name`, if any.
    static func command(named name: String) -> (any Command)? {
        commands.first { $0.name == name }
    }

    /// The error for an unknown command word, with a suggestion.
    static func unknownCommand(_ word: String) -> UsageError {
        UsageError("unknown command '\(word)'", suggestion: Suggestions.didYouMean(word, among: commands.map(\.name)))
    }

    /// Prints a usage error: message, suggestion, usage line; returns `.usage`.
    private func usageError(_ error: UsageError, usage: String, prefix: String) -> ExitStatus {
        var lines = ["\(prefix): \(error.message)"]
        if let suggestion = error.suggestion { lines.append(suggestion) }
        lines.append(usage)
        environment.printError(lines.joined(separator: "\n"))
        return .usage
    }
}
