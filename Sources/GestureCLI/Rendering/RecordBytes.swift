import GestureKit

/// The escaped bytes of the recognizer, kind and view of the transitions seen so far, so that each
/// is checked for escaping once rather than for every record.
///
/// Names repeat in every record (one entry per recognizer of the scene). The engine reports the
/// recognizers of an event in their order, so the entry after the last one used is tried next; any
/// other name is found by a linear search while there are at most ``linearLimit`` entries, then by a
/// dictionary on the recognizer's name. The lookup compares the strings, which for the engine's
/// records are the scene's own strings (equal storage, so the comparison is quick). A linear search
/// alone made 1,000 simultaneous pans cost 17.7-22x the time of 100 (the scaling table of
/// docs/performance.md); with the dictionary beyond a few entries and the next entry it is linear.
///
/// A `jsonl` or `csv` renderer puts its cache back on a ``NameCacheShelf`` when its trace ends, and
/// the next trace's takes it from there: the entries of names seen in earlier traces (the strings
/// are equal, the storage not) are found by the same search.
struct RecognizerNameCache {
    fileprivate struct Entry {
        var recognizer: String
        var kind: String
        var view: String
        /// `,"recognizer":"…","kind":"…","view":"…",` (JSON) or `,…,…,…,` (CSV).
        var bytes: [UInt8]
    }

    /// What a cache knows, as ``NameCacheShelf`` keeps it between traces.
    struct Entries {
        fileprivate var list: [Entry] = []
        /// The index of each entry by its recognizer's name, once there are more than ``linearLimit``.
        fileprivate var index: [String: Int] = [:]

        /// The number of entries.
        var count: Int { list.count }
    }

    private var entries: [Entry] = []
    /// The index of each entry by its recognizer's name, once there are more than ``linearLimit``.
    private var index: [String: Int] = [:]
    /// The most entries searched one by one. Hashing the names and growing the dictionary made each
    /// new entry cost about 1,600 instructions, 1.6% of `check`'s, when every trace's renderer
    /// started with an empty cache (a few entries).
    private static let linearLimit = 16
    private var last = 0
    private let csv: Bool
    /// Whether the cache was taken from its shelf (when it was first needed), or found it empty.
    private var unshelved = false

    /// A cache of JSON members (`csv: false`) or CSV cells.
    init(csv: Bool) {
        self.csv = csv
    }

    private var shelf: NameCacheShelf { csv ? .csv : .json }

    /// Puts what the cache knows back on its shelf, for another trace's renderer, and empties it.
    mutating func shelve() {
        guard !entries.isEmpty else { return }
        var kept = Entries()
        swap(&kept.list, &entries)
        swap(&kept.index, &index)
        last = 0
        unshelved = false
        shelf.put(kept)
    }

    /// The record's three names as JSON members or CSV cells, with a comma before and after:
    /// `,"recognizer":"…","kind":"…","view":"…",` or `,…,…,…,`.
    @inline(__always)
    mutating func members(of record: TransitionRecord) -> [UInt8] {
        if last < entries.count, entries[last].matches(record) { return entries[last].bytes }
        return membersSlow(record)
    }

    private mutating func membersSlow(_ record: TransitionRecord) -> [UInt8] {
        if entries.isEmpty, !unshelved {
            unshelved = true
            if let kept = shelf.take() {
                entries = kept.list
                index = kept.index
            }
        }
        let next = last + 1
        if next < entries.count, entries[next].matches(record) {
            last = next
            return entries[next].bytes
        }
        let found = find(record.recognizer)
        if let found, entries[found].matches(record) {
            last = found
            return entries[found].bytes
        }
        var bytes = ByteBuffer(capacity: 48 &+ 6 &* (record.recognizer.utf8.count &+ record.kind.utf8.count &+ record.view.utf8.count))
        bytes.append(UInt8(ascii: ","))
        if csv {
            bytes.appendCSVField(record.recognizer)
            bytes.append(UInt8(ascii: ","))
            bytes.appendCSVField(record.kind)
            bytes.append(UInt8(ascii: ","))
            bytes.appendCSVField(record.view)
        } else {
            bytes.appendMember("\"recognizer\":", record.recognizer)
            bytes.appendMember(",\"kind\":", record.kind)
            bytes.appendMember(",\"view\":", record.view)
        }
        bytes.append(UInt8(ascii: ","))
        let entry = Entry(recognizer: record.recognizer, kind: record.kind, view: record.view, bytes: bytes.takeBytes())
        if let found {
            // The same recognizer name with another kind or view (records of another scene): replaced.
            entries[found] = entry
            last = found
        } else if entries.count < Self.capacity {
            if entries.isEmpty { entries.reserveCapacity(Self.linearLimit) }
            entries.append(entry)
            last = entries.count - 1
            if entries.count == Self.linearLimit &+ 1 {
                for (position, entry) in entries.enumerated() { index[entry.recognizer] = position }
            } else if entries.count > Self.linearLimit {
                index[record.recognizer] = last
            }
        }
        return entry.bytes
    }

