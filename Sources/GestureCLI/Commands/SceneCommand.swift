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

        With --from FILE, writes the scene of a UI test's view of the screen: an Appium XCUITest \
        page source (XML) or XCUITest's element tree (the debugDescription of the application \
        element). Views are named by accessibility identifier; scroll views, tables and collection \
        views become scroll views; buttons, switches, sliders, steppers, segmented and page controls \
        become controls with their values; hidden and disabled elements stay so. --overlay FILE adds \
        the team's recognizers, delegates and settings, naming views by identifier (docs/scene-format.md, \
        "Scenes from UI tests").

        exit status: 0 success, 2 usage error, 65 the scene is invalid, 66 the file cannot be \
        opened, 74 output cannot be written.
        """
    let options = OptionTable([
        Option("default", help: "print the default scene (390x844 screen)"),
        Option("check", .argument(placeholder: "FILE"), help: "check a scene file"),
        Option("screen", .argument(placeholder: "NAME"), help: "print the screen registered as NAME as a scene file"),
        Option(
            "from", .argument(placeholder: "FILE"),
            help: "write the scene of an Appium XCUITest page source or an XCUITest element tree"),
        Option("overlay", .argument(placeholder: "FILE"), help: "with --from: add the recognizers and settings of this overlay file"),
    ])
    let operands = Operands.none

    /// The usage error for more than one of the actions.
    private static let oneAction = "give one of '--default', '--check', '--screen' and '--from'"

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(UsageError) -> ExitStatus {
        let environment = context.environment
        if let screen = arguments.value("screen") {
            guard !arguments.isSet("default"), arguments.value("check") == nil, arguments.value("from") == nil else {
                throw UsageError(Self.oneAction)
            }
            return try printScreen(screen, environment)
        }
        if let source = arguments.value("from") {
            if arguments.isSet("default") || arguments.isSet("check") { throw UsageError(Self.oneAction) }
            return Self.fromUITree(source, overlay: arguments.value("overlay"), environment)
        }
        if arguments.isSet("overlay") { throw UsageError("'--overlay' applies only with '--from'") }
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
            throw UsageError(Self.oneAction)
        case (false, nil):
            throw UsageError("say what to do: '--default', '--check FILE', '--screen NAME' or '--from FILE'")
        }
    }

    /// `--from FILE [--overlay OVERLAY]`: the scene of a UI tree, checked as any scene is, on
    /// standard output.
    private static func fromUITree(_ path: String, overlay: String?, _ environment: CommandEnvironment) -> ExitStatus {
        let name = TraceInputs.displayName(path)
        do throws(TraceError) {
            let root = try UITreeReader.read(try InputFile.read(path: path), file: name)
            var document = UITreeScene.document(root, source: name)
            if let overlay {
                let overlayName = TraceInputs.displayName(overlay)
                document = try SceneOverlay.apply(try parseJSON(bytes: try InputFile.read(path: overlay), file: overlayName), file: overlayName, to: document)
            }
            let text = SceneDocumentWriter.text(of: document)
            // Read back as any scene file is: the overlay's recognizers and delegates are checked too.
            let scene = try SceneDecoder(file: "<scene from \(name)>").decode(try parseJSON(bytes: Array(text.utf8), file: "<scene from \(name)>"))
            do throws(SceneError) {
                _ = try Engine(scene: scene)
            } catch {
                environment.printError("\(name): error: the scene made from it is invalid: \(error.message)")
                return .dataError
            }
            return environment.writeResult(text)
        } catch {
            return environment.report(error)
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
