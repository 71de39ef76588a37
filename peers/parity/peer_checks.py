"""The judge-free checks: each pairs one peer call with the airgap-eval metric and options of the same meaning.

A check is a dict: `id` (unique, the key the documented-differences table names), `family` (which cases of
peers/parity/cases.py it reads), `ours` (`{"metric": id, "options": {...}}`: test/peers/judge-free.test.ts builds it
with createMetric and scores each case with scoreSync), `peer` (the call, as text for the docs) and `run` (case ->
the peer's number). Peers are driven through their public APIs only.
"""

import asyncio
import json

from deepeval.metrics import ToolCorrectnessMetric
from deepeval.test_case import LLMTestCase, ToolCall as DeepEvalToolCall, ToolCallParams
from haystack import Document
from haystack.components.evaluators import (AnswerExactMatchEvaluator, DocumentMAPEvaluator, DocumentMRREvaluator, DocumentNDCGEvaluator,
                                            DocumentRecallEvaluator)
from rapidfuzz import distance as rf
from ragas import MultiTurnSample, SingleTurnSample
from ragas.messages import AIMessage, HumanMessage, ToolCall as RagasToolCall, ToolMessage
from ragas.metrics import (BleuScore, ChrfScore, ExactMatch, IDBasedContextPrecision, IDBasedContextRecall,
                           NonLLMContextPrecisionWithReference, NonLLMContextRecall, NonLLMStringSimilarity,
                           RougeScore, StringPresence, ToolCallAccuracy, ToolCallF1)
from ragas.metrics._string import DistanceMeasure
from ragas.metrics import collections as rc
from rouge_score import rouge_scorer
from agentevals.trajectory.match import create_trajectory_match_evaluator
from scripted_llms import ScriptedDeepEvalLLM

MEASURES = {"levenshtein": (rf.Levenshtein, DistanceMeasure.LEVENSHTEIN), "hamming": (rf.Hamming, DistanceMeasure.HAMMING),
            "jaro": (rf.Jaro, DistanceMeasure.JARO), "jaro_winkler": (rf.JaroWinkler, DistanceMeasure.JARO_WINKLER)}


def _single(metric, **fields):
    return lambda case: metric.single_turn_score(SingleTurnSample(**{k: case[v] for k, v in fields.items()}))


TEXT = {"reference": "reference", "response": "response"}


def _text_checks():
    out = []
    bleu = [({}, {}), ({"smoothMethod": "floor", "lowercase": True}, {"smooth_method": "floor", "lowercase": True}),
            ({"smoothMethod": "none", "useEffectiveOrder": True}, {"smooth_method": "none", "use_effective_order": True}),
            ({"smoothMethod": "add-k", "smoothValue": 2}, {"smooth_method": "add-k", "smooth_value": 2}),
            ({"tokenize": "none"}, {"tokenize": "none"})]
    for ours, kwargs in bleu:
        out.append({"id": f"bleu_score {json.dumps(ours)}", "ours": {"metric": "bleu_score", "options": ours},
                    "peer": f"ragas BleuScore(kwargs={kwargs}) (sacrebleu corpus_bleu)", "run": _single(BleuScore(kwargs=kwargs), **TEXT)})
    chrf = [({}, {}), ({"wordOrder": 2}, {"word_order": 2}), ({"beta": 1, "charOrder": 4}, {"beta": 1, "char_order": 4}),
            ({"removeWhitespace": False}, {"remove_whitespace": False}), ({"epsSmoothing": True}, {"eps_smoothing": True})]
    for ours, kwargs in chrf:
        out.append({"id": f"chrf_score {json.dumps(ours)}", "ours": {"metric": "chrf_score", "options": ours},
                    "peer": f"ragas ChrfScore(kwargs={kwargs}) (sacrebleu corpus_chrf)", "run": _single(ChrfScore(kwargs=kwargs), **TEXT)})
    for rouge_type in ("rouge1", "rouge2", "rougeL"):
        scorer = rouge_scorer.RougeScorer([rouge_type], use_stemmer=True)
        for mode in ("precision", "recall", "fmeasure"):
            ours = {"rougeType": rouge_type, "mode": mode}
            out.append({"id": f"rouge_score {json.dumps(ours)} rouge_score", "ours": {"metric": "rouge_score", "options": ours},
                        "peer": f"rouge_score RougeScorer(['{rouge_type}'], use_stemmer=True).score(reference, response).{mode}",
                        "run": lambda c, s=scorer, t=rouge_type, m=mode: getattr(s.score(c["reference"], c["response"])[t], m)})
            if rouge_type != "rouge2" and mode == "fmeasure":  # Ragas' RougeScore declares rouge1 and rougeL; its mode is a getattr
                out.append({"id": f"rouge_score {json.dumps(ours)} ragas", "ours": {"metric": "rouge_score", "options": ours},
                            "peer": f"ragas RougeScore(rouge_type='{rouge_type}', mode='{mode}')",
                            "run": _single(RougeScore(rouge_type=rouge_type, mode=mode), **TEXT)})
    for name, (measure, ragas_measure) in MEASURES.items():
        ours = {"metric": "non_llm_string_similarity", "options": {"distanceMeasure": name}}
        out.append({"id": f"non_llm_string_similarity {name} rapidfuzz", "ours": ours,
                    "peer": f"rapidfuzz.distance.{measure.__name__}.normalized_similarity(reference, response)",
                    "run": lambda c, m=measure: m.normalized_similarity(c["reference"], c["response"])})
        out.append({"id": f"non_llm_string_similarity {name} ragas", "ours": ours,
                    "peer": f"ragas NonLLMStringSimilarity(distance_measure=DistanceMeasure.{ragas_measure.name})",
                    "run": _single(NonLLMStringSimilarity(distance_measure=ragas_measure), **TEXT)})
    out.append({"id": "exact_match", "ours": {"metric": "exact_match", "options": {}}, "peer": "ragas ExactMatch()",
                "run": _single(ExactMatch(), **TEXT)})
    haystack_exact = AnswerExactMatchEvaluator()
    out.append({"id": "answer_exact_match", "ours": {"metric": "answer_exact_match", "options": {}},
                "peer": "haystack AnswerExactMatchEvaluator().run(...)['individual_scores'][0]",
                "run": lambda c: haystack_exact.run(ground_truth_answers=[c["reference"]],
                                                    predicted_answers=[c["response"]])["individual_scores"][0]})
    out.append({"id": "string_present", "ours": {"metric": "string_present", "options": {}}, "peer": "ragas StringPresence()",
                "run": _single(StringPresence(), **TEXT)})
    out += _collections_text_checks()
    return [c | {"family": "text"} for c in out]