    /// The entry of the recognizer named `recognizer`.
    private func find(_ recognizer: String) -> Int? {
        guard entries.count > Self.linearLimit else { return entries.firstIndex { $0.recognizer == recognizer } }
        return index[recognizer]
    }

    /// The most names cached: a scene's recognizers, not a pathological stream of names without end.
    private static let capacity = 1 << 16
}

extension RecognizerNameCache.Entry {
    @inline(__always)
    fileprivate func matches(_ record: TransitionRecord) -> Bool {
        recognizer == record.recognizer && kind == record.kind && view == record.view
    }
}

extension RecognizerState {
    /// `"state":"…"` for JSON.
    fileprivate var jsonMember: StaticString {
        switch self {
        case .possible: return "\"state\":\"possible\""
        case .began: return "\"state\":\"began\""
        case .changed: return "\"state\":\"changed\""
        case .ended: return "\"state\":\"ended\""
        case .cancelled: return "\"state\":\"cancelled\""
        case .recognized: return "\"state\":\"recognized\""
        case .failed: return "\"state\":\"failed\""
        }
    }

    /// The state's name, as a literal.
    var literal: StaticString {
        switch self {
        case .possible: return "possible"
        case .began: return "began"
        case .changed: return "changed"
        case .ended: return "ended"
        case .cancelled: return "cancelled"
        case .recognized: return "recognized"
        case .failed: return "failed"
        }
    }
}

/// Writes analysis records as bytes, exactly as ``JSONWriter``'s `transition` and `delivery`
/// methods and ``CSVRenderer``'s rows spell them (tests compare the two on many records).
struct RecordBytesWriter {
    private var names: RecognizerNameCache
    /// Write a failure's or cancellation's ``ReasonCode`` as `"code"` and `"figures"` in place of
    /// its prose `reason` (`check` at its `outcomes` and `transitions` levels; docs/ci.md).
    var reasonCodes = false

    /// A writer of JSON records, or with `csv` of CSV rows.
    init(csv: Bool = false) {
        names = RecognizerNameCache(csv: csv)
    }

    /// Puts the names' cache back on its shelf for a later trace's renderer (``NameCacheShelf``);
    /// the writer starts again with an empty one.
    mutating func shelveNames() {
        names.shelve()
    }

    /// The record's recognizer, kind and view as JSON members (CSV cells for a CSV writer), with a
    /// comma before and after: `,"recognizer":"…","kind":"…","view":"…",`.
    mutating func names(of record: TransitionRecord) -> [UInt8] {
        names.members(of: record)
    }

