#!/usr/bin/env python3
"""Measures how many hovers on variable references `mbml lsp` answers with a value, on the real
manifests (and templates) of the wild corpus.

    python3 Tools/hover_coverage.py PATH/TO/mbml PATH/TO/wild-corpus/cases [--no-project] [--json] [--check]
        [--min-percent=N] [--misses] [--timing]

Each case folder is copied to a scratch folder. Unless --no-project is given, a project file
(mbml.json) is written beside its manifests as the original's `plate` tool loaded them (case.conf:
MANIFEST, then DATA; `$ENV` with the case's `env` variables), with the other versions of the
shared manifest and the data manifests of the repositories that load it as its samples (copied
into `samples/`: in the original's world they lie side by side) — what a hover shows, labelled a sample, for an optional
variable this repository does not declare or an item of a collection that is empty in it. The server is started once, with
the scratch folder as its workspace; each manifest and template is opened, its diagnostics read,
and every reference in it — `$name`, `${name}`, `${ns:name}`, `$(name with spaces)`, `$[name]` —
hovered on the first character of its name. A hover "shows a value" when it answers with a value
(which may be null), without "not declared" and without an error — a sample value counts, and is
tallied apart ("sample"); a loop variable (`$item`) shows
the values the call around it binds. A "not declared" hover is counted apart ("absent") when no
file of the case declares the name (no `name="..."` attribute anywhere): then null is its value. A
loop variable inside a call over an empty or null collection ("bound per item by ^list(...); the
collection is empty") is counted apart too ("no item"): no item exists to show.

Prints the tally per kind of file and form (with --misses, also every hover that shows no value:
where, the reference, and the hover's note), the manifests that got warnings, and, for names used
in both the `$name` and the `${name}` form in one file, whether the two hovers agree. With --json
the tallies are printed as one JSON object. Exits 1 when the server stops answering; with --check
(what .ci/run uses), also when a manifest gets a diagnostic, a hover on a manifest's reference shows
no value for a name some file of its case declares, or the two forms of a name disagree; with
--min-percent=N (or manifest=N,template=M) also when fewer than N% of the hovers of a kind of file
show a value (a regression below the coverage reached). With --timing, also how long the hovers
took: all of them, and apart the first hover of each file that showed a sample's value (the one
that may load the sample's space).
"""
import json
import os
import pathlib
import re
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import Client  # noqa: E402

# A reference's sigil and the position of its name (the hover is asked there). `$$` is an escape.
REFERENCE = re.compile(
    r"(?<!\$)\$(?:\{(?P<braced>[^}\s]+)\}|\((?P<spaced>[^)]+)\)|\[(?P<bracketed>[^\]]+)\]|(?P<simple>[A-Za-z_][A-Za-z0-9_:\-]*))"
)


# The statuses of a hover that shows a value.
SHOWS = {"value", "sample"}


def references(text):
    """(line, character, form, name) of each reference; characters in UTF-16 code units."""
    found = []
    for number, line in enumerate(text.split("\n")):
        for match in REFERENCE.finditer(line):
            if match.group("simple"):
                form, name, start = "$name", match.group("simple"), match.start() + 1
            elif match.group("braced"):
                form, name, start = "${name}", match.group("braced"), match.start() + 2
            elif match.group("spaced"):
                form, name, start = "$(name)", match.group("spaced"), match.start() + 2
            else:
                form, name, start = "$[name]", match.group("bracketed"), match.start() + 2
            character = len(line[:start].encode("utf-16-le")) // 2
            found.append((number, character, form, name.rstrip(":")))
    return found


def declared_names(case):
    """Every name="..." of the case's manifests (over-counts: keys of maps are included)."""
    names = set()
    for path in case.glob("*.xml"):
        names.update(re.findall(r'name="([^"]+)"', path.read_text(encoding="utf-8", errors="replace")))
    return names


