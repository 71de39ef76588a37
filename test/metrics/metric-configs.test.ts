// What every metric records about itself cannot move by accident. A results file's configHash covers each metric's
// `config()` (name, prompt versions, options), and resuming a run and the judge cache compare it; `requiredFields`
// decides which rows a metric scores. So this test builds every catalog class (and the Haystack-style evaluators
// that record a config) twice, at its defaults and with every option it accepts set away from its default, and
// compares what each records with test/fixtures/metric-configs.jsonl. A change to how options are declared, parsed
// or recorded must leave that file as it is; a deliberate change to a metric's record is an `npx vitest run -u`.
//
// The options given are read from the fixture, so the comparison always builds a metric the same way. A class
// the fixture lacks gets its non-default options picked from its schema (the first value of each option, in
// key order, that the metric accepts besides its default), and `-u` writes them down.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createMetric, metricClasses } from "../../src/metrics/catalog.js";
import { ContextRelevanceEvaluator } from "../../src/metrics/context-relevance/evaluator.js";
import type { MetricDescriptor } from "../../src/metrics/descriptor.js";
import { FaithfulnessEvaluator } from "../../src/metrics/faithfulness/evaluator.js";
import { LLMEvaluator } from "../../src/metrics/llm-evaluator/evaluator.js";
import { SASEvaluator } from "../../src/metrics/semantic-similarity/evaluator.js";
import type { MetricConfig } from "../../src/metrics/types.js";
import { stubEmbeddings, stubLlm } from "../support/stub-models.js";

const fixturePath = path.join(import.meta.dirname, "../fixtures/metric-configs.jsonl");

/** One recorded build: the options given (never the models) and what the metric then records. */
interface Recorded {
  given: Record<string, unknown>;
  name: string;
  promptVersions: Record<string, string>;
  options: MetricConfig["options"];
  requiredFields?: readonly string[];
}

/** Something that records a config: a catalog metric or an evaluator. */
interface Configured {
  config(): MetricConfig;
  requiredFields?: readonly string[];
}

/** A subject: how to build it from its own options, and the options it cannot be built without. */
interface Subject {
  key: string;
  build(given: Record<string, unknown>): Configured;
  required: Record<string, unknown>;
  schema?: MetricDescriptor["options"];
}

/** The options a catalog class cannot be built without (it has no default for them). */
const requiredOptions: Record<string, Record<string, unknown>> = {
  trajectory_tool_used: { value: "search_docs" },
  trajectory_tool_sequence: { value: ["search_docs", "answer"] },
  trajectory_tool_args_match: { value: { name: "search_docs", args: { q: "paris" } } },
  trajectory_step_count: { value: { max: 3 } },
  hallucinated_spans: { verifier: "/models/lettucedetect" },
  pattern_match: { pattern: "\\d{4}-\\d{2}-\\d{2}" },
  aspect_critic: { name: "correct", definition: "Does the response agree with the reference?" },
  simple_criteria: { name: "brief", definition: "How brief is the response?" },
  g_eval: { name: "quality", criteria: "Is the answer correct?", evaluationSteps: ["Check the answer."] },
  arena_g_eval: { criteria: "Which answer is correct?", evaluationSteps: ["Check the answers."] },
  conversational_g_eval: { name: "helpful", criteria: "Does the assistant resolve the request?" },
  llm_evaluator: {
    name: "on_topic",
    instructions: "Score 1 if the answer is about the question.",
    inputs: { question: "userInput", answer: "response" },
    scoreKey: "score",
  },
  dag: {
    name: "polite",
    nodes: {
      polite: {
        type: "binary_judgement",
        criteria: "Is the response polite?",
        inputs: ["response"],
        verdicts: [
          { verdict: true, score: 10 },
          { verdict: false, score: 0 },
        ],
      },
    },
  },
  conversational_dag: {
    name: "solved",
    nodes: {
      solved: {
        type: "binary_judgement",
        criteria: "Was the user's problem solved?",
        inputs: ["role", "content"],
        verdicts: [
          { verdict: true, score: 10 },
          { verdict: false, score: 0 },
        ],
      },
    },
  },
};

const catalogSubjects: Subject[] = metricClasses.map((c) => ({
  key: c.name,
  schema: c.descriptor.options,
  required: requiredOptions[c.descriptor.id] ?? {},
  build: (given) => createMetric(c.descriptor.id, { llm: stubLlm, embeddings: stubEmbeddings }, given),
}));

const evaluatorSubjects: Subject[] = [
  {
    key: "ContextRelevanceEvaluator",
    required: {},
    build: (given) => new ContextRelevanceEvaluator({ llm: stubLlm, ...given }),
  },
  {
    key: "FaithfulnessEvaluator",
    required: {},
    build: (given) => new FaithfulnessEvaluator({ llm: stubLlm, ...given }),
  },
  {
    key: "SASEvaluator",
    required: {},
    build: (given) => new SASEvaluator({ embeddings: stubEmbeddings, ...given }),
  },
  {
    key: "LLMEvaluator",
    required: {
      instructions: "Score 1 if the answer answers the question, else 0.",
      inputs: [["questions", "string"]],
      outputs: ["score"],
    },
    build: (given) =>
      new LLMEvaluator({ llm: stubLlm, ...given } as unknown as ConstructorParameters<
        typeof LLMEvaluator
      >[0]),
  },
];

