// Every built-in judge metric that reads RAG rows, on the example dataset (examples/rag-eval.jsonl), with the real
// SmolLM2-135M-Instruct as judge and the real all-MiniLM-L6-v2 (int8) as embedder, through the built CLI at 1 judge
// thread. Checks: every row × metric scored or given a reason, no judge answer that failed its schema or was cut
// off, the judge's chat template recorded (ChatML, without the wrapper's BOS token), and a rerun byte-identical apart
// from times. The emulated Haswell CPU is test/real-models/haswell.test.ts.
//
// What the CI tier (`npm test`) cuts to fit its 10 minutes on 2 cores; the full run (`npm run test:real-judges`)
// scores every judge metric on all 20 rows and reruns all of it (docs/development.md, "Real-model tier"):
// - EVERY_ROW_METRICS (one or two short calls a row: about 3–6 CPU s a row each) run on all 20 rows; faithfulness
//   (statements, then verdicts: about 10 s a row) on FAITHFULNESS_ROWS, the first 5;
// - every other judge metric runs on ALL_METRIC_ROWS only (row 1, an answer its context contradicts; the "I don't
//   know" row 18 is the custom judges' tier row): all 20 metrics take about 200 CPU s on one row,
//   noise_sensitivity, answer_correctness and the DeepEval faithfulness and contextual relevancy 16–38 s of it;
// - the rerun repeats the all-metrics run (RERUN_ROWS, the same row) right after it, beside the other runs, and
//   compares those records;
// - faithfulness_with_hhem is left out: it needs the HHEM verifier, which is not among the real models.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { metricDescriptors } from "../../src/metrics/catalog.js";
import { exampleRows as readExampleRows } from "../fixtures/cli/run-cli.js";
import { firstRows, fullJudgeRun, tierOrFull } from "../support/real-judge-plan.js";
import {
  comparableRecords,
  expectScoredOrReasoned,
  judgeEval,
  printRunSummary,
  resultRecords,
  resultsFileLines,
  runFolder,
} from "../support/real-model-runs.js";
import { realModelPath, skipWithoutRealModels } from "../support/real-models.js";

const exampleRows = readExampleRows();
const allRows = firstRows(exampleRows.length);

/** Judge metrics scored on all 20 rows in the CI tier. */
const EVERY_ROW_METRICS = ["answer_relevancy", "context_relevance", "nv_response_groundedness"];
/** Rows (0-based) faithfulness is scored on. */
const FAITHFULNESS_ROWS = tierOrFull(firstRows(5), allRows);
/** Rows every judge metric is scored on: an answer the context contradicts (all rows in the full run). */
const ALL_METRIC_ROWS = tierOrFull([1], allRows);
/** Rows of the all-metrics run that are run again and compared. */
const RERUN_ROWS = ALL_METRIC_ROWS;

/** The sample fields the example rows have (camelCase, as descriptors name them). */
const exampleFields = new Set([
  "userInput",
  "response",
  "retrievedContexts",
  "reference",
  "referenceContexts",
]);

/** Every built-in judge metric whose fields the example rows have, except those that also need a verifier. */
const ragJudgeMetrics = metricDescriptors
  .filter((d) => d.needsLlm && !d.definable && (d.needsVerifier ?? []).length === 0)
  .filter((d) => d.requiredFields.length > 0 && d.requiredFields.every((f) => exampleFields.has(f)))
  .map((d) => d.id);

const skip = skipWithoutRealModels("real-models/rag-judges", ["judge", "minilmInt8"], { cli: true });

