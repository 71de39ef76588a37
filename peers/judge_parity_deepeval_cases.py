"""The seeded cases of the judge-metric parity (judge_parity.py) for DeepEval's metrics: conversations as neutral turns
({role: user|assistant, content}) and the judge's structured answers as DeepEval asks for them, in call order."""

import random

from judge_parity_cases import ASCII_STATEMENTS, ENTITIES, UNICODE_ENTITIES, UNICODE_STATEMENTS, case, \
    pick_statements, verdict_flags

YES_NO = {1: "yes", 0: "no"}
DEEPEVAL_PATTERNS = ["all_yes", "all_no", "mixed", "mixed", "single", "unicode", "tie", "strict_mixed",
                     "strict_all_yes"]


def deepeval_conversation(rng, pairs, unicode=False):
    """`pairs` user-assistant exchanges, in the neutral {role, content} form."""
    pool = UNICODE_STATEMENTS if unicode else ASCII_STATEMENTS
    turns = []
    for _ in range(pairs):
        turns += [{"role": "user", "content": "Please: " + rng.choice(pool)},
                  {"role": "assistant", "content": rng.choice(pool)}]
    return turns


def deepeval_flags(rng, pattern, n):
    return verdict_flags(rng, {"strict_mixed": "mixed", "strict_all_yes": "all_yes", "unicode": "mixed"}.get(
        pattern, pattern), n)


def deepeval_case(metric, i, pattern, turns, script, extra=None):
    options = {"strict_mode": pattern.startswith("strict")}
    inputs = {} if turns is None else {"turns": turns}
    return case(metric, i, pattern, {**inputs, **(extra or {})}, script, options)


def conversation_completeness_cases():
    rng = random.Random(1016)
    cases = []
    for i, pattern in enumerate([*DEEPEVAL_PATTERNS, "no_intentions"]):
        pairs = 1 if pattern == "single" else rng.randint(2, 3)
        turns = deepeval_conversation(rng, pairs, pattern == "unicode")
        n = 0 if pattern == "no_intentions" else 1 if pattern == "single" else 4 if pattern == "tie" else \
            rng.randint(2, pairs * 2)
        intentions = [f"The user wants to know {s}" for s in pick_statements(rng, n, pattern == "unicode")]
        script = [("UserIntentions", {"intentions": intentions})]
        script += [("ConversationCompletenessVerdict", {"verdict": YES_NO[f], "reason": "Read the turns."})
                   for f in deepeval_flags(rng, pattern, n)]
        cases.append(deepeval_case("conversation_completeness", i, pattern, turns, script))
    return cases


def turn_relevancy_cases():
    rng = random.Random(1017)
    cases = []
    for i, pattern in enumerate([*DEEPEVAL_PATTERNS, "window_2"]):
        pairs = 1 if pattern == "single" else 4 if pattern == "tie" else rng.randint(2, 5)
        turns = deepeval_conversation(rng, pairs, pattern == "unicode")
        script = [("TurnRelevancyVerdict", {"verdict": YES_NO[f], "reason": "Read the window."})
                  for f in deepeval_flags(rng, pattern, pairs)]
        c = deepeval_case("turn_relevancy", i, pattern, turns, script)
        c["options"]["window_size"] = 2 if pattern == "window_2" else 10
        cases.append(c)
    return cases


IRREGULAR_SHAPES = {
    "starts_with_assistant": "auau",
    "two_users_in_a_row": "uuaua",
    "two_assistants_in_a_row": "uaaua",
    "ends_with_user": "uauau",
    "no_user": "aa",
}


def irregular_conversation(rng, shape):
    """Turns in the order `shape` gives (u: user, a: assistant)."""
    return [{"role": "user" if r == "u" else "assistant", "content": rng.choice(ASCII_STATEMENTS)} for r in shape]


def irregular_turn_relevancy_cases(start):
    """Conversations that do not alternate: DeepEval's unit interactions decide how many verdicts it asks for."""
    from deepeval.metrics.utils.turns import get_unit_interactions
    from deepeval.test_case import Turn

    rng = random.Random(1117)
    cases = []
    for pattern, shape in IRREGULAR_SHAPES.items():
        turns = irregular_conversation(rng, shape)
        units = len(get_unit_interactions([Turn(**t) for t in turns]))
        script = [("TurnRelevancyVerdict", {"verdict": YES_NO[rng.randint(0, 1)], "reason": "Read."})
                  for _ in range(units)]
        c = deepeval_case("turn_relevancy", start + len(cases), pattern, turns, script)
        c["options"]["window_size"] = 2
        cases.append(c)
    return cases


