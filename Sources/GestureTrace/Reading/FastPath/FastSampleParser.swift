#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GestureKit

/// The readers' fast path: a sample read straight from the bytes in the buffer, in one pass, without
/// copying keys, strings or number literals.
///
/// The fast path accepts only the common, valid form of a record that lies wholly in the buffer: known keys
/// without escapes, each once; numbers that `NumberParser.scanValue` takes; plain ASCII strings; known
/// phases and types; extension keys with a string, number, `true`, `false` or `null` value (CSV rows have
/// their own fast path in `CSVReader`). Anything else (a nested extension value, an escape, a non-ASCII
/// byte, a syntax or vocabulary error, a record cut by the end of the buffer) makes it give up having
/// consumed nothing, and the general reader reads the same record from its start, with its exact messages.
/// So the fast path never changes a result: it only decides sooner. `SampleFields` written before giving
/// up are reset by the general reader (`begin(at:)`) and rewritten.
///
/// The cursor tracks lines like `ByteScanner` does; the caller copies it back only on success.
struct FastCursor {
    /// The scanner's buffer and its end.
    let buffer: UnsafePointer<UInt8>
    let end: UnsafePointer<UInt8>
    /// The input offset of `buffer[0]`.
    let base: Int
    var line: Int
    var lineStart: Int
    var lineExtra: Int
    /// The next byte.
    var p: UnsafePointer<UInt8>
    /// Whether x, y, force and radius need their values (`FormatReader.valuesNeeded`).
    var valuesNeeded = true

    /// A cursor over any bytes (tests).
    init(
        buffer: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, base: Int, line: Int, lineStart: Int, lineExtra: Int,
        p: UnsafePointer<UInt8>
    ) {
        self.buffer = buffer
        self.end = end
        self.base = base
        self.line = line
        self.lineStart = lineStart
        self.lineExtra = lineExtra
        self.p = p
    }

    /// A cursor at the scanner's next byte.
    @inline(__always)
    init(_ s: ByteScanner) {
        buffer = UnsafePointer(s.buffer)
        end = buffer + s.end
        base = s.base
        line = s.line
        lineStart = s.lineStart
        lineExtra = s.lineExtra
        p = buffer + s.pos
    }

    /// Whether the next byte exists and is `byte`.
    @inline(__always)
    func at(_ byte: UInt8) -> Bool { p < end && p.pointee == byte }

    /// The position of `q` on the current line.
    @inline(__always)
    func position(_ q: UnsafePointer<UInt8>) -> SourcePosition {
        SourcePosition(line: line, column: base &+ (q - buffer) &- lineStart &- lineExtra &+ 1)
    }

    /// Consumes the `\n` at `p`.
    @inline(__always)
    mutating func newline() {
        p += 1
        line &+= 1
        lineStart = base &+ (p - buffer)
        lineExtra = 0
    }

    /// Skips spaces, tabs, carriage returns and, when `newlines`, line feeds; false at a line feed that is
    /// not allowed.
    @inline(__always)
    mutating func skipWhitespace(newlines: Bool) -> Bool {
        while p < end {
            let byte = p.pointee
            if byte > 0x20 { return true }
            if byte == 0x20 || byte == 0x09 || byte == 0x0D {
                p += 1
            } else if byte == 0x0A {
                guard newlines else { return false }
                newline()
            } else {
                return true
            }
        }
        return true
    }

    /// Skips spaces, tabs and carriage returns.
    @inline(__always)
    mutating func skipSpaces() {
        while p < end {
            let byte = p.pointee
            guard byte == 0x20 || byte == 0x09 || byte == 0x0D else { return }
            p += 1
        }
    }

    /// Copies the cursor back into the scanner: the bytes up to `p` are consumed.
    @inline(__always)
    func commit(to s: inout ByteScanner) {
        s.pos = p - buffer
        s.line = line
        s.lineStart = lineStart
        s.lineExtra = lineExtra
    }

    /// Scans a string of printable ASCII without escapes whose opening quote is at `p`; returns its bytes
    /// (the cursor after the closing quote), or nil for any other string (or one longer than the general
    /// reader accepts).
    @inline(__always)
    mutating func plainString() -> UnsafeBufferPointer<UInt8>? {
        var q = p + 1
        let start = q
        while q < end {
            let byte = q.pointee
            if byte == 0x22 {
                guard q - start <= JSONScanner.maximumStringLength else { return nil }
                p = q + 1
                return UnsafeBufferPointer(start: start, count: q - start)
            }
            if byte == 0x5C || byte < 0x20 || byte >= 0x80 { return nil }
            q += 1
        }
        return nil
    }
}

