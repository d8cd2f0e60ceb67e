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
    mutating func open(_ first: TransitionRecord, index: Int) -> GestureSummary

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
    // The lists of segments and spare gestures are unchecked too (about 2,900 checks a thousand
    // gestures, 4% of json's rendering thread); one thread at a time uses a sequencer.
    /// The layout, with whatever it has gathered so far.
    @exclusivity(unchecked) private(set) var layout: Layout
    /// The number of gestures opened so far.
    private(set) var gestureCount = 0
    /// Open gestures and runs of finished ones, in the order of their first transitions; the first
    /// is always an open gesture (finished ones at the front are written out at once).
    @exclusivity(unchecked) private var segments: [Segment] = []
    /// The open gesture of each recognizer.
    @exclusivity(unchecked) private var open = OpenGestures()
    /// The gesture of the last transition, tried before ``open``: a gesture's transitions often
    /// come one after another (`open`'s lookups were 1.6% of `analyze --format text`'s instructions).
    @exclusivity(unchecked) private var last: OpenGesture?
    /// Gestures written out, with their emptied spools, for the next gestures: a new spool's memory
    /// grew from nothing for each gesture (analyze --format json of the 2 MB sample:
    /// GestureSequencer.add 27.0 M -> 24.5 M instructions, callgrind), and each gesture was an
    /// object made and freed.
    @exclusivity(unchecked) private var spareGestures: [OpenGesture] = []
    /// Emptied spools of runs written out, for the next runs.
    @exclusivity(unchecked) private var spareRuns: [Spool] = []
    /// The most gestures, and the most runs, kept for reuse (each keeps up to ``spoolLimit``
    /// bytes of memory, a run four times as many).
    private static var spareLimit: Int { 8 }
    private let spoolLimit: Int

    /// A gesture not over yet: what the layout keeps of it and its transitions rendered so far.
    /// Reused for a later gesture once written out.
    private final class OpenGesture {
        /// The recognizer it is a gesture of.
        var recognizer: String
        @exclusivity(unchecked) var summary: Layout.GestureSummary
        var transitionCount = 0
        let bytes: Spool

        init(recognizer: String, summary: Layout.GestureSummary, bytes: Spool) {
            self.recognizer = recognizer
            self.summary = summary
            self.bytes = bytes
        }
    }

    /// The open gestures, found by their recognizer's name: one by one while there are at most
    /// ``linearLimit`` (a scene's few recognizers), then through a dictionary, so that 1,000
    /// simultaneous recognizers stay linear. (The dictionary alone hashed each recognizer's name
    /// three times a gesture: ~1,100 instructions a gesture, callgrind, analyze --format json.)
    private struct OpenGestures {
        private var list: [OpenGesture] = []
        private var index: [String: OpenGesture]?
        private static var linearLimit: Int { 16 }

        func find(_ recognizer: String) -> OpenGesture? {
            if let index { return index[recognizer] }
            for gesture in list where gesture.recognizer == recognizer { return gesture }
            return nil
        }

        /// Adds `gesture`, whose recognizer has no open gesture.
        mutating func insert(_ gesture: OpenGesture) {
            if index != nil {
                index?[gesture.recognizer] = gesture
                return
            }
            list.append(gesture)
            guard list.count > Self.linearLimit else { return }
            index = Dictionary(uniqueKeysWithValues: list.map { ($0.recognizer, $0) })
            list = []
        }

        mutating func remove(_ gesture: OpenGesture) {
            if index != nil {
                index?[gesture.recognizer] = nil
                return
            }
            guard let position = list.firstIndex(where: { $0 === gesture }) else { return }
            list.swapAt(position, list.count - 1)
            list.removeLast()
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
        } else if let existing = open.find(transition.recognizer) {
            gesture = existing
            last = existing
        } else {
            gesture = opened(by: transition)
            last = gesture
            gestureCount += 1
            segments.append(.open(gesture))
            open.insert(gesture)
        }
        try gesture.bytes.append { out in layout.add(transition, position: gesture.transitionCount, to: &gesture.summary, into: &out) }
        gesture.transitionCount += 1
        if transition.state.isFinal {
            open.remove(gesture)
            last = nil
            try finish(gesture, sink)
        }
    }

    /// A gesture opened by `first`: a spare one reused, or a new one.
    private func opened(by first: TransitionRecord) -> OpenGesture {
        let summary = layout.open(first, index: gestureCount)
        guard let gesture = spareGestures.popLast() else {
            return OpenGesture(recognizer: first.recognizer, summary: summary, bytes: Spool(memoryLimit: spoolLimit))
        }
        gesture.recognizer = first.recognizer
        gesture.summary = summary
        gesture.transitionCount = 0
        return gesture
    }

    /// Writes every gesture still waiting, those not over included, and forgets them.
    func end(_ sink: ByteSink) throws(OutputError) {
        for segment in segments {
            switch segment {
            case .run(let run):
                try run.write(to: sink)
                recycle(run)
            case .open(let gesture): try write(gesture, to: sink)
            }
        }
        segments = []
        open = OpenGestures()
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
                recycle(run)
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
            run = spareRuns.popLast() ?? Spool(memoryLimit: spoolLimit << 2)
            try append(gesture, to: run)
            segments[index] = .run(run)
            runIndex = index
        }
        guard runIndex + 1 < segments.count, case .run(let next) = segments[runIndex + 1] else { return }
        try run.append(contentsOf: next)
        recycle(next)
        segments.remove(at: runIndex + 1)
    }

    /// Writes a whole gesture to the sink.
    private func write(_ gesture: OpenGesture, to sink: ByteSink) throws(OutputError) {
        layout.header(of: gesture.summary, into: &sink.buffer)
        try gesture.bytes.write(to: sink)
        layout.footer(of: gesture.summary, into: &sink.buffer)
        recycle(gesture)
        try sink.drainIfFull()
    }

    /// Empties a written gesture's spool and keeps the gesture for a later one.
    private func recycle(_ gesture: OpenGesture) {
        gesture.bytes.removeAll()
        if spareGestures.count < Self.spareLimit { spareGestures.append(gesture) }
    }

    /// Empties a written run's spool and keeps it for a later run.
    private func recycle(_ run: Spool) {
        run.removeAll()
        if spareRuns.count < Self.spareLimit { spareRuns.append(run) }
    }

    /// Appends a whole gesture to a run's spool.
    private func append(_ gesture: OpenGesture, to run: Spool) throws(OutputError) {
        try run.append { out in layout.header(of: gesture.summary, into: &out) }
        try run.append(contentsOf: gesture.bytes)
        try run.append { out in layout.footer(of: gesture.summary, into: &out) }
        recycle(gesture)
    }
}
