import Foundation
import GestureKit
import Testing

@testable import GestureCLI

/// Margins (docs/margins.md) agree with sweeping the input by hand: the boundary a search reports
/// is where traces written at each value, without the perturbation code, change outcome.
@Suite struct MarginTests {
    /// The cookbook's swipe-to-reveal cell in a table (traces/conflicts/swipe-cell-vs-table-scroll/broken).
    static var tableScene: SceneDescription {
        var table = ViewDescription(name: "table", frame: Rect(x: 0, y: 0, width: 390, height: 844), children: [
            ViewDescription(name: "cell", frame: Rect(x: 0, y: 200, width: 390, height: 80))
        ])
        var scroll = ScrollViewDescription()
        scroll.contentSize = Size(width: 390, height: 3000)
        table.scrollView = scroll
        let root = ViewDescription(name: "root", frame: Rect(x: 0, y: 0, width: 390, height: 844), children: [table])
        return SceneDescription(views: [root], recognizers: [RecognizerDescription(name: "reveal", kind: .swipe(direction: [.left]), view: "cell")])
    }

    /// A straight 160 pt stroke leftward and `degrees` below horizontal over 0.2 s at 120 Hz.
    static func stroke(degrees: Double) -> [Sample] {
        let a = (180 - degrees) * .pi / 180
        return (0...24).map { i in
            let f = Double(i) / 24
            let phase: TouchPhase = i == 0 ? .began : (i == 24 ? .ended : .moved)
            return .touch(Double(i) / 120, id: .number(1), phase, x: 330 + 160 * f * cos(a), y: 230 + 160 * f * sin(a))
        }
    }

    static func outcome(_ samples: [Sample], scene: SceneDescription, of name: String) -> [RecognizerState] {
        var search = MarginSearch(samples: samples, scene: scene, screen: .defaultScreen, options: EngineOptions())
        return MarginSearch.outcomes(search.replay(samples), from: 0, before: .infinity)[name] ?? []
    }

    /// The first value from `start` in steps of `step` at which `changed` holds, or nil.
    static func sweep(from start: Double, through end: Double, step: Double, _ changed: (Double) -> Bool) -> Double? {
        var value = start
        while value <= end + step / 2 {
            if changed(value) { return value }
            value += step
        }
        return nil
    }

    @Test func theAngleMarginIsWhereASweepOfStrokesChangesOutcome() throws {
        // By hand: strokes written at each angle, 0.01° apart.
        let firstFailure = try #require(Self.sweep(from: 11, through: 14, step: 0.01) { degrees in
            Self.outcome(Self.stroke(degrees: degrees), scene: Self.tableScene, of: "reveal") != [.recognized]
        }, "the swipe never lost between 11° and 14°")
        // The search, on a stroke at 13°: the clockwise rotation that lets the swipe win.
        var search = MarginSearch(samples: Self.stroke(degrees: 13), scene: Self.tableScene, screen: .defaultScreen, options: EngineOptions())
        let margins = try #require(search.run().first?.recognizers["reveal"])
        #expect(margins.outcome == [.failed])
        let flip = try #require(margins.flips.first { $0.perturbation.kind == .angle && $0.perturbation.amount > 0 })
        #expect(flip.becomes == [.recognized])
        let reported = 13 - flip.perturbation.amount  // the stroke's angle where the swipe wins
        // Between the last angle the sweep saw the swipe win and the first it saw it lose.
        #expect(reported > firstFailure - 0.01 - 0.001 && reported < firstFailure + 0.001, "search \(reported)°, sweep \(firstFailure)°")
    }

    /// A double tap whose second tap touches down `delay` seconds after the first.
    static func doubleTap(delay: Double) -> [Sample] {
        [
            .touch(0, id: .number(1), .began, x: 100, y: 100), .touch(0.08, id: .number(1), .ended, x: 100, y: 100),
            .touch(delay, id: .number(1), .began, x: 101, y: 100), .touch(delay + 0.08, id: .number(1), .ended, x: 101, y: 100),
        ]
    }

    static let tapScene = SceneDescription(
        views: [ViewDescription(name: "screen", frame: Rect(x: 0, y: 0, width: 390, height: 844))],
        recognizers: [RecognizerDescription(name: "doubleTap", kind: .tap(numberOfTapsRequired: 2), view: "screen")])

    @Test func theTimingMarginIsWhereASweepOfSecondTapsChangesOutcome() throws {
        let firstFailure = try #require(Self.sweep(from: 0.3, through: 0.6, step: 0.001) { delay in
            Self.outcome(Self.doubleTap(delay: delay), scene: Self.tapScene, of: "doubleTap") != [.recognized]
        })
        // The interval runs from the first lift: 0.08 + multiTapInterval 0.35.
        #expect(abs(firstFailure - 0.43) < 0.0015)
        var search = MarginSearch(samples: Self.doubleTap(delay: 0.2), scene: Self.tapScene, screen: .defaultScreen, options: EngineOptions())
        let margins = try #require(search.run().first?.recognizers["doubleTap"])
        let flip = try #require(margins.flips.first { $0.perturbation.kind == .timing && $0.perturbation.amount > 0 })
        let reported = 0.2 + flip.perturbation.amount
        #expect(reported > firstFailure - 0.001 - 1e-4 && reported < firstFailure + 1e-4, "search \(reported) s, sweep \(firstFailure) s")
        // As a share of the second tap's delay after the first touch down.
        #expect(abs(flip.percent - flip.perturbation.amount / 0.2 * 100) < 1e-9)
    }

    @Test func marginsAreDeterministic() {
        var first = MarginSearch(samples: Self.stroke(degrees: 13), scene: Self.tableScene, screen: .defaultScreen, options: EngineOptions())
        var second = first
        let a = first.run(), b = second.run()
        #expect(a.count == b.count)
        for (x, y) in zip(a, b) {
            for name in x.recognizers.keys {
                #expect(x.recognizers[name]?.flips.map(\.perturbation) == y.recognizers[name]?.flips.map(\.perturbation))
            }
        }
        #expect(first.replays == second.replays)
    }

    @Test func perturbationsChangeOnlyTheirEpisode() {
        let samples = Self.doubleTap(delay: 0.2) + [
            .touch(2, id: .number(1), .began, x: 50, y: 50), .touch(2.1, id: .number(1), .moved, x: 60, y: 50),
            .touch(2.2, id: .number(1), .ended, x: 70, y: 50),
        ]
        let episodes = Episode.split(samples)
        #expect(episodes.map(\.start) == [0, 2])
        let (slower, shift) = Perturbation(kind: .speed, amount: 0.5).apply(to: samples, episode: episodes[0])
        let expected = [0, 0.12, 0.3, 0.42, 2.14, 2.24, 2.34]
        #expect(zip(slower.map(\.t), expected).allSatisfy { abs($0 - $1) < 1e-12 }, "\(slower.map(\.t))")
        #expect(abs(shift - 0.14) < 1e-12)
        let (turned, _) = Perturbation(kind: .angle, amount: 90).apply(to: samples, episode: episodes[1])
        guard case .touch(_, _, let location, _, _) = turned[6].kind else { return }
        #expect(abs(location.x - 50) < 1e-9 && abs(location.y - 70) < 1e-9)  // 20 pt right turned to 20 pt down
    }
}
