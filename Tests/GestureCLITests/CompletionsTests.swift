import Foundation
import Testing

@testable import GestureCLI

/// `gesturectl completions SHELL` and `help --man`: the scripts run in real shells, and they and the
/// manual hold every command and option of the tables.
@Suite struct CompletionsTests {
    /// The path of `shell` if it is installed.
    static func installed(_ shell: String) -> String? {
        ["/usr/bin/", "/bin/", "/usr/local/bin/"].map { $0 + shell }.first(where: FileManager.default.isExecutableFile)
    }

    /// Runs `program` with `arguments`; its standard output and error, and exit status.
    static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// What bash offers for the words typed so far (the last one being completed), run in
    /// `directory`: the script sourced, then its function called as `complete -F` would.
    static func bashOffers(_ words: [String], in directory: URL) throws -> [String] {
        let script = runInProcess(["completions", "bash"]).stdout
        let fixtures = try Fixtures(["completion.bash": script])
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let program = """
            cd '\(directory.path)' && source '\(fixtures.path("completion.bash"))' && COMP_WORDS=(\(quoted)) && \
            COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )) && _gesturectl && printf '%s\\n' "${COMPREPLY[@]}"
            """
        let bash = try #require(installed("bash"))
        let result = try run(bash, ["-c", program])
        #expect(result.status == 0, "\(result.output)")
        return result.output.split(separator: "\n").map(String.init).sorted()
    }

    @Test func bashCompletesCommandsOptionsValuesAndFiles() throws {
        guard Self.installed("bash") != nil else { return }
        let fixtures = try Fixtures(["a.jsonl": "", "b.csv": "", "notes.txt": "", "pic.svg": ""])
        try FileManager.default.createDirectory(atPath: fixtures.path("sub"), withIntermediateDirectories: true)
        let here = fixtures.directory
        #expect(try Self.bashOffers(["gesturectl", "an"], in: here) == ["analyze"])
        #expect(try Self.bashOffers(["gesturectl", "--v"], in: here) == ["--version"])
        #expect(try Self.bashOffers(["gesturectl", "analyze", "--format", ""], in: here) == ["csv", "json", "jsonl", "text", "trace-event"])
        #expect(try Self.bashOffers(["gesturectl", "analyze", "--format", "=", "t"], in: here) == ["text", "trace-event"])
        #expect(try Self.bashOffers(["gesturectl", "analyze", "--velocity-estimator", ""], in: here) == ["impulse", "lsq2", "uikit"])
        #expect(try Self.bashOffers(["gesturectl", "analyze", "--d"], in: here) == ["--deliveries"])
        #expect(try Self.bashOffers(["gesturectl", "check", "--re"], in: here) == ["--report"])
        #expect(try Self.bashOffers(["gesturectl", "check", "--report", ""], in: here) == ["github", "json", "text"])
        // Traces by extension, and directories to look into; other files are not offered.
        #expect(try Self.bashOffers(["gesturectl", "analyze", ""], in: here) == ["a.jsonl", "b.csv", "sub"])
        #expect(try Self.bashOffers(["gesturectl", "plot", "-o", ""], in: here) == ["pic.svg", "sub"])
        #expect(try Self.bashOffers(["gesturectl", "convert", ""], in: here) == ["a.jsonl", "b.csv", "notes.txt", "pic.svg", "sub"])
        #expect(try Self.bashOffers(["gesturectl", "synth", "pi"], in: here) == ["pinch"])
        #expect(try Self.bashOffers(["gesturectl", "help", "c"], in: here) == ["check", "completions", "convert"])
        #expect(try Self.bashOffers(["gesturectl", "completions", ""], in: here) == ["bash", "fish", "zsh"])
        // An option taking a number: nothing to offer.
        #expect(try Self.bashOffers(["gesturectl", "check", "--jobs", ""], in: here) == [])
    }

    /// Every command and every option spelling of the tables is in each script and in the manual.
    @Test func scriptsAndManualHoldEveryOption() {
        for shell in CompletionScript.shells + ["manual"] {
            let text = shell == "manual" ? runInProcess(["help", "--man"]).stdout : runInProcess(["completions", shell]).stdout
            for command in CommandLineTool.commands {
                #expect(text.contains(command.name), "\(shell): \(command.name)")
                for option in command.options.options {
                    let spelling = shell == "manual" ? ManualPage.escaped(option.spelling) : shell == "fish" ? "-l \(option.name)" : option.spelling
                    #expect(text.contains(spelling), "\(shell): \(command.name) \(option.spelling)")
                    if case .choice(let words) = option.value, shell != "manual" {
                        for word in words { #expect(text.contains(word), "\(shell): \(option.spelling) \(word)") }
                    }
                }
            }
        }
    }

    @Test(arguments: [("zsh", ["-n"]), ("fish", ["--no-execute"]), ("bash", ["-n"])])
    func scriptsParseInTheirShell(shell: String, check: [String]) throws {
        guard let program = Self.installed(shell) else { return }
        let fixtures = try Fixtures(["script": runInProcess(["completions", shell]).stdout])
        let result = try Self.run(program, check + [fixtures.path("script")])
        #expect(result.status == 0 && result.output.isEmpty, "\(shell): \(result.output)")
    }

    /// zsh loads the function through compinit and completes with it (zpty-free: the function's
    /// `_describe` and `_arguments` calls are checked by loading it into a completion system).
    @Test func zshLoadsTheFunction() throws {
        guard let zsh = Self.installed("zsh") else { return }
        let fixtures = try Fixtures([:])
        try FileManager.default.createDirectory(atPath: fixtures.path("functions"), withIntermediateDirectories: true)
        try runInProcess(["completions", "zsh"]).stdout.write(toFile: fixtures.path("functions/_gesturectl"), atomically: true, encoding: .utf8)
        let program = "fpath=('\(fixtures.path("functions"))' $fpath); autoload -Uz compinit; compinit -u -d '\(fixtures.path("dump"))'; print -r -- ${_comps[gesturectl]}"
        let result = try Self.run(zsh, ["-f", "-c", program])
        #expect(result.status == 0 && result.output == "_gesturectl\n", "\(result.output)")
    }

    @Test func fishLoadsTheCompletions() throws {
        guard let fish = Self.installed("fish") else { return }
        let fixtures = try Fixtures(["gesturectl.fish": runInProcess(["completions", "fish"]).stdout])
        let result = try Self.run(fish, ["--no-config", "-c", "source '\(fixtures.path("gesturectl.fish"))'; complete -C 'gesturectl analyze --format '"])
        #expect(result.status == 0, "\(result.output)")
        let offered = result.output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        #expect(offered.sorted() == ["csv", "json", "jsonl", "text", "trace-event"], "\(result.output)")
    }

    @Test func manualPageFormatsWithoutWarnings() throws {
        let page = runInProcess(["help", "--man"])
        #expect(page.status == 0)
        #expect(page.stdout.hasPrefix(#".\" Generated by `gesturectl help --man`"#))
        guard let groff = Self.installed("groff") else { return }
        let fixtures = try Fixtures(["gesturectl.1": page.stdout])
        let result = try Self.run(groff, ["-man", "-Tutf8", "-ww", "-z", fixtures.path("gesturectl.1")])
        #expect(result.status == 0 && result.output.isEmpty, "\(result.output)")
    }

    @Test func unknownShell() {
        let result = runInProcess(["completions", "tcsh"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("gesturectl completions: unknown shell 'tcsh': expected bash, zsh or fish\n"), "\(result.stderr)")
        let man = runInProcess(["help", "--man", "analyze"])
        #expect(man.status == 2)
    }
}
