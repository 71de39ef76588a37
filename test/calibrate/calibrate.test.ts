// calibrate() end to end on scripted judges: every figure and interval worked out in the test.
import { describe, expect, it } from "vitest";
import { calibrate } from "../../src/calibrate/calibrate.js";
import { loadLabelled } from "../../src/calibrate/labelled.js";
import { InvalidInputError } from "../../src/errors.js";
import { Faithfulness } from "../../src/index.js";
import { mulberry32 } from "../../src/math/prng.js";
import { FakeMetric } from "../support/fake-metrics.js";
import { ScriptedLlm } from "../support/scripted-llm.js";

const context = "The sky is blue. Grass is green.";
// Eight rows: the judge supports answers 1, 2, 3, 5; people call 1-4 faithful.
const rows = [1, 2, 3, 4, 5, 6, 7, 8].map((i) => ({
  id: `r${i}`,
  user_input: "What colour?",
  response: `answer ${i}`,
  retrieved_contexts: [context],
  human_label: i <= 4 ? 1 : 0,
}));
const supported = new Set(["answer 1", "answer 2", "answer 3", "answer 5"]);

function scriptedFaithfulness(): Faithfulness {
  const llm = new ScriptedLlm({
    "faithfulness/statements": (prompt) => ({ statements: [/answer \d/.exec(prompt.input)![0]] }),
    "faithfulness/verdicts": (prompt) => {
      const statement = /answer \d/.exec(prompt.input)![0];
      return {
        verdicts: [{ statement, reason: "scripted", verdict: supported.has(statement) ? 1 : 0 }],
      };
    },
  });
  return new Faithfulness({ llm });
}

/** Cohen's kappa written out from its definition, for the hand-made bootstrap below. */
function kappa(humans: number[], judge: number[]): number | null {
  const n = humans.length;
  const hp = humans.filter((h) => h === 1).length;
  const jp = judge.filter((j) => j === 1).length;
  if (hp === 0 || hp === n) return null;
  const po = humans.filter((h, i) => h === judge[i]).length / n;
  const pe = (hp * jp + (n - hp) * (n - jp)) / (n * n);
  return pe === 1 ? null : (po - pe) / (1 - pe);
}

describe("calibrate: binary labels with a scripted Faithfulness judge", () => {
  it("gives the exact confusion matrix, kappa, AUROC and a hand-recomputed interval", async () => {
    const result = await calibrate(rows, {
      judges: [{ name: "scripted", metric: scriptedFaithfulness() }],
      progress: "none",
      bootstrap: { resamples: 200, seed: 11 },
    });
    expect(result.metric).toBe("faithfulness");
    expect(result.labels).toEqual({ kind: "binary" });
    const judge = result.judges[0]!;
    expect(judge.scored).toBe(8);
    const f = judge.figures;
    if (f.kind !== "binary") throw new Error("expected binary figures");
    expect(f.confusion).toEqual({ truePositive: 3, falsePositive: 1, falseNegative: 1, trueNegative: 3 });
    expect(f.cohensKappa.value).toBe(0.5);
    // scores are 1/0: each positive scoring 1 beats 3 negatives and ties one (3.5), the positive
    // scoring 0 ties 3 negatives (1.5): (3 * 3.5 + 1.5) / 16
    expect(f.auroc.value).toBe(0.75);
    expect(f.bestThreshold).toEqual({ threshold: 1, balancedAccuracy: 0.75 });

    // The interval, recomputed: 200 draws of 8 rows with mulberry32(11), kappa at threshold 0.5.
    const humans = [1, 1, 1, 1, 0, 0, 0, 0];
    const judged = [1, 1, 1, 0, 1, 0, 0, 0];
    const random = mulberry32(11);
    const values: number[] = [];
    for (let r = 0; r < 200; r += 1) {
      const idx = humans.map(() => Math.floor(random() * humans.length));
      const k = kappa(
        idx.map((i) => humans[i]!),
        idx.map((i) => judged[i]!),
      );
      if (k !== null) values.push(k);
    }
    values.sort((a, b) => a - b);
    const at = (q: number) => {
      const pos = (values.length - 1) * q;
      const lo = Math.floor(pos);
      return values[lo]! + (values[Math.ceil(pos)]! - values[lo]!) * (pos - lo);
    };
    expect(f.cohensKappa.interval).toEqual([at(0.025), at(0.975)]);

    // The disagreements are the two misjudged rows, with the judge's statements and verdicts.
    expect(judge.disagreements.map((d) => d.id).sort()).toEqual(["r4", "r5"]);
    expect(judge.disagreements[0]!.results[0]!.details).toHaveProperty("verdicts");
  });

  it("a rerun gives the same intervals (seeded)", async () => {
    const run = () =>
      calibrate(rows, { judges: [{ name: "s", metric: scriptedFaithfulness() }], progress: "none" });
    const [a, b] = [await run(), await run()];
    expect(a.judges[0]!.figures).toEqual(b.judges[0]!.figures);
  });

  it("compares several judges side by side", async () => {
    const alwaysSupported = new ScriptedLlm({
      "faithfulness/statements": (prompt) => ({ statements: [/answer \d/.exec(prompt.input)![0]] }),
      "faithfulness/verdicts": (prompt) => ({
        verdicts: [{ statement: /answer \d/.exec(prompt.input)![0], reason: "scripted", verdict: 1 }],
      }),
    });
    const always = new Faithfulness({ llm: alwaysSupported });
    const result = await calibrate(rows, {
      judges: [
        { name: "scripted", metric: scriptedFaithfulness() },
        { name: "always-yes", metric: always },
      ],
      progress: "none",
      bootstrap: { resamples: 0 },
    });
    expect(result.judges.map((j) => j.name)).toEqual(["scripted", "always-yes"]);
    const yes = result.judges[1]!.figures;
    if (yes.kind !== "binary") throw new Error("expected binary figures");
    expect(yes.accuracy.value).toBe(0.5);
    expect(yes.cohensKappa.value).toBe(0); // po 0.5 = pe 0.5
    expect(yes.negativeClass.precision.value).toBeNull();
    expect(yes.negativeClass.precision.reason).toMatch(/no row negative/);
    expect(yes.auroc.value).toBe(0.5);
  });

  it("rows the judge cannot score are counted and left out of every figure", async () => {
    const metric = new FakeMetric({
      name: "fake_faithfulness",
      score: (s) =>
        s.response === "answer 1"
          ? null
          : s.response === "answer 2"
            ? { value: null, status: "error", error: "boom" }
            : 1,
    });
    const result = await calibrate(rows, { judges: [{ name: "x", metric }], progress: "none" });
    expect(result.judges[0]!.scored).toBe(6);
    expect(result.judges[0]!.unscored.map((u) => u.id)).toEqual(["r1", "r2"]);
    expect(result.judges[0]!.unscored[1]!.reason).toBe("boom");
  });
});

