"""The seeded inputs of the judge-free parity (docs/peer-parity.md, "Judge-free metrics"): one place, one seed.

`generate(seed)` returns five families of cases, each case a dict with a `kind` (what it exercises, the key the
documented-differences table selects on) and the input fields in airgap-eval's sample names (camelCase), so the
same JSON is the input of both sides: peers/parity/judge_free.py feeds it to the Python peers, and
test/peers/judge-free.test.ts to airgap-eval.

- text: `reference` / `response` pairs (BLEU, chrF, ROUGE, string similarity, exact match, string presence);
- contexts: `retrievedContexts` / `referenceContexts` (the non-LLM context precision and recall);
- ids: `retrievedContextIds` / `referenceContextIds`;
- documents: one query's `groundTruthDocuments` / `retrievedDocuments` (Haystack's document evaluators);
- tools: `messages` (OpenAI form) with `referenceToolCalls` and `referenceMessages` (tool-call metrics,
  trajectory match).
"""

import json
import random

WORDS = ("the cat sat on mat a dog ran in Paris is located tower Eiffel France capital of and to run runs running "
         "generously happiness dying well-known e.g. don't 3.14 1,000 (a) \"quoted\" naïve café").split()
UNICODE = {
    "combining": ["e\u0301", "a\u0308", "n\u0303o", "\u0301", "Z\u0351\u0352\u0353", "ȩ\u0306"],
    "emoji": ["😀", "👩‍👩‍👧", "🇫🇷", "👍🏽", "❤️", "🧑‍💻", "1️⃣"],
    "cjk": ["日本語", "東京タワー", "中文文本", "한국어", "パリ", "の", "、", "。"],
    "rtl": ["مرحبا", "العالم", "שלום", "עולם", "\u200f", "\u202e", "١٢٣"],
    # case mappings that differ between languages or depend on context: final sigma, dotted I, sharp s, ligatures,
    # title-case digraphs, the Kelvin and Ohm signs
    "casing": ["ΣΑΣ", "ΟΔΟΣ.", "σς", "İstanbul", "I", "ı", "ẞ", "Straße", "ﬁne", "ǅ", "ǆ", "\u212a", "\u2126", "ΐ"],
    # characters that are whitespace to one language and not the other, or to neither: the separators
    # \x1c-\x1f and NEL split in Python; BOM, U+180E and ZWSP do not; U+2028/2029 do in both
    "control-whitespace": ["a\x1cb", "\x1d", "\x1e\x1f", "\x85", "\x0b", "\x0c", "\u2028", "\u2029", "\ufeff",
                           "\u180e", "\u200b", "x\ufeffy", "\u00ad"],
}
WHITESPACE = ["", " ", "  ", "\t", "\n", " \n\t ", "\u00a0", "\u3000", "\u2003", "\u0085", "\u200b", "\r\n"]
PUNCT = ["!!!", "...", "?!?!", "—", "--", ",,", ";:", "()", "[]", "''", '""', ".", ". ", "!", "&amp;", "<skipped>",
         "-\n", "…", "«»", "¿¡"]


def _words(rng, pool, n, seps=(" ", " ", " ", ". ", ", ", "\n")):
    return "".join(rng.choice(pool) + rng.choice(seps) for _ in range(n)).rstrip()


def _mutate(rng, text):
    """A near copy: a few characters or words dropped, swapped or replaced."""
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        if not chars:
            break
        i = rng.randrange(len(chars))
        op = rng.random()
        if op < 0.33:
            del chars[i]
        elif op < 0.66:
            chars.insert(i, rng.choice("abcxyz .é😀"))
        else:
            j = rng.randrange(len(chars))
            chars[i], chars[j] = chars[j], chars[i]
    return "".join(chars)


