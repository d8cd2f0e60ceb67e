import GestureTrace

/// Checks shared by the commands that read traces.
enum TraceInputs {
    /// The trace operands, once checked that standard input (`-`) is named at most once.
    static func paths(_ operands: [String]) throws(UsageError) -> [String] {
        if operands.filter({ $0 == "-" }).count > 1 {
            throw UsageError("standard input ('-') can be read only once")
        }
        return operands
    }

    /// The name of a trace in messages: the path as given, `<stdin>` for `-` (as diagnostics say).
    static func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : path }

    /// The exit status of a trace error: 66 for a file that cannot be opened, 65 otherwise.
    static func status(of error: TraceError) -> ExitStatus {
        switch error {
        case .cannotOpen: return .cannotOpen
        case .invalid: return .dataError
        }
    }

    /// The trace's warnings as `--strict` reports them: as errors that say the trace was rejected,
    /// not repaired (`touch 1 is still down at the end of the trace; --strict rejects the trace
    /// (without it, the touch would be cancelled at t=0.5)`).
    static func asErrors(_ warnings: [Diagnostic]) -> [Diagnostic] {
        warnings.map { warning in
            var error = warning
            error.severity = .error
            if let range = error.message.range(of: "; it is cancelled at ") {
                error.message.replaceSubrange(range, with: "; --strict rejects the trace (without it, the touch would be cancelled at ")
                error.message += ")"
            } else {
                error.message += " (--strict rejects the trace)"
            }
            return error
        }
    }
}

extension Option {
    /// `--input-format json|jsonl|csv`, of every command that reads traces.
    static let inputFormat = Option(
        "input-format", .choice(TraceEncoding.allCases.map(\.rawValue)),
        help: "read traces in this encoding whatever their extension")
}

extension ParsedArguments {
    /// The encoding `--input-format` names, or nil to go by each trace's extension and content.
    var inputFormat: TraceEncoding? { value("input-format").flatMap(TraceEncoding.init(rawValue:)) }
}

extension CommandEnvironment {
    /// Reports a trace error on standard error; its exit status (66 for a file that cannot be
    /// opened, 65 otherwise).
    func report(_ error: TraceError) -> ExitStatus {
        printError(error.description)
        return TraceInputs.status(of: error)
    }
}
