import Foundation
import Testing

@testable import GestureCLI

/// Regressions of the command line found by fuzzing and by the hostile-input catalogue
/// (docs/reliability.md): each input once hung or was mishandled, and is now handled.
@Suite struct CLIFuzzRegressionTests {}

extension CLIFuzzRegressionTests {
    /// `plot` recomputed the timeline's time range, a scan of every sample, for every x coordinate it drew:
    /// quadratic in the touches (5,000 one after the other took 7 s in a release build, 20,000 more than
    /// 100 s, a million forever). The range is now computed once.
    @Test func plotIsLinearInTheNumberOfTouches() throws {
        var text = "t,id,phase,x,y\n"
        let count = 2_000
        for i in 0..<count { text += "\(i),\(i),began,1,2\n\(i).5,\(i),ended,3,4\n" }
        let fixtures = try Fixtures(["many.csv": text])
        let started = Date()
        let result = runInProcess(["plot", fixtures.path("many.csv")])
        let seconds = Date().timeIntervalSince(started)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("<svg") || result.stdout.hasPrefix("<?xml"), "\(result.stdout.prefix(200))")
        #expect(result.stdout.hasSuffix("</svg>\n"))
        // Linear: a fraction of a second in a debug build (quadratic, a minute). Sanitizers slow everything down, so only time it without.
        if ProcessInfo.processInfo.environment["GESTURECTL_SANITIZED"] == nil {
            #expect(seconds < 10, "plot of \(count) touches took \(seconds) s")
        }
    }
}
