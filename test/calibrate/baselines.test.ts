// The judge-free baselines of calibrate (the constant answer and the token overlap), worked out by hand on small
// labelled files, through the library and through the CLI as a user runs it.
import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { calibrate } from "../../src/calibrate/calibrate.js";
import { overlapKindFor, overlapScore } from "../../src/calibrate/overlap.js";
import { cliSandbox, runCli } from "../fixtures/cli/run-cli.js";
import { FakeMetric } from "../support/fake-metrics.js";

const context = "The sky is blue. Grass is green.";
// Context tokens (rouge_score's, stemmed): the sky is blue grass green.
// Overlap = share of the response's distinct tokens found in the context:
//   r1 1 (4/4), r2 1 (3/3), r3 1 (4/4, yet unfaithful), r4 2/3 (4/6: "and", "tall" missing), r5 0, r6 0.5, r7 1, r8 0.
const binaryRows = (
  [
    ["The sky is blue.", 1],
    ["Grass is green.", 1],
    ["The sky is green.", 0],
    ["The grass is blue and tall.", 1],
    ["Cats bark loudly.", 0],
    ["The sea is red.", 0],
    ["Blue sky.", 1],
    ["Dogs are purple.", 0],
  ] as const
).map(([response, human_label], i) => ({
  id: `r${i + 1}`,
  user_input: "What colour?",
  response,
  retrieved_contexts: [context],
  human_label,
}));

const judge = (requiredFields: FakeMetric["requiredFields"]) => ({
  name: "fixed",
  metric: new FakeMetric({ name: "my_judge", requiredFields: [...requiredFields], score: () => 1 }),
});

describe("overlap scores", () => {
  it("pick the comparison from the metric's fields and score on distinct stemmed tokens", () => {
    expect(overlapKindFor(["userInput", "response", "retrievedContexts"], {})).toBe("response-in-contexts");
    expect(overlapKindFor(["userInput", "retrievedContexts"], {})).toBe("question-in-contexts");
    expect(overlapKindFor(["userInput", "response"], {})).toBe("response-question-f1");
    // A metric naming none of the three is matched by the sample's fields.
    expect(overlapKindFor([], { userInput: "q", response: "r" })).toBe("response-question-f1");
    expect(overlapKindFor(["reference"], { response: "r" })).toBeUndefined();
    const sample = { response: "The grass is blue and tall.", retrievedContexts: [context] };
    expect(overlapScore("response-in-contexts", sample)).toBeCloseTo(4 / 6, 12);
    // "eggs"/"egg" and "boiling"/"boil" share a stem: 2 x 3 shared / (6 + 6).
    expect(
      overlapScore("response-question-f1", {
        userInput: "How do I boil an egg?",
        response: "Put an egg in boiling water.",
      }),
    ).toBe(0.5);
    expect(
      overlapScore("question-in-contexts", { userInput: "What sky?", retrievedContexts: [context] }),
    ).toBe(0.5);
    expect(
      overlapScore("response-in-contexts", { response: "...", retrievedContexts: [context] }),
    ).toBeNull();
  });
});

