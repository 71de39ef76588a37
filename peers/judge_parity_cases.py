"""The seeded cases of the judge-metric parity (judge_parity.py) for Ragas' metrics, and the helpers every case uses
(judge_parity_deepeval_cases.py has DeepEval's): per metric, inputs in Ragas' field names and the judge's structured
answers as the peer asks for them, `script` = [(schema class name, answer), ...] in call order.

Verdict patterns vary per case: all yes, all no, mixed, a single statement, empty lists, ties, unicode texts and
long lists. One seed per metric, so a case keeps its answers when another metric's cases change.
"""

import random
import unicodedata

ASCII_STATEMENTS = [
    "Paris is the capital of France.",
    "The Eiffel Tower was finished in 1889.",
    "Albert Einstein was born in Ulm.",
    "Water boils at 100 degrees Celsius at sea level.",
    "The Moon orbits the Earth.",
    "Mount Everest is the highest mountain above sea level.",
    "The Nile flows into the Mediterranean Sea.",
    "Python was first released in 1991.",
    "Light travels faster than sound.",
    "The Pacific is the largest ocean.",
    "Honey does not spoil easily.",
    "Bananas are botanically berries.",
    "Venus is hotter than Mercury.",
    "The heart has four chambers.",
]
UNICODE_STATEMENTS = [
    "Zürich liegt in der Schweiz.",
    "東京は日本の首都です。",
    "Η Αθήνα είναι η πρωτεύουσα της Ελλάδας.",
    "Москва — столица России.",
    "Un café au lait ☕ coûte 3 €.",
    "🚀 Rockets reach orbit in about 9 minutes.",
    "القاهرة عاصمة مصر.",
    "The naïve façade faced the fjord.",
    "नई दिल्ली भारत की राजधानी है।",
    "서울은 한국의 수도입니다.",
]
ENTITIES = ["Paris", "France", "Eiffel Tower", "1889", "Einstein", "Ulm", "Germany", "Nile", "Python", "1991", "Moon"]
UNICODE_ENTITIES = ["Zürich", "東京", "Αθήνα", "Москва", "☕", "Ελλάδα", "São Paulo", "Ærø"]

VERDICT_PATTERNS = ["all_yes", "all_no", "mixed", "mixed", "single", "empty", "unicode", "long", "tie"]


def pick_statements(rng, n, unicode=False):
    pool = UNICODE_STATEMENTS if unicode else ASCII_STATEMENTS
    return rng.sample(pool, n)