    /// Writes a transition record as one compact JSON object, keys in the documented order (see
    /// `JSONWriter.transition(_:typed:trace:identified:)`).
    ///
    /// - Parameters:
    ///   - typed: write `"type":"transition"` first (`--deliveries`).
    ///   - trace: `,"trace":"PATH"` to write last, when several traces are analyzed.
    ///   - identified: write `recognizer`, `kind` and `view` (the `json` format moves them to the gesture).
    mutating func transition(_ record: TransitionRecord, typed: Bool, trace: [UInt8]?, identified: Bool = true, to out: inout ByteBuffer) {
        let members = identified ? names.members(of: record) : nil
        // The sentences are written here unless the codes replace them (then after, by `appendCode`).
        let reason = reasonCodes ? nil : record.reason
        let cause = reasonCodes ? nil : record.cause
        var bound = Self.transitionBound &+ (members?.count ?? 0) &+ (trace?.count ?? 0)
        if let direction = record.direction { bound &+= ByteWriter.jsonStringBound(direction) }
        if let template = record.template { bound &+= ByteWriter.jsonStringBound(template) }
        if let reason { bound &+= ByteWriter.jsonStringBound(reason) }
        if let cause { bound &+= ByteWriter.jsonStringBound(cause) }
        let closes = !reasonCodes || record.code == nil
        // One check of the buffer's room for the whole record, not one per key and value.
        out.write(upTo: bound) { out in
            out.write(typed ? "{\"type\":\"transition\",\"t\":" : "{\"t\":")
            out.number(record.t)
            if let members { out.write(members) } else { out.write(UInt8(ascii: ",")) }
            out.write(record.state.jsonMember)
            if let location = record.location { out.member(",\"location\":", location) }
            if let touches = record.touches {
                out.write(",\"touches\":")
                out.integer(touches)
            }
            if let translation = record.translation { out.member(",\"translation\":", translation) }
            switch record.velocity {
            case .vector(let velocity)?: out.member(",\"velocity\":", velocity)
            case .scalar(let velocity)?: out.member(",\"velocity\":", velocity)
            case nil: break
            }
            if let scale = record.scale { out.member(",\"scale\":", scale) }
            if let rotation = record.rotation { out.member(",\"rotation\":", rotation) }
            if let direction = record.direction { out.member(",\"direction\":", direction) }
            if let taps = record.taps {
                out.write(",\"taps\":")
                out.integer(taps)
            }
            if let template = record.template { out.member(",\"template\":", template) }
            if let score = record.score { out.member(",\"score\":", score) }
            if let reason { out.member(",\"reason\":", reason) }
            if let cause { out.member(",\"cause\":", cause) }
            if closes {
                if let trace { out.write(trace) }
                out.write(UInt8(ascii: "}"))
            }
        }
        guard !closes, let code = record.code else { return }
        // In place of the prose: the levels below `everything` compare failures by their code,
        // and leave out the causes of recognitions (prose whose figures would churn).
        Self.appendCode(code, to: &out)
        if let trace { out.append(trace) }
        out.append(UInt8(ascii: "}"))
    }

    /// The most bytes of a transition besides its strings: its keys (about 230 bytes), ten numbers
    /// and two integers.
    private static let transitionBound = 320 &+ 10 &* ByteWriter.numberBound &+ 2 &* ByteWriter.integerBound

    /// Room enough, past the bytes a record is expected to take, for the room a record's writing
    /// asks for (the fixed part of a transition's bound and its usual names and sentences): a buffer
    /// sized for a known output (`check`'s, the golden file's size) with this much over never grows.
    static let recordRoom = 8 << 10