def classify(response):
    """'value', 'undeclared', 'error' or 'none' for a hover response; and the value text."""
    try:
        text = response["result"]["contents"]["value"]
    except (TypeError, KeyError):
        return "none", None
    value = text.split("```json\n", 1)[1].split("\n```", 1)[0] if "```json\n" in text else None
    if "not declared" in text:
        return "undeclared", value
    if "a sample" in text and value is not None and not value.startswith("error:"):
        return "sample", value
    # `$item` inside a call over an empty or null collection: bound per item, but no item exists.
    if "bound per item by" in text:
        return "unbound", value
    if value is None or value.startswith("error:"):
        return "error", value
    return "value", value


def read_conf(path):
    conf = {}
    for line in path.read_text().splitlines():
        name, _, value = line.partition("=")
        conf[name.strip()] = value.strip()
    return conf


def sample_files(cases):
    """For each shared manifest (MANIFEST), the other versions of it and the data manifests (DATA) of
    the cases that load it, each version once, the shared manifest's first: {manifest: [(case name,
    file name, path)]}."""
    shared, data_files = {}, {}
    seen = set()
    for source in sorted(pathlib.Path(cases).iterdir()):
        if not (source / "case.conf").exists():
            continue
        conf = read_conf(source / "case.conf")
        manifest = conf.get("MANIFEST")
        if not manifest:
            continue
        for name, found in ((manifest, shared), (conf.get("DATA"), data_files)):
            if name and (source / name).exists():
                content = (source / name).read_bytes()
                if (name, content) not in seen:
                    seen.add((name, content))
                    found.setdefault(manifest, []).append((source.name, name, source / name))
    return {manifest: shared.get(manifest, []) + data_files.get(manifest, []) for manifest in shared}


def write_project(case, root, samples):
    """Writes mbml.json into the case folder: plate's -m manifest, then its -d data file, and $ENV;
    as samples (`samples/CASE--NAME`), the other versions of the shared manifest (other branches of
    the original's world), then every version of the data manifests of the repositories that load
    it, its own other versions included."""
    conf = read_conf(case / "case.conf")
    load = [name for name in (conf.get("MANIFEST"), conf.get("DATA")) if name]
    own = {name: (case / name).read_bytes() for name in load if (case / name).exists()}
    sample_names = []
    for other, data, path in samples.get(conf.get("MANIFEST"), []):
        if own.get(data) == path.read_bytes():
            continue
        # A file name loads once (the engine skips a second file of the same name): each its own.
        (case / "samples").mkdir(exist_ok=True)
        shutil.copyfile(path, case / "samples" / ("%s--%s" % (other, data)))
        sample_names.append("samples/%s--%s" % (other, data))
    env = {}
    if (case / "env").exists():
        for line in (case / "env").read_text().splitlines():
            name, _, value = line.partition("=")
            if name.strip():
                env[name.strip()] = value.replace("@ROOT@", str(root / case.name / "fs"))
    project = {"load": load, "env": env}
    if sample_names:
        project["samples"] = sample_names
    (case / "mbml.json").write_text(json.dumps(project, indent=2) + "\n")


