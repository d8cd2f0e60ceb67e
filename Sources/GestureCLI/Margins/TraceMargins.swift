import Foundation
import GestureKit
import GestureTrace

/// The margins of one trace file: read and checked as `analyze` reads it, then searched
/// (``MarginSearch``).
struct TraceMargins: Sendable {
    /// The trace as given.
    var path: String
    /// Its episodes' margins.
    var episodes: [EpisodeMargins]
    /// How many replays the search made.
    var replays: Int
    /// How long the search took, in seconds of wall-clock time (for the report's cost line only).
    var seconds: Double

    /// Reads, checks and searches the trace at `path`.
    static func compute(path: String, settings: AnalyzeSettings, resolver: SceneResolver) throws(TraceAnalysisError) -> TraceMargins {
        var scene: SceneDescription?
        let validated = try TraceAnalysis.validate(path: path, settings: settings, resolver: resolver) { description, _ in
            scene = description
        }
        var samples: [Sample] = []
        let screen: Size
        do throws(TraceError) {
            let reader = try validated.source.reader()
            screen = try reader.header().screenOrDefault
            while let sample = try reader.next() { samples.append(sample) }
        } catch {
            throw .unreadable(validated.source.located(error))
        }
        guard let scene else { return TraceMargins(path: path, episodes: [], replays: 0, seconds: 0) }
        let started = Date()
        var search = MarginSearch(
            samples: samples, scene: scene, screen: screen, options: EngineOptions(velocityEstimator: settings.velocityEstimator))
        let episodes = search.run()
        return TraceMargins(path: path, episodes: episodes, replays: search.replays, seconds: Date().timeIntervalSince(started))
    }

    /// The smallest flip of the trace, with its recognizer.
    var nearest: (recognizer: RecognizerMargins, flip: Flip, episode: EpisodeMargins)? {
        var best: (recognizer: RecognizerMargins, flip: Flip, episode: EpisodeMargins)?
        for episode in episodes {
            for name in episode.recognizers.keys.sorted() {
                guard let margins = episode.recognizers[name], let flip = margins.nearest else { continue }
                if best.map({ flip.percent < $0.flip.percent }) ?? true { best = (margins, flip, episode) }
            }
        }
        return best
    }
}
