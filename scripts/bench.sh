#!/usr/bin/env bash
# Benchmarks gesturectl's trace readers against jq and Python+orjson (docs/performance.md).
#
#   scripts/bench.sh            build, generate bench-data/ once, measure, check that speed changes nothing
#
# Environment: BENCH_MB (size of each big trace, default 100), BENCH_RUNS (runs per measurement, the
# best is kept, default 3), BENCH_CORPUS (small traces in bench-data/corpus, default 10000),
# BENCH_PER_TRACE (corpus traces timed one analyze process each, default 300), BENCH_DATA (default bench-data; delete it to regenerate), BENCH_BASELINE (another gesturectl binary,
# such as a build of an older commit, whose validate and check are measured too, as "baseline validate"
# and "baseline check", and whose scaling rows are run in turn with this build's), BENCH_SCALING (0: skip the scaling table),
# BENCH_SCALING_BIG (1: add the 1,000 MB trace to the scaling table), BENCH_SCRATCH (the build folder,
# default .build-bench).
#
# Prints a table (tool, file, MB, seconds, MB/s, samples/s, peak RSS MB, and the CPU seconds, user plus
# system, which show what the machine's load did to the wall time), the goals of the readers
# (validate: >= 1,000 MB/s for JSON Lines and >= 500 MB/s for CSV, >= 20x jq -c ., >= 2x Python+orjson
# per line, peak RSS < 32 MB for JSON Lines and CSV and < 64 MB for the JSON document), the goals of
# analyze and check (analyze --format jsonl big.jsonl with the default scene >= 10x jq -c . on
# big.jsonl; analyze --format text within 1.5x of --format jsonl; check over the corpus >= 1000
# traces/s, >= 10x faster than one analyze process per trace, estimated by timing one process per
# trace on the first BENCH_PER_TRACE corpus files, default 300, and scaling to the corpus, and, with
# BENCH_BASELINE, >= 2x the baseline's check), and whether analyze
# prints the same bytes from a release build, the release build without its fast paths (GESTURECTL_READER=general)
# and a debug build. Goals that need jq, the corpus or a baseline are
# skipped without them. Exits 1 when the builds disagree or a command fails; goal misses are reported
# only (they depend on the machine and its load).
set -euo pipefail
cd "$(dirname "$0")/.."

MB=${BENCH_MB:-100}
RUNS=${BENCH_RUNS:-3}
CORPUS=${BENCH_CORPUS:-10000}
PER_TRACE=${BENCH_PER_TRACE:-300}
DATA=${BENCH_DATA:-bench-data}
SCRATCH=${BENCH_SCRATCH:-.build-bench}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

say() { printf '%s\n' "$*" >&2; }

# (a) Release build.
say "== building (release, --scratch-path $SCRATCH)"
"${SWIFT:-swift}" build -c release --scratch-path "$SCRATCH" >&2
BIN="$("${SWIFT:-swift}" build -c release --scratch-path "$SCRATCH" --show-bin-path)/gesturectl"

# (b) Traces, generated once: three big ones, a corpus of small ones, and small samples for (d).
say "== traces in $DATA (generated once; delete $DATA to regenerate)"
python3 scripts/gen-bench-traces.py "$DATA" --mb "$MB" --corpus "$CORPUS" >&2
python3 scripts/gen-bench-traces.py "$DATA/sample" --mb 2 --corpus 0 --seed 7 >&2
HAVE_CHECK=0
if "$BIN" help check >/dev/null 2>&1; then
    HAVE_CHECK=1
    if [ "$CORPUS" -gt 0 ] && [ ! -e "$DATA/corpus/.goldens" ]; then
        say "== goldens for the corpus (gesturectl check --update)"
        env -u CI "$BIN" check --update "$DATA/corpus" >/dev/null
        touch "$DATA/corpus/.goldens"
    fi
fi

# (c) Measurements.
TIME_BIN=""
if [ -x /usr/bin/time ]; then TIME_BIN=/usr/bin/time; fi

cat >"$TMP/rss.py" <<'EOF'
import resource, subprocess, sys
code = subprocess.call(sys.argv[2:], stdout=open(sys.argv[1], "wb"), stderr=subprocess.DEVNULL)
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(usage.ru_maxrss, usage.ru_utime + usage.ru_stime)
sys.exit(code)
EOF

cat >"$TMP/orjson_lines.py" <<'EOF'
import sys, orjson
n = 0
with open(sys.argv[1], "rb") as f:
    for line in f:
        if line.strip():
            orjson.loads(line)
            n += 1
print(n)
EOF

