#!/usr/bin/env python3
"""What docs/engine-balance.md quotes of the table the CLI ships (cli/data/evals-960.csv), or
of any eval file of the 960 starts: the spread of scores and draw rates, the most lopsided
and the most level starts, where the standard start (518) and Sesse's most lopsided one
(80, BBNNRKRQ) stand, and White's best first moves. Standard library only.

Usage: scripts/eval-table-summary.py [FILE]
"""
import collections
import csv
import statistics
import sys

path = sys.argv[1] if len(sys.argv) > 1 else "cli/data/evals-960.csv"
with open(path, newline="") as f:
    rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
ok = [r for r in rows if r["status"] == "ok" and r["cp"]]
cp = {int(r["sp"]): int(r["cp"]) for r in ok}
rate = {int(r["sp"]): int(r["draw"]) / (int(r["win"]) + int(r["draw"]) + int(r["loss"])) for r in ok}
rank = {int(r["sp"]): r["rank"] for r in rows}
values = sorted(cp.values())
print(f"{len(rows)} records, {len(ok)} with a score; engine {rows[0]['engine']}, {rows[0]['limit']}")
print(f"cp: mean {statistics.mean(values):+.1f}, sd {statistics.pstdev(values):.1f}, "
      f"median {statistics.median(values):+.1f}, min {values[0]:+d}, max {values[-1]:+d}")
for q in (0.05, 0.25, 0.75, 0.95):
    print(f"  {int(q * 100)}th percentile {values[int(q * (len(values) - 1))]:+d}")
for limit in (0, 50, 60, 70):
    print(f"  starts at {limit:+d} cp or more: {sum(v >= limit for v in values)}")
print(f"  starts below 0: {sum(v < 0 for v in values)}")
by_cp = sorted(cp, key=lambda i: (cp[i], i))
print("most level:", ", ".join(f"{i} {rank[i]} {cp[i]:+d}" for i in sorted(cp, key=lambda i: (abs(cp[i]), i))[:5]))
print("most for White:", ", ".join(f"{i} {rank[i]} {cp[i]:+d}" for i in by_cp[::-1][:5]))
rates = sorted(rate.values())
print(f"draw rate: mean {statistics.mean(rates):.3f}, min {rates[0]:.3f}, max {rates[-1]:.3f}")
for low, high in ((0.40, 0.60), (0.48, 0.52), (0.90, 1.0)):
    print(f"  in {low:.2f}..{high:.2f}: {sum(low <= r <= high for r in rates)}")
for sp in (518, 534, 80):
    below = sum(v < cp[sp] for v in values)
    print(f"{sp} {rank[sp]}: {cp[sp]:+d} cp, draw rate {rate[sp]:.3f}; {below} of {len(values)} score lower")
moves = collections.Counter()
castles = []
for r in ok:
    move = r["best_move_kxr"]
    piece = r["rank"]["abcdefgh".index(move[0])] if move[1] == "1" else "P"
    if piece == "K":
        castles.append(f"{r['id']} {r['rank']} {move}")
        moves["castling"] += 1
    else:
        moves[(move[2:] if piece == "P" else "N" + move[2:])] += 1
print("best first moves:", ", ".join(f"{m} {n}" for m, n in moves.most_common()))
print("castling first:", ", ".join(castles) or "none")
