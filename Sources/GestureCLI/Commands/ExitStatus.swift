/// The exit statuses of `gesturectl`, one name per meaning (docs/cli.md, "Exit status").
///
/// When several inputs are processed, the command exits with the worst status seen, which is the
/// largest code: see ``worse(_:)``.
enum ExitStatus: Int32, Sendable, CaseIterable, Comparable {
    /// Everything went well; `validate`: no problem.
    case success = 0
    /// `validate`: problems were found.
    case problemsFound = 1
    /// Unknown command or option, bad option value (`EX_USAGE` is 64; like `git`, we use 2).
    case usage = 2
    /// A trace or scene does not parse or validate (`EX_DATAERR`).
    case dataError = 65
    /// An input file cannot be opened (`EX_NOINPUT`).
    case cannotOpen = 66
    /// An output cannot be written (`EX_IOERR`).
    case cannotWrite = 74
    /// `check --update` refused to rewrite golden files because `CI` is set (`EX_NOPERM`): not a
    /// usage error, so that a CI step can tell "someone left --update in the workflow" apart.
    case refusedUnderCI = 77

    /// Orders statuses by code: a larger code is a worse outcome.
    static func < (a: ExitStatus, b: ExitStatus) -> Bool { a.rawValue < b.rawValue }

    /// The worse of this status and `other`.
    func worse(_ other: ExitStatus) -> ExitStatus { max(self, other) }
}
