import Foundation
import GestureKit
import Testing

@testable import GestureCLI

/// A team's own build names itself; the plain tool says once that such a build registers kinds it
/// does not know (issue 30).
@Suite struct TeamToolNameTests {
    func runTeam(_ arguments: [String]) -> RunResult {
        let output = MemoryOutput()
        let errors = MemoryOutput()
        let environment = CommandEnvironment(standardOutput: output, standardError: errors)
        let status = run(arguments, in: environment, registry: RecognizerRegistry(), name: "team-gesturectl")
        return RunResult(status: status, stdout: output.text, stderr: errors.text)
    }

    @Test func aTeamBuildNamesItselfInUsageAndErrors() {
        let result = runTeam(["analyze", "--bogus", "x.jsonl"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("team-gesturectl analyze: unknown option '--bogus'\nusage: team-gesturectl analyze [--scene FILE]"), "\(result)")
        #expect(runTeam(["--version"]).stdout == "team-gesturectl \(gesturectlVersion)\n")
        #expect(runTeam([]).stderr.hasPrefix("team-gesturectl: missing command\nusage: team-gesturectl COMMAND [OPTIONS] [ARGUMENTS]\n"))
        #expect(runTeam(["help"]).stdout.contains("Run 'team-gesturectl help COMMAND'"))
        #expect(ToolName.executable("/usr/local/bin/team-gesturectl") == "team-gesturectl")
    }

    @Test func thePlainToolSaysOnceThatATeamBuildRegistersUnknownKinds() {
        let result = runInProcess(["check", PackagePaths.root.appendingPathComponent("Examples/Traces").path])
        #expect(result.status == 65)
        #expect(result.stderr.components(separatedBy: "unknown recognizer kind \"verticalPan\"").count == 4, "\(result)")
        #expect(result.stderr.components(separatedBy: "team's own build").count == 2, "\(result)")
        #expect(result.stderr.hasSuffix(
            "gesturectl: note: recognizer kinds \"oneFingerRotation\", \"verticalPan\" are not built in: a team's own "
                + "build of gesturectl registers its kinds (gesturectlMain(registry:), docs/your-recognizers.md); check the spelling otherwise\n"),
            "\(result)")
    }
}
