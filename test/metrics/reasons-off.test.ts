// `reasons: false` on every judge metric whose verdict or score step writes free text before its small-choice value
// (issue 14): the answer schema (as the grammar sees it) holds no free text but the statement copies, the prompt asks
// for none and shows none, the prompt version ends in `+noreasons`, the option enters the config only when it is not
// the default, and a value that is not a boolean is an InvalidInputError naming the option.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import { zodToGrammarSchema } from "../../src/llm/json-schema.js";
import { parseMetricFile } from "../../src/metric-file/definition.js";
import { loadMetricFile } from "../../src/metric-file/load.js";
import { answerCorrectnessDescriptor } from "../../src/metrics/answer-correctness/descriptor.js";
import { AnswerCorrectness } from "../../src/metrics/answer-correctness/metric.js";
import { aspectCriticDescriptor } from "../../src/metrics/aspect-critic/descriptor.js";
import { AspectCritic } from "../../src/metrics/aspect-critic/metric.js";
import { contextPrecisionDescriptor } from "../../src/metrics/context-precision/descriptor.js";
import {
  ContextPrecision,
  ContextUtilization,
  LLMContextPrecisionWithoutReference,
  LLMContextPrecisionWithReference,
} from "../../src/metrics/context-precision/metric.js";
import { contextRecallDescriptor } from "../../src/metrics/context-recall/descriptor.js";
import { ContextRecall } from "../../src/metrics/context-recall/metric.js";
import { factualCorrectnessDescriptor } from "../../src/metrics/factual-correctness/descriptor.js";
import { FactualCorrectness } from "../../src/metrics/factual-correctness/metric.js";
import { gEvalDescriptor } from "../../src/metrics/g-eval/descriptor.js";
import { GEval } from "../../src/metrics/g-eval/metric.js";
import { noiseSensitivityDescriptor } from "../../src/metrics/noise-sensitivity/descriptor.js";
import { NoiseSensitivity } from "../../src/metrics/noise-sensitivity/metric.js";
import { instanceRubricsDescriptor, rubricsScoreDescriptor } from "../../src/metrics/rubrics/descriptor.js";
import { InstanceRubrics, RubricsScore } from "../../src/metrics/rubrics/metric.js";
import { simpleCriteriaDescriptor } from "../../src/metrics/simple-criteria/descriptor.js";
import { SimpleCriteriaScore } from "../../src/metrics/simple-criteria/metric.js";
import type { Metric, Sample } from "../../src/metrics/types.js";
import type { JudgePrompt } from "../../src/prompts/types.js";
import { configHash } from "../../src/results/hash.js";
import { type ScriptEntry, ScriptedLlm } from "../support/scripted-llm.js";

const sample: Sample = {
  userInput: "Where is the Eiffel Tower?",
  response: "The Eiffel Tower is in Paris. It was finished in 1889.",
  reference: "The Eiffel Tower is in Paris.",
  retrievedContexts: ["The Eiffel Tower stands in Paris.", "Berlin is in Germany."],
  rubrics: {
    score1_description: "Wrong.",
    score3_description: "Partly right.",
    score5_description: "Right.",
  },
};

/** The statements listed in a verdicts prompt's input ("Statements (n):" then "1. ..."). */
function listedStatements(prompt: JudgePrompt): string[] {
  const tail = prompt.input.slice(prompt.input.lastIndexOf("Statements ("));
  return tail
    .split("\n")
    .slice(1)
    .map((line) => line.replace(/^\d+\. /, ""));
}

/** Statement answers: each text becomes its sentences. */
const statements: ScriptEntry = (prompt) => ({
  statements: (prompt.input.split("Answer:\n")[1] ?? "")
    .split(/(?<=\.)\s+/)
    .map((s) => s.trim())
    .filter((s) => s !== ""),
});

