// The custom judges users define in metric files, every kind (AspectCritic with three sampled votes and G-Eval from
// the shipped examples/quality.yaml; rubrics, per-row rubrics, simple criteria, an LLMEvaluator, a conversational
// G-Eval and the decision graphs dag and conversational_dag from a file written here) on example rows with the real SmolLM2-135M-Instruct as judge, through the built CLI at 1 judge
// thread: every row × metric scored or given a reason, no judge answer that failed its schema or was cut off, and a
// rerun byte-identical apart from times (the votes sample with fixed seeds).
//
// Cut to fit the CI tier's 10 minutes on 2 cores (docs/development.md, "Real-model tier"): CUSTOM_ROWS of the 20
// example rows (an answer its context contradicts, and "I don't know"), and the rerun repeats RERUN_ROWS, the
// second. The full run (`npm run test:real-judges`) judges all 20 rows and reruns them all.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { metricDescriptors } from "../../src/metrics/catalog.js";
import { exampleRows } from "../fixtures/cli/run-cli.js";
import { repoRoot } from "../setup/paths.js";
import { firstRows, tierOrFull } from "../support/real-judge-plan.js";
import {
  comparableRecords,
  expectScoredOrReasoned,
  judgeEval,
  printRunSummary,
  resultRecords,
  runFolder,
} from "../support/real-model-runs.js";
import { skipWithoutRealModels } from "../support/real-models.js";

const CUSTOM_ROWS = tierOrFull([1, 18], firstRows(20));
/** Rows judged again and compared. */
const RERUN_ROWS = tierOrFull([18], CUSTOM_ROWS);

/** The shipped example file's entries are kept as they are; this file adds the other kinds. */
const shippedFile = path.join(repoRoot, "examples", "quality.yaml");
const moreJudges = {
  metrics: [
    { kind: "rubrics_score", id: "graded" },
    { kind: "instance_rubrics", id: "graded_per_row" },
    {
      kind: "simple_criteria",
      id: "concise",
      definition: "How short and to the point is the response, without leaving out what was asked?",
      scale: { min: 0, max: 4 },
    },
    {
      kind: "llm_evaluator",
      id: "complete_sentence",
      instructions: "Is the answer a complete sentence? Score 1 for yes, 0 for no.",
      inputs: { question: "user_input", answer: "response" },
      scale: { min: 0, max: 1 },
    },
    {
      kind: "arena_g_eval",
      id: "answer_vs_reference",
      criteria: "Which answer is more accurate and more helpful?",
    },
    {
      kind: "conversational_g_eval",
      id: "resolved",
      criteria: "Does the assistant answer what the user asks, correctly and directly?",
    },
    {
      kind: "dag",
      id: "answers_question",
      nodes: {
        answers: {
          type: "binary_judgement",
          criteria: "Does the response answer the question?",
          inputs: ["user_input", "response"],
          verdicts: [
            { verdict: true, score: 10 },
            { verdict: false, score: 0 },
          ],
        },
      },
    },
    {
      kind: "conversational_dag",
      id: "assistant_helped",
      nodes: {
        helped: {
          type: "non_binary_judgement",
          criteria: "How well did the assistant help the user?",
          inputs: ["role", "content"],
          verdicts: [
            { verdict: "fully helped", score: 10 },
            { verdict: "partly helped", score: 5 },
            { verdict: "did not help", score: 0 },
          ],
        },
      },
    },
  ],
};

/** A rubric for each row, for instance_rubrics. */
const rowRubric = {
  score1_description: "The answer is wrong or says nothing about the question.",
  score2_description: "The answer is partly right.",
  score3_description: "The answer is right and complete.",
};

const skip = skipWithoutRealModels("real-models/custom-judges", ["judge"], { cli: true });

describe.skipIf(skip)("custom judges from metric files with SmolLM2-135M-Instruct", () => {
  const folder = runFolder("airgap-real-custom-");
  afterAll(() => folder.cleanup());
  const shipped = parse(readFileSync(shippedFile, "utf8")) as { metrics: { kind: string }[] };
  const examples = exampleRows();
  // Each row also as a two-turn conversation, for the conversational judges, and with its response and reference as
  // the candidates of the head-to-head judge.
  const withRubrics = (rows: readonly number[]) =>
    rows.map((i) => ({
      ...examples[i],
      rubrics: rowRubric,
      candidates: { answer: examples[i]!.response, reference: examples[i]!.reference },
      messages: [
        { role: "user", content: examples[i]!.user_input },
        { role: "assistant", content: examples[i]!.response },
      ],
    }));
  let dataset: string;
  let extra: string[];
  let first: { file: string; seconds: number };
  let metricCount = 0;

  beforeAll(async () => {
    dataset = folder.writeRows("custom-rows.jsonl", withRubrics(CUSTOM_ROWS));
    const moreFile = folder.file("more-judges.yaml");
    writeFileSync(moreFile, stringify(moreJudges));
    extra = ["--metric-file", shippedFile, "--metric-file", moreFile];
    first = await judgeEval(folder, "custom", dataset, extra);
    metricCount = new Set(resultRecords(first.file).map((r) => r.metric)).size;
  }, 1_200_000);

  afterAll(() => printRunSummary("custom-judges", first));

  it("defines one judge of every kind a metric file may hold", () => {
    const definable = metricDescriptors.filter((d) => d.definable).map((d) => d.id);
    const used = [...shipped.metrics, ...moreJudges.metrics].map((m) => m.kind);
    expect(new Set(used)).toEqual(new Set(definable));
    expect(metricCount).toBe(used.length);
  });

  it("scores every row × metric or names a reason, with no judge answer that failed its schema", () => {
    expectScoredOrReasoned(first.file, CUSTOM_ROWS.length, metricCount);
  });

  it("gives the same records on a rerun, apart from times", async () => {
    const rerunRows = folder.writeRows("custom-rerun-rows.jsonl", withRubrics(RERUN_ROWS));
    const again = comparableRecords((await judgeEval(folder, "custom-rerun", rerunRows, extra)).file);
    const before = comparableRecords(first.file);
    expect(again.size).toBe(RERUN_ROWS.length * metricCount);
    for (const [key, record] of again) expect(record, key).toBe(before.get(key));
  }, 1_200_000);
});
