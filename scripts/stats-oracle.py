"""Writes test/fixtures/stats/reference.json: interval, test and sample-size figures computed by scipy and numpy.

Run with scipy 1.17.1 and numpy 2.4.6 (the peer or real-models environment has both):
    source /work/wt/_notes/realenv.sh  # or any environment with scipy and numpy
    "$AIRGAP_EVAL_PEERS_VENV/bin/python" scripts/stats-oracle.py
The bootstrap is restated here with the same seeded generator (mulberry32) and the same draws as
src/math/bootstrap.ts (index = floor(u * groups)), so its intervals must agree to the last bit; the
percentiles are numpy's (linear interpolation). Everything else is scipy's own function.
"""
import itertools, json, math
import numpy as np
from scipy import stats

OUT = "test/fixtures/stats/reference.json"
rng = np.random.default_rng(44)


def mulberry32(seed):
    a = seed & 0xFFFFFFFF

    def imul(x, y):
        return (x * y) & 0xFFFFFFFF

    def nxt():
        nonlocal a
        a = (a + 0x6D2B79F5) & 0xFFFFFFFF
        t = a
        t = imul(t ^ (t >> 15), t | 1)
        t ^= (t + imul(t ^ (t >> 7), t | 61)) & 0xFFFFFFFF
        return ((t ^ (t >> 14)) & 0xFFFFFFFF) / 4294967296

    return nxt


def groups_of(clusters, n):
    if clusters is None:
        return [[i] for i in range(n)]
    order, seen = [], {}
    for i, key in enumerate(clusters):
        if key not in seen:
            seen[key] = len(order)
            order.append([])
        order[seen[key]].append(i)
    return order


def bootstrap_mean(values, clusters, level, resamples, seed):
    groups = groups_of(clusters, len(values))
    # The TS code adds a cluster's values left to right; restate that exactly.
    sums = []
    for g in groups:
        s = 0.0
        for i in g:
            s += values[i]
        sums.append(s)
    counts = [len(g) for g in groups]
    rand = mulberry32(seed)
    means = []
    for _ in range(resamples):
        total, count = 0.0, 0
        for _ in range(len(groups)):
            k = math.floor(rand() * len(groups))
            total += sums[k]
            count += counts[k]
        means.append(total / count)
    low, high = round((1 - level) / 2, 12), round((1 + level) / 2, 12)
    return [float(np.percentile(means, low * 100)), float(np.percentile(means, high * 100))]


def cluster_se(values, clusters):
    y = np.array(values)
    n = len(y)
    resid = y - y.mean()
    groups = groups_of(clusters, n)
    e = np.array([resid[g].sum() for g in groups])
    g = len(groups)
    return math.sqrt(g / (g - 1) * float((e**2).sum())) / n, g


out = {"normalQuantile": [], "studentTQuantile": [], "wilson": [], "t": [], "bootstrap": [], "permutation": [], "sampleSize": []}
for p in [1e-10, 0.001, 0.025, 0.05, 0.2, 0.5, 0.8, 0.95, 0.975, 0.995, 1 - 1e-9]:
    out["normalQuantile"].append({"p": p, "z": float(stats.norm.ppf(p))})
for p, df in itertools.product([0.005, 0.025, 0.1, 0.9, 0.95, 0.975, 0.995], [1, 2, 3, 5, 9, 29, 100, 1000]):
    out["studentTQuantile"].append({"p": p, "df": df, "t": float(stats.t.ppf(p, df))})

for k, n, level in [(0, 10, 0.95), (3, 10, 0.95), (10, 10, 0.95), (81, 263, 0.95), (45, 50, 0.9), (7, 20, 0.99), (1, 1, 0.95)]:
    ci = stats.binomtest(k, n).proportion_ci(confidence_level=level, method="wilson")
    out["wilson"].append({"successes": k, "n": n, "level": level, "low": float(ci.low), "high": float(ci.high)})