describe("calibrate: baselines beside the judges", () => {
  it("binary: the majority class, and an overlap threshold chosen on split A and measured on split B", async () => {
    const result = await calibrate(binaryRows, {
      judges: [judge(["response", "retrievedContexts"])],
      progress: "none",
      bootstrap: { resamples: 200, seed: 7 },
    });
    const [constant, overlap] = result.baselines!;
    // 4 of 8 rows are 1: a tie goes to 1, so every row is called faithful.
    expect(constant!.method).toBe("always 1, the majority class (4 of 8 rows)");
    const c = constant!.figures;
    if (c.kind !== "binary") throw new Error("expected binary figures");
    expect(c.confusion).toEqual({ truePositive: 4, falsePositive: 4, falseNegative: 0, trueNegative: 0 });
    expect([c.accuracy.value, c.balancedAccuracy.value, c.cohensKappa.value, c.auroc.value]).toEqual([
      0.5, 0.5, 0, 0.5,
    ]);
    // Seed 7 draws r1 (1.0, faithful), r5 (0), r6 (0.5), r7 (1.0, faithful) into split A, two a class. There
    // threshold 1 separates the classes (balanced accuracy 1; 0.5 gives 0.75). Split B: r2 (1, faithful) TP,
    // r3 (1, unfaithful) FP, r4 (2/3, faithful) FN, r8 (0) TN.
    expect(overlap!.split).toEqual({ chosenOn: 4, reportedOn: 4, seed: 7, threshold: 1 });
    expect(overlap!.rows).toBe(4);
    const o = overlap!.figures;
    if (o.kind !== "binary") throw new Error("expected binary figures");
    expect(o.confusion).toEqual({ truePositive: 1, falsePositive: 1, falseNegative: 1, trueNegative: 1 });
    expect(o.balancedAccuracy.value).toBe(0.5);
    expect(o.cohensKappa.value).toBe(0);
    // Positives {1, 2/3} against negatives {1, 0}: 0.5 (tie) + 1 + 0 + 1 of 4 pairs.
    expect(o.auroc.value).toBe(0.625);
    expect(o.auroc.interval).toBeDefined();
    expect(overlap!.method).toMatch(
      /threshold 1 chosen on split A \(4 rows\), figures on split B \(4 rows\)/,
    );
  });

  it("pairwise: always the side preferred more often, and the response closer to the question", async () => {
    const q = "How do I boil an egg?";
    const pairs = [
      ["Boil the egg in water for ten minutes.", "I like trains.", "a"], // F1 4/14 vs 2/9: A, agrees
      ["Eggs are round.", "Put an egg in boiling water.", "b"], // 2/9 vs 6/12: B, agrees
      ["Do not.", "Simmer it gently for nine minutes.", "b"], // 2/8 vs 0: A, disagrees
      ["How? Boil an egg.", "Boil an egg.", "a"], // 8/10 vs 6/9: A, agrees
    ].map(([a, b, preferred], i) => ({
      id: `p${i}`,
      user_input: q,
      response_a: a,
      response_b: b,
      preferred,
    }));
    const result = await calibrate(pairs, {
      judges: [judge(["userInput", "response"])],
      progress: "none",
      bootstrap: { resamples: 100, seed: 3 },
    });
    const [constant, overlap] = result.baselines!;
    expect(constant!.method).toBe("always prefers A, the side people preferred in 2 of 4 pairs");
    expect(constant!.figures).toMatchObject({ kind: "pairwise", agreement: { value: 0.5 } });
    expect(overlap!.split).toBeUndefined();
    expect(overlap!.rows).toBe(4);
    expect(overlap!.figures).toMatchObject({
      kind: "pairwise",
      agreement: { value: 0.75 },
      tieRate: { value: 0 },
    });
  });

  it("graded: the median label, and the overlap ranked against the labels", async () => {
    const graded = (
      [
        ["Cats bark loudly.", 1], // overlap 0
        ["The cats are blue.", 2], // 2/4
        ["The sky is blue.", 4], // 1
        ["Grass is green.", 4], // 1
      ] as const
    ).map(([response, human_score], i) => ({
      id: `g${i}`,
      user_input: "What colour?",
      response,
      retrieved_contexts: [context],
      human_score,
    }));
    const result = await calibrate(graded, {
      judges: [judge(["response", "retrievedContexts"])],
      labels: { kind: "graded", min: 1, max: 4 },
      progress: "none",
      bootstrap: { resamples: 100, seed: 3 },
    });
    const [constant, overlap] = result.baselines!;
    // Median of 1, 2, 4, 4 is 3; on the 1-4 scale the errors are 2, 1, 1, 1 of 3.
    expect(constant!.method).toBe("always 3, the median label of the 4 rows");
    const c = constant!.figures;
    if (c.kind !== "graded") throw new Error("expected graded figures");
    expect(c.scaledMeanAbsoluteError.value).toBeCloseTo(5 / 12, 12);
    expect(c.spearman.value).toBeNull();
    expect(c.spearman.reason).toMatch(/same value/);
    const o = overlap!.figures;
    if (o.kind !== "graded") throw new Error("expected graded figures");
    expect(o.spearman.value).toBeCloseTo(1, 12);
  });

  it("baselines: false leaves them out", async () => {
    const result = await calibrate(binaryRows, {
      judges: [judge(["response", "retrievedContexts"])],
      progress: "none",
      bootstrap: { resamples: 0 },
      baselines: false,
    });
    expect(result.baselines).toBeUndefined();
  });
});

const sandbox = cliSandbox("airgap-baselines-");
afterAll(() => sandbox.cleanup());

describe("airgap-eval calibrate prints the baselines", () => {
  it("in the text, --json and the report, and --no-baselines leaves them out", async () => {
    const file = sandbox.file("labelled.jsonl");
    writeFileSync(file, `${binaryRows.map((r) => JSON.stringify(r)).join("\n")}\n`);
    const report = sandbox.file("calibration.html");
    // quoted_spans_alignment needs no model and reads the response and the contexts.
    const base = [
      "calibrate",
      file,
      "--metric",
      "quoted_spans_alignment",
      "--resamples",
      "200",
      "--seed",
      "7",
    ];
    const text = await runCli([...base, "--report", report], sandbox.env);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain("Baselines without a judge (what a judge must beat):");
    expect(text.stdout).toContain("baseline constant: always 1, the majority class (4 of 8 rows) (8 rows)");
    expect(text.stdout).toMatch(/baseline overlap: .*threshold 1 chosen on split A \(4 rows\)/);
    expect(text.stdout).toMatch(/AUROC\s+0\.625/);
    const html = readFileSync(report, "utf8");
    expect(html).toContain("baseline: constant");
    expect(html).toContain("baseline: overlap");
    const json = await runCli([...base, "--json"], sandbox.env);
    const parsed = JSON.parse(json.stdout) as { baselines: { name: string; rows: number }[] };
    expect(parsed.baselines.map((b) => [b.name, b.rows])).toEqual([
      ["constant", 8],
      ["overlap", 4],
    ]);
    const without = await runCli([...base, "--json", "--no-baselines"], sandbox.env);
    expect(JSON.parse(without.stdout)).not.toHaveProperty("baselines");
  });
});
