#!/usr/bin/env bash
# End-to-end checks of the mbml command line: bash .ci/cli-e2e.sh PATH/TO/mbml
# Each check runs the binary and compares its output and exit status with what the README promises.
set -euo pipefail

bin="$(cd "$(dirname "${1:?usage: cli-e2e.sh PATH/TO/mbml}")" && pwd)/$(basename "$1")"
fixture="$(cd "$(dirname "${BASH_SOURCE[0]}")/../Tests/MBMLEngineTests/Conformance/fixture" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"

failures=0
pass() { printf '  ok    %s\n' "$1"; }
fail() { printf '  FAIL  %s\n%s\n' "$1" "$2" | sed 's/^/        /;1s/^        //'; failures=$((failures + 1)); }

# expect NAME EXPECTED-STATUS EXPECTED-STDOUT -- COMMAND...
expect() {
    local name="$1" status="$2" want="$3"
    shift 4
    local got rc=0
    got="$("$@" 2>"$work/stderr")" || rc=$?
    if [ "$rc" != "$status" ]; then
        fail "$name" "exit status $rc, expected $status; stderr: $(cat "$work/stderr")"
    elif [ "$got" != "$want" ]; then
        fail "$name" "$(printf 'expected:\n%s\ngot:\n%s' "$want" "$got")"
    else
        pass "$name"
    fi
}

# expect_stderr NAME PATTERN: the last command's stderr contains PATTERN (fixed string)
expect_stderr() {
    if grep -qF -- "$2" "$work/stderr"; then pass "$1"; else fail "$1" "stderr lacks '$2':$(printf '\n')$(cat "$work/stderr")"; fi
}

printf '{"cats": ["Barrett", "Duncan", "Gabby"], "owner": {"name": "Evan", "$id": 7}}\n' > pets.json
printf '{\n  "a": [1,,2]\n}\n' > broken.json
cat > manifest.xml <<'EOF'
<MBML>
    <Var name="greeting" literal="Hello"/>
    <Var name="sizes" type="list">
        <Var literal="S"/>
        <Var literal="M"/>
    </Var>
</MBML>
EOF
printf '<MBML>\n  <Var name="x" literal="1">\n</MBML>\n' > bad.xml

echo "mbml eval"
expect "decimal math without binary noise" 0 "3.96165" -- "$bin" eval --context number '#(3.234 * 1.225)'
expect "object result in the JSON encoding" 0 '["Barrett","Duncan","Gabby"]' -- "$bin" eval --data cats=pets.json '$cats.cats'
expect "dictionary keys keep order, \$ keys escaped" 0 '{"name":"Evan","$$id":7}' -- "$bin" eval --data pets=pets.json '$pets.owner'
expect "string context prints plain text" 0 "Hello Duncan" -- "$bin" eval --context string --data pets=pets.json 'Hello $pets.cats[1]'
expect "boolean context" 0 "true" -- "$bin" eval --context boolean '#(2 + 3) == 5'
expect "no value is null" 0 "null" -- "$bin" eval '$nothingHere'
expect "manifest variables" 0 '["S","M"]' -- "$bin" eval --manifest manifest.xml '$sizes'
expect "all contexts" 0 "$(printf 'object  "5"\nstring  "5"\nnumber  5\nboolean true')" -- "$bin" eval --context all '5'
expect "error exits 1 with nothing on stdout" 1 "" -- "$bin" eval --context number '#(1 + )'
expect_stderr "error message on stderr" "requires both left and right operands"
expect_stderr "expression echoed" "  #(1 + )"
if grep -qx -- "      ^" "$work/stderr"; then pass "caret under the failing range"; else fail "caret" "$(cat "$work/stderr")"; fi
expect "bad data file exits 1" 1 "" -- "$bin" eval --data x=broken.json '$x'
expect_stderr "data file error has file:line:column" "broken.json:2:11: Expected a value"
expect "missing data file exits 1" 1 "" -- "$bin" eval --data x=missing.json '$x'
expect "broken manifest exits 1" 1 "" -- "$bin" eval --manifest bad.xml '$x'
expect_stderr "manifest diagnostic has file:line:column" "bad.xml:"
printf '<MBML>\n  <Include file="nope.xml"/>\n  <Var name="a" literal="1"/>\n</MBML>\n' > warn.xml
expect "manifest warnings do not stop evaluation" 0 '"1"' -- "$bin" eval --manifest warn.xml '$a'
if [ "$(grep -c 'warn.xml:2:3:' "$work/stderr")" = 1 ]; then pass "each diagnostic printed once"; else fail "diagnostics" "$(cat "$work/stderr")"; fi

echo "mbml eval --jsonl"
requests='{"id":"a","context":"number","expr":"#(2 + 3)"}
not json
{"id":"b","context":"object","expr":"$v","vars":{"v":[1,"a",{"$set":[true]},{"$date":"1986-10-26T04:02:00Z"}]}}
{"id":"c","context":"object","expr":"$v"}
{"id":"d","context":"boolean","expr":"$v"}

