"""Writes test/fixtures/stats/agreement.json: Krippendorff's alpha and Fleiss' kappa computed by their reference packages.

Requirements (beside numpy 2.4.6 and scipy 1.17.1 of the peer environment), pinned:
    krippendorff==0.9.0
    statsmodels==0.15.0
Run, without touching the peer environment:
    source /work/wt/_notes/realenv.sh
    "$AIRGAP_EVAL_PEERS_VENV/bin/python" -m pip install --no-deps --target /tmp/agreement-oracle krippendorff==0.9.0 statsmodels==0.15.0
    PYTHONPATH=/tmp/agreement-oracle "$AIRGAP_EVAL_PEERS_VENV/bin/python" scripts/agreement-oracle.py
Ratings are units x raters (None for a missing value), as src/math/krippendorff-alpha.ts takes them; the
krippendorff package takes raters x units with NaN. Fleiss' kappa (statsmodels) counts only the units where every
rater gave a value. The two published examples are Krippendorff's (2011, "Computing Krippendorff's alpha-reliability":
nominal 0.743, interval 0.849) and Fleiss' (1971, 10 subjects, 14 raters: 0.210), their values also recorded as printed.
"""
import json

import krippendorff
import numpy as np
from statsmodels.stats.inter_rater import aggregate_raters, fleiss_kappa

OUT = "test/fixtures/stats/agreement.json"
rng = np.random.default_rng(4303)


def alpha(ratings, scale):
    data = np.array([[np.nan if v is None else v for v in unit] for unit in ratings], dtype=float).T
    return float(krippendorff.alpha(reliability_data=data, level_of_measurement=scale))


def kappa(ratings):
    complete = [unit for unit in ratings if all(v is not None for v in unit)]
    table, _ = aggregate_raters(np.array(complete, dtype=float))
    return float(fleiss_kappa(table, method="fleiss")), len(complete)


def case(name, ratings, scale, published=None):
    entry = {"name": name, "ratings": ratings, "scale": scale, "alpha": alpha(ratings, scale)}
    if scale == "nominal":
        entry["kappa"], entry["kappaUnits"] = kappa(ratings)
    if published is not None:
        entry["published"] = published
    return entry


# Krippendorff (2011): 4 observers, 12 units, missing values ("." in the paper).
k_observers = [
    [1, 2, 3, 3, 2, 1, 4, 1, 2, None, None, None],
    [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, None, 3],
    [None, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, None],
    [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, None],
]
k_units = [list(unit) for unit in zip(*k_observers)]

# Fleiss (1971), as usually reprinted: counts of 14 raters over 5 categories for 10 subjects.
f_counts = [
    [0, 0, 0, 0, 14], [0, 2, 6, 4, 2], [0, 0, 3, 5, 6], [0, 3, 9, 2, 0], [2, 2, 8, 1, 1],
    [7, 7, 0, 0, 0], [3, 2, 6, 3, 0], [2, 5, 3, 2, 2], [6, 5, 2, 1, 0], [0, 2, 2, 3, 7],
]
f_units = [[c + 1 for c, n in enumerate(row) for _ in range(n)] for row in f_counts]

cases = [
    case("krippendorff-2011-nominal", k_units, "nominal", {"alpha": 0.743}),
    case("krippendorff-2011-interval", k_units, "interval", {"alpha": 0.849}),
    case("fleiss-1971", f_units, "nominal", {"kappa": 0.210}),
]


def drawn(units, raters, labels, missing):
    out = []
    for _ in range(units):
        unit = []
        base = rng.choice(labels) if labels is not None else rng.random()
        for _ in range(raters):
            if rng.random() < missing:
                unit.append(None)
            elif labels is not None:
                # Raters agree with the unit's label more often than chance, so alpha is away from 0.
                unit.append(float(base if rng.random() < 0.6 else rng.choice(labels)))
            else:
                unit.append(float(min(1.0, max(0.0, base + rng.normal(0, 0.2)))))
        out.append(unit)
    return out


for units, raters, labels, missing in [
    (12, 2, [0.0, 1.0], 0.0),
    (30, 3, [0.0, 1.0], 0.1),
    (25, 4, [0.0, 0.5, 1.0], 0.15),
    (40, 5, [1.0, 2.0, 3.0, 4.0, 5.0], 0.0),
]:
    ratings = drawn(units, raters, labels, missing)
    cases.append(case(f"labels-{units}x{raters}", ratings, "nominal"))
    cases.append(case(f"labels-{units}x{raters}-as-interval", ratings, "interval"))
for units, raters, missing in [(10, 2, 0.0), (35, 3, 0.2), (20, 5, 0.1)]:
    cases.append(case(f"scores-{units}x{raters}", drawn(units, raters, None, missing), "interval"))

with open(OUT, "w") as f:
    json.dump({"krippendorff": "0.9.0", "statsmodels": "0.15.0", "cases": cases}, f, indent=1)
    f.write("\n")
print("wrote", OUT, "(run `npx biome format --write` on it: the lint checks fixtures' layout)")
