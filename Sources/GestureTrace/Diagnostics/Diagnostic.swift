/// A position in a source file: a 1-based line and a 1-based column.
///
/// The column counts characters (Unicode scalars, so the starts of UTF-8 sequences), not bytes;
/// a tab counts as one character.
public struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column in characters, from 1.
    public var column: Int

    /// Creates a position.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Orders positions as they occur in a file.
    public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    /// `LINE:COLUMN`.
    public var description: String { "\(line):\(column)" }
}

/// A problem found in an input file, with the place it was found.
///
/// Its `description` is the line printed for people: `FILE:LINE:COLUMN: error: MESSAGE`.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    /// How bad a problem is.
    public enum Severity: String, Sendable {
        /// The input is invalid.
        case error
        /// The input is valid but probably not what was meant (`--strict` makes it an error).
        case warning
    }

    /// The path as the user gave it; standard input shows as `<stdin>`.
    public var file: String
    /// Where the problem is.
    public var position: SourcePosition
    /// Whether it is an error or a warning.
    public var severity: Severity
    /// What is wrong, naming what was expected and found (no trailing period).
    public var message: String
    /// The problems found after this one in the same file, in order (a scene with several mistakes
    /// reports them all in one run); empty for most.
    public var further: [Diagnostic] = []

    /// Creates a diagnostic.
    public init(file: String, position: SourcePosition, severity: Severity, message: String) {
        self.file = file
        self.position = position
        self.severity = severity
        self.message = message
    }

    /// `FILE:LINE:COLUMN: error: MESSAGE` (or `warning:`), and one such line for each of ``further``.
    public var description: String {
        ([self] + further).map { "\($0.file):\($0.position.line):\($0.position.column): \($0.severity.rawValue): \($0.message)" }
            .joined(separator: "\n")
    }
}

/// Why a trace (or a JSON file) could not be read.
public enum TraceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file cannot be opened or read (exit status 66); `reason` is the system's, e.g. "No such file or directory".
    case cannotOpen(path: String, reason: String)
    /// The input does not parse or validate (exit status 65).
    case invalid(Diagnostic)

    /// The exit status the command line uses for this error: 66 or 65.
    public var exitStatus: Int32 {
        switch self {
        case .cannotOpen: return 66
        case .invalid: return 65
        }
    }

    /// The message for standard error, e.g. `gesturectl: cannot open 'x.json': No such file or directory`
    /// or `x.json:5:34: error: ...`.
    public var description: String {
        switch self {
        case let .cannotOpen(path, reason): return "gesturectl: cannot open '\(path)': \(reason)"
        case let .invalid(diagnostic): return diagnostic.description
        }
    }

    /// The diagnostic of an `.invalid` error, nil for `.cannotOpen`.
    public var diagnostic: Diagnostic? {
        if case let .invalid(diagnostic) = self { return diagnostic }
        return nil
    }
}
