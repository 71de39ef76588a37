// The same results file on this CPU and on an emulated Intel Haswell (qemu-x86_64 -cpu Haswell: no AVX-512, so
// ggml's own choice there is its haswell build and onnxruntime picks its AVX2 kernels), with the real
// SmolLM2-135M-Instruct as judge, through the built CLI at 1 judge thread: the judge runs llama.cpp's portable CPU
// build wherever it runs (test/cpu-build.test.ts shows the same on the tiny test model).
//
// Only in the full run (`npm run test:real-judges`), not in the CI tier: under qemu a SmolLM2 token, read or
// generated, costs about 6 CPU s (a 36-token judge call took 213 s emulated against 1.0 s natively, the model's load
// 18 s against 3.4 s; docs/development.md, "Real-model tier"), so one row of even the shortest judge a user can
// define (JUDGE: an LLMEvaluator that writes only its score, 124 prompt and 10 generated tokens) costs about 13 CPU
// minutes, more than the tier's whole share. The tier's cross-CPU check is test/cpu-build.test.ts, the same
// emulated Haswell on the tiny test model.
import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { exampleRows } from "../fixtures/cli/run-cli.js";
import { canEmulateHaswell, emulatedHaswell } from "../support/emulated-cpu.js";
import { fullJudgeRun } from "../support/real-judge-plan.js";
import {
  comparableResults,
  expectScoredOrReasoned,
  judgeEval,
  runFolder,
} from "../support/real-model-runs.js";
import { skipWithoutRealModels } from "../support/real-models.js";

/** A one-call judge on the question and the answer only, the cheapest to emulate. */
const JUDGE = {
  kind: "llm_evaluator",
  id: "complete_sentence",
  instructions: "Is the answer a complete sentence? Score 1 for yes, 0 for no.",
  inputs: { answer: "response" },
  outputs: [],
  scale: { min: 0, max: 1 },
};
/** Example rows judged here and emulated. */
const ROWS = 1;

if (!fullJudgeRun) {
  console.warn(
    "real-models/haswell: skipped: it runs in the full run only (npm run test:real-judges); emulating SmolLM2 costs about 13 CPU minutes a row",
  );
} else if (!canEmulateHaswell) {
  console.warn("real-models/haswell: skipped: it needs Linux x64 and qemu-x86_64 (Debian: qemu-user)");
}
const skip = skipWithoutRealModels("real-models/haswell", ["judge"], { cli: true });

describe.skipIf(skip || !canEmulateHaswell || !fullJudgeRun)(
  "results of SmolLM2-135M-Instruct on an emulated Haswell CPU",
  () => {
    const folder = runFolder("airgap-real-haswell-");
    afterAll(() => folder.cleanup());

    it("are byte-identical to this CPU's, apart from times", async () => {
      const dataset = folder.writeRows("rows.jsonl", exampleRows().slice(0, ROWS));
      const metricFile = folder.file("judge.yaml");
      writeFileSync(metricFile, stringify({ metrics: [JUDGE] }));
      const judge = ["--metric-file", metricFile];
      const here = await judgeEval(folder, "here", dataset, judge);
      const haswell = await judgeEval(folder, "haswell", dataset, judge, [...emulatedHaswell]);
      console.info(
        `haswell: ${ROWS} rows × ${JUDGE.id}: ${here.seconds.toFixed(0)} s here, ${haswell.seconds.toFixed(0)} s emulated`,
      );
      expectScoredOrReasoned(here.file, ROWS, 1);
      expect(comparableResults(haswell.file)).toBe(comparableResults(here.file));
      expect(readFileSync(haswell.file, "utf8")).toContain('"cpuBuild":"haswell"');
    }, 3_600_000);
  },
);