describe("calibrate: graded and pairwise labels", () => {
  it("graded: Spearman, Kendall tau-b and scaled MAE", async () => {
    const graded = [1, 2, 3, 4].map((h, i) => ({ id: `g${i}`, response: `r${i}`, human_score: h }));
    const judgeScores: Record<string, number> = { r0: 0, r1: 0.6, r2: 0.3, r3: 1 };
    const metric = new FakeMetric({ name: "fake_faithfulness", score: (s) => judgeScores[s.response!]! });
    const result = await calibrate(graded, {
      judges: [{ name: "g", metric }],
      labels: { kind: "graded", min: 1, max: 4 },
      progress: "none",
      bootstrap: { resamples: 0 },
    });
    const f = result.judges[0]!.figures;
    if (f.kind !== "graded") throw new Error("expected graded figures");
    expect(f.spearman.value).toBeCloseTo(0.8, 15); // ranks 1,3,2,4 against 1,2,3,4
    expect(f.kendallTauB.value).toBeCloseTo(4 / 6, 15);
    // humans scaled 0, 1/3, 2/3, 1 against 0, 0.6, 0.3, 1
    expect(f.scaledMeanAbsoluteError.value).toBeCloseTo((0 + (0.6 - 1 / 3) + (2 / 3 - 0.3) + 0) / 4, 15);
  });

  it("pairwise: agreement counts strict preferences; ties are reported", async () => {
    const pairs = [
      { id: "p0", user_input: "q", response_a: "long answer", response_b: "short", preferred: "a" },
      { id: "p1", user_input: "q", response_a: "tiny", response_b: "longer one", preferred: "b" },
      { id: "p2", user_input: "q", response_a: "same", response_b: "same", preferred: "a" },
      { id: "p3", user_input: "q", response_a: "longest of all", response_b: "b", preferred: "b" },
    ];
    const metric = new FakeMetric({ name: "fake_length_judge" });
    const result = await calibrate(pairs, { judges: [{ name: "len", metric }], progress: "none" });
    const f = result.judges[0]!.figures;
    if (f.kind !== "pairwise") throw new Error("expected pairwise figures");
    expect(f.agreement.value).toBe(0.5);
    expect(f.tieRate.value).toBe(0.25);
  });
});

