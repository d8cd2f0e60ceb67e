import GestureKit

/// The keys of a sample, which are also the CSV column names.
enum SampleKey: Int, CaseIterable {
    case t, id, phase, x, y, force, radius, type, subtype

    /// Names other recorders use for these keys, which no edit distance finds (`time` is three
    /// edits from `t`).
    private static let otherNames: [String: String] = [
        "time": "t", "timestamp": "t", "ts": "t", "touch": "id", "finger": "id", "pointer": "id", "touchid": "id",
        "state": "phase", "action": "phase", "pressure": "force", "size": "radius", "majorradius": "radius",
    ]

    /// The parenthesis of an unknown key or column: ` (did you mean "t"? NOTE)`, or ` (NOTE)`.
    static func parenthesis(for unknown: [UInt8], note: String) -> String {
        let word = String(decoding: unknown, as: UTF8.self)
        if let known = otherNames[word.lowercased()] { return " (did you mean \"\(known)\"? \(note))" }
        return Suggestions.parenthesis(word, among: allCases.map(\.name), note: note)
    }

    /// The key as written.
    var name: String {
        switch self {
        case .t: return "t"
        case .id: return "id"
        case .phase: return "phase"
        case .x: return "x"
        case .y: return "y"
        case .force: return "force"
        case .radius: return "radius"
        case .type: return "type"
        case .subtype: return "subtype"
        }
    }

    /// The bit of this key in `SampleFields.present`.
    @inline(__always)
    var bit: UInt16 { 1 &<< UInt16(truncatingIfNeeded: rawValue) }

    /// The key spelled by `bytes`, nil for any other key.
    init?<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) {
        switch bytes.count {
        case 1:
            switch bytes.first {
            case UInt8(ascii: "t"): self = .t
            case UInt8(ascii: "x"): self = .x
            case UInt8(ascii: "y"): self = .y
            default: return nil
            }
        case 2:
            guard bytes.first == UInt8(ascii: "i"), bytes.last == UInt8(ascii: "d") else { return nil }
            self = .id
        default:
            guard let key = Self.longKeys.lookup(bytes) else { return nil }
            self = key
        }
    }

    private static let longKeys = ByteNameTable([SampleKey.phase, .force, .radius, .type, .subtype]) { $0.name }
}

/// What a sample is about: the `type` key.
enum SampleType: String, CaseIterable {
    case touch, motion, remoteControl, application

    /// "touch sample", "motion sample", ... for messages.
    var noun: String { rawValue + " sample" }

    /// "a touch sample", "an application sample", ... for messages.
    var nounWithArticle: String { (self == .application ? "an " : "a ") + noun }
}

/// Finds an enum case by its raw value spelled in UTF-8 bytes, without creating strings.
struct ByteNameTable<Value> {
    private let entries: [(bytes: [UInt8], value: Value)]

    /// Creates a table of `values` named by `name`.
    init(_ values: [Value], name: (Value) -> String) {
        entries = values.map { (Array(name($0).utf8), $0) }
    }

    /// The value named `bytes`.
    func lookup(_ bytes: [UInt8]) -> Value? {
        for entry in entries where entry.bytes == bytes { return entry.value }
        return nil
    }

    /// The value named by `bytes` (the fast paths' buffers, for one).
    func lookup<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Value? {
        for entry in entries where entry.bytes.elementsEqual(bytes) { return entry.value }
        return nil
    }

    /// The value named by `bytes[range]`.
    func lookup(_ bytes: [UInt8], _ range: Range<Int>) -> Value? {
        for entry in entries where entry.bytes.elementsEqual(bytes[range]) { return entry.value }
        return nil
    }
}

extension ByteNameTable: Sendable where Value: Sendable {}

/// The name tables of the sample vocabulary.
enum Vocabulary {
    static let phases = ByteNameTable(TouchPhase.allCases) { $0.rawValue }
    static let types = ByteNameTable(SampleType.allCases) { $0.rawValue }
    static let motionSubtypes = ByteNameTable(MotionSubtype.allCases) { $0.rawValue }
    static let remoteControlSubtypes = ByteNameTable(RemoteControlSubtype.allCases) { $0.rawValue }
    static let applicationSubtypes = ByteNameTable(ApplicationSubtype.allCases) { $0.rawValue }

