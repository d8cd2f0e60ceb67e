import GestureKit

/// Reads a CSV trace: a header row naming the columns in any order, then one sample per row.
///
/// Fields follow RFC 4180 (double quotes around a field that holds commas, quotes or line breaks; a quote
/// inside is doubled); an empty cell means the key is absent. Lines starting with `#` are comments, and
/// `# screen: WIDTHxHEIGHT` sets the screen; it must come before the first sample so that the header is
/// known before any sample is. Blank lines are ignored. Columns `x-...` are ignored; `t` is required.
struct CSVReader: FormatReader {
    private enum Column {
        case key(SampleKey)
        case ignored

        var key: SampleKey? {
            if case .key(let key) = self { return key }
            return nil
        }

        var isKey: Bool { key != nil }
    }

    /// A column as the fast path sees it: its key, the key's bit and how its cells are read.
    private struct FastColumn {
        enum Action: UInt8 {
            /// `t`: converted, its literal kept.
            case t
            /// x, y, force, radius: converted, or only checked when values are not needed.
            case checkedNumber
            /// `id`: a small integer converted on the way, anything else once its end is known.
            case id
            /// `phase`: a known phase word on the way, anything else once its end is known.
            case phase
            /// `type`, `subtype`: once the cell's end is known.
            case other
            /// An `x-` column.
            case ignored
        }

        var action: Action
        var key: SampleKey
        var bit: UInt16

        init(_ column: Column) {
            guard case .key(let key) = column else {
                self.action = .ignored
                self.key = .t
                self.bit = 0
                return
            }
            self.key = key
            self.bit = key.bit
            switch key {
            case .t: action = .t
            case .x, .y, .force, .radius: action = .checkedNumber
            case .id: action = .id
            case .phase: action = .phase
            case .type, .subtype: action = .other
            }
        }
    }

    /// The longest field accepted, in bytes.
    static let maximumFieldLength = 1 << 20
    /// The most columns accepted.
    static let maximumColumns = 1024

    private var s: ByteScanner
    private var columns: [Column] = []
    /// What the fast path does with each column's cells (`columns`, planned once).
    private var fastColumns: [FastColumn] = []
    /// Whether the header row starts `t,id,phase,x,y` (`readCanonicalPrefix`).
    private var canonicalPrefix = false
    /// Whether the header row is `t,id,phase,x,y,force,radius` (`readForceAndRadius`).
    private var canonicalForceRadius = false
    /// Whether the header row has a column for each key (indexed by `SampleKey.rawValue`).
    private var hasColumn = [Bool](repeating: false, count: SampleKey.allCases.count)
    private var header = TraceHeader()
    var fastPathEnabled = true
    var valuesNeeded = true
    private(set) var fastSampleCount = 0
    private var preambleRead = false
    private var headerRowRead = false
    private var sawDataRow = false
    private var pendingRow = false
    private var done = false

    // The current row: cell `i` is `cells[cellStarts[i]..<cellEnds[i]]`, starting at `cellPositions[i]`.
    private var cells: [UInt8] = []
    private var cellStarts: [Int] = []
    private var cellEnds: [Int] = []
    private var cellPositions: [SourcePosition] = []
    private var rowStart = SourcePosition(line: 1, column: 1)
    private var comment: [UInt8] = []

    init(_ scanner: ByteScanner) {
        s = scanner
        cells.reserveCapacity(256)
    }

    var columnExists: [Bool]? { preambleRead ? hasColumn : nil }

    mutating func start() throws(TraceError) {
        try s.skipByteOrderMark()
    }

    mutating func readHeader() throws(TraceError) -> TraceHeader {
        if !preambleRead { try readPreamble() }
        return header
    }

    mutating func readSample(into fields: inout SampleFields) throws(TraceError) -> Bool {
        if !preambleRead { try readPreamble() }
        if pendingRow {
            pendingRow = false
        } else {
            guard !done else { return false }
            if fastPathEnabled, readFastRow(into: &fields) {
                fastSampleCount &+= 1
                return true
            }
            guard try nextRow() else {
                done = true
                return false
            }
        }
        try convertRow(into: &fields)
        return true
    }