describe("labelled files: bad input", () => {
  it("labels out of scale name the row and field; the scale must be declared", () => {
    const set = loadLabelled(
      [
        { response: "a", human_score: 5 },
        { response: "b", human_score: 2 },
      ],
      { labels: { kind: "graded", min: 1, max: 4 } },
    );
    expect(set.rows).toHaveLength(1);
    expect(set.invalid[0]).toMatchObject({ row: 0, field: "human_score" });
    expect(() => loadLabelled([{ response: "a", human_score: 2 }])).toThrow(/declare their scale/);
    expect(() =>
      loadLabelled([{ response: "a", human_score: 2 }], { labels: { kind: "graded", min: 4, max: 1 } }),
    ).toThrow(InvalidInputError);
  });

  it("a missing label column lists the columns found", () => {
    expect(() => loadLabelled([{ response: "a", verdict: 1 }])).toThrow(/the file has verdict/);
  });

  it("a binary label that is not 0/1 is an invalid row; no valid row is an error", async () => {
    const set = loadLabelled([{ response: "a", human_label: "maybe" }]);
    expect(set.invalid[0]!.message).toMatch(/must be 0 or 1/);
    await expect(
      calibrate(set, { judges: [{ name: "x", metric: new FakeMetric() }], progress: "none" }),
    ).rejects.toThrow(/no valid row/);
  });

  it("one human class gives null figures with their reason, never NaN", async () => {
    const result = await calibrate(
      [
        { response: "a", human_label: 1 },
        { response: "bb", human_label: 1 },
      ],
      { judges: [{ name: "x", metric: new FakeMetric() }], progress: "none" },
    );
    const f = result.judges[0]!.figures;
    if (f.kind !== "binary") throw new Error("expected binary figures");
    expect(f.cohensKappa).toMatchObject({ value: null, reason: expect.stringMatching(/one class/) });
    expect(JSON.stringify(result)).not.toMatch(/NaN/);
  });
});

describe("calibrate: statement labels", () => {
  // Two rows, five labelled statements; the scripted judge supports statements containing "blue".
  const rows = [
    {
      id: "s1",
      retrieved_contexts: ["The sky is blue."],
      statements: ["The sky is blue.", "Grass is red.", "The sea is blue."],
      statement_labels: [1, 0, 0],
      group: "doc-a",
    },
    {
      id: "s2",
      retrieved_contexts: ["Snow is white."],
      statements: ["Snow is white.", "Snow is blue."],
      statement_labels: [1, 0],
      group: "doc-b",
    },
  ];
  const verdictJudge = () =>
    new ScriptedLlm({
      "faithfulness/verdicts": (prompt) => {
        const statements = [...prompt.input.matchAll(/^\d+\. (.*)$/gm)].map((m) => m[1]!);
        return {
          verdicts: statements.map((statement) => ({
            statement,
            reason: "scripted",
            verdict: statement.includes("blue") || statement.includes("white") ? 1 : 0,
          })),
        };
      },
    });

  it("compares the judge's verdicts with people's labels statement by statement", async () => {
    const llm = verdictJudge();
    const result = await calibrate(rows, {
      judges: [{ name: "scripted", metric: new Faithfulness({ llm }) }],
      progress: "none",
      bootstrap: { resamples: 0 },
    });
    expect(result.labels).toEqual({ kind: "statements" });
    const judge = result.judges[0]!;
    const f = judge.figures;
    if (f.kind !== "binary") throw new Error("expected binary figures");
    // human   1 0 0 | 1 0 ; judge 1 0 1 | 1 1 -> TP 2, FP 2, FN 0, TN 1
    expect(f.confusion).toEqual({ truePositive: 2, falsePositive: 2, falseNegative: 0, trueNegative: 1 });
    expect(f.accuracy.value).toBe(0.6);
    // Only the verdict step ran: the people's statements were judged as given.
    expect(llm.callsFor("faithfulness/statements")).toHaveLength(0);
    expect(llm.callsFor("faithfulness/verdicts")).toHaveLength(2);
    expect(judge.config.promptVersions).toEqual({ "faithfulness/verdicts": expect.any(String) });
    expect(judge.disagreements.map((d) => d.id)).toEqual(["s2", "s1"]);
  });

  it("a label list that does not match its statements is an invalid row naming the counts", () => {
    const set = loadLabelled([{ retrieved_contexts: ["c"], statements: ["a", "b"], statement_labels: [1] }]);
    expect(set.invalid[0]!.message).toMatch(/2 statements, 1 labels/);
  });

  it("only the faithfulness judge can be calibrated on statements", async () => {
    await expect(
      calibrate(rows, {
        judges: [{ name: "x", metric: new FakeMetric({ name: "answer_length" }) }],
        progress: "none",
      }),
    ).rejects.toThrow(/statement labels calibrate the faithfulness judge/);
  });
});