def verdict_flags(rng, pattern, n):
    if pattern == "all_yes":
        return [1] * n
    if pattern == "all_no":
        return [0] * n
    if pattern == "tie":
        flags = [1] * (n // 2) + [0] * (n - n // 2)
        rng.shuffle(flags)
        return flags
    return [rng.randint(0, 1) for _ in range(n)]


def count_for(rng, pattern):
    return {"single": 1, "empty": 0, "long": rng.randint(8, 10), "tie": 4}.get(pattern, rng.randint(2, 5))


def nli(statements, flags, reason="Checked against the context."):
    return {"statements": [{"statement": s, "reason": reason, "verdict": f} for s, f in zip(statements, flags)]}


def question_and_contexts(rng, unicode):
    contexts = pick_statements(rng, rng.randint(1, 3), unicode)
    return rng.choice(["What is true here?", "Où est la tour ? 🗼", "Tell me the facts."]), contexts


def statement_rows(seed):
    """Per verdict pattern: its index, the pattern, statements with their verdict flags, a question and contexts."""
    rng = random.Random(seed)
    for i, pattern in enumerate(VERDICT_PATTERNS):
        unicode = pattern == "unicode"
        n = count_for(rng, pattern)
        statements = pick_statements(rng, n, unicode)
        flags = verdict_flags(rng, pattern, n)
        yield (i, pattern, statements, flags, *question_and_contexts(rng, unicode))


def faithfulness_cases():
    cases = []
    for i, pattern, statements, flags, question, contexts in statement_rows(1001):
        script = [("StatementGeneratorOutput", {"statements": statements})]
        if statements:
            script.append(("NLIStatementOutput", nli(statements, flags)))
        response = " ".join(statements) or "Hmm."
        cases.append(case("faithfulness", i, pattern, {"user_input": question, "response": response,
                                                       "retrieved_contexts": contexts}, script))
    # The judge gives fewer verdicts than statements.
    statements = ASCII_STATEMENTS[:3]
    script = [("StatementGeneratorOutput", {"statements": statements}),
              ("NLIStatementOutput", nli(statements[:2], [1, 0]))]
    cases.append(case("faithfulness", len(cases), "fewer_verdicts", {
        "user_input": "What is true?", "response": " ".join(statements), "retrieved_contexts": ASCII_STATEMENTS[3:5]},
        script))
    return cases


def small_vector(rng, dims=4):
    while True:
        v = [rng.randint(-3, 5) for _ in range(dims)]
        if any(v):
            return v


def answer_relevancy_cases():
    rng = random.Random(1002)
    patterns = ["committal", "committal", "all_noncommittal", "one_noncommittal", "same_question", "unicode",
                "strictness_1", "strictness_5", "opposite", "empty_question", "zero_vector"]
    cases = []
    for i, pattern in enumerate(patterns):
        strictness = {"strictness_1": 1, "strictness_5": 5}.get(pattern, 3)
        pool = UNICODE_STATEMENTS if pattern == "unicode" else ASCII_STATEMENTS
        questions = [rng.choice(pool).rstrip(".。") + "?" for _ in range(strictness)]
        if pattern == "same_question":
            questions = [questions[0]] * strictness
        if pattern == "empty_question":
            questions[1] = ""
        flags = [0] * strictness
        if pattern == "all_noncommittal":
            flags = [1] * strictness
        elif pattern == "one_noncommittal":
            flags[rng.randrange(strictness)] = 1
        user_input = rng.choice(
            ["What is the capital of France?", "Wo liegt Zürich? 🇨🇭", "Why is the sky blue?"])
        vectors = {user_input: small_vector(rng)}
        for q in questions:
            if q:
                vectors.setdefault(q, small_vector(rng))
        if pattern == "opposite":
            vectors[questions[0]] = [-x for x in vectors[user_input]]
        if pattern == "zero_vector":
            vectors[questions[0]] = [0, 0, 0, 0]
        script = [("AnswerRelevanceOutput", {"question": q, "noncommittal": f}) for q, f in zip(questions, flags)]
        c = case("answer_relevancy", i, pattern, {"user_input": user_input, "response": "An answer. " + questions[0]},
                 script, {"strictness": strictness})
        c["vectors"] = vectors
        cases.append(c)
    return cases


def context_precision_cases(metric, seed, answer_field):
    rng = random.Random(seed)
    patterns = ["all_yes", "all_no", "mixed", "mixed", "mixed", "single", "unicode", "long", "tie", "last_only",
                "very_long"]
    cases = []
    for i, pattern in enumerate(patterns):
        unicode = pattern == "unicode"
        n = 24 if pattern == "very_long" else max(1, count_for(rng, pattern))
        contexts = [f"{i}. {s}" for i, s in enumerate(rng.choices(ASCII_STATEMENTS + UNICODE_STATEMENTS, k=n))] \
            if pattern == "very_long" else pick_statements(rng, n, unicode)
        flags = [0] * (n - 1) + [1] if pattern == "last_only" else verdict_flags(rng, pattern, n)
        script = [("ContextPrecisionOutput", {"reason": "Useful or not.", "verdict": f}) for f in flags]
        inputs = {"user_input": "What is true here?", answer_field: pick_statements(rng, 1, unicode)[0],
                  "retrieved_contexts": contexts}
        cases.append(case(metric, i, pattern, inputs, script))
    return cases


def context_recall_cases():
    cases = []
    for i, pattern, statements, flags, question, contexts in statement_rows(1004):
        answer = {"classifications": [{"statement": s, "reason": "Found or not.", "attributed": f}
                                      for s, f in zip(statements, flags)]}
        inputs = {"user_input": question, "reference": " ".join(statements) or "Nothing.",
                  "retrieved_contexts": contexts}
        cases.append(case("context_recall", i, pattern, inputs, [("ContextRecallOutput", answer)]))
    return cases


def context_entity_recall_cases():
    rng = random.Random(1005)
    patterns = ["overlap", "overlap", "all_found", "none_found", "empty_reference", "empty_context", "duplicates",
                "unicode", "case_differs", "whitespace_differs", "unicode_normal_forms"]
    cases = []
    for i, pattern in enumerate(patterns):
        pool = UNICODE_ENTITIES if pattern == "unicode" else ENTITIES
        reference = rng.sample(pool, rng.randint(2, 5))
        others = [e for e in pool if e not in reference]
        if pattern == "all_found":
            context = reference + rng.sample(others, 1)
        elif pattern == "none_found":
            context = rng.sample(others, 2)
        elif pattern == "empty_reference":
            reference, context = [], rng.sample(pool, 2)
        elif pattern == "empty_context":
            context = []
        elif pattern == "duplicates":
            reference = reference + reference[:1]
            context = reference[:2] + reference[:1]
        elif pattern == "case_differs":
            context = [e.lower() for e in reference[:2]] + reference[2:]
        elif pattern == "whitespace_differs":
            context = [f" {e}" for e in reference[:1]] + [f"{e} " for e in reference[1:2]] + reference[2:]
        elif pattern == "unicode_normal_forms":
            # The same names in NFC (reference) and NFD (contexts): equal to a reader, different code points.
            reference = ["Zürich", "São Paulo", "Ærø", "Paris"]
            context = [unicodedata.normalize("NFD", e) for e in reference]
        else:
            context = rng.sample(reference, max(1, len(reference) // 2)) + rng.sample(others, 2)
        inputs = {"reference": ", ".join(reference) or "No names here.",
                  "retrieved_contexts": [", ".join(context) or "Nothing named."]}
        script = [("EntitiesList", {"entities": reference}), ("EntitiesList", {"entities": context})]
        cases.append(case("context_entity_recall", i, pattern, inputs, script))
    return cases


def noise_sensitivity_cases():
    rng = random.Random(1006)
    patterns = ["mixed", "mixed", "mixed", "all_yes", "all_no", "single", "unicode", "tie", "empty", "empty_response"]
    cases = []
    for mode in ("relevant", "irrelevant"):
        for i, pattern in enumerate(patterns):
            unicode = pattern == "unicode"
            n_ref = 0 if pattern == "empty" else count_for(rng, pattern if pattern != "empty" else "mixed")
            n_resp = 0 if pattern == "empty_response" else count_for(rng, "single" if pattern == "single" else "mixed")
            ref_statements = pick_statements(rng, n_ref, unicode)
            resp_statements = pick_statements(rng, n_resp, unicode)
            question, contexts = question_and_contexts(rng, unicode)
            script = [("StatementGeneratorOutput", {"statements": ref_statements}),
                      ("StatementGeneratorOutput", {"statements": resp_statements})]
            for _ in contexts:
                script.append(("StatementFaithfulnessOutput",
                               nli(ref_statements, verdict_flags(rng, pattern, n_ref))))
                script.append(("StatementFaithfulnessOutput",
                               nli(resp_statements, verdict_flags(rng, pattern, n_resp))))
            script.append(("StatementFaithfulnessOutput", nli(resp_statements, verdict_flags(rng, pattern, n_resp))))
            inputs = {"user_input": question, "response": " ".join(resp_statements) or "Hmm, no idea.",
                      "reference": " ".join(ref_statements) or "Nothing to say.", "retrieved_contexts": contexts}
            cases.append(case("noise_sensitivity", len(cases), f"{mode}/{pattern}", inputs, script, {"mode": mode}))
    # Noisy retrievals: some contexts support none of the reference (irrelevant), the response leans on the contexts
    # and is mostly wrong against the reference, so both modes have something to count.
    rng = random.Random(1106)
    for mode in ("relevant", "irrelevant"):
        for _ in range(3):
            ref_statements, resp_statements = pick_statements(rng, 3), pick_statements(rng, 4)
            contexts = pick_statements(rng, rng.randint(2, 4), rng.random() < 0.3)
            script = [("StatementGeneratorOutput", {"statements": ref_statements}),
                      ("StatementGeneratorOutput", {"statements": resp_statements})]
            for _ in contexts:
                relevant = rng.random() < 0.5
                script.append(("StatementFaithfulnessOutput",
                               nli(ref_statements, [rng.randint(0, 1) if relevant else 0 for _ in ref_statements])))
                script.append(("StatementFaithfulnessOutput",
                               nli(resp_statements, [int(rng.random() < 0.7) for _ in resp_statements])))
            script.append(("StatementFaithfulnessOutput",
                           nli(resp_statements, [int(rng.random() < 0.3) for _ in resp_statements])))
            inputs = {"user_input": "What is true?", "response": " ".join(resp_statements),
                      "reference": " ".join(ref_statements), "retrieved_contexts": contexts}
            cases.append(case("noise_sensitivity", len(cases), f"{mode}/noisy", inputs, script, {"mode": mode}))
    return cases


def factual_correctness_cases():
    rng = random.Random(1007)
    settings = [("f1", 1.0, "low", "low"), ("f1", 1.0, "high", "high"), ("precision", 1.0, "low", "high"),
                ("recall", 1.0, "high", "low"), ("f1", 0.5, "low", "low"), ("f1", 2.0, "low", "low")]
    patterns = ["mixed", "all_yes", "all_no", "empty", "unicode", "tie", "single", "long"]
    cases = []
    for s, (mode, beta, atomicity, coverage) in enumerate(settings):
        for pattern in rng.sample(patterns, 4) if s else patterns:
            unicode = pattern == "unicode"
            n_resp, n_ref = count_for(rng, pattern), count_for(rng, pattern)
            resp_claims = pick_statements(rng, n_resp, unicode)
            ref_claims = pick_statements(rng, n_ref, unicode)
            script = [("ClaimDecompositionOutput", {"claims": resp_claims})]
            if n_resp:
                script.append(("NLIStatementOutput", nli(resp_claims, verdict_flags(rng, pattern, n_resp))))
            if mode != "precision":
                script.append(("ClaimDecompositionOutput", {"claims": ref_claims}))
                if n_ref:
                    script.append(("NLIStatementOutput", nli(ref_claims, verdict_flags(rng, pattern, n_ref))))
            inputs = {"response": " ".join(resp_claims) or "Well.", "reference": " ".join(ref_claims) or "Hm."}
            options = {"mode": mode, "beta": beta, "atomicity": atomicity, "coverage": coverage}
            cases.append(case("factual_correctness", len(cases), f"{mode}-b{beta}/{pattern}", inputs, script, options))
    # Counts whose F1 x 100 ends in exactly .5, where numpy's round-half-to-even and rounding half up part ways.
    halves = [(tp, fp, fn) for tp in range(1, 6) for fp in range(0, 8) for fn in range(0, 8)
              if (lambda x: x * 100 - int(x * 100) == 0.5)(2 * tp / (2 * tp + fp + fn))]
    for tp, fp, fn in rng.sample(halves, min(4, len(halves))):
        resp_claims = rng.sample(ASCII_STATEMENTS + UNICODE_STATEMENTS, tp + fp)
        ref_claims = rng.sample(ASCII_STATEMENTS + UNICODE_STATEMENTS, fn + 1)
        script = [("ClaimDecompositionOutput", {"claims": resp_claims}),
                  ("NLIStatementOutput", nli(resp_claims, [1] * tp + [0] * fp)),
                  ("ClaimDecompositionOutput", {"claims": ref_claims}),
                  ("NLIStatementOutput", nli(ref_claims, [0] * fn + [1]))]
        inputs = {"response": " ".join(resp_claims), "reference": " ".join(ref_claims)}
        options = {"mode": "f1", "beta": 1.0, "atomicity": "low", "coverage": "low"}
        cases.append(case("factual_correctness", len(cases), f"f1-half/tp{tp}-fp{fp}-fn{fn}", inputs, script, options))
    return cases


def answer_correctness_cases():
    rng = random.Random(1008)
    patterns = ["mixed", "mixed", "all_tp", "all_fp", "empty_response", "empty_reference", "unicode", "single",
                "all_fn"]
    cases = []
    for i, pattern in enumerate(patterns):
        unicode = pattern == "unicode"
        resp = pick_statements(rng, 0 if pattern == "empty_response" else count_for(rng, "mixed"), unicode)
        ref = pick_statements(rng, 0 if pattern == "empty_reference" else count_for(rng, "mixed"), unicode)
        if pattern == "single":
            resp, ref = resp[:1], ref[:1]
        tp_flags = {"all_tp": [1] * len(resp), "all_fp": [0] * len(resp)}.get(
            pattern, [rng.randint(0, 1) for _ in resp])
        fn_flags = {"all_fn": [1] * len(ref), "all_tp": [0] * len(ref)}.get(pattern, [rng.randint(0, 1) for _ in ref])
        script = [("StatementGeneratorOutput", {"statements": resp}), ("StatementGeneratorOutput", {"statements": ref})]
        if resp and ref:
            def listed(statements, flags, want):
                return [{"statement": s, "reason": "Compared."} for s, f in zip(statements, flags) if f == want]
            script.append(("ClassificationWithReason", {"TP": listed(resp, tp_flags, 1),
                                                        "FP": listed(resp, tp_flags, 0),
                                                        "FN": listed(ref, fn_flags, 1)}))
        response, reference = " ".join(resp) or "No idea.", " ".join(ref) or "Unknown."
        options = {2: {"weights": [1.0, 0.0]}, 3: {"beta": 2.0}, 6: {"weights": [0.4, 0.6]}}.get(i, {})
        c = case("answer_correctness", i, pattern, {"user_input": "What is true?", "response": response,
                                                    "reference": reference}, script, options)
        c["vectors"] = {response: small_vector(rng), reference: small_vector(rng)}
        cases.append(c)
    return cases


RUBRIC_3 = {"score1_description": "Wrong.", "score3_description": "Partly right.", "score5_description": "Right."}


def rubrics_cases():
    rng = random.Random(1009)
    cases = []
    settings = [("rubrics_score", False, None), ("rubrics_score", True, None), ("rubrics_score", False, RUBRIC_3),
                ("instance_rubrics", False, RUBRIC_3)]
    for metric, with_reference, rubric in settings:
        levels = [1, 3, 5] if rubric else [1, 2, 3, 4, 5]
        for score in [*levels, rng.choice(levels), 0 if rubric is None else 2]:
            pattern = f"{'ref' if with_reference else 'noref'}{'-3levels' if rubric else ''}/score{score}"
            inputs = {"user_input": rng.choice(["Is it safe?", "¿Dónde está Zürich? 🏔"]),
                      "response": pick_statements(rng, 1, rng.random() < 0.3)[0]}
            if with_reference:
                inputs["reference"] = pick_statements(rng, 1)[0]
            if metric == "instance_rubrics":
                inputs["rubrics"] = rubric
            script = [("InstanceRubricScoreOutput" if metric == "instance_rubrics" else "RubricScoreOutput",
                       {"feedback": "Scored against the rubric.", "score": score})]
            options = {"with_reference": with_reference, "rubrics": rubric} if metric == "rubrics_score" else {}
            cases.append(case(metric, len([c for c in cases if c["metric"] == metric]), pattern, inputs, script,
                              options))
    return cases


def conversation(rng, unicode=False):
    """A conversation in a neutral form ({role: user|assistant, content}); each side converts it."""
    pool = UNICODE_STATEMENTS if unicode else ASCII_STATEMENTS
    turns = []
    for _ in range(rng.randint(1, 3)):
        turns.append({"role": "user", "content": "Tell me: " + rng.choice(pool)})
        turns.append({"role": "assistant", "content": rng.choice(pool)})
    return turns


def agent_goal_accuracy_cases():
    rng = random.Random(1010)
    cases = []
    for metric in ("agent_goal_accuracy", "agent_goal_accuracy_without_reference"):
        for i, verdict in enumerate(["1", "0", "1", "0", "1"]):
            unicode = i == 4
            inputs = {"user_input": conversation(rng, unicode)}
            if metric == "agent_goal_accuracy":
                inputs["reference"] = rng.choice(["A table is booked.", "Le vol est réservé ✈"])
            script = [("WorkflowOutput", {"user_goal": "Book something.", "end_state": rng.choice(pick_statements(
                rng, 2, unicode))}), ("CompareOutcomeOutput", {"reason": "Compared.", "verdict": verdict})]
            cases.append(case(metric, i, f"verdict{verdict}{'-unicode' if unicode else ''}", inputs, script))
    return cases


def topic_adherence_cases():
    rng = random.Random(1011)
    patterns = ["mixed", "mixed", "all_yes", "all_no", "single", "empty", "unicode", "tie", "short_classifications"]
    cases = []
    for mode in ("f1", "precision", "recall"):
        for pattern in patterns if mode == "f1" else rng.sample(patterns[:-1], 5):
            unicode = pattern == "unicode"
            n = count_for(rng, "mixed" if pattern == "short_classifications" else pattern)
            topics = pick_statements(rng, n, unicode)
            script = [("TopicExtractionOutput", {"topics": topics})]
            if n:
                refused = verdict_flags(rng, "mixed" if pattern in ("all_yes", "all_no") else pattern, n)
                script += [("TopicRefusedOutput", {"refused_to_answer": bool(f)}) for f in refused]
                on_topic = [bool(f) for f in verdict_flags(rng, pattern, n)]
                if pattern == "short_classifications":
                    on_topic = on_topic[:-1]
                script.append(("TopicClassificationOutput", {"classifications": on_topic}))
            inputs = {"user_input": conversation(rng, unicode), "reference_topics": rng.sample(ENTITIES, 2)}
            cases.append(case("topic_adherence", len([c for c in cases]), f"{mode}/{pattern}", inputs, script,
                              {"mode": mode}))
    return cases


def nv_rating_cases(metric, seed, schema, values, fields):
    rng = random.Random(seed)
    cases = []
    pairs = [(a, b) for a in values for b in values]
    for i, (first, second) in enumerate(pairs):
        unicode = i % 4 == 3
        inputs = {field: pick_statements(rng, 1, unicode)[0] for field in fields}
        if "retrieved_contexts" in fields:
            inputs["retrieved_contexts"] = pick_statements(rng, rng.randint(1, 3), unicode)
        script = [(schema, {"rating": first}), (schema, {"rating": second})]
        cases.append(case(metric, i, f"ratings{first}-{second}{'-unicode' if unicode else ''}", inputs, script))
    # A rating outside the allowed values: Ragas asks that prompt again (up to 5 times).
    inputs = {field: pick_statements(rng, 1)[0] for field in fields}
    if "retrieved_contexts" in fields:
        inputs["retrieved_contexts"] = pick_statements(rng, 2)
    invalid = values[-1] + 1
    script = [(schema, {"rating": invalid}), (schema, {"rating": values[1]}), (schema, {"rating": values[-1]})]
    cases.append(case(metric, len(cases), f"invalid{invalid}-then-retry", inputs, script))
    if metric == "nv_context_relevance":
        question = "Where is the Eiffel Tower? It is in Paris."
        for pattern, contexts in [("context_is_question", [question]), ("context_in_question", ["It is in Paris."]),
                                  ("blank_context", ["  "])]:
            cases.append(case(metric, len(cases), pattern, {"user_input": question, "retrieved_contexts": contexts},
                              []))
    if metric == "nv_response_groundedness":
        cases.append(case(metric, len(cases), "blank_context", {"response": "Paris.", "retrieved_contexts": [" "]}, []))
    return cases


def aspect_critic_cases():
    """Ragas' legacy AspectCritic asks once whatever the strictness; ours asks `strictness` times: `extra_votes` are
    the answers to our further calls, which Ragas never asks for."""
    rng = random.Random(1020)
    cases = []
    for strictness in (1, 3):
        for i in range(6):
            unicode = i == 5
            inputs = {"user_input": rng.choice(["Is this polite?", "Est-ce poli ? 🙂"]),
                      "response": pick_statements(rng, 1, unicode)[0]}
            verdict = i % 2 if i < 4 else rng.randint(0, 1)
            c = case("aspect_critic", len(cases), f"strictness{strictness}/verdict{verdict}", inputs,
                     [("AspectCriticOutput", {"reason": "Judged.", "verdict": verdict})], {"strictness": strictness})
            c["extra_votes"] = [rng.randint(0, 1) if i >= 2 else verdict for _ in range(strictness - 1)]
            cases.append(c)
    return cases


def simple_criteria_cases():
    rng = random.Random(1021)
    cases = []
    for i, score in enumerate([1, 2, 3, 4, 5, rng.randint(1, 5), 0, 9]):
        inputs = {"user_input": "How clear is it?", "response": pick_statements(rng, 1, i == 5)[0]}
        cases.append(case("simple_criteria", i, f"score{score}", inputs,
                          [("SimpleCriteriaOutput", {"reason": "Scored.", "score": score})]))
    return cases


def refused_input_cases():
    """Input both sides refuse before asking the judge: an empty response, no retrieved contexts."""
    empty_response = {"user_input": "What is true?", "response": "", "retrieved_contexts": ["Paris is in France."]}
    no_contexts = {"user_input": "What is true?", "reference": "Paris is in France.", "retrieved_contexts": []}
    return [
        case("faithfulness", 10, "empty_response", empty_response, []),
        case("context_precision", 11, "no_contexts", no_contexts, []),
        case("context_recall", 9, "no_contexts", no_contexts, []),
        {**case("answer_relevancy", 11, "empty_response", {"user_input": "Why?", "response": ""}, [],
                {"strictness": 3}), "vectors": {"Why?": [1, 0, 0, 0]}},
    ]


def case(metric, index, pattern, inputs, script, options=None):
    return {"metric": metric, "id": f"{metric}/{index:02d}-{pattern}", "pattern": pattern, "inputs": inputs,
            "options": options or {}, "script": [[name, answer] for name, answer in script]}


def ragas_cases():
    return [
        *faithfulness_cases(),
        *answer_relevancy_cases(),
        *context_precision_cases("context_precision", 1003, "reference"),
        *context_precision_cases("context_utilization", 1013, "response"),
        *context_recall_cases(),
        *context_entity_recall_cases(),
        *noise_sensitivity_cases(),
        *factual_correctness_cases(),
        *answer_correctness_cases(),
        *rubrics_cases(),
        *agent_goal_accuracy_cases(),
        *topic_adherence_cases(),
        *nv_rating_cases("nv_accuracy", 1012, "AnswerAccuracyOutput", [0, 2, 4],
                         ["user_input", "response", "reference"]),
        *nv_rating_cases("nv_context_relevance", 1014, "ContextRelevanceOutput", [0, 1, 2],
                         ["user_input", "retrieved_contexts"]),
        *nv_rating_cases("nv_response_groundedness", 1015, "ResponseGroundednessOutput", [0, 1, 2],
                         ["response", "retrieved_contexts"]),
        *aspect_critic_cases(),
        *simple_criteria_cases(),
        *refused_input_cases(),
    ]