/** Reason-free verdicts: every listed statement copied, verdict 1. */
const bareVerdicts: ScriptEntry = (prompt) => ({
  verdicts: listedStatements(prompt).map((statement) => ({ statement, verdict: 1 })),
});

/** Reason-free answer correctness labels, sized to the statements in the input. */
const bareLabels: ScriptEntry = (prompt) => {
  const block = (title: string) =>
    (prompt.input.split(`${title} statements (`)[1] ?? "")
      .split("\n\n")[0]!
      .split("\n")
      .slice(1)
      .map((line) => line.replace(/^\d+\. /, ""));
  return {
    response: block("Answer").map((statement) => ({ statement, label: "TP" })),
    reference: block("Reference").map((statement) => ({ statement, label: "covered" })),
  };
};

interface Case {
  /** The metric class name, as errors name it. */
  label: string;
  /** Builds the metric with `reasons` (undefined: the option not given). */
  make: (llm: ScriptedLlm, reasons: unknown) => Metric;
  /** Reason-free answers by prompt name. */
  script: Record<string, ScriptEntry>;
  /** The steps that asked for free text before, and must ask for none now. */
  steps: (name: string) => boolean;
  /** The value the scripted answers give. */
  value: number;
  /** The descriptor whose options take `reasons`, with the options it needs besides. */
  descriptor: { options: { safeParse: (v: unknown) => { success: boolean; data?: unknown } } };
  required?: Record<string, unknown>;
}

const opts = (reasons: unknown) => (reasons === undefined ? {} : { reasons: reasons as boolean });
const ONE_USEFUL_OF_TWO = 1 / (1 + 1e-10);

const cases: Case[] = [
  ...[
    ContextPrecision,
    LLMContextPrecisionWithReference,
    ContextUtilization,
    LLMContextPrecisionWithoutReference,
  ].map(
    (M): Case => ({
      label: M.name,
      make: (llm, reasons) => new M({ llm, ...opts(reasons) }),
      script: { "context_precision/verdict": [{ verdict: 1 }, { verdict: 0 }] },
      steps: (name) => name === "context_precision/verdict",
      value: ONE_USEFUL_OF_TWO,
      descriptor: contextPrecisionDescriptor,
    }),
  ),
  {
    label: "ContextRecall",
    make: (llm, reasons) => new ContextRecall({ llm, ...opts(reasons) }),
    script: { "faithfulness/statements": statements, "faithfulness/verdicts": bareVerdicts },
    steps: (name) => name === "faithfulness/verdicts",
    value: 1,
    descriptor: contextRecallDescriptor,
  },
  {
    label: "NoiseSensitivity",
    make: (llm, reasons) => new NoiseSensitivity({ llm, ...opts(reasons) }),
    script: { "faithfulness/statements": statements, "faithfulness/verdicts": bareVerdicts },
    steps: (name) => name === "faithfulness/verdicts",
    value: 0,
    descriptor: noiseSensitivityDescriptor,
  },
  {
    label: "FactualCorrectness",
    make: (llm, reasons) => new FactualCorrectness({ llm, ...opts(reasons) }),
    script: {
      "factual_correctness/claims_low_atomicity_low_coverage": (prompt) => ({
        claims: prompt.input.includes("1889")
          ? ["It is in Paris.", "It was finished in 1889."]
          : ["It is in Paris."],
      }),
      "faithfulness/verdicts": bareVerdicts,
    },
    steps: (name) => name === "faithfulness/verdicts",
    value: 1,
    descriptor: factualCorrectnessDescriptor,
  },
  {
    label: "AnswerCorrectness",
    make: (llm, reasons) => new AnswerCorrectness({ llm, weights: [1, 0], ...opts(reasons) }),
    script: { "faithfulness/statements": statements, "answer_correctness/classification": bareLabels },
    steps: (name) => name === "answer_correctness/classification",
    value: 1,
    descriptor: answerCorrectnessDescriptor,
  },
  {
    label: "AspectCritic",
    make: (llm, reasons) =>
      new AspectCritic({ llm, name: "polite", definition: "Is the response polite?", ...opts(reasons) }),
    script: { "aspect_critic/polite": [{ verdict: 1 }] },
    steps: (name) => name.startsWith("aspect_critic/"),
    value: 1,
    descriptor: aspectCriticDescriptor,
    required: { name: "polite", definition: "Is the response polite?" },
  },
  {
    label: "SimpleCriteriaScore",
    make: (llm, reasons) =>
      new SimpleCriteriaScore({ llm, name: "brief", definition: "Is it brief?", ...opts(reasons) }),
    script: { "simple_criteria/brief": [{ score: 4 }] },
    steps: (name) => name.startsWith("simple_criteria/"),
    value: 4,
    descriptor: simpleCriteriaDescriptor,
    required: { name: "brief", definition: "Is it brief?" },
  },
  {
    label: "RubricsScore",
    make: (llm, reasons) => new RubricsScore({ llm, ...opts(reasons) }),
    script: { "rubrics_score/score": [{ score: 3 }] },
    steps: (name) => name === "rubrics_score/score",
    value: 3,
    descriptor: rubricsScoreDescriptor,
  },
  {
    label: "InstanceRubrics",
    make: (llm, reasons) => new InstanceRubrics({ llm, ...opts(reasons) }),
    script: { "instance_rubrics/score": [{ score: 5 }] },
    steps: (name) => name === "instance_rubrics/score",
    value: 5,
    descriptor: instanceRubricsDescriptor,
  },
  {
    label: "GEval",
    make: (llm, reasons) =>
      new GEval({
        llm,
        name: "clarity",
        criteria: "Is the answer clear?",
        evaluationSteps: ["Read the answer.", "Judge how clear it is."],
        ...opts(reasons),
      }),
    script: { "g_eval/clarity": [{ score: 2 }] },
    steps: (name) => name === "g_eval/clarity",
    value: 2,
    descriptor: gEvalDescriptor,
    required: { name: "clarity", criteria: "Is the answer clear?" },
  },
];

