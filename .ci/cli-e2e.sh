#!/usr/bin/env bash
# End-to-end checks of the mbml command line: bash .ci/cli-e2e.sh PATH/TO/mbml
# Each check runs the binary and compares its output and exit status with what the README promises.
set -euo pipefail

bin="$(cd "$(dirname "${1:?usage: cli-e2e.sh PATH/TO/mbml}")" && pwd)/$(basename "$1")"
fixture="$(cd "$(dirname "${BASH_SOURCE[0]}")/../Tests/MBMLEngineTests/Conformance/fixture" && pwd)"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"

failures=0
pass() { printf '  ok    %s\n' "$1"; }
fail() { printf '  FAIL  %s\n%s\n' "$1" "$2" | sed 's/^/        /;1s/^        //'; failures=$((failures + 1)); }
# matches TEXT GREP-ARGS...: grep over TEXT from a here-string. Not `printf | grep -q`: under pipefail,
# grep -q leaving at its first match can kill printf with SIGPIPE and fail a check that matched.
matches() { local text="$1"; shift; grep "$@" <<<"$text"; }

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
# The contexts share what their grammars parse alike: one random draw for all four rows.
draws="$("$bin" eval --context all '^random(1|1000000000)' | awk '$1 != "boolean" { gsub(/"/, "", $2); print $2 }')"
if [ "$(printf '%s\n' "$draws" | sort -u | wc -l)" = 1 ]; then pass "one draw for every context"; else fail "one draw for every context" "$draws"; fi
expect "error exits 1 with nothing on stdout" 1 "" -- "$bin" eval --context number '#(1 + )'
expect_stderr "error message on stderr" "requires both left and right operands"
expect_stderr "expression echoed" "  #(1 + )"
if grep -qx -- "      ^" "$work/stderr"; then pass "caret under the failing range"; else fail "caret" "$(cat "$work/stderr")"; fi
big="$(printf '9%.0s' $(seq 1 300))"
printf '{"id": %s, "ids": [%s, 5]}\n' "$big" "$big" > big.json
expect "a 300-digit integer keeps its digits" 0 "$big" -- "$bin" eval --data d=big.json '$d.id'
expect "and all 300 of them are counted" 0 "300" -- "$bin" eval --data d=big.json '$d.id.stringValue.length'
expect "and written to JSON" 0 "[$big,5]" -- "$bin" eval --data d=big.json '$d.ids'
expect "and compared exactly" 0 "true" -- "$bin" eval --context boolean --data d=big.json '$d.id == $d.ids[0] && $d.id > 5'
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
if matches "$got" -q '^String (' && matches "$got" -q '^  \^uppercase(' \
    && printf '%s\n' "$got" | tail -1 | grep -Eq '^[0-9]+ functions$'; then
    pass "registry by category"
else
    fail "functions list" "$got"
fi
expect "unknown function exits 1" 1 "" -- "$bin" functions noSuchFunction
if "$bin" functions q | sed -n 1p | grep -q '^\^q('; then pass "one function"; else fail "one function" "$("$bin" functions q)"; fi

echo "mbml bench"
if [ -n "$fixture" ] && [ -f "$fixture/../cases/core.jsonl" ]; then
    got="$("$bin" bench --cases "$fixture/../cases/core.jsonl" --vars 2000 --rounds 1 2>&1)" && rc=0 || rc=$?
    if [ "$rc" = 0 ] && matches "$got" -q '^parse+evaluate, cold' \
        && matches "$got" -q '^load manifest, 2000 <Var>s'; then
        pass "timings table"
    else
        fail "bench" "status $rc: $got"
    fi
fi

echo "one environment for all inputs"
printf '<MBML><Var name="x" literal="x-value"/></MBML>\n' > a.xml
printf '<MBML><Var name="y" value="${x}!"/><Var name="total" value="$d.price"/></MBML>\n' > b.xml
printf '{"price": 99.99}\n' > p.json
expect "a later manifest sees an earlier one" 0 '"x-value!"' -- "$bin" eval --manifest a.xml --manifest b.xml '$y'
expect "--data before a manifest is seen at load time" 0 '99.99' -- "$bin" eval --data d=p.json --manifest b.xml '$total'
expect "--data after a manifest is not" 0 '"$d.price"' -- "$bin" eval --manifest b.xml --data d=p.json '$total'
expect "JSON reals keep their decimal text" 0 'Total: 99.99' -- "$bin" eval --data d=p.json --context string 'Total: $d.price'
expect "--env puts the process environment in \$ENV" 0 '"dev"' -- env BRANCH=dev "$bin" eval --env '$ENV[BRANCH]'
expect "without --env there is no \$ENV" 0 'null' -- env BRANCH=dev "$bin" eval '$ENV'
expect "--manifest - reads standard input" 0 '"a bold c"' -- sh -c "printf '<MBML><Var name=\"s\">a <b>bold</b> c</Var></MBML>' | '$bin' eval --manifest - '\$s'"

