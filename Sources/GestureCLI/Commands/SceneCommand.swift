import GestureKit
import GestureTrace

/// `gesturectl scene`: prints the default scene, or checks a scene file.
struct SceneCommand: Command {
    let name = "scene"
    let summary = "print the default scene; check a scene file"
    let discussion = """
        With --default, prints the scene used for traces that name none, as a scene file to copy \
        and edit. With --check FILE, reads FILE as a scene, prints FILE: ok on standard output when \
        it is valid (FILE - reads standard input) and otherwise the problem on standard error as FILE:LINE:COLUMN: error: MESSAGE.

        exit status: 0 success, 2 usage error, 65 the scene is invalid, 66 the file cannot be \
        opened, 74 output cannot be written.
        """
    let options = OptionTable([
        Option("default", help: "print the default scene (390x844 screen)"),
        Option("check", .argument(placeholder: "FILE"), help: "check a scene file"),
    ])
    let operands = Operands.none

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(UsageError) -> ExitStatus {
        let environment = context.environment
        switch (arguments.isSet("default"), arguments.value("check")) {
        case (true, nil):
            return environment.writeResult(SceneFileWriter.text(of: .defaultScene()))
        case (false, let path?):
            let name = path == "-" ? "<stdin>" : path
            do throws(TraceError) {
                let scene = try SceneLoader.load(path: path)
                do throws(SceneError) {
                    _ = try Engine(scene: scene)
                } catch {
                    environment.printError("\(name): error: invalid scene: \(error.message)")
                    return .dataError
                }
                return environment.writeResult("\(name): ok\n")
            } catch {
                return environment.report(error)
            }
        case (true, _?):
            throw UsageError("give either '--default' or '--check', not both")
        case (false, nil):
            throw UsageError("say what to do: '--default' or '--check FILE'")
        }
    }
}
