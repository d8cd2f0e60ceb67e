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

    /// `error` about the format when the first bytes of the file at `path` show it is something else
    /// than it was read as (`FormatHint`); standard input is not read again.
    static func explained(_ error: TraceError, path: String, readAs expected: FormatHint.Expected) -> TraceError {
        guard case .invalid = error, path != "-", let bytes = try? InputFile.read(path: path, limit: FormatHint.prefixLength)
        else { return error }
        return FormatHint.explain(error, prefix: Array(bytes.prefix(FormatHint.prefixLength)), readAs: expected, path: path)
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

extension Option {
    /// `--time-scale X`, of `analyze` and `validate`: the trace's `t` in other units than seconds.
    static let timeScale = Option(
        "time-scale", .argument(placeholder: "X"),
        help: "seconds per unit of the traces' t: 0.001 for a trace in milliseconds (trace-format.md, Units)")
    /// `--scale S`, of `analyze` and `validate`: the trace's coordinates in pixels.
    static let scale = Option(
        "scale", .argument(placeholder: "S"),
        help: "units of the traces' x and y per point: 3 for the pixels of a 3x screen (trace-format.md, Units)")
}

extension ParsedArguments {
    /// The encoding `--input-format` names, or nil to go by each trace's extension and content.
    var inputFormat: TraceEncoding? { value("input-format").flatMap(TraceEncoding.init(rawValue:)) }

    /// `--time-scale` and `--scale`, or nil when neither is given.
    ///
    /// - Throws: ``UsageError`` for a value that is not a number from 1e-9 to 1e9.
    func scaling() throws(UsageError) -> SampleScaling? {
        func factor(_ name: String, example: String) throws(UsageError) -> Double {
            guard let text = value(name) else { return 1 }
            guard let number = Double(text), number.isFinite, number >= 1e-9, number <= 1e9 else {
                throw UsageError("invalid value '\(text)' for '--\(name)': expected a number from 0.000000001 to 1000000000, such as \(example)")
            }
            return number
        }
        let scaling = SampleScaling(timeScale: try factor("time-scale", example: "0.001"), pointScale: try factor("scale", example: "3"))
        return scaling.isIdentity ? nil : scaling
    }
}

extension CommandEnvironment {
    /// Reports a trace error on standard error; its exit status (66 for a file that cannot be
    /// opened, 65 otherwise).
    func report(_ error: TraceError) -> ExitStatus {
        printError(error.description)
        return TraceInputs.status(of: error)
    }
}
