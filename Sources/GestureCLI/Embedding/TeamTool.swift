import Foundation
import GestureKit

/// Runs `gesturectl` with `arguments` and a team's registered kinds and delegates: every command
/// (analyze, check, plot, validate, scene) decodes scene files with `registry`.
///
/// - Returns: the exit status, as ``run(_:in:)``.
public func run(_ arguments: [String], in environment: CommandEnvironment, registry: RecognizerRegistry) -> Int32 {
    RecognizerRegistry.$current.withValue(registry) { run(arguments, in: environment) }
}

/// The whole `main.swift` of a team's own `gesturectl`: runs the process's arguments with `registry`
/// and exits with the status.
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
        registry: registry)
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
