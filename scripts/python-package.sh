#!/usr/bin/env bash
# The Python package as a user gets it: the wheel built with maturin, installed into a fresh
# virtual environment (never the source tree), then pytest (tests compare it with the chess960
# command CHESS960_CLI and with python-chess), mypy --strict on a user's script (and on one
# with type errors, which must fail), stubtest of the stubs against the module, the readers'
# peak memory on hostile input (scripts/bounded-memory.sh), the wheel's size and the import
# time.
#
#   scripts/python-package.sh            (.ci/run runs it after building the CLI)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
cache="${XDG_CACHE_HOME:-$HOME/.cache}/chess960"
export CHESS960_CLI="${CHESS960_CLI:-$root/target/debug/chess960}"
[ -x "$CHESS960_CLI" ] || cargo build -q -p chess960-cli

# maturin in a virtual environment of its own, outside the repository.
build="$cache/maturin-venv"
[ -x "$build/bin/maturin" ] || { python3 -m venv "$build" && "$build/bin/pip" install -q maturin==1.16.0; }
wheels=$(mktemp -d)
(cd python && "$build/bin/maturin" build --release --quiet --interpreter "$build/bin/python" --out "$wheels")
# The command's own wheel, the package's dependency (maturin's `bin` bindings).
(cd cli && "$build/bin/maturin" build --release --quiet --out "$wheels")
wheel=$(ls "$wheels"/chess960_rs-*.whl)
cli_wheel=$(ls "$wheels"/chess960_cli-*.whl)
echo "wheels: $(basename "$wheel"), $(stat -c %s "$wheel") bytes; $(basename "$cli_wheel"), $(stat -c %s "$cli_wheel") bytes"

# A fresh environment with the wheel and what the tests use.
env=$(mktemp -d)
trap 'rm -rf "$wheels" "$env"' EXIT
python3 -m venv "$env/venv"
"$env/venv/bin/pip" install -q "$wheel" "$cli_wheel" pytest==9.2.0 polars==2.1.0 pyarrow==26.0.1 \
    pandas==3.1.1 mypy==2.4.1 chess==1.11.2 matplotlib==3.11.2
py="$env/venv/bin/python"
# From a directory of its own, so that `import chess960` finds only the installed package.
cd "$env"
"$py" -m pytest -q -p no:cacheprovider "$root/python/tests"
# read_games, read_stats and read_tree in bounded memory on hostile input, whatever the threads.
PYTHON="$py" bash "$root/scripts/bounded-memory.sh" - 200 1 3
"$env/venv/bin/mypy" --strict --no-incremental "$root/python/tests/typing/user.py"
if "$env/venv/bin/mypy" --strict --no-incremental "$root/python/tests/typing/wrong.py" >/dev/null; then
    echo "mypy found no error in python/tests/typing/wrong.py: the stubs are not read"
    exit 1
fi
echo "mypy --strict: user.py clean, wrong.py's errors found"
# The stubs against the compiled module itself: every name, signature and default.
"$py" -m mypy.stubtest chess960._chess960
echo "stubtest: the stubs match the module"
# Import time: the median of 11 runs of python -X importtime, beside python-chess's.
"$py" - <<'PY'
import statistics, subprocess, sys
def cost(module):
    runs = []
    for _ in range(11):
        err = subprocess.run([sys.executable, "-X", "importtime", "-c", f"import {module}"],
                             capture_output=True, text=True).stderr
        total = [l for l in err.splitlines() if l.rstrip().endswith(f"| {module}")]
        runs.append(int(total[-1].split("|")[1]))
    return statistics.median(runs)
print(f"import chess960: {cost('chess960')} µs, import chess (python-chess): {cost('chess')} µs (medians of 11)")
PY