def _text_pair(rng, kind):
    pool = WORDS
    if kind in UNICODE:
        pool = WORDS[:10] + UNICODE[kind] * 3
    if kind == "empty":
        return rng.choice([("", ""), ("", _words(rng, pool, 5)), (_words(rng, pool, 5), "")])
    if kind == "whitespace":
        ws = lambda: "".join(rng.choice(WHITESPACE) for _ in range(rng.randint(1, 3)))  # noqa: E731
        return rng.choice([(ws(), ws()), (ws(), _words(rng, pool, 4)), (_words(rng, pool, 4), ws()),
                           (ws() + _words(rng, pool, 4) + ws(), _words(rng, pool, 4))])
    if kind == "punctuation":
        pool = WORDS[:12] + PUNCT * 2
        a = _words(rng, pool, rng.randint(1, 20), seps=("", " ", "", ". "))
        return a, rng.choice([_mutate(rng, a), _words(rng, pool, rng.randint(1, 20), seps=("", " "))])
    if kind == "repeated-ngrams":
        unit = _words(rng, WORDS, rng.randint(1, 3))
        a = " ".join([unit] * rng.randint(2, 12))
        b = " ".join([unit] * rng.randint(1, 12)) if rng.random() < 0.7 else _mutate(rng, a)
        return a, b
    if kind == "long":
        a = _words(rng, WORDS + PUNCT[:3], rng.randint(300, 900))
        return a, rng.choice([_mutate(rng, a), _words(rng, WORDS, rng.randint(200, 600)), a])
    if kind == "casing":
        # the same words in another case, so BLEU's lowercase option and ROUGE's lower-casing decide the match
        a = _words(rng, pool, rng.randint(1, 20))
        return a, rng.choice([a.upper(), a.lower(), a.swapcase(), a.title(), a.casefold(), _mutate(rng, a)])
    if kind == "substring":
        b = _words(rng, pool, rng.randint(1, 20))
        i = rng.randrange(len(b) + 1)
        return b[i:i + rng.randint(0, 12)], b
    if kind == "identical":
        a = _words(rng, pool, rng.randint(1, 30))
        return a, a
    a = _words(rng, pool, rng.randint(1, 30))
    if kind == "near" or rng.random() < 0.5:
        return a, _mutate(rng, a)
    return a, _words(rng, pool, rng.randint(1, 30))


TEXT_KINDS = {"sentences": 350, "near": 250, "identical": 40, "substring": 100, "empty": 30, "whitespace": 80, "punctuation": 150,
              "repeated-ngrams": 150, "long": 30, "combining": 100, "emoji": 100, "cjk": 100, "rtl": 100,
              "casing": 120, "control-whitespace": 120}


def _text_cases(rng):
    cases = []
    for kind, count in TEXT_KINDS.items():
        for _ in range(count):
            reference, response = _text_pair(rng, kind)
            cases.append({"kind": kind, "reference": reference, "response": response})
    return cases


def _context_pool(rng):
    base = [_words(rng, WORDS, rng.randint(3, 12)) for _ in range(12)]
    return base + [_mutate(rng, b) for b in base[:6]] + ["", " ", "日本語のテキスト", "مرحبا بالعالم", "😀 e\u0301"]


CONTEXT_KINDS = {"mixed": 300, "duplicates": 100, "empty-lists": 40, "unicode": 60}


def _context_cases(rng):
    pool = _context_pool(rng)
    cases = []
    for kind, count in CONTEXT_KINDS.items():
        for _ in range(count):
            if kind == "unicode":
                source = pool[-5:] + [_mutate(rng, p) for p in pool[-5:]]
            else:
                source = pool
            retrieved = [rng.choice(source) for _ in range(rng.randint(1, 6))]
            reference = [rng.choice(source) for _ in range(rng.randint(1, 4))]
            if kind == "duplicates":
                retrieved = retrieved + retrieved[: rng.randint(1, len(retrieved))]
                reference = reference + reference[:1]
            if kind == "empty-lists":
                retrieved, reference = rng.choice([([], reference), (retrieved, []), ([], [])])
            cases.append({"kind": kind, "retrievedContexts": retrieved, "referenceContexts": reference})
    return cases


ID_KINDS = {"mixed": 250, "duplicates": 100, "empty-lists": 30, "unicode": 40}


def _id_cases(rng):
    cases = []
    for kind, count in ID_KINDS.items():
        ids = ["d1", "d2", "d3", "d4", "d5", "D1", "d1 "] if kind != "unicode" else ["é", "e\u0301", "文書", "😀", "ﬁ"]
        for _ in range(count):
            retrieved = [rng.choice(ids) for _ in range(rng.randint(1, 6))]
            reference = [rng.choice(ids) for _ in range(rng.randint(1, 4))]
            if kind == "duplicates":
                retrieved += retrieved[:2]
                reference += reference[:1]
            if kind == "empty-lists":
                retrieved, reference = rng.choice([([], reference), (retrieved, []), ([], [])])
            cases.append({"kind": kind, "retrievedContextIds": retrieved, "referenceContextIds": reference})
    return cases


# meta.file_id values that Python's == makes equal (1, 1.0, True) or not ("1"); lists and dicts (unhashable in
# Python) only in the unhashable-meta kind.
FILE_IDS = ["a", "b", "A", 1, 1.0, True, "1"]
UNHASHABLE_FILE_IDS = [[1, 2], [2, 1], {"k": 1}, {"k": 1.0}]


def _document(rng, pool, kind):
    """A document: its content, and usually an explicit id and a meta.file_id (the other comparison fields)."""
    doc = {"content": rng.choice(pool)}
    if rng.random() < 0.9:
        doc["id"] = rng.choice(["d1", "d2", "d3", "D1"])
        doc["meta"] = {"file_id": rng.choice(FILE_IDS + (UNHASHABLE_FILE_IDS if kind == "unhashable-meta" else []))}
    return doc


