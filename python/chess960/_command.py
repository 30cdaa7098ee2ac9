"""The ``chess960`` command that ``pip install chess960-rs`` puts on the PATH: the same
program as ``cargo install chess960-cli``, run in this process."""

import signal
import sys

from chess960._chess960 import main as _main


def main() -> None:
    """Runs ``chess960`` with this process's arguments and exits with its code."""
    # Python turns Ctrl-C into an exception it never gets to raise while Rust runs, and
    # ignores SIGPIPE: give both back their defaults, as the Rust binary has them.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    sys.exit(_main(sys.argv))


if __name__ == "__main__":
    main()
