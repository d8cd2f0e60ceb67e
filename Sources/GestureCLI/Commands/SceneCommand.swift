import GestureKit
import GestureTrace

/// `gesturectl scene`: prints the default scene or a registered screen, or checks a scene file.
struct SceneCommand: Command {
    let name = "scene"
    let summary = "print the default scene or a registered screen; check a scene file"
    let discussion = """
        With --default, prints the scene used for traces that name none, as a scene file to copy \
        and edit. With --check FILE, reads FILE as a scene, prints FILE: ok on standard output when \
        it is valid (FILE - reads standard input) and otherwise the problem on standard error as FILE:LINE:COLUMN: error: MESSAGE. \
        With --screen NAME, in a team's gesturectl, builds the screen registered as NAME in UIKit code \
        and prints it as a scene file (views of the app's own classes with "class", its recognizers' \
        classes as kinds, delegates by name: register those names to read the file back).

        exit status: 0 success, 2 usage error, 65 the scene is invalid, 66 the file cannot be \
        opened, 74 output cannot be written.
        """
    let options = OptionTable([
        Option("default", help: "print the default scene (390x844 screen)"),
        Option("check", .argument(placeholder: "FILE"), help: "check a scene file"),
        Option("screen", .argument(placeholder: "NAME"), help: "print the screen registered as NAME as a scene file"),
    ])
    let operands = Operands.none

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(UsageError) -> ExitStatus {
        let environment = context.environment
        if let screen = arguments.value("screen") {
            guard !arguments.isSet("default"), arguments.value("check") == nil else {
                throw UsageError("give one of '--default', '--check' and '--screen'")
            }
            return try printScreen(screen, environment)
        }
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
            throw UsageError("give one of '--default', '--check' and '--screen'")
        case (false, nil):
            throw UsageError("say what to do: '--default', '--check FILE' or '--screen NAME'")
        }
    }

    /// Prints the registered screen `name` as a scene file.
    private func printScreen(_ name: String, _ environment: CommandEnvironment) throws(UsageError) -> ExitStatus {
        let registry = RecognizerRegistry.current
        guard let factory = registry.screens[name] else {
            let known = registry.screens.keys.sorted()
            throw UsageError(
                "no screen '\(name)' is registered"
                    + (known.isEmpty
                        ? " (screens are registered in a team's gesturectl: docs/your-recognizers.md)"
                        : Suggestions.parenthesis(name, among: known, note: "registered: \(known.joined(separator: ", "))")))
        }
        let scene = SceneDescription(describing: RegisteredScreen(name: name, factory: factory).make(), registry: registry)
        return environment.writeResult(SceneFileWriter.text(of: scene))
    }
}
