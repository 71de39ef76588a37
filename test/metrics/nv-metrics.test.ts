import { describe, expect, it } from "vitest";
import { AnswerAccuracy } from "../../src/metrics/nv-answer-accuracy/metric.js";
import { nvAccuracyPrompt1, nvAccuracyPrompt2 } from "../../src/metrics/nv-answer-accuracy/prompt.js";
import { nvAccuracyScore } from "../../src/metrics/nv-answer-accuracy/score.js";
import { NvContextRelevance } from "../../src/metrics/nv-context-relevance/metric.js";
import {
  nvContextRelevancePrompt1,
  nvContextRelevancePrompt2,
} from "../../src/metrics/nv-context-relevance/prompt.js";
import { nvContextRelevanceScore } from "../../src/metrics/nv-context-relevance/score.js";
import { ResponseGroundedness } from "../../src/metrics/nv-response-groundedness/metric.js";
import {
  nvGroundednessPrompt1,
  nvGroundednessPrompt2,
} from "../../src/metrics/nv-response-groundedness/prompt.js";
import { nvGroundednessScore } from "../../src/metrics/nv-response-groundedness/score.js";
import { renderPrompt } from "../../src/prompts/render.js";
import { configHash } from "../../src/results/hash.js";
import { ScriptedLlm } from "../support/scripted-llm.js";

const ratings = (prefix: string, first: number, second: number) => ({
  [`${prefix}/rating_1`]: [{ rating: first }],
  [`${prefix}/rating_2`]: [{ rating: second }],
});

describe("NVIDIA scores: each rating over the top of its scale, then averaged", () => {
  it("answer accuracy (0/2/4), context relevance and groundedness (0/1/2)", () => {
    expect(nvAccuracyScore(4, 2)).toBe(0.75);
    expect(nvAccuracyScore(4, 4)).toBe(1);
    expect(nvAccuracyScore(0, 0)).toBe(0);
    expect(nvAccuracyScore(2, 0)).toBe(0.25);
    expect(nvContextRelevanceScore(2, 1)).toBe(0.75);
    expect(nvContextRelevanceScore(1, 0)).toBe(0.25);
    expect(nvGroundednessScore(1, 1)).toBe(0.5);
    expect(nvGroundednessScore(2, 2)).toBe(1);
  });
});

describe("NVIDIA rating prompts", () => {
  const input = { question: "Q?", context: "C.", response: "R.", reference: "F." };
  const prompts = [
    renderPrompt(nvAccuracyPrompt1, input),
    renderPrompt(nvAccuracyPrompt2, input),
    renderPrompt(nvContextRelevancePrompt1, input),
    renderPrompt(nvContextRelevancePrompt2, input),
    renderPrompt(nvGroundednessPrompt1, input),
    renderPrompt(nvGroundednessPrompt2, input),
  ];

  it.each(prompts.map((p) => [p.name, p] as const))(
    "%s shows the answer's JSON shape without a rating value the judge could copy",
    (_, prompt) => {
      // With `such as {"rating": 2}` in one wording and `{"rating": 0}` in the other, SmolLM2-135M-Instruct wrote
      // exactly those ratings on every row, so nv_response_groundedness was 0.5 on every row (docs/calibration.md).
      const shown = [
        prompt.system,
        ...prompt.examples.flatMap((e) => [e.input, e.output]),
        prompt.input,
      ].join("\n");
      expect(shown).toContain('{"rating": ...}');
      expect(shown).not.toMatch(/"rating"\s*:\s*\d/);
    },
  );
});

describe("AnswerAccuracy (nv_accuracy)", () => {
  const sample = {
    userInput: "When did the Berlin Wall fall?",
    response: "In 1989.",
    reference: "The Berlin Wall fell on 9 November 1989.",
  };

  it("averages the two prompts' ratings; the second shows the reference first", async () => {
    const llm = new ScriptedLlm(ratings("nv_accuracy", 4, 2));
    const result = await new AnswerAccuracy({ llm }).score(sample);
    expect(result).toMatchObject({ value: 0.75, status: "ok", reason: "ratings 4 and 2 out of 4" });
    expect(result.details).toMatchObject({
      ratings: [4, 2],
      usage: { calls: 2 },
      promptVersions: { "nv_accuracy/rating_1": "1.1.0", "nv_accuracy/rating_2": "1.1.0" },
    });
    const [first] = llm.callsFor("nv_accuracy/rating_1");
    const [second] = llm.callsFor("nv_accuracy/rating_2");
    expect(first!.prompt.input.indexOf("User answer")).toBeLessThan(first!.prompt.input.indexOf("Reference"));
    expect(second!.prompt.input.indexOf("Reference")).toBeLessThan(
      second!.prompt.input.indexOf("User answer"),
    );
  });

  it("all-top and all-zero ratings; a rating off the scale is a judge error row", async () => {
    expect(
      (await new AnswerAccuracy({ llm: new ScriptedLlm(ratings("nv_accuracy", 4, 4)) }).score(sample)).value,
    ).toBe(1);
    expect(
      (await new AnswerAccuracy({ llm: new ScriptedLlm(ratings("nv_accuracy", 0, 0)) }).score(sample)).value,
    ).toBe(0);
    const off = new ScriptedLlm(ratings("nv_accuracy", 3, 4), { checkSchema: false });
    const result = await new AnswerAccuracy({ llm: off }).score(sample);
    expect(result).toMatchObject({ value: null, status: "error" });
    expect(result.error).toMatch(/JudgeOutputError: .*rating/);
  });
});

