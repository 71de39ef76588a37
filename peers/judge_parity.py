"""Judge-metric parity with the peers running themselves: for each Ragas and DeepEval metric airgap-eval names
after them, a seeded set of cases (inputs + the judge's structured answers, in the peer's call order and schemas)
is run through the peer with a scripted judge (scripted_llms.py), and the peer's score is recorded next to the case.
test/peers/judge-parity.test.ts maps the same recorded answers onto airgap-eval's prompts and compares.

    bash peers/run.sh peers/judge_parity.py OUT.json

Each case is {metric, id, pattern, inputs, options, script, vectors?, peer: {value} | {error}}; `value` is null when
the peer's score is NaN or None. A case whose peer run raises keeps the error text (the test then expects ours to
refuse the row too, or lists the case as a documented difference).
"""

import asyncio
import json
import math
import os
import sys
import warnings

warnings.filterwarnings("ignore")
sys.dont_write_bytecode = True  # no __pycache__ in peers/ (imported below from this folder)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from judge_parity_cases import ragas_cases  # noqa: E402
from judge_parity_deepeval_cases import deepeval_cases  # noqa: E402
from judge_parity_runners import RUNNERS  # noqa: E402


def run_case(case):
    runner = RUNNERS[case["metric"]]
    try:
        value = runner(case)
    except Exception as error:  # the peer refused the case: recorded, the test decides what ours must do
        return {"error": f"{type(error).__name__}: {error}"}
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return {"value": None}
    return {"value": float(value)}


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: bash peers/run.sh peers/judge_parity.py OUT.json")
    cases = [*ragas_cases(), *deepeval_cases()]
    for case in cases:
        case["peer"] = run_case(case)
    with open(sys.argv[1], "w", encoding="utf-8") as out:
        json.dump({"cases": cases}, out, ensure_ascii=False, indent=1)
    print(f"judge_parity: {len(cases)} cases written to {sys.argv[1]}")


if __name__ == "__main__":
    asyncio.set_event_loop(asyncio.new_event_loop())
    main()
