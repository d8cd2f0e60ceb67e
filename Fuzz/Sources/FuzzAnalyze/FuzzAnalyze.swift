import Foundation
import FuzzSupport
import GestureKit
import GestureTrace

#if canImport(Glibc)
import Glibc
#endif

// The command line in process on any trace: `analyze` (each output format, with and without deliveries)
// and `validate` either succeed with well-formed output or fail with status 65 and NOTHING on standard
// output. This module compiles GestureCLI's sources itself (GestureCLI is a symbolic link to
// ../../../Sources/GestureCLI), since the main package does not export GestureCLI as a product.

/// A directory of this process's own, holding the one trace file (no scene.json beside it); removed at exit.
let fuzzDirectory: String = {
    var template = Array("/tmp/gesturectl-fuzz-XXXXXX".utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return "/tmp" }
    atexit { removeFuzzDirectory() }
    return String(cString: made)
}()

private func removeFuzzDirectory() {
    guard fuzzDirectory != "/tmp" else { return }
    try? FileManager.default.removeItem(atPath: fuzzDirectory)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    // The extension, the output format and the options come from the size, so that an input always
    // runs the same way.
    let extensions = ["json", "jsonl", "csv", "trace"]
    let path = fuzzDirectory + "/t." + extensions[size % 4]
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return 0 }
    let format = ["jsonl", "json", "csv", "text"][(size / 4) % 4]
    var arguments = ["analyze", "--format", format]
    if format != "csv", (size / 16) % 2 == 0 { arguments.append("--deliveries") }
    arguments.append(path)

    let output = MemoryOutput()
    let errors = MemoryOutput()
    let environment = CommandEnvironment(
        variables: [:], standardOutput: output, standardError: errors, standardOutputIsTerminal: false,
        standardErrorIsTerminal: false)
    let status = run(arguments, in: environment)
    // 66 only for a scene file the trace names that cannot be opened (a directory, say).
    check(status == 0 || status == 65 || (status == 66 && errors.text.contains("cannot open")), "analyze exited \(status): \(errors.text)")
    if status != 0 {
        check(output.text.isEmpty, "analyze printed results for a trace it rejected: \(errors.text)")
        check(errors.text.contains(": error: "), "analyze rejected a trace without an error: \(errors.text)")
    } else {
        check(!errors.text.contains(": error: "), "analyze succeeded with an error: \(errors.text)")
        switch format {
        case "jsonl":
            var transitions = 0
            for line in output.text.split(separator: "\n") {
                let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                check(object != nil, "analyze printed a line that is not a JSON object: \(line)")
                if object?["state"] != nil { transitions += 1 }
            }
            // The JSON document holds the same transitions, grouped by gesture.
            let json = MemoryOutput()
            let status = run(
                ["analyze", "--format", "json", path],
                in: CommandEnvironment(
                    variables: [:], standardOutput: json, standardError: MemoryOutput(), standardOutputIsTerminal: false,
                    standardErrorIsTerminal: false))
            check(status == 0, "analyze --format json exited \(status) where jsonl succeeded")
            if !json.text.isEmpty {
                let document = try? JSONSerialization.jsonObject(with: Data(json.text.utf8)) as? [String: Any]
                let traces = document?["traces"] as? [[String: Any]] ?? []
                let gestures = traces.flatMap { $0["gestures"] as? [[String: Any]] ?? [] }
                let count = gestures.reduce(0) { $0 + (($1["transitions"] as? [Any])?.count ?? 0) }
                check(count == transitions, "jsonl has \(transitions) transitions, json \(count)")
            }
        case "json":
            check(
                (try? JSONSerialization.jsonObject(with: Data(output.text.utf8), options: [.fragmentsAllowed])) != nil
                    || output.text.isEmpty,
                "analyze printed a document that is not JSON: \(output.text.prefix(4000))")
        case "csv":
            // Every row has the header's number of fields (quoted fields may hold commas and line breaks).
            let rows = csvRows(output.text)
            if let header = rows.first {
                for row in rows.dropFirst() {
                    check(row.count == header.count, "a CSV row of \(row.count) fields under a header of \(header.count): \(row)")
                }
            }
        default:
            break
        }
    }

    let validateOutput = MemoryOutput()
    let validateErrors = MemoryOutput()
    let validateStatus = run(
        ["validate", path],
        in: CommandEnvironment(
            variables: [:], standardOutput: validateOutput, standardError: validateErrors, standardOutputIsTerminal: false,
            standardErrorIsTerminal: false))
    check(validateStatus == 0 || validateStatus == 1 || validateStatus == 66, "validate exited \(validateStatus): \(validateErrors.text)")
    check(validateStatus == 0 || validateOutput.text.isEmpty, "validate printed ok for a trace it rejected")
    check(status != 0 || validateStatus == 0, "analyze accepted what validate rejects: \(validateErrors.text)")
    return 0
}

/// The rows of CSV text, each a list of fields, following RFC 4180 quoting.
func csvRows(_ text: String) -> [[String]] {
    var rows: [[String]] = []
    var row: [String] = []
    var field = ""
    var quoted = false
    var iterator = text.makeIterator()
    while let c = iterator.next() {
        if quoted {
            if c == "\"" {
                quoted = false
            } else {
                field.append(c)
            }
        } else if c == "\"" {
            quoted = true
        } else if c == "," {
            row.append(field)
            field = ""
        } else if c == "\n" || c == "\r\n" {
            row.append(field)
            rows.append(row)
            row = []
            field = ""
        } else {
            field.append(c)
        }
    }
    if !field.isEmpty || !row.isEmpty {
        row.append(field)
        rows.append(row)
    }
    return rows
}

@_cdecl("FuzzAnalyze_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, testOneInput)
}