printf '<MBML>\n  <Var name="a" literal="1" if="^repeatBool(1000000|^repeatBool(1000000|T))"/>\n</MBML>\n' > hang.xml
expect "a manifest that never finishes loading stops at --timeout" 1 "" -- "$bin" eval --timeout 1 --manifest hang.xml '$a'
expect_stderr "the load names its time budget" "Loading stopped: it ran longer than its time budget of 1 second"
expect "an evaluation past --timeout fails" 1 "" -- "$bin" eval --timeout 0.3 '^repeat(1000000|^repeat(1000000|x))'
expect_stderr "the engine names the budget, the CLI its flag" "time budget of 0.3 seconds (--timeout SECONDS changes it"
expect "a refused file write fails" 1 "" -- "$bin" eval '^deleteFile(nothing-here)'
expect_stderr "the CLI names --allow-file-writes" "file writes are not allowed (--allow-file-writes allows them)"

echo "mbml render"
printf 'Branch: $ENV[BRANCH]\nGreeting: $y' > template.txt
expect "render writes the result verbatim to stdout" 0 "$(printf 'Branch: dev\nGreeting: x-value!')" -- env BRANCH=dev "$bin" render template.txt --manifest a.xml --manifest b.xml
if [ "$(env BRANCH=dev "$bin" render template.txt --manifest a.xml --manifest b.xml | tail -c 1)" = '!' ]; then pass "render adds no newline"; else fail "render adds no newline" "the last byte is not the template's"; fi
expect "render --no-env leaves \$ENV out" 0 "$(printf 'Branch: \nGreeting: x-value!')" -- env BRANCH=dev "$bin" render template.txt --no-env --manifest a.xml --manifest b.xml
env BRANCH=main "$bin" render template.txt --manifest a.xml --manifest b.xml --output out.txt
if [ "$(cat out.txt)" = "$(printf 'Branch: main\nGreeting: x-value!')" ]; then pass "render --output"; else fail "render --output" "$(cat out.txt)"; fi
printf 'ok\n  #(1 / 0)' > bad-template.txt
expect "render error exits 1 with nothing on stdout" 1 "" -- "$bin" render bad-template.txt --output out.txt
expect_stderr "render error names file:line:column" "bad-template.txt:2:7: It is mathematically irresponsible to divide by zero; offending clause: \"/\""
if [ "$(cat out.txt)" = "$(printf 'Branch: main\nGreeting: x-value!')" ]; then pass "failed render leaves --output untouched"; else fail "--output untouched" "$(cat out.txt)"; fi
printf 'caf\xe9' > latin1.txt
expect "invalid UTF-8 template exits 1" 1 "" -- "$bin" render latin1.txt
expect_stderr "invalid UTF-8 names the byte offset" "offset 3"
printf '<MBML>\n  <Var name="t">Fish & Chips</Var>\n</MBML>\n' > amp.xml
expect "render loads recoverable XML (plate compatibility)" 0 "Fish  Chips" -- "$bin" render <(printf '$t') --manifest amp.xml
expect_stderr "recovered XML errors are warnings with their place" "amp.xml:2:"
expect "eval stays strict on the same manifest" 1 "" -- "$bin" eval --manifest amp.xml '$t'
echo "mbml check"
cat > good.jsonl <<'EOF'
{"id": "greeting", "expr": "$greeting", "expect": "Hello"}
{"id": "sizes.count", "context": "number", "expr": "$sizes.count", "vars": {"unused": 1}, "expect": 2}
{"id": "sizes.watch", "expr": "^join($sizes|/)"}
EOF
expect "passing file exits 0, watch shown" 0 "$(printf 'WATCH sizes.watch  (good.jsonl:3)\n  expression (object): ^join($sizes|/)\n  value:    "S/M"\n\n1 watched\n2 passed, 0 failed')" -- "$bin" check good.jsonl --manifest manifest.xml
printf '%s\n' '{"id": "right", "expr": "$greeting", "expect": "Hello"}' '{"id": "wrong.greeting", "expr": "$greeting", "expect": "Howdy"}' > wrong.jsonl
got="$("$bin" check wrong.jsonl --manifest manifest.xml 2>&1)" && rc=0 || rc=$?
if [ "$rc" = 1 ] && matches "$got" -qx 'FAIL wrong.greeting  (wrong.jsonl:2)' \
    && matches "$got" -qx '  expected: "Howdy"' && matches "$got" -qx '  actual:   "Hello"' \
    && [ "$(printf '%s\n' "$got" | tail -1)" = "1 passed, 1 failed" ]; then
    pass "wrong expectation exits 1 naming id, expected and actual"
