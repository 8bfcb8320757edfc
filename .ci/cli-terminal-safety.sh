#!/usr/bin/env bash
# Hostile data through every human-facing output of the mbml command line: bash .ci/cli-terminal-safety.sh PATH/TO/mbml
# Values, keys, file names, ids and expressions hold every C0 control, DEL, C1 controls and bidi
# overrides; no such character may reach a terminal raw (stderr, reports, a result shown on a
# terminal). Then the file-read policy: what a template or expression may and may not read.
set -euo pipefail

bin="$(cd "$(dirname "${1:?usage: cli-terminal-safety.sh PATH/TO/mbml}")" && pwd)/$(basename "$1")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"

passed=0
failed=0
pass() { printf '  ok    %s\n' "$1"; passed=$((passed + 1)); }
fail() { printf '  FAIL  %s\n        %s\n' "$1" "$2"; failed=$((failed + 1)); }

# raw_unsafe FILE: prints the unsafe characters FILE holds raw (empty when it is safe).
raw_unsafe() {
    python3 - "$1" <<'PY'
import sys, unicodedata
text = open(sys.argv[1], 'rb').read().decode('utf-8', 'replace').replace('\r\n', '\n')  # a terminal's line ends
def unsafe(c):
    o = ord(c)
    if c in '\n\t': return False
    if o < 0x20 or 0x7F <= o <= 0x9F or o in (0x2028, 0x2029): return True
    if o in (0x200C, 0x200D) or 0xE0020 <= o <= 0xE007F: return False
    return unicodedata.category(c) == 'Cf'
found = sorted({'U+%04X' % ord(c) for c in text if unsafe(c)})
print(' '.join(found))
PY
}

# safe NAME COMMAND...: runs COMMAND; neither its stdout nor its stderr may hold a raw unsafe character.
safe() {
    local name="$1"
    shift
    "$@" > out.txt 2> err.txt || true
    local bad
    bad="$(raw_unsafe out.txt) $(raw_unsafe err.txt)"
    if [ -n "${bad// /}" ]; then fail "$name" "raw: $bad"; else pass "$name"; fi
}

# Every C0 control but NUL, DEL, every C1 control, and the bidi and invisible format characters.
python3 - <<'PY'
import json
evil = ''.join(chr(c) for c in range(1, 0x20)) + '\x7f' + ''.join(chr(c) for c in range(0x80, 0xA0))
evil += '\u061c\u200b\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2028\u2029\u2066\u2067\u2068\u2069\ufeff\u00ad'
evil = 'A\x1b]0;PWNED\x07B\x1b]52;c;SGVsbG8=\x07C\x1b[2J' + evil
json.dump({"a": evil, "keys": {evil: 1}}, open('d.json', 'w'))
open('evil.txt', 'w').write(evil)
with open('exp.jsonl', 'w') as f:
    f.write(json.dumps({"id": "id" + evil, "expr": "$d.a", "expect": "other", "note": evil}) + "\n")
    f.write(json.dumps({"id": "keys" + evil, "expr": "$d.keys", "expect": {evil + "x": 1}}) + "\n")
open('bad.tpl', 'w').write('x ^nope($d.a|' + evil.replace('|', '').replace(')', '').replace('(', '') + ') y\n')
open('t.tpl', 'w').write('x $d.a y\n')
open('inc.xml', 'w').write('<MBML><Include file="a&#x9b;b&#x1b;]0;X&#x7;.xml"/></MBML>\n')
open('warn.xml', 'w').write('<MBML><Var name="w" value="$tpyo&#x1b;]0;X&#x7;"/></MBML>\n')
PY
evil_name=$'ev\e]0;X\a\xc2\x9b.json'
printf '{' > "$evil_name"

