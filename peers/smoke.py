"""Proves each peer in the pinned environment runs offline: one small metric per peer, each checked against a value
worked out by hand below, with every network connection refused and recorded (a peer that tries to phone home
fails the run even if it carries on without the answer).

    bash peers/run.sh peers/smoke.py          core tier checks (and the bench tier's imports when installed)
"""

import asyncio
import atexit
import importlib.util
import math
import os
import socket
import sys
import warnings

# --- the network guard: installed before any peer is imported ------------------------------------------------
connection_attempts = []


def refuse(kind):
    def guarded(*args, **kwargs):
        target = args[1] if kind == "connect" and len(args) > 1 else args[0] if args else kwargs
        if kind == "connect" and isinstance(args[0], socket.socket) and args[0].family == socket.AF_UNIX:
            return original[kind](*args, **kwargs)
        connection_attempts.append(f"{kind} {target!r}")
        raise OSError(f"peers/smoke.py: network refused ({kind} {target!r})")

    return guarded


original = {"connect": socket.socket.connect, "getaddrinfo": socket.getaddrinfo}
socket.socket.connect = refuse("connect")
socket.socket.connect_ex = refuse("connect")
socket.getaddrinfo = refuse("getaddrinfo")
socket.create_connection = refuse("create_connection")

warnings.filterwarnings("ignore")

# --- shared inputs and hand-worked expectations ---------------------------------------------------------------
# "the cat sat on the mat" against "the cat sat on a mat": matching 1..4-grams 5/6, 3/5, 2/4, 1/3, equal lengths
# (no brevity penalty); the second pair is identical: 5/5, 4/4, 3/3, 2/2. BLEU is the geometric mean of the
# n-gram precisions, per sentence or pooled over the corpus.
HYP1, REF1 = "the cat sat on the mat", "the cat sat on a mat"
HYP2 = REF2 = "a quick brown fox jumps"
BLEU_PAIR1 = (5 / 6 * 3 / 5 * 2 / 4 * 1 / 3) ** 0.25
BLEU_CORPUS = (10 / 11 * 7 / 9 * 5 / 7 * 3 / 5) ** 0.25

checks = []


def check(name):
    def register(fn):
        checks.append((name, fn))
        return fn

    return register


def expect(actual, expected, tolerance=1e-9):
    if not math.isclose(actual, expected, rel_tol=tolerance, abs_tol=tolerance):
        raise AssertionError(f"got {actual!r}, expected {expected!r}")
    return actual


@check("sacrebleu corpus BLEU, 2 sentences")
def sacrebleu_bleu():
    from sacrebleu import corpus_bleu

    return expect(corpus_bleu([HYP1, HYP2], [[REF1, REF2]]).score / 100, BLEU_CORPUS)


@check("rouge_score rouge1 / rougeL F1")
def rouge():
    from rouge_score import rouge_scorer

    scores = rouge_scorer.RougeScorer(["rouge1", "rougeL"]).score(REF1, HYP1)
    # 5 of 6 unigrams overlap (one 'the' in the reference); the LCS is 'the cat sat on mat', 5 tokens.
    return expect(scores["rouge1"].fmeasure, 5 / 6), expect(scores["rougeL"].fmeasure, 5 / 6)


@check("rapidfuzz Levenshtein normalized similarity")
def rapidfuzz_levenshtein():
    from rapidfuzz.distance import Levenshtein

    return expect(Levenshtein.normalized_similarity("kitten", "sitting"), 1 - 3 / 7)


@check("ragas BleuScore (collections)")
def ragas_bleu():
    from ragas.metrics.collections import BleuScore

    return expect(asyncio.run(BleuScore().ascore(reference=REF1, response=HYP1)).value, BLEU_PAIR1)


@check("ragas NonLLMContextPrecisionWithReference")
def ragas_context_precision():
    from ragas.dataset_schema import SingleTurnSample
    from ragas.metrics import NonLLMContextPrecisionWithReference

    sample = SingleTurnSample(
        retrieved_contexts=["Bananas are yellow.", "Paris is the capital of France."],
        reference_contexts=["Paris is the capital of France."],
    )
    # Only the 2nd retrieved context is relevant: precision@2 = 1/2, so the average precision is 1/2.
    score = asyncio.run(NonLLMContextPrecisionWithReference().single_turn_ascore(sample))
    return expect(score, 0.5, tolerance=1e-8)


@check("haystack DocumentMRREvaluator")
def haystack_mrr():
    from haystack import Document
    from haystack.components.evaluators import DocumentMRREvaluator

    result = DocumentMRREvaluator().run(
        ground_truth_documents=[[Document(content="Paris")]],
        retrieved_documents=[[Document(content="Berlin"), Document(content="Paris")]],
    )
    return expect(result["score"], 0.5)


@check("deepeval ToolCorrectnessMetric (no LLM call)")
def deepeval_tool_correctness():
    from deepeval.metrics import ToolCorrectnessMetric
    from deepeval.test_case import LLMTestCase, ToolCall
    from scripted_llms import ScriptedDeepEvalLLM

    case = LLMTestCase(
        input="What is 2+2 in Paris?",
        actual_output="4",
        tools_called=[ToolCall(name="calculator")],
        expected_tools=[ToolCall(name="calculator"), ToolCall(name="search")],
    )
    # The metric builds a judge even when it never calls one (without a model it builds OpenAI's and asks for a
    # key): an empty script proves no call is made, since any call would fail.
    llm = ScriptedDeepEvalLLM([])
    metric = ToolCorrectnessMetric(model=llm, async_mode=False, include_reason=False)
    # One of the two expected tools was called.
    score = metric.measure(case, _show_indicator=False)
    llm.answers.assert_used_up()
    return expect(score, 0.5)


