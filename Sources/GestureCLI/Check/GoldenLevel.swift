import GestureTrace

/// How much of an analysis a golden file keeps, and so which changes make `check` fail.
///
/// - `outcomes`: what a user of the app would notice. For each recognizer, that it began, and how
///   it finished (recognized, ended, cancelled or failed) with the figures that matter (location,
///   direction, taps, final translation, velocity, scale, rotation); a failure or cancellation by
///   its reason code alone. For controls, their discrete events and each run's final value; for
///   scroll views, when dragging began and the offsets at release and at rest. Times are kept to
///   pair records and are not compared (unless a tolerance is given for `t`).
/// - `transitions`: every transition with all its figures, failures by reason code and figures;
///   control events but the per-move drags; scroll events but the per-frame `didScroll`/`didZoom`.
/// - `everything`: exactly what `analyze --format jsonl` prints (with deliveries when the golden
///   file has them), reasons as prose: the golden files of gesturectl 0.2.
///
/// See docs/ci.md, "Golden levels".
enum GoldenLevel: String, CaseIterable, Sendable {
    case outcomes, transitions, everything

    /// The fields the level does not compare by default: `t` at `outcomes`.
    var ignoredFields: Set<String> { self == .outcomes ? ["t"] : [] }

    /// The records of an analysis (JSON Lines, with reason codes) this level keeps, each cut to
    /// the keys it keeps, as JSON Lines.
    func project(_ records: [LineRecord]) -> [UInt8] {
        var out: [UInt8] = []
        for record in projected(records) {
            out += Array(record.value.compactText.utf8)
            out.append(UInt8(ascii: "\n"))
        }
        return out
    }

    /// The records this level keeps, cut to the keys it keeps, with their line numbers. Applied to
    /// a golden file too, so that one written at a fuller level (or before reason codes) is
    /// compared on what this level keeps.
    ///
    /// - Parameter golden: the records are a golden file's: a failure's prose `reason` without a
    ///   code (written before reason codes) is dropped, as prose is not compared at this level.
    func projected(_ records: [LineRecord], golden: Bool = false) -> [LineRecord] {
        records.indices.compactMap { index in
            let record = records[index]
            guard var kept = keep(record, next: index + 1 < records.count ? records[index + 1] : nil) else { return nil }
            if golden, self != .everything, case .object(let members) = kept, record.value.member("code") == nil {
                kept = .object(members.filter { $0.key != "reason" })
            }
            return LineRecord(line: record.line, value: kept)
        }
    }

    /// Keys a golden record may lack although the analysis has them, without a difference: a
    /// golden file written before reason codes (or at `everything`) has no `code` or `figures`,
    /// and its prose `reason` is dropped (``projected(_:golden:)``).
    var keysOptionalInGoldens: Set<String> { self == .everything ? [] : ["code", "figures", "reason"] }

    /// Whether the level keeps `record` (for ordering differences: outcome changes first).
    func keeps(_ record: LineRecord) -> Bool { keep(record, next: nil) != nil }

    /// The record as the level keeps it, or nil when it drops it. `next` is the record after it (a
    /// control's value run ends where the next record is not the same control's `valueChanged`).
    private func keep(_ record: LineRecord, next: LineRecord?) -> JSONValue? {
        guard case .object(let members) = record.value else { return nil }
        switch record.recordType {
        case "delivery":
            return self == .everything ? record.value : nil
        case "control":
            return control(record, members, next: next)
        case "scroll":
            return scroll(record, members)
        default:
            return transition(record, members)
        }
    }

    private func transition(_ record: LineRecord, _ members: [JSONMember]) -> JSONValue? {
        if self == .everything { return record.value }
        let state = record.state
        var keys: Set<String> = ["type", "t", "recognizer", "kind", "view", "state"]
        switch (self, state) {
        case (.outcomes, "changed"):
            return nil
        case (.outcomes, "began"):
            break
        case (.outcomes, "recognized"), (.outcomes, "ended"):
            keys.formUnion(["location", "direction", "taps", "translation", "velocity", "scale", "rotation", "template"])
        case (.outcomes, _):
            keys.formUnion(["code"])
        default:
            keys = []  // transitions: every key but the prose
        }
        let hasCode = record.value.member("code") != nil
        return .object(
            members.filter { member in
                if member.key == "reason" { return !hasCode }  // a reason without a code is compared as written
                if member.key == "cause" { return false }  // a recognition's cause is prose too
                return keys.isEmpty || keys.contains(member.key)
            })
    }

    /// Control events that come with every move of the finger.
    static let controlMoveEvents: Set<String> = ["touchDragInside", "touchDragOutside"]
    /// Scroll events that come every event or frame while the content moves.
    static let scrollFrameEvents: Set<String> = ["didScroll", "didZoom"]

    private func control(_ record: LineRecord, _ members: [JSONMember], next: LineRecord?) -> JSONValue? {
        if self == .everything { return record.value }
        let event = record.event
        if Self.controlMoveEvents.contains(event) { return nil }
        guard self == .outcomes else { return record.value }
        if event == "valueChanged", let next, next.recordType == "control", next.event == "valueChanged", next.actor == record.actor {
            return nil  // not the last value of the run
        }
        return .object(members.filter { ["type", "t", "control", "kind", "event", "value", "cancelledBy"].contains($0.key) })
    }

    private func scroll(_ record: LineRecord, _ members: [JSONMember]) -> JSONValue? {
        if self == .everything { return record.value }
        let event = record.event
        if Self.scrollFrameEvents.contains(event) { return nil }
        guard self == .outcomes else { return record.value }
        switch event {
        case "willBeginDragging", "willBeginZooming":
            return .object(members.filter { ["type", "t", "scrollView", "event"].contains($0.key) })
        case "didEndDragging", "didEndDecelerating", "didEndZooming", "didEndScrollingAnimation", "didScrollToTop":
            return .object(members.filter { $0.key != "velocity" && $0.key != "targetContentOffset" })
        default:
            return nil
        }
    }
}
