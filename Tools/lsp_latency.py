#!/usr/bin/env python3
"""Measures how instant `mbml lsp` stays while typing (issue #31, item 6):

    python3 Tools/lsp_latency.py PATH/TO/mbml

1. a manifest of 100,000 `<Var>`s: the first load, then a burst of 10 quick edits (one every 30 ms,
   incremental changes) followed by a hover, timed from the last change to the answer (target 1.5 s);
2. a manifest with one variable holding 31 MB (a dynamic `^fileContents` of a 31 MB file): a
   completion after `$`, timed (target 300 ms), and the `completionItem/resolve` of that variable;
3. the server's peak resident memory (VmHWM) after each;
4. the whole-document requests on the 100,000-<Var> manifest: inlay hints (60 lines, at the start
   and in the middle), document symbols (target 0.3 s), folding ranges, semantic tokens, document
   links, references and code lenses (target 0.5 s each), timed to the decoded answer, with the
   server's part (to the first byte of the answer) and the answer's size;
5. for the record, the first hovers that need a project's sample (`"samples"` in mbml.json, a
   sample of 100,000 `<Var>`s beside a 100,000-`<Var>` document): a name only the sample declares
   (the first loads the sample's space), and a per-item `$item` whose collection is empty in the
   document but not in the sample.

Prints one line per figure and `ok`/`FAIL` against the targets; exits 1 when a target is missed.
"""
import os
import pathlib
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import Client  # noqa: E402


def peak_memory_mb(client):
    with open("/proc/%d/status" % client.process.pid) as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def start(binary, folder):
    client = Client(binary)
    client.request("initialize", {"processId": None, "rootUri": folder.as_uri(), "capabilities": {}})
    client.notify("initialized")
    return client


