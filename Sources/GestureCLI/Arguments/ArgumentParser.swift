import GestureTrace

/// The result of parsing one command's arguments against its ``OptionTable``.
struct ParsedArguments: Equatable {
    /// The values given to each option, by name, in order; a flag gets one empty string per use.
    var values: [String: [String]] = [:]
    /// The arguments that are not options, in order (`-` included: it means standard input).
    var operands: [String] = []

    /// Whether the option was given.
    func isSet(_ name: String) -> Bool { values[name] != nil }

    /// The option's last value (a later option overrides an earlier one), or nil.
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value given to the option, in order.
    func allValues(_ name: String) -> [String] { values[name] ?? [] }
}

/// Parses a command's arguments: `--name value`, `--name=value`, flags, `-h`, `--` and operands.
///
/// - A value option takes the next argument as its value whatever it looks like.
/// - `-` alone is an operand (standard input); everything after `--` is an operand.
/// - Unknown options, missing values and words outside an option's choices are usage errors,
///   with a "Did you mean …?" suggestion when a known spelling is close.
enum ArgumentParser {
    /// Parses `arguments` (the words after the command's name).
    ///
    /// - Throws: ``UsageError`` naming the first problem found.
    static func parse(_ arguments: [String], table: OptionTable, operands: Operands) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var onlyOperands = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyOperands || argument == "-" || !argument.hasPrefix("-") {
                parsed.operands.append(argument)
                continue
            }
            if argument == "--" {
                onlyOperands = true
                continue
            }
            let (option, inlineValue) = try lookUp(argument, in: table)
            switch option.value {
            case .none:
                if inlineValue != nil { throw UsageError("option '\(option.spelling)' does not take a value") }
                parsed.values[option.name, default: []].append("")
            case .argument, .choice:
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw UsageError("option '\(option.spelling)' needs a value: \(valueDescription(option))")
                }
                if case .choice(let words) = option.value, !words.contains(value) {
                    throw UsageError(
                        "invalid value '\(value)' for '\(option.spelling)': expected \(listing(words))",
                        suggestion: Suggestions.didYouMean(value, among: words))
                }
                parsed.values[option.name, default: []].append(value)
            }
        }
        if parsed.isSet(Option.help.name) { return parsed }
        if parsed.operands.count < operands.minimum {
            throw UsageError("missing \(operands.name)")
        }
        if let maximum = operands.maximum, parsed.operands.count > maximum {
            let extra = parsed.operands[maximum]
            throw UsageError(maximum == 0 ? "unexpected argument '\(extra)'" : "too many arguments: '\(extra)'")
        }
        return parsed
    }

    /// Finds the option an argument spells, with the value given after `=` if any.
    private static func lookUp(_ argument: String, in table: OptionTable) throws(UsageError) -> (Option, String?) {
        if argument.hasPrefix("--") {
            let body = argument.dropFirst(2)
            let name = body.prefix { $0 != "=" }
            let value = name.endIndex < body.endIndex ? String(body[body.index(after: name.endIndex)...]) : nil
            if let option = table.option(named: String(name)) { return (option, value) }
            throw unknown("--" + name, table)
        }
        if argument.count == 2, let letter = argument.last, let option = table.option(short: letter) {
            return (option, nil)
        }
        throw unknown(argument, table)
    }

    private static func unknown(_ spelling: String, _ table: OptionTable) -> UsageError {
        UsageError(
            "unknown option '\(spelling)'",
            suggestion: Suggestions.didYouMean(spelling, among: table.options.map(\.spelling)))
    }

    private static func valueDescription(_ option: Option) -> String {
        switch option.value {
        case .none: return "none"
        case .argument(let placeholder): return placeholder
        case .choice(let words): return listing(words)
        }
    }

    /// `a, b or c`.
    static func listing(_ words: [String]) -> String {
        guard words.count > 1, let last = words.last else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }
}