echo "terminal safety"
safe "^log and ^dump on stderr" "$bin" eval --data d=d.json '^log($d.a) ^dump($d)'
safe "eval object result (JSON escapes)" "$bin" eval --data d=d.json '$d'
safe "eval --context all" "$bin" eval --context all --data d=d.json '$d.a'
safe "eval error message and caret" "$bin" eval --data d=d.json "#(\$d.a $(cat evil.txt) +)"
safe "explain" "$bin" explain --data d=d.json '$d.a'
safe "explain --json" "$bin" explain --json --data d=d.json '$d.a'
safe "explain --steps" "$bin" explain --steps --data d=d.json '^list(^keys($d)|$d[$item])'
safe "explain --steps (iterations)" "$bin" explain --steps --data d=d.json '^filter($d|$item)'
safe "tokens" "$bin" tokens "$(cat evil.txt)"
safe "check text report (ids, keys, notes, diffs)" "$bin" check exp.jsonl --data d=d.json
safe "check --format json" "$bin" check --format json exp.jsonl --data d=d.json
safe "check --format junit" "$bin" check --format junit exp.jsonl --data d=d.json
safe "vars" "$bin" vars --data d=d.json
safe "render error" "$bin" render bad.tpl --data d=d.json
safe "a diagnostic naming a file" "$bin" eval --data "d=$evil_name" 1
safe "an include naming a file" "$bin" eval --manifest inc.xml 1
safe "a manifest warning" "$bin" eval --manifest warn.xml 1
safe "functions with an unknown name" "$bin" functions "$(cat evil.txt)"
safe "an argument error quoting the argument" "$bin" eval --context "$(cat evil.txt)" 1
python3 - <<'PY'
import json
evil = 'A\x1b]0;PWNED\x07B\u009b31mC\u202eD\x7fE\u2066F'
open('evil-id.jsonl', 'w').write(json.dumps({"id": evil, "expr": "a"}, ensure_ascii=False) + "\n"
    + json.dumps({"id": [evil], "context": "nope", "expr": "a"}, ensure_ascii=False) + "\n")
PY
safe "a --jsonl id with C1 and bidi characters" sh -c "'$bin' eval --jsonl < evil-id.jsonl"
safe "a --jsonl response" sh -c "printf '%s\n' '{\"id\":1,\"expr\":\"\$d.a\"}' | '$bin' eval --jsonl --data d=d.json"
if command -v script > /dev/null; then
    safe "render to a terminal" script -qec "'$bin' render t.tpl --data d=d.json" /dev/null
    safe "eval --context string to a terminal" script -qec "'$bin' eval --context string --data d=d.json '\$d.a'" /dev/null
    script -qec "'$bin' render t.tpl --data d=d.json" /dev/null > out.txt 2>&1 || true
    if grep -q -- "--raw writes them as they are" out.txt; then pass "and says so"; else fail "render to a terminal says so" "$(cat out.txt)"; fi
fi
"$bin" render t.tpl --data d=d.json > out.txt
if cmp -s out.txt <(printf 'x %s y\n' "$(cat evil.txt)"); then pass "render to a pipe is byte for byte"; else fail "render to a pipe" "changed"; fi

echo "file-read policy"
mkdir -p project/sub other
echo "secret-of-other" > other/secret.txt
echo "mine" > project/sub/mine.txt
printf '^fileContents(/proc/self/environ)' > project/environ.tpl
printf '^fileContents(/etc/passwd)' > project/passwd.tpl
printf '^fileContents(sub/mine.txt)' > project/mine.tpl
(cd project && MBML_SECRET=leaked-secret-value "$bin" render --no-env environ.tpl > ../out.txt 2> ../err.txt) || true
if grep -q leaked-secret-value out.txt err.txt; then fail "render does not print /proc/self/environ" "leaked"; else pass "render does not print /proc/self/environ"; fi
(cd other && "$bin" render ../project/passwd.tpl > ../out.txt 2> ../err.txt) && rc=0 || rc=$?
if [ "$rc" = 1 ] && grep -q "file-read policy" err.txt && grep -q -- "--allow-file-reads" err.txt && ! grep -q "root:" out.txt; then
    pass "render of a template reading /etc/passwd fails, naming the policy and the flag"
else
    fail "render /etc/passwd" "status $rc: $(cat err.txt)"
fi
(cd project && "$bin" render mine.tpl > ../out.txt 2> ../err.txt) || true
if grep -q mine out.txt; then pass "a template reads its own folder"; else fail "template reads its folder" "$(cat err.txt)"; fi
(cd project && "$bin" eval --context string '^fileContents(../other/secret.txt)' > ../out.txt 2> ../err.txt) || true
if grep -q secret-of-other out.txt; then fail "eval reads only the current folder" "read ../other"; else pass "eval reads only the current folder and the inputs' folders"; fi
(cd project && "$bin" eval --allow-file-reads ../other --context string '^fileContents(../other/secret.txt)' > ../out.txt 2> ../err.txt) || true
if grep -q secret-of-other out.txt; then pass "--allow-file-reads DIR allows a folder"; else fail "--allow-file-reads" "$(cat err.txt)"; fi