def irregular_retention_and_completeness_cases(start_retention, start_completeness):
    """Knowledge retention and conversation completeness on the same non-alternating conversations."""
    rng = random.Random(1118)
    cases = []
    for k, (pattern, shape) in enumerate(IRREGULAR_SHAPES.items()):
        turns = irregular_conversation(rng, shape)
        facts = [{"Fact": rng.choice(ENTITIES)} if t["role"] == "user" and rng.random() < 0.7 else {}
                 for t in turns]
        script = [("Knowledge", {"data": f}) for f, t in zip(facts, turns) if t["role"] == "user"]
        judged = sum(1 for i, t in enumerate(turns) if t["role"] == "assistant" and any(facts[:i]))
        script += [("KnowledgeRetentionVerdict", {"verdict": YES_NO[rng.randint(0, 1)], "reason": "Checked."})
                   for _ in range(judged)]
        cases.append(deepeval_case("knowledge_retention", start_retention + k, pattern, turns, script))
        users = sum(1 for t in turns if t["role"] == "user")
        intentions = [f"The user wants {e}" for e in rng.sample(ENTITIES, min(users, 2))]
        script = [("UserIntentions", {"intentions": intentions})]
        script += [("ConversationCompletenessVerdict", {"verdict": YES_NO[rng.randint(0, 1)], "reason": "Read."})
                   for _ in intentions]
        cases.append(deepeval_case("conversation_completeness", start_completeness + k, pattern, turns, script))
    return cases


def role_adherence_cases():
    rng = random.Random(1018)
    cases = []
    for i, pattern in enumerate([*DEEPEVAL_PATTERNS, "duplicate_index", "user_turn_index"]):
        pairs = 1 if pattern == "single" else 4 if pattern == "tie" else rng.randint(2, 4)
        turns = deepeval_conversation(rng, pairs, pattern == "unicode")
        in_character = deepeval_flags(rng, "mixed" if pattern.endswith("index") else pattern, pairs)
        out = [2 * k + 1 for k, f in enumerate(in_character) if not f]  # assistant turns sit at odd indices
        if pattern == "duplicate_index":
            out = out[:1] * 2 if out else [1, 1]
        elif pattern == "user_turn_index":
            out = out + [0]
        script = [("OutOfCharacterResponseVerdicts",
                   {"verdicts": [{"index": k, "reason": "Out of character."} for k in out]})]
        cases.append(deepeval_case("role_adherence", i, pattern, turns, script,
                                   {"chatbot_role": rng.choice(["A polite librarian.",
                                                                "Un pirate joyeux 🏴‍☠️"])}))
    return cases


def knowledge_retention_cases():
    rng = random.Random(1019)
    cases = []
    for i, pattern in enumerate([*DEEPEVAL_PATTERNS, "no_facts", "facts_late"]):
        pairs = 1 if pattern == "single" else rng.randint(2, 4)
        turns = deepeval_conversation(rng, pairs, pattern == "unicode")
        facts = []
        for k in range(pairs):
            given = not (pattern == "no_facts" or (pattern == "facts_late" and k < pairs - 1)) and rng.random() < 0.8
            pool = UNICODE_ENTITIES if pattern == "unicode" else ENTITIES
            facts.append({f"Fact {j + 1}": rng.choice(pool) for j in range(rng.randint(1, 3))} if given else {})
        script = [("Knowledge", {"data": data}) for data in facts]
        judged = sum(1 for k in range(pairs) if any(facts[:k + 1]))  # assistant turn k follows user turn k
        # DeepEval's verdict is "yes" when the assistant forgot something: a pass is "no".
        script += [("KnowledgeRetentionVerdict", {"verdict": YES_NO[1 - f], "reason": "Checked the facts."})
                   for f in deepeval_flags(rng, pattern, judged)]
        cases.append(deepeval_case("knowledge_retention", i, pattern, turns, script))
    return cases


def g_eval_cases():
    """DeepEval's G-Eval on its default 0-10 range, with a judge without log-probabilities (so the written score)."""
    rng = random.Random(1022)
    cases = []
    for i, score in enumerate([0, 10, 5, 7, rng.randint(0, 10), rng.randint(0, 10), 7.5, 11]):
        steps = [f"Check {s}" for s in pick_statements(rng, rng.randint(1, 4), i == 3)]
        script = [("Steps", {"steps": steps}), ("ReasonScore", {"reason": "Weighed the steps.", "score": score})]
        inputs = {"input": "Explain it briefly.", "actual_output": pick_statements(rng, 1, i == 3)[0]}
        cases.append(case("g_eval", i, f"score{score}", inputs, script, {"criteria": "Is the answer clear?"}))
    return cases


