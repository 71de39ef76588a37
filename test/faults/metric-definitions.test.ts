// Issue 29, metric definitions under hostile input: prototype keys (`__proto__`, `constructor`) wherever user text
// becomes an object key, a YAML alias bomb in a metric file, a user-defined metric taking a built-in id, rubric
// level keys that collide or overflow, and counts of judge calls without a ceiling. Each is refused before any
// judge call, with the file, entry and field named and what to do.
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import { evaluate } from "../../src/evaluate/evaluate.js";
import { parseMetricFile } from "../../src/metric-file/definition.js";
import { AspectCritic } from "../../src/metrics/aspect-critic/metric.js";
import { createMetric } from "../../src/metrics/catalog.js";
import { LLMEvaluator, type LLMEvaluatorOptions } from "../../src/metrics/llm-evaluator/evaluator.js";
import { LLMJudgeMetric } from "../../src/metrics/llm-evaluator/metric.js";
import { answerScore, meanOfKey } from "../../src/metrics/llm-evaluator/score.js";
import { rubricLevels } from "../../src/metrics/rubrics/score.js";
import { FakeMetric } from "../support/fake-metrics.js";
import { metricFileWriter } from "../support/metric-files.js";
import { ScriptedLlm } from "../support/scripted-llm.js";

const metricFile = metricFileWriter("airgap-metric-definitions-");

function problemOf(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(InvalidInputError);
    return (err as Error).message;
  }
  throw new Error("expected an InvalidInputError, and nothing was thrown");
}

const evaluatorEntry = {
  kind: "llm_evaluator",
  id: "complete",
  instructions: "Score 1 if the answer is complete, else 0.",
  inputs: { question: "user_input" },
};
const critic = {
  kind: "aspect_critic",
  id: "on_topic",
  definition: "Does the response answer the question?",
};

describe("prototype keys (fail 1)", () => {
  it.each(["__proto__", "constructor", "toString"])(
    "refuses scoreKey: %s in a metric file, naming the entry",
    (key) => {
      const file = metricFile(`score-key-${key}.yaml`, { metrics: [{ ...evaluatorEntry, scoreKey: key }] });
      const message = problemOf(() => parseMetricFile(file));
      expect(message).toContain(
        `metric file ${file}: metrics[0].scoreKey: "${key}" is a name every JavaScript object`,
      );
      expect(message).toContain("choose another name");
    },
  );

  it("refuses such keys as input names, output keys, example keys and metric ids", () => {
    const cases: [string, Record<string, unknown>, string][] = [
      [
        "inputs",
        { ...evaluatorEntry, inputs: { constructor: "user_input" } },
        "metrics[0].inputs.constructor",
      ],
      ["outputs", { ...evaluatorEntry, outputs: ["reason", "__proto__"] }, "metrics[0].outputs[1]"],
      [
        "examples",
        { ...evaluatorEntry, examples: [{ inputs: { valueOf: "Q?" }, outputs: { score: 1 } }] },
        "metrics[0].examples[0].inputs",
      ],
      ["id", { ...critic, id: "constructor" }, "metrics[0].id"],
    ];
    for (const [name, entry, at] of cases) {
      const file = metricFile(`proto-${name}.yaml`, { metrics: [entry] });
      const message = problemOf(() => parseMetricFile(file));
      expect(message, name).toContain(`metric file ${file}: ${at}`);
      expect(message, name).toContain("is a name every JavaScript object already has");
    }
  });

  it("a JSON metric file's own __proto__ key is refused too", () => {
    const file = metricFile(
      "proto.json",
      `{"metrics":[${JSON.stringify(evaluatorEntry).replace(/}$/, ',"scoreKey":"__proto__"}')}]}`,
    );
    expect(problemOf(() => parseMetricFile(file))).toContain("metrics[0].scoreKey");
  });

  it("a judge input named after an inherited property is not a field", () => {
    const file = metricFile("inputs-constructor.yaml", { metrics: [{ ...critic, inputs: ["constructor"] }] });
    expect(problemOf(() => parseMetricFile(file))).toContain(
      `metric file ${file}: metrics[0].inputs[0]: "constructor" is not a field a judge can read`,
    );
  });

  it("the code API refuses them too: LLMJudgeMetric, and Haystack's LLMEvaluator inputs and outputs", () => {
    const llm = new ScriptedLlm({});
    expect(
      problemOf(
        () =>
          new LLMJudgeMetric({
            llm,
            name: "complete",
            instructions: "Score it.",
            inputs: { question: "userInput" },
            scoreKey: "constructor",
          }),
      ),
    ).toContain('"constructor" is a name every JavaScript object');
    const evaluators: [LLMEvaluatorOptions<Record<string, unknown>>["inputs"], string[], RegExp][] = [
      [[["__proto__", "string"]], ["score"], /inputs\[0\].*"__proto__" is a name every JavaScript object/],
      [[["q", "string"]], ["constructor"], /outputs.*"constructor" is a name every JavaScript object/],
    ];
    for (const [inputs, outputs, problem] of evaluators) {
      expect(problemOf(() => new LLMEvaluator({ llm, instructions: "Score it.", inputs, outputs }))).toMatch(
        problem,
      );
    }
  });

  it("evaluate() refuses a metric of your own named like that, before scoring a row", async () => {
    const metric = new FakeMetric({ name: "__proto__" });
    await expect(evaluate([{ userInput: "Q?", response: "A." }], [metric])).rejects.toThrow(
      'metric name "__proto__" is a name every JavaScript object already has',
    );
    expect(metric.calls).toBe(0);
  });

  it("an answer's inherited properties are never read as its score", () => {
    expect(answerScore({ reason: "Fine." }, "constructor")).toEqual({ value: undefined, reason: "Fine." });
    expect(answerScore({ score: 1 }, "score").value).toBe(1);
    expect(meanOfKey([{ score: 1 }, {}], "valueOf")).toBeNull();
  });
});

