/// Writes a command's output file (`-o`, `check --junit` and `--html`) in one step, so that a failed
/// run leaves no half-written file; a link, a FIFO or a device is written through rather than replaced
/// (``CheckFiles/replace(_:with:)-(_,String)``).
enum OutputFile {
    /// Writes `text` to `path`; reports a failure on standard error and returns `.cannotWrite`.
    static func write(_ text: String, to path: String, environment: CommandEnvironment) -> ExitStatus {
        do throws(CheckFiles.WriteError) {
            try CheckFiles.replace(path, with: text)
            return .success
        } catch {
            environment.printError(error.description)
            return .cannotWrite
        }
    }
}
