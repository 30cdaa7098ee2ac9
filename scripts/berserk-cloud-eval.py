"""lichess's own Python client, berserk (0.14), unchanged against `chess960 serve`'s cloud
evaluation: every position of an eval file of positions (`chess960 eval --from-index --out`,
CSV), once its records are added to the index (`chess960 index evals`), asked through
`berserk.Client(session=..., base_url=...).analysis.get_cloud_evaluation(fen,
num_variations=N, variant="chess960")` for N = 1 and 3; each response validated with
berserk's own model (`berserk.types.analysis.PositionEvaluation`, pydantic, strict; a mate's
line, which has `mate` where berserk's model wants `cp`, is counted apart) and compared with
the file's rows: the lines in order, each its moves and cp or mate, the depth and the
thousands of nodes. A position the file does not hold must raise berserk's `ResponseError`,
404.

Usage: berserk-cloud-eval.py CHESS960 INDEX EVALS.csv
Prints one JSON line: {"positions": N, "lines": L, "mates": M, "not_found": 404}; exits 1
with the first difference.
"""

import csv
import json
import sys

from served import serve


def records(path):
    """Each position's rows (its lines, in order), the latest record of each."""
    by_fen = {}
    with open(path, newline="") as file:
        for row in csv.DictReader(file):
            if row["status"] != "ok":
                continue
            if row["multipv"] == "1":
                by_fen[row["fen"]] = []
            by_fen[row["fen"]].append(row)
    return by_fen


def main():
    chess960, index, evals = sys.argv[1:]
    import berserk
    import pydantic
    import requests
    from berserk.types.analysis import PositionEvaluation

    adapter = pydantic.TypeAdapter(PositionEvaluation)
    server, addr = serve(chess960, index)
    try:
        client = berserk.Client(session=requests.Session(), base_url=f"http://{addr}")
        lines = mates = 0
        wanted = records(evals)
        for epd, rows in wanted.items():
            fen = f"{epd} 0 1"
            for asked in (1, 3):
                got = client.analysis.get_cloud_evaluation(fen, num_variations=asked, variant="chess960")
                if any("mate" in pv for pv in got["pvs"]):
                    mates += 1
                else:
                    adapter.validate_python(got, strict=True)
                expected = {
                    "fen": fen,
                    "knodes": int(rows[0]["nodes"]) // 1000,
                    "depth": int(rows[0]["depth"]),
                    "pvs": [
                        {"moves": row["pv"], **({"cp": int(row["cp"])} if row["cp"] else {"mate": int(row["mate"])})}
                        for row in rows[:asked]
                    ],
                }
                if got != expected:
                    sys.exit(f"{fen} with {asked} lines: got {json.dumps(got)}, the file holds {json.dumps(expected)}")
                lines += len(got["pvs"])
        try:
            client.analysis.get_cloud_evaluation("8/8/8/4k3/8/8/8/R3K3 w Q - 0 1", variant="chess960")
            sys.exit("a position without an evaluation was answered")
        except berserk.exceptions.ResponseError as err:
            if err.status_code != 404:
                sys.exit(f"a position without an evaluation: {err.status_code}, not 404")
            not_found = err.status_code
        print(json.dumps({"positions": len(wanted), "lines": lines, "mates": mates, "not_found": not_found}))
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