describe.skipIf(skip)(
  "judge metrics on the example rows with SmolLM2-135M-Instruct and all-MiniLM-L6-v2 int8",
  () => {
    const folder = runFolder("airgap-real-rag-");
    afterAll(() => folder.cleanup());
    const runs: Record<string, { file: string; seconds: number }> = {};
    const rowsFile = (name: string, rows: readonly number[]) =>
      folder.writeRows(
        `${name}.jsonl`,
        rows.map((i) => exampleRows[i] as Record<string, unknown>),
      );
    const evalRun = async (name: string, rows: readonly number[], metrics: readonly string[]) => {
      const extra = ["--embeddings", realModelPath("minilmInt8"), "--metrics", metrics.join(",")];
      runs[name] = await judgeEval(folder, name, rowsFile(`${name}-rows`, rows), extra);
      return runs[name].file;
    };
    /** The runs of the CI tier besides the all-metrics run (none in the full run, which scores everything there). */
    const tierRuns: { name: string; rows: readonly number[]; metrics: readonly string[] }[] = fullJudgeRun
      ? []
      : [
          { name: "every-row", rows: allRows, metrics: EVERY_ROW_METRICS },
          { name: "faithfulness", rows: FAITHFULNESS_ROWS, metrics: ["faithfulness"] },
        ];

    beforeAll(async () => {
      // Two 1-thread judges side by side: the tier runs, and the all-metrics run followed by its rerun.
      await Promise.all([
        (async () => {
          for (const run of tierRuns) await evalRun(run.name, run.rows, run.metrics);
        })(),
        (async () => {
          await evalRun("all", ALL_METRIC_ROWS, ragJudgeMetrics);
          await evalRun("rerun", RERUN_ROWS, ragJudgeMetrics);
        })(),
      ]);
    }, 2_400_000);

    afterAll(() => {
      for (const [name, run] of Object.entries(runs)) printRunSummary(`rag-judges ${name}`, run);
    });

    it("covers every judge metric of the catalog that reads RAG rows", () => {
      expect(ragJudgeMetrics).toEqual(expect.arrayContaining([...EVERY_ROW_METRICS, "faithfulness"]));
      expect(ragJudgeMetrics.length).toBeGreaterThanOrEqual(20);
    });

    it("scores every row × metric or names a reason, with no judge answer that failed its schema or was cut off", () => {
      for (const run of tierRuns)
        expectScoredOrReasoned(runs[run.name]?.file as string, run.rows.length, run.metrics.length);
      expectScoredOrReasoned(runs.all?.file as string, ALL_METRIC_ROWS.length, ragJudgeMetrics.length);
    });

    it("finds statements in the example answers: faithfulness scores most of its rows", () => {
      // A small instruct judge copies the last few-shot answer it saw; an example answered with an empty list made
      // SmolLM2 find no statement in any row, so no statement metric could score.
      const run = fullJudgeRun ? runs.all : runs.faithfulness;
      const faithfulness = resultRecords(run?.file as string).filter((r) => r.metric === "faithfulness");
      const scored = faithfulness.filter((r) => r.result.value !== null);
      expect(faithfulness).toHaveLength(FAITHFULNESS_ROWS.length);
      expect(scored.length, "faithfulness rows scored").toBeGreaterThanOrEqual(FAITHFULNESS_ROWS.length / 2);
    });

    it("records the judge's chat template: ChatML, without the wrapper's BOS token (the model adds none)", () => {
      // test/real-models/chat-template.test.ts shows these prompts are token for token the model's own template's.
      const header = resultsFileLines(runs.all?.file as string)[0] as unknown as {
        metadata: {
          metrics: Record<string, { models: { kind: string; settings: Record<string, unknown> }[] }>;
        };
      };
      const judges = Object.values(header.metadata.metrics).flatMap((m) =>
        m.models.filter((x) => x.kind === "llm"),
      );
      expect(judges).toHaveLength(ragJudgeMetrics.length);
      for (const j of judges) {
        expect(j.settings).toMatchObject({
          promptFormat: "chat",
          chatWrapper: "ChatML",
          chatWrapperBos: false,
        });
      }
    });

    it("gives the same records on a rerun, apart from times", () => {
      const again = comparableRecords(runs.rerun?.file as string);
      const first = comparableRecords(runs.all?.file as string);
      expect(again.size).toBe(RERUN_ROWS.length * ragJudgeMetrics.length);
      for (const [key, record] of again) expect(record, key).toBe(first.get(key));
    });
  },
);
