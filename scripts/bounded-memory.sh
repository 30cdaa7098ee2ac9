#!/usr/bin/env bash
# Peak memory of every command that reads PGN, on hostile files of MB megabytes each (default
# 200), plain and zstd: long tags (distinct 100 kB FEN and Variant values), long comments (100
# kB each, with blank lines and tag lines inside) and one endless line (the whole file one
# movetext line). Each command runs on 1 thread and on several; its peak resident memory (by
# GNU time, else wait4's) must stay under LIMIT MiB (default 64), and its output must be
# the one thread's. With PYTHON (an interpreter that imports chess960), Python's read_games,
# read_stats and read_tree too (the interpreter's own memory counted). Exits 1 naming each
# command over the limit or differing.
#
#   scripts/bounded-memory.sh [CHESS960] [MB] [THREADS...]
#       (default: target/release/chess960, built if missing; 200; 1 2 4; CHESS960 `-`: none
#       of the command's, for PYTHON's alone)
set -euo pipefail
cd "$(dirname "$0")/.."
chess960=${1:-target/release/chess960}
mb=${2:-200}
shift $(($# > 2 ? 2 : $#))
threads=("${@:-1 2 4}")
[ "$chess960" = - ] || [ -x "$chess960" ] || cargo build -q --release -p chess960-cli
if ! command -v zstd >/dev/null; then
    # Under CI the compressed files are checked too: .ci/run installs Debian's zstd.
    [ "${CI:-}" != true ] || { echo "zstd is needed (Debian's zstd)"; exit 1; }
    echo "zstd is missing: the plain files only"
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 scripts/hostile-pgn.py "$dir" "$mb"
if command -v zstd >/dev/null; then
    for file in "$dir"/*.pgn; do zstd -q -1 "$file" -o "$file.zst"; done
fi
ls -l "$dir"

python3 - "$chess960" "$dir" "${LIMIT:-64}" ${threads[@]} <<'PY'
import hashlib, os, subprocess, sys, tempfile, time
chess960, folder, limit = sys.argv[1], sys.argv[2], float(sys.argv[3])
threads = [int(t) for t in sys.argv[4:]]
python = os.environ.get("PYTHON")
# GNU time measures the command alone; without it, wait4's peak counts this Python's own
# memory too (the child's before its exec), so it is an upper bound.
gnu_time = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None
print(f"peaks by {'GNU time' if gnu_time else 'wait4, this Python counted in (install time for the command alone)'}")
# Python's readers: a summary of what they read, for the comparison between thread counts.
reading = """
import hashlib, sys, chess960
path, threads, read = sys.argv[1], int(sys.argv[2]), sys.argv[3]
if read == "read_tree":
    table = chess960.read_tree(path, plies=4, threads=threads)
else:
    table = getattr(chess960, read)(path, threads=threads)
print(len(table), hashlib.sha256(repr(table.to_pylist()).encode()).hexdigest())
"""
commands = {} if chess960 == "-" else {
    "games --stats": ["games", "--stats"],
    "games": ["games"],
    "games --moves": ["games", "--moves"],
    "games --check --moves": ["games", "--check", "--moves"],
    "games --check": ["games", "--check"],
    "games --fix": ["games", "--fix"],
    "games --sp 0": ["games", "--sp", "0"],
    "tree --all": ["tree", "--all"],
    "book --tree": ["book", "--plies", "2", "--min-games", "1", "--tree", "PATH"],
    "index add": ["index", "add", "--allow-empty", "--index", "INDEX"],
}
for read in ["read_games", "read_stats", "read_tree"] if python else []:
    commands[f"python {read}"] = [python, "-c", reading, "PATH", "THREADS", read]

def run(args):
    """The output and the child's own peak memory (MiB), from wait4."""
    with tempfile.TemporaryDirectory() as index:
        args = [index if a == "INDEX" else a for a in args]
        with tempfile.TemporaryFile() as out:
            start = time.time()
            argv = args if args[0] == python else [chess960, *args]
            if gnu_time:
                argv = [gnu_time, "-f", "%M", "-o", f"{index}.peak", *argv]
            child = subprocess.Popen(argv, stdout=out, stderr=subprocess.DEVNULL)
            _, status, usage = os.wait4(child.pid, 0)
            took = time.time() - start
            peak = usage.ru_maxrss / 1024
            if gnu_time:
                peak = int(open(f"{index}.peak").read().split()[-1]) / 1024
                os.remove(f"{index}.peak")
            out.seek(0)
            digest = hashlib.sha256()
            while block := out.read(1 << 20):
                digest.update(block)
            output = digest.hexdigest()
            if "--index" in args:
                files = subprocess.run([chess960, "index", "files", "--index", index, "--format", "csv"],
                                       capture_output=True).stdout.decode()
                # Games counted and passed over: the columns after the date.
                output = [line.split(",")[2:4] for line in files.splitlines()]
    return output, os.waitstatus_to_exitcode(status), peak, took

failures = []
print(f"{'file':<22} {'command':<22} " + " ".join(f"{f'{t} thr MiB, s':>16}" for t in threads))
for name in sorted(os.listdir(folder)):
    path = os.path.join(folder, name)
    for label, args in commands.items():
        cells, first = [], None
        for t in threads:
            if "THREADS" in args:
                args_t = [{"PATH": path, "THREADS": str(t)}.get(a, a) for a in args]
            else:
                args_t = [path if a == "PATH" else a for a in args] + ["--threads", str(t)]
                args_t += [] if "PATH" in args else [path]
            output, code, peak, took = run(args_t)
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
