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

with open(OUT, "w") as f:
    json.dump(out, f, indent=1)
    f.write("\n")
print("wrote", OUT, "(run `npx biome format --write` on it: the lint checks fixtures' layout)")
