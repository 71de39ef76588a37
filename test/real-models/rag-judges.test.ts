// Every built-in judge metric that reads RAG rows, on the example dataset (examples/rag-eval.jsonl), with the real
// SmolLM2-135M-Instruct as judge and the real all-MiniLM-L6-v2 (int8) as embedder, through the built CLI at 2 judge
// threads. Checks: every row × metric scored or given a reason, no judge answer that failed its schema or was cut
// off, the judge's chat template recorded (ChatML, without the wrapper's BOS token), and a rerun byte-identical apart
// from times. The emulated Haswell CPU is test/real-models/haswell.test.ts.
//
// What is cut to fit the tier's 10 minutes on 2 cores (docs/development.md, "Real-model tier"):
// - CORE_METRICS run on all 20 rows; every other judge metric runs on the ALL_METRIC_ROWS rows only (an
//   answer its context contradicts, and "I don't know").
// - The rerun repeats the all-metrics run (those rows), not the 20-row one.
// - faithfulness_with_hhem is left out: it needs the HHEM verifier, which is not among the real models.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { metricDescriptors } from "../../src/metrics/catalog.js";
import { exampleRows as readExampleRows } from "../fixtures/cli/run-cli.js";
import {
  comparableResults,
  expectScoredOrReasoned,
  judgeEval,
  printRunSummary,
  resultRecords,
  resultsFileLines,
  runFolder,
} from "../support/real-model-runs.js";
import { realModelPath, skipWithoutRealModels } from "../support/real-models.js";

/** Judge metrics scored on all 20 rows. */
const CORE_METRICS = ["faithfulness", "answer_relevancy", "context_relevance"];
/** Rows (0-based) every judge metric is scored on: an answer the context contradicts, and "I don't know". */
const ALL_METRIC_ROWS = [1, 18];

const exampleRows = readExampleRows();

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
    const evalRun = async (name: string, dataset: string, metrics: readonly string[]) => {
      const extra = ["--embeddings", realModelPath("minilmInt8"), "--metrics", metrics.join(",")];
      runs[name] = await judgeEval(folder, name, dataset, extra);
      return runs[name].file;
    };

    let allMetricRows: string;

    beforeAll(async () => {
      allMetricRows = folder.writeRows(
        "all-metric-rows.jsonl",
        ALL_METRIC_ROWS.map((i) => exampleRows[i] as Record<string, unknown>),
      );
      await evalRun("core", folder.writeRows("core-rows.jsonl", exampleRows), CORE_METRICS);
      await evalRun("all", allMetricRows, ragJudgeMetrics);
    }, 1_800_000);

    afterAll(() => {
      for (const [name, run] of Object.entries(runs)) printRunSummary(`rag-judges ${name}`, run);
    });

    it("covers every judge metric of the catalog that reads RAG rows", () => {
      expect(ragJudgeMetrics).toEqual(expect.arrayContaining(CORE_METRICS));
      expect(ragJudgeMetrics.length).toBeGreaterThanOrEqual(15);
    });

    it("scores every row × metric or names a reason, with no judge answer that failed its schema or was cut off", () => {
      expectScoredOrReasoned(runs.core?.file as string, exampleRows.length, CORE_METRICS.length);
      expectScoredOrReasoned(runs.all?.file as string, ALL_METRIC_ROWS.length, ragJudgeMetrics.length);
    });

    it("finds statements in the example answers: faithfulness scores most of the 20 rows", () => {
      // A small instruct judge copies the last few-shot answer it saw; an example answered with an empty list made
      // SmolLM2 find no statement in any row, so no statement metric could score.
      const faithfulness = resultRecords(runs.core?.file as string).filter(
        (r) => r.metric === "faithfulness",
      );
      const scored = faithfulness.filter((r) => r.result.value !== null);
      expect(scored.length, "faithfulness rows scored").toBeGreaterThanOrEqual(exampleRows.length / 2);
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

    it("gives the same bytes on a rerun, apart from times", async () => {
      const again = await evalRun("all-rerun", allMetricRows, ragJudgeMetrics);
      expect(comparableResults(again)).toBe(comparableResults(runs.all?.file as string));
    }, 1_200_000);
  },
);
