#!/usr/bin/env bash
# Fuzzes the engine with libFuzzer: bash .ci/fuzz.sh [SECONDS] [TARGET...]
#
# Targets (Fuzz/Sources): FuzzExpression (evaluation in all four contexts, file writes off),
# FuzzManifest (manifest loading from bytes), FuzzJSON (the JSON reader and writer) and FuzzLanguageServer
# (the language server's framing and message handling, from a client's byte stream). Each runs for
# SECONDS (default 60) from the seeds in Fuzz/seeds/<kind>.jsonl (one JSON string a line: the
# conformance expressions, the samples' manifests and JSON files, the inputs a fuzz run once failed
# on, the hostile inputs of issue 12, LSP sessions with good and bad frames),
# written out as files under .build, with the dictionary in Fuzz/dictionaries. Exits 1 when any target finds a crash,
# a timeout (an input running over 25 s) or, with FUZZ_SANITIZER=address, a memory error or leak;
# the input is kept in .build/fuzz-artifacts. For long runs: bash .ci/fuzz.sh 14400 FuzzExpression, or
# FUZZ_RUNS=10000000 bash .ci/fuzz.sh 0 FuzzExpression to stop after a number of executions instead
# (SECONDS 0 means no time limit). FUZZ_JOBS=N runs one target on N cores (libFuzzer's fork mode, which
# shares one corpus; a timeout, out-of-memory or crash still ends the run with status 1).
#
# The targets are declared in Package.swift only when MBML_FUZZ is set and are built with
# -sanitize=fuzzer (plus FUZZ_SANITIZER, e.g. address) and -enable-testing (FuzzManifest compares
# a document parsed in halves with the whole, through internal API) in their own scratch folder, so
# the normal build is untouched. SWIFT_BACKTRACE=enable=no lets libFuzzer, not the Swift runtime's backtracer,
# catch a trap, so the crashing input is saved.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

seconds="${1:-60}"
shift || true
targets=("$@")
[ "${#targets[@]}" -gt 0 ] || targets=(FuzzExpression FuzzManifest FuzzJSON FuzzLanguageServer)
sanitizers="fuzzer${FUZZ_SANITIZER:+,$FUZZ_SANITIZER}"
scratch=".build/fuzz${FUZZ_SANITIZER:+-$FUZZ_SANITIZER}"

echo "building ${targets[*]} with -sanitize=${sanitizers}"
for target in "${targets[@]}"; do
    # Only the fuzz products: the other executables have their own main, which libFuzzer's would clash with.
    MBML_FUZZ=1 swift build -c release --scratch-path "$scratch" -Xswiftc "-sanitize=${sanitizers}" \
        -Xswiftc -enable-testing --product "$target" 2>&1 | grep -E 'error|Compiling Fuzz|Build' || true
done
bin="$(MBML_FUZZ=1 swift build -c release --scratch-path "$scratch" --show-bin-path)"

kind() {
    case "$1" in
        FuzzExpression) echo expression ;;
        FuzzManifest) echo manifest ;;
        FuzzJSON) echo json ;;
        FuzzLanguageServer) echo languageserver ;;
        *) echo "unknown target $1" >&2; exit 2 ;;
    esac
}

failed=0
mkdir -p .build/fuzz-artifacts
for target in "${targets[@]}"; do
    name="$(kind "$target")"
    corpus=".build/fuzz-corpus/$name"
    seeds=".build/fuzz-seeds/$name"
    mkdir -p "$corpus" "$seeds"
    python3 - "Fuzz/seeds/$name.jsonl" "$seeds" <<'PY'
import json, sys
for number, line in enumerate(open(sys.argv[1], encoding="utf-8")):
    with open(f"{sys.argv[2]}/seed-{number:04d}", "w", encoding="utf-8") as seed:
        seed.write(json.loads(line))
PY
    log=".build/fuzz-artifacts/$target.log"
    echo "fuzzing $target for ${seconds} s"
    rc=0
    fork=()
    [ "${FUZZ_JOBS:-1}" -le 1 ] || fork=(-fork="$FUZZ_JOBS" -ignore_crashes=0 -ignore_timeouts=0 -ignore_ooms=0)
    SWIFT_BACKTRACE=enable=no "$bin/$target" "$corpus" "$seeds" ${fork[@]+"${fork[@]}"} \
        -dict="Fuzz/dictionaries/$name.dict" -max_total_time="$seconds" ${FUZZ_RUNS:+-runs="$FUZZ_RUNS"} -timeout=25 -rss_limit_mb=4096 \
        -max_len=4096 -print_final_stats=1 -artifact_prefix=".build/fuzz-artifacts/$target-" > "$log" 2>&1 || rc=$?
    runs="$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo '?')"
    speed="$(grep -oE 'stat::average_exec_per_sec: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo '?')"
    if [ "$runs" = '?' ]; then # fork mode prints no final stats: its last status line has the totals
        runs="$(grep -oE '^#[0-9]+: cov' "$log" | tail -1 | grep -oE '[0-9]+' || echo '?')"
        seconds_run="$(grep -oE 'INFO: exiting: [0-9]+ time: [0-9]+' "$log" | grep -oE '[0-9]+$' || echo 0)"
        [ "$runs" = '?' ] || [ "$seconds_run" = 0 ] || speed=$((runs / seconds_run))
    fi
    coverage="$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -1 || true)"
    if [ "$rc" = 0 ]; then
        echo "  ok    $target: $runs executions, $speed exec/s, ${coverage:-no coverage line}"
    else
        echo "  FAIL  $target (status $rc) after $runs executions; log: $log"
        grep -E 'ERROR|Fatal error|SUMMARY|Test unit written|deadly signal|timeout' "$log" | head -8 | sed 's/^/        /'
        failed=$((failed + 1))
    fi
done
[ "$failed" = 0 ] || { echo "$failed fuzz target(s) found a problem"; exit 1; }