describe("YAML alias bomb (weak)", () => {
  it("is refused as a metric file problem naming the file and what to do", () => {
    const lines = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
    for (const [name, prev] of [
      ["b", "a"],
      ["c", "b"],
      ["d", "c"],
      ["e", "d"],
      ["f", "e"],
    ]) {
      lines.push(`${name}: &${name} [${Array(10).fill(`*${prev}`).join(",")}]`);
    }
    lines.push("metrics: [*f]");
    const file = metricFile("bomb.yaml", lines.join("\n"));
    const message = problemOf(() => parseMetricFile(file));
    expect(message).toMatch(
      new RegExp(
        `^metric file ${file.replace(/[.\\]/g, "\\$&")}: expands YAML aliases \\(\\*name\\) more than 100 times`,
      ),
    );
    expect(message).toContain("write the repeated values out");
    expect(message).not.toContain("ReferenceError");
  });

  it("a few aliases still load", () => {
    const file = metricFile(
      "aliases.yaml",
      "metrics:\n  - { kind: aspect_critic, id: on_topic, definition: &def Does the response answer the question? }\n  - { kind: aspect_critic, id: on_topic_again, definition: *def }\n",
    );
    expect(parseMetricFile(file).map((d) => d.options.definition)).toEqual([
      "Does the response answer the question?",
      "Does the response answer the question?",
    ]);
  });
});

describe("custom ids (weak)", () => {
  it.each(["faithfulness", "aspect_critic", "context_precision"])(
    "a metric file may not give a metric the built-in id %s",
    (id) => {
      const file = metricFile(`id-${id}.yaml`, { metrics: [{ ...critic, id }] });
      const message = problemOf(() => parseMetricFile(file));
      expect(message).toContain(`metric file ${file}: metrics[0].id: "${id}" is the id of a built-in metric`);
      expect(message).toContain(`give it an id of its own, e.g. my_${id}`);
    },
  );

  it("nor may a custom judge's name in code (refused by evaluate), or through createMetric", async () => {
    const llm = new ScriptedLlm({});
    const definition = "Is it polite?";
    const critic = new AspectCritic({ llm, name: "faithfulness", definition });
    await expect(evaluate([{ user_input: "q", response: "a" }], [critic])).rejects.toThrow(
      'metric (AspectCritic): "faithfulness" is the id of a built-in metric',
    );
    expect(
      problemOf(() => createMetric("g_eval", { llm }, { name: "answer_relevancy", criteria: definition })),
    ).toContain('"answer_relevancy" is the id of a built-in metric');
    expect(new AspectCritic({ llm, name: "polite", definition }).name).toBe("polite");
    expect(createMetric("rubrics_score", { llm }).name).toBe("rubrics_score");
  });
});

