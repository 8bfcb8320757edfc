#!/usr/bin/env bash
# One evaluation, one budget (issue 29, items 1–3): bash .ci/cli-budget.sh PATH/TO/mbml
# A 300-byte manifest builds $big: 100 × 100 references to one 1 MB text (a few kilobytes in memory,
# 10 GB as text). Printing it through every output path of the command line and the language server
# must end in the memory budget error, never in an abort, and the next --jsonl or LSP request must
# be answered. A manifest whose variables pass the budget only together stops with the budget error.
# `^sort` under --timeout 2 stops within 3 s. Texts read from a data file and kept 10,000 times (a
# list, an association, sort keys, distinct values, a join, string concatenation, --jsonl) end in
# the budget error too (issue 30). Prints each case's time and peak RSS.
set -euo pipefail

bin="$(cd "$(dirname "${1:?usage: cli-budget.sh PATH/TO/mbml}")" && pwd)/$(basename "$1")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
export SWIFT_BACKTRACE=enable=no

passed=0
failed=0
pass() { printf '  ok    %s\n' "$1"; passed=$((passed + 1)); }
fail() { printf '  FAIL  %s\n        %s\n' "$1" "$2"; failed=$((failed + 1)); }

sep="$(printf 'x%.0s' $(seq 1 96))"
refs() { local out="" i; for i in $(seq 1 100); do out+="\$$1|"; done; printf '%s' "${out%|}"; }
cat > amp.xml <<XML
<MBML>
<Var name="a" value="^join(^arrayFilledWithIntegers(1|10000)|$sep)"/>
<Var name="b" value="^array($(refs a))"/>
<Var name="big" value="^array($(refs b))"/>
</MBML>
XML

# run NAME EXPECTED-STATUS PATTERN COMMAND...: runs COMMAND (stdout to out.txt, stderr to err.txt)
# under /usr/bin/time; passes when it exits with the status and its output says PATTERN, without an
# abort. Reports the time and the peak RSS.
run() {
    local name="$1" want="$2" pattern="$3"
    shift 3
    local status=0
    /usr/bin/time -f '%e %M' -o time.txt "$@" > out.txt 2> err.txt < "${STDIN:-/dev/null}" || status=$?
    local seconds rss
    read -r seconds rss < <(tail -1 time.txt)
    local figures="${seconds}s, peak RSS $((rss / 1024)) MB"
    if grep -q "Fatal error\|failed to allocate" err.txt; then
        fail "$name" "aborted ($figures): $(grep -m1 'Fatal error\|failed to allocate' err.txt)"
    elif [ "$status" != "$want" ]; then
        fail "$name" "status $status, not $want ($figures): $(head -c 300 err.txt)"
    elif ! cat err.txt out.txt | grep -q -- "$pattern"; then
        fail "$name" "the output does not say \"$pattern\" ($figures): $(head -c 300 err.txt)"
    else
        pass "$name ($figures)"
    fi
}

budget="passed its memory budget of 1 GiB"
echo "amplified text through every output path of the command line"
run "eval prints it as JSON" 1 "$budget" "$bin" eval --manifest amp.xml '$big'
run "eval prints it as text" 1 "$budget" "$bin" eval --manifest amp.xml --context string '$big'
run "eval --context all" 1 "$budget" "$bin" eval --manifest amp.xml --context all '$big'
run "^dump logs and returns its text" 1 "$budget" "$bin" eval --manifest amp.xml '^dump($big)'
run "^log logs it" 1 "$budget" "$bin" eval --manifest amp.xml '^log($big)'
run "interpolation" 1 "$budget" "$bin" eval --manifest amp.xml 'text: $big'
run "vars" 1 "$budget" "$bin" vars --manifest amp.xml big
run "explain" 1 "$budget" "$bin" explain --manifest amp.xml '$big'
run "explain --json" 1 "$budget" "$bin" explain --manifest amp.xml --json '$big'
run "explain --steps --json" 1 "$budget" "$bin" explain --manifest amp.xml --steps --json '$big'
printf '{"id": "big", "expr": "$big", "expect": "small"}\n' > exp.jsonl
run "check --format json" 2 "$budget" "$bin" check --manifest amp.xml --format json exp.jsonl
run "check's text report previews it" 1 "" "$bin" check --manifest amp.xml exp.jsonl
if grep -q "cut at 2000 characters" out.txt; then pass "check's text report cuts the value at its width"; else
    fail "check's text report cuts the value at its width" "$(head -c 300 out.txt)"; fi