    /// The fast path (see `FastCursor`): one data row of unquoted ASCII cells with the header row's number of
    /// fields, converted straight from the buffer; false, consuming nothing, for anything else (a blank or
    /// comment line, a quoted field, a cell the general reader would reject, the end of the buffer).
    ///
    /// Out of line: inlined into `readSample`, with the general reader's calls around it, it executed 4% more
    /// instructions per row (callgrind).
    @inline(never)
    private mutating func readFastRow(into fields: inout SampleFields) -> Bool {
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
        let xStart = q
        if skipAllowed && q.pointee != UInt8(ascii: "-"), let afterX = NumberParser.skipShort(q) {
            q = afterX
        } else {
            guard let afterX = NumberParser.scanShort(q, &value) else { return nil }
            fields.x = value
            q = afterX
        }
        guard q.pointee == UInt8(ascii: ",") else { return nil }
        q += 1
        let yStart = q
        if skipAllowed && q.pointee != UInt8(ascii: "-"), let afterY = NumberParser.skipShort(q) {
            q = afterY
        } else {
            guard let afterY = NumberParser.scanShort(q, &value) else { return nil }
            fields.y = value
            q = afterY
        }
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
        var value = 0.0
        var present: UInt16 = 0
        let forceStart = q
        if q.pointee != UInt8(ascii: ",") {
            guard q.pointee != UInt8(ascii: "-") else { return nil }
            if skipAllowed {
                guard let next = NumberParser.skipShort(q) else { return nil }
                q = next
            } else {
                guard let next = NumberParser.scanShort(q, &value) else { return nil }
                fields.force = value
                q = next
            }
            present |= SampleKey.force.bit
        }
        guard q.pointee == UInt8(ascii: ",") else { return nil }
        q += 1
        let radiusStart = q
        let first = q.pointee
        if first != 0x0A && first != 0x0D {
            guard first != UInt8(ascii: "-") else { return nil }
            if skipAllowed {
                guard let next = NumberParser.skipShort(q) else { return nil }
                q = next
            } else {
                guard let next = NumberParser.scanShort(q, &value) else { return nil }
                fields.radius = value
                q = next
            }
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
            guard let type = FastBytes.type(cell) else { return false }
            fields.type = type
        case .subtype:
            fields.subtype.removeAll(keepingCapacity: true)
            fields.subtype.append(contentsOf: cell)
        }
        return true
    }

    /// Reads the comments, the header row and the first data row (kept pending), so the header is complete.
    private mutating func readPreamble() throws(TraceError) {
        preambleRead = true
        guard try nextRow() else {
            throw s.error("missing header row: expected the column names, such as t,id,phase,x,y")
        }
        try defineColumns()
        headerRowRead = true
        if try nextRow() {
            sawDataRow = true
            pendingRow = true
        } else {
            done = true
        }
    }

    // MARK: Lines and fields

    /// Skips blank and comment lines and reads the next row's cells; false at the end of the input.
    private mutating func nextRow() throws(TraceError) -> Bool {
        while let byte = try s.peek() {
            switch byte {
            case 0x0A:
                s.consumeNewline()
            case 0x0D:
                try consumeCarriageReturn()
            case UInt8(ascii: "#"):
                try readComment()
            default:
                try readRow()
                return true
            }
        }
        return false
    }

    /// Consumes `\r\n`, or throws for a carriage return alone.
    private mutating func consumeCarriageReturn() throws(TraceError) {
        guard try s.peek(at: 1) == 0x0A else {
            throw s.error("carriage return not followed by a line feed (lines end with LF or CRLF)")
        }
        s.pos &+= 1
        s.consumeNewline()
    }