    /// `unknown phase "X" (expected ...)`.
    static func unknownPhase(_ bytes: [UInt8]) -> String {
        let names = TouchPhase.allCases.map(\.rawValue)
        return "unknown phase \(Messages.quoted(bytes))"
            + Suggestions.parenthesis(String(decoding: bytes, as: UTF8.self), among: names, note: "expected \(Messages.choices(names))")
    }

    /// `unknown type "X" (expected ...)`.
    static func unknownType(_ bytes: [UInt8]) -> String {
        let names = SampleType.allCases.map(\.rawValue)
        return "unknown type \(Messages.quoted(bytes))"
            + Suggestions.parenthesis(String(decoding: bytes, as: UTF8.self), among: names, note: "expected \(Messages.choices(names))")
    }
}

/// The positions of the sample keys, one slot per `SampleKey`, stored inline (no array, no allocation).
struct KeyPositions {
    private var slots: (
        SourcePosition, SourcePosition, SourcePosition, SourcePosition, SourcePosition, SourcePosition,
        SourcePosition, SourcePosition, SourcePosition
    )

    init() {
        let p = SourcePosition(line: 1, column: 1)
        slots = (p, p, p, p, p, p, p, p, p)
    }

    /// The position of the key (or value) whose `SampleKey.rawValue` is `index`.
    /// The slot of `key`: in range by construction (nine keys, nine slots), so unchecked.
    subscript(key key: SampleKey) -> SourcePosition {
        @inline(__always) get {
            withUnsafeBytes(of: slots) {
                $0.load(fromByteOffset: key.rawValue &* MemoryLayout<SourcePosition>.stride, as: SourcePosition.self)
            }
        }
        @inline(__always) set {
            withUnsafeMutableBytes(of: &slots) {
                $0.storeBytes(
                    of: newValue, toByteOffset: key.rawValue &* MemoryLayout<SourcePosition>.stride,
                    as: SourcePosition.self)
            }
        }
    }

    subscript(index: Int) -> SourcePosition {
        @inline(__always) get {
            precondition(index >= 0 && index < 9)
            return withUnsafeBytes(of: slots) {
                $0.load(fromByteOffset: index &* MemoryLayout<SourcePosition>.stride, as: SourcePosition.self)
            }
        }
        @inline(__always) set {
            precondition(index >= 0 && index < 9)
            withUnsafeMutableBytes(of: &slots) {
                $0.storeBytes(
                    of: newValue, toByteOffset: index &* MemoryLayout<SourcePosition>.stride, as: SourcePosition.self)
            }
        }
    }
}

/// A number literal as written, kept for messages: its first `Messages.maximumQuotedLength` bytes and its
/// length, inline (copying one costs no allocation).
struct LiteralText {
    private var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    /// The length of the whole literal.
    private(set) var count = 0
    private static let kept = 64

    init() {}

    /// A literal of `bytes`.
    init(_ bytes: UnsafeBufferPointer<UInt8>) { set(bytes) }

    /// Replaces the text by `bytes`.
    @inline(__always)
    mutating func set(_ bytes: UnsafeBufferPointer<UInt8>) {
        count = bytes.count
        let n = min(bytes.count, Self.kept)
        guard n > 0, let base = bytes.baseAddress else { return }
        withUnsafeMutableBytes(of: &storage) { raw in
            // Word by word: literals are short, and this is cheaper than a call to memcpy.
            let target = raw.baseAddress!
            let source = UnsafeRawPointer(base)
            var i = 0
            while i &+ 8 <= n {
                let word = source.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                target.storeBytes(of: word, toByteOffset: i, as: UInt64.self)
                i &+= 8
            }
            while i < n {
                target.storeBytes(of: source.load(fromByteOffset: i, as: UInt8.self), toByteOffset: i, as: UInt8.self)
                i &+= 1
            }
        }
    }

    /// Replaces the text by the `count` bytes at `base`, for the fast paths: at most 32, with 32 bytes readable
    /// at `base`. Copies four whole words (the bytes past `count` are never read), no byte at a time.
    @inline(__always)
    mutating func setShort(_ base: UnsafePointer<UInt8>, count: Int) {
        self.count = count
        let source = UnsafeRawPointer(base)
        storage.0 = source.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
        storage.1 = source.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        storage.2 = source.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
        storage.3 = source.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
    }