/// Byte comparisons for the fast paths.
enum FastBytes {
    /// Whether `bytes` spell `word` (ASCII).
    @inline(__always)
    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        bytes.count == word.utf8CodeUnitCount
            && (bytes.count == 0 || memcmp(bytes.baseAddress!, word.utf8Start, bytes.count) == 0)
    }

    /// The sample key spelled by `bytes`, nil for any other key.
    @inline(__always)
    static func sampleKey(_ bytes: UnsafeBufferPointer<UInt8>) -> SampleKey? {
        let b = bytes.baseAddress!
        switch bytes.count {
        case 1:
            switch b[0] {
            case UInt8(ascii: "t"): return .t
            case UInt8(ascii: "x"): return .x
            case UInt8(ascii: "y"): return .y
            default: return nil
            }
        case 2:
            return b[0] == UInt8(ascii: "i") && b[1] == UInt8(ascii: "d") ? .id : nil
        case 4:
            return equal(bytes, "type") ? .type : nil
        case 5:
            if equal(bytes, "phase") { return .phase }
            return equal(bytes, "force") ? .force : nil
        case 6:
            return equal(bytes, "radius") ? .radius : nil
        case 7:
            return equal(bytes, "subtype") ? .subtype : nil
        default:
            return nil
        }
    }

    /// The phase spelled by `bytes`.
    @inline(__always)
    static func phase(_ bytes: UnsafeBufferPointer<UInt8>) -> TouchPhase? {
        switch bytes.count {
        case 5:
            if equal(bytes, "moved") { return .moved }
            if equal(bytes, "began") { return .began }
            return equal(bytes, "ended") ? .ended : nil
        case 10:
            return equal(bytes, "stationary") ? .stationary : nil
        case 9:
            return equal(bytes, "cancelled") ? .cancelled : nil
        default:
            return nil
        }
    }

    /// The phase whose name starts at `p` (before `end`) and its length; what follows is not checked.
    @inline(__always)
    static func phaseWord(at p: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) -> (TouchPhase, Int)? {
        guard end - p >= 16 else { return nil }
        let w = UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
        switch w & 0xFF_FFFF_FFFF {
        case 0x64_6576_6F6D: return (.moved, 5)  // moved
        case 0x6E_6167_6562: return (.began, 5)  // began
        case 0x64_6564_6E65: return (.ended, 5)  // ended
        default:
            let next = UInt64(littleEndian: UnsafeRawPointer(p + 8).loadUnaligned(as: UInt64.self))
            if w == 0x616E_6F69_7461_7473 && next & 0xFFFF == 0x7972 { return (.stationary, 10) }  // stationa ry
            if w == 0x656C_6C65_636E_6163 && next & 0xFF == 0x64 { return (.cancelled, 9) }  // cancelle d
            return nil
        }
    }

    /// The sample type spelled by `bytes`.
    @inline(__always)
    static func type(_ bytes: UnsafeBufferPointer<UInt8>) -> SampleType? {
        if equal(bytes, "touch") { return .touch }
        if equal(bytes, "motion") { return .motion }
        if equal(bytes, "remoteControl") { return .remoteControl }
        return equal(bytes, "application") ? .application : nil
    }

    /// A touch id of plain decimal digits at `p` (no sign, no leading zero, at most 18 digits) followed, before
    /// `end`, by a byte that cannot continue a number; nil otherwise.
    @inline(__always)
    static func smallInteger(at p: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) -> (Int, UnsafePointer<UInt8>)? {
        var q = p
        var value = 0
        while q < end {
            let digit = q.pointee &- 0x30
            if digit >= 10 { break }
            value = value &* 10 &+ Int(digit)
            q += 1
        }
        let count = q - p
        guard count > 0, count <= 18, q < end, !NumberParser.isNumberByte(q.pointee),
            count == 1 || p.pointee != UInt8(ascii: "0")
        else { return nil }
        return (value, q)
    }

    /// A touch id of plain decimal digits (no sign, no leading zero, at most 18 digits), nil otherwise.
    @inline(__always)
    static func smallInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let n = bytes.count
        guard n > 0, n <= 18 else { return nil }
        let b = bytes.baseAddress!
        if b[0] == UInt8(ascii: "0") && n > 1 { return nil }
        var value = 0
        for i in 0..<n {
            let digit = b[i] &- 0x30
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int(digit)
        }
        return value
    }
}

