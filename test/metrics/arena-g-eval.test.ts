// arena_g_eval (ArenaGEval) with scripted judges: every verdict path (first wins, second wins, tie, a position flip),
// three candidates, seeded positions that hold across runs, verdict probabilities, one ordering without swapping,
// and the errors for rows whose candidates are missing or too few.
import { describe, expect, it } from "vitest";
import { loadDataset } from "../../src/dataset/load.js";
import { InvalidInputError } from "../../src/errors.js";
import { ArenaGEval } from "../../src/metrics/arena-g-eval/metric.js";
import { pairOrderings, tallyArena } from "../../src/metrics/arena-g-eval/score.js";
import { createMetric } from "../../src/metrics/catalog.js";
import type { JudgePrompt } from "../../src/prompts/types.js";
import { ScriptedLlm } from "../support/scripted-llm.js";

const PROMPT = "arena_g_eval/arena_g_eval";
const steps = ["Check the answer against the question.", "Prefer the correct and complete answer."];
const criteria = "Which response answers the question correctly?";

/** The two texts the judge was shown, first then second. */
function shownTexts(prompt: JudgePrompt): [string, string] {
  const input = JSON.parse(prompt.input) as { response_A: string; response_B: string };
  return [input.response_A, input.response_B];
}

/** A judge that prefers the text ranked higher in `quality` (a tie when equal), whatever the order. */
function fairJudge(
  quality: Record<string, number>,
  options: ConstructorParameters<typeof ScriptedLlm>[1] = {},
) {
  return new ScriptedLlm(
    {
      [PROMPT]: (prompt) => {
        const [a, b] = shownTexts(prompt).map((t) => quality[t] ?? 0) as [number, number];
        return { reason: "compared by the steps", verdict: a > b ? "A" : b > a ? "B" : "tie" };
      },
    },
    options,
  );
}

function arena(llm: ScriptedLlm, options: Partial<ConstructorParameters<typeof ArenaGEval>[0]> = {}) {
  return new ArenaGEval({ llm, criteria, evaluationSteps: steps, ...options });
}

const row = { userInput: "What is the capital of France?", candidates: { mine: "Paris.", base: "Lyon." } };

