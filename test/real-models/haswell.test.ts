// The same results file on this CPU and on an emulated Intel Haswell (qemu-x86_64 -cpu Haswell: no AVX-512, so
// ggml's own choice there is its haswell build and onnxruntime picks its AVX2 kernels), with the real
// SmolLM2-135M-Instruct as judge, through the built CLI at 1 judge thread: the judge runs llama.cpp's portable CPU
// build wherever it runs (test/cpu-build.test.ts shows the same on the tiny test model).
//
// Cut to fit the CI tier's 10 minutes on 2 cores (docs/development.md, "Real-model tier"): emulation is slow (one
// judge call of about 400 prompt tokens took over 60 times its native CPU time under qemu here), so one judge metric
// of a single call per row (METRIC) on ROWS example rows: 1 in the CI tier (over 200 CPU s emulated), 3 in the full run
// (`npm run test:real-judges`).
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { exampleRows } from "../fixtures/cli/run-cli.js";
import { canEmulateHaswell, emulatedHaswell } from "../support/emulated-cpu.js";
import { tierOrFull } from "../support/real-judge-plan.js";
import {
  comparableResults,
  expectScoredOrReasoned,
  judgeEval,
  runFolder,
} from "../support/real-model-runs.js";
import { skipWithoutRealModels } from "../support/real-models.js";

const METRIC = "context_relevance";
const ROWS = tierOrFull(1, 3);

if (!canEmulateHaswell) {
  console.warn("real-models/haswell: skipped: it needs Linux x64 and qemu-x86_64 (Debian: qemu-user)");
}
const skip = skipWithoutRealModels("real-models/haswell", ["judge"], { cli: true });

describe.skipIf(skip || !canEmulateHaswell)(
  "results of SmolLM2-135M-Instruct on an emulated Haswell CPU",
  () => {
    const folder = runFolder("airgap-real-haswell-");
    afterAll(() => folder.cleanup());

    it("are byte-identical to this CPU's, apart from times", async () => {
      const dataset = folder.writeRows("rows.jsonl", exampleRows().slice(0, ROWS));
      const here = await judgeEval(folder, "here", dataset, ["--metrics", METRIC]);
      const haswell = await judgeEval(
        folder,
        "haswell",
        dataset,
        ["--metrics", METRIC],
        [...emulatedHaswell],
      );
      console.info(
        `haswell: ${ROWS} rows × ${METRIC}: ${here.seconds.toFixed(0)} s here, ${haswell.seconds.toFixed(0)} s emulated`,
      );
      expectScoredOrReasoned(here.file, ROWS, 1);
      expect(comparableResults(haswell.file)).toBe(comparableResults(here.file));
      expect(readFileSync(haswell.file, "utf8")).toContain('"cpuBuild":"haswell"');
    }, 1_800_000);
  },
);
