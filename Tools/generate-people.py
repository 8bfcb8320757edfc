#!/usr/bin/env python3
"""Writes a JSON array of generated person records, the shape of a typical server response
(short strings, small integers, a nested object and a short list), for `mbml bench` and the
performance figures in the README.

usage: Tools/generate-people.py MEGABYTES [OUTPUT]   (standard output without OUTPUT)
"""
import json
import random
import sys


def person(index, rng):
    return {
        "id": index,
        "name": f"Person {index}",
        "email": f"person{index}@example.com",
        "age": rng.randint(18, 90),
        "active": rng.random() < 0.5,
        "score": round(rng.random() * 100, 2),
        "tags": rng.sample(["red", "green", "blue", "admin", "guest", "new"], 2),
        "address": {"city": f"City {index % 500}", "zip": f"{10000 + index % 90000}"},
    }


def main():
    megabytes = float(sys.argv[1]) if len(sys.argv) > 1 else 47
    rng = random.Random(42)
    target = int(megabytes * 1024 * 1024)
    out = open(sys.argv[2], "w", encoding="utf-8") if len(sys.argv) > 2 else sys.stdout
    out.write("[")
    written = 1
    index = 0
    while written < target:
        text = ("," if index else "") + json.dumps(person(index, rng), separators=(",", ":"))
        out.write(text)
        written += len(text)
        index += 1
    out.write("]\n")
    out.close()


if __name__ == "__main__":
    main()
