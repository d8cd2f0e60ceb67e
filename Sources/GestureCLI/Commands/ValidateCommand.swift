import GestureKit
import GestureTrace

/// `gesturectl validate`: checks traces (and the scenes they name) without analyzing them.
///
/// Prints `PATH: ok, N samples, D s` on standard output for each valid trace and every problem on
/// standard error as `FILE:LINE:COLUMN: error: MESSAGE`; exits 1 when a trace has a problem.
struct ValidateCommand: Command {
    let name = "validate"
    let summary = "check traces and the scenes they name against the formats"
    let discussion = """
        Reads each TRACE completely, checking it and the scene it uses (--scene, its scene key, a \
        scene.json beside it, or the default scene) without running the engine. Prints PATH: ok, N \
        samples, D s, SCENE on standard output for each valid trace (D: time from the first sample to \
        the last; SCENE: which scene applies and where it came from) and every problem on standard \
        error as FILE:LINE:COLUMN: error: MESSAGE. Warnings (a touch still down at the end) do not \
        make a trace invalid unless --strict is given.

        exit status: 0 no problem, 2 usage error, 65 a trace or scene is invalid (as analyze exits for \
        it; also a warning under --strict), 66 a file cannot be opened, 74 output cannot be written; \
        with several traces, the worst seen.
        """
    let options = OptionTable([
        Option("scene", .argument(placeholder: "FILE"), help: "check every trace with this scene file"),
        Option("strict", help: "treat warnings as problems"),
        .inputFormat,
        .timeScale,
        .scale,
    ])
    let operands = Operands.oneOrMore("TRACE")

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(UsageError) -> ExitStatus {
        let environment = context.environment
        let paths = try TraceInputs.paths(arguments.operands)
        let sceneFile = arguments.value("scene")
        if sceneFile == "-", paths.contains("-") {
            throw UsageError("standard input cannot be both the scene ('--scene -') and a trace ('-')")
        }
        let strict = arguments.isSet("strict")
        let encoding = arguments.inputFormat
        let scaling = try arguments.scaling()
        let resolver: SceneResolver
        do throws(TraceError) {
            resolver = try SceneResolver(sceneFile: sceneFile)
        } catch {
            environment.printError(error.description)
            if case .cannotOpen = error { return .cannotOpen }
            return .dataError
        }
        var status = ExitStatus.success
        for path in paths {
            let (verdict, line) = validate(path, strict: strict, encoding: encoding, scaling: scaling, resolver: resolver, environment)
            status = status.worse(verdict)
            guard let line else { continue }
            do throws(OutputError) {
                try environment.standardOutput.write(line)
            } catch {
                return status.worse(environment.report(error))
            }
        }
        do throws(OutputError) {
            try environment.standardOutput.flush()
        } catch {
            return status.worse(environment.report(error))
        }
        return status
    }

    /// The status of one trace and, when it is valid, its `ok` line.
    private func validate(
        _ path: String, strict: Bool, encoding: TraceEncoding?, scaling: SampleScaling?, resolver: SceneResolver,
        _ environment: CommandEnvironment
    ) -> (ExitStatus, String?) {
        do throws(TraceError) {
            let reader = try TraceReader(path: path, encoding: encoding)
            reader.scaling = scaling
            let header = try reader.header()
            let (scene, origin) = try resolver.resolve(header, tracePath: path)
            do throws(SceneError) {
                _ = try Engine(scene: scene, screen: header.screen ?? .defaultScreen)
            } catch {
                environment.printError("\(TraceInputs.displayName(path)): error: invalid scene: \(error.message)")
                return (.dataError, nil)
            }
            let (count, first) = try reader.readToEnd()
            let last = reader.lastT ?? 0
            var warnings = reader.warnings + reader.unitWarnings
            if count == 0 {
                warnings.insert(
                    Diagnostic(
                        file: TraceInputs.displayName(path), position: SourcePosition(line: 1, column: 1), severity: .warning,
                        message: TraceAnalysis.emptyMessage),
                    at: 0)
            }
            if strict, !warnings.isEmpty {
                for error in TraceInputs.asErrors(warnings) { environment.printError(error.description) }
                return (.dataError, nil)
            }
            for warning in warnings { environment.printError(warning.description) }
            let duration = DecimalFormatting.string(last - (first ?? last), fractionDigits: 3)
            let samples = count == 1 ? "1 sample" : "\(count) samples"
            return (.success, "\(TraceInputs.displayName(path)): ok, \(samples), \(duration) s, \(origin.description)\n")
        } catch {
            let expected = encoding ?? TraceEncoding(pathExtensionOf: path) ?? .jsonl
            environment.printError(TraceInputs.explained(error, path: path, readAs: .trace(expected)).description)
            if case .cannotOpen = error { return (.cannotOpen, nil) }
            return (.dataError, nil)
        }
    }
}