describe("arena_g_eval", () => {
  it("first candidate better: it wins both orders; value 1, no flip", async () => {
    const llm = fairJudge({ "Paris.": 2, "Lyon.": 1 });
    const r = await arena(llm).score(row);
    expect(r.status).toBe("ok");
    expect(r.value).toBe(1);
    expect(r.details).toMatchObject({
      candidates: ["mine", "base"],
      winShare: { mine: 1, base: 0 },
      wins: { mine: 2, base: 0 },
      ties: 0,
      winner: "mine",
      swappedPairs: 1,
      positionFlips: 0,
      positionFlipRate: 0,
    });
    expect(llm.callsFor(PROMPT)).toHaveLength(2);
    const shown = llm.callsFor(PROMPT).map((c) => shownTexts(c.prompt));
    expect(shown[1]).toEqual([shown[0]![1], shown[0]![0]]);
  });

  it("second candidate better: value 0 and the second is the winner", async () => {
    const r = await arena(fairJudge({ "Paris.": 1, "Lyon.": 3 })).score(row);
    expect(r.value).toBe(0);
    expect(r.details).toMatchObject({ winShare: { mine: 0, base: 1 }, winner: "base", positionFlips: 0 });
  });

  it("a tie in both orders: half each, no winner, no flip", async () => {
    const r = await arena(fairJudge({})).score(row);
    expect(r.value).toBe(0.5);
    expect(r.details).toMatchObject({
      winShare: { mine: 0.5, base: 0.5 },
      ties: 2,
      winner: null,
      positionFlips: 0,
    });
  });

  it("a judge that always picks the first shown flips with the order: half each, flip rate 1", async () => {
    const llm = new ScriptedLlm({ [PROMPT]: () => ({ reason: "the first one", verdict: "A" }) });
    const r = await arena(llm).score(row);
    expect(r.value).toBe(0.5);
    expect(r.details).toMatchObject({
      winShare: { mine: 0.5, base: 0.5 },
      wins: { mine: 1, base: 1 },
      ties: 0,
      swappedPairs: 1,
      positionFlips: 1,
      positionFlipRate: 1,
    });
    expect(r.reason).toMatch(/changed with the order in 1 of 1 pairs/);
  });

  it("three candidates: every pair in both orders (6 calls), win shares by rank", async () => {
    const llm = fairJudge({ "Paris.": 3, "Paris, on the Seine.": 2, "Lyon.": 1 });
    const r = await arena(llm).score({
      userInput: "What is the capital of France?",
      // A list of texts, as a dataset's candidates column may give it (read as candidate_1, candidate_2, ...).
      candidates: ["Lyon.", "Paris.", "Paris, on the Seine."] as unknown as Record<string, string>,
    });
    expect(llm.callsFor(PROMPT)).toHaveLength(6);
    expect(r.value).toBe(0);
    expect(r.details).toMatchObject({
      candidates: ["candidate_1", "candidate_2", "candidate_3"],
      winShare: { candidate_1: 0, candidate_2: 1, candidate_3: 0.5 },
      winner: "candidate_2",
      swappedPairs: 3,
      positionFlips: 0,
    });
  });

  it("the judge never sees the candidates' names", async () => {
    const llm = fairJudge({ "Paris.": 2 });
    await arena(llm).score(row);
    for (const call of llm.callsFor(PROMPT)) {
      expect(call.prompt.input).not.toMatch(/"mine"|"base"/);
      expect(call.prompt.input).toMatch(/response_A/);
    }
  });

  it("seeded positions: the same seed shows the same order first on every run; the order differs across rows", async () => {
    const firstShown = async (seed: number) => {
      const llm = fairJudge({});
      const metric = arena(llm, { seed });
      const order: string[] = [];
      for (let i = 0; i < 12; i++) {
        const before = llm.calls.length;
        await metric.score({ userInput: `question ${i}`, candidates: { x: `x${i}`, y: `y${i}` } });
        order.push(shownTexts(llm.calls[before]!.prompt)[0].slice(0, 1));
      }
      return order.join("");
    };
    const run1 = await firstShown(7);
    expect(await firstShown(7)).toBe(run1);
    expect(run1).toMatch(/x/);
    expect(run1).toMatch(/y/);
    expect(pairOrderings(["x", "y"], 7, "row", true)).toEqual(pairOrderings(["x", "y"], 7, "row", true));
  });

  it("swap: false judges each pair once, in its seeded order, and measures no flips", async () => {
    const llm = fairJudge({ "Paris.": 2 });
    const r = await arena(llm, { swap: false }).score(row);
    expect(llm.callsFor(PROMPT)).toHaveLength(1);
    expect(r.value).toBe(1);
    expect(r.details).toMatchObject({ swappedPairs: 0, positionFlipRate: null });
  });

  it("verdict probabilities, read in the same call, become each candidate's expected win share", async () => {
    const llm = fairJudge(
      { "Paris.": 2 },
      {
        slotReads: {
          [PROMPT]: (_slot, written) =>
            written === '"A"'
              ? { '"A"': 0.8, '"B"': 0.1, '"tie"': 0.1 }
              : { '"A"': 0.1, '"B"': 0.7, '"tie"': 0.2 },
        },
      },
    );
    const r = await arena(llm).score(row);
    const details = r.details as {
      judgements: Array<{ probabilities: Record<string, number> }>;
      expectedWinShare: Record<string, number>;
    };
    for (const j of details.judgements)
      expect(Object.keys(j.probabilities).sort()).toEqual(["base", "mine", "tie"]);
    const p = details.judgements.map((j) => j.probabilities.mine! + j.probabilities.tie! / 2);
    expect(details.expectedWinShare.mine).toBeCloseTo((p[0]! + p[1]!) / 2, 12);
    expect(llm.calls.every((c) => c.options?.choiceSlots?.[0]?.key === "verdict")).toBe(true);
  });

  it("writes the evaluation steps once per metric from the criteria when none are given", async () => {
    const llm = new ScriptedLlm({
      "g_eval/steps": [{ steps: ["Compare the answers to the question."] }],
      [PROMPT]: () => ({ reason: "same", verdict: "tie" }),
    });
    const metric = new ArenaGEval({ llm, criteria });
    await metric.score(row);
    const r = await metric.score(row);
    expect(llm.callsFor("g_eval/steps")).toHaveLength(1);
    expect(r.details).toMatchObject({
      evaluationSteps: ["Compare the answers to the question."],
      stepsSource: "generated",
    });
  });

  it("a row with one candidate, or none, is refused naming the row and the field", async () => {
    const metric = arena(fairJudge({}));
    await expect(
      metric.scoreBatch([row, { userInput: "q", candidates: { only: "Paris." } }]),
    ).rejects.toThrow(
      /row 1, field "candidates": holds 1 candidate \(only\); a head-to-head needs two or more/,
    );
    await expect(metric.score({ userInput: "q" })).rejects.toThrow(
      /field "candidates": is missing; give the candidate responses/,
    );
    await expect(metric.score({ userInput: "q", candidates: { a: "x", tie: "y" } } as never)).rejects.toThrow(
      /"tie"/,
    );
  });

  it("refuses candidate names an object cannot keep in order or hold: integer-like, __proto__", async () => {
    const metric = arena(fairJudge({}));
    // Written mine first, read "2" first: the value would be the other candidate's.
    const reordered = JSON.parse('{"mine": "Paris.", "2": "Lyon."}') as Record<string, string>;
    expect(Object.keys(reordered)).toEqual(["2", "mine"]);
    await expect(metric.score({ userInput: "q", candidates: reordered })).rejects.toThrow(
      /names a candidate "2": integer-like names are read before the others.*start each name with a letter \(c2\)/,
    );
    const proto = JSON.parse('{"__proto__": "Paris.", "base": "Lyon."}') as Record<string, string>;
    await expect(metric.score({ userInput: "q", candidates: proto })).rejects.toThrow(/"__proto__"/);
    // A list is named candidate_1, candidate_2, ...: in order.
    const listed = await metric.score({ userInput: "q", candidates: ["Paris.", "Lyon."] as never });
    expect(listed.details?.candidates).toEqual(["candidate_1", "candidate_2"]);
  });

  it("--candidates columns: gathered by column name; a row lacking one names the column and its line", () => {
    const data = loadDataset(
      [
        { user_input: "q1", response_a: "Paris.", response_b: "Lyon." },
        { user_input: "q2", response_a: "Paris." },
      ],
      { candidateColumns: ["response_a", "response_b"] },
    );
    expect(data.samples[0]!.sample.candidates).toEqual({ response_a: "Paris.", response_b: "Lyon." });
    const listed = loadDataset([{ user_input: "q", candidates: ["Paris.", "Lyon."] }]);
    expect(listed.samples[0]!.sample.candidates).toEqual({ candidate_1: "Paris.", candidate_2: "Lyon." });
    expect(data.samples[1]!.sample.candidates).toBeUndefined();
    expect(data.badCells).toEqual([
      expect.objectContaining({
        field: "response_b",
        sampleField: "candidates",
        message: expect.stringMatching(/no "response_b"/),
      }),
    ]);
    expect(() => loadDataset([], { candidateColumns: ["response_a"] })).toThrow(
      /two or more different columns/,
    );
  });

  it("is built by id with its options, and refuses a missing criteria", () => {
    const llm = fairJudge({});
    expect(createMetric("arena_g_eval", { llm }, { criteria, seed: 3 }).name).toBe("arena_g_eval");
    expect(() => createMetric("arena_g_eval", { llm }, {})).toThrow(InvalidInputError);
  });

  it("tallyArena: a tie in one order and a win in the other is a flip", () => {
    const t = tallyArena(
      ["a", "b"],
      [
        { shown: ["a", "b"], winner: null },
        { shown: ["b", "a"], winner: "a" },
      ],
    );
    expect(t).toMatchObject({
      winShare: { a: 0.75, b: 0.25 },
      positionFlips: 1,
      positionFlipRate: 1,
      winner: "a",
    });
  });
});
