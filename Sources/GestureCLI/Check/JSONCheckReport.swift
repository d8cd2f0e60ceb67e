import GestureTrace

/// `--report json`: one JSON document for the whole run, written at the end.
///
/// ```json
/// {
///   "gesturectl": 1,
///   "mode": "check",
///   "tolerance": 0.000001,
///   "shard": {"index": 1, "count": 1},
///   "summary": {"traces": 2, "matched": 1, "mismatched": 1, "missingGolden": 0, "errors": 0, "orphanedGoldens": 0},
///   "traces": [
///     {"trace": "a.json", "golden": "a.expected.jsonl", "status": "matched"},
///     {"trace": "b.json", "golden": "b.expected.jsonl", "status": "mismatched", "actual": "b.actual.jsonl",
///      "differences": [{"change": "changed", "goldenLine": 2, "actualLine": 2, "t": 0.44, "recognizer": "pan",
///                       "state": "changed", "fields": [{"field": "translation.x", "expected": 12, "actual": 12.5}]}]}
///   ],
///   "orphanedGoldens": []
/// }
/// ```
///
/// `status` is `matched`, `mismatched`, `missing-golden` or `error` (with `--update`: `created`,
/// `rewritten`, `unchanged` or `error`); an error carries `errors`, a list of
/// `{"file", "line", "column", "message"}` (no line and column when a file cannot be opened).
/// Differences list `removed` (with the `expected` record), `added` (with the `actual` record) and
/// `changed` (with both and the `fields` that differ; a field absent on one side has no value there).
struct JSONCheckReport: CheckReport {
    func entry(_ check: TraceCheck) -> String { "" }

    func ending(_ summary: CheckSummary) -> String {
        var json = JSONWriter(pretty: true)
        json.beginObject()
        json.member("gesturectl", 1)
        json.member("mode", summary.update ? "update" : "check")
        json.key("tolerance")
        json.number(summary.tolerance)
        json.key("shard")
        json.beginObject(inline: true)
        json.member("index", summary.shard.index)
        json.member("count", summary.shard.count)
        json.endObject()
        json.key("summary")
        json.beginObject(inline: true)
        json.member("traces", summary.checks.count)
        let words =
            summary.update
            ? [("created", "created"), ("rewritten", "rewritten"), ("unchanged", "unchanged")]
            : [("matched", "matched"), ("mismatched", "mismatched"), ("missingGolden", "missing-golden")]
        for (key, word) in words + [("errors", "error")] {
            json.key(key)
            json.integer(summary.count(word))
        }
        json.member("orphanedGoldens", summary.orphans.count)
        json.endObject()
        json.key("traces")
        json.beginArray()
        for check in summary.checks { trace(check, into: &json) }
        json.endArray()
        json.key("orphanedGoldens")
        json.beginArray()
        for orphan in summary.orphans { json.string(orphan) }
        json.endArray()
        if !summary.pruned.isEmpty {
            json.key("prunedGoldens")
            json.beginArray()
            for path in summary.pruned { json.string(path) }
            json.endArray()
        }
        json.endObject()
        json.endLine()
        return json.text
    }

    private func trace(_ check: TraceCheck, into json: inout JSONWriter) {
        json.beginObject()
        json.member("trace", check.target.trace)
        json.member("golden", check.target.golden)
        if let scene = check.scene {
            json.key("scene")
            json.beginObject(inline: true)
            json.member("from", scene.from)
            json.member("file", ifPresent: scene.file)
            json.endObject()
        }
        json.member("status", check.outcome.word)
        if check.wroteActual {
            json.member("actual", check.target.actual)
        }
        switch check.outcome {
        case .mismatched(let differences):
            json.key("differences")
            json.beginArray()
            for entry in DiffEntry.entries(differences) { self.difference(entry, into: &json) }
            json.endArray()
        case .invalidTrace, .invalidGolden, .cannotWrite:
            json.key("errors")
            json.beginArray()
            for problem in check.outcome.problems {
                json.beginObject(inline: true)
                json.member("file", problem.file)
                if let position = problem.position {
                    json.member("line", position.line)
                    json.member("column", position.column)
                }
                json.member("message", problem.message)
                json.endObject()
            }
            json.endArray()
        case .matched, .missingGolden, .created, .rewritten, .unchanged:
            break
        }
        json.endObject()
    }

    /// One difference, or a run of like ones: its first with `count` and `last` (the last one's
    /// `t`, lines and fields).
    private func difference(_ entry: DiffEntry, into json: inout JSONWriter) {
        let difference = entry.first
        json.beginObject()
        json.member("change", difference.change.rawValue)
        json.member("goldenLine", difference.goldenLine)
        if let actual = difference.actual {
            json.member("actualLine", actual.line)
        }
        let record = difference.record
        if case .number(let t, _)? = record.value.member("t")?.value.value {
            json.key("t")
            json.number(t)
        }
        json.member("recognizer", record.actor)
        json.member("state", record.state)
        json.member("kind", record.kindName)
        json.member("name", record.actor)
        json.member("what", record.what)
        json.key("outcome")
        json.bool(DiffOrder.isOutcome(difference))
        if entry.count > 1 {
            json.member("count", entry.count)
            json.key("last")
            json.beginObject(inline: true)
            if case .number(let t, _)? = entry.last.record.value.member("t")?.value.value {
                json.key("t")
                json.number(t)
            }
            json.member("goldenLine", entry.last.goldenLine)
            if let actual = entry.last.actual { json.member("actualLine", actual.line) }
            if entry.last.change == .changed { fields(entry.last.fields, into: &json) }
            json.endObject()
        }
        if difference.change == .changed { fields(difference.fields, into: &json) }
        if let expected = difference.expected {
            json.key("expected")
            json.value(expected.value)
        }
        if let actual = difference.actual {
            json.key("actual")
            json.value(actual.value)
        }
        json.endObject()
    }

    private func fields(_ fields: [FieldDifference], into json: inout JSONWriter) {
        json.key("fields")
        json.beginArray()
        for field in fields {
            json.beginObject(inline: true)
            json.member("field", field.field)
            if let expected = field.expected {
                json.key("expected")
                json.value(expected)
            }
            if let actual = field.actual {
                json.key("actual")
                json.value(actual)
            }
            json.endObject()
        }
        json.endArray()
    }
}
