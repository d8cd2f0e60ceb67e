import GestureKit

/// The CSV fast path: a data row of unquoted ASCII cells converted straight from the buffer.
extension CSVReader {
    /// The fast path (see `FastCursor`): one data row of unquoted ASCII cells with the header row's number of
    /// fields, converted straight from the buffer; false, consuming nothing, for anything else (a blank or
    /// comment line, a quoted field, a cell the general reader would reject, the end of the buffer).
    ///
    /// Out of line: inlined into `readSample`, with the general reader's calls around it, it executed 4% more
    /// instructions per row (callgrind).
    @inline(never)
    mutating func readFastRow(into fields: inout SampleFields) -> Bool {
        s.topUpForFastPath()
        let buffer = UnsafePointer(s.buffer)
        let end = buffer + s.end
        let rowStart = buffer + s.pos
        guard rowStart < end else { return false }
        let first = rowStart.pointee
        if first == 0x0A || first == 0x0D || first == UInt8(ascii: "#") { return false }
        // A cell's column is its address plus `columnBias` (the row is on one line, in ASCII).
        let line = s.line
        let columnBias = s.base &- s.lineStart &- s.lineExtra &+ 1 &- Int(bitPattern: buffer)
        fields.begin(at: SourcePosition(line: line, column: Int(bitPattern: rowStart) &+ columnBias))
        let last = fastColumns.count - 1
        guard last >= 0 else { return false }
        let skipAllowed = !valuesNeeded
        var q = rowStart
        var i = 0
        if canonicalPrefix, end - rowStart >= 192,
            let afterY = Self.readCanonicalPrefix(
                rowStart, end, line: line, columnBias: columnBias, skipAllowed: skipAllowed, into: &fields)
        {
            // The prefix's cells are at most 104 bytes long, so `afterY` is before `end`.
            let byte = afterY.pointee
            if last > 4 {
                guard byte == UInt8(ascii: ",") else { return false }
                q = afterY + 1
                i = 5
                if canonicalForceRadius,
                    let rowEnd = Self.readForceAndRadius(
                        q, line: line, columnBias: columnBias, skipAllowed: skipAllowed, into: &fields)
                {
                    q = rowEnd
                    i = 7
                }
            } else {
                guard byte == 0x0A || (byte == 0x0D && afterY[1] == 0x0A) else { return false }
                q = afterY
                i = 5
            }
        }
        while i <= last {
            defer { i &+= 1 }
            let cellStart = q
            // Find the cell's end, converting the common cells on the way (a number, a small integer id, a
            // phase), and the others once their end is known. The number columns share one conversion, stored by
            // key afterwards (a conversion per key was five call sites, none inlined, each with its own spills).
            // A converted cell is not empty, and only a number through `scanOther` can be long.
            var converted = false
            let column = fastColumns[i]
            if column.action != .ignored, q < end, !Self.endsCell(q.pointee) {
                switch column.action {
                case .checkedNumber where skipAllowed && end - q >= 32 && q.pointee != UInt8(ascii: "-"):
                    // Only checking: x, y, force and radius in scanShort's form need no value.
                    if let skipped = NumberParser.skipShort(q) {
                        q = skipped
                        converted = true
                        break
                    }
                    fallthrough
                case .t, .checkedNumber:
                    guard Self.fastNumber(column.key, &q, end, into: &fields) else { return false }
                    converted = true
                case .id:
                    if let (integer, next) = FastBytes.smallInteger(at: q, end: end) {
                        fields.setNumberID(integer)
                        q = next
                        converted = true
                    }
                case .phase:
                    if let (phase, length) = FastBytes.phaseWord(at: q, end: end) {
                        fields.phase = phase
                        q += length
                        converted = true
                    }
                case .other, .ignored:
                    break
                }
                if converted {
                    let at = SourcePosition(line: line, column: Int(bitPattern: cellStart) &+ columnBias)
                    fields.keyPositions[key: column.key] = at
                    fields.valuePositions[key: column.key] = at
                    fields.present |= column.bit
                }
            }
            if !converted {
                while q < end {
                    let byte = q.pointee
                    if byte < 0x20 || byte >= 0x80 || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") {
                        if byte != 0x09 { break }
                    }
                    q += 1
                }
                guard q - cellStart <= Self.maximumFieldLength else { return false }
            }
            if q < end {
                let byte = q.pointee
                if i < last {
                    guard byte == UInt8(ascii: ",") else { return false }
                } else {
                    guard byte == 0x0A || (byte == 0x0D && q + 1 < end && q[1] == 0x0A) else { return false }
                }
            } else {
                guard i == last, s.atEOF else { return false }
            }
            if !converted && column.action != .ignored {
                let at = SourcePosition(line: line, column: Int(bitPattern: cellStart) &+ columnBias)
                fields.keyPositions[key: column.key] = at
                fields.valuePositions[key: column.key] = at
                if q > cellStart {
                    guard Self.fastCell(column.key, UnsafeBufferPointer(start: cellStart, count: q - cellStart), into: &fields)
                    else { return false }
                    fields.present |= column.bit
                }
            }
            if i < last { q += 1 }
        }
        s.pos = q - buffer
        if q < end {
            if q.pointee == 0x0D { s.pos &+= 1 }
            s.pos &+= 1
            s.line = line &+ 1
            s.lineStart = s.base &+ s.pos
            s.lineExtra = 0
        }
        return true
    }

    /// The fast path's first five cells of a row when the header row starts `t,id,phase,x,y` (as gesturectl and
    /// most recorders write it), read in straight-line code: a short `t`, a small integer id, a phase word and
    /// two short numbers, each followed by a comma but `y`; the position after `y`, or nil (`fields` partly
    /// written, nothing consumed) for anything else, which the column loop then reads from the row's start.
    ///
    /// At least 192 bytes are readable at `rowStart`; the cells it takes are at most 104 bytes long together,
    /// each read with no more than 32 bytes readable from its start.
    ///
    /// The number cells here and in `readForceAndRadius` are written out one by one: one helper taking
    /// `&fields.x` and the like executed 4% more instructions per row (callgrind, `validate big.csv`).
    @inline(__always)
    private static func readCanonicalPrefix(
        _ rowStart: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, line: Int, columnBias: Int, skipAllowed: Bool,
        into fields: inout SampleFields
    ) -> UnsafePointer<UInt8>? {
        var q = rowStart
        var value = 0.0
        let afterT: UnsafePointer<UInt8>
        if fields.tLiteral.isRepeated(at: q) {
            // The previous sample's `t` (the fields hold it with its literal): no conversion.
            afterT = q + fields.tLiteral.count
        } else {
            guard let next = NumberParser.scanShort(q, &value) else { return nil }
            fields.t = value
            fields.tLiteral.setShort(q, count: next - q)
            afterT = next
        }
        guard afterT.pointee == UInt8(ascii: ",") else { return nil }
        q = afterT + 1
        let idStart = q
        guard let (id, afterID) = FastBytes.smallInteger(at: q, end: end), afterID.pointee == UInt8(ascii: ",") else {
            return nil
        }
        fields.setNumberID(id)
        q = afterID + 1
        let phaseStart = q
        guard let (phase, length) = FastBytes.phaseWord(at: q, end: end), q[length] == UInt8(ascii: ",") else {
            return nil
        }
        fields.phase = phase
        q += length + 1
        // x and y: checked only when nothing needs the value and it has no sign (`skipShort` takes every
        // `scanShort` literal).
        let xStart = q
        let skipX = skipAllowed && q.pointee != UInt8(ascii: "-")
        guard let afterX = skipX ? NumberParser.skipShort(q) : NumberParser.scanShort(q, &fields.x) else { return nil }
        q = afterX
        guard q.pointee == UInt8(ascii: ",") else { return nil }
        q += 1
        let yStart = q
        let skipY = skipAllowed && q.pointee != UInt8(ascii: "-")
        guard let afterY = skipY ? NumberParser.skipShort(q) : NumberParser.scanShort(q, &fields.y) else { return nil }
        q = afterY
        func store(_ key: SampleKey, _ start: UnsafePointer<UInt8>) {
            let at = SourcePosition(line: line, column: Int(bitPattern: start) &+ columnBias)
            fields.keyPositions[key: key] = at
            fields.valuePositions[key: key] = at
        }
        store(.t, rowStart)
        store(.id, idStart)
        store(.phase, phaseStart)
        store(.x, xStart)
        store(.y, yStart)
        fields.present |= 0x1F
        return q
    }

    /// After `readCanonicalPrefix`, when the header row is exactly `t,id,phase,x,y,force,radius` (what
    /// gesturectl writes when samples have both): the `force` and `radius` cells at `start`, each empty or a
    /// short number without a sign, and the line break after them, in straight-line code; the position of the
    /// line break, or nil (nothing stored) for anything else, which the column loop then reads.
    ///
    /// The row started at least 192 bytes before the buffer's end and at most 105 bytes before `start`: the
    /// cells it takes end at most 50 bytes after `start`, each read with no more than 32 bytes from its start.
    @inline(__always)
    private static func readForceAndRadius(
        _ start: UnsafePointer<UInt8>, line: Int, columnBias: Int, skipAllowed: Bool, into fields: inout SampleFields
    ) -> UnsafePointer<UInt8>? {
        var q = start
        var present: UInt16 = 0
        let forceStart = q
        if q.pointee != UInt8(ascii: ",") {
            // No sign: the general reader reports a negative force or radius.
            guard q.pointee != UInt8(ascii: "-"),
                let next = skipAllowed ? NumberParser.skipShort(q) : NumberParser.scanShort(q, &fields.force)
            else { return nil }
            q = next
            present |= SampleKey.force.bit
        }
        guard q.pointee == UInt8(ascii: ",") else { return nil }
        q += 1
        let radiusStart = q
        let first = q.pointee
        if first != 0x0A && first != 0x0D {
            guard first != UInt8(ascii: "-"),
                let next = skipAllowed ? NumberParser.skipShort(q) : NumberParser.scanShort(q, &fields.radius)
            else { return nil }
            q = next
            present |= SampleKey.radius.bit
        }
        guard q.pointee == 0x0A || (q.pointee == 0x0D && q[1] == 0x0A) else { return nil }
        let force = SourcePosition(line: line, column: Int(bitPattern: forceStart) &+ columnBias)
        fields.keyPositions[key: .force] = force
        fields.valuePositions[key: .force] = force
        let radius = SourcePosition(line: line, column: Int(bitPattern: radiusStart) &+ columnBias)
        fields.keyPositions[key: .radius] = radius
        fields.valuePositions[key: .radius] = radius
        fields.present |= present
        return q
    }

    /// Converts the number at `q` (not empty, before `end`) for the fast path and stores it in the field of
    /// `key` (t, x, y, force or radius), moving `q` past it; false where the general reader would say more.
    @inline(__always)
    private static func fastNumber(
        _ key: SampleKey, _ q: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, into fields: inout SampleFields
    ) -> Bool {
        var value = 0.0
        let next: UnsafePointer<UInt8>
        var short = false
        if end - q >= 32, let shortNext = NumberParser.scanShort(q, &value) {
            next = shortNext
            short = true
        } else {
            guard let other = NumberParser.scanOther(q, end, &value), other - q <= Self.maximumFieldLength else {
                return false
            }
            next = other
        }
        switch key {
        case .t:
            fields.t = value
            // scanShort's literals are at most 25 bytes, with 32 readable.
            if short {
                fields.tLiteral.setShort(q, count: next - q)
            } else {
                fields.tLiteral.set(UnsafeBufferPointer(start: q, count: next - q))
            }
        case .x:
            fields.x = value
        case .y:
            fields.y = value
        case .force:
            guard value >= 0 else { return false }
            fields.force = value
        default:
            guard value >= 0 else { return false }
            fields.radius = value
        }
        q = next
        return true
    }

    /// Whether `byte` ends an unquoted cell that starts with it (an empty cell).
    @inline(__always)
    private static func endsCell(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == 0x0A || byte == 0x0D
    }

    /// Converts one non-empty cell for the fast path as `convertRow` would; false where it would throw.
    ///
    /// Out of line: only the cells the row loop does not convert itself come here (not the common ones), and
    /// inlined, with `NumberParser.scan` inside it, it made the row loop larger and spill more.
    @inline(never)
    private static func fastCell(_ key: SampleKey, _ cell: UnsafeBufferPointer<UInt8>, into fields: inout SampleFields)
        -> Bool
    {
        let start = cell.baseAddress!
        switch key {
        case .t, .x, .y, .force, .radius:
            guard let number = NumberParser.scan(start, start + cell.count), number.next == start + cell.count else {
                return false
            }
            switch key {
            case .t:
                fields.t = number.value
                fields.tLiteral.set(cell)
            case .x: fields.x = number.value
            case .y: fields.y = number.value
            case .force:
                guard number.value >= 0 else { return false }
                fields.force = number.value
            default:
                guard number.value >= 0 else { return false }
                fields.radius = number.value
            }
        case .id:
            if let integer = FastBytes.smallInteger(cell) {
                fields.id = .number(integer)
            } else {
                switch NumberParser.parse(cell) {
                case .value(_, isInteger: true):
                    guard let integer = NumberParser.integer(cell) else { return false }
                    fields.id = .number(integer)
                case .value, .outOfRange:
                    return false
                case .invalid:
                    fields.id = .name(String(decoding: cell, as: UTF8.self))
                }
            }
        case .phase:
            guard let phase = FastBytes.phase(cell) else { return false }
            fields.phase = phase
        case .type:
            guard let type = Vocabulary.types.lookup(cell) else { return false }
            fields.type = type
        case .subtype:
            fields.subtype.removeAll(keepingCapacity: true)
            fields.subtype.append(contentsOf: cell)
        }
        return true
    }
}