printf '<MBML>\n<Var name="a" literal="1" mutable="F"/>\n<Var name="a" literal="2"/>\n</MBML>\n' > redeclare.xml
"$bin" eval --manifest redeclare.xml '$a' > out.txt 2> err.txt || true
if grep -q '^redeclare\.xml:3:1: Variable "a" redeclared from: a read-only concrete variable' err.txt; then
    pass "the read-only redeclaration warning names file:line:column"
else
    fail "the redeclaration warning names file:line:column" "$(cat err.txt)"
fi

echo "file door"
# 10,000 reads of a link that another process flips between an inside and an outside file.
echo "inside" > project/inside.txt
echo "SECRET-OUTSIDE" > other/outside.txt
ln -s "$work/project/inside.txt" project/flip
python3 - "$work" > flips.txt <<'PY' &
import os, sys, time
work = sys.argv[1]
targets = [work + "/project/inside.txt", work + "/other/outside.txt"]
end = time.time() + 120
count = 0
while time.time() < end and not os.path.exists(work + "/stop-flipping"):
    count += 1
    os.symlink(targets[count % 2], work + "/project/flip.next")
    os.replace(work + "/project/flip.next", work + "/project/flip")
print(count)
PY
flipper=$!
python3 -c 'import json
for i in range(10000): print(json.dumps({"id": i, "context": "string", "expr": "^fileContents(flip)"}))' > flip.jsonl
(cd project && "$bin" eval --jsonl < ../flip.jsonl > ../flip-out.jsonl 2> ../err.txt) || true
touch stop-flipping
wait "$flipper"
outside="$(grep -c SECRET-OUTSIDE flip-out.jsonl || true)"
inside="$(grep -c '"value":"inside' flip-out.jsonl || true)"
refused="$(grep -c 'file-read policy' flip-out.jsonl || true)"
answers="$(wc -l < flip-out.jsonl)"
if [ "$answers" = 10000 ] && [ "$outside" = 0 ] && [ "$inside" -gt 0 ] && [ "$refused" -gt 0 ]; then
    pass "a link flipped in a loop never yields the outside file (10000 reads: $inside inside, $refused refused, 0 outside; $(cat flips.txt) flips)"
else
    fail "a link flipped in a loop never yields the outside file" "$answers answers: $inside inside, $refused refused, $outside OUTSIDE"
fi
mkfifo project/fifo
(cd project && timeout 10 "$bin" eval --context string '^fileContents(fifo)' > ../out.txt 2> ../err.txt) && rc=0 || rc=$?
if [ "$rc" = 1 ] && grep -q "it is a FIFO" err.txt; then pass "a FIFO is refused at once, not read"; else fail "FIFO refused" "status $rc: $(cat err.txt)"; fi
(cd project && timeout 10 "$bin" eval --data x=fifo 1 > ../out.txt 2> ../err.txt) && rc=0 || rc=$?
if [ "$rc" != 124 ] && grep -q "FIFO" err.txt; then pass "a --data FIFO is refused at once"; else fail "--data FIFO" "status $rc: $(cat err.txt)"; fi
printf '<MBML><Include file="fifo"/></MBML>' > project/fifo-include.xml
(cd project && timeout 10 "$bin" eval --manifest fifo-include.xml 1 > ../out.txt 2> ../err.txt) && rc=0 || rc=$?
if [ "$rc" != 124 ] && grep -q "FIFO" err.txt; then pass "an include of a FIFO is refused at once"; else fail "include FIFO" "status $rc: $(cat err.txt)"; fi
(cd project && timeout 10 "$bin" eval --allow-file-reads /dev --context string '^fileContents(/dev/zero)' > ../out.txt 2> ../err.txt) && rc=0 || rc=$?
if [ "$rc" = 1 ] && grep -q "it is a device" err.txt; then pass "a device is refused even in an allowed folder"; else fail "device refused" "status $rc: $(cat err.txt)"; fi
(cd / && "$bin" eval --context string '^fileContents(etc/hostname)' > "$work/out.txt" 2> "$work/err.txt") && rc=0 || rc=$?
if [ "$rc" = 1 ] && grep -q "file-read policy" err.txt; then pass "started from /, the current folder is not a work folder"; else fail "started from /" "status $rc: $(cat err.txt)"; fi
mkdir -p home && echo "private notes" > home/notes.txt
(cd home && HOME="$work/home" "$bin" eval --context string '^fileContents(notes.txt)' > ../out.txt 2> ../err.txt) && rc=0 || rc=$?
if [ "$rc" = 1 ] && ! grep -q "private notes" out.txt; then pass "started from home, the current folder is not a work folder"; else fail "started from home" "status $rc: $(cat out.txt err.txt)"; fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
