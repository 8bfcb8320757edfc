#!/usr/bin/env python3
"""A scripted LSP client for `mbml lsp`: starts the real binary, speaks Content-Length framed
JSON-RPC over its standard input and output, and checks its answers.

    python3 Tools/lsp_client.py PATH/TO/mbml

Prints `ok`/`FAIL` per check and ends with `N passed, M failed`; exits 1 on any failure.
"""
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import threading
import time
import queue


class Client:
    def __init__(self, binary, cwd=None):
        self.process = subprocess.Popen(
            [binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd
        )
        self.messages = queue.Queue()
        self.published = []  # (uri, version) of every publishDiagnostics, in order
        # For each response id: when its first header line arrived and when its body was read (before
        # it was decoded), to tell the server's time from the client's own decoding.
        self.arrivals = {}
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        stream = self.process.stdout
        while True:
            headers = {}
            first_byte = None
            while True:
                line = stream.readline()
                first_byte = first_byte or time.time()
                if not line:
                    self.messages.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.decode().partition(":")
                headers[name.strip().lower()] = value.strip()
            body = stream.read(int(headers["content-length"]))
            read = time.time()
            message = json.loads(body)
            if "id" in message and "method" not in message:
                self.arrivals[message["id"]] = (first_byte, read, len(body))
            if message.get("method") == "textDocument/publishDiagnostics":
                self.published.append((message["params"]["uri"], message["params"].get("version")))
            self.messages.put(message)

    def send_raw(self, data):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message):
        body = json.dumps(message).encode()
        self.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def notify(self, method, params=None):
        self.send({"jsonrpc": "2.0", "method": method, "params": params or {}})

    def request(self, method, params=None, timeout=20):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params or {}})
        return self.wait(lambda m: m.get("id") == self.next_id and "method" not in m, timeout)

    def wait(self, predicate, timeout=20):
        deadline = time.time() + timeout
        while time.time() < deadline:
            try:
                message = self.messages.get(timeout=max(0.01, deadline - time.time()))
            except queue.Empty:
                break
            if message is None:
                return None
            if predicate(message):
                return message
        return None

    def diagnostics(self, uri, timeout=30):
        message = self.wait(
            lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri, timeout
        )
        return None if message is None else message["params"]["diagnostics"]


passed = 0
failed = 0


def check(name, condition, detail=""):
    global passed, failed
    if condition:
        passed += 1
        print("  ok    " + name)
    else:
        failed += 1
        print("  FAIL  " + name + ("\n        " + str(detail)[:2000] if detail else ""))


def hover_text(response):
    try:
        return response["result"]["contents"]["value"]
    except (TypeError, KeyError):
        return ""


def labels(response):
    try:
        return [item["label"] for item in response["result"]["items"]]
    except (TypeError, KeyError):
        return []