else
    fail "wrong expectation" "status $rc: $got"
fi
printf '%s\n' '{"id": "right", "expr": "$greeting", "expect": "Hello"}' '{"id": "cut", "expr": ' '{"id": "wrong", "expr": "x", "expect": "y"}' > malformed.jsonl
got="$("$bin" check malformed.jsonl --manifest manifest.xml 2>&1)" && rc=0 || rc=$?
if [ "$rc" = 2 ] && matches "$got" -q 'malformed.jsonl:2:' \
    && [ "$(printf '%s\n' "$got" | tail -1)" = "1 passed, 1 failed" ]; then
    pass "malformed line exits 2 naming file:2, other lines still run"
else
    fail "malformed line" "status $rc: $got"
fi
got="$("$bin" check missing.jsonl 2>&1)" && rc=0 || rc=$?
if [ "$rc" = 2 ] && matches "$got" -q '^MALFORMED missing.jsonl: cannot read the file'; then
    pass "unreadable file exits 2"
else
    fail "unreadable file" "status $rc: $got"
fi
"$bin" check good.jsonl wrong.jsonl malformed.jsonl --manifest manifest.xml --format junit > report.xml 2>/dev/null || true
if command -v xmllint > /dev/null; then
    cases="$(xmllint --xpath 'count(//testcase)' report.xml 2>&1)"
    failures_xml="$(xmllint --xpath 'count(//testcase/failure)' report.xml 2>&1)"
else
    cases="$(python3 -c 'import sys, xml.etree.ElementTree as E; print(len(E.parse(sys.argv[1]).findall(".//testcase")))' report.xml 2>&1)"
    failures_xml="$(python3 -c 'import sys, xml.etree.ElementTree as E; print(len(E.parse(sys.argv[1]).findall(".//testcase/failure")))' report.xml 2>&1)"
fi
if [ "$cases" = 8 ] && [ "$failures_xml" = 2 ]; then pass "junit report parses: 8 test cases, 2 failures"; else fail "junit" "testcases: $cases, failures: $failures_xml"; fi
got="$("$bin" check wrong.jsonl --manifest manifest.xml --format json 2>/dev/null)" && rc=0 || rc=$?
if [ "$rc" = 1 ] && printf '%s' "$got" | python3 -c 'import json, sys; r = json.load(sys.stdin); assert (r["passed"], r["failed"]) == (1, 1), r; assert r["results"][1]["actual"] == {"value": "Hello"}, r'; then
    pass "json report"
else
    fail "json report" "status $rc: $got"
fi

echo "mbml tutorial"
got="$("$bin" tutorial lessons --no-open 2>&1)" && rc=0 || rc=$?
if [ "$rc" = 0 ] && [ -f lessons/Samples/tutorial/manifest.xml ] && [ -f lessons/Samples/store/catalog.json ] \
    && [ -f lessons/Samples/api-evolution/v2/response.json ] && printf '%s\n' "$got" | grep -Eq '^Wrote [0-9]+ files under lessons/Samples'; then
    pass "writes the samples"
else
    fail "tutorial writes the samples" "status $rc: $got"
fi
got="$(cd lessons && "$bin" check Samples/tutorial/expectations.jsonl --manifest Samples/tutorial/manifest.xml 2>&1)" && rc=0 || rc=$?
if [ "$rc" = 0 ] && [ "$(printf '%s\n' "$got" | tail -1)" = "41 passed, 0 failed" ]; then pass "written tutorial checks itself"; else fail "written tutorial" "status $rc: $got"; fi
echo "changed" > lessons/Samples/README.md
got="$("$bin" tutorial lessons --no-open 2>&1)" && rc=0 || rc=$?
if [ "$rc" = 0 ] && matches "$got" -q '^lessons already holds the tutorial: reopened where you left it (nothing written)'; then
    pass "run again on its folder, the tutorial reopens"
else
    fail "tutorial run again" "status $rc: $got"
