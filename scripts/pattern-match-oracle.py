"""Writes test/fixtures/judge-free/pattern-match.json: DeepEval PatternMatchMetric's score on each case.

Run in the peer venv (deepeval 4.3.1; peers/setup.sh):
    source $AIRGAP_EVAL_PEERS_VENV/bin/activate && python scripts/pattern-match-oracle.py
    npx biome format --write test/fixtures/judge-free/pattern-match.json   # the repo's JSON layout
Each case is (pattern, ignore_case, actual_output); the score is DeepEval's (1.0 or 0.0), or the error its
constructor raises for a pattern Python refuses.
"""
import json

from deepeval.metrics import PatternMatchMetric
from deepeval.test_case import LLMTestCase

OUT = "test/fixtures/judge-free/pattern-match.json"
patterns = [
    (r"\d{4}-\d{2}-\d{2}", False),
    (r"  [A-Z]{3}-\d+  ", False),
    (r"[a-z]+", True),
    (r"[a-z]+", False),
    (r"yes|no", False),
    (r"(yes|no)\.?", True),
    (r"The answer is \w+\.", False),
    (r".*Paris.*", False),
    (r"[^\n]*", False),
    (r"\{\"answer\": \"[^\"]*\"\}", False),
    (r"(?=.*\d)[a-z0-9]{6,}", False),
    (r"(a+)+b", False),
    (r"\s*ok\s*", False),
    (r"", False),
    (r"caf\u00e9", True),
    (r"(?P<year>\d{4})", False),
    (r"(?i)paris", False),
    (r"[unclosed", False),
]
outputs = ["2024-05-01", " 2024-05-01\n", "ABC-12", "abc-12", "hello", "HeLLo", "hello world", "yes", "No.", "no",
           "The answer is Paris.", "I think Paris is right", "line one\nline two", '{"answer": "42"}', "abc123",
           "aaab", "aaaa", "  ok  ", "ok", "x", "CAFÉ", "café", "2024", "paris"]
cases = []
for pattern, ignore_case in patterns:
    try:
        metric = PatternMatchMetric(pattern=pattern, ignore_case=ignore_case)
    except ValueError as e:
        cases.append({"pattern": pattern, "ignoreCase": ignore_case, "error": str(e)})
        continue
    scores = [metric.measure(LLMTestCase(input="q", actual_output=o), _show_indicator=False) for o in outputs]
    cases.append({"pattern": pattern, "ignoreCase": ignore_case, "scores": scores})
with open(OUT, "w") as f:
    json.dump({"peer": "deepeval 4.3.1 PatternMatchMetric", "outputs": outputs, "cases": cases}, f, indent=1,
              ensure_ascii=False)
    f.write("\n")
print(f"{len(cases)} patterns x {len(outputs)} outputs -> {OUT}")
