#!/usr/bin/env python3
"""Writes the synthetic manifest `mbml bench` loads (Sources/mbml/GeneratedManifest.swift, same
bytes): N top-level <Var>s of mixed shapes (literals, values, and small lists and maps whose
children count towards N). For whole-process comparisons beside `xmllint --noout`:

    Tools/generate-manifest.py 100000 /tmp/m.xml
    hyperfine -N "mbml eval --manifest /tmp/m.xml \\$literal0" "xmllint --noout /tmp/m.xml"

usage: Tools/generate-manifest.py [COUNT] [OUTPUT]   (100000 and standard output by default)
"""
import sys


def manifest(count):
    parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<MBML>\n']
    index = 0
    while index < count:
        kind = index % 10
        if kind == 8 and index + 3 <= count:
            parts.append(f'    <Var name="list{index}" type="list">\n'
                         f'        <Var literal="a{index}"/>\n        <Var literal="b{index}"/>\n    </Var>\n')
            index += 3
        elif kind == 9 and index + 3 <= count:
            parts.append(f'    <Var name="map{index}" type="map">\n'
                         f'        <Var name="x" literal="{index}"/>\n        <Var name="y" literal="y{index}"/>\n    </Var>\n')
            index += 3
        elif kind == 5:
            parts.append(f'    <Var name="value{index}" value="{index} &amp; more"/>\n')
            index += 1
        else:
            parts.append(f'    <Var name="literal{index}" literal="text {index}"/>\n')
            index += 1
    parts.append('</MBML>\n')
    return ''.join(parts)


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    text = manifest(count)
    if len(sys.argv) > 2:
        with open(sys.argv[2], "w", encoding="utf-8") as out:
            out.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