def conversational_g_eval_cases():
    """DeepEval's ConversationalGEval (0-10, a judge without log-probabilities, so the written score) over neutral
    turns: criteria (the judge writes the steps) or given evaluation steps (no steps call), strict mode on some."""
    rng = random.Random(1031)
    cases = []
    plan = [(0, "criteria"), (10, "criteria"), (5, "criteria"), (7, "unicode"), (rng.randint(0, 10), "criteria"),
            (3, "given_steps"), (9, "strict"), (10, "strict")]
    for i, (score, pattern) in enumerate(plan):
        unicode = pattern == "unicode"
        turns = deepeval_conversation(rng, rng.randint(1, 3), unicode)
        steps = [f"Check {s}" for s in pick_statements(rng, rng.randint(1, 4), unicode)]
        options = {"strict_mode": pattern == "strict"}
        script = [("ReasonScore", {"reason": "Weighed the steps.", "score": score})]
        if pattern == "given_steps":
            options["evaluation_steps"] = steps
        else:
            options["criteria"] = "Does the assistant answer the user clearly?"
            script.insert(0, ("Steps", {"steps": steps}))
        cases.append(case("conversational_g_eval", i, f"{pattern}{score}", {"turns": turns}, script, options))
    return cases


CONTENTLESS = ["...", "-- -- --", "\u00a0\u2014\u00a0"]


def contextual_relevancy_cases():
    """Retrieval contexts and one ContextualRelevancyVerdicts per context ({statement, verdict} per statement it
    lists). `contentless` names the contexts without content, answered as DeepEval's prompt asks (the context as one
    "no" statement); "no_verdicts" answers one context with an empty list, which that prompt rules out."""
    rng = random.Random(1023)
    cases = []
    for i, pattern in enumerate([*DEEPEVAL_PATTERNS, "contentless", "all_contentless", "no_verdicts", "many_contexts"]):
        unicode = pattern == "unicode"
        n_contexts = 1 if pattern == "single" else 5 if pattern == "many_contexts" else rng.randint(2, 3)
        sizes = [1 if pattern == "single" else 2 if pattern == "tie" else rng.randint(1, 4) for _ in range(n_contexts)]
        contexts = [" ".join(pick_statements(rng, k, unicode)) for k in sizes]
        contentless = {0} if pattern == "contentless" else set(range(n_contexts)) if pattern == "all_contentless" \
            else set()
        for k in contentless:
            contexts[k] = rng.choice(CONTENTLESS)
        script = []
        for k, text in enumerate(contexts):
            if k in contentless:
                verdicts = [{"statement": text, "verdict": "no", "reason": "No statements found in provided context."}]
            elif pattern == "no_verdicts" and k == 0:
                verdicts = []
            else:
                statements = pick_statements(rng, sizes[k], unicode)
                verdicts = [{"statement": st, "verdict": YES_NO[f]}
                            for st, f in zip(statements, deepeval_flags(rng, pattern, len(statements)))]
            script.append(("ContextualRelevancyVerdicts", {"verdicts": verdicts}))
        question = "Please tell me: " + pick_statements(rng, 1, unicode)[0]
        cases.append(deepeval_case("deepeval_contextual_relevancy", i, pattern, None, script,
                                   {"input": question, "retrieval_context": contexts,
                                    "contentless": sorted(contentless)}))
    return cases


def contextual_recall_cases():
    """An expected output of n one-sentence statements and one Verdicts answer ({verdict, reason} per sentence, in
    order); "fewer_verdicts" answers one sentence short, "no_contexts" retrieves nothing."""
    rng = random.Random(1024)
    cases = []
    for i, pattern in enumerate([*DEEPEVAL_PATTERNS, "fewer_verdicts", "no_contexts", "long"]):
        unicode = pattern == "unicode"
        n = 1 if pattern == "single" else 4 if pattern == "tie" else 9 if pattern == "long" else rng.randint(2, 5)
        sentences = pick_statements(rng, n, unicode)
        contexts = [] if pattern == "no_contexts" else \
            [" ".join(pick_statements(rng, rng.randint(1, 3), unicode)) for _ in range(rng.randint(1, 3))]
        flags = deepeval_flags(rng, pattern, n - 1 if pattern == "fewer_verdicts" else n)
        script = [("Verdicts", {"verdicts": [{"verdict": YES_NO[f], "reason": "Checked the nodes."} for f in flags]})]
        cases.append(deepeval_case("deepeval_contextual_recall", i, pattern, None, script,
                                   {"input": "Tell me what you know.", "expected_output": " ".join(sentences),
                                    "retrieval_context": contexts}))
    return cases