    /// Reads one row's cells, through its line break.
    private mutating func readRow() throws(TraceError) {
        rowStart = s.position
        cells.removeAll(keepingCapacity: true)
        cellStarts.removeAll(keepingCapacity: true)
        cellEnds.removeAll(keepingCapacity: true)
        cellPositions.removeAll(keepingCapacity: true)
        var index = 0
        while true {
            let at = s.position
            if headerRowRead {
                guard index < columns.count else {
                    throw s.error("row has more fields than the header row's \(columns.count) column\(columns.count == 1 ? "" : "s")", at: at)
                }
            } else if index >= Self.maximumColumns {
                throw s.error("more than \(Self.maximumColumns) columns", at: at)
            }
            let store = !headerRowRead || columns[index].isKey
            cellStarts.append(cells.count)
            if try s.peek() == UInt8(ascii: "\"") {
                try readQuotedField(store: store, at: at)
            } else {
                try readUnquotedField(store: store, at: at)
            }
            cellEnds.append(cells.count)
            cellPositions.append(at)
            index += 1
            switch try s.peek() {
            case UInt8(ascii: ",")?:
                s.pos &+= 1
                continue
            case 0x0A?:
                s.consumeNewline()
            case 0x0D?:
                try consumeCarriageReturn()
            case nil:
                break
            default:
                throw s.error("expected ',' or end of line after a quoted field, found \(try s.foundDescription())")
            }
            break
        }
        if headerRowRead && index < columns.count {
            throw s.error("row has \(index) field\(index == 1 ? "" : "s") but the header row has \(columns.count) column\(columns.count == 1 ? "" : "s")",
                at: rowStart)
        }
    }

