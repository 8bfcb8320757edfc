#!/usr/bin/env python3
"""The answers of `mbml bench`'s large-file queries (Sources/mbml/Bench/LargeQuery.swift), computed
by reading the JSON array of person records one record at a time (never the whole file as values),
so that a gigabyte file is checked without mbml. Prints one JSON object: query id -> answer text,
as `mbml eval` prints it.

usage: Tools/people-answers.py FILE
"""
import json
import sys


def records(path):
    decoder = json.JSONDecoder()
    with open(path, "r", encoding="utf-8") as handle:
        buffer = handle.read(1 << 20).lstrip()
        if not buffer.startswith("["):
            raise SystemExit("not a JSON array")
        position = 1
        while True:
            while True:
                while position < len(buffer) and buffer[position] in " \t\r\n,":
                    position += 1
                if position < len(buffer) and buffer[position] == "]":
                    return
                try:
                    record, end = decoder.raw_decode(buffer, position)
                    if end == len(buffer):
                        raise ValueError("may continue")
                    break
                except ValueError:
                    more = handle.read(1 << 20)
                    if not more:
                        if position < len(buffer):
                            record, end = decoder.raw_decode(buffer, position)
                            yield record
                        return
                    buffer = buffer[position:] + more
                    position = 0
            yield record
            position = end


def text(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def main():
    count = 0
    last = None
    slice_names, first_emails = [], []
    passing = 0
    all_adults = True
    names_below_1000 = []
    cities_over_85, cities = set(), set()
    total = 0
    both = 0
    deep = None
    contains = False
    for index, person in enumerate(records(sys.argv[1])):
        count += 1
        last = person
        if 100 <= index < 103:
            slice_names.append(person["name"])
        if index < 3:
            first_emails.append(person["email"])
        age = person["age"]
        passing += age > 80
        all_adults = all_adults and age > 17
        if person["id"] < 1000:
            names_below_1000.append(person["name"])
        if age > 85:
            cities_over_85.add(person["address"]["city"])
        cities.add(person["address"]["city"])
        total += age
        both += age > 30 and person["active"]
        if index == 100000:
            deep = person["address"]["city"]
        contains = contains or person["name"] == "Person 6000000"
    answers = {
        "last": text(last["name"]),
        "slice": text(slice_names),
        "passing": text(passing),
        "all": text(all_adults),
        # The names differ only in their digits after the same prefix: text order is collation order.
        "sorted": text(max(names_below_1000)),
        "associate": text(len(cities_over_85)),
        "unique": text(len(cities)),
        "sum": text(total),
        "isArray": text(True),
        "and": text(both),
        "deep": text(deep),
        "contains": text(contains),
        "join": ", ".join(first_emails),
        "count": count,
    }
    print(json.dumps(answers))


if __name__ == "__main__":
    main()
