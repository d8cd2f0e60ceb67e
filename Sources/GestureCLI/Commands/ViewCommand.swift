import GestureKit
import GestureTrace

/// `gesturectl view`: an interactive replay of a trace as one self-contained HTML page.
///
/// The trace is analyzed as `analyze` analyzes it (the same scene rules, `--only`, `--deliveries`;
/// ``RecordedRun``) and written as a ``ReplayPage``. Nothing is written for a trace that does not
/// parse; the page is written in one step (``OutputFile``).
struct ViewCommand: Command {
    let name = "view"
    let summary = "write an interactive replay of a trace as one self-contained HTML page"
    let discussion = """
        Analyzes TRACE (a .json, .jsonl or .csv file, or - for standard input) with its scene (--scene, \
        the trace's scene key, a scene.json beside it, or the default scene) and writes one HTML page to \
        standard output or to -o OUT.html: the screen at scale with the scene's views (controls with their \
        kind and value, scroll views' content moving with their offset and zoom), every finger as a dot \
        with its id and a fading trail, the views they hit highlighted; a timeline with a lane per \
        recognizer (scroll views' own included) coloured by state, a lane per control and scroll view \
        with their events, and with --deliveries a lane per responder; at the playhead each recognizer's \
        state, figures and failure reason with the trace line it came from. Play at 1x, 0.25x or 0.1x, \
        step with the arrow keys (left and right: samples; up and down: transitions), drag the playhead, \
        click a mark or a reason to jump to it; OUT.html#t=0.25 opens at that time. The page loads \
        nothing (no network, no other file) and the same trace gives the same bytes (docs/viewing.md).

        exit status: 0 success, 2 usage error, 65 the trace or scene is invalid, 66 a file cannot be \
        opened, 74 the output cannot be written.
        """
    let options = OptionTable([
        Option("scene", .argument(placeholder: "FILE"), help: "use this scene file"),
        Option("only", .argument(placeholder: "NAMES"), help: "show only these recognizers (comma-separated)"),
        Option("deliveries", help: "also show what UIKit delivers to each responder"),
        Option("output", short: "o", .argument(placeholder: "OUT.html"), help: "write to this file instead of standard output"),
        .inputFormat,
    ])
    let operands = Operands(synopsis: "TRACE", name: "TRACE", minimum: 1, maximum: 1)

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(UsageError) -> ExitStatus {
        let environment = context.environment
        let settings = try AnalyzeSettings(arguments, terminal: false)
        let path = settings.traces.first ?? "-"
        let resolver: SceneResolver
        do throws(TraceError) {
            resolver = try SceneResolver(sceneFile: settings.sceneFile)
        } catch {
            return environment.report(error)
        }
        let run: RecordedRun
        do throws(TraceAnalysisError) {
            run = try RecordedRun.record(path: path, settings: settings, resolver: resolver)
        } catch {
            if case .unknownOnlyNames(let path, let scene, let names) = error {
                for only in names { environment.printError(TraceAnalysisError.unknownOnlyName(only, path: path, scene: scene, command: name)) }
                return .usage
            }
            for message in error.messages { environment.printError(message) }
            return error.status
        }
        // As analyze: a trace without samples is usually a failed recording, not a replay.
        if run.samples.isEmpty {
            environment.printError(Diagnostic(
                file: run.displayName, position: SourcePosition(line: 1, column: 1), severity: .error, message: TraceAnalysis.emptyMessage
            ).description)
            return .dataError
        }
        for warning in run.warnings { environment.printError(warning.description) }
        var data = ReplayData(run: run, deliveries: settings.deliveries)
        data.onlyNames = settings.only
        let page = ReplayPage.html(data)
        guard let output = arguments.value("output"), output != "-" else { return environment.writeResult(page) }
        return OutputFile.write(page, to: output, environment: environment)
    }
}
