import GestureKit

/// The fast path's sample object: a JSON sample read straight from the buffer by `FastCursor` (keys
/// matched a word at a time, the canonical member order tried first), or nil, having consumed nothing,
/// for the general reader to read the same record (see `FastCursor` for the contract).
extension FastCursor {
    /// The 8 bytes at `q` as a little-endian word (`end - q >= 8`).
    @inline(__always)
    func word(_ q: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(q).loadUnaligned(as: UInt64.self))
    }

    /// Recognizes a sample key with its closing quote, the opening quote at `p`, by whole words; moves past
    /// the closing quote. Nil (nothing consumed) for any other key, or too near the end of the buffer.
    ///
    /// The first byte picks the key; the word then has to hold its name and `"`.
    @inline(__always)
    mutating func knownKey() -> SampleKey? {
        let q = p + 1
        guard end - q >= 8 else {
            // Near the end of the input: byte by byte.
            let saved = p
            guard let name = plainString(), let key = SampleKey(name) else {
                p = saved
                return nil
            }
            return key
        }
        let w = word(q)
        // The key, then its name and `"` as a little-endian word (`0x2274` is `t"`) and their length.
        let key: SampleKey
        let quoted: UInt64
        let length: Int
        switch UInt8(truncatingIfNeeded: w) {
        case UInt8(ascii: "t") where w & 0xFFFF == 0x2274: (key, quoted, length) = (.t, 0x2274, 2)
        case UInt8(ascii: "t"): (key, quoted, length) = (.type, 0x22_6570_7974, 5)
        case UInt8(ascii: "x"): (key, quoted, length) = (.x, 0x2278, 2)
        case UInt8(ascii: "y"): (key, quoted, length) = (.y, 0x2279, 2)
        case UInt8(ascii: "i"): (key, quoted, length) = (.id, 0x22_6469, 3)
        case UInt8(ascii: "p"): (key, quoted, length) = (.phase, 0x2265_7361_6870, 6)
        case UInt8(ascii: "f"): (key, quoted, length) = (.force, 0x2265_6372_6F66, 6)
        case UInt8(ascii: "r"): (key, quoted, length) = (.radius, 0x22_7375_6964_6172, 7)
        case UInt8(ascii: "s"): (key, quoted, length) = (.subtype, 0x2265_7079_7462_7573, 8)
        default: return nil
        }
        let mask: UInt64 = length == 8 ? ~0 : (1 &<< UInt64(truncatingIfNeeded: length &* 8)) &- 1
        guard w & mask == quoted else { return nil }
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
            // Bytes 3 to 10, within the 11 the guard leaves (a word at q + 8 read past the buffer's end).
            let tail = word(q + 3) >> 40
            if w == 0x616E_6F69_7461_7473 && tail & 0xFF_FFFF == 0x22_7972 {  // stationa ry"
                phase = .stationary
                length = 11
            } else if w == 0x656C_6C65_636E_6163 && tail & 0xFFFF == 0x2264 {  // cancelle d"
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
        // , "x": number (checked only, when nothing needs the value and it has no sign). The x and y
        // members stay written out for speed: the compiler did not inline a shared method into this
        // function (+2.1 M instructions, 5%, of `validate` on the 2 MB JSON Lines sample), nor a local
        // function (+4.9 M, 13%).
        guard S.separator(&q, UInt8(ascii: ",")) else { return false }
        let xKey = q
        guard Self.key(&q, 0x22_7822, mask: 0xFF_FFFF, length: 3), S.separator(&q, UInt8(ascii: ":")) else {
            return false
        }
        let xValue = q
        let scanX = valuesNeeded || q.pointee == UInt8(ascii: "-")
        guard let afterX = scanX ? NumberParser.scanShort(q, &fields.x) : NumberParser.skipShort(q) else { return false }
        // , "y": number
        q = afterX
        guard S.separator(&q, UInt8(ascii: ",")) else { return false }
        let yKey = q
        guard Self.key(&q, 0x22_7922, mask: 0xFF_FFFF, length: 3), S.separator(&q, UInt8(ascii: ":")) else {
            return false
        }
        let yValue = q
        let scanY = valuesNeeded || q.pointee == UInt8(ascii: "-")
        guard let afterY = scanY ? NumberParser.scanShort(q, &fields.y) : NumberParser.skipShort(q) else { return false }
        q = afterY
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
            guard p.pointee == UInt8(ascii: "\""), let name = plainString(), let type = Vocabulary.types.lookup(name) else {
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
