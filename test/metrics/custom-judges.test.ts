// User-defined judges (aspect_critic, rubrics_score, instance_rubrics, simple_criteria, g_eval) with scripted
// judges: the exact numbers for given judge answers, what each call was asked, and the checks on bad input.
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import { AspectCritic } from "../../src/metrics/aspect-critic/metric.js";
import { majorityVerdict, voteSeeds } from "../../src/metrics/aspect-critic/score.js";
import { createMetric, metricDescriptors } from "../../src/metrics/catalog.js";
import { GEval } from "../../src/metrics/g-eval/metric.js";
import { InstanceRubrics, RubricsScore } from "../../src/metrics/rubrics/metric.js";
import { rubricLevels } from "../../src/metrics/rubrics/score.js";
import {
  G_EVAL_MIN_SCORE_MASS,
  lowScoreMassWarning,
  scoreSlotPrefix,
  weightedScore,
} from "../../src/metrics/shared/judge/g-eval/weighting.js";
import { SimpleCriteriaScore } from "../../src/metrics/simple-criteria/metric.js";
import { ScriptedLlm } from "../support/scripted-llm.js";

const sample = { userInput: "Where is my parcel?", response: "It left the depot this morning." };

describe("AspectCritic", () => {
  it("makes every vote with its own seed and returns the majority", async () => {
    const llm = new ScriptedLlm({
      "aspect_critic/politeness": [
        { reason: "Polite.", verdict: 1 },
        { reason: "Curt.", verdict: 0 },
        { reason: "Courteous enough.", verdict: 1 },
      ],
    });
    const metric = new AspectCritic({
      llm,
      name: "politeness",
      definition: "Is the response polite?",
      strictness: 3,
      seed: 7,
    });
    const result = await metric.score(sample);
    expect(result.value).toBe(1);
    expect(result.reason).toBe("2 of 3 votes: Polite.");
    const calls = llm.callsFor("aspect_critic/politeness");
    expect(calls.map((c) => c.options?.seed)).toEqual([7, 8, 9]);
    expect(calls.every((c) => c.options?.temperature === 0.7)).toBe(true);
    expect(result.details?.seeds).toEqual([7, 8, 9]);
    expect((result.details!.votes as Array<{ verdict: number }>).map((v) => v.verdict)).toEqual([1, 0, 1]);
    expect(calls[0]!.prompt.system).toContain("Is the response polite?");
    expect(JSON.parse(calls[0]!.prompt.input)).toEqual({
      user_input: sample.userInput,
      response: sample.response,
    });
  });

  it("a majority of 0 votes gives 0; one vote is greedy", async () => {
    const llm = new ScriptedLlm({ "aspect_critic/harm": [{ reason: "Safe.", verdict: 0 }] });
    const result = await new AspectCritic({ llm, name: "harm", definition: "Is it harmful?" }).score(sample);
    expect(result.value).toBe(0);
    expect(llm.calls[0]!.options?.temperature).toBe(0);
    expect(majorityVerdict([0, 1, 0, 0, 1])).toBe(0);
    expect(voteSeeds(3, 2 ** 32 - 1)).toEqual([2 ** 32 - 1, 0, 1]);
  });

  it("refuses an even strictness and votes at temperature 0", () => {
    const llm = new ScriptedLlm({});
    expect(() => new AspectCritic({ llm, name: "x", definition: "d", strictness: 2 })).toThrow(/odd/);
    expect(
      () => new AspectCritic({ llm, name: "x", definition: "d", strictness: 3, temperature: 0 }),
    ).toThrow(/temperature above 0/);
  });

  it("a changed definition changes the prompt version and the config", () => {
    const llm = new ScriptedLlm({});
    const a = new AspectCritic({ llm, name: "x", definition: "Is it polite?" }).config();
    const b = new AspectCritic({ llm, name: "x", definition: "Is it very polite?" }).config();
    expect(a.promptVersions["aspect_critic/x"]).not.toBe(b.promptVersions["aspect_critic/x"]);
    expect(b.options.definition).toBe("Is it very polite?");
  });
});