# run OUT CMD...: runs CMD once with standard output to OUT; sets SECONDS_TAKEN, CPU_SECONDS and RSS_KB.
run() {
    local out=$1
    shift
    local start end
    start=$(date +%s%N)
    if [ -n "$TIME_BIN" ]; then
        "$TIME_BIN" -f '%M %U %S' -o "$TMP/rss" "$@" >"$out" 2>"$TMP/stderr" || { say "failed: $*"; cat "$TMP/stderr" >&2; exit 1; }
        read -r RSS_KB user system < <(tail -n 1 "$TMP/rss")
        CPU_SECONDS=$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.2f", u + s }')
    else
        read -r RSS_KB CPU_SECONDS < <(python3 "$TMP/rss.py" "$out" "$@") || { say "failed: $*"; exit 1; }
    fi
    end=$(date +%s%N)
    SECONDS_TAKEN=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.4f", (e - s) / 1e9 }')
}

ROWS="$TMP/rows"
: >"$ROWS"

# measure TOOL FILE BYTES SAMPLES CMD...: the best of RUNS runs (peak RSS over all of them).
measure() {
    local tool=$1 file=$2 bytes=$3 samples=$4
    shift 4
    local best="" cpu="" rss=0 i
    for ((i = 0; i < RUNS; i++)); do
        run /dev/null "$@"
        if [ -z "$best" ] || awk -v a="$SECONDS_TAKEN" -v b="$best" 'BEGIN { exit !(a < b) }'; then
            best=$SECONDS_TAKEN
            cpu=$CPU_SECONDS
        fi
        if [ "$RSS_KB" -gt "$rss" ]; then rss=$RSS_KB; fi
    done
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$tool" "$file" "$bytes" "$best" "$samples" "$rss" "$cpu" >>"$ROWS"
    say "   $tool $file: ${best}s"
}

samples_in() { # the sample count that validate prints for FILE
    "$BIN" validate "$1" 2>/dev/null | sed -n 's/.*: ok, \([0-9]*\) sample.*/\1/p'
}

LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || true)
say "== measuring (best of $RUNS runs)"
for ext in jsonl csv json; do
    file="$DATA/big.$ext"
    bytes=$(wc -c <"$file")
    samples=$(samples_in "$file")
    measure "gesturectl validate" "big.$ext" "$bytes" "$samples" "$BIN" validate "$file"
    measure "gesturectl analyze" "big.$ext" "$bytes" "$samples" "$BIN" analyze --format jsonl "$file"
    if [ "$ext" = jsonl ]; then
        measure "analyze --format text" "big.$ext" "$bytes" "$samples" "$BIN" analyze --format text "$file"
    fi
    if [ -n "${BENCH_BASELINE:-}" ]; then
        measure "baseline validate" "big.$ext" "$bytes" "$samples" "$BENCH_BASELINE" validate "$file"
    fi
done

jsonl_bytes=$(wc -c <"$DATA/big.jsonl")
jsonl_samples=$(samples_in "$DATA/big.jsonl")
if command -v jq >/dev/null 2>&1; then
    measure "jq -c ." "big.jsonl" "$jsonl_bytes" "$jsonl_samples" jq -c . "$DATA/big.jsonl"
else
    say "   jq is not installed: skipped (apt-get install -y jq)"
fi
if python3 -c 'import orjson' >/dev/null 2>&1; then
    measure "python3+orjson per line" "big.jsonl" "$jsonl_bytes" "$jsonl_samples" python3 "$TMP/orjson_lines.py" "$DATA/big.jsonl"
else
    say "   orjson is not installed: skipped"
fi

if [ "$CORPUS" -gt 0 ]; then
    find "$DATA/corpus" -maxdepth 1 -type f \( -name '*.json' -o -name '*.jsonl' -o -name '*.csv' \) ! -name '*.expected.*' \
        | sort >"$TMP/corpus-list"
    corpus_bytes=$(xargs cat <"$TMP/corpus-list" | wc -c)
    corpus_samples=$(xargs "$BIN" validate <"$TMP/corpus-list" 2>/dev/null \
        | sed -n 's/.*: ok, \([0-9]*\) sample.*/\1/p' | awk '{ n += $1 } END { print n + 0 }')
    corpus_count=$(wc -l <"$TMP/corpus-list")
    # One process for the whole corpus (the paths fit on one command line).
    mapfile -t corpus_files <"$TMP/corpus-list"
    measure "gesturectl validate" "corpus ($corpus_count files)" "$corpus_bytes" "$corpus_samples" \
        "$BIN" validate "${corpus_files[@]}"
    if [ "$HAVE_CHECK" = 1 ]; then
        measure "gesturectl check" "corpus ($corpus_count files)" "$corpus_bytes" "$corpus_samples" \
            "$BIN" check "$DATA/corpus"
        if [ -n "${BENCH_BASELINE:-}" ]; then
            measure "baseline check" "corpus ($corpus_count files)" "$corpus_bytes" "$corpus_samples" \
                "$BENCH_BASELINE" check "$DATA/corpus"
        fi
        # What check replaces: one analyze process per trace, on the first PER_TRACE traces.
        head -n "$PER_TRACE" "$TMP/corpus-list" >"$TMP/per-trace-list"
        per_trace_count=$(wc -l <"$TMP/per-trace-list")
        per_trace_bytes=$(xargs cat <"$TMP/per-trace-list" | wc -c)
        per_trace_samples=$(xargs "$BIN" validate <"$TMP/per-trace-list" 2>/dev/null \
            | sed -n 's/.*: ok, \([0-9]*\) sample.*/\1/p' | awk '{ n += $1 } END { print n + 0 }')
        cat >"$TMP/per-trace.sh" <<'EOS'
