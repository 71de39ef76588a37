// A jury runs one metric on several judges and aggregates their values; its agreement reaches the aggregates and the
// reports. Judges are scripted, so every vote is known.
import { describe, expect, it } from "vitest";
import { evaluate } from "../../src/evaluate/evaluate.js";
import { fleissKappa } from "../../src/math/fleiss-kappa.js";
import { krippendorffAlpha } from "../../src/math/krippendorff-alpha.js";
import { ArenaGEval } from "../../src/metrics/arena-g-eval/metric.js";
import { AspectCritic } from "../../src/metrics/aspect-critic/metric.js";
import { Jury, type JuryDetails } from "../../src/metrics/jury/jury.js";
import { juryValue, rowDisagreement } from "../../src/metrics/jury/verdict.js";
import { AnswerAccuracy } from "../../src/metrics/nv-answer-accuracy/metric.js";
import type { MetricResult } from "../../src/metrics/types.js";
import { toHtmlReport } from "../../src/report/html.js";
import { toMarkdownReport } from "../../src/report/markdown.js";
import { formatSummary } from "../../src/report/summary.js";
import { numberedNames } from "../../src/util/numbered-names.js";
import { ScriptedLlm } from "../support/scripted-llm.js";

const juryOf = (result: MetricResult): JuryDetails => result.details?.jury as JuryDetails;

const sample = { userInput: "Who wrote Hamlet?", response: "Shakespeare.", reference: "William Shakespeare" };
const critic = (verdicts: number[], id: string) =>
  new ScriptedLlm({ "aspect_critic/polite": verdicts.map((verdict) => ({ reason: "r", verdict })) }, { id });
const politeJury = (judges: ScriptedLlm[], aggregate?: "majority" | "mean" | "median" | "min") =>
  new Jury({
    metric: (llm) => new AspectCritic({ llm, name: "polite", definition: "Is the response polite?" }),
    judges,
    ...(aggregate !== undefined ? { aggregate } : {}),
  });
/** Answer accuracy's two ratings (0, 2 or 4) for each row, in call order. */
const rater = (id: string, rows: [number, number][]) =>
  new ScriptedLlm(
    {
      "nv_accuracy/rating_1": rows.map(([first]) => ({ rating: first })),
      "nv_accuracy/rating_2": rows.map(([, second]) => ({ rating: second })),
    },
    { id },
  );

describe("the jury's value", () => {
  it("majority, mean, median and min of the values given", () => {
    expect(juryValue([1, 0, 1], "majority")).toBe(1);
    expect(juryValue([0, 1, 1, 0], "majority")).toBe(0); // a tie goes to the value given first
    expect(juryValue([0.25, 1, 0.5], "mean")).toBeCloseTo(0.5833333333, 9);
    expect(juryValue([0.25, 1, 0.5], "median")).toBe(0.5);
    expect(juryValue([0.25, 1, 0.5, 0.75], "median")).toBe(0.625);
    expect(juryValue([0.25, 1, 0.5], "min")).toBe(0.25);
    expect(() => juryValue([], "mean")).toThrow(RangeError);
  });

  it("a row's disagreement: the spread of scores, the share outvoted for labels", () => {
    expect(rowDisagreement([0.25, 1, 0.5], "interval")).toBe(0.75);
    expect(rowDisagreement([1, 0, 1, 1], "nominal")).toBe(0.25);
    expect(rowDisagreement([1, 1], "nominal")).toBe(0);
    expect(rowDisagreement([1], "interval")).toBeNull();
  });
});