fi
if [ "$(cat lessons/Samples/README.md)" = "changed" ]; then pass "nothing overwritten"; else fail "overwrite" "README.md was replaced"; fi
mkdir -p other-folder && echo "mine" > other-folder/notes.txt
expect "refuses a folder holding something else" 1 "" -- "$bin" tutorial other-folder --no-open
expect_stderr "says why" "already exists, is not empty and holds no tutorial"
echo "mbml explain"
tutorial="$repo/Samples/tutorial/manifest.xml"
# explains NAME PATTERN -- COMMAND...: exit status 0 and stdout contains PATTERN (fixed string)
explains() {
    local name="$1" want="$2" got rc=0
    shift 3
    got="$("$@" 2>"$work/stderr")" || rc=$?
    if [ "$rc" != 0 ]; then fail "$name" "exit status $rc; stderr: $(cat "$work/stderr")"
    elif ! grep -qF -- "$want" <<<"$got"; then fail "$name" "$(printf 'stdout lacks %s:\n%s' "$want" "$got")"
    else pass "$name"; fi
}
explains "lower-case operator hint" 'hint[lowercase-operator] col 3: -eq is text here; comparisons are upper case: -EQ (try: -EQ)' -- "$bin" explain --context boolean '3 -eq 3'
explains "undefined variable suggests the nearest name" '(try: $cats)' -- "$bin" explain --manifest "$tutorial" '$catz'
explains "math operator spacing" 'hint[math-operator-spacing] col 3:' -- "$bin" explain --context number '#(1+2)'
explains "unclosed construct" 'hint[unclosed-construct] col 1:' -- "$bin" explain '#(1 + 2'
explains "filter test traced as a boolean" 'equal "==" {39, 2} = true  (evaluated 3 times: true, false, true)' -- "$bin" explain --manifest "$tutorial" --context string '^join(^filter($cats|$catGenders[$item] == female)|, )'
explains "a chain's variable shows its own value" 'variableReference "$item" {14, 5} = "Barrett"  (evaluated 3 times: "Barrett", "Duncan", "Gabby")' -- "$bin" explain --manifest "$tutorial" '^filter($cats|$item.length > 5)'
explains "each subreference its own" 'subreference ".length" {19, 7} = 7  (evaluated 3 times: 7, 6, 5)' -- "$bin" explain --manifest "$tutorial" '^filter($cats|$item.length > 5)'
explains "--steps numbers each iteration's \$item" ' 3    ^filter iteration 1: $item = "Barrett"' -- "$bin" explain --steps --manifest "$tutorial" '^filter($cats|$item.length > 5)'
explains "--steps gives a subreference its own step" ' 5      $item.length = 7' -- "$bin" explain --steps --manifest "$tutorial" '^filter($cats|$item.length > 5)'
explains "--steps ends with the filtered list" '15  ^filter($cats|$item.length > 5) = ["Barrett", "Duncan"]' -- "$bin" explain --steps --manifest "$tutorial" '^filter($cats|$item.length > 5)'
explains ".count on a dictionary" '(try: ^count($catGenders))' -- "$bin" explain --manifest "$tutorial" '$catGenders.count'
explains "a failing expression exits 0" 'result: error at {5, 1}: It is mathematically irresponsible to divide by zero' -- "$bin" explain '#(10 / (5 - 5))'
explains "JSON form" '"hints":[{"code":"lowercase-operator","range":[2,3],"column":3,' -- "$bin" explain --json --context boolean '3 -eq 3'
"$bin" explain --context nonsense 'x' > /dev/null 2>&1 && rc=0 || rc=$?
if [ "$rc" = 1 ]; then pass "explain: a usage error is status 1"; else fail "explain usage error" "status $rc"; fi

echo "robustness"
"$bin" functions | head -1 > /dev/null
status="${PIPESTATUS[0]}"
if [ "$status" -lt 128 ]; then pass "closed stdout is not a signal death"; else fail "SIGPIPE" "status $status"; fi
deep="$(printf '%.0s(' $(seq 1 5000))"
"$bin" eval --context number "#$deep" > /dev/null 2>&1 && rc=0 || rc=$?
if [ "$rc" = 1 ]; then pass "absurd nesting is an error"; else fail "deep nesting" "status $rc"; fi

echo "hostile input (issue 12)"
for hostile in '^stripLastPathComponent(a)' '^reformatDateWithLocale(2015|é|yyyy|yyyy)' \
    '^unixTimestampToDate(9223372036854775807)' '^arrayFilledWithIntegers(0|9223372036854775807)' \
    '^distributeArrayElements(^array(1|2)|9223372036854775807)' '^repeat(1e12|x)' '^fileContents(/dev/zero)'; do
    SWIFT_BACKTRACE=enable=no "$bin" eval --context all "$hostile" > /dev/null 2>&1 && rc=0 || rc=$?
    if [ "$rc" -le 1 ]; then pass "ends with a value or an error: $hostile"; else fail "hostile input" "status $rc: $hostile"; fi