for n, clustered, level in [(5, False, 0.95), (12, False, 0.9), (25, True, 0.95), (40, True, 0.99)]:
    values = [round(float(v), 6) for v in rng.beta(2, 1.5, size=n)]
    clusters = [f"doc{int(c)}" for c in rng.integers(0, max(2, n // 3), size=n)] if clustered else None
    if clustered:
        se, g = cluster_se(values, clusters)
    else:
        se, g = float(stats.sem(values)), n
    low, high = stats.t.interval(level, g - 1, loc=float(np.mean(values)), scale=se)
    out["t"].append({"values": values, "clusters": clusters, "level": level, "standardError": se, "low": float(low), "high": float(high)})

for n, clustered, level, seed in [(50, False, 0.95, 20240601), (200, True, 0.95, 7), (120, False, 0.9, 123)]:
    values = [round(float(v), 6) for v in rng.beta(2, 1.5, size=n)]
    clusters = [f"conv{int(c)}" for c in rng.integers(0, n // 4, size=n)] if clustered else None
    low, high = bootstrap_mean(values, clusters, level, 1000, seed)
    sp = stats.bootstrap((np.array(values),), np.mean, confidence_level=level, method="percentile", n_resamples=1000, rng=1)
    out["bootstrap"].append({
        "values": values, "clusters": clusters, "level": level, "seed": seed, "resamples": 1000,
        "low": low, "high": high,
        "scipyLow": float(sp.confidence_interval.low), "scipyHigh": float(sp.confidence_interval.high),
    })

for n in [3, 6, 9, 12]:
    a = [round(float(v), 4) for v in rng.uniform(0.3, 0.9, size=n)]
    b = [round(float(x + d), 4) for x, d in zip(a, rng.normal(0.05, 0.1, size=n))]
    res = stats.permutation_test((np.array(b), np.array(a)), lambda x, y, axis: np.mean(x - y, axis=axis),
                                 permutation_type="samples", alternative="two-sided", n_resamples=100000, vectorized=True)
    out["permutation"].append({"a": a, "b": b, "pValue": float(res.pvalue), "mean": float(np.mean(np.array(b) - np.array(a)))})

for se, rows, diff, level, power in [(0.02, 100, 0.05, 0.95, 0.8), (0.01, 500, 0.02, 0.99, 0.9), (0.05, 30, 0.1, 0.9, 0.5)]:
    zsum = stats.norm.ppf((1 + level) / 2) + stats.norm.ppf(power)
    out["sampleSize"].append({"standardError": se, "rows": rows, "difference": diff, "level": level, "power": power,
                              "detectable": float(zsum * se), "rowsNeeded": int(math.ceil(rows * (zsum * se / diff) ** 2))})

# Paired differences as report compare makes them (a second generator, so the sections above keep their draws):
# below 30 pairs the t-interval of the deltas (scipy.stats.ttest_rel's confidence interval), from 30 the seeded
# bootstrap of the deltas; each bound clipped to the difference's range [-1, 1] of a [0, 1] metric; and the paired
# rows needed to detect a difference, from the deltas' standard error (scipy.stats.sem).
paired_rng = np.random.default_rng(4401)
out["pairedInterval"] = []
def drawn_pairs(n, shift):
    a = [round(float(v), 4) for v in paired_rng.uniform(0.0, 1.0 - max(shift, 0), size=n)]
    b = [round(float(min(1.0, max(0.0, x + shift + e))), 4) for x, e in zip(a, paired_rng.normal(0, 0.05, size=n))]
    return a, b


cases = [(*drawn_pairs(n, shift), level, detect) for n, level, shift, detect in
         [(8, 0.95, 0.1, 0.05), (20, 0.9, -0.04, 0.02), (3, 0.95, 0.9, 0.1), (45, 0.95, 0.03, 0.05)]]
# Three pairs that disagree: the t-interval reaches past [-1, 1], so the clipping shows.
cases.append(([0.0, 0.0, 0.9], [1.0, 1.0, 0.7], 0.95, 0.1))
for a, b, level, detect in cases:
    n = len(a)
    d = np.array(b) - np.array(a)
    if n < 30:
        method = "t"
        ci = stats.ttest_rel(np.array(b), np.array(a)).confidence_interval(confidence_level=level)
        low, high = float(ci.low), float(ci.high)
    else:
        method = "bootstrap"
        low, high = bootstrap_mean([float(x) for x in d], None, level, 1000, 20240601)
    se = float(stats.sem(d))
    zsum = stats.norm.ppf((1 + level) / 2) + stats.norm.ppf(0.8)
    out["pairedInterval"].append({
        "a": a, "b": b, "level": level, "method": method,
        "low": max(-1.0, low), "high": min(1.0, high), "unclippedLow": low, "unclippedHigh": high,
        "detect": detect, "detectable": float(zsum * se), "rowsToDetect": int(math.ceil(n * (zsum * se / detect) ** 2)),
    })

# A mean near the end of its range: the t-interval of three scores near 1 reaches past 1 and is clipped there.
out["clippedMean"] = []
for values in [[0.9, 1.0, 0.97], [0.02, 0.0, 0.11, 0.01]]:
    low, high = stats.t.interval(0.95, len(values) - 1, loc=float(np.mean(values)), scale=float(stats.sem(values)))
    out["clippedMean"].append({"values": values, "range": [0, 1], "unclippedLow": float(low), "unclippedHigh": float(high),
                               "low": max(0.0, float(low)), "high": min(1.0, float(high))})

with open(OUT, "w") as f:
    json.dump(out, f, indent=1)
    f.write("\n")
print("wrote", OUT, "(run `npx biome format --write` on it: the lint checks fixtures' layout)")