    /// `,"code":"moved","figures":{"distance":55.72,"tapMovementTolerance":45}` (no `figures` when
    /// the code has none).
    static func appendCode(_ code: ReasonCode, to out: inout ByteBuffer) {
        out.append(",\"code\":")
        out.appendJSONString(code.name)
        guard !code.figures.isEmpty else { return }
        out.append(",\"figures\":{")
        for (index, figure) in code.figures.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.appendJSONString(figure.name)
            out.append(UInt8(ascii: ":"))
            switch figure.value {
            case .number(let number): out.appendNumber(number)
            case .text(let text): out.appendJSONString(text)
            }
        }
        out.append(UInt8(ascii: "}"))
    }

    /// Writes a delivery record as one compact JSON object, keys in the documented order (see
    /// `JSONWriter.delivery(_:typed:trace:)`).
    func delivery(_ record: DeliveryRecord, typed: Bool, trace: [UInt8]?, to out: inout ByteBuffer) {
        let method = record.method.rawValue
        var bound = Self.deliveryBound &+ ByteWriter.jsonStringBound(method) &+ ByteWriter.jsonStringBound(record.responder)
        bound &+= trace?.count ?? 0
        if let subtype = record.subtype { bound &+= ByteWriter.jsonStringBound(subtype) }
        if let forwardedBy = record.forwardedBy { bound &+= ByteWriter.jsonStringBound(forwardedBy) }
        if let delayedBy = record.delayedBy { bound &+= ByteWriter.jsonStringBound(delayedBy) }
        if let cancelledBy = record.cancelledBy { bound &+= ByteWriter.jsonStringBound(cancelledBy) }
        for name in record.chain { bound &+= 1 &+ ByteWriter.jsonStringBound(name) }
        for id in record.touches { bound &+= 1 &+ Self.touchIDBound(id) }
        for detail in record.details {
            bound &+= Self.detailBound &+ Self.touchIDBound(detail.id) &+ ByteWriter.jsonStringBound(detail.phase.rawValue)
        }
        // One check of the buffer's room for the whole record, as for a transition (a delivery's
        // touches and their details took about 3,800 instructions a record, key by key).
        out.write(upTo: bound) { out in
            out.write(typed ? "{\"type\":\"delivery\",\"t\":" : "{\"t\":")
            out.number(record.t)
            out.member(",\"method\":", method)
            if let subtype = record.subtype { out.member(",\"subtype\":", subtype) }
            out.member(",\"responder\":", record.responder)
            if let forwardedBy = record.forwardedBy { out.member(",\"forwardedBy\":", forwardedBy) }
            if !record.chain.isEmpty {
                out.write(",\"chain\":[")
                for (index, name) in record.chain.enumerated() {
                    if index > 0 { out.write(UInt8(ascii: ",")) }
                    out.jsonString(name)
                }
                out.write(UInt8(ascii: "]"))
            }
            if record.method.isTouchMethod || !record.touches.isEmpty {
                out.write(",\"touches\":[")
                for (index, id) in record.touches.enumerated() {
                    if index > 0 { out.write(UInt8(ascii: ",")) }
                    Self.touchID(id, to: &out)
                }
                out.write(UInt8(ascii: "]"))
            }
            if !record.details.isEmpty {
                out.write(",\"details\":[")
                for (index, detail) in record.details.enumerated() {
                    out.write(index > 0 ? ",{\"id\":" : "{\"id\":")
                    Self.touchID(detail.id, to: &out)
                    out.member(",\"phase\":", detail.phase.rawValue)
                    out.write(",\"tapCount\":")
                    out.integer(detail.tapCount)
                    out.member(",\"timestamp\":", detail.timestamp)
                    out.member(",\"location\":", detail.location)
                    out.member(",\"previousLocation\":", detail.previousLocation)
                    out.write(UInt8(ascii: "}"))
                }
                out.write(UInt8(ascii: "]"))
            }
            if let delayedBy = record.delayedBy { out.member(",\"delayedBy\":", delayedBy) }
            if let cancelledBy = record.cancelledBy { out.member(",\"cancelledBy\":", cancelledBy) }
            if record.dropped { out.write(",\"dropped\":true") }
            if let trace { out.write(trace) }
            out.write(UInt8(ascii: "}"))
        }
    }

    /// The most bytes of a delivery besides its strings, touches and details: its keys (about 160
    /// bytes) and its time.
    private static let deliveryBound = 256 &+ ByteWriter.numberBound
    /// The most bytes of a touch's details besides its id and phase: the keys (about 100 bytes), the
    /// tap count and five numbers.
    private static let detailBound = 128 &+ ByteWriter.integerBound &+ 5 &* ByteWriter.numberBound

    /// The most bytes ``touchID(_:to:)`` writes for `id`.
    private static func touchIDBound(_ id: TouchID) -> Int {
        switch id {
        case .number: return ByteWriter.integerBound
        case .name(let name): return ByteWriter.jsonStringBound(name)
        }
    }

    /// Writes a transition as one CSV row ending with `\n` (see ``CSVRenderer``).
    ///
    /// - Parameter trace: the quoted trace cell and its comma, written first when several traces
    ///   are analyzed.
    /// - Parameter extended: the scene has controls or scroll views: the row ends with the cells of
    ///   their columns (``CSVRenderer/extendedColumns``).
    mutating func csvRow(_ record: TransitionRecord, trace: [UInt8]?, extended: Bool = false, to out: inout ByteBuffer) {
        let members = names.members(of: record)
        // `reason` holds the cause of a `began` or `recognized` row (a record has one or the other).
        let reason = record.reason ?? record.cause
        var bound = Self.csvRowBound &+ members.count &+ (trace?.count ?? 0)
        if let direction = record.direction { bound &+= ByteWriter.csvFieldBound(direction) }
        if let reason { bound &+= ByteWriter.csvFieldBound(reason) }
        out.write(upTo: bound) { out in
            if let trace { out.write(trace) }
            out.number(record.t)
            out.write(members)
            out.write(record.state.literal)
            out.write(UInt8(ascii: ","))
            Self.cell(record.location?.x, to: &out)
            Self.cell(record.location?.y, to: &out)
            if let touches = record.touches { out.integer(touches) }
            out.write(UInt8(ascii: ","))
            Self.cell(record.translation?.x, to: &out)
            Self.cell(record.translation?.y, to: &out)
            switch record.velocity {
            case .vector(let velocity)?:
                Self.cell(velocity.x, to: &out)
                Self.cell(velocity.y, to: &out)
                Self.cell(record.scale, to: &out)
                Self.cell(record.rotation, to: &out)
                out.write(UInt8(ascii: ","))
            case .scalar(let velocity)?:
                out.write(",,")
                Self.cell(record.scale, to: &out)
                Self.cell(record.rotation, to: &out)
                Self.cell(velocity, to: &out)
            case nil:
                out.write(",,")
                Self.cell(record.scale, to: &out)
                Self.cell(record.rotation, to: &out)
                out.write(UInt8(ascii: ","))
            }
            if let direction = record.direction { out.csvField(direction) }
            out.write(UInt8(ascii: ","))
            if let taps = record.taps { out.integer(taps) }
            out.write(UInt8(ascii: ","))
            if let reason { out.csvField(reason) }
            if extended { out.write(",transition,,,,,,,,") }
            out.write(UInt8(ascii: "\n"))
        }
    }

    /// The most bytes of a CSV row besides its strings: commas, the state, the extended columns,
    /// eight numbers and two integers.
    private static let csvRowBound = 64 &+ 8 &* ByteWriter.numberBound &+ 2 &* ByteWriter.integerBound

    /// A number cell and the comma after it; an absent value is an empty cell.
    @inline(__always)
    static func cell(_ value: Double?, to out: inout ByteWriter) {
        if let value { out.number(value) }
        out.write(UInt8(ascii: ","))
    }

    /// A number cell and the comma after it; an absent value is an empty cell.
    @inline(__always)
    static func cell(_ value: Double?, to out: inout ByteBuffer) {
        if let value { out.appendNumber(value) }
        out.append(UInt8(ascii: ","))
    }

    /// A touch id as the trace spells it: a number, or a string.
    static func touchID(_ id: TouchID, to out: inout ByteBuffer) {
        out.write(upTo: touchIDBound(id)) { touchID(id, to: &$0) }
    }

    /// A touch id as the trace spells it, into a record's room.
    static func touchID(_ id: TouchID, to out: inout ByteWriter) {
        switch id {
        case .number(let n): out.integer(n)
        case .name(let s): out.jsonString(s)
        }
    }
}