done
batch="$(printf '%s\n' '{"id":1,"expr":"^stripLastPathComponent(a)"}' '{"id":2,"expr":"^unixTimestampToDate(1e17)"}' \
    '{"id":3,"expr":"^repeat(1000000|^repeat(1000000|x))"}' '{"id":4,"expr":"ok"}' \
    | SWIFT_BACKTRACE=enable=no "$bin" eval --jsonl --timeout 1 2>/dev/null)" && rc=0 || rc=$?
if [ "$rc" = 0 ] && matches "$batch" -qF '{"id":4,"value":"ok"}' \
    && matches "$batch" -qF 'time budget of 1 second'; then
    pass "a --jsonl batch continues past hostile requests; --timeout stops a long one"
else
    fail "--jsonl hostile batch" "status $rc: $batch"
fi
if [ -w /dev/full ]; then
    "$bin" eval 1 > /dev/full 2> "$work/stderr" && rc=0 || rc=$?
    if [ "$rc" = 1 ]; then pass "a failed write to standard output exits 1"; else fail "/dev/full" "status $rc"; fi
    expect_stderr "and says why" "couldn't write to standard output"
fi

echo "expectations that test something (issue 20)"
printf '%s\n' '{"id": "five", "context": "number", "expr": "#(5)", "expect": 5}' \
    '{"id": "huge", "context": "number", "expr": "#(5)", "expect": 1e400}' \
    '{"id": "tiny", "context": "number", "expr": "#(5)", "expect": -1e400, "compare": "approx"}' > huge.jsonl
got="$("$bin" check huge.jsonl 2>&1)" && rc=0 || rc=$?
if [ "$rc" = 2 ] && matches "$got" -q 'huge.jsonl:2:.*1e400' \
    && matches "$got" -q 'huge.jsonl:3:.*-1e400' && [ "$(printf '%s\n' "$got" | tail -1)" = "1 passed, 0 failed" ]; then
    pass "an expected 1e400 or -1e400 is malformed (exit 2, file:line), not infinity matching 5"
else
    fail "out-of-range expectation" "status $rc: $got"
fi
members=60000
{ printf '{"id": "big.set", "expr": "$big", "compare": "set", "vars": {"big": ['; seq -s, 0 $((members - 1)) | tr -d '\n'
  printf ']}, "expect": {"$set": ['; seq -s, $((members - 1)) -1 0 | tr -d '\n'; printf ']}}\n'; } > bigset.jsonl
start=$SECONDS
got="$(timeout 30 "$bin" check bigset.jsonl 2>&1)" && rc=0 || rc=$?
if [ "$rc" = 0 ] && [ $((SECONDS - start)) -lt 20 ] && [ "$(printf '%s\n' "$got" | tail -1)" = "1 passed, 0 failed" ]; then
    pass "compare set: 60,000 members in reverse order in $((SECONDS - start)) s"
else
    fail "compare set of 60,000" "status $rc after $((SECONDS - start)) s: $(printf '%s\n' "$got" | tail -3)"
fi
nested=20000
{ printf '{"id": "nested", "expr": "$big", "compare": "set", "vars": {"big": ['
  seq 0 $((nested - 1)) | awk '{printf "%s[%d,\"s\"]", (NR > 1 ? "," : ""), $1}'
  printf ']}, "expect": ['; seq $((nested - 1)) -1 0 | awk '{printf "%s{\"$set\":[\"s\",%d]}", (NR > 1 ? "," : ""), $1}'
  printf ']}\n'; } > nested.jsonl
start=$SECONDS
got="$(timeout 60 "$bin" check nested.jsonl --timeout 1 2>&1)" && rc=0 || rc=$?
if [ "$rc" = 1 ] && [ $((SECONDS - start)) -lt 20 ] \
    && matches "$got" -qF 'the comparison with the expected value stopped: it ran longer than the time budget of 1 second'; then
    pass "--timeout stops a set comparison that cannot be hashed"
else
    fail "set comparison under --timeout" "status $rc after $((SECONDS - start)) s: $(printf '%s\n' "$got" | tail -3)"
fi
"$bin" eval "^formatDate(^currentTime()|$(printf 'y%.0s' $(seq 1 1100)))" > "$work/stdout" 2> "$work/stderr" && rc=0 || rc=$?
if [ "$rc" = 1 ] && [ ! -s "$work/stdout" ]; then pass "^formatDate with a 1,100-character pattern is an error"; else fail "formatDate long pattern" "status $rc: $(cat "$work/stdout")"; fi
expect_stderr "and names the pattern's length" "it is 1100 characters long"
ids="$(printf '%s\n' '{"id":12345678901234567890123456789012345678901234567890,"expr":"1"}' '{"id":1.0,"expr":"2"}' \
    '{"id":-0,"expr":"3"}' '{"id":"a\u0041\"\\","expr":"4"}' '{"expr":"5","id":1e400}' | "$bin" eval --jsonl 2>/dev/null)" && rc=0 || rc=$?