describe("Jury", () => {
  it("votes by majority and records each judge's verdict and the row's disagreement", async () => {
    const jury = politeJury(
      [critic([1], "a.gguf"), critic([1], "b.gguf"), critic([0], "c.gguf")],
      "majority",
    );
    const result = await jury.score(sample);
    expect(result).toMatchObject({ value: 1, status: "ok" });
    const details = juryOf(result);
    expect(details).toMatchObject({ aggregate: "majority", scale: "nominal", voters: 3 });
    expect(details.members.map((m) => [m.judge, m.value])).toEqual([
      ["a.gguf", 1],
      ["b.gguf", 1],
      ["c.gguf", 0],
    ]);
    expect(details.disagreement).toBeCloseTo(1 / 3, 12);
    expect(jury.name).toBe("polite");
    expect(jury.config().options).toMatchObject({
      jury: "majority",
      juryScale: "nominal",
      juryJudges: "a.gguf, b.gguf, c.gguf",
    });
    expect(jury.config().models.map((m) => m.id)).toEqual(["a.gguf", "b.gguf", "c.gguf"]);
  });

  it("leaves a failing judge out of the vote, and fails the row only when no judge gave a value", async () => {
    const broken = new ScriptedLlm(
      { "aspect_critic/polite": [new Error("judge crashed"), new Error("judge crashed")] },
      { id: "b" },
    );
    const jury = politeJury([critic([0, 1], "a"), broken, critic([0], "c")], "min");
    const partial = await jury.score(sample);
    expect(partial).toMatchObject({ value: 0, status: "ok" });
    expect(partial.reason).toMatch(/2 of 3 judges gave a value/);
    const members = juryOf(partial).members;
    expect(members[1]).toMatchObject({ judge: "b", status: "error", value: null });

    const allBroken = politeJury([
      new ScriptedLlm({ "aspect_critic/polite": [new Error("out of memory")] }, { id: "x" }),
      new ScriptedLlm({ "aspect_critic/polite": [new Error("bad grammar")] }, { id: "y" }),
    ]);
    const failed = await allBroken.score(sample);
    expect(failed.status).toBe("error");
    expect(failed.error).toMatch(/no judge of the jury gave a value: x: .*out of memory.*; y: .*bad grammar/);
  });

  it("scores a batch one judge after another", async () => {
    const a = critic([1, 0], "a");
    const b = critic([1, 1], "b");
    const results = await politeJury([a, b], "mean").scoreBatch([sample, sample]);
    expect(results.map((r) => r.value)).toEqual([1, 0.5]);
    expect(results.map((r) => juryOf(r).disagreement)).toEqual([0, 1]);
  });

  it("numbers judges with the same id and refuses too few judges, unknown aggregates or mixed metrics", () => {
    const twins = politeJury([critic([], "same"), critic([], "same")]);
    expect(twins.judgeNames).toEqual(["same", "same#2"]);
    // A number already taken is skipped, so names stay distinct.
    expect(numberedNames(["a", "a", "a#2"])).toEqual(["a", "a#3", "a#2"]);
    expect(() => politeJury([critic([], "only")])).toThrow(/at least two judges; got 1/);
    expect(() => politeJury([critic([], "a"), critic([], "b")], "mode" as "mean")).toThrow(
      /unknown aggregate "mode"; choose one of majority, mean, median, min/,
    );
    let built = 0;
    expect(
      () =>
        new Jury({
          metric: (llm) =>
            new AspectCritic({ llm, name: built++ === 0 ? "polite" : "kind", definition: "?" }),
          judges: [critic([], "a"), critic([], "b")],
        }),
    ).toThrow(/different metrics \(polite, kind\)/);
    expect(
      () =>
        new Jury({
          metric: (llm) => new AnswerAccuracy({ llm }),
          judges: [critic([], "a"), critic([], "b")],
          names: ["one"],
        }),
    ).toThrow(/1 names for 2 judges/);
  });
});