/// A JSON member, `KEY` (with its comma and colon, such as `,"scale":`) and the value, written only
/// when there is a value. Inlined and specialized, so the records are written as by the straight-line
/// code it replaced.
extension ByteBuffer {
    @inline(__always)
    mutating func appendMember<Value: JSONMemberValue>(_ key: StaticString, _ value: Value?) {
        guard let value else { return }
        append(key)
        value.appendJSON(to: &self)
    }
}

/// A value that ``ByteBuffer/appendMember(_:_:)`` writes.
protocol JSONMemberValue {
    /// Appends the value as JSON.
    func appendJSON(to out: inout ByteBuffer)
}

extension Double: JSONMemberValue {
    @inline(__always) func appendJSON(to out: inout ByteBuffer) { out.appendNumber(self) }
}

extension Int: JSONMemberValue {
    @inline(__always) func appendJSON(to out: inout ByteBuffer) { out.appendInteger(self) }
}

extension String: JSONMemberValue {
    @inline(__always) func appendJSON(to out: inout ByteBuffer) { out.appendJSONString(self) }
}

extension Point: JSONMemberValue {
    /// `{"x":…,"y":…}`.
    @inline(__always)
    func appendJSON(to out: inout ByteBuffer) {
        out.append("{\"x\":")
        out.appendNumber(x)
        out.append(",\"y\":")
        out.appendNumber(y)
        out.append(UInt8(ascii: "}"))
    }
}

extension ByteWriter {
    /// `KEY` (with its comma and colon, such as `,"location":`) and `{"x":…,"y":…}`.
    @inline(__always)
    mutating func member(_ key: StaticString, _ point: Point) {
        write(key)
        write("{\"x\":")
        number(point.x)
        write(",\"y\":")
        number(point.y)
        write(UInt8(ascii: "}"))
    }

    /// `KEY` and the number.
    @inline(__always)
    mutating func member(_ key: StaticString, _ value: Double) {
        write(key)
        number(value)
    }

    /// `KEY` and the quoted string.
    @inline(__always)
    mutating func member(_ key: StaticString, _ value: String) {
        write(key)
        jsonString(value)
    }
}