def _collection(metric):
    """A `ragas.metrics.collections` metric (Ragas' newer API) scored on a text case with its sync `score`."""
    return lambda case: metric.score(reference=case["reference"], response=case["response"]).value


def _collections_text_checks():
    measures = {"levenshtein": rc.DistanceMeasure.LEVENSHTEIN, "jaro_winkler": rc.DistanceMeasure.JARO_WINKLER}
    return [
        {"id": "bleu_score {} collections", "ours": {"metric": "bleu_score", "options": {}},
         "peer": "ragas.metrics.collections BleuScore()", "run": _collection(rc.BleuScore())},
        {"id": "chrf_score {} collections", "ours": {"metric": "chrf_score", "options": {}},
         "peer": "ragas.metrics.collections CHRFScore()", "run": _collection(rc.CHRFScore())},
        *({"id": f"rouge_score {json.dumps({'rougeType': t, 'mode': 'fmeasure'})} collections",
           "ours": {"metric": "rouge_score", "options": {"rougeType": t, "mode": "fmeasure"}},
           "peer": f"ragas.metrics.collections RougeScore(rouge_type='{t}')", "run": _collection(rc.RougeScore(rouge_type=t))}
          for t in ("rouge1", "rougeL")),
        *({"id": f"non_llm_string_similarity {name} collections",
           "ours": {"metric": "non_llm_string_similarity", "options": {"distanceMeasure": name}},
           "peer": f"ragas.metrics.collections NonLLMStringSimilarity(distance_measure=DistanceMeasure.{m.name})",
           "run": _collection(rc.NonLLMStringSimilarity(distance_measure=m))} for name, m in measures.items()),
        {"id": "exact_match collections", "ours": {"metric": "exact_match", "options": {}},
         "peer": "ragas.metrics.collections ExactMatch()", "run": _collection(rc.ExactMatch())},
        {"id": "string_present collections", "ours": {"metric": "string_present", "options": {}},
         "peer": "ragas.metrics.collections StringPresence()", "run": _collection(rc.StringPresence())},
    ]


CONTEXTS = {"retrieved_contexts": "retrievedContexts", "reference_contexts": "referenceContexts"}
IDS = {"retrieved_context_ids": "retrievedContextIds", "reference_context_ids": "referenceContextIds"}