def contextual_precision_cases():
    """Retrieval contexts in order and one Verdicts answer ({verdict, reason} per context, in order); "relevant_last"
    puts the only useful context last, "no_contexts" retrieves nothing."""
    rng = random.Random(1025)
    cases = []
    for i, pattern in enumerate([*DEEPEVAL_PATTERNS, "relevant_last", "no_contexts", "long"]):
        unicode = pattern == "unicode"
        n = 0 if pattern == "no_contexts" else 1 if pattern == "single" else 4 if pattern == "tie" else \
            10 if pattern == "long" else rng.randint(2, 5)
        contexts = pick_statements(rng, n, unicode)
        flags = [0] * (n - 1) + [1] if pattern == "relevant_last" else deepeval_flags(rng, pattern, n)
        script = [("Verdicts", {"verdicts": [{"verdict": YES_NO[f], "reason": "Read the node."} for f in flags]})]
        reference = " ".join(pick_statements(rng, 2, unicode))
        cases.append(deepeval_case("deepeval_contextual_precision", i, pattern, None, script,
                                   {"input": "What do you know about it?", "expected_output": reference,
                                    "retrieval_context": contexts}))
    return cases


def answer_relevancy_cases():
    """Statements of the actual output, then one Verdicts answer (yes, no or borderline per statement; DeepEval's
    schema refuses its legacy "idk", read as borderline only from free text); "no_statements" lists none, so DeepEval
    asks no verdict."""
    rng = random.Random(1026)
    words = {"all_yes": ["yes"], "all_no": ["no"], "borderline": ["borderline"],
             "strict_all_yes": ["yes"]}
    cases = []
    for i, pattern in enumerate([*DEEPEVAL_PATTERNS, "borderline", "no_statements", "long"]):
        unicode = pattern == "unicode"
        n = 0 if pattern == "no_statements" else 1 if pattern == "single" else 4 if pattern == "tie" else \
            10 if pattern == "long" else rng.randint(2, 5)
        statements = pick_statements(rng, n, unicode)
        if pattern == "tie":
            verdicts = [YES_NO[f] for f in deepeval_flags(rng, pattern, n)]
        else:
            verdicts = [rng.choice(words.get(pattern, ["yes", "no", "borderline"])) for _ in range(n)]
        script = [("Statements", {"statements": statements})]
        if n > 0:
            script.append(("Verdicts", {"verdicts": [{"verdict": v} for v in verdicts]}))
        cases.append(deepeval_case("deepeval_answer_relevancy", i, pattern, None, script,
                                   {"input": "Tell me about it.", "actual_output": " ".join(statements) or "Hello."}))
    return cases


def faithfulness_cases():
    """Truths of the joined contexts, claims of the actual output, then one Verdicts answer (yes, no or borderline per
    claim; none without claims); some cases penalize ambiguous claims or limit the truths."""
    rng = random.Random(1027)
    words = {"all_yes": ["yes"], "all_no": ["no"], "borderline": ["borderline"],
             "strict_all_yes": ["yes"], "penalize": ["yes", "borderline", "no"]}
    cases = []
    for i, pattern in enumerate([*DEEPEVAL_PATTERNS, "borderline", "penalize", "no_claims", "limit"]):
        unicode = pattern == "unicode"
        n = 0 if pattern == "no_claims" else 1 if pattern == "single" else 4 if pattern == "tie" else \
            rng.randint(2, 6)
        contexts = [" ".join(pick_statements(rng, rng.randint(1, 3), unicode)) for _ in range(rng.randint(1, 3))]
        truths = pick_statements(rng, len(contexts) if pattern == "limit" else rng.randint(1, 4), unicode)
        claims = pick_statements(rng, n, unicode)
        verdicts = [YES_NO[f] for f in deepeval_flags(rng, pattern, n)] if pattern == "tie" else \
            [rng.choice(words.get(pattern, ["yes", "no", "borderline"])) for _ in range(n)]
        script = [("Truths", {"truths": truths}), ("Claims", {"claims": claims})]
        if n > 0:
            script.append(("Verdicts", {"verdicts": [{"verdict": v} for v in verdicts]}))
        c = deepeval_case("deepeval_faithfulness", i, pattern, None, script,
                          {"input": "Tell me about it.", "actual_output": " ".join(claims) or "Hello.",
                           "retrieval_context": contexts})
        c["options"]["penalize_ambiguous_claims"] = pattern == "penalize"
        c["options"]["truths_extraction_limit"] = 1 if pattern == "limit" else None
        cases.append(c)
    return cases


def deepeval_cases():
    return [
        *conversation_completeness_cases(),
        *turn_relevancy_cases(),
        *irregular_turn_relevancy_cases(10),
        *irregular_retention_and_completeness_cases(11, 10),
        *role_adherence_cases(),
        *knowledge_retention_cases(),
        *g_eval_cases(),
        *conversational_g_eval_cases(),
        *contextual_relevancy_cases(),
        *contextual_recall_cases(),
        *contextual_precision_cases(),
        *answer_relevancy_cases(),
        *faithfulness_cases(),
    ]