want='{"id":12345678901234567890123456789012345678901234567890,"value":"1"}
{"id":1.0,"value":"2"}
{"id":-0,"value":"3"}
{"id":"a\u0041\"\\","value":"4"}'
if [ "$rc" = 0 ] && [ "$(printf '%s\n' "$ids" | head -4)" = "$want" ] \
    && [ "$(printf '%s\n' "$ids" | tail -1)" = '{"id":1e400,"value":"5"}' ]; then
    pass "--jsonl echoes each id as the JSON text it was given"
else
    fail "--jsonl ids" "status $rc: $ids"
fi

# A data file is indexed, not decoded (Large Data Files): the answers match python's reading of it.
python3 "$repo/Tools/generate-people.py" 12 people.json
people_count="$(python3 -c 'import json,sys; print(len(json.load(open("people.json"))))')"
expect "\$people.count of a 12 MB data file, read lazily" 0 "$people_count" -- \
    "$bin" eval --data people=people.json --context number '$people.count'
last_name="$(python3 -c 'import json; p=json.load(open("people.json")); print(p[-1]["name"] + "|" + p[-1]["address"]["city"])')"
expect "the last record's name and city, through the index" 0 "$last_name" -- \
    "$bin" eval --data people=people.json --context string "\$people[$((people_count - 1))].name|\$people[$((people_count - 1))].address.city"
older="$(python3 -c 'import json; print(sum(1 for p in json.load(open("people.json")) if p["age"] > 30))')"
expect "^count(^filter(...)) walks the lazy elements" 0 "$older" -- \
    "$bin" eval --data people=people.json --context number '^count(^filter($people|$item.age > 30))'
expect "a function that is not lazy gets the decoded array" 0 "$(python3 -c 'import json; print(json.load(open("people.json"))[3]["tags"][1])')" -- \
    "$bin" eval --data people=people.json --context string '^lastObject($people[3].tags)'

# Issue 32: results out, options anywhere, paths as given, budgets everywhere, a quiet check.
echo "issue 32"
expect "JSON piped to eval is \$data" 0 "1" -- sh -c 'echo '"'"'{"a":[1]}'"'"' | "$0" eval --context number '"'"'$data.a.count'"'"'' "$bin"
expect "JSON Lines piped to eval is an array of the records" 0 '3' -- sh -c 'printf '"'"'{"n":2}\n{"n":3}\n'"'"' | "$0" eval --context number '"'"'$data[1].n'"'"'' "$bin"
expect "--data NAME=- reads standard input" 0 '"Evan"' -- sh -c '"$0" eval --data pets=- '"'"'$pets.owner.name'"'"' < pets.json' "$bin"
expect "--data NAME=- loads in command-line order (a manifest sees it)" 0 'Hello Evan' -- sh -c \
    'printf '"'"'<MBML><Var name="who" value="$pets.owner.name"/></MBML>'"'"' > who.xml; "$0" eval --data pets=- --manifest who.xml --context string '"'"'Hello $who'"'"' < pets.json' "$bin"
expect "stdin is left alone when the expression does not read \$data" 0 "2" -- sh -c 'echo not-json | "$0" eval --context number '"'"'#(1 + 1)'"'"'' "$bin"
expect "piped text that is not JSON is an error with its place" 1 "" -- sh -c 'echo "{oops" | "$0" eval '"'"'$data'"'"'' "$bin"
expect_stderr "and names <stdin>" "<stdin>:1:"
expect "two readers of standard input are refused" 64 "" -- "$bin" eval --manifest - --data x=- '$x'
mkdir -p sub && cp broken.json sub/broken.json
expect "a bad data file in a folder" 1 "" -- "$bin" eval --data x=sub/broken.json '$x'
expect_stderr "is named as given (sub/broken.json), not as an absolute path" "sub/broken.json:2:11: Expected a value"
if grep -qF "$work/sub/broken.json" "$work/stderr"; then fail "no absolute data-file path" "$(cat "$work/stderr")"; else pass "no absolute data-file path"; fi
expect "a missing data file in a folder" 1 "" -- "$bin" eval --data x=sub/missing.json '$x'
expect_stderr "is named as given" "sub/missing.json"
for command in inspect tutorial eval render check explain vars tokens functions; do
    help="$("$bin" help "$command" 2>&1)"
    if matches "$help" -q -- '--timeout' && matches "$help" -q -- '--max-memory'; then
        pass "$command has --timeout and --max-memory"
    else
        fail "$command has --timeout and --max-memory" "$(printf '%s' "$help" | head -5)"
    fi
