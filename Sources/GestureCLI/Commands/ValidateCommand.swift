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
        Reads each TRACE completely, checking it and the scene it uses (its scene key or a scene.json \
        beside it) without running the engine. Prints PATH: ok, N samples, D s on standard output for \
        each valid trace (D: time from the first sample to the last) and every problem on standard \
        error as FILE:LINE:COLUMN: error: MESSAGE. Warnings (a touch still down at the end) do not \
        make a trace invalid unless --strict is given.

        exit status: 0 no problem, 1 problems found, 2 usage error, 66 a file cannot be opened, \
        74 output cannot be written; with several traces, the worst seen.
        """
    let options = OptionTable([
        Option("strict", help: "treat warnings as problems"),
        .inputFormat,
    ])
    let operands = Operands.oneOrMore("TRACE")

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(UsageError) -> ExitStatus {
        let environment = context.environment
        let paths = try TraceInputs.paths(arguments.operands)
        let strict = arguments.isSet("strict")
        let encoding = arguments.value("input-format").flatMap(TraceEncoding.init(rawValue:))
        let resolver: SceneResolver
        do throws(TraceError) {
            resolver = try SceneResolver(sceneFile: nil)
        } catch {
            environment.printError(error.description)
            return TraceInputs.status(of: error)
        }
        var status = ExitStatus.success
        for path in paths {
            let (verdict, line) = validate(path, strict: strict, encoding: encoding, resolver: resolver, environment)
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
        _ path: String, strict: Bool, encoding: TraceEncoding?, resolver: SceneResolver, _ environment: CommandEnvironment
    ) -> (ExitStatus, String?) {
        do throws(TraceError) {
            let reader = try TraceReader(path: path, encoding: encoding)
            let header = try reader.header()
            let scene = try resolver.scene(for: header, tracePath: path)
            do throws(SceneError) {
                _ = try Engine(scene: scene, screen: header.screen ?? .defaultScreen)
            } catch {
                environment.printError("\(TraceInputs.displayName(path)): error: invalid scene: \(error.message)")
                return (.problemsFound, nil)
            }
            let (count, first) = try reader.readToEnd()
            let last = reader.lastT ?? 0
            let warnings = reader.warnings
            if strict, !warnings.isEmpty {
                for error in TraceInputs.asErrors(warnings) { environment.printError(error.description) }
                return (.problemsFound, nil)
            }
            for warning in warnings { environment.printError(warning.description) }
            let duration = DecimalFormatting.string(last - (first ?? last))
            let samples = count == 1 ? "1 sample" : "\(count) samples"
            return (.success, "\(TraceInputs.displayName(path)): ok, \(samples), \(duration) s\n")
        } catch {
            environment.printError(error.description)
            if case .cannotOpen = error { return (.cannotOpen, nil) }
            return (.problemsFound, nil)
        }
    }
}
