/// The options of one `check` run, checked and typed.
struct CheckSettings: Sendable {
    /// The PATH operands as given (`-`: read more paths from standard input).
    var paths: [String]
    /// `--update`: write the golden files instead of comparing with them.
    var update: Bool
    /// `--jobs N`: how many traces are analyzed at once.
    var jobs: Int
    /// `--shard K/N`: the slice of the sorted traces this run takes.
    var shard: Shard
    /// `--junit FILE`.
    var junitFile: String?
    /// `--html FILE`.
    var htmlFile: String?
    /// `--report`.
    var report: CheckReportFormat
    /// `--tolerance X`: the largest absolute difference between two numbers that still match; nil
    /// when not given (the corpus's config or ``defaultTolerance`` applies).
    var tolerance: Double?
    /// `--tolerance NAME=X` (repeatable; `NAME=none`: not compared): tolerances of figures.
    var figureTolerances: [String: Double?] = [:]
    /// `--level`: how much each golden file keeps; nil when not given (the corpus's config, else
    /// `everything`).
    var level: GoldenLevel?
    /// `--update` under CI without `--force`: the message refusing it (exit 77).
    var refusal: String?
    /// `--deliveries`: analyze every trace with its deliveries. Without it each golden file decides:
    /// one whose records carry `"type"` (written with deliveries) is compared with them.
    var deliveries: Bool
    /// `--allow-empty`: traces without samples pass.
    var allowsEmpty: Bool
    /// `--prune` (with `--update`): delete the orphaned golden files.
    var prune: Bool
    /// `--fragile PERCENT`: report the traces whose outcome changes within this much perturbation
    /// (docs/margins.md); nil: no margins are searched.
    var fragile: Double?
    /// `--fragile-fails`: a fragile trace makes the exit status 1.
    var fragileFails = false

    /// The default `--tolerance`: one unit in the sixth decimal place, the last one printed, so that
    /// a last digit rounded the other way on another machine still matches.
    static let defaultTolerance = 1e-6

    /// Reads the parsed arguments.
    ///
    /// - Parameters:
    ///   - variables: the environment; `--update` refuses to run when `CI` is set and not empty,
    ///     unless `--force` is given.
    ///   - processorCount: the default for `--jobs`.
    /// - Throws: ``UsageError`` for a bad `--jobs`, `--shard` or `--tolerance` value, `--force`
    ///   without `--update`, `--junit -`, or `-` given twice. (`--update` under CI without
    ///   `--force` sets ``refusal``.)
    init(_ arguments: ParsedArguments, variables: [String: String], processorCount: Int) throws(UsageError) {
        paths = try TraceInputs.paths(arguments.operands)
        update = arguments.isSet("update")
        let force = arguments.isSet("force")
        if force, !update { throw UsageError("'--force' applies only with '--update'") }
        if update, !force, let ci = variables["CI"], !ci.isEmpty {
            refusal =
                "refusing to rewrite golden files because CI is set (CI=\(ci)): a CI run checks the goldens; "
                + "bless changes on a workstation, or pass '--force' to update anyway"
        }
        jobs = max(1, processorCount)
        if let text = arguments.value("jobs") {
            guard let value = Int(text), value >= 1 else {
                throw UsageError("invalid value '\(text)' for '--jobs': expected a whole number of at least 1")
            }
            jobs = value
        }
        shard = try arguments.value("shard").map { text throws(UsageError) in try Shard(parsing: text) } ?? .whole
        junitFile = arguments.value("junit")
        if junitFile == "-" {
            throw UsageError("'--junit' needs a file name: standard output carries the report")
        }
        htmlFile = arguments.value("html")
        if htmlFile == "-" {
            throw UsageError("'--html' needs a file name: standard output carries the report")
        }
        report = arguments.value("report").flatMap(CheckReportFormat.init(rawValue:)) ?? .text
        deliveries = arguments.isSet("deliveries")
        allowsEmpty = arguments.isSet("allow-empty")
        prune = arguments.isSet("prune")
        if prune, !update { throw UsageError("'--prune' applies only with '--update'") }
        if let text = arguments.value("fragile") {
            guard let value = Double(text), value.isFinite, value > 0 else {
                throw UsageError("invalid value '\(text)' for '--fragile': expected a percentage above 0, such as 5")
            }
            fragile = value
        }
        if fragile != nil, report == .json {
            throw UsageError("'--fragile' reports in the text and github formats; '--report json' keeps standard output one JSON document")
        }
        fragileFails = arguments.isSet("fragile-fails")
        if fragileFails, fragile == nil { throw UsageError("'--fragile-fails' applies only with '--fragile PERCENT'") }
        for text in arguments.allValues("tolerance") {
            let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let number = String(parts.last ?? "")
            if parts.count == 2, number == "none", !parts[0].isEmpty {
                figureTolerances[String(parts[0])] = .some(nil)
                continue
            }
            guard let value = Double(number), value.isFinite, value >= 0, parts.count == 1 || !parts[0].isEmpty else {
                throw UsageError(
                    "invalid value '\(text)' for '--tolerance': expected a number of at least 0, such as 0.001, "
                        + "or FIGURE=X for one figure, such as velocity=5 or contentOffset.y=0.5 (FIGURE=none: not compared)")
            }
            if parts.count == 2 { figureTolerances[String(parts[0])] = value } else { tolerance = value }
        }
        level = arguments.value("level").flatMap(GoldenLevel.init(rawValue:))
    }
}

/// `--shard K/N`: the K-th of N interleaved slices of the sorted trace list.
///
/// Trace number `i` of the sorted list (from 0) belongs to shard `i mod N + 1`, so shards 1 to N
/// together take every trace exactly once, and their sizes differ by at most one.
///
/// ```swift
/// let shard = try Shard(parsing: "2/3")
/// shard.select(["a", "b", "c", "d", "e"])   // ["b", "e"]
/// ```
struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// K, from 1.
    var index: Int
    /// N, at least 1.
    var count: Int

    /// The whole list: `1/1`.
    static let whole = Shard(index: 1, count: 1)

    /// Creates a shard; `index` must lie in `1...count`.
    init(index: Int, count: Int) {
        precondition(count >= 1 && (1...count).contains(index), "Shard: \(index)/\(count) is not a shard")
        self.index = index
        self.count = count
    }

    /// Reads `K/N`.
    ///
    /// - Throws: ``UsageError`` unless K and N are whole numbers with 1 ≤ K ≤ N.
    init(parsing text: String) throws(UsageError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw UsageError("invalid value '\(text)' for '--shard': expected K/N, such as 2/4")
        }
        guard count >= 1 else { throw UsageError("invalid value '\(text)' for '--shard': N must be at least 1") }
        guard (1...count).contains(index) else {
            throw UsageError("invalid value '\(text)' for '--shard': K must be between 1 and N (\(count))")
        }
        self.init(index: index, count: count)
    }

    /// Whether the item at `position` (from 0) of the sorted list belongs to this shard.
    func contains(position: Int) -> Bool { position % count == index - 1 }

    /// This shard's items of `items`, in their order.
    func select<T>(_ items: [T]) -> [T] {
        items.indices.filter(contains(position:)).map { items[$0] }
    }

    /// `K/N`.
    var description: String { "\(index)/\(count)" }
}