done
printf '{"id":"logs","expr":"^log(hello from a case)","expect":"hello from a case"}\n' > logs.jsonl
got="$("$bin" check logs.jsonl 2>"$work/stderr")" && rc=0 || rc=$?
if [ "$rc" = 0 ] && [ ! -s "$work/stderr" ]; then pass "check is quiet: a case's ^log is not printed"; else fail "check is quiet" "status $rc, stderr: $(cat "$work/stderr")"; fi
got="$("$bin" check --log logs.jsonl 2>"$work/stderr")" && rc=0 || rc=$?
if [ "$rc" = 0 ] && grep -qF "hello from a case" "$work/stderr"; then pass "check --log prints it on stderr"; else fail "check --log" "status $rc, stderr: $(cat "$work/stderr")"; fi
printf '<MBML>\n    <Var name="x" literal="1" colour="red"/>\n</MBML>\n' > warn.xml
"$bin" check --manifest warn.xml logs.jsonl >/dev/null 2>"$work/stderr" || true
expect_stderr "check still prints the manifest's warnings" "warn.xml:2:5"
printf '{"id":"n","context":"number","expr":"$n","expect":1}\n' > n.jsonl
printf '<MBML><Var name="n" literal="1"/></MBML>\n' > one.xml
printf '<MBML><Var name="n" literal="2"/></MBML>\n' > two.xml
got="$("$bin" check n.jsonl --manifest one.xml --compare --manifest two.xml --format json 2>"$work/stderr")" && rc=0 || rc=$?
if [ "$rc" = 1 ] && printf '%s' "$got" | python3 -c 'import json,sys; r=json.load(sys.stdin); assert len(r["differences"]) == 1, r' 2>/dev/null; then
    pass "an option of check after --compare (--format json) is check's"
else
    fail "options after --compare" "status $rc: $got $(cat "$work/stderr")"
fi
got="$("$bin" one.xml --compare two.xml --thme light 2>&1)" && rc=0 || rc=$?
if [ "$rc" = 64 ] && matches "$got" -qF "Unknown option '--thme'" && ! matches "$got" -qF -- "--compare MANIFEST"; then
    pass "a misspelt option after --compare is named as the command's"
else
    fail "misspelt option after --compare" "status $rc: $got"
fi

echo "project file (mbml.json, issue 31)"
mkdir -p proj/.git proj/docs proj/assets
printf '<MBML>\n  <Var name="repo:name" literal="Logger"/>\n  <Var name="repo:branch" value="$ENV[BRANCH]"/>\n</MBML>\n' > proj/repos.xml
printf '<MBML>\n  <Var name="url" value="https://github.com/x/${repo:name}/tree/$repo:branch"/>\n</MBML>\n' > proj/Logger.xml
printf '{"n": 2}\n' > proj/n.json
printf 'inside\n' > proj/assets/note.txt
printf '{"id": "url", "context": "string", "expr": "$url", "expect": "https://github.com/x/Logger/tree/main"}\n' > proj/checks.jsonl
printf '{\n  "load": ["repos.xml", "Logger.xml", {"name": "data", "data": "n.json"}],\n  "env": {"BRANCH": "main"},\n  "allowFileReads": ["assets"],\n  "expectations": ["checks.jsonl"]\n}\n' > proj/mbml.json
printf 'URL: ${url} n=$data.n\n' > proj/docs/README.boilerplate
expect "eval in a project folder loads its inputs in order with its \$ENV" 0 '"https://github.com/x/Logger/tree/main"' -- \
    sh -c "cd proj && '$bin' eval '\$url'"
expect "eval in a folder below finds the project file above" 0 "2" -- sh -c "cd proj/docs && '$bin' eval '\$data.n'"
expect "--no-project ignores it" 0 "null" -- sh -c "cd proj && '$bin' eval --no-project '\$url'"
expect "--project names one from anywhere" 0 '"Logger"' -- "$bin" eval --project proj/mbml.json '$repo:name'
expect "--no-env decides over the project's env" 0 'null' -- sh -c "cd proj && '$bin' eval --no-env '\$ENV'"
expect "a manifest of the project named again loads once, without a warning" 0 '"Logger"' -- \
    sh -c "cd proj && '$bin' eval --manifest Logger.xml '\$repo:name' 2>&1"