def _context_checks():
    out = []
    for threshold, name in ((0.5, "levenshtein"), (0.3, "jaro_winkler"), (0.8, "hamming"), (0.9, "jaro")):
        ours = {"threshold": threshold, "distanceMeasure": name}
        measure = MEASURES[name][1]
        out.append({"id": f"non_llm_context_precision_with_reference {json.dumps(ours)}", "family": "contexts",
                    "ours": {"metric": "non_llm_context_precision_with_reference", "options": ours},
                    "peer": f"ragas NonLLMContextPrecisionWithReference(threshold={threshold}, distance_measure=NonLLMStringSimilarity(distance_measure=DistanceMeasure.{measure.name}))",
                    "run": _single(NonLLMContextPrecisionWithReference(threshold=threshold,
                                                                       distance_measure=NonLLMStringSimilarity(distance_measure=measure)),
                                   **CONTEXTS)})
        recall = NonLLMContextRecall(threshold=threshold)
        recall.distance_measure = measure
        out.append({"id": f"non_llm_context_recall {json.dumps(ours)}", "family": "contexts",
                    "ours": {"metric": "non_llm_context_recall", "options": ours},
                    "peer": f"ragas NonLLMContextRecall(threshold={threshold}); .distance_measure = DistanceMeasure.{measure.name}",
                    "run": _single(recall, **CONTEXTS)})
    out.append({"id": "id_based_context_precision", "family": "ids", "ours": {"metric": "id_based_context_precision", "options": {}},
                "peer": "ragas IDBasedContextPrecision()", "run": _single(IDBasedContextPrecision(), **IDS)})
    out.append({"id": "id_based_context_recall", "family": "ids", "ours": {"metric": "id_based_context_recall", "options": {}},
                "peer": "ragas IDBasedContextRecall()", "run": _single(IDBasedContextRecall(), **IDS)})
    return out


def _documents(docs):
    return [Document(content=d["content"], score=d.get("score"), meta=d.get("meta", {}),
                     **({"id": d["id"]} if "id" in d else {})) for d in docs]


def _haystack(evaluator):
    def run(case):
        result = evaluator.run(ground_truth_documents=[_documents(case["groundTruthDocuments"])],
                               retrieved_documents=[_documents(case["retrievedDocuments"])])
        return result["individual_scores"][0]
    return run


def _document_checks():
    evaluators = [(metric, options | {"documentComparisonField": field}, cls(document_comparison_field=field, **kwargs),
                   f"{cls.__name__}(document_comparison_field='{field}'{''.join(f', {k}={v!r}' for k, v in kwargs.items())})")
                  for field in ("meta.file_id",)
                  for metric, options, cls, kwargs in (("document_mrr", {}, DocumentMRREvaluator, {}),
                                                       ("document_map", {}, DocumentMAPEvaluator, {}),
                                                       ("document_recall", {"mode": "multi_hit"}, DocumentRecallEvaluator,
                                                        {"mode": "multi_hit"}))]
    evaluators += [("document_mrr", {}, DocumentMRREvaluator(), "DocumentMRREvaluator()"),
                  ("document_map", {}, DocumentMAPEvaluator(), "DocumentMAPEvaluator()"),
                  ("document_ndcg", {}, DocumentNDCGEvaluator(), "DocumentNDCGEvaluator()"),
                  ("document_recall", {"mode": "single_hit"}, DocumentRecallEvaluator(mode="single_hit"), "DocumentRecallEvaluator(mode='single_hit')"),
                  ("document_recall", {"mode": "multi_hit"}, DocumentRecallEvaluator(mode="multi_hit"), "DocumentRecallEvaluator(mode='multi_hit')")]
    return [{"id": f"{metric} {json.dumps(options)}", "family": "documents", "ours": {"metric": metric, "options": options},
             "peer": f"haystack {text}.run(...)['individual_scores'][0]", "run": _haystack(ev)}
            for metric, options, ev, text in evaluators]


def _made_calls(messages):
    """(name, args, output) per call the OpenAI-form conversation makes, outputs by tool_call_id."""
    outputs = {m["tool_call_id"]: m["content"] for m in messages if m["role"] == "tool"}
    return [(c["function"]["name"], json.loads(c["function"]["arguments"]), outputs.get(c["id"]))
            for m in messages if m["role"] == "assistant" for c in m.get("tool_calls") or []]


def _ragas_sample(case):
    messages = []
    for m in case["messages"]:
        if m["role"] == "user":
            messages.append(HumanMessage(content=m["content"]))
        elif m["role"] == "tool":
            messages.append(ToolMessage(content=m["content"]))
        else:
            calls = [RagasToolCall(name=c["function"]["name"], args=json.loads(c["function"]["arguments"]))
                     for c in m.get("tool_calls") or []]
            messages.append(AIMessage(content=m["content"], tool_calls=calls or None))
    reference = [RagasToolCall(name=c["name"], args=c["args"]) for c in case["referenceToolCalls"]]
    return MultiTurnSample(user_input=messages, reference_tool_calls=reference)