def measure(binary, cases, use_project):
    scratch = pathlib.Path(tempfile.mkdtemp())
    # A repository root above the cases: the project file search stops there.
    (scratch / ".git").mkdir()
    tally = {}
    warned = []
    misses = []
    agreement = {"agree": 0, "disagree": 0, "examples": []}
    samples = sample_files(cases)
    timings = []
    client = Client(binary, cwd="/")
    if client.request("initialize", {"processId": None, "rootUri": scratch.as_uri(), "capabilities": {}}) is None:
        sys.exit("the server did not answer initialize")
    client.notify("initialized")
    try:
        for source in sorted(pathlib.Path(cases).iterdir()):
            if not (source / "case.conf").exists():
                continue
            case = scratch / source.name
            shutil.copytree(source, case)
            if use_project:
                write_project(case, scratch, samples)
            conf = read_conf(case / "case.conf")
            declared = declared_names(case)
            files = [("manifest", name) for name in (conf.get("MANIFEST"), conf.get("DATA")) if name]
            files.append(("template", conf.get("TEMPLATE", "template.boilerplate")))
            for kind, name in files:
                path = case / name
                if not path.exists():
                    continue
                text = path.read_text(encoding="utf-8", errors="replace")
                uri = path.as_uri()
                language = "xml" if kind == "manifest" else "mbml-template"
                client.notify("textDocument/didOpen", {"textDocument": {
                    "uri": uri, "languageId": language, "version": 1, "text": text}})
                diagnostics = client.diagnostics(uri, timeout=60)
                if diagnostics is None:
                    sys.exit("no diagnostics for %s" % uri)
                if kind == "manifest" and diagnostics:
                    warned.append((source.name + "/" + name, [d["message"][:160] for d in diagnostics][:3]))
                by_name = {}
                sampled_yet = False
                for line, character, form, ref_name in references(text):
                    started = time.time()
                    response = client.request("textDocument/hover", {
                        "textDocument": {"uri": uri}, "position": {"line": line, "character": character}}, 60)
                    elapsed = time.time() - started
                    if response is None:
                        sys.exit("no hover answer at %s:%d:%d" % (uri, line + 1, character + 1))
                    status, value = classify(response)
                    where = "%s/%s:%d:%d" % (source.name, name, line + 1, character + 1)
                    timings.append((elapsed, status == "sample" and not sampled_yet, where))
                    sampled_yet = sampled_yet or status == "sample"
                    if status == "undeclared" and ref_name.split(".")[0].split("[")[0] not in declared:
                        status = "absent"
                    if status not in SHOWS:
                        misses.append("%s/%s:%d:%d %s %s [%s] %s" % (
                            source.name, name, line + 1, character + 1, form, ref_name, status,
                            hover_note(response)))
                    entry = tally.setdefault(kind, {}).setdefault(form, {})
                    entry[status] = entry.get(status, 0) + 1
                    by_name.setdefault(ref_name, {}).setdefault(form, []).append((status, value))
                for ref_name, forms in by_name.items():
                    if "$name" in forms and "${name}" in forms:
                        simple = {status for status, _ in forms["$name"]}
                        braced = {status for status, _ in forms["${name}"]}
                        # Agree: a name both forms show a value for, or neither does.
                        if bool(simple & SHOWS) == bool(braced & SHOWS):
                            agreement["agree"] += 1
                        else:
                            agreement["disagree"] += 1
                            if len(agreement["examples"]) < 10:
                                agreement["examples"].append("%s/%s: %s $=%s ${}=%s" % (
                                    source.name, name, ref_name, sorted(simple), sorted(braced)))
                client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        client.request("shutdown")
        client.notify("exit")
    finally:
        client.process.kill()
        shutil.rmtree(scratch, ignore_errors=True)
    return tally, warned, agreement, misses, timings