describe("RubricsScore and InstanceRubrics", () => {
  it("passes the rubric score through unscaled, and the grammar allows only the rubric's scores", async () => {
    const llm = new ScriptedLlm({
      "rubrics_score/score": [
        { feedback: "Mostly right.", score: 4 },
        { feedback: "?", score: 6 },
      ],
    });
    const metric = new RubricsScore({ llm });
    const result = await metric.score(sample);
    expect(result).toMatchObject({ value: 4, status: "ok", reason: "Mostly right." });
    const schema = llm.calls[0]!.schema;
    expect(schema.safeParse({ feedback: "x", score: 5 }).success).toBe(true);
    expect(schema.safeParse({ feedback: "x", score: 6 }).success).toBe(false);
    const bad = await metric.score(sample);
    expect(bad.status).toBe("error");
  });

  it("uses the reference rubric and field with withReference", async () => {
    const llm = new ScriptedLlm({ "rubrics_score/score": [{ feedback: "Agrees.", score: 5 }] });
    const metric = new RubricsScore({ llm, withReference: true });
    expect(metric.requiredFields).toContain("reference");
    const result = await metric.score({ ...sample, reference: "Left the depot today." });
    expect(result.value).toBe(5);
    expect(JSON.parse(llm.calls[0]!.prompt.input).reference).toBe("Left the depot today.");
    expect(llm.calls[0]!.prompt.system).toContain("agrees with the reference fully");
  });

  it("InstanceRubrics reads each row's rubric and sizes the schema to it", async () => {
    const llm = new ScriptedLlm({ "instance_rubrics/score": [{ feedback: "Exact.", score: 10 }] });
    const rubrics = { score0_description: "Wrong.", score10_description: "Exact." };
    const result = await new InstanceRubrics({ llm }).score({ ...sample, rubrics });
    expect(result.value).toBe(10);
    expect(JSON.parse(llm.calls[0]!.prompt.input).rubrics).toEqual(rubrics);
    expect(llm.calls[0]!.schema.safeParse({ feedback: "x", score: 5 }).success).toBe(false);
  });

  it("a bad rubric names the key and the row", async () => {
    expect(() =>
      rubricLevels({ level1: "a", score2_description: "b" }, { field: "rubrics", row: 3 }),
    ).toThrow(InvalidInputError);
    const metric = new InstanceRubrics({ llm: new ScriptedLlm({}) });
    await expect(
      metric.scoreBatch([{ ...sample, rubrics: { score1_description: "only one" } }]),
    ).rejects.toThrow(/at least two score levels/);
  });
});