extension FastCursor {
    /// The 8 bytes at `q` as a little-endian word (`end - q >= 8`).
    @inline(__always)
    func word(_ q: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(q).loadUnaligned(as: UInt64.self))
    }

    /// Recognizes a sample key with its closing quote, the opening quote at `p`, by whole words; moves past
    /// the closing quote. Nil (nothing consumed) for any other key, or too near the end of the buffer.
    ///
    /// The constants are the keys' bytes and `"`, little-endian (`0x2274` is `t"`).
    @inline(__always)
    mutating func knownKey() -> SampleKey? {
        let q = p + 1
        guard end - q >= 8 else {
            // Near the end of the input: byte by byte.
            let saved = p
            guard let name = plainString(), let key = FastBytes.sampleKey(name) else {
                p = saved
                return nil
            }
            return key
        }
        let w = word(q)
        let key: SampleKey
        let length: Int
        switch UInt8(truncatingIfNeeded: w) {
        case UInt8(ascii: "t"):
            if w & 0xFFFF == 0x2274 {  // t"
                key = .t
                length = 2
            } else if w & 0xFF_FFFF_FFFF == 0x22_6570_7974 {  // type"
                key = .type
                length = 5
            } else {
                return nil
            }
        case UInt8(ascii: "x"):
            guard w & 0xFFFF == 0x2278 else { return nil }  // x"
            key = .x
            length = 2
        case UInt8(ascii: "y"):
            guard w & 0xFFFF == 0x2279 else { return nil }  // y"
            key = .y
            length = 2
        case UInt8(ascii: "i"):
            guard w & 0xFF_FFFF == 0x22_6469 else { return nil }  // id"
            key = .id
            length = 3
        case UInt8(ascii: "p"):
            guard w & 0xFFFF_FFFF_FFFF == 0x2265_7361_6870 else { return nil }  // phase"
            key = .phase
            length = 6
        case UInt8(ascii: "f"):
            guard w & 0xFFFF_FFFF_FFFF == 0x2265_6372_6F66 else { return nil }  // force"
            key = .force
            length = 6
        case UInt8(ascii: "r"):
            guard w & 0xFF_FFFF_FFFF_FFFF == 0x22_7375_6964_6172 else { return nil }  // radius"
            key = .radius
            length = 7
        case UInt8(ascii: "s"):
            guard w == 0x2265_7079_7462_7573 else { return nil }  // subtype"
            key = .subtype
            length = 8
        default:
            return nil
        }
        p = q + length
        return key
    }

    /// Recognizes a phase string with its quotes, the opening quote at `p`, by whole words; moves past the
    /// closing quote. Nil (nothing consumed) for anything else, or too near the end of the buffer.
    @inline(__always)
    mutating func knownPhase() -> TouchPhase? {
        let q = p + 1
        guard end - q >= 11 else { return nil }
        let w = word(q)
        let phase: TouchPhase
        let length: Int
        switch w & 0xFFFF_FFFF_FFFF {
        case 0x2264_6576_6F6D:  // moved"
            phase = .moved
            length = 6
        case 0x226E_6167_6562:  // began"
            phase = .began
            length = 6
        case 0x2264_6564_6E65:  // ended"
            phase = .ended
            length = 6
        default:
            let next = word(q + 8)
            if w == 0x616E_6F69_7461_7473 && next & 0xFF_FFFF == 0x22_7972 {  // stationa ry"
                phase = .stationary
                length = 11
            } else if w == 0x656C_6C65_636E_6163 && next & 0xFFFF == 0x2264 {  // cancelle d"
                phase = .cancelled
                length = 10
            } else {
                return nil
            }
        }
        p = q + length
        return phase
    }

    /// Reads the sample object whose `{` is at `p` into `fields`; false (give up) for anything but the
    /// common valid form. `newlines` allows line breaks inside the object (JSON documents).
    @inline(__always)
    mutating func sampleObject(into fields: inout SampleFields, newlines: Bool) -> Bool {
        let objectStart = p
        fields.begin(at: position(p))
        // After a member's value: a separator is due before the next member.
        var afterValue = canonicalMembers(into: &fields)
        if !afterValue {
            p = objectStart
            fields.begin(at: position(p))
            p += 1
            guard skipWhitespace(newlines: newlines), p < end else { return false }
            if p.pointee == UInt8(ascii: "}") {
                p += 1
                return true
            }
        }
        while true {
            if afterValue {
                guard skipWhitespace(newlines: newlines), p < end else { return false }
                let byte = p.pointee
                p += 1
                if byte == UInt8(ascii: "}") { return true }
                guard byte == UInt8(ascii: ","), skipWhitespace(newlines: newlines), p < end else { return false }
            }
            afterValue = true
            guard p.pointee == UInt8(ascii: "\"") else { return false }
            let keyPosition = position(p)
            if let key = knownKey() {
                guard !fields.has(key), skipWhitespace(newlines: newlines), at(UInt8(ascii: ":")) else { return false }
                p += 1
                guard skipWhitespace(newlines: newlines), p < end else { return false }
                let valuePosition = position(p)
                guard value(key, into: &fields) else { return false }
                fields.mark(key, key: keyPosition, value: valuePosition)
            } else {
                // An extension key with a scalar value (anything else is the general reader's).
                guard let name = plainString(), name.count >= 2, name[0] == UInt8(ascii: "x"),
                    name[1] == UInt8(ascii: "-"), skipWhitespace(newlines: newlines), at(UInt8(ascii: ":"))
                else { return false }
                p += 1
                guard skipWhitespace(newlines: newlines), p < end, skipScalar() else { return false }
            }
        }
    }

    /// The first five members of a sample object at `p` when it starts `{"t":` short number `,"id":` small
    /// integer `,"phase":"` phase word `","x":` short number `,"y":` short number (the order of gesturectl's
    /// writer, of the spec and of most writers), compact or with one space after the colons and commas (as
    /// Python's `json.dumps` writes), read in straight-line code, the keys by whole words: true with `p` after
    /// the `y` value; false (`fields` partly written, `p` anywhere) for anything else, which `sampleObject`
    /// then reads member by member from the object's start.
    ///
    /// It looks at no more than 170 bytes, and only with at least 256 readable.
    @inline(__always)
    private mutating func canonicalMembers(into fields: inout SampleFields) -> Bool {
        guard end - p >= 256, p.pointee == UInt8(ascii: "{") else { return false }
        // Each spacing has its own straight-line code: with the compact one's constant offsets, the processor
        // overlaps more of the work (one code for both was a quarter slower on compact records).
        if p[5] == 0x20 {
            return canonicalMembers(OneSpace.self, into: &fields)
        }
        return canonicalMembers(Compact.self, into: &fields)
    }

    /// `canonicalMembers` for the spacing `S`.
    @inline(__always)
    private mutating func canonicalMembers<S: MemberSpacing>(_: S.Type, into fields: inout SampleFields) -> Bool {
        var q = p + 1
        var value = 0.0
        // "t": number
        let tKey = q
        guard Self.key(&q, 0x22_7422, mask: 0xFF_FFFF, length: 3), S.separator(&q, UInt8(ascii: ":")) else {
            return false
        }
        let tValue = q
        if fields.tLiteral.isRepeated(at: q) {
            // The previous sample's `t` (the fields hold it with its literal): no conversion.
            q += fields.tLiteral.count
        } else {
            guard let afterT = NumberParser.scanShort(q, &value) else { return false }
            fields.t = value
            fields.tLiteral.setShort(q, count: afterT - q)
            q = afterT
        }
        // , "id": integer
        guard S.separator(&q, UInt8(ascii: ",")) else { return false }
        let idKey = q
        guard Self.key(&q, 0x2264_6922, mask: 0xFFFF_FFFF, length: 4), S.separator(&q, UInt8(ascii: ":")),
            let (id, afterID) = FastBytes.smallInteger(at: q, end: end)
        else { return false }
        fields.setNumberID(id)
        let idValue = q
        q = afterID
        // , "phase": "word"
        guard S.separator(&q, UInt8(ascii: ",")) else { return false }
        let phaseKey = q
        guard Self.key(&q, 0x22_6573_6168_7022, mask: 0xFF_FFFF_FFFF_FFFF, length: 7),
            S.separator(&q, UInt8(ascii: ":")), q.pointee == UInt8(ascii: "\""),
            let (phase, length) = FastBytes.phaseWord(at: q + 1, end: end), q[length + 1] == UInt8(ascii: "\"")
        else { return false }
        fields.phase = phase
        let phaseValue = q
        q += length + 2
        // , "x": number
        guard S.separator(&q, UInt8(ascii: ",")) else { return false }
        let xKey = q
        guard Self.key(&q, 0x22_7822, mask: 0xFF_FFFF, length: 3), S.separator(&q, UInt8(ascii: ":")) else {
            return false
        }
        let xValue = q
        if valuesNeeded || q.pointee == UInt8(ascii: "-") {
            guard let afterX = NumberParser.scanShort(q, &value) else { return false }
            fields.x = value
            q = afterX
        } else {
            guard let afterX = NumberParser.skipShort(q) else { return false }
            q = afterX
        }
        // , "y": number
        guard S.separator(&q, UInt8(ascii: ",")) else { return false }
        let yKey = q
        guard Self.key(&q, 0x22_7922, mask: 0xFF_FFFF, length: 3), S.separator(&q, UInt8(ascii: ":")) else {
            return false
        }
        let yValue = q
        if valuesNeeded || q.pointee == UInt8(ascii: "-") {
            guard let afterY = NumberParser.scanShort(q, &value) else { return false }
            fields.y = value
            q = afterY
        } else {
            guard let afterY = NumberParser.skipShort(q) else { return false }
            q = afterY
        }
        fields.mark(.t, key: position(tKey), value: position(tValue))
        fields.mark(.id, key: position(idKey), value: position(idValue))
        fields.mark(.phase, key: position(phaseKey), value: position(phaseValue))
        fields.mark(.x, key: position(xKey), value: position(xValue))
        fields.mark(.y, key: position(yKey), value: position(yValue))
        p = q
        return true
    }

    /// For `canonicalMembers`: whether the bytes at `q` are the `length` (at most 8) bytes of `pattern`
    /// (little-endian, `mask` covering them); then `q` moves past them.
    @inline(__always)
    private static func key(_ q: inout UnsafePointer<UInt8>, _ pattern: UInt64, mask: UInt64, length: Int) -> Bool {
        guard NumberParser.word(q) & mask == pattern else { return false }
        q += length
        return true
    }

    /// Skips a plain string, a number or `true`, `false`, `null` at `p` (before `end`), as the general reader
    /// would accept it; false for anything else.
    @inline(__always)
    private mutating func skipScalar() -> Bool {
        switch p.pointee {
        case UInt8(ascii: "\""):
            return plainString() != nil
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            let length: Int
            if end - p > 4 && (FastBytes.equal(UnsafeBufferPointer(start: p, count: 4), "true")
                || FastBytes.equal(UnsafeBufferPointer(start: p, count: 4), "null"))
            {
                length = 4
            } else if end - p > 5 && FastBytes.equal(UnsafeBufferPointer(start: p, count: 5), "false") {
                length = 5
            } else {
                return false
            }
            // The general reader reads letters, digits and '_' into the word: none may follow.
            let next = p[length]
            guard !(JSONScanner.isLetter(next) || next &- 0x30 < 10 || next == UInt8(ascii: "_")) else { return false }
            p += length
            return true
        default:
            var value = 0.0
            return number(&value)
        }
    }

    /// Reads a number value at `p` that ends before `end` (and is not longer than the general reader accepts).
    @inline(__always)
    private mutating func number(_ value: inout Double) -> Bool {
        guard let next = NumberParser.scanValue(p, end, &value), next < end,
            next - p <= JSONScanner.maximumNumberLength
        else { return false }
        p = next
        return true
    }

    /// Without `valuesNeeded`, skips a number in `scanShort`'s form without a sign (finite and not negative,
    /// so it passes every check of x, y, force and radius) and returns true; false, consuming nothing, otherwise.
    @inline(__always)
    private mutating func skippedNumber() -> Bool {
        // scanShort's literals are at most 24 bytes, so the byte after one is before `end`.
        guard !valuesNeeded, end - p >= 32, p.pointee != UInt8(ascii: "-"), let next = NumberParser.skipShort(p)
        else { return false }
        p = next
        return true
    }

    /// Reads the value of `key` at `p` (which is before `end`).
    @inline(__always)
    private mutating func value(_ key: SampleKey, into fields: inout SampleFields) -> Bool {
        switch key {
        case .t:
            let start = p
            guard number(&fields.t) else { return false }
            if end - start >= 32 && p - start <= 32 {
                fields.tLiteral.setShort(start, count: p - start)
            } else {
                fields.tLiteral.set(UnsafeBufferPointer(start: start, count: p - start))
            }
        case .x:
            guard skippedNumber() || number(&fields.x) else { return false }
        case .y:
            guard skippedNumber() || number(&fields.y) else { return false }
        case .force:
            guard skippedNumber() || (number(&fields.force) && fields.force >= 0) else { return false }
        case .radius:
            guard skippedNumber() || (number(&fields.radius) && fields.radius >= 0) else { return false }
        case .id:
            if let (integer, next) = FastBytes.smallInteger(at: p, end: end) {
                fields.setNumberID(integer)
                p = next
            } else if p.pointee == UInt8(ascii: "\"") {
                guard let name = plainString() else { return false }
                fields.id = .name(String(decoding: name, as: UTF8.self))
            } else {
                guard let number = NumberParser.scan(p, end), number.next < end, number.isInteger,
                    number.next - p <= JSONScanner.maximumNumberLength
                else { return false }
                let literal = UnsafeBufferPointer(start: p, count: number.next - p)
                guard let integer = NumberParser.integer(literal) else { return false }
                fields.setNumberID(integer)
                p = number.next
            }
        case .phase:
            guard p.pointee == UInt8(ascii: "\""), let phase = knownPhase() ?? plainPhase() else { return false }
            fields.phase = phase
        case .type:
            guard p.pointee == UInt8(ascii: "\""), let name = plainString(), let type = FastBytes.type(name) else {
                return false
            }
            fields.type = type
        case .subtype:
            guard p.pointee == UInt8(ascii: "\""), let name = plainString() else { return false }
            fields.subtype.removeAll(keepingCapacity: true)
            fields.subtype.append(contentsOf: name)
        }
        return true
    }

    /// A phase string at `p` read byte by byte (near the end of the buffer).
    private mutating func plainPhase() -> TouchPhase? {
        let saved = p
        guard let name = plainString(), let phase = FastBytes.phase(name) else {
            p = saved
            return nil
        }
        return phase
    }
}

