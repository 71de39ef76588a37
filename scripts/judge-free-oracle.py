"""Writes test/fixtures/judge-free/*.json: expected numbers printed by the Python libraries Ragas calls.

Run on a machine with sacrebleu 2.6.0, rapidfuzz 3.14.6 and nltk 3.10.3 installed:
    python scripts/judge-free-oracle.py
rouge_score itself is not used (it is not among this machine's offline wheels): its scoring is a
few lines on top of NLTK's stemmer, restated below (lower-case, non [a-z0-9] runs to spaces, stem
tokens longer than 3, n-gram overlap with max(count, 1) denominators, LCS for rougeL).
"""
import collections, json, random, re, string
from nltk.stem import porter
from rapidfuzz import distance
from sacrebleu import corpus_bleu, corpus_chrf

OUT = "test/fixtures/judge-free"
random.seed(11)

# --- string similarity (Ragas NonLLMStringSimilarity = 1 - rapidfuzz normalized_distance)
alphabet = list("abcab ") + ["é", "e\u0301", "😀", "\u0000", "🇫🇷"]
pairs = [("", ""), ("a", ""), ("a", "a"), ("ab", "ba"), ("abc", "bca"), ("MARTHA", "MARHTA"), ("DIXON", "DICKSONX")]
for _ in range(400):
    pairs.append(tuple("".join(random.choice(alphabet) for _ in range(random.randint(0, 12))) for _ in range(2)))
measures = {"levenshtein": distance.Levenshtein, "hamming": distance.Hamming, "jaro": distance.Jaro, "jaro_winkler": distance.JaroWinkler}
similarity = [{"reference": a, "response": b, **{k: 1 - m.normalized_distance(a, b) for k, m in measures.items()}} for a, b in pairs]

# --- Porter stemmer (NLTK default mode, as rouge_score uses it)
stemmer = porter.PorterStemmer()
words = set(re.findall(r"[a-z]+", open(porter.__file__).read().lower()))
letters = "aeiouybcdlmnrstgz"
while len(words) < 4000:
    words.add("".join(random.choice(letters) for _ in range(random.randint(3, 11))))
stems = {w: stemmer.stem(w) for w in sorted(words)}

# --- BLEU, chrF (as Ragas calls them) and ROUGE
def tokens(text):
    toks = re.split(r"\s+", re.sub(r"[^a-z0-9]+", " ", text.lower()))
    toks = [stemmer.stem(t) if len(t) > 3 else t for t in toks]
    return [t for t in toks if re.match(r"^[a-z0-9]+$", t)]

def fmeasure(p, r):
    return 2 * p * r / (p + r) if p + r > 0 else 0.0

def rouge(target, prediction, kind):
    a, b = tokens(target), tokens(prediction)
    if kind == "rougeL":
        if not a or not b:
            return [0.0, 0.0, 0.0]
        row = [0] * (len(b) + 1)
        for x in a:
            prev, row = row, [0] * (len(b) + 1)
            for j, y in enumerate(b, 1):
                row[j] = prev[j - 1] + 1 if x == y else max(prev[j], row[j - 1])
        p, r = row[-1] / len(b), row[-1] / len(a)
        return [p, r, fmeasure(p, r)]
    n = int(kind[5:])
    ca = collections.Counter(tuple(a[i:i + n]) for i in range(len(a) - n + 1))
    cb = collections.Counter(tuple(b[i:i + n]) for i in range(len(b) - n + 1))
    hits = sum(min(c, cb[g]) for g, c in ca.items())
    p, r = hits / max(sum(cb.values()), 1), hits / max(sum(ca.values()), 1)
    return [p, r, fmeasure(p, r)]

vocab = ["The", "cat", "cats", "running", "runs", "is", "located", "in", "Paris", "India", "3.14", "1,000", "e.g.",
         "don't", "&amp;", "<skipped>", "well-known", "1-2", "(a)", '"quoted"', "naïve", "café", "😀", "\u0301", "日本語",
         "a.", "b,", "—", "\u00a0", "\u0085", "x\u001cy", "-\nz", "generously", "happiness", "dying"]
seps = [" ", " ", " ", ". ", ", ", "\n", "  "]
def text():
    s = "".join(random.choice(vocab) + random.choice(seps) for _ in range(random.randint(0, 25)))
    return s.strip() if random.random() < 0.8 else s
texts = [("The Eiffel Tower is located in Paris.", "The Eiffel Tower is located in India.")]
texts += [(text(), text()) for _ in range(150)]
text_cases = []
for ref, resp in texts:
    refs = [[r] for r in ref.split(". ")]
    case = {"reference": ref, "response": resp,
            "bleu": corpus_bleu(resp.split(". "), refs).score / 100,
            "bleuFloorLowercase": corpus_bleu(resp.split(". "), refs, smooth_method="floor", lowercase=True).score / 100,
            "bleuNoneEffective": corpus_bleu(resp.split(". "), refs, smooth_method="none", use_effective_order=True).score / 100,
            "bleuAddK": corpus_bleu(resp.split(". "), refs, smooth_method="add-k").score / 100,
            "chrf": corpus_chrf([resp], [[ref]]).score / 100 if ref.strip() and resp.strip() else 0.0,
            "chrfPlusPlus": corpus_chrf([resp], [[ref]], word_order=2).score / 100 if ref.strip() and resp.strip() else 0.0}
    for kind in ("rouge1", "rouge2", "rougeL"):
        case[kind] = rouge(ref, resp, kind)
    text_cases.append(case)

for name, data in (("string-similarity", similarity), ("porter-stems", stems), ("text-metrics", text_cases)):
    with open(f"{OUT}/{name}.json", "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False, indent=0)