DOCUMENT_KINDS = {"mixed": 250, "duplicates": 100, "ties": 100, "graded": 100, "empty-lists": 30, "unicode": 40,
                  "empty-content": 50, "unhashable-meta": 60}


def _document_cases(rng):
    cases = []
    for kind, count in DOCUMENT_KINDS.items():
        pool = ["Paris", "France", "Berlin", "the 9th century", "9th", "Oslo", "oslo", "Paris "]
        if kind == "unicode":
            pool = ["café", "cafe\u0301", "東京", "😀", "مرحبا", " "]
        if kind == "empty-content":
            pool = ["Paris", "France", ""]
        for _ in range(count):
            truth = [_document(rng, pool, kind) for _ in range(rng.randint(1, 4))]
            retrieved = [_document(rng, pool, kind) for _ in range(rng.randint(1, 7))]
            if kind == "duplicates":
                truth += truth[:1]
                retrieved += retrieved[:2]
            if kind == "ties":
                # equal relevance and retriever scores throughout: the order of the list decides.
                truth = [{**d, "score": 1.0} for d in truth]
                retrieved = [{**d, "score": 0.5} for d in retrieved]
            if kind == "graded":
                truth = [{**d, "score": rng.choice([0.0, 0.5, 1.0, 2.0, 3.0, 0.25])} for d in truth]
            if kind == "empty-lists":
                truth, retrieved = rng.choice([([], retrieved), (truth, [])])
            cases.append({"kind": kind, "groundTruthDocuments": truth, "retrievedDocuments": retrieved})
    return cases


TOOL_NAMES = ["search", "fetch", "weather", "Search"]
# Integral floats (1.0) only in the numeric-args kind: JSON's 1.0 and 1 are one number in JavaScript.
ARG_VALUES = [1, 2.5, True, 0, False, "1", "oslo", "Oslo", None, [1, 2], [2, 1], {"a": 1}, {"a": 2.5, "b": [1]}, ""]


def _call(rng):
    keys = rng.sample(["q", "city", "limit", "id"], rng.randint(0, 2))
    return {"name": rng.choice(TOOL_NAMES), "args": {k: rng.choice(ARG_VALUES) for k in keys}}


def _messages(rng, calls, answer):
    """An OpenAI-form conversation that makes `calls` over one to three assistant turns, each answered."""
    messages = [{"role": "user", "content": "q"}]
    turns = [[] for _ in range(rng.randint(1, 3))] if calls else []
    for c in calls:
        turns[min(len(turns) - 1, rng.randrange(len(turns)))].append(c)
    n = 0
    for turn in turns:
        if not turn:
            continue
        ids = [f"call_{n + i}" for i in range(len(turn))]
        messages.append({"role": "assistant", "content": "", "tool_calls": [
            {"id": i, "type": "function", "function": {"name": c["name"], "arguments": json.dumps(c["args"])}}
            for i, c in zip(ids, turn)]})
        messages += [{"role": "tool", "tool_call_id": i, "content": f"result {c['name']}"} for i, c in zip(ids, turn)]
        n += len(turn)
    messages.append({"role": "assistant", "content": answer})
    return messages


TOOL_KINDS = {"mixed": 300, "same-calls": 150, "reordered": 150, "duplicates": 100, "empty-lists": 50,
              "numeric-args": 100}


def _tool_cases(rng):
    cases = []
    for kind, count in TOOL_KINDS.items():
        for _ in range(count):
            reference = [_call(rng) for _ in range(rng.randint(1, 4))]
            made = [_call(rng) for _ in range(rng.randint(1, 4))]
            if kind == "same-calls":
                made = [dict(c) for c in reference]
            if kind == "reordered":
                made = rng.sample(reference, len(reference)) + ([_call(rng)] if rng.random() < 0.3 else [])
            if kind == "duplicates":
                made = reference + reference[:1]
            if kind == "numeric-args":
                reference = [{"name": "fetch", "args": {"id": rng.choice([1, 1.0, True, "1"])}}]
                made = [{"name": "fetch", "args": {"id": rng.choice([1, 1.0, True, "1"])}}]
            if kind == "empty-lists":
                made, reference = rng.choice([([], reference), (made, []), ([], [])])
            cases.append({
                "kind": kind,
                "messages": _messages(rng, made, "done"),
                "referenceToolCalls": reference,
                "referenceMessages": _messages(rng, reference, "done"),
            })
    return cases


def generate(seed):
    """The five families of cases for `seed`, each a list of dicts (JSON values only)."""
    rng = random.Random(seed)
    return {
        "text": _text_cases(rng),
        "contexts": _context_cases(rng),
        "ids": _id_cases(rng),
        "documents": _document_cases(rng),
        "tools": _tool_cases(rng),
    }
