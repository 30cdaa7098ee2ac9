#!/usr/bin/env python3
"""Markdown table of the last `cargo bench` run: median ns per conversion, and how many times
slower each baseline is than chess960 in the same group (from benches/target/criterion)."""
import glob, json, os

rows = {}
for path in glob.glob(os.path.join(os.path.dirname(__file__), "..", "benches", "target", "criterion", "*", "*", "new", "benchmark.json")):
    bench = json.load(open(path))
    estimates = json.load(open(os.path.join(os.path.dirname(path), "estimates.json")))
    elements = (bench.get("throughput") or {}).get("Elements", 1)
    ns = estimates["median"]["point_estimate"] / elements
    rows.setdefault(bench["group_id"], []).append((bench["function_id"], ns))

order = ["id to back rank", "back rank to id", "text to id", "invalid text rejected",
         "start FEN written", "FEN read back", "position drawn"]
print("| operation | implementation | median ns per conversion | vs chess960 |")
print("|---|---|---:|---:|")
for group in sorted(rows, key=lambda g: order.index(g) if g in order else len(order)):
    ours = min(ns for name, ns in rows[group] if name.startswith("chess960"))
    for name, ns in sorted(rows[group], key=lambda r: r[1]):
        if name.startswith("chess960"):
            ratio = ""
        elif ns >= ours:
            ratio = f"{ns / ours:.1f}× slower"
        else:
            ratio = f"{ours / ns:.1f}× faster"
        print(f"| {group} | {name} | {ns:.2f} | {ratio} |")
