#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ and runs each for a bounded time (docs/reliability.md).
#
#   Fuzz/fuzz.sh                     every target, FUZZ_SECONDS (60) each
#   FUZZ_SECONDS=600 Fuzz/fuzz.sh FuzzCSV FuzzJSON
#   Fuzz/fuzz.sh --replay FuzzCSV Fuzz/Artifacts/FuzzCSV/crash-...   run one input again
#
# Environment: FUZZ_SECONDS (per target), FUZZ_SCRATCH (build directory, .build-fuzz), FUZZ_MAX_LEN (32768),
# FUZZ_FLAGS (more libFuzzer flags), SWIFT.
#
# The corpus grows in Fuzz/Corpus/TARGET (seeded from traces/, Tests/Fixtures/recordings/ and Fuzz/Seeds/);
# crashes, timeouts and out-of-memory inputs land in Fuzz/Artifacts/TARGET/. Both are ignored by git. The
# exit status is 1 when any target found a problem.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

SWIFT=${SWIFT:-swift}
SECONDS_PER_TARGET=${FUZZ_SECONDS:-60}
SCRATCH=${FUZZ_SCRATCH:-.build-fuzz}
MAX_LEN=${FUZZ_MAX_LEN:-32768}
ALL_TARGETS=(FuzzJSON FuzzJSONLines FuzzCSV FuzzScene FuzzGetevent FuzzEvemu FuzzWebDriver FuzzEngine FuzzAnalyze)

build() {
    # -sanitize=fuzzer instruments every module (the main package's too) for coverage and links libFuzzer;
    # -parse-as-library because the targets have no main.swift (libFuzzer's driver is the entry point);
    # -enable-testing so that the targets can read through the internal chunked, unseekable sources.
    "$SWIFT" build -c release --package-path Fuzz --scratch-path "$SCRATCH" \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -enable-testing
}

# The files of traces/ and the fixtures that seed TARGET, one per line.
seeds() {
    case "$1" in
        FuzzJSON) find traces -type f -name '*.json' ! -name 'scene.json' ;;
        FuzzJSONLines) find traces -type f -name '*.jsonl' ! -name '*.expected.jsonl' ;;
        FuzzCSV) find traces -type f -name '*.csv' ;;
        FuzzScene) find traces -type f -name 'scene.json' ;;
        FuzzGetevent) find Tests/Fixtures/recordings -type f -name 'getevent-*' 2>/dev/null ;;
        FuzzEvemu) find Tests/Fixtures/recordings -type f \( -name '*.events' -o -name '*.desc' \) 2>/dev/null ;;
        FuzzWebDriver) find traces/webdriver -type f -name '*.actions' ;;
        FuzzEngine | FuzzAnalyze) find traces -type f \( -name '*.json' -o -name '*.jsonl' -o -name '*.csv' \) ! -name 'scene.json' ! -name '*.expected.jsonl' ;;
    esac
}

seedDirectory() {
    case "$1" in
        FuzzJSON) echo json ;; FuzzJSONLines) echo jsonl ;; FuzzCSV) echo csv ;; FuzzScene) echo scene ;;
        FuzzGetevent) echo getevent ;; FuzzEvemu) echo evemu ;; FuzzWebDriver) echo webdriver ;;
        FuzzEngine | FuzzAnalyze) echo engine ;;
    esac
}

dictionary() {
    case "$1" in
        FuzzScene) echo Fuzz/Dictionaries/scene.dict ;;
        FuzzGetevent | FuzzEvemu) echo Fuzz/Dictionaries/evdev.dict ;;
        FuzzWebDriver) echo Fuzz/Dictionaries/webdriver.dict ;;
        FuzzEngine | FuzzAnalyze) echo Fuzz/Dictionaries/engine.dict ;;
        *) echo Fuzz/Dictionaries/trace.dict ;;
    esac
}

binary() { echo "$("$SWIFT" build -c release --package-path Fuzz --scratch-path "$SCRATCH" --show-bin-path)/$1"; }

# libFuzzer reports crashes itself; the Swift runtime's backtracer would hold the crashing process for
# a long time, and leak checking at exit reports the runtime's own caches.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}

# The whole run is in a function, so that bash has read all of it before it starts (editing the script
# during a long run then cannot break it).
main() {
    if [[ "${1:-}" == "--replay" ]]; then
        [[ $# -ge 3 ]] || { echo "usage: Fuzz/fuzz.sh --replay TARGET FILE..." >&2; exit 2; }
        target=$2
        shift 2
        build || exit 1
        "$(binary "$target")" "$@"
        return
    fi

    targets=("$@")
    [[ ${#targets[@]} -gt 0 ]] || targets=("${ALL_TARGETS[@]}")

    build || exit 1
    status=0
    summary=()
    for target in "${targets[@]}"; do
        corpus="Fuzz/Corpus/$target"
        artifacts="Fuzz/Artifacts/$target"
        mkdir -p "$corpus" "$artifacts"
        while IFS= read -r file; do
            [[ -n "$file" ]] && cp -f "$file" "$corpus/$(echo "$file" | tr '/' '_')"
        done < <(seeds "$target")
        before=$(find "$artifacts" -type f | wc -l)
        log="Fuzz/Artifacts/$target.log"
        echo "== $target: ${SECONDS_PER_TARGET} s"
        # shellcheck disable=SC2086
        "$(binary "$target")" "$corpus" "Fuzz/Seeds/$(seedDirectory "$target")" \
            -max_total_time="$SECONDS_PER_TARGET" -timeout=10 -rss_limit_mb=2048 -max_len="$MAX_LEN" \
            -dict="$(dictionary "$target")" -artifact_prefix="$artifacts/" -print_final_stats=1 \
            ${FUZZ_FLAGS:-} >"$log" 2>&1
        code=$?
        executions=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
        if [[ -z "$executions" ]]; then
            executions=$(grep -o '#[0-9]*' "$log" | tail -1 | tr -d '#')
        fi
        found=$(( $(find "$artifacts" -type f | wc -l) - before ))
        corpusSize=$(find "$corpus" -type f | wc -l)
        if [[ $code -ne 0 || $found -gt 0 ]]; then
            status=1
            echo "   FAILED (exit $code): see $log"
            grep -E '^(==[0-9]+==ERROR|SUMMARY|fuzz check failed|Fatal error|artifact_prefix)' "$log" | head -5 | sed 's/^/   /'
        fi
        summary+=("$(printf '%-14s %6s s %12s executions %6s corpus %3s problems' "$target" "$SECONDS_PER_TARGET" "${executions:-?}" "$corpusSize" "$found")")
    done
    echo
    printf '%s\n' "${summary[@]}" | tee Fuzz/Artifacts/summary.txt
    return $status
}

main "$@"