/** Non-default options of the evaluators, which have no descriptor to pick them from. */
const evaluatorChanges: Record<string, Record<string, unknown>> = {
  ContextRelevanceEvaluator: { mode: "relevant-statements", temperature: 0.5, maxTokens: 300 },
  FaithfulnessEvaluator: { temperature: 0.5, maxTokens: 300 },
  SASEvaluator: { threshold: 0.6, batchSize: 8 },
  LLMEvaluator: { temperature: 0.5, maxTokens: 300, averageKey: "score" },
};

function record(subject: Subject, given: Record<string, unknown>): Recorded {
  const built = subject.build(given);
  const { name, promptVersions, options } = built.config();
  return {
    given,
    name,
    promptVersions,
    options,
    ...(built.requiredFields !== undefined ? { requiredFields: built.requiredFields } : {}),
  };
}

/** Values an option may take besides its default, from its JSON Schema: the other enum values, the other boolean, nearby numbers. */
function otherValues(property: Record<string, unknown>): unknown[] {
  const variants = [property, ...((property.anyOf as Record<string, unknown>[] | undefined) ?? [])];
  const values: unknown[] = [];
  for (const v of variants) {
    if (Array.isArray(v.enum)) values.push(...v.enum);
    if (v.const !== undefined) values.push(v.const);
    if (v.type === "boolean") values.push(true, false);
    if (v.type === "number" || v.type === "integer") {
      const base = typeof property.default === "number" ? property.default : 1;
      values.push(base + 1, base * 2, base / 2, base - 1, 0.7, 2, 3, 0);
    }
  }
  return values.filter((value) => JSON.stringify(value) !== JSON.stringify(property.default));
}

/** The subject's options moved away from their defaults: for each option in key order, the first other value it accepts. */
function pickChanges(subject: Subject): Record<string, unknown> {
  if (subject.schema === undefined) return { ...subject.required, ...evaluatorChanges[subject.key] };
  const json = z.toJSONSchema(subject.schema, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, Record<string, unknown>>;
  };
  let given = { ...subject.required };
  for (const [key, property] of Object.entries(json.properties ?? {})) {
    if (key in subject.required) continue;
    for (const value of otherValues(property)) {
      const tried = { ...given, [key]: value };
      try {
        subject.build(tried);
      } catch {
        continue;
      }
      given = tried;
      break;
    }
  }
  return given;
}

/** The fixture: one JSON line per build, `{ key, ...Recorded }`, the key being the class and "defaults" or "changed". */
const recorded: Record<string, Recorded> = Object.fromEntries(
  (existsSync(fixturePath) ? readFileSync(fixturePath, "utf8").split("\n") : [])
    .filter((line) => line !== "")
    .map((line) => {
      const { key, ...rest } = JSON.parse(line) as Recorded & { key: string };
      return [key, rest];
    }),
);

describe("what each metric records about itself", () => {
  const subjects = [...catalogSubjects, ...evaluatorSubjects];

  it("is what test/fixtures/metric-configs.jsonl holds, at defaults and with non-default options", async () => {
    const now: Record<string, Recorded> = {};
    for (const subject of subjects) {
      const atDefaults = recorded[`${subject.key} defaults`]?.given ?? subject.required;
      const changed = recorded[`${subject.key} changed`]?.given ?? pickChanges(subject);
      now[`${subject.key} defaults`] = record(subject, atDefaults);
      now[`${subject.key} changed`] = record(subject, changed);
    }
    const lines = Object.entries(now).map(([key, r]) => `${JSON.stringify({ key, ...r })}\n`);
    await expect(lines.join("")).toMatchFileSnapshot(fixturePath);
  });

  it("covers every catalog class, each with at least one option changed where it has one", () => {
    for (const subject of catalogSubjects) {
      const changed = recorded[`${subject.key} changed`];
      expect(changed, `${subject.key} is not in the fixture`).toBeDefined();
      const optionCount = Object.keys(subject.schema!.shape).length;
      const required = Object.keys(subject.required).length;
      if (optionCount > required) {
        expect(Object.keys(changed!.given).length, `${subject.key} has no option changed`).toBeGreaterThan(
          required,
        );
      }
    }
  });

  it("can fail: a changed option changes the record", () => {
    const faithfulness = catalogSubjects.find((s) => s.key === "Faithfulness")!;
    expect(record(faithfulness, { temperature: 0.5 }).options).not.toEqual(
      recorded["Faithfulness defaults"]!.options,
    );
  });
});
