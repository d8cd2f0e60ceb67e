import GestureKit

/// Reads a CSV trace: a header row naming the columns in any order, then one sample per row.
///
/// Fields follow RFC 4180 (double quotes around a field that holds commas, quotes or line breaks; a quote
/// inside is doubled); an empty cell means the key is absent. Lines starting with `#` are comments, and
/// `# screen: WIDTHxHEIGHT` sets the screen; it must come before the first sample so that the header is
/// known before any sample is. Blank lines are ignored. Columns `x-...` are ignored; `t` is required.
struct CSVReader: FormatReader {
    enum Column {
        case key(SampleKey)
        case ignored

        var key: SampleKey? {
            if case .key(let key) = self { return key }
            return nil
        }

        var isKey: Bool { key != nil }
    }

    /// A column as the fast path sees it: its key, the key's bit and how its cells are read.
    struct FastColumn {
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

    var s: ByteScanner
    var columns: [Column] = []
    /// What the fast path does with each column's cells (`columns`, planned once).
    var fastColumns: [FastColumn] = []
    /// Whether the header row starts `t,id,phase,x,y` (`readCanonicalPrefix`).
    var canonicalPrefix = false
    /// Whether the header row is `t,id,phase,x,y,force,radius` (`readForceAndRadius`).
    var canonicalForceRadius = false
    /// Whether the header row has a column for each key (indexed by `SampleKey.rawValue`).
    private var hasColumn = [Bool](repeating: false, count: SampleKey.allCases.count)
    var header = TraceHeader()
    var fastPathEnabled = true
    var valuesNeeded = true
    private(set) var fastSampleCount = 0
    private var preambleRead = false
    var headerRowRead = false
    var sawDataRow = false
    private var pendingRow = false
    private var done = false

    // The current row: cell `i` is `cells[cellStarts[i]..<cellEnds[i]]`, starting at `cellPositions[i]`.
    var cells: [UInt8] = []
    var cellStarts: [Int] = []
    var cellEnds: [Int] = []
    var cellPositions: [SourcePosition] = []
    var rowStart = SourcePosition(line: 1, column: 1)
    var comment: [UInt8] = []
    /// Whether a comment line was read (an input of blank lines only is empty; one of comments needs its header row).
    var sawComment = false

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

    /// Reads the comments, the header row and the first data row (kept pending), so the header is complete.
    private mutating func readPreamble() throws(TraceError) {
        preambleRead = true
        // An empty file (or blank lines only) is a trace without samples, in every encoding
        // (`--allow-empty` lets it pass); comments without a header row are not.
        if try s.peek() == nil {
            done = true
            return
        }
        guard try nextRow() else {
            if !sawComment {
                done = true
                return
            }
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