FAITHFULNESS_INPUT = {
    "user_input": "Where and when was Einstein born?",
    "response": "Einstein was born in Germany in 1879. He was born on a Monday.",
    "retrieved_contexts": ["Albert Einstein was born in Ulm, Germany, on 14 March 1879."],
}


@check("ragas Faithfulness (collections) with a scripted judge")
def ragas_faithfulness():
    from ragas.metrics.collections import Faithfulness
    from scripted_llms import ScriptedRagasLLM

    statements = ["Einstein was born in Germany.", "Einstein was born in 1879.", "Einstein was born on a Monday."]
    llm = ScriptedRagasLLM([
        ("StatementGeneratorOutput", {"statements": statements}),
        ("NLIStatementOutput", {"statements": [
            {"statement": statements[0], "reason": "Ulm is in Germany.", "verdict": 1},
            {"statement": statements[1], "reason": "The context gives 1879.", "verdict": 1},
            {"statement": statements[2], "reason": "The weekday is not given.", "verdict": 0},
        ]}),
    ])
    result = asyncio.run(Faithfulness(llm=llm).ascore(**FAITHFULNESS_INPUT))
    llm.answers.assert_used_up()
    return expect(result.value, 2 / 3)


@check("deepeval FaithfulnessMetric with a scripted judge")
def deepeval_faithfulness():
    from deepeval.metrics import FaithfulnessMetric
    from deepeval.test_case import LLMTestCase
    from scripted_llms import ScriptedDeepEvalLLM

    llm = ScriptedDeepEvalLLM([
        ("Truths", {"truths": ["Albert Einstein was born in Ulm, Germany.", "Einstein was born on 14 March 1879."]}),
        ("Claims", {"claims": ["Einstein was born in Germany.", "Einstein was born in 1879.", "Einstein was born on a Monday."]}),
        ("Verdicts", {"verdicts": [{"verdict": "yes"}, {"verdict": "yes"}, {"verdict": "borderline", "reason": "No weekday given."}]}),
        ("FaithfulnessScoreReason", {"reason": "Two claims match the context; the weekday is not in it."}),
    ])
    case = LLMTestCase(
        input=FAITHFULNESS_INPUT["user_input"],
        actual_output=FAITHFULNESS_INPUT["response"],
        retrieval_context=FAITHFULNESS_INPUT["retrieved_contexts"],
    )
    score = FaithfulnessMetric(model=llm, async_mode=False).measure(case, _show_indicator=False)
    llm.answers.assert_used_up()
    # DeepEval counts "yes" and "borderline" as faithful (penalize_ambiguous_claims=False), so all 3 claims score.
    return expect(score, 1.0)


@check("agentevals trajectory match (strict)")
def agentevals_trajectory():
    from agentevals.trajectory.match import create_trajectory_match_evaluator

    call = {"role": "assistant", "content": "", "tool_calls": [{"function": {"name": "search", "arguments": "{}"}}]}
    evaluator = create_trajectory_match_evaluator(trajectory_match_mode="strict")
    same = evaluator(outputs=[call], reference_outputs=[call])["score"]
    different = evaluator(outputs=[], reference_outputs=[call])["score"]
    if (same, different) != (True, False):
        raise AssertionError(f"got {(same, different)!r}, expected (True, False)")
    return same, different


def bench_tier_present():
    """Any bench package installed: then all of them must import (a half-installed bench tier fails)."""
    return any(importlib.util.find_spec(m) for m in ("torch", "sentence_transformers", "onnxruntime", "llama_cpp"))


def bench_imports():
    import llama_cpp
    import onnxruntime
    import sentence_transformers
    import tokenizers
    import torch

    if not (torch.__version__.startswith("2.13.0") and "+cpu" in torch.__version__):
        raise AssertionError(f"torch {torch.__version__} is not the CPU 2.13.0 build")
    if "CPUExecutionProvider" not in onnxruntime.get_available_providers():
        raise AssertionError(f"onnxruntime has no CPU provider: {onnxruntime.get_available_providers()}")
    return {m.__name__: m.__version__ for m in (torch, sentence_transformers, onnxruntime, tokenizers, llama_cpp)}


def main():
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    if bench_tier_present():
        check("bench tier imports (torch CPU, sentence-transformers, onnxruntime, tokenizers, llama_cpp)")(bench_imports)
    for name, fn in checks:
        try:
            print(f"ok    {name}: {fn()}")
            tally["passed"] += 1
        except Exception as error:  # a failed check is reported and the run goes on to the next
            print(f"FAIL  {name}: {type(error).__name__}: {error}")
            tally["failed"] += 1


tally = {"passed": 0, "failed": 0}


@atexit.register  # registered before any peer's exit hook, so it runs after them all (telemetry flushes at exit)
def report_network_and_summary():
    if connection_attempts:
        print("FAIL  network: the peers tried to connect: " + "; ".join(sorted(set(connection_attempts))))
        tally["failed"] += 1
    else:
        print("ok    network: no connection attempted, exit hooks included")
        tally["passed"] += 1
    print(f"{tally['passed']} passed, {tally['failed']} failed", flush=True)
    os._exit(1 if tally["failed"] else 0)


if __name__ == "__main__":
    main()