describe("NvContextRelevance (nv_context_relevance)", () => {
  const sample = {
    userInput: "When was Einstein born?",
    retrievedContexts: ["Albert Einstein was born on 14 March 1879.", "He worked in Bern."],
  };

  it("rates the joined contexts twice", async () => {
    const llm = new ScriptedLlm(ratings("nv_context_relevance", 2, 1));
    const result = await new NvContextRelevance({ llm }).score(sample);
    expect(result.value).toBe(0.75);
    expect(llm.callsFor("nv_context_relevance/rating_1")[0]!.prompt.input).toContain(
      "Albert Einstein was born on 14 March 1879.\nHe worked in Bern.",
    );
    const single = new ScriptedLlm(ratings("nv_context_relevance", 0, 0));
    expect(
      (
        await new NvContextRelevance({ llm: single }).score({
          ...sample,
          retrievedContexts: ["Bern is in Switzerland."],
        })
      ).value,
    ).toBe(0);
  });

  it("Ragas' shortcuts: no context, or contexts that repeat the question, score 0 without a call", async () => {
    const llm = new ScriptedLlm({});
    const metric = new NvContextRelevance({ llm });
    expect((await metric.score({ ...sample, retrievedContexts: [] })).value).toBe(0);
    expect((await metric.score({ ...sample, retrievedContexts: ["When was Einstein born?"] })).value).toBe(0);
    expect((await metric.score({ ...sample, retrievedContexts: ["Einstein"] })).value).toBe(0);
    expect(llm.calls).toHaveLength(0);
  });

  it("contexts too long for the judge are rated in parts; each prompt keeps its highest rating", async () => {
    const llm = new ScriptedLlm(
      {
        "nv_context_relevance/rating_1": (p) => ({ rating: p.input.includes("1879") ? 2 : 0 }),
        "nv_context_relevance/rating_2": (p) => ({ rating: p.input.includes("1879") ? 1 : 0 }),
      },
      { maxInputChars: 80 },
    );
    const result = await new NvContextRelevance({ llm }).score(sample);
    expect(result.value).toBe(0.75);
    expect((result.details!.splits as unknown[]).length).toBe(2);
  });
});

describe("ResponseGroundedness (nv_response_groundedness)", () => {
  const sample = {
    response: "Einstein was born in 1879 in Ulm.",
    retrievedContexts: ["Albert Einstein was born on 14 March 1879."],
  };

  it("rates the response against the contexts twice", async () => {
    const result = await new ResponseGroundedness({
      llm: new ScriptedLlm(ratings("nv_response_groundedness", 1, 1)),
    }).score(sample);
    expect(result).toMatchObject({ value: 0.5, status: "ok" });
    const full = new ScriptedLlm(ratings("nv_response_groundedness", 2, 2));
    expect((await new ResponseGroundedness({ llm: full }).score(sample)).value).toBe(1);
  });

  it("Ragas' shortcut: no context scores 0 without a call", async () => {
    const llm = new ScriptedLlm({});
    const result = await new ResponseGroundedness({ llm }).score({ ...sample, retrievedContexts: [] });
    expect(result).toMatchObject({ value: 0, status: "ok" });
    expect(result.reason).toMatch(/no context was retrieved/);
    expect(llm.calls).toHaveLength(0);
  });

  it("a response found word for word in the contexts is rated by the judge, as in Ragas' collections", async () => {
    const llm = new ScriptedLlm(ratings("nv_response_groundedness", 1, 0));
    const quoted = await new ResponseGroundedness({ llm }).score({
      ...sample,
      response: "born on 14 March 1879",
    });
    expect(quoted).toMatchObject({ value: 0.25, status: "ok", reason: "ratings 1 and 0 out of 2" });
    expect(llm.callsFor("nv_response_groundedness/rating_1")).toHaveLength(1);
    expect(llm.callsFor("nv_response_groundedness/rating_2")).toHaveLength(1);
  });

  it("verbatimShortcut: true scores such a response 1 without a call, as Ragas' legacy class", async () => {
    const llm = new ScriptedLlm({});
    const metric = new ResponseGroundedness({ llm, verbatimShortcut: true });
    const quoted = await metric.score({ ...sample, response: "born on 14 March 1879" });
    expect(quoted.value).toBe(1);
    expect(quoted.reason).toMatch(/word for word/);
    expect(llm.calls).toHaveLength(0);
  });

  it("the option is recorded in the config (so results made one way never resume the other)", () => {
    const llm = new ScriptedLlm({});
    const byDefault = new ResponseGroundedness({ llm }).config();
    const legacy = new ResponseGroundedness({ llm, verbatimShortcut: true }).config();
    expect(byDefault.options).toMatchObject({ verbatimShortcut: false });
    expect(legacy.options).toMatchObject({ verbatimShortcut: true });
    expect(configHash(byDefault)).not.toBe(configHash(legacy));
  });

  it("a wrong type for verbatimShortcut throws naming the option", () => {
    // @ts-expect-error: untyped input
    expect(() => new ResponseGroundedness({ llm: new ScriptedLlm({}), verbatimShortcut: "yes" })).toThrow(
      /verbatimShortcut/,
    );
  });
});