describe("a jury in evaluate()", () => {
  const rows = [sample, { ...sample, response: "Marlowe." }, { ...sample, response: "William Shakespeare." }];

  it("stands in its metric's column, and the aggregate and reports carry the judges' agreement", async () => {
    // Answer accuracy (0, 0.25, ..., 1) from two judges: interval scale, the mean as the value.
    const first = rater("judge-a.gguf", [
      [4, 4],
      [0, 0],
      [4, 2],
    ]);
    const second = rater("judge-b.gguf", [
      [4, 2],
      [0, 2],
      [4, 4],
    ]);
    const jury = new Jury({ metric: (llm) => new AnswerAccuracy({ llm }), judges: [first, second] });
    const result = await evaluate(rows, [jury], { progress: "none", concurrency: 1 });
    const values = result.detailed().map((r) => r.metrics.nv_accuracy?.value);
    expect(values).toEqual([0.875, 0.125, 0.875]);
    const [aggregate] = result.aggregated();
    const members = [
      [1, 0.75],
      [0, 0.25],
      [0.75, 1],
    ];
    expect(aggregate!.agreement).toEqual({
      judges: ["judge-a.gguf", "judge-b.gguf"],
      scale: "interval",
      rows: 3,
      krippendorffAlpha: krippendorffAlpha(members, "interval"),
      meanDisagreement: 0.25,
    });
    const sentence =
      /nv_accuracy: jury of 2 judges \(judge-a\.gguf, judge-b\.gguf\), Krippendorff's α 0\.\d{3} \(interval, 3 rows\), mean disagreement 0\.250/;
    expect(formatSummary(result)).toMatch(sentence);
    expect(toMarkdownReport(result)).toMatch(
      /- nv\\_accuracy: jury of 2 judges .*Krippendorff's α 0\.\d{3} \(interval, 3 rows\)/,
    );
    expect(toHtmlReport(result)).toMatch(/class="muted jury-agreement">nv_accuracy: jury of 2 judges/);
  });

  it("a jury of head-to-head judges: the flip rate is over every judge's swapped pairs", async () => {
    const steps = ["Prefer the correct answer."];
    const arenaPrompt = "arena_g_eval/arena_g_eval";
    // One judge always picks the first shown (it flips with the order), the other picks "Paris." in either order.
    const firstShown = new ScriptedLlm({ [arenaPrompt]: () => ({ reason: "r", verdict: "A" }) }, { id: "a" });
    const fair = new ScriptedLlm(
      {
        [arenaPrompt]: (prompt) => {
          const shown = JSON.parse(prompt.input) as { response_A: string };
          return { reason: "r", verdict: shown.response_A === "Paris." ? "A" : "B" };
        },
      },
      { id: "b" },
    );
    const jury = new Jury({
      metric: (llm) => new ArenaGEval({ llm, criteria: "correct?", evaluationSteps: steps }),
      judges: [firstShown, fair],
    });
    const row = { userInput: "Capital of France?", candidates: { mine: "Paris.", base: "Lyon." } };
    const result = await evaluate([row, row], [jury], { progress: "none", concurrency: 1 });
    expect(result.aggregated()[0]!.positionFlips).toEqual({ flips: 2, swappedPairs: 4 });
    expect(formatSummary(result)).toMatch(
      /arena_g_eval: the verdict changed when the order was swapped in 2 of 4 pairs \(position-flip rate 50.0%\)/,
    );
  });

  it("reports Fleiss' kappa beside alpha for a majority vote", async () => {
    const jury = politeJury(
      [critic([1, 0, 1], "a"), critic([1, 0, 0], "b"), critic([1, 1, 1], "c")],
      "majority",
    );
    const result = await evaluate(rows, [jury], { progress: "none", concurrency: 1 });
    expect(result.detailed().map((r) => r.metrics.polite?.value)).toEqual([1, 0, 1]);
    const ratings = [
      [1, 1, 1],
      [0, 0, 1],
      [1, 0, 1],
    ];
    const kappa = fleissKappa(ratings);
    expect(result.aggregated()[0]!.agreement).toMatchObject({
      scale: "nominal",
      krippendorffAlpha: krippendorffAlpha(ratings, "nominal"),
      fleissKappa: kappa.value,
      fleissRows: 3,
    });
    expect(formatSummary(result)).toMatch(/Fleiss' κ -?0\.\d{3} \(3 rows\)/);
  });
});