type Node = Record<string, unknown>;

/** Every object property of a grammar JSON schema whose value can be a free string, by name. */
function stringProperties(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) stringProperties(item, out);
  if (node === null || typeof node !== "object") return out;
  const n = node as Node;
  if (n.properties !== undefined) {
    for (const [key, value] of Object.entries(n.properties as Node)) {
      const v = value as Node;
      const types = Array.isArray(v.type) ? v.type : [v.type];
      if (types.includes("string") && v.const === undefined && v.enum === undefined) out.push(key);
    }
  }
  for (const value of Object.values(n)) stringProperties(value, out);
  return out;
}

describe("reasons: false on every judge metric with a free-text reason", () => {
  for (const c of cases) {
    it(`${c.label}: no free text in the schema, the instruction or the examples; +noreasons; a valid answer`, async () => {
      const llm = new ScriptedLlm(c.script);
      const metric = c.make(llm, false);
      const result = await metric.score(sample);
      expect(result.error).toBeUndefined();
      expect(result.status).toBe("ok");
      expect(result.value).toBeCloseTo(c.value, 12);
      const calls = llm.calls.filter((call) => c.steps(call.prompt.name));
      expect(calls.length).toBeGreaterThan(0);
      for (const call of calls) {
        expect(call.prompt.version).toMatch(/\+noreasons$/);
        expect(stringProperties(zodToGrammarSchema(call.schema)).filter((k) => k !== "statement")).toEqual(
          [],
        );
        expect(call.prompt.system).not.toMatch(/reason|feedback/i);
        for (const ex of call.prompt.examples) expect(ex.output).not.toMatch(/"reason"|"feedback"/);
      }
      const versions = metric.config().promptVersions;
      for (const name of new Set(calls.map((call) => call.prompt.name))) {
        expect(versions[name]).toMatch(/\+noreasons$/);
      }
      expect(JSON.stringify(result.details)).not.toMatch(/"reason"|"feedback"/);
    });

    it(`${c.label}: reasons enters the config only when false; a non-boolean is an InvalidInputError naming it`, () => {
      const llm = new ScriptedLlm({});
      const byDefault = c.make(llm, undefined).config();
      expect(byDefault.options).not.toHaveProperty("reasons");
      expect(c.make(llm, true).config()).toEqual(byDefault);
      for (const version of Object.values(byDefault.promptVersions)) expect(version).not.toMatch(/noreasons/);
      const off = c.make(llm, false).config();
      expect(off.options.reasons).toBe(false);
      expect(off.promptVersions).not.toEqual(byDefault.promptVersions);
      expect(configHash(c.make(llm, true).config())).toBe(configHash(byDefault));
      expect(configHash(off)).not.toBe(configHash(byDefault));

      let error: unknown;
      try {
        c.make(llm, "no");
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(InvalidInputError);
      expect((error as InvalidInputError).field).toBe("reasons");
      expect((error as Error).message).toMatch(new RegExp(`${c.label}: .*expected boolean.*got "no"`));

      expect(c.descriptor.options.safeParse({ ...c.required, reasons: "no" }).success).toBe(false);
      const parsed = c.descriptor.options.safeParse({ ...c.required, reasons: false });
      expect(parsed.success).toBe(true);
      expect(parsed.data).toMatchObject({ reasons: false });
      expect(c.descriptor.options.safeParse({ ...c.required }).data).toMatchObject({ reasons: true });
    });
  }

  it("G-Eval without reasons reads its score probabilities right after the opening brace", async () => {
    const llm = new ScriptedLlm(
      { "g_eval/clarity": [{ score: 2 }] },
      { choices: { "g_eval/clarity": [{ "1": 1, "2": 3, "3": 0, "4": 0, "5": 0 }] } },
    );
    const metric = new GEval({
      llm,
      name: "clarity",
      criteria: "Is the answer clear?",
      evaluationSteps: ["Read the answer."],
      reasons: false,
    });
    const result = await metric.score(sample);
    expect(llm.choiceCalls[0]!.request.prefix).toBe('{"score":');
    expect(result.value).toBeCloseTo(1 * 0.25 + 2 * 0.75, 12);
    expect(result.reason).toBe("score 2 on 1..5");
  });

  it("context recall without contexts gives reason-free verdicts too", async () => {
    const llm = new ScriptedLlm({ "faithfulness/statements": statements });
    const result = await new ContextRecall({ llm, reasons: false }).score({
      ...sample,
      retrievedContexts: [],
    });
    expect(result.value).toBe(0);
    expect(JSON.stringify(result.details)).not.toMatch(/"reason"/);
  });

  it("a --metric-file entry takes reasons: false, and rejects a non-boolean naming the entry", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "airgap-reasons-"));
    try {
      const file = path.join(dir, "judges.yaml");
      writeFileSync(
        file,
        [
          "metrics:",
          "  - { kind: aspect_critic, id: polite, definition: Is it polite?, reasons: false }",
          "  - { kind: rubrics_score, id: graded, reasons: false }",
          "  - { kind: g_eval, id: clear, criteria: Is it clear?, reasons: false }",
          "  - { kind: simple_criteria, id: brief, definition: Is it brief? }",
        ].join("\n"),
      );
      const metrics = loadMetricFile(file, { llm: new ScriptedLlm({}) });
      expect(metrics.map((m) => m.config().options.reasons)).toEqual([false, false, false, undefined]);
      writeFileSync(
        file,
        "metrics:\n  - { kind: aspect_critic, id: polite, definition: Is it polite?, reasons: no }\n",
      );
      expect(() => parseMetricFile(file)).toThrow(/metrics\[0\]\.reasons/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