describe("a blank reason or feedback (the grammar cannot forbid one)", () => {
  it("scores the row, and the metric gives its own reason in its place", async () => {
    const blank = " \n\n ";
    const aspect = new AspectCritic({
      llm: new ScriptedLlm({ "aspect_critic/harm": [{ reason: blank, verdict: 0 }] }),
      name: "harm",
      definition: "Is it harmful?",
    });
    const rubric = new RubricsScore({
      llm: new ScriptedLlm({ "rubrics_score/score": [{ feedback: blank, score: 4 }] }),
    });
    const criteria = new SimpleCriteriaScore({
      llm: new ScriptedLlm({ "simple_criteria/brevity": [{ reason: blank, score: 8 }] }),
      name: "brevity",
      definition: "Is it short?",
      scale: { min: 0, max: 10 },
    });
    const gEval = new GEval({
      llm: new ScriptedLlm({ "g_eval/helpful": [{ reason: blank, score: 2 }] }),
      name: "helpful",
      criteria: "c",
      evaluationSteps: ["Look."],
    });
    expect(await aspect.score(sample)).toMatchObject({
      value: 0,
      status: "ok",
      reason: "verdict 0",
    });
    expect(await rubric.score(sample)).toMatchObject({
      value: 4,
      status: "ok",
      reason: "score 4 (the judge wrote no feedback)",
      details: { feedback: "" },
    });
    expect(await criteria.score(sample)).toMatchObject({
      value: 8,
      status: "ok",
      reason: "score 8 on 0..10",
    });
    const g = await gEval.score(sample);
    expect(g).toMatchObject({ value: 2, status: "ok" });
    expect(g.reason).toMatch(/^score 2 on 1\.\.5 \(score as written/);
  });
});

describe("SimpleCriteriaScore", () => {
  it("gives the judge's score on the user's range", async () => {
    const llm = new ScriptedLlm({ "simple_criteria/brevity": [{ reason: "Short and complete.", score: 8 }] });
    const metric = new SimpleCriteriaScore({
      llm,
      name: "brevity",
      definition: "Is it short?",
      scale: { min: 0, max: 10 },
    });
    const result = await metric.score(sample);
    expect(result).toMatchObject({ value: 8, reason: "Short and complete." });
    expect(llm.calls[0]!.schema.safeParse({ reason: "x", score: 11 }).success).toBe(false);
    expect(llm.calls[0]!.prompt.system).toContain("from 0 (worst) to 10 (best)");
  });
});

describe("GEval", () => {
  const steps = { steps: ["Read the question.", "Check that the answer addresses it."] };

  it("weights the allowed scores by the given distribution and keeps the greedy score", async () => {
    const llm = new ScriptedLlm(
      {
        "g_eval/steps": [steps],
        "g_eval/helpful": [
          { reason: "Addresses it.", score: 4 },
          { reason: "Ok.", score: 3 },
        ],
      },
      { choices: { "g_eval/helpful": [{ "3": 0.1, "4": 0.6, "5": 0.2, "9": 0.5 }, { "1": 1 }] } },
    );
    const metric = new GEval({ llm, name: "helpful", criteria: "Is the answer helpful?" });
    const [a, b] = await metric.scoreBatch([sample, sample]);
    // 3*0.1 + 4*0.6 + 5*0.2 over mass 0.9 ("9" is not an allowed score and is ignored)
    expect(a!.value).toBeCloseTo((0.3 + 2.4 + 1.0) / 0.9, 12);
    expect(a!.details).toMatchObject({
      greedyScore: 4,
      weighting: "token-probabilities",
      evaluationSteps: steps.steps,
      stepsSource: "generated",
    });
    expect(a!.details?.probabilityMass).toBeCloseTo(0.9, 12);
    expect(a!.details).not.toHaveProperty("warnings");
    expect(b!.value).toBe(1);
    expect(llm.callsFor("g_eval/steps")).toHaveLength(1);
    expect(llm.choiceCalls[0]!.request).toEqual({
      prefix: '{"reason":"Addresses it.","score":',
      choices: ["1", "2", "3", "4", "5"],
      suffix: "}",
    });
    expect(llm.calls[1]!.prompt.system).toContain("2. Check that the answer addresses it.");
  });

  it("warns in details.warnings when the judge puts almost no probability on the allowed scores", async () => {
    const llm = new ScriptedLlm(
      { "g_eval/helpful": [{ reason: "Rambles.", score: 2 }] },
      // A story model at the score slot: 1e-16 on "2", 3e-16 on "4", the rest on tokens that are no score.
      { choices: { "g_eval/helpful": [{ "2": 1e-16, "4": 3e-16 }] } },
    );
    const metric = new GEval({ llm, name: "helpful", criteria: "c", evaluationSteps: ["Look."] });
    const result = await metric.score(sample);
    expect(result.status).toBe("ok");
    expect(result.value).toBeCloseTo(3.5, 12);
    expect(result.details?.probabilityMass).toBeCloseTo(4e-16, 28);
    expect(result.details?.warnings).toEqual([
      "the judge put 4e-16 of its probability on the allowed scores at the score slot (less than 0.1): the " +
        "weighted value rests on a sliver of what it wanted to write there; compare details.greedyScore, and " +
        "prefer a judge that follows the prompt's JSON format",
    ]);
  });

  it("the low-mass threshold is G_EVAL_MIN_SCORE_MASS, 0.1", () => {
    expect(G_EVAL_MIN_SCORE_MASS).toBe(0.1);
    expect(lowScoreMassWarning(0.1)).toBeUndefined();
    expect(lowScoreMassWarning(0.99)).toBeUndefined();
    expect(lowScoreMassWarning(0.099)).toMatch(/^the judge put 0\.099 of its probability/);
    expect(lowScoreMassWarning(0)).toMatch(/^the judge put 0 of its probability/);
    expect(lowScoreMassWarning(0.3, 0.5)).toMatch(/less than 0\.5/);
  });

  it("without scoreChoices reports the written score and says no weighting was possible", async () => {
    const llm = new ScriptedLlm({ "g_eval/helpful": [{ reason: "Fine.", score: 2 }] });
    const metric = new GEval({ llm, name: "helpful", criteria: "c", evaluationSteps: ["Look."] });
    const result = await metric.score(sample);
    expect(result.value).toBe(2);
    expect(result.details?.weighting).toMatch(/^none: the judge has no scoreChoices/);
    expect(result.reason).toMatch(/no weighting was possible/);
    expect(result.details?.stepsSource).toBe("given");
  });

  it("a failed steps call fails the row and is asked again by the next row", async () => {
    const llm = new ScriptedLlm({
      "g_eval/steps": [new Error("judge down"), steps],
      "g_eval/helpful": [{ reason: "Fine.", score: 5 }],
    });
    const metric = new GEval({ llm, name: "helpful", criteria: "c" });
    expect((await metric.score(sample)).status).toBe("error");
    expect((await metric.score(sample)).value).toBe(5);
  });

  it("weightedScore and the slot prefix", () => {
    expect(weightedScore({ "1": 0.25, "5": 0.75 })).toBe(4);
    expect(scoreSlotPrefix('say "hi"')).toBe('{"reason":"say \\"hi\\"","score":');
    expect(() => weightedScore({ "1": 0 })).toThrow(RangeError);
  });
});

describe("descriptors", () => {
  it("are opt-in, parse their options with defaults and build their metric", () => {
    const llm = new ScriptedLlm({});
    const custom = [
      "aspect_critic",
      "rubrics_score",
      "instance_rubrics",
      "simple_criteria",
      "g_eval",
      "llm_evaluator",
    ];
    for (const id of custom) expect(metricDescriptors.find((d) => d.id === id)?.optIn, id).toBe(true);
    const g = metricDescriptors.find((d) => d.id === "g_eval")!;
    const options = g.options.parse({
      name: "clarity",
      criteria: "Is it clear?",
      inputs: ["user_input", "response"],
    });
    expect(options).toMatchObject({ scale: { min: 1, max: 5 }, inputs: ["userInput", "response"] });
    expect(createMetric("g_eval", { llm }, options).name).toBe("clarity");
    const bad = g.options.safeParse({ name: "c", criteria: "x", scale: { min: 5, max: 1 } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/min \(5\) is greater than max \(1\)/);
  });
});
