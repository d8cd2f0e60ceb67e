import Foundation
import GestureKit

/// Runs `gesturectl` with `arguments` and a team's registered kinds and delegates: every command
/// (analyze, check, plot, validate, scene) decodes scene files with `registry`.
///
/// - Parameter name: what the tool calls itself in usage lines and messages (`team-gesturectl`:
///   `usage: team-gesturectl analyze …`).
/// - Returns: the exit status, as ``run(_:in:)``.
public func run(
    _ arguments: [String], in environment: CommandEnvironment, registry: RecognizerRegistry, name: String = "gesturectl"
) -> Int32 {
    ToolName.$current.withValue(name) {
        RecognizerRegistry.$current.withValue(registry) { run(arguments, in: environment) }
    }
}

/// The whole `main.swift` of a team's own `gesturectl`: runs the process's arguments with `registry`
/// and exits with the status. The tool calls itself by its executable's name in usage lines and
/// messages.
///
/// ```swift
/// import GestureCLI
/// import GestureUIKit
///
/// var registry = RecognizerRegistry()
/// registry.register(kind: "verticalPan", settings: ["direction"]) { settings in VerticalPan() }
/// gesturectlMain(registry: registry)
/// ```
public func gesturectlMain(registry: RecognizerRegistry) -> Never {
    let status = run(
        Array(CommandLine.arguments.dropFirst()), in: .process(variables: ProcessInfo.processInfo.environment),
        registry: registry, name: ToolName.executable(CommandLine.arguments.first ?? ""))
    exit(status)
}

/// The records of one trace as `gesturectl analyze` prints them in its text format (without colour),
/// for test failure messages.
public func timelineText(of records: [AnalysisRecord], trace: String) -> String {
    let deliveries = records.contains { if case .delivery = $0 { return true } else { return false } }
    let renderer = TextTraceRenderer(path: trace, options: RenderOptions(deliveries: deliveries))
    let sink = ByteSink.memory()
    do throws(OutputError) {
        try renderer.begin(sink)
        for record in records { try renderer.add(record, to: sink) }
        try renderer.end(sink)
    } catch {
        return "(the timeline could not be rendered: \(error))"
    }
    return String(decoding: sink.buffer.bytes, as: UTF8.self)
}
