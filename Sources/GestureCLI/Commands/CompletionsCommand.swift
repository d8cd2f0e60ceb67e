import GestureTrace

/// `gesturectl completions bash|zsh|fish`: the shell's completion script, made from the option tables.
struct CompletionsCommand: Command {
    let name = "completions"
    let summary = "print a completion script for bash, zsh or fish"
    let discussion = """
        Prints a script that completes gesturectl's commands, options, option values (formats, \
        estimators, report kinds) and file operands (traces by extension) in SHELL. It is made from the \
        same option tables as --help, so it offers exactly what the commands accept. docs/cli.md says \
        how to enable it; make install installs all three.

        exit status: 0 success, 2 usage error, 74 the output cannot be written.
        """
    let options = OptionTable([])
    let operands = Operands(synopsis: "SHELL", name: "SHELL", minimum: 1, maximum: 1, words: CompletionScript.shells)

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(UsageError) -> ExitStatus {
        let shell = arguments.operands.first ?? ""
        guard let script = CompletionScript.script(for: shell, commands: context.commands) else {
            throw UsageError(
                "unknown shell '\(shell)': expected \(ArgumentParser.listing(CompletionScript.shells))",
                suggestion: Suggestions.didYouMean(shell, among: CompletionScript.shells))
        }
        return context.environment.writeResult(script)
    }
}
