import Foundation
import GestureKit
import GestureTrace

/// Which records `analyze` reports: `--only` and `--no-failures` applied to transitions; with
/// `--only`, a scroll view's records stay when its own `NAME.pan` or `NAME.pinch` is named;
/// deliveries and control events always stay.
struct RecordFilter: Sendable {
    let only: Set<String>?
    let dropsFailures: Bool

    init(_ settings: AnalyzeSettings) {
        only = settings.only
        dropsFailures = settings.dropsFailures
    }

    /// Whether every record is kept.
    var keepsAll: Bool { only == nil && !dropsFailures }

    /// Whether `record` is kept.
    func keeps(_ record: AnalysisRecord) -> Bool {
        switch record {
        case .transition(let transition):
            return keeps(transition: transition)
        case .scroll(let scroll):
            guard let only else { return true }
            return only.contains(scroll.scrollView + ".pan") || only.contains(scroll.scrollView + ".pinch")
        case .delivery, .control:
            return true
        }
    }

    /// Whether the transition `record` is kept.
    func keeps(transition record: borrowing TransitionRecord) -> Bool {
        if let only, !only.contains(record.recognizer) { return false }
        return !(dropsFailures && record.state == .failed)
    }
}

/// Takes the engine's records (it reports them through a closure) and renders those kept; the
/// first output failure stops it, for the sample loop to see.
final class RecordPump {
    let renderer: TraceRenderer
    let sink: ByteSink
    let filter: RecordFilter
    let keepsAll: Bool
    private(set) var failure: OutputError?

    init(renderer: TraceRenderer, sink: ByteSink, filter: RecordFilter) {
        self.renderer = renderer
        self.sink = sink
        self.filter = filter
        keepsAll = filter.keepsAll
    }

    func take(_ record: AnalysisRecord) {
        guard failure == nil, keepsAll || filter.keeps(record) else { return }
        do throws(OutputError) {
            try renderer.add(record, to: sink)
        } catch {
            failure = error
        }
    }

    /// ``take(_:)`` for a transition lent as it is (``Engine/lendTransitions(to:)``).
    func take(transition record: borrowing TransitionRecord) {
        guard failure == nil, keepsAll || filter.keeps(transition: record) else { return }
        do throws(OutputError) {
            try renderer.add(transition: record, to: sink)
        } catch {
            failure = error
        }
    }

    /// Hands a sample to a renderer that observes them.
    func sample(_ sample: Sample) {
        guard failure == nil else { return }
        do throws(OutputError) {
            try renderer.sample(sample, to: sink)
        } catch {
            failure = error
        }
    }
}