{"id":"e","context":"number","expr":"#(1 + )"}
{"id":"f","context":"string","expr":"$greeting, world"}'
want='{"id":"a","value":5}
{"id":null,"error":"Invalid JSON request at column 1: Expected a value, found '"'n'"'"}
{"id":"b","value":[1,"a",{"$set":[true]},{"$date":"1986-10-26T04:02:00Z"}]}
{"id":"c","value":null}
{"id":"d","value":false}'
got="$(printf '%s\n' "$requests" | "$bin" eval --jsonl --manifest manifest.xml 2>/dev/null)" && rc=0 || rc=$?
if [ "$rc" = 0 ] && [ "$(printf '%s\n' "$got" | head -5)" = "$want" ] \
    && printf '%s\n' "$got" | sed -n 6p | grep -q '^{"id":"e","error":"' \
    && [ "$(printf '%s\n' "$got" | sed -n 7p)" = '{"id":"f","value":"Hello, world"}' ] \
    && [ "$(printf '%s\n' "$got" | wc -l)" = 7 ]; then
    pass "requests, invalid JSON, per-request vars, errors, end of input"
else
    fail "jsonl protocol" "status $rc, got:$(printf '\n')$got"
fi
# Responses are flushed line by line: the first answer arrives while stdin is still open.
if command -v timeout >/dev/null && command -v mkfifo >/dev/null; then
    mkfifo requests.fifo
    ( printf '{"id":1,"context":"number","expr":"#(6 * 7)"}\n'; sleep 5 ) > requests.fifo &
    writer=$!
    first="$(timeout 20 "$bin" eval --jsonl < requests.fifo | head -1 || true)"
    kill "$writer" 2>/dev/null || true
    wait "$writer" 2>/dev/null || true
    if [ "$first" = '{"id":1,"value":42}' ]; then pass "response flushed before end of input"; else fail "flush" "got: $first"; fi
fi

echo "mbml tokens"
expect "token tree with ranges" 0 "$(printf '<MBMLMathExpressionToken: "#(1 + 2 * 3)" {0, 12}> containing 1 token:\n\t0: <MBMLAdditionOperatorToken: "+" {2, 1}> containing 2 tokens:\n\t\t0: <MBMLNumericLiteralToken: "1" {0, 1}>\n\t\t1: <MBMLMultiplicationOperatorToken: "*" {6, 1}> containing 2 tokens:\n\t\t\t0: <MBMLNumericLiteralToken: "2" {4, 1}>\n\t\t\t1: <MBMLNumericLiteralToken: "3" {8, 1}>')" -- "$bin" tokens '#(1 + 2 * 3)'
expect "boolean grammar" 0 "$(printf '<MBMLInequalityTestToken: "!=" {5, 2}> containing 2 tokens:\n\t0: <MBMLLiteralToken: "This" {0, 4}>\n\t1: <MBMLFunctionCallToken: "^party()" {8, 8}>')" -- "$bin" tokens --context boolean 'This != ^party()'

echo "mbml vars"
expect "variable tree with types" 0 "$(printf 'pets: Dictionary[2]\n  cats: Array[3]\n    [0]: String "Barrett"\n    [1]: String "Duncan"\n    [2]: String "Gabby"\n  owner: Dictionary[2]\n    name: String "Evan"\n    $id: Number 7')" -- "$bin" vars --data pets=pets.json pets
expect "unknown variable exits 1" 1 "" -- "$bin" vars nope

echo "mbml functions"
got="$("$bin" functions)"
if printf '%s\n' "$got" | grep -q '^String (' && printf '%s\n' "$got" | grep -q '^  \^uppercase(' \
    && printf '%s\n' "$got" | tail -1 | grep -Eq '^[0-9]+ functions$'; then
    pass "registry by category"
else
    fail "functions list" "$got"
fi
expect "unknown function exits 1" 1 "" -- "$bin" functions noSuchFunction
if "$bin" functions q | head -1 | grep -q '^\^q('; then pass "one function"; else fail "one function" "$("$bin" functions q)"; fi

echo "mbml bench"
if [ -n "$fixture" ] && [ -f "$fixture/../cases/core.jsonl" ]; then
    got="$("$bin" bench --cases "$fixture/../cases/core.jsonl" --vars 2000 --rounds 1 2>&1)" && rc=0 || rc=$?
    if [ "$rc" = 0 ] && printf '%s\n' "$got" | grep -q '^parse+evaluate, cold' \
        && printf '%s\n' "$got" | grep -q '^load manifest, 2000 <Var>s'; then
        pass "timings table"
    else
        fail "bench" "status $rc: $got"
    fi
fi

echo "robustness"
"$bin" functions | head -1 > /dev/null
status="${PIPESTATUS[0]}"
if [ "$status" -lt 128 ]; then pass "closed stdout is not a signal death"; else fail "SIGPIPE" "status $status"; fi
deep="$(printf '%.0s(' $(seq 1 5000))"
"$bin" eval --context number "#$deep" > /dev/null 2>&1 && rc=0 || rc=$?
if [ "$rc" = 1 ]; then pass "absurd nesting is an error"; else fail "deep nesting" "status $rc"; fi

if [ "$failures" -gt 0 ]; then
    echo "$failures CLI check(s) failed"
    exit 1
fi
echo "all CLI checks passed"