extension ByteScanner {
    /// How many bytes the fast paths like to have ahead before they start a record.
    static let fastPathLookahead = 4096

    /// Reads another chunk when fewer than `fastPathLookahead` bytes are left, so that the next record is
    /// likely whole in the buffer.
    ///
    /// A read error is not thrown here but left for the general reader to meet when it needs the bytes, as
    /// it would have without the fast path (the records already in the buffer are read first); topping up
    /// stops after one.
    @inline(__always)
    mutating func topUpForFastPath() {
        if end &- pos < Self.fastPathLookahead && !atEOF && !topUpFailed {
            do {
                try fill(ready: true)
            } catch {
                topUpFailed = true
            }
        }
    }
}

/// How `FastCursor.canonicalMembers` expects the colons and commas between members to be spaced.
private protocol MemberSpacing {
    /// Whether `q` is at `byte` spaced this way; then `q` moves past it and its spacing.
    static func separator(_ q: inout UnsafePointer<UInt8>, _ byte: UInt8) -> Bool
}

/// No spaces: `{"t":1,"id":2}`.
private enum Compact: MemberSpacing {
    @inline(__always)
    static func separator(_ q: inout UnsafePointer<UInt8>, _ byte: UInt8) -> Bool {
        guard q.pointee == byte else { return false }
        q += 1
        return true
    }
}

/// At most one space before and after each colon and comma: `{"t": 1, "id": 2}` (Python's `json.dumps`).
private enum OneSpace: MemberSpacing {
    @inline(__always)
    static func separator(_ q: inout UnsafePointer<UInt8>, _ byte: UInt8) -> Bool {
        if q.pointee == 0x20 { q += 1 }
        guard q.pointee == byte else { return false }
        q += 1
        if q.pointee == 0x20 { q += 1 }
        return true
    }
}
