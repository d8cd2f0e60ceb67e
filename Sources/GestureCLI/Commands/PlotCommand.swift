import GestureKit
import GestureTrace

/// `gesturectl plot`: an SVG picture of a trace and of what the recognizers made of it.
///
/// The trace is analyzed as `analyze` would (same scene rules), then drawn by ``SVGPlot``: the
/// scene's views with each finger's path in its own colour, and a timeline with one lane per
/// recognizer. Nothing is written for a trace that does not parse.
struct PlotCommand: Command {
    let name = "plot"
    let summary = "draw a trace and its recognizers' states over time as an SVG picture"
    let discussion = """
        Analyzes TRACE (a .json, .jsonl or .csv file, or - for standard input) with its scene (--scene, \
        the trace's scene key, a scene.json beside it, or the default scene) and writes an SVG 1.1 \
        picture to standard output or to -o OUT.svg: the scene's views as outlined rectangles with \
        their names, each finger's path in its own colour from a circle where it touched down to a \
        square where it lifted (a cross when it was cancelled or still down at the end), and below \
        it a timeline to the last record (a scroll view's deceleration included): a lane of touches, \
        then one lane per recognizer (a scroll view's own pan and pinch included) with a bar from began \
        to ended (orange when cancelled), a diamond where a discrete gesture was recognized and a cross \
        where a recognizer failed, numbered: the Why list under the timeline gives each number's reason; \
        then one lane per control with its tracking and control events; \
        under the touches their speed, and under each continuous recognizer charts of its translation, \
        velocity, scale or rotation over time. The subtitle names the scene used. Hover over any mark \
        in a browser for its time and figures.

        exit status: 0 success, 2 usage error, 65 the trace or scene is invalid, 66 a file cannot be \
        opened, 74 the output cannot be written.
        """
    let options = OptionTable([
        Option("scene", .argument(placeholder: "FILE"), help: "use this scene file"),
        Option("output", short: "o", .argument(placeholder: "OUT.svg"), help: "write to this file instead of standard output"),
    ])
    let operands = Operands(synopsis: "TRACE", name: "TRACE", minimum: 1, maximum: 1)

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(UsageError) -> ExitStatus {
        let environment = context.environment
        let path = arguments.operands.first ?? "-"
        if path == "-", arguments.value("scene") == "-" {
            throw UsageError("standard input cannot be both the scene ('--scene -') and the trace ('-')")
        }
        let settings = try AnalyzeSettings(arguments, terminal: false)
        let run: RecordedRun
        do throws(TraceAnalysisError) {
            let resolver: SceneResolver
            do throws(TraceError) {
                resolver = try SceneResolver(sceneFile: settings.sceneFile)
            } catch {
                throw .unreadable(error)
            }
            run = try RecordedRun.record(path: path, settings: settings, resolver: resolver)
        } catch {
            for message in error.messages { environment.printError(message) }
            return error.status
        }
        for warning in run.warnings { environment.printError(warning.description) }
        let svg = SVGPlot(PlotInput(run)).render()
        guard let output = arguments.value("output"), output != "-" else { return environment.writeResult(svg) }
        return OutputFile.write(svg, to: output, environment: environment)
    }
}
