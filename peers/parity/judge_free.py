"""Runs the Python peers on the seeded judge-free cases and writes one JSON file (docs/peer-parity.md).

    bash peers/run.sh peers/parity/judge_free.py OUT.json [--seed 40]

The file holds the cases (peers/parity/cases.py) and, per check, which airgap-eval metric and options it is compared
with, which peer call made the numbers, and the peer's value per case (a number, or {"error": "..."} where the peer
raised). test/peers/judge-free.test.ts runs airgap-eval on the same cases and compares. No judge, no network.
"""

import json
import math
import sys
import time
import warnings
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parent.parent)]
warnings.filterwarnings("ignore")

from cases import generate  # noqa: E402
from peer_checks import checks  # noqa: E402


def _value(fn, case):
    try:
        v = fn(case)
    except Exception as e:  # a peer refusing a case is recorded, not fatal: the other side must refuse it too
        return {"error": f"{type(e).__name__}: {str(e)[:200]}"}
    if isinstance(v, bool):
        return 1.0 if v else 0.0
    v = float(v)
    return v if math.isfinite(v) else {"error": f"non-finite value {v}"}


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit("usage: judge_free.py OUT.json [--seed N]")
    seed = int(args[args.index("--seed") + 1]) if "--seed" in args else 40
    start = time.time()
    families = generate(seed)
    out = {"seed": seed, "versions": {}, "families": families, "checks": []}
    for check in checks():
        t = time.time()
        values = [_value(check["run"], case) for case in families[check["family"]]]
        out["checks"].append({k: v for k, v in check.items() if k != "run"} | {"values": values,
                                                                               "seconds": round(time.time() - t, 3)})
    from importlib.metadata import version

    for name in ("ragas", "deepeval", "haystack-ai", "sacrebleu", "rouge-score", "rapidfuzz", "agentevals"):
        out["versions"][name] = version(name)
    out["seconds"] = round(time.time() - start, 3)
    Path(args[0]).write_text(json.dumps(out, ensure_ascii=False), encoding="utf-8")
    print(f"judge_free.py: {len(out['checks'])} checks in {out['seconds']} s -> {args[0]}", file=sys.stderr)


if __name__ == "__main__":
    main()
