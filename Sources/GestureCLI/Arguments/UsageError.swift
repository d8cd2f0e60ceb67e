/// A mistake on the command line: unknown command or option, bad option value (exit status 2).
///
/// Printed as the message, the suggestion if any, and the command's usage line.
struct UsageError: Error, Equatable {
    /// What is wrong, naming the offending word: `unknown option '--formt'`.
    var message: String
    /// `Did you mean '--format'?`, when a known word is close.
    var suggestion: String?

    /// Creates an error.
    init(_ message: String, suggestion: String? = nil) {
        self.message = message
        self.suggestion = suggestion
    }
}