#!/usr/bin/env bash
# per-trace.sh BIN LIST: one analyze process per trace listed.
while IFS= read -r file; do "$1" analyze --format jsonl "$file" >/dev/null 2>&1 || exit 1; done <"$2"
EOS
        measure "analyze, 1 process/trace" "corpus ($per_trace_count files)" "$per_trace_bytes" \
            "$per_trace_samples" bash "$TMP/per-trace.sh" "$BIN" "$TMP/per-trace-list"
    fi
fi

{
    printf '\n'
    printf '%-26s %-22s %8s %9s %9s %12s %13s %7s\n' tool file MB seconds MB/s samples/s "peak RSS MB" "CPU s"
    awk -F'\t' '{
        mb = $3 / 1e6
        printf "%-26s %-22s %8.1f %9.3f %9.1f %12.0f %13.1f %7.2f\n", $1, $2, mb, $4, mb / $4, $5 / $4, $6 / 1024, $7
    }' "$ROWS"
    printf '\n%s cores (%s), load average before: %s, after: %s\n' "$(nproc)" \
        "$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)" "$LOAD_BEFORE" \
        "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
}

# The goals, from the rows above.
rate() { awk -F'\t' -v t="$1" -v f="$2" '$1 == t && $2 == f { printf "%.1f", $3 / 1e6 / $4 }' "$ROWS"; }
rss_mb() { awk -F'\t' -v t="$1" -v f="$2" '$1 == t && $2 == f { printf "%.1f", $6 / 1024 }' "$ROWS"; }
goal() { # goal DESCRIPTION CONDITION-AS-AWK-EXPRESSION
    if awk "BEGIN { exit !($2) }"; then printf '  ok    %s\n' "$1"; else printf '  MISS  %s\n' "$1"; fi
}
printf '\ngoals (validate):\n'
jq_rate=$(rate "jq -c ." big.jsonl)
orjson_rate=$(rate "python3+orjson per line" big.jsonl)
for ext in jsonl csv; do
    r=$(rate "gesturectl validate" "big.$ext")
    floor=500
    [ "$ext" = jsonl ] && floor=1000
    goal "big.$ext: $r MB/s >= $floor MB/s" "$r >= $floor"
    if [ -n "$jq_rate" ]; then
        goal "big.$ext: $(awk -v a="$r" -v b="$jq_rate" 'BEGIN { printf "%.1f", a / b }')x jq -c . on big.jsonl (>= 20x)" "$r >= 20 * $jq_rate"
    fi
    if [ -n "$orjson_rate" ]; then
        goal "big.$ext: $(awk -v a="$r" -v b="$orjson_rate" 'BEGIN { printf "%.1f", a / b }')x Python+orjson per line on big.jsonl (>= 2x)" "$r >= 2 * $orjson_rate"
    fi
    m=$(rss_mb "gesturectl validate" "big.$ext")
    goal "big.$ext: peak RSS $m MB < 32 MB" "$m < 32"
    printf '        (big.%s: %s MB per CPU second)\n' "$ext" \
        "$(awk -F'\t' -v f="big.$ext" '$1 == "gesturectl validate" && $2 == f && $7 > 0 { printf "%.0f", $3 / 1e6 / $7 }' "$ROWS")"
done
m=$(rss_mb "gesturectl validate" big.json)
goal "big.json: peak RSS $m MB < 64 MB" "$m < 64"

seconds_of() { awk -F'\t' -v t="$1" -v f="$2" '$1 == t && $2 == f { print $4 }' "$ROWS"; }
printf '\ngoals (analyze, check):\n'
analyze_s=$(seconds_of "gesturectl analyze" big.jsonl)
jq_s=$(seconds_of "jq -c ." big.jsonl)
if [ -n "$jq_s" ]; then
    goal "analyze big.jsonl: $(awk -v a="$analyze_s" -v j="$jq_s" 'BEGIN { printf "%.1f", j / a }')x jq -c . on big.jsonl (>= 10x; $analyze_s s against $jq_s s)" \
        "$jq_s >= 10 * $analyze_s"
else
    printf '        (analyze against jq -c .: skipped, jq is not installed)\n'
