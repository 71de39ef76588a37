// vitest config of the example evaluation suite: the airgap-eval reporter beside vitest's verbose one (a test per row, named after it), and a
// global setup that checks the models once (a missing judge is one clear error, not one per test). No testTimeout: each
// describeEval row's time limit is sized from the judge (docs/testing.md, "Time limits").
import { AirgapEvalReporter } from "airgap-eval/vitest/reporter";
import { defineConfig } from "vitest/config";

const out = process.env.AIRGAP_EVAL_OUT ?? "out/vitest";

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ["evals.test.ts"],
    globalSetup: ["./global-setup.ts"],
    reporters: ["verbose", new AirgapEvalReporter({ out: `${out}/results.jsonl`, reports: [`${out}/report.html`] })],
  },
});