def main():
    binary = os.path.abspath(sys.argv[1])
    work = pathlib.Path(tempfile.mkdtemp())
    failures = 0

    def report(name, value, target=None, unit="s"):
        nonlocal failures
        verdict = ""
        if target is not None:
            verdict = "ok  " if value <= target else "FAIL"
            failures += value > target
        print("  %s %-58s %8.3f %s%s" % (verdict or "    ", name, value, unit,
                                          "" if target is None else "  (target %.3g %s)" % (target, unit)))

    print("100,000 <Var>s: a burst of 10 edits, then a hover")
    lines = ["<MBML>", '    <Var name="total" value="$v1"/>']
    lines += ['    <Var name="v%d" literal="%d"/>' % (index, index) for index in range(100_000)]
    lines.append("</MBML>")
    text = "\n".join(lines) + "\n"
    manifest = work / "big.xml"
    manifest.write_text(text)
    uri = manifest.as_uri()
    client = start(binary, work)
    started = time.time()
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "xml", "version": 1,
                                                            "text": text}})
    client.diagnostics(uri, timeout=120)
    report("first load (didOpen to diagnostics)", time.time() - started)
    # Ten keystrokes typing into v1's literal, 30 ms apart: the hover on `$v1` must show the newest
    # text's value ("10123456789"), not an older load's.
    column = len('    <Var name="v1" literal="1')
    for keystroke in range(10):
        change = {"range": {"start": {"line": 3, "character": column + keystroke},
                            "end": {"line": 3, "character": column + keystroke}}, "text": str(keystroke)}
        client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2 + keystroke},
                                                 "contentChanges": [change]})
        time.sleep(0.03)
    last_change = time.time()
    response = client.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                     "position": {"line": 1, "character": 31}}, timeout=60)
    elapsed = time.time() - last_change
    value = ((response or {}).get("result") or {}).get("contents", {}).get("value", "")
    if "10123456789" not in value:
        print("  FAIL the hover does not show the newest value: %r" % value[:200])
        failures += 1
    report("hover after the burst, from the last change", elapsed, 1.5)
    client.diagnostics(uri, timeout=60)
    # The whole-document requests: the time to the answer as the client has it decoded (target
    # 0.3 s for the outline, 0.5 s for the others), and how much of it was the server's (to the
    # first byte of the answer) and how large the answer was.
    for method, params, target in [
        ("textDocument/inlayHint", {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 60, "character": 0}}}, 0.5),
        ("textDocument/inlayHint", {"range": {"start": {"line": 50000, "character": 0}, "end": {"line": 50060, "character": 0}}}, 0.5),
        ("textDocument/documentSymbol", {}, 0.3),
        ("textDocument/foldingRange", {}, 0.5),
        ("textDocument/semanticTokens/full", {}, 0.5),
        ("textDocument/documentLink", {}, 0.5),
        ("textDocument/references", {"position": {"line": 1, "character": 31}, "context": {"includeDeclaration": True}}, 0.5),
        ("textDocument/codeLens", {}, 0.5),
    ]:
        started = time.time()
        answer = client.request(method, dict(params, textDocument={"uri": uri}), timeout=60)
        elapsed = time.time() - started
        result = (answer or {}).get("result") or []
        count = len(result.get("data", [])) // 5 if isinstance(result, dict) else len(result)
        first_byte, _, size = client.arrivals.get(client.next_id, (started, started, 0))
        report("%s (%d in the answer, %.1f MB; server %.3f s)" % (method, count, size / 1e6, first_byte - started),
               elapsed, target)
    published = [version for published_uri, version in client.published if published_uri == uri]
    print("      diagnostics published for versions %s (superseded texts never load)" % published)
    report("peak memory (VmHWM) of the server", peak_memory_mb(client), unit="MB")
    client.notify("exit")
    client.process.wait(timeout=30)

    print("100,000 <Var>s in a project with a sample of 100,000 more (mbml.json \"samples\"): first hovers")
    project = work / "project"
    (project / ".git").mkdir(parents=True)
    sample = ["<MBML>", '    <Var name="fromSample" literal="S"/>',
              '    <Var name="things" type="list"><Var literal="one"/><Var literal="three"/></Var>']
    sample += ['    <Var name="s%d" literal="%d"/>' % (index, index) for index in range(100_000)]
    (project / "sample.xml").write_text("\n".join(sample + ["</MBML>"]) + "\n")
    (project / "mbml.json").write_text('{"samples": ["sample.xml"]}\n')
    lines = ["<MBML>", '    <Var name="things" type="list"/>',
             '    <Var name="use" value="$fromSample ^list($things|$item.length)"/>']
    lines += ['    <Var name="v%d" literal="%d"/>' % (index, index) for index in range(100_000)]
    text = "\n".join(lines + ["</MBML>"]) + "\n"
    document = project / "big.xml"
    document.write_text(text)
    client = start(binary, project)
    client.notify("textDocument/didOpen", {"textDocument": {"uri": document.as_uri(), "languageId": "xml",
                                                            "version": 1, "text": text}})
    client.diagnostics(document.as_uri(), timeout=120)
    for name, character, expected in [("$fromSample (loads the sample's space)", 30, '"S"'),
                                      ("$fromSample again", 30, '"S"'),
                                      ("$item in ^list($things|…), empty here: a sample item", 55, '"one"'),
                                      ("$item again", 55, '"one"')]:
        started = time.time()
        response = client.request("textDocument/hover", {"textDocument": {"uri": document.as_uri()},
                                                         "position": {"line": 2, "character": character}}, timeout=60)
        elapsed = time.time() - started
        value = ((response or {}).get("result") or {}).get("contents", {}).get("value", "")
        if expected not in value or "sample" not in value:
            print("  FAIL the hover on %s shows no sample value: %r" % (name, value[:300]))
            failures += 1
        report("hover on %s" % name, elapsed)
    report("peak memory (VmHWM) of the server", peak_memory_mb(client), unit="MB")
    client.notify("exit")
    client.process.wait(timeout=30)

    print("one variable holding 31 MB: completion after $")
    (work / "big.txt").write_text("x" * (31 << 20))
    big = work / "values.xml"
    big_text = ('<MBML>\n    <Var name="big" type="dynamic" expression="^fileContents(%s)"/>\n'
                '    <Var name="small" literal="1"/>\n    <Var name="use" value="$"/>\n</MBML>\n'
                % (work / "big.txt"))
    big.write_text(big_text)
    client = start(binary, work)
    client.notify("textDocument/didOpen", {"textDocument": {"uri": big.as_uri(), "languageId": "xml",
                                                            "version": 1, "text": big_text}})
    client.diagnostics(big.as_uri(), timeout=60)
    timings = []
    for _ in range(5):
        started = time.time()
        response = client.request("textDocument/completion", {
            "textDocument": {"uri": big.as_uri()}, "position": {"line": 3, "character": 28}})
        timings.append(time.time() - started)
    items = ((response or {}).get("result") or {}).get("items", [])
    if "big" not in [item["label"] for item in items]:
        print("  FAIL the completion does not list big: %r" % response)
        failures += 1
    report("completion after $ (slowest of 5)", max(timings), 0.3)
    item = next((item for item in items if item["label"] == "big"), None)
    started = time.time()
    resolved = client.request("completionItem/resolve", item or {}, timeout=30)
    detail = ((resolved or {}).get("result") or {}).get("detail", "")
    report("completionItem/resolve of big (preview of 31 MB, cut at 200)", time.time() - started)
    if not detail.startswith('"xxx'):
        print("  FAIL the resolved item previews no value: %r" % detail[:100])
        failures += 1
    report("peak memory (VmHWM) of the server", peak_memory_mb(client), unit="MB")
    client.notify("exit")
    client.process.wait(timeout=30)
    print("%d target(s) missed" % failures)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
