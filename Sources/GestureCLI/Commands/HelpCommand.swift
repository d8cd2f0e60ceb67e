/// `gesturectl help [COMMAND]`: the top-level help, or one command's help, on standard output.
struct HelpCommand: Command {
    let name = "help"
    let summary = "show the help of gesturectl or of one command"
    let discussion = "Prints the list of commands, or with COMMAND that command's usage and options."
    let options = OptionTable([])
    let operands = Operands.optional("COMMAND")

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(UsageError) -> ExitStatus {
        guard let word = arguments.operands.first else {
            return context.environment.writeResult(CommandLineTool.helpText)
        }
        guard let command = context.commands.first(where: { $0.name == word }) else {
            throw CommandLineTool.unknownCommand(word)
        }
        return context.environment.writeResult(command.helpText)
    }
}