def print_timings(timings):
    """--timing: how long the hovers took, and the first hover of each file that showed a sample's
    value (it may load the sample's space)."""
    def line(label, entries):
        if not entries:
            print("%s: none" % label)
            return
        times = sorted(entry[0] for entry in entries)
        slowest = max(entries)
        print("%s: %d, median %.3f s, 95th percentile %.3f s, slowest %.3f s (%s)" % (
            label, len(times), times[len(times) // 2], times[min(len(times) - 1, int(len(times) * 0.95))],
            slowest[0], slowest[2]))
    line("hovers", timings)
    line("first sample hover of a file", [entry for entry in timings if entry[1]])
    line("other hovers", [entry for entry in timings if not entry[1]])


def hover_note(response):
    """The last paragraph of a hover's text (its note), on one line."""
    try:
        text = response["result"]["contents"]["value"]
    except (TypeError, KeyError):
        return "(no hover)"
    return text.rsplit("\n\n", 1)[-1].replace("\n", " ")[:200]


def percent(part, whole):
    return 100.0 * part / whole if whole else 0.0


def main():
    arguments = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(arguments) != 2:
        sys.exit(__doc__)
    binary, cases = os.path.abspath(arguments[0]), arguments[1]
    use_project = "--no-project" not in sys.argv
    tally, warned, agreement, misses, timings = measure(binary, cases, use_project)
    report = {"project": use_project, "kinds": {}, "warned_manifests": len(warned), "agreement": agreement}
    for kind, forms in sorted(tally.items()):
        total = sum(sum(counts.values()) for counts in forms.values())
        values = sum(counts.get(status, 0) for counts in forms.values() for status in SHOWS)
        sampled = sum(counts.get("sample", 0) for counts in forms.values())
        absent = sum(counts.get("absent", 0) for counts in forms.values())
        unbound = sum(counts.get("unbound", 0) for counts in forms.values())
        report["kinds"][kind] = {"hovers": total, "values": values, "samples": sampled,
                                 "percent": round(percent(values, total), 1),
                                 "absent": absent, "unbound": unbound,
                                 "right": round(percent(values + absent + unbound, total), 1), "forms": forms}
    if "--json" in sys.argv:
        print(json.dumps(report, indent=1))
    else:
        print_report(report, warned, agreement, use_project)
    if "--timing" in sys.argv:
        print_timings(timings)
    if "--misses" in sys.argv:
        print("hovers without a value: %d" % len(misses))
        for miss in misses:
            print("  " + miss)
    if "--check" in sys.argv:
        manifests = report["kinds"].get("manifest", {})
        problems = []
        if warned:
            problems.append("%d manifests got diagnostics" % len(warned))
        if manifests.get("right", 0) < 100.0:
            problems.append("hovers without a value on declared names: %.1f%% right" % manifests.get("right", 0))
        minimums = minimum_percents()
        for kind, entry in sorted(report["kinds"].items()):
            minimum = minimums.get(kind, minimums.get(None))
            if minimum is not None and percent(entry["values"], entry["hovers"]) < minimum:
                problems.append("%s: %.1f%% of hovers show a value, below %.1f%%" % (
                    kind, percent(entry["values"], entry["hovers"]), minimum))
        if agreement["disagree"]:
            problems.append("%d names whose $name and ${name} hovers disagree" % agreement["disagree"])
        print("hover coverage check: " + ("; ".join(problems) if problems else "ok"))
        sys.exit(1 if problems else 0)


def minimum_percents():
    """--min-percent=N (every kind of file) or --min-percent=manifest=N,template=M: {kind or None: N}."""
    minimums = {}
    for argument in sys.argv:
        if argument.startswith("--min-percent="):
            for part in argument.split("=", 1)[1].split(","):
                kind, _, value = part.rpartition("=")
                minimums[kind or None] = float(value)
    return minimums


def print_report(report, warned, agreement, use_project):
    print("project file: %s" % ("yes" if use_project else "no"))
    for kind, entry in report["kinds"].items():
        print("%-9s %d of %d hovers show a value (%.1f%%; %d of them a sample); with the %d on names no file"
              " declares and the %d on items of empty or null collections: %.1f%%" % (
                  kind, entry["values"], entry["hovers"], entry["percent"], entry["samples"], entry["absent"],
                  entry["unbound"], entry["right"]))
        for form, counts in sorted(entry["forms"].items()):
            total = sum(counts.values())
            print("  %-8s %5d  value %5d  sample %5d  undeclared %5d  absent %5d  no item %5d  error %5d  none %5d" % (
                form, total, counts.get("value", 0), counts.get("sample", 0), counts.get("undeclared", 0), counts.get("absent", 0),
                counts.get("unbound", 0), counts.get("error", 0), counts.get("none", 0)))
    print("manifests with diagnostics: %d" % len(warned))
    for name, messages in warned:
        print("  %s: %s" % (name, " | ".join(messages)))
    print("names in both $name and ${name} forms in one file: %d agree, %d disagree" % (
        agreement["agree"], agreement["disagree"]))
    for example in agreement["examples"]:
        print("  " + example)


if __name__ == "__main__":
    main()