printf 'before $big after\n' > t.tpl
run "render" 1 "$budget" "$bin" render --manifest amp.xml t.tpl

echo "--jsonl: the budget error, then the next request is answered"
printf '{"id": 1, "expr": "$big"}\n{"id": 2, "expr": "#(1 + 1)", "context": "number"}\n' > requests.jsonl
STDIN=requests.jsonl run "a --jsonl batch" 0 "" "$bin" eval --manifest amp.xml --jsonl
if grep -q '"id":1,"error":".*memory budget' out.txt && grep -q '"id":2,"value":2' out.txt; then
    pass "request 1 ends in the budget error, request 2 is answered"
else
    fail "request 1 ends in the budget error, request 2 is answered" "$(head -c 300 out.txt)"
fi

echo "language server: a hover on \$big, then the next request"
python3 - "$bin" amp.xml <<'PY' > lsp.txt 2>&1 || true
import json, subprocess, sys, time
binary, manifest = sys.argv[1], sys.argv[2]
text = open(manifest).read().replace('</MBML>', '<Var name="probe" type="dynamic" expression="$big $a"/>\n</MBML>')
server = subprocess.Popen([binary, 'lsp'], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
def send(message):
    body = json.dumps(message).encode()
    server.stdin.write(b'Content-Length: %d\r\n\r\n' % len(body) + body)
    server.stdin.flush()
def receive(wanted_id):
    while True:
        length = 0
        while True:
            line = server.stdout.readline()
            if not line: return None
            if line.strip() == b'': break
            if line.lower().startswith(b'content-length:'): length = int(line.split(b':')[1])
        message = json.loads(server.stdout.read(length))
        if message.get('id') == wanted_id: return message
uri = 'file:///tmp/amp-%d.xml' % time.time()
send({'jsonrpc': '2.0', 'id': 1, 'method': 'initialize', 'params': {'capabilities': {}}})
receive(1)
send({'jsonrpc': '2.0', 'method': 'initialized', 'params': {}})
send({'jsonrpc': '2.0', 'method': 'textDocument/didOpen', 'params': {'textDocument': {
    'uri': uri, 'languageId': 'xml', 'version': 1, 'text': text}}})
lines = text.split('\n')
row = next(index for index, line in enumerate(lines) if 'probe' in line)
column = lines[row].index('$big') + 2
start = time.time()
send({'jsonrpc': '2.0', 'id': 2, 'method': 'textDocument/hover', 'params': {
    'textDocument': {'uri': uri}, 'position': {'line': row, 'character': column}}})
hover = receive(2)
print('hover seconds %.2f' % (time.time() - start))
print('hover', json.dumps(hover)[:400] if hover else 'NO ANSWER')
column = lines[row].index('$a') + 1
send({'jsonrpc': '2.0', 'id': 3, 'method': 'textDocument/hover', 'params': {
    'textDocument': {'uri': uri}, 'position': {'line': row, 'character': column}}})
second = receive(3)
print('second', json.dumps(second)[:200] if second else 'NO ANSWER')
send({'jsonrpc': '2.0', 'id': 4, 'method': 'shutdown'})
receive(4)
send({'jsonrpc': '2.0', 'method': 'exit'})
server.wait(timeout=10)
PY
if grep -q '^hover {.*"result": {"contents"' lsp.txt && grep -q '^second {.*"result": {"contents"' lsp.txt; then
    pass "the hover is answered with a preview, and so is the next request ($(grep '^hover seconds' lsp.txt))"
else
    fail "the hover is answered with a preview, and so is the next request" "$(head -c 600 lsp.txt)"
fi

echo "a manifest load is one job with one budget"
refs128() { local out="" i; for i in $(seq 1 128); do out+='$a'; done; printf '%s' "$out"; }
{
    echo '<MBML>'
    echo "<Var name=\"a\" value=\"^join(^arrayFilledWithIntegers(1|10000)|$sep)\"/>"
    for i in $(seq 1 12); do echo "<Var name=\"v$i\" value=\"$(refs128)\"/>"; done
    echo '</MBML>'
} > twelve.xml
run "twelve 128 MB variables" 1 "Loading stopped: what it built passed its memory budget of 1 GiB" \
    "$bin" eval --manifest twelve.xml '$v1.length'

echo "texts read from a data file and kept: every collecting function and text stops at the budget"
# huge.json: one text of 1 MB and 10,000 integers. A text read from a lazily read file is a new
# string that no function built: a list, an association, sort keys, distinct values or a join that
# keeps it 10,000 times holds 10 GB. Each run is bounded at 4 GB of address space, so that one that
# does not stop aborts here instead of taking the machine down.
python3 -c "import json; json.dump({'s': 'x' * (1 << 20), 'idx': list(range(10000))}, open('huge.json', 'w'))"
bounded=(bash -c 'ulimit -v 4000000 && exec "$@"' bounded)
for expression in '^join(^list($d.idx|$d.s)|,)' '^count(^list($d.idx|$d.s))' '^count(^associate($d.idx|$item|$d.s))' \
    '^count(^sort($d.idx|$d.s))' '^count(^unique(^list($d.idx|$d.s)))' '^count(^list($d.idx|^list(^array(1|2)|$d.s)))' \
    '^count(^list($d.idx|^array($d.s)))' '^count(^list($d.idx|x $d.s))'; do
    run "$expression" 1 "$budget" "${bounded[@]}" "$bin" eval --data d=huge.json "$expression"
done
run "1,100 × \$d.s in the string context" 1 "$budget" "${bounded[@]}" "$bin" eval --data d=huge.json --context string \
    "$(printf '$d.s%.0s' $(seq 1 1100))"
printf '{"id": 1, "expr": "^list($d.idx|$d.s)"}\n{"id": 2, "expr": "$d.idx.count"}\n' > kept.jsonl
STDIN=kept.jsonl run "a --jsonl batch keeping texts" 0 "" "${bounded[@]}" "$bin" eval --data d=huge.json --jsonl
if grep -q '"id":1,"error":".*memory budget' out.txt && grep -q '"id":2,"value":10000' out.txt; then
    pass "request 1 ends in the budget error, request 2 is answered"
else
    fail "request 1 ends in the budget error, request 2 is answered" "$(head -c 300 out.txt)"
fi
run "reading the text answers" 0 "1048576" "${bounded[@]}" "$bin" eval --data d=huge.json '$d.s.length'
run "keeping little answers" 0 "9994" "${bounded[@]}" "$bin" eval --data d=huge.json '^count(^filter($d.idx|$item -GT 5))'

echo "every loop stops"
# The memory budget is off (--max-memory 0) so that only the deadline can stop it: each key builds and
# drops a list of 10,000 texts, which a 1 GiB budget of bytes built would otherwise stop first. (^sort
# evaluates a key once per item: the key itself is what takes long.)
run "^sort under --timeout 2" 1 "time budget of 2 seconds" \
    "$bin" eval --timeout 2 --max-memory 0 \
    '^sort(^arrayFilledWithIntegers(1|10000)|^count(^list(^arrayFilledWithIntegers(1|10000)|^repeat(10|$item))))'
read -r seconds _ < <(tail -1 time.txt)
if python3 -c "import sys; sys.exit(0 if float('$seconds') < 3 else 1)"; then pass "it stopped within 3 s (${seconds}s)"; else
    fail "it stopped within 3 s" "${seconds}s"; fi
run "^filter under --timeout 2" 1 "time budget of 2 seconds" \
    "$bin" eval --timeout 2 '^filter(^arrayFilledWithIntegers(1|10000)|^repeat(100000|$item) -GT 0)'

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