def main():
    binary = os.path.abspath(sys.argv[1])
    work = pathlib.Path(tempfile.mkdtemp())
    (work / "shared.xml").write_text(
        '<MBML>\n    <Var name="catalog" type="map">\n        <Var name="title" literal="Store"/>\n'
        '        <Var name="count" literal="3"/>\n    </Var>\n</MBML>\n'
    )
    manifest = work / "manifest.xml"
    good = (
        "<MBML>\n"
        '    <Include file="shared.xml"/>\n'
        '    <Var name="cats" type="list">\n        <Var literal="Barrett"/>\n        <Var literal="Duncan"/>\n    </Var>\n'
        '    <Var name="total" expression="$cats.count" type="dynamic"/>\n'
        '    <Var name="joined" value="^join($cats|, )"/>\n'
        '    <Var name="slow" type="dynamic" expression="^repeat(1000000|^repeat(1000000|x))"/>\n'
        "</MBML>\n"
    )
    typo = good.replace('expression="$cats.count"', 'expression="$tpyo"')
    manifest.write_text(typo)
    uri = manifest.as_uri()

    print("lifecycle and framing")
    client = Client(binary)
    early = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}})
    check("a request before initialize is refused (-32002)", early and early.get("error", {}).get("code") == -32002, early)
    init = client.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    capabilities = (init or {}).get("result", {}).get("capabilities", {})
    check("initialize answers its capabilities", capabilities.get("hoverProvider") and "completionProvider" in capabilities, init)
    client.notify("initialized")
    client.send_raw(b"Content-Length: 9\r\n\r\n{not json")
    error = client.wait(lambda m: "error" in m)
    check("malformed JSON is a parse error (-32700)", error and error["error"]["code"] == -32700, error)
    client.send_raw(b"Content-Type: x\r\n\r\n")
    error = client.wait(lambda m: "error" in m)
    check("a header without Content-Length is answered with an error", error and error["error"]["code"] == -32700, error)
    client.send_raw(b"Content-Length: abc\r\n\r\n")
    error = client.wait(lambda m: "error" in m)
    check("a Content-Length that is not a number is answered with an error", error and "error" in error, error)
    unknown = client.request("workspace/frobnicate")
    check("an unknown method is MethodNotFound (-32601)", unknown and unknown.get("error", {}).get("code") == -32601, unknown)
    client.notify("$/cancelRequest", {"id": 99})
    client.notify("some/unknownNotification")
    alive = client.request("workspace/frobnicate")
    check("$/cancelRequest and unknown notifications are accepted; the server keeps going", alive and "error" in alive, alive)
    deep = b"[" * 200000
    client.send_raw(b"Content-Length: %d\r\n\r\n" % len(deep) + deep)
    error = client.wait(lambda m: "error" in m)
    check("JSON nested 200,000 deep is a parse error, not a crash", error and error["error"]["code"] == -32700, error)
    client.send_raw(b'Content-Length: 2\r\n\r\n[]')
    error = client.wait(lambda m: "error" in m)
    check("a JSON value that is not a request is InvalidRequest (-32600)", error and error["error"]["code"] == -32600, error)
    for bad in (b"Content-Length: -5\r\n\r\n", b"Content-Length: 2\r\nContent-Length: 2\r\n\r\n",
                b"Content-Length: 1e3\r\n\r\n", b"X-Nothing: 1\r\n\r\n"):
        body = b'{"jsonrpc":"2.0","id":"lost","method":"workspace/frobnicate"}'
        client.send_raw(bad + body)
        error = client.wait(lambda m: "error" in m)
        after = client.request("workspace/frobnicate")
        check("a bad header (%s) is an error, its frame skipped, and the next request answered"
              % bad.split(b"\r\n")[0].decode(), error and error["error"]["code"] == -32700
              and after and after.get("id") == client.next_id and after["error"]["code"] == -32601, (error, after))
    huge = 64 * 1024 * 1024 + 1
    client.send_raw(b"Content-Length: %d\r\n\r\n" % huge)
    error = client.wait(lambda m: "error" in m)
    check("a body over 64 MiB is refused with an error before it arrives",
          error and error["error"]["code"] == -32700 and "64 MiB" in error["error"]["message"], error)
    client.send_raw(b" " * huge)
    after = client.request("workspace/frobnicate")
    check("its bytes are skipped and the stream stays in step", after and after.get("id") == client.next_id, after)

    print("diagnostics")
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "xml", "version": 1, "text": typo}})
    diagnostics = client.diagnostics(uri) or []
    typo_line = typo.splitlines().index(next(l for l in typo.splitlines() if "$tpyo" in l))
    found = [d for d in diagnostics if "$tpyo is referred to by" in d["message"]]
    check("didOpen publishes the loader's warning about $tpyo", found and found[0]["severity"] == 2, diagnostics)
    tpyo_at = typo.splitlines()[typo_line].index("$tpyo")
    check(
        "on the reference itself: its line and columns (0-based)",
        found and found[0]["range"] == {"start": {"line": typo_line, "character": tpyo_at},
                                        "end": {"line": typo_line, "character": tpyo_at + 5}},
        found,
    )
    client.notify(
        "textDocument/didChange",
        {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": good}]},
    )
    diagnostics = client.diagnostics(uri)
    check("fixing it in an unsaved change clears it", diagnostics == [], diagnostics)
    broken = good.replace('<Var name="joined"', '<Var name="joined" value="1"')
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3}, "contentChanges": [{"text": broken}]})
    diagnostics = client.diagnostics(uri) or []
    check("an XML error is an error diagnostic", any(d["severity"] == 1 for d in diagnostics), diagnostics)
    emoji_line = '    <!-- 😀 é --><Var name="e" type="dynamic" expression="😀 $cats $tpyo"/>'
    emoji = good.replace("</MBML>", emoji_line + "\n</MBML>")
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 4}, "contentChanges": [{"text": emoji}]})
    diagnostics = client.diagnostics(uri) or []
    utf16 = lambda text: len(text.encode("utf-16-le")) // 2
    want = {"line": emoji.splitlines().index(emoji_line), "character": utf16(emoji_line[: emoji_line.index("<Var")])}
    want["character"] = utf16(emoji_line[: emoji_line.index("$tpyo")])
    check("columns after astral characters are counted in UTF-16", [d["range"]["start"] for d in diagnostics] == [want],
          (want, diagnostics))
    response = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {
        "line": want["line"], "character": utf16(emoji_line[: emoji_line.index("$cats") + 2])}})
    check("a hover after astral characters finds the reference", "Barrett" in hover_text(response), response)
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 5}, "contentChanges": [{"text": good}]})
    client.diagnostics(uri)

    lines = good.splitlines()

    def position(needle, offset=0):
        line = next(i for i, l in enumerate(lines) if needle in l)
        return {"line": line, "character": lines[line].index(needle) + offset}

    def at(method, needle, offset=0):
        return client.request(method, {"textDocument": {"uri": uri}, "position": position(needle, offset)})

    print("hover")
    text = hover_text(at("textDocument/hover", "$cats.count", 2))
    check("hover on $cats shows its value", '["Barrett","Duncan"]' in text, text)
    check("and where it is declared", "declared at" in text and "manifest.xml:3:" in text, text)
    text = hover_text(at("textDocument/hover", "$cats.count", 8))
    check("hover on .count shows the value of $cats.count", "2" in text and "$cats.count" in text, text)
    text = hover_text(at("textDocument/hover", "^join", 2))
    check("hover on ^join shows its signature and summary", "join(" in text and len(text) > 20, text)
    # Hover on the reference $slow written in a scratch line.
    scratch = good.replace("</MBML>", '    <Var name="use" literal="$slow"/>\n</MBML>')
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 5}, "contentChanges": [{"text": scratch}]})
    client.diagnostics(uri)
    slow_line = scratch.splitlines().index('    <Var name="use" literal="$slow"/>')
    started = time.time()
    response = client.request(
        "textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": slow_line, "character": 33}}
    )
    elapsed = time.time() - started
    check(
        "hover on a slow dynamic variable stops at its deadline",
        response is not None and elapsed < 8 and "time budget" in hover_text(response),
        (elapsed, response),
    )
    # The same hover, cancelled while it evaluates: answered RequestCancelled at once, and the server goes on.
    client.next_id += 1
    cancelled_id = client.next_id
    client.send({"jsonrpc": "2.0", "id": cancelled_id, "method": "textDocument/hover",
                 "params": {"textDocument": {"uri": uri}, "position": {"line": slow_line, "character": 33}}})
    time.sleep(0.3)
    started = time.time()
    client.notify("$/cancelRequest", {"id": cancelled_id})
    response = client.wait(lambda m: m.get("id") == cancelled_id and "method" not in m, 10)
    elapsed = time.time() - started
    check("$/cancelRequest stops a hover mid-evaluation with RequestCancelled (-32800)",
          response is not None and response.get("error", {}).get("code") == -32800 and elapsed < 1.2,
          (round(elapsed, 2), response))
    response = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": position("$cats.count", 2)})
    check("and the next request is answered", "Barrett" in hover_text(response), response)
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 6}, "contentChanges": [{"text": good}]})
    client.diagnostics(uri)

    print("completion and signature help")
    edited = good.replace("</MBML>", '    <Var name="a" value="^jo"/>\n    <Var name="b" value="$ca"/>\n'
                          '    <Var name="c" value="$catalog."/>\n    <Var name="d" value="^join($cats|x)"/>\n'
                          '    <Var name="e" value="$catalog[ti"/>\n    <Var name="f" value="$cats["/>\n</MBML>')
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 7}, "contentChanges": [{"text": edited}]})
    client.diagnostics(uri)
    lines[:] = edited.splitlines()
    response = at("textDocument/completion", '^jo"', 3)
    items = (response or {}).get("result", {}).get("items", [])
    join = [i for i in items if i["label"] == "join"]
    check("^jo completes to join( with its signature as detail",
          join and join[0]["textEdit"]["newText"] == "join(" and "join" in join[0].get("detail", ""), items[:5])
    response = at("textDocument/completion", '$ca"', 3)
    names = labels(response)
    check("$ca completes variable names", "cats" in names and "catalog" in names, names)
    cats = [i for i in response["result"]["items"] if i["label"] == "cats"] if response else []
    check("the list previews no value (completionItem/resolve does)", cats and "detail" not in cats[0], cats)
    resolved = client.request("completionItem/resolve", cats[0]) if cats else None
    check("completionItem/resolve gives the value as detail",
          resolved and "Barrett" in resolved.get("result", {}).get("detail", ""), resolved)
    response = at("textDocument/completion", '$catalog."', 9)
    names = labels(response)
    check("$catalog. completes its keys", "title" in names and "count" in names, names)
    response = at("textDocument/completion", '$catalog[ti"', 11)
    items = (response or {}).get("result", {}).get("items", [])
    check("$catalog[ti completes its keys with the closing bracket",
          [i["textEdit"]["newText"] for i in items] == ["title]"], items)
    response = at("textDocument/completion", '$cats["', 6)
    check("$cats[ completes its indexes", labels(response)[:2] == ["0", "1"], labels(response))
    response = at("textDocument/signatureHelp", "^join($cats|x)", 12)
    result = (response or {}).get("result") or {}
    check("signature help inside ^join(a|b) is on the second parameter",
          result.get("activeParameter") == 1 and "join" in result.get("signatures", [{}])[0].get("label", ""), response)

    print("go to declaration")
    response = at("textDocument/declaration", "$cats|x", 2)
    result = (response or {}).get("result") or {}
    check("$cats is declared in the document", result.get("uri") == uri and result["range"]["start"]["line"] == 2, response)
    response = at("textDocument/definition", '$catalog."', 3)
    result = (response or {}).get("result") or {}
    check("$catalog is declared in the included file", result.get("uri", "").endswith("/shared.xml")
          and result["range"]["start"]["line"] == 1, response)

    print("find references and semantic tokens")
    import re
    want = sum(len(re.findall(r"(?<!\$)\$cats(?![A-Za-z0-9_:-])", l)) for l in lines)
    response = client.request("textDocument/references", {"textDocument": {"uri": uri}, "position": position("$cats|x", 2),
                                                          "context": {"includeDeclaration": False}})
    found = (response or {}).get("result") or []
    check("find references lists every $cats (%d) and no $catalog" % want,
          len([r for r in found if r["uri"] == uri]) == want and want > 1, found)
    response = client.request("textDocument/references", {"textDocument": {"uri": uri}, "position": position("$cats|x", 2),
                                                          "context": {"includeDeclaration": True}})
    check("with the declaration when asked", len((response or {}).get("result") or []) == want + 1, response)
    response = client.request("textDocument/semanticTokens/full", {"textDocument": {"uri": uri}})
    data = ((response or {}).get("result") or {}).get("data", [])
    tokens, line, start = [], 0, 0
    for i in range(0, len(data), 5):
        line = line + data[i]
        start = data[i + 1] if data[i] else start + data[i + 1]
        tokens.append((line, start, data[i + 2], data[i + 3]))
    join_at = position("^join($cats|x)")
    check("semantic tokens mark ^join as a function", (join_at["line"], join_at["character"], 5, 1) in tokens, tokens[:12])
    check("and $cats as a variable", (join_at["line"], join_at["character"] + 6, 5, 0) in tokens, tokens[:12])

    print("budgets")
    big_uri = (work / "big.xml").as_uri()
    big = "<MBML>\n<!-- " + ("x" * 100 + "\n") * (50 * 1024 * 1024 // 101) + " -->\n<Var name=\"q\" literal=\"1\"/>\n</MBML>\n"
    started = time.time()
    client.notify("textDocument/didOpen", {"textDocument": {"uri": big_uri, "languageId": "xml", "version": 1, "text": big}})
    diagnostics = client.diagnostics(big_uri, timeout=120)
    check("a 50 MB document is loaded (%.1f s)" % (time.time() - started), diagnostics is not None, diagnostics)
    response = at("textDocument/hover", "$cats|x", 2)
    check("and the server still answers", "Barrett" in hover_text(response), response)
    client.notify("textDocument/didClose", {"textDocument": {"uri": big_uri}})

    print("shutdown")
    response = client.request("shutdown")
    check("shutdown answers null", response is not None and response.get("result", 1) is None, response)
    response = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}})
    check("requests after shutdown are InvalidRequest", response and response.get("error", {}).get("code") == -32600, response)
    client.notify("exit")
    try:
        status = client.process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        client.process.kill()
        status = None
    check("exit after shutdown ends with status 0", status == 0, status)
    stderr = client.process.stderr.read().decode(errors="replace")
    check("nothing on standard error", stderr == "", stderr)

    workspace_policy(binary, work)
    superseded_changes(binary, work)

    other = Client(binary)
    other.request("initialize", {"capabilities": {}})
    other.notify("exit")
    try:
        status = other.process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        other.process.kill()
        status = None
    check("exit without shutdown ends with status 1", status == 1, status)

    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