    /// Whether the bytes at `base` (32 readable) start with this whole literal, of 1 to 24 bytes, followed by a
    /// byte that cannot continue a number: the same literal again (the samples of one event share their `t`).
    @inline(__always)
    func isRepeated(at base: UnsafePointer<UInt8>) -> Bool {
        guard count > 0 && count <= 24, !NumberParser.isNumberByte(base[count]) else { return false }
        let source = UnsafeRawPointer(base)
        let difference0 = source.loadUnaligned(fromByteOffset: 0, as: UInt64.self) ^ storage.0
        let difference1 = source.loadUnaligned(fromByteOffset: 8, as: UInt64.self) ^ storage.1
        let difference2 = source.loadUnaligned(fromByteOffset: 16, as: UInt64.self) ^ storage.2
        return difference0 & Self.mask(count) | difference1 & Self.mask(count &- 8)
            | difference2 & Self.mask(count &- 16) == 0
    }

    /// The mask of a word's first `n` bytes (none below 1, all from 8).
    @inline(__always)
    private static func mask(_ n: Int) -> UInt64 {
        n >= 8 ? ~0 : n <= 0 ? 0 : (1 &<< UInt64(8 &* n)) &- 1
    }

    /// Replaces the text by `bytes`.
    mutating func set(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { set($0) }
    }

    /// The literal for a message, cut as `Messages.literal(_:)` cuts it.
    var text: String {
        withUnsafeBytes(of: storage) { raw in
            let kept = UnsafeBufferPointer(
                start: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), count: min(count, Self.kept))
            return Messages.literal(Array(kept), length: count)
        }
    }
}

/// The fields of one sample as read, before validation: values, and the positions of keys and values.
///
/// One value is reused for every sample (reset by `begin(at:)`), so reading allocates nothing per sample.
/// In CSV the key position and the value position are both the cell's.
struct SampleFields {
    /// Where the sample starts: its `{` or the start of its CSV row.
    var start = SourcePosition(line: 1, column: 1)
    /// One bit per `SampleKey` given.
    var present: UInt16 = 0
    /// The position of each key (indexed by `SampleKey.rawValue`).
    var keyPositions = KeyPositions()
    /// The position of each value.
    var valuePositions = KeyPositions()

    var t = 0.0
    /// `t` as written, for messages.
    var tLiteral = LiteralText()
    var id = TouchID.number(0)
    var phase = TouchPhase.began
    var x = 0.0
    var y = 0.0
    var force = 0.0
    var radius = 0.0
    var type = SampleType.touch
    /// The subtype as written; its meaning depends on `type`, which may come later.
    var subtype: [UInt8] = []

    init() {
        subtype.reserveCapacity(32)
    }

    /// Fields for the sample after `previous`, holding its `t` and literal (so that a repeated `t` is not
    /// converted again) and no room for a subtype (nothing allocated: a JSON document's read-ahead queues one
    /// per sample).
    init(after previous: borrowing SampleFields) {
        t = previous.t
        tLiteral = previous.tLiteral
    }

    /// Starts a new sample at `position`.
    @inline(__always)
    mutating func begin(at position: SourcePosition) {
        start = position
        present = 0
        type = .touch
    }

    /// `id = .number(n)`, without destroying the previous id when it is a number too (the common case): the
    /// plain store went through the outlined destroy of a `TouchID` at every row.
    @inline(__always)
    mutating func setNumberID(_ n: Int) {
        if case .number = id {
            // The old value holds no reference: overwritten without a destroy.
            withUnsafeMutablePointer(to: &id) { $0.initialize(to: .number(n)) }
        } else {
            id = .number(n)
        }
    }

    /// Whether `key` was given.
    @inline(__always)
    func has(_ key: SampleKey) -> Bool { present & key.bit != 0 }

    /// Records that `key` was given, with its positions.
    @inline(__always)
    mutating func mark(_ key: SampleKey, key keyPosition: SourcePosition, value valuePosition: SourcePosition) {
        present |= key.bit
        keyPositions[key.rawValue] = keyPosition
        valuePositions[key.rawValue] = valuePosition
    }
}
