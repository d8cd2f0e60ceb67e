import GestureKit

/// What a format that groups transitions into gestures writes: each transition as it comes, and
/// around each gesture's transitions a header and a footer, known once the gesture is over.
///
/// ``GestureSequencer`` decides when each is written; the layout only renders.
protocol GestureLayout {
    /// What the layout keeps of a gesture while its transitions come.
    associatedtype GestureSummary

    /// A gesture opened by `first` (which ``add(_:position:to:into:)`` then receives too); `index`
    /// counts the trace's gestures from 0.
    func open(_ first: TransitionRecord, index: Int) -> GestureSummary

    /// Renders `transition`, the gesture's transition number `position` (from 0), into `out`, and
    /// updates the gesture's summary.
    mutating func add(_ transition: TransitionRecord, position: Int, to gesture: inout GestureSummary, into out: inout ByteBuffer)

    /// Renders what comes before the gesture's transitions. Called once per gesture, when it is over
    /// or the trace ends.
    mutating func header(of gesture: GestureSummary, into out: inout ByteBuffer)

    /// Renders what comes after the gesture's transitions.
    func footer(of gesture: GestureSummary, into out: inout ByteBuffer)
}

/// Writes gestures in the order of their first transitions, each whole (header, transitions,
/// footer), while the engine reports the transitions of several gestures interleaved.
///
/// A gesture is written as soon as it and every gesture begun before it are over. Until then its
/// transitions wait in a ``Spool`` (in memory up to a limit, then in a temporary file). Runs of
/// finished gestures that wait for an earlier one are merged into one spool, so there are never
/// more than twice as many spools as open gestures (at most one per recognizer), plus one: memory
/// does not grow with the trace.
final class GestureSequencer<Layout: GestureLayout> {
    // Unchecked (with `open` and a gesture's summary): used for every transition, about
    // 2% of `analyze --format text`'s instructions in exclusivity checks (the 2 MB sample).
    /// The layout, with whatever it has gathered so far.
    @exclusivity(unchecked) private(set) var layout: Layout
    /// The number of gestures opened so far.
    private(set) var gestureCount = 0
    /// Open gestures and runs of finished ones, in the order of their first transitions; the first
    /// is always an open gesture (finished ones at the front are written out at once).
    private var segments: [Segment] = []
    /// The open gesture of each recognizer.
    @exclusivity(unchecked) private var open: [String: OpenGesture] = [:]
    /// The gesture of the last transition, tried before ``open``: a gesture's transitions often
    /// come one after another (`open`'s lookups were 1.6% of `analyze --format text`'s instructions).
    @exclusivity(unchecked) private var last: OpenGesture?
    /// Emptied spools of gestures written out, for the next gestures: a new spool's memory grew
    /// from nothing for each gesture (analyze --format json of the 2 MB sample: GestureSequencer.add
    /// 27.0 M -> 24.5 M instructions, callgrind).
    private var spareSpools: [Spool] = []
    /// The most emptied spools kept (each keeps up to ``spoolLimit`` bytes of memory).
    private static var spareSpoolLimit: Int { 8 }
    private let spoolLimit: Int

    /// A gesture not over yet: what the layout keeps of it and its transitions rendered so far.
    private final class OpenGesture {
        /// The recognizer it is a gesture of.
        let recognizer: String
        @exclusivity(unchecked) var summary: Layout.GestureSummary
        var transitionCount = 0
        let bytes: Spool

        init(recognizer: String, summary: Layout.GestureSummary, bytes: Spool) {
            self.recognizer = recognizer
            self.summary = summary
            self.bytes = bytes
        }
    }

    /// An open gesture, or a run of finished gestures ready to be written.
    private enum Segment {
        case open(OpenGesture)
        case run(Spool)

        func holds(_ gesture: OpenGesture) -> Bool {
            if case .open(let open) = self { return open === gesture }
            return false
        }
    }

    /// - Parameter spoolLimit: the most bytes each waiting gesture keeps in memory (a run of
    ///   finished gestures keeps four times as many).
    init(layout: Layout, spoolLimit: Int) {
        self.layout = layout
        self.spoolLimit = spoolLimit
    }

    /// Takes one transition, writing to `sink` whatever gestures it lets out.
    func add(_ transition: TransitionRecord, to sink: ByteSink) throws(OutputError) {
        let gesture: OpenGesture
        if let last, last.recognizer == transition.recognizer {
            gesture = last
        } else if let existing = open[transition.recognizer] {
            gesture = existing
            last = existing
        } else {
            gesture = OpenGesture(
                recognizer: transition.recognizer, summary: layout.open(transition, index: gestureCount),
                bytes: spareSpools.popLast() ?? Spool(memoryLimit: spoolLimit))
            last = gesture
            gestureCount += 1
            segments.append(.open(gesture))
            open[transition.recognizer] = gesture
        }
        try gesture.bytes.append { out in layout.add(transition, position: gesture.transitionCount, to: &gesture.summary, into: &out) }
        gesture.transitionCount += 1
        if transition.state.isFinal {
            open[transition.recognizer] = nil
            last = nil
            try finish(gesture, sink)
        }
    }

    /// Writes every gesture still waiting, those not over included, and forgets them.
    func end(_ sink: ByteSink) throws(OutputError) {
        for segment in segments {
            switch segment {
            case .run(let run): try run.write(to: sink)
            case .open(let gesture): try write(gesture, to: sink)
            }
        }
        segments = []
        open = [:]
        last = nil
    }

    /// A gesture is over: written out if no gesture begun before it is open, otherwise joined to
    /// the finished run before it (or made a run itself), and the run after it joined to it.
    private func finish(_ gesture: OpenGesture, _ sink: ByteSink) throws(OutputError) {
        guard let index = segments.firstIndex(where: { $0.holds(gesture) }) else { return }
        if index == 0 {
            try write(gesture, to: sink)
            segments.removeFirst()
            while case .run(let run)? = segments.first {
                try run.write(to: sink)
                segments.removeFirst()
            }
            return
        }
        let run: Spool
        let runIndex: Int
        if case .run(let previous) = segments[index - 1] {
            try append(gesture, to: previous)
            segments.remove(at: index)
            run = previous
            runIndex = index - 1
        } else {
            run = Spool(memoryLimit: spoolLimit << 2)
            try append(gesture, to: run)
            segments[index] = .run(run)
            runIndex = index
        }
        guard runIndex + 1 < segments.count, case .run(let next) = segments[runIndex + 1] else { return }
        try run.append(contentsOf: next)
        segments.remove(at: runIndex + 1)
    }

    /// Writes a whole gesture to the sink.
    private func write(_ gesture: OpenGesture, to sink: ByteSink) throws(OutputError) {
        layout.header(of: gesture.summary, into: &sink.buffer)
        try gesture.bytes.write(to: sink)
        layout.footer(of: gesture.summary, into: &sink.buffer)
        recycle(gesture.bytes)
        try sink.drainIfFull()
    }

    /// Empties a written gesture's spool and keeps it for a later gesture.
    private func recycle(_ spool: Spool) {
        spool.removeAll()
        if spareSpools.count < Self.spareSpoolLimit { spareSpools.append(spool) }
    }

    /// Appends a whole gesture to a run's spool.
    private func append(_ gesture: OpenGesture, to run: Spool) throws(OutputError) {
        try run.append { out in layout.header(of: gesture.summary, into: &out) }
        try run.append(contentsOf: gesture.bytes)
        try run.append { out in layout.footer(of: gesture.summary, into: &out) }
        recycle(gesture.bytes)
    }
}