def hover_at(client, uri, line, character, timeout=20):
    return client.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                 "position": {"line": line, "character": character}}, timeout)


def workspace_policy(binary, work):
    """The readable folders come from the workspace, never from where the server was started."""
    print("workspace policy (server started in /)")
    workspace = work / "workspace"
    workspace.mkdir()
    (workspace / "inside.txt").write_text("inside text")
    manifest = workspace / "untrusted.xml"
    text = lambda path: ('<MBML>\n    <Var name="secret" type="dynamic" expression="^fileContents(%s)"/>\n'
                         '    <Var name="use" literal="$secret"/>\n</MBML>\n' % path)
    manifest.write_text(text("/etc/passwd"))
    uri = manifest.as_uri()
    for params in ({"rootUri": workspace.as_uri()}, {"rootUri": None, "workspaceFolders": [
            {"uri": workspace.as_uri(), "name": "w"}]}, {"rootUri": "file:///", "rootPath": "/"}):
        client = Client(binary, cwd="/")
        client.request("initialize", dict(params, processId=None, capabilities={}))
        client.notify("initialized")
        client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "xml", "version": 1,
                                                                "text": text("/etc/passwd")}})
        client.diagnostics(uri)
        shown = hover_text(hover_at(client, uri, 2, 30))
        check("hover on ^fileContents(/etc/passwd) is refused by the policy (%s)" % ", ".join(sorted(params)),
              "root:" not in shown and "file-read policy" in shown, shown)
        client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                                 "contentChanges": [{"text": text(workspace / "inside.txt")}]})
        shown = hover_text(hover_at(client, uri, 2, 30))
        check("while a file of the workspace is read", "inside text" in shown, shown)
        untitled = "untitled:Untitled-1"
        client.notify("textDocument/didOpen", {"textDocument": {"uri": untitled, "languageId": "xml", "version": 1,
                                                                "text": text("etc/passwd")}})
        shown = hover_text(hover_at(client, untitled, 2, 30))
        check("an untitled document reads nothing of the working folder /",
              "root:" not in shown and "file-read policy" in shown, shown)
        client.notify("exit")
        client.process.wait(timeout=10)