    /// Reads an unquoted field up to the comma or line break that ends it.
    private mutating func readUnquotedField(store: Bool, at: SourcePosition) throws(TraceError) {
        var length = 0
        while true {
            let buffer = s.buffer
            let end = s.end
            var i = s.pos
            while i < end {
                let byte = buffer[i]
                if byte < 0x20 || byte >= 0x80 || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") {
                    if byte != 0x09 { break }
                }
                i &+= 1
            }
            let run = i &- s.pos
            if run > 0 {
                if store { cells.append(contentsOf: UnsafeBufferPointer(start: buffer + s.pos, count: run)) }
                length &+= run
                s.pos = i
                if length > Self.maximumFieldLength {
                    throw s.error("field longer than \(Self.maximumFieldLength) bytes", at: at)
                }
            }
            guard i < end else {
                if try !s.fill() { return }
                continue
            }
            let byte = buffer[i]
            switch byte {
            case UInt8(ascii: ","), 0x0A, 0x0D:
                return
            case UInt8(ascii: "\""):
                throw s.error("'\"' in an unquoted field (quote the whole field and double each '\"' inside it)")
            case 0..<0x20:
                throw s.error("control character \(Messages.scalarName(UInt32(byte))) in a field")
            default:
                let before = s.offset
                let position = s.position
                guard try s.consumeUTF8Sequence(into: &cells, store: store) else {
                    throw s.error("invalid UTF-8 in a field", at: position)
                }
                length &+= s.offset &- before
            }
        }
    }

    /// Reads a quoted field from its opening quote through its closing quote.
    private mutating func readQuotedField(store: Bool, at: SourcePosition) throws(TraceError) {
        s.pos &+= 1
        var length = 0
        while true {
            let buffer = s.buffer
            let end = s.end
            var i = s.pos
            while i < end {
                let byte = buffer[i]
                if byte == UInt8(ascii: "\"") || byte >= 0x80 || (byte < 0x20 && byte != 0x09 && byte != 0x0D) {
                    break
                }
                i &+= 1
            }
            let run = i &- s.pos
            if run > 0 {
                if store { cells.append(contentsOf: UnsafeBufferPointer(start: buffer + s.pos, count: run)) }
                length &+= run
                s.pos = i
            }
            if length > Self.maximumFieldLength {
                throw s.error("field longer than \(Self.maximumFieldLength) bytes", at: at)
            }
            guard i < end else {
                if try !s.fill() { throw s.error("unterminated quoted field (missing closing '\"')", at: at) }
                continue
            }
            let byte = buffer[i]
            switch byte {
            case UInt8(ascii: "\""):
                if try s.peek(at: 1) == UInt8(ascii: "\"") {
                    if store { cells.append(byte) }
                    s.pos &+= 2
                    length &+= 1
                } else {
                    s.pos &+= 1
                    return
                }
            case 0x0A:
                if store { cells.append(byte) }
                s.consumeNewline()
                length &+= 1
            case 0..<0x20:
                throw s.error("control character \(Messages.scalarName(UInt32(byte))) in a field")
            default:
                let before = s.offset
                let position = s.position
                guard try s.consumeUTF8Sequence(into: &cells, store: store) else {
                    throw s.error("invalid UTF-8 in a field", at: position)
                }
                length &+= s.offset &- before
            }
        }
    }

    // MARK: Comments

    /// Reads a comment line (not its line break), applying a `# screen: WxH` directive.
    private mutating func readComment() throws(TraceError) {
        let line = s.position.line
        s.pos &+= 1
        comment.removeAll(keepingCapacity: true)
        var tooLong = false
        while true {
            let buffer = s.buffer
            let end = s.end
            var i = s.pos
            while i < end, buffer[i] != 0x0A { i &+= 1 }
            // Enough for any screen directive TraceWriter writes: a double in plain decimal can take more
            // than 300 characters (5e-324 is "0." and 324 digits).
            let room = 1024 - comment.count
            if i - s.pos > room { tooLong = true }
            comment.append(contentsOf: UnsafeBufferPointer(start: buffer + s.pos, count: min(room, i - s.pos)))
            s.pos = i
            if i < end { break }
            if try !s.fill() { break }
        }
        if comment.last == 0x0D { comment.removeLast() }
        try applyScreenDirective(line: line, truncated: tooLong)
    }

    /// Applies `comment` as a screen directive if it is one (`screen:` after optional spaces).
    private mutating func applyScreenDirective(line: Int, truncated: Bool) throws(TraceError) {
        var j = 0
        func skipSpaces() {
            while j < comment.count, comment[j] == 0x20 || comment[j] == 0x09 { j += 1 }
        }
        skipSpaces()
        let word = Array("screen".utf8)
        guard comment.count >= j + word.count, comment[j..<(j + word.count)].elementsEqual(word) else { return }
        j += word.count
        skipSpaces()
        guard j < comment.count, comment[j] == UInt8(ascii: ":") else { return }
        j += 1
        skipSpaces()
        let valueStart = j
        var valueEnd = comment.count
        while valueEnd > valueStart, comment[valueEnd - 1] == 0x20 || comment[valueEnd - 1] == 0x09 { valueEnd -= 1 }
        let lineStart = SourcePosition(line: line, column: 1)
        guard !sawDataRow else {
            throw s.error("\"# screen:\" must come before the first sample", at: lineStart)
        }
        guard header.screen == nil else {
            throw s.error("duplicate \"# screen:\" comment", at: lineStart)
        }
        let value = Array(comment[valueStart..<valueEnd])
        let at = SourcePosition(line: line, column: valueStart + 2)
        guard !truncated, let size = Self.parseSize(value) else {
            throw s.error(
                "invalid screen size \(Messages.quoted(value)): expected WIDTHxHEIGHT in points, "
                    + "as in \"# screen: 390x844\"", at: at)
        }
        header.screen = size
    }

    /// `WIDTHxHEIGHT` with positive finite numbers.
    private static func parseSize(_ text: [UInt8]) -> Size? {
        guard let x = text.firstIndex(of: UInt8(ascii: "x")) else { return nil }
        guard case .value(let width, _) = NumberParser.parse(Array(text[..<x])), width > 0,
            case .value(let height, _) = NumberParser.parse(Array(text[(x + 1)...])), height > 0
        else { return nil }
        return Size(width: width, height: height)
    }

    // MARK: Columns and cells

    /// Defines the columns from the header row's cells.
    private mutating func defineColumns() throws(TraceError) {
        for i in 0..<cellStarts.count {
            let name = Array(cells[cellStarts[i]..<cellEnds[i]])
            if let key = SampleKey(name) {
                guard !hasColumn[key.rawValue] else {
                    throw s.error("duplicate column \"\(key.name)\"", at: cellPositions[i])
                }
                hasColumn[key.rawValue] = true
                columns.append(.key(key))
            } else if name.starts(with: "x-".utf8) {
                columns.append(.ignored)
            } else {
                throw s.error(
                    "unknown column \(Messages.quoted(name))"
                        + SampleKey.parenthesis(for: name, note: "extension columns start with \"x-\""),
                    at: cellPositions[i])
            }
        }
        guard hasColumn[SampleKey.t.rawValue] else {
            throw s.error("the header row has no \"t\" column", at: rowStart)
        }
        fastColumns = columns.map(FastColumn.init)
        canonicalPrefix = columns.count >= 5 && columns[0..<5].elementsEqual(
            [SampleKey.t, .id, .phase, .x, .y].map { Column.key($0) }) { $0.key == $1.key }
        canonicalForceRadius = canonicalPrefix && columns.count == 7 && columns[5].key == .force
            && columns[6].key == .radius
    }

    /// Converts the current row's cells into `fields`.
    private mutating func convertRow(into fields: inout SampleFields) throws(TraceError) {
        fields.begin(at: rowStart)
        for (i, column) in columns.enumerated() {
            guard case .key(let key) = column else { continue }
            let at = cellPositions[i]
            fields.keyPositions[key.rawValue] = at
            fields.valuePositions[key.rawValue] = at
            let range = cellStarts[i]..<cellEnds[i]
            guard !range.isEmpty else { continue }
            switch key {
            case .t, .x, .y, .force, .radius:
                let value: Double
                switch cells.withUnsafeBufferPointer({ NumberParser.parse(UnsafeBufferPointer(rebasing: $0[range])) }) {
                case .value(let number, _):
                    value = number
                case .outOfRange:
                    throw s.error(
                        "number \(Messages.literal(Array(cells[range]))) is out of range (numbers must be finite)", at: at)
                case .invalid:
                    throw s.error("\"\(key.name)\" must be a number, found \(Messages.quoted(Array(cells[range])))", at: at)
                }
                switch key {
                case .t:
                    fields.t = value
                    cells.withUnsafeBufferPointer { fields.tLiteral.set(UnsafeBufferPointer(rebasing: $0[range])) }
                case .x: fields.x = value
                case .y: fields.y = value
                default:
                    guard value >= 0 else {
                        throw s.error("\"\(key.name)\" must be >= 0, found \(Messages.literal(Array(cells[range])))", at: at)
                    }
                    if key == .force { fields.force = value } else { fields.radius = value }
                }
            case .id:
                let parsed = cells.withUnsafeBufferPointer { NumberParser.parse(UnsafeBufferPointer(rebasing: $0[range])) }
                switch parsed {
                case .value(_, isInteger: true):
                    guard let integer = cells.withUnsafeBufferPointer({
                        NumberParser.integer(UnsafeBufferPointer(rebasing: $0[range]))
                    }) else {
                        throw s.error("touch id \(Messages.literal(Array(cells[range]))) is out of range", at: at)
                    }
                    fields.id = .number(integer)
                case .value, .outOfRange:
                    throw s.error(
                        "\"id\" must be an integer or a string, found \(Messages.literal(Array(cells[range])))", at: at)
                case .invalid:
                    fields.id = .name(String(decoding: cells[range], as: UTF8.self))
                }
            case .phase:
                guard let phase = Vocabulary.phases.lookup(cells, range) else {
                    throw s.error(Vocabulary.unknownPhase(Array(cells[range])), at: at)
                }
                fields.phase = phase
            case .type:
                guard let type = Vocabulary.types.lookup(cells, range) else {
                    throw s.error(Vocabulary.unknownType(Array(cells[range])), at: at)
                }
                fields.type = type
            case .subtype:
                fields.subtype.removeAll(keepingCapacity: true)
                fields.subtype.append(contentsOf: cells[range])
            }
            fields.present |= key.bit
        }
    }
}
