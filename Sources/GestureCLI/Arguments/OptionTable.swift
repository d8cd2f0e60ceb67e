/// One option of a command: its spelling, what value it takes, and its line of help.
///
/// The same value drives parsing, the usage line and `--help`, so they cannot disagree.
struct Option {
    /// What follows the option.
    enum Value {
        /// Nothing: the option is a flag.
        case none
        /// Any text, shown as `placeholder` in help (`--scene FILE`).
        case argument(placeholder: String)
        /// One of a fixed list of words (`--format text|jsonl|json|csv`).
        case choice([String])
    }

    /// The long name without its dashes: `format` is spelled `--format`.
    var name: String
    /// A one-letter spelling, `-h`, if any.
    var shortName: Character?
    /// The option's value.
    var value: Value
    /// One line of help: what the option does.
    var help: String
    /// Whether the command cannot run without it: usage lines show it without brackets.
    var isRequired = false

    /// Creates an option.
    init(_ name: String, short shortName: Character? = nil, _ value: Value = .none, required: Bool = false, help: String) {
        self.name = name
        self.shortName = shortName
        self.value = value
        self.help = help
        isRequired = required
    }

    /// `-h`/`--help`, which every command has.
    static let help = Option("help", short: "h", help: "show this help")

    /// `--name`.
    var spelling: String { "--" + name }

    /// The option with its value as usage lines show it: `--format text|jsonl|json|csv`.
    var signature: String {
        switch value {
        case .none: return spelling
        case .argument(let placeholder): return spelling + " " + placeholder
        case .choice(let words): return spelling + " " + words.joined(separator: "|")
        }
    }

    /// The left column of `--help`: `-h, --help` or `--format text|jsonl|json|csv`.
    var helpLabel: String {
        guard let shortName else { return signature }
        return "-\(shortName), " + signature
    }
}

/// What a command takes after its options: `TRACE...`, `[COMMAND]`.
struct Operands {
    /// The synopsis shown in usage lines.
    var synopsis: String
    /// The name used in messages: "missing TRACE".
    var name: String
    /// The fewest operands the command accepts.
    var minimum: Int
    /// The most operands the command accepts; nil means no limit.
    var maximum: Int?
    /// The words an operand may be, when it is one of a fixed list (for completions).
    var words: [String]? = nil

    /// One or more of `name`: `TRACE...`.
    static func oneOrMore(_ name: String) -> Operands {
        Operands(synopsis: name + "...", name: name, minimum: 1, maximum: nil)
    }

    /// At most one `name`: `[COMMAND]`.
    static func optional(_ name: String) -> Operands {
        Operands(synopsis: "[\(name)]", name: name, minimum: 0, maximum: 1)
    }

    /// No operands.
    static let none = Operands(synopsis: "", name: "", minimum: 0, maximum: 0)
}

/// The options of one command, in the order its help lists them; `-h`/`--help` is always last.
struct OptionTable {
    /// The options, `--help` included.
    let options: [Option]

    /// Creates a table of `options` plus `-h`/`--help`.
    init(_ options: [Option]) {
        precondition(
            Set(options.map(\.name)).count == options.count, "OptionTable: an option name is listed twice in \(options.map(\.name))")
        self.options = options + [.help]
    }

    /// The option spelled `--name`, if any.
    func option(named name: String) -> Option? { options.first { $0.name == name } }

    /// The option spelled `-c`, if any.
    func option(short: Character) -> Option? { options.first { $0.shortName == short } }

    /// Every option but `--help` as the usage line shows it: `[--strict] [--format text|jsonl]`.
    var synopsis: String { synopsisTokens.joined(separator: " ") }

    /// The parts of ``synopsis``, one per option, for wrapping.
    var synopsisTokens: [String] {
        options.filter { $0.name != Option.help.name }.map { $0.isRequired ? $0.signature : "[\($0.signature)]" }
    }

    /// The options section of `--help`: labels on the left, help in an aligned column wrapped at
    /// 80 characters; a label too long for the column gets its help on the next line.
    var helpText: String {
        let width = min(options.map(\.helpLabel.count).max() ?? 0, 30)
        let margin = String(repeating: " ", count: width + 5)
        return options.map { option in
            let help = option.help.wrapped(width: 80 - margin.count).split(separator: "\n").map { margin + $0 }
            let label = "  " + option.helpLabel
            guard label.count < margin.count - 1, let first = help.first else {
                return ([label] + help).joined(separator: "\n")
            }
            return ([label.padding(to: margin.count) + first.dropFirst(margin.count)] + help.dropFirst()).joined(separator: "\n")
        }.joined(separator: "\n")
    }
}

extension String {
    /// The string followed by spaces up to `width` characters (unchanged when already as long).
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
