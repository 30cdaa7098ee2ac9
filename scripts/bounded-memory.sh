#!/usr/bin/env bash
# Peak memory of every command that reads PGN, on hostile files of MB megabytes each (default
# 200), plain and zstd: long tags (distinct 100 kB FEN and Variant values), long comments (100
# kB each, with blank lines and tag lines inside) and one endless line (the whole file one
# movetext line). Each command runs on 1 thread and on several; its peak resident memory (the
# child's own, from wait4) must stay under LIMIT MiB (default 64), and its output must be
# the one thread's. Exits 1 naming each command over the limit or differing.
#
#   scripts/bounded-memory.sh [CHESS960] [MB] [THREADS...]
#       (default: target/release/chess960, built if missing; 200; 1 2 4)
set -euo pipefail
cd "$(dirname "$0")/.."
chess960=${1:-target/release/chess960}
mb=${2:-200}
shift $(($# > 2 ? 2 : $#))
threads=("${@:-1 2 4}")
[ -x "$chess960" ] || cargo build -q --release -p chess960-cli
command -v zstd >/dev/null || { echo "zstd is needed (Debian's zstd)"; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 - "$dir" "$mb" <<'PY'
import os, sys
folder, size = sys.argv[1], int(sys.argv[2]) << 20
board = bytes.maketrans(bytes(range(256)), (b"pnbrqkPNBRQK12345678/" * 13)[:256])
start = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"
chess960 = f'[Variant "Chess960"]\n[FEN "{start}"]\n[SetUp "1"]\n'
moves = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 "
results = ["1-0", "0-1", "1/2-1/2"]

def write(name, games):
    with open(os.path.join(folder, name), "w") as f:
        written = 0
        for game in games:
            f.write(game)
            written += len(game)
            if written >= size:
                return

def long_tags():
    n = 0
    while True:
        fen = os.urandom(100_000).translate(board).decode()
        variant = os.urandom(100_000).translate(board).decode()
        r = results[n % 3]
        yield f'[Event "g{n}"]\n[Variant "Chess960 {variant}"]\n[FEN "{fen}"]\n[SetUp "1"]\n[Result "{r}"]\n\n{moves}{r}\n\n'
        # A game with a start between them, for the trees to count.
        yield f'[Event "s{n}"]\n{chess960}[Result "{r}"]\n\n{moves}{r}\n\n'
        n += 1

def long_comments():
    n = 0
    inside = "\n\n[Event \"inside a comment\"]\n\n" + "an annotation of some words\n" * 60
    while True:
        r = results[n % 3]
        comment = (inside * 60)[: 100_000]
        yield f'[Event "c{n}"]\n{chess960}[Result "{r}"]\n\n1. e4 {{{n} {comment}}} e5 2. Nf3 {r}\n\n'
        n += 1

def endless_line():
    yield f'[Event "endless"]\n{chess960}[Result "1-0"]\n\n{moves}'
    while True:
        yield "{ a comment } Nc3 Nc6 Nb1 Nb8 " * 1000

write("long-tags.pgn", long_tags())
write("long-comments.pgn", long_comments())
write("endless-line.pgn", endless_line())
PY
for file in "$dir"/*.pgn; do zstd -q -1 "$file" -o "$file.zst"; done
ls -l "$dir"

python3 - "$chess960" "$dir" "${LIMIT:-64}" ${threads[@]} <<'PY'
import os, subprocess, sys, tempfile, time
chess960, folder, limit = sys.argv[1], sys.argv[2], float(sys.argv[3])
threads = [int(t) for t in sys.argv[4:]]
commands = {
    "games --stats": ["games", "--stats"],
    "games": ["games"],
    "games --moves": ["games", "--moves"],
    "games --check --moves": ["games", "--check", "--moves"],
    "tree --all": ["tree", "--all"],
    "book --tree": ["book", "--plies", "2", "--min-games", "1", "--tree", "PATH"],
    "index add": ["index", "add", "--allow-empty", "--index", "INDEX"],
}

def run(args):
    """The output and the child's own peak memory (MiB), from wait4."""
    with tempfile.TemporaryDirectory() as index:
        args = [index if a == "INDEX" else a for a in args]
        with tempfile.TemporaryFile() as out:
            start = time.time()
            child = subprocess.Popen([chess960, *args], stdout=out, stderr=subprocess.DEVNULL)
            _, status, usage = os.wait4(child.pid, 0)
            took = time.time() - start
            out.seek(0)
            output = out.read()
            if "--index" in args:
                files = subprocess.run([chess960, "index", "files", "--index", index, "--format", "csv"],
                                       capture_output=True).stdout.decode()
                # Games counted and passed over: the columns after the date.
                output = [line.split(",")[2:4] for line in files.splitlines()]
    return output, os.waitstatus_to_exitcode(status), usage.ru_maxrss / 1024, took

failures = []
print(f"{'file':<22} {'command':<22} " + " ".join(f"{f'{t} thr MiB, s':>16}" for t in threads))
for name in sorted(os.listdir(folder)):
    path = os.path.join(folder, name)
    for label, args in commands.items():
        cells, first = [], None
        for t in threads:
            args_t = [path if a == "PATH" else a for a in args] + ["--threads", str(t)]
            output, code, peak, took = run(args_t + ([] if "PATH" in args else [path]))
            cells.append(f"{peak:9.1f}, {took:5.2f}")
            if peak > limit:
                failures.append(f"{name}: {label} --threads {t}: {peak:.1f} MiB")
            if code not in (0, 1):
                failures.append(f"{name}: {label} --threads {t}: exit {code}")
            if first is None:
                first = (output, code)
            elif (output, code) != first:
                failures.append(f"{name}: {label} --threads {t}: not the output of --threads {threads[0]}")
        print(f"{name:<22} {label:<22} " + " ".join(f"{c:>16}" for c in cells), flush=True)
for failure in failures:
    print("FAILED:", failure)
sys.exit(1 if failures else 0)
PY