expect "check without files runs the project's expectations" 0 "1 passed, 0 failed" -- sh -c "cd proj && '$bin' check"
expect "render loads the project of the template" 0 "URL: https://github.com/x/Logger/tree/main n=2" -- \
    "$bin" render proj/docs/README.boilerplate
expect "allowFileReads lets functions read the project's folder" 0 '"inside\n"' -- \
    sh -c "cd / && '$bin' eval --project '$work/proj/mbml.json' '^fileContents($work/proj/assets/note.txt)'"
printf '{\n  "load": ["../../etc/passwd"]\n}\n' > proj/docs/mbml.json
expect "a project file naming a file outside its folder stops the command" 1 "" -- sh -c "cd proj/docs && '$bin' eval 1"
expect_stderr "  ... at the position of the name" "proj/docs/mbml.json:2:12: \"../../etc/passwd\" cannot be named by this project file"
printf '{"lod": []}' > proj/docs/mbml.json
expect "an unknown key stops the command" 1 "" -- sh -c "cd proj/docs && '$bin' eval 1"
expect_stderr "  ... at the key" 'mbml.json:1:2: unknown key "lod"'
rm proj/docs/mbml.json

echo "a data file truncated while it is mapped (issue 30)"
# records.py SIZE: a JSON object {"big": [records]} of about SIZE bytes (mbml maps data files of 16 MiB or more).
cat > records.py <<'PYEOF'
import sys
size = int(sys.argv[1])
cities = ["Oslo", "Bergen", "Tromso", "Stavanger"]
out = sys.stdout
out.write('{"big": [\n')
written, number = 0, 0
while written < size:
    record = '%s{"id":%d,"name":"Person %d","city":"%s","age":%d,"note":"%s"}' % (
        ",\n" if number else "", number, number, cities[number % 4], number % 90, "n" * 120)
    out.write(record)
    written += len(record)
    number += 1
out.write("\n]}\n")
PYEOF
python3 records.py 24000000 > mapped.json
# Deterministic: the batch protocol answers a request from the mapped file, the file is cut to one
# page, and the next requests read past its new end: each is answered with the error, none ends the
# process (no SIGBUS), and the process ends with status 0 at the end of its input.
rm -f batch.out
rc=0
{
    printf '{"id": 1, "expr": "$d.big[3].name"}\n'
    for _ in $(seq 1 600); do [ -s batch.out ] && break; sleep 0.05; done
    truncate -s 4096 mapped.json
    printf '{"id": 2, "expr": "^count(^filter($d.big|$item.age > 30))"}\n'
    printf '{"id": 3, "context": "string", "expr": "^join(^list($d.big|$item.city)|,)"}\n'
} | "$bin" eval --jsonl --data d=mapped.json >batch.out 2>"$work/stderr" || rc=$?
if [ "$rc" = 0 ] && [ "$(sed -n 1p batch.out)" = '{"id":1,"value":"Person 3"}' ] \
    && [ "$(grep -c 'changed while it was read' batch.out)" = 2 ]; then
    pass "eval --jsonl: requests that read past the new end answer that the file changed, the process goes on"
else
    fail "eval --jsonl over a truncated file" "status $rc: $(cat batch.out) $(cat "$work/stderr")"
fi
# While `mbml eval` evaluates (after the scan: the expression logs "evaluating" first, then reads
# every record whole), the file is cut to 100,000 bytes: the records past it read as zeros (no SIGBUS),
# and no answer is shown: the error, exit status 1, never death by a signal (status 128 and above).
python3 records.py 100000000 > raced.json
for context in object all; do
    cp raced.json raced-now.json
    : >"$work/stderr"
    "$bin" eval --context "$context" --timeout 120 --data d=raced-now.json \
        '^count(^array(^log(evaluating)|^unique($d.big)))' >raced.out 2>"$work/stderr" &
    pid=$!
    for _ in $(seq 1 6000); do grep -qF evaluating "$work/stderr" && break; sleep 0.01; done
    truncate -s 100000 raced-now.json
    rc=0
    wait "$pid" || rc=$?
    if [ "$rc" = 1 ] && [ ! -s raced.out ] && grep -qF 'raced-now.json": it changed while it was read' "$work/stderr"; then
        pass "eval --context $context over a file truncated while it is evaluated: the error, no answer, status 1"
    else
        fail "eval --context $context over a truncated file" "status $rc: $(cat raced.out) $(cat "$work/stderr")"
    fi
done
rm -f raced.json raced-now.json mapped.json

if [ "$failures" -gt 0 ]; then
    echo "$failures CLI check(s) failed"
    exit 1
fi
echo "all CLI checks passed"
