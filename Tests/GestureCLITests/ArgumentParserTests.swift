import GestureTrace
import Testing

@testable import GestureCLI

@Suite struct ArgumentParserTests {
    static let table = OptionTable([
        Option("scene", .argument(placeholder: "FILE"), help: "a scene"),
        Option("format", .choice(["text", "jsonl", "json", "csv"]), help: "a format"),
        Option("strict", help: "be strict"),
        Option("deliveries", help: "deliveries too"),
    ])

    func parse(_ arguments: [String], operands: Operands = .oneOrMore("TRACE")) throws(UsageError) -> ParsedArguments {
        try ArgumentParser.parse(arguments, table: Self.table, operands: operands)
    }
}

extension ArgumentParserTests {
    @Test func parsesFlagsValuesAndOperands() throws {
        let parsed = try parse(["--strict", "a.json", "--format", "csv", "--scene=s.json", "-", "b.csv"])
        #expect(parsed.isSet("strict"))
        #expect(!parsed.isSet("deliveries"))
        #expect(parsed.value("format") == "csv")
        #expect(parsed.value("scene") == "s.json")
        #expect(parsed.operands == ["a.json", "-", "b.csv"])
    }

    @Test func laterValueWins() throws {
        let parsed = try parse(["--format", "csv", "--format=json", "x"])
        #expect(parsed.value("format") == "json")
        #expect(parsed.allValues("format") == ["csv", "json"])
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try parse(["--", "--strict", "-h"])
        #expect(parsed.operands == ["--strict", "-h"])
        #expect(!parsed.isSet("strict"))
    }

    @Test func valueMayLookLikeAnOption() throws {
        #expect(try parse(["--scene", "--odd-name.json", "x"]).value("scene") == "--odd-name.json")
    }

    @Test func helpSkipsOperandChecks() throws {
        #expect(try parse(["-h"]).isSet("help"))
        #expect(try parse(["--help"]).isSet("help"))
    }

    @Test func unknownOptionSuggestsTheClosest() {
        #expect(throws: UsageError("unknown option '--formt'", suggestion: "Did you mean '--format'?")) {
            try parse(["--formt", "json", "x"])
        }
        #expect(throws: UsageError("unknown option '--delivery'", suggestion: "Did you mean '--deliveries'?")) {
            try parse(["--delivery", "x"])
        }
        #expect(throws: UsageError("unknown option '--sctrict'", suggestion: "Did you mean '--strict'?")) {
            try parse(["--sctrict=1", "x"])
        }
        #expect(throws: UsageError("unknown option '--zzzzzz'", suggestion: nil)) {
            try parse(["--zzzzzz", "x"])
        }
        #expect(throws: UsageError("unknown option '-x'", suggestion: nil)) {
            try parse(["-x"])
        }
    }

    @Test func badChoiceNamesTheChoices() {
        #expect(throws: UsageError("invalid value 'jsn' for '--format': expected text, jsonl, json or csv", suggestion: "Did you mean 'json'?")) {
            try parse(["--format", "jsn", "x"])
        }
    }

    @Test func missingValueAndOperands() {
        #expect(throws: UsageError("option '--scene' needs a value: FILE")) { try parse(["x", "--scene"]) }
        #expect(throws: UsageError("option '--format' needs a value: text, jsonl, json or csv")) { try parse(["--format"]) }
        #expect(throws: UsageError("missing TRACE")) { try parse(["--strict"]) }
        #expect(throws: UsageError("option '--strict' does not take a value")) { try parse(["--strict=yes", "x"]) }
        #expect(throws: UsageError("too many arguments: 'b'")) { try parse(["a", "b"], operands: .optional("COMMAND")) }
        #expect(throws: UsageError("unexpected argument 'a'")) { try parse(["a"], operands: .none) }
    }

    @Test func editDistanceCountsSwapsAsOne() {
        #expect(Suggestions.editDistance(Array("format"), Array("fromat")) == 1)
        #expect(Suggestions.editDistance(Array("kitten"), Array("sitting")) == 3)
        #expect(Suggestions.editDistance(Array(""), Array("abc")) == 3)
        #expect(Suggestions.closest(to: "analyse", among: ["analyze", "validate"]) == "analyze")
        #expect(Suggestions.closest(to: "valid", among: ["analyze", "validate"]) == "validate")
        #expect(Suggestions.closest(to: "plot", among: ["analyze", "validate"]) == nil)
    }

    @Test func usageLineComesFromTheTable() {
        #expect(Self.table.synopsis == "[--scene FILE] [--format text|jsonl|json|csv] [--strict] [--deliveries]")
        let help = Self.table.helpText.split(separator: "\n").map(String.init)
        #expect(help.first == "  --scene FILE                   a scene")
        #expect(help.last == "  -h, --help                     show this help")
    }
}