def _collection_tools(metric):
    def run(case):
        sample = _ragas_sample(case)
        return metric.score(user_input=sample.user_input, reference_tool_calls=sample.reference_tool_calls).value
    return run


def _ragas_multi(metric):
    return lambda case: asyncio.run(metric.multi_turn_ascore(_ragas_sample(case)))


def _deepeval(settings):
    def run(case):
        metric = ToolCorrectnessMetric(model=ScriptedDeepEvalLLM([]), include_reason=False, async_mode=False, **settings)
        made = [DeepEvalToolCall(name=n, input_parameters=a, output=o) for n, a, o in _made_calls(case["messages"])]
        expected = [DeepEvalToolCall(name=c["name"], input_parameters=c["args"]) for c in case["referenceToolCalls"]]
        return metric.measure(LLMTestCase(input="q", actual_output="done", tools_called=made, expected_tools=expected))
    return run


def _tool_checks():
    out = [{"id": "tool_call_accuracy {}", "ours": {"metric": "tool_call_accuracy", "options": {}},
            "peer": "ragas ToolCallAccuracy()", "run": _ragas_multi(ToolCallAccuracy())},
           {"id": 'tool_call_accuracy {"strictOrder": false}', "ours": {"metric": "tool_call_accuracy", "options": {"strictOrder": False}},
            "peer": "ragas ToolCallAccuracy(strict_order=False)", "run": _ragas_multi(ToolCallAccuracy(strict_order=False))},
           {"id": "tool_call_f1", "ours": {"metric": "tool_call_f1", "options": {}}, "peer": "ragas ToolCallF1()",
            "run": _ragas_multi(ToolCallF1())}]
    for strict in (True, False):
        ours = {} if strict else {"strictOrder": False}
        out.append({"id": f"tool_call_accuracy {json.dumps(ours)} collections",
                    "ours": {"metric": "tool_call_accuracy", "options": ours},
                    "peer": f"ragas.metrics.collections ToolCallAccuracy(strict_order={strict})",
                    "run": _collection_tools(rc.ToolCallAccuracy(strict_order=strict))})
    out.append({"id": "tool_call_f1 collections", "ours": {"metric": "tool_call_f1", "options": {}},
                "peer": "ragas.metrics.collections ToolCallF1()", "run": _collection_tools(rc.ToolCallF1())})
    deepeval = [({}, {}),
                ({"shouldConsiderOrdering": True}, {"should_consider_ordering": True}),
                ({"shouldExactMatch": True}, {"should_exact_match": True}),
                ({"evaluationParams": ["input_parameters"]}, {"evaluation_params": [ToolCallParams.INPUT_PARAMETERS]}),
                ({"evaluationParams": ["input_parameters"], "shouldConsiderOrdering": True, "strictMode": True},
                 {"evaluation_params": [ToolCallParams.INPUT_PARAMETERS], "should_consider_ordering": True, "strict_mode": True})]
    for ours, settings in deepeval:
        out.append({"id": f"tool_correctness {json.dumps(ours)}", "ours": {"metric": "tool_correctness", "options": ours},
                    "peer": f"deepeval ToolCorrectnessMetric({', '.join(f'{k}={v}' for k, v in settings.items())}) with a judge that is never called",
                    "run": _deepeval(settings)})
    overrides = {"fetch": ["id"], "search": "ignore", "weather": "superset"}
    modes = [("strict", "exact", None), ("unordered", "exact", None), ("subset", "exact", None),
             ("superset", "exact", None), ("strict", "ignore", None), ("unordered", "subset", None),
             ("superset", "superset", None), ("unordered", "exact", overrides)]
    for mode, args, over in modes:
        evaluator = create_trajectory_match_evaluator(trajectory_match_mode=mode, tool_args_match_mode=args,
                                                      tool_args_match_overrides=over)
        ours = {"trajectoryMatchMode": mode, "toolArgsMatchMode": args} | ({"toolArgsMatchOverrides": over} if over else {})
        out.append({"id": f"trajectory_match {json.dumps(ours)}", "ours": {"metric": "trajectory_match", "options": ours},
                    "peer": f"agentevals create_trajectory_match_evaluator(trajectory_match_mode='{mode}', tool_args_match_mode='{args}', tool_args_match_overrides={over})",
                    "run": lambda c, e=evaluator: e(outputs=c["messages"], reference_outputs=c["referenceMessages"])["score"]})
    return [c | {"family": "tools"} for c in out]


def checks():
    return _text_checks() + _context_checks() + _document_checks() + _tool_checks()