def superseded_changes(binary, work):
    """Only the newest text loads: a slow manifest changed twice answers a hover within 2 s."""
    print("superseded changes")
    manifest = work / "typing.xml"
    uri = manifest.as_uri()
    fast = lambda word: ('<MBML>\n    <Var name="word" literal="%s"/>\n    <Var name="use" literal="$word"/>\n'
                         '</MBML>\n' % word)
    slow = lambda n: fast("slow%d" % n).replace(
        "</MBML>", '    <Var name="slow" value="^repeat(1000000|^repeat(1000000|x))"/>\n</MBML>')
    client = Client(binary)
    client.request("initialize", {"processId": None, "rootUri": work.as_uri(), "capabilities": {}})
    client.notify("initialized")
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "xml", "version": 1,
                                                            "text": fast("first")}})
    client.diagnostics(uri)
    for version in (2, 3):
        client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                                 "contentChanges": [{"text": slow(version)}]})
    started = time.time()
    response = hover_at(client, uri, 2, 30)
    elapsed = time.time() - started
    check("a slow manifest changed twice answers a hover in %.2f s (within 2 s of the last change), "
          "from the last loaded text" % elapsed, elapsed < 2 and "first" in hover_text(response), (elapsed, response))
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 4},
                                             "contentChanges": [{"text": fast("fourth")}]})
    started = time.time()
    response = hover_at(client, uri, 2, 30)
    elapsed = time.time() - started
    check("a fast text after them supersedes the slow loads: hover shows it in %.2f s" % elapsed,
          elapsed < 2 and "fourth" in hover_text(response), (elapsed, response))
    time.sleep(12)  # past the slow loads' 10 s budget, had they not stopped
    published = [version for published_uri, version in client.published if published_uri == uri][1:]
    check("the superseded texts publish nothing (versions published after the first: %s)" % published,
          published == [4], published)
    client.notify("exit")
    client.process.wait(timeout=10)


if __name__ == "__main__":
    main()