describe("rubric level keys (weak)", () => {
  const where = { field: "rubrics" };
  it("refuses two keys for one score", () => {
    expect(
      problemOf(() => rubricLevels({ score1_description: "Bad.", score01_description: "Also bad." }, where)),
    ).toBe(
      'field "rubrics.score01_description": has the keys "score1_description" and "score01_description", both for score 1; give each score one level',
    );
    expect(
      problemOf(() =>
        rubricLevels({ "score-0_description": "Zero.", score0_description: "Also zero." }, where),
      ),
    ).toContain("both for score 0");
  });

  it("refuses scores that are not safe integers (1e20, Infinity)", () => {
    for (const digits of ["99999999999999999999", "9".repeat(400)]) {
      const key = `score${digits}_description`;
      const message = problemOf(() => rubricLevels({ score1_description: "Bad.", [key]: "Huge." }, where));
      expect(message).toContain(`field "rubrics.${key}"`);
      expect(message).toContain("is not a whole number JavaScript holds exactly");
    }
  });

  it("a metric file's rubric is checked before any model loads, and per-row rubrics by row", () => {
    const file = metricFile("rubric.yaml", {
      metrics: [
        {
          kind: "rubrics_score",
          id: "graded",
          rubrics: { score1_description: "Bad.", score01_description: "Also bad." },
        },
      ],
    });
    expect(problemOf(() => parseMetricFile(file))).toContain(
      `metric file ${file}: metrics[0].rubrics.score01_description: has the keys "score1_description" and "score01_description"`,
    );
    expect(
      problemOf(() =>
        rubricLevels({ score1_description: "a", score1e3_description: "b" }, { field: "rubrics", row: 4 }),
      ),
    ).toContain("rubrics.score1e3_description");
  });

  it("distinct safe scores still make levels, lowest first", () => {
    expect(rubricLevels({ score5_description: "Good.", "score-2_description": "Bad." }, where)).toEqual([
      { score: -2, description: "Bad." },
      { score: 5, description: "Good." },
    ]);
  });
});

describe("limits on judge calls (weak)", () => {
  it("refuses strictness 100001 in a metric file and in code, saying the ceiling and why", () => {
    const file = metricFile("strict.yaml", { metrics: [{ ...critic, strictness: 100001 }] });
    const message = problemOf(() => parseMetricFile(file));
    expect(message).toContain(`metric file ${file}: metrics[0].strictness: must be at most 11`);
    expect(message).toContain("each vote is one judge call per row");
    expect(
      problemOf(
        () => new AspectCritic({ llm: new ScriptedLlm({}), name: "polite", definition: "x", strictness: 13 }),
      ),
    ).toContain("must be at most 11");
    expect(
      new AspectCritic({ llm: new ScriptedLlm({}), name: "polite", definition: "x", strictness: 11 })
        .strictness,
    ).toBe(11);
  });

  it("aspect_critic's votes' seeds stay within 32 bits", () => {
    const llm = new ScriptedLlm({});
    const options = { llm, name: "polite", definition: "x", strictness: 3 };
    expect(problemOf(() => new AspectCritic({ ...options, seed: 2 ** 32 - 2 }))).toContain(
      "leaves no room for the votes' seeds",
    );
    expect(new AspectCritic({ ...options, seed: 2 ** 32 - 3 }).strictness).toBe(3);
  });

  it("answer_relevancy's strictness and g_eval's steps keep their ceilings", () => {
    const llm = new ScriptedLlm({});
    expect(
      problemOf(() =>
        createMetric(
          "answer_relevancy",
          { llm, embeddings: { embed: async () => [] } as never },
          { strictness: 11 },
        ),
      ),
    ).toContain("strictness");
    const file = metricFile("steps.yaml", {
      metrics: [
        {
          kind: "g_eval",
          id: "quality",
          criteria: "Is it right?",
          evaluationSteps: Array(1000).fill("Step."),
        },
      ],
    });
    expect(problemOf(() => parseMetricFile(file))).toContain("metrics[0].evaluationSteps");
  });

  it("chrf_score's n-gram orders have a ceiling (charOrder 1e9 allocated a table per order)", () => {
    expect(problemOf(() => createMetric("chrf_score", {}, { charOrder: 1_000_000_000 }))).toContain(
      "must be at most 20: each order is one more pass over every text; sacrebleu's usual value is 6",
    );
    expect(problemOf(() => createMetric("chrf_score", {}, { wordOrder: 21 }))).toContain(
      "must be at most 20",
    );
    expect(createMetric("chrf_score", {}, { charOrder: 20, wordOrder: 2 }).name).toBe("chrf_score");
  });
});