fi
text_s=$(seconds_of "analyze --format text" big.jsonl)
goal "analyze --format text big.jsonl: $(awk -v t="$text_s" -v a="$analyze_s" 'BEGIN { printf "%.2f", t / a }')x --format jsonl (<= 1.5x; $text_s s against $analyze_s s)" \
    "$text_s <= 1.5 * $analyze_s"
if [ "$CORPUS" -gt 0 ] && [ "$HAVE_CHECK" = 1 ]; then
    check_s=$(seconds_of "gesturectl check" "corpus ($corpus_count files)")
    per_s=$(seconds_of "analyze, 1 process/trace" "corpus ($per_trace_count files)")
    goal "check corpus: $(awk -v n="$corpus_count" -v s="$check_s" 'BEGIN { printf "%.0f", n / s }') traces/s >= 1000 traces/s ($corpus_count traces in $check_s s)" \
        "$corpus_count >= 1000 * $check_s"
    estimate=$(awk -v s="$per_s" -v n="$corpus_count" -v k="$per_trace_count" 'BEGIN { printf "%.2f", s * n / k }')
    goal "check corpus: $(awk -v e="$estimate" -v s="$check_s" 'BEGIN { printf "%.1f", e / s }')x one analyze process per trace (>= 10x; $estimate s for $corpus_count processes, from $per_s s for $per_trace_count)" \
        "$estimate >= 10 * $check_s"
    if [ -n "${BENCH_BASELINE:-}" ]; then
        base_check_s=$(seconds_of "baseline check" "corpus ($corpus_count files)")
        goal "check corpus: $(awk -v b="$base_check_s" -v s="$check_s" 'BEGIN { printf "%.2f", b / s }')x the baseline's traces/s (>= 2x; $check_s s against $base_check_s s)" \
            "$base_check_s >= 2 * $check_s"
    fi
else
    printf '        (check goals: skipped, no corpus or no check command)\n'
fi

# (d) Speed never changes results: analyze and validate of each sample, byte for byte, by the release build,
# by the release build without its fast paths (GESTURECTL_READER=general: the general reader alone, every
# number converted) and by a debug build.
say "== release, general-reader and debug outputs"
"${SWIFT:-swift}" build --scratch-path "$SCRATCH" >&2
DEBUG_BIN="$("${SWIFT:-swift}" build --scratch-path "$SCRATCH" --show-bin-path)/gesturectl"
printf '\nrelease vs release without fast paths vs debug (analyze --format jsonl, validate):\n'
status=0
for file in "$DATA"/sample/big.jsonl "$DATA"/sample/big.csv "$DATA"/sample/big.json; do
    for build in release general debug; do
        bin=$BIN
        [ "$build" = debug ] && bin=$DEBUG_BIN
        reader=fast
        [ "$build" = general ] && reader=general
        GESTURECTL_READER=$reader "$bin" analyze --format jsonl "$file" >"$TMP/analyze.$build" 2>&1 || true
        GESTURECTL_READER=$reader "$bin" validate "$file" >"$TMP/validate.$build" 2>&1 || true
    done
    if cmp -s "$TMP/analyze.release" "$TMP/analyze.general" && cmp -s "$TMP/validate.release" "$TMP/validate.general" \
        && cmp -s "$TMP/analyze.release" "$TMP/analyze.debug" && cmp -s "$TMP/validate.release" "$TMP/validate.debug"; then
        printf '  identical  %s (%s bytes of analyze output)\n' "$file" "$(wc -c <"$TMP/analyze.release")"
    else
        printf '  DIFFERENT  %s\n' "$file"
        for other in general debug; do
            diff "$TMP/analyze.release" "$TMP/analyze.$other" | head -10 || true
            diff "$TMP/validate.release" "$TMP/validate.$other" | head -10 || true
        done
        status=1
    fi
done
# (e) Follow mode (docs/live.md): latency from a sample written to a FIFO to its record read, throughput
# of a fast producer through convert -f | analyze -f against batch analyze, peak RSS.
say "follow mode:"
python3 scripts/bench-follow.py "$BIN" "$DATA/sample/big.jsonl" || status=1
# (f) The scaling table (scripts/bench-scaling.py): time and peak memory as scenes and traces grow.
if [ "${BENCH_SCALING:-1}" != 0 ]; then
    say "== scaling (scenes and traces in $DATA/scaling, generated once)"
    scaling_args=(--runs "$RUNS")
    [ "${BENCH_SCALING_BIG:-0}" = 1 ] && scaling_args+=(--big)
    [ -n "${BENCH_BASELINE:-}" ] && scaling_args+=(--baseline "$BENCH_BASELINE")
    python3 scripts/bench-scaling.py "$BIN" "$DATA/scaling" "${scaling_args[@]}" || status=1
fi
exit $status
