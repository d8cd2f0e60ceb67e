/// `gesturectl help [COMMAND]`: the top-level help, or one command's help, on standard output.
struct HelpCommand: Command {
    let name = "help"
    let summary = "show the help of gesturectl or of one command"
    let discussion = """
        Prints the list of commands, or with COMMAND that command's usage and options. With --man, prints \
        the manual page of gesturectl and every command, in roff (man -l - reads it; make install \
        installs it).
        """
    let options = OptionTable([Option("man", help: "print the manual page (roff) instead")])
    let operands = Operands.optional("COMMAND")

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(UsageError) -> ExitStatus {
        if arguments.isSet("man") {
            guard arguments.operands.isEmpty else { throw UsageError("'--man' prints the whole manual: give no COMMAND") }
            return context.environment.writeResult(ManualPage.roff(commands: context.commands))
        }
        guard let word = arguments.operands.first else {
            return context.environment.writeResult(CommandLineTool.helpText)
        }
        guard let command = context.commands.first(where: { $0.name == word }) else {
            throw CommandLineTool.unknownCommand(word)
        }
        return context.environment.writeResult(command.helpText)
    }
}
