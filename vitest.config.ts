import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The real-model tier's judge runs (test/real-models/): the built CLI on SmolLM2-135M-Instruct. They run in their own
 * project, after every other test file has finished (`sequence.groupOrder`), so their judge processes have the cores
 * to themselves; each file skips with one line when the real models are not fetched (docs/development.md,
 * "Real-model tier"). `npm test` runs them at the CI tier's size (AIRGAP_EVAL_REAL_JUDGE_RUNS unset or `tier`),
 * `npm run test:real-judges` at the full size (`full`); AIRGAP_EVAL_REAL_JUDGE_RUNS=off leaves them out.
 */
const realJudgeRunsSize = process.env.AIRGAP_EVAL_REAL_JUDGE_RUNS ?? "tier";
if (!["tier", "full", "off"].includes(realJudgeRunsSize)) {
  throw new Error(
    `AIRGAP_EVAL_REAL_JUDGE_RUNS=${realJudgeRunsSize}: expected tier (the default), full or off (docs/development.md, "Real-model tier")`,
  );
}
const realJudgeRunsAsked = realJudgeRunsSize !== "off";
/**
 * The judge runs, costliest first (CPU seconds, docs/development.md): they start in this order, two at a time, so in
 * the full run the emulated Haswell's long single run does not start last and run alone (the CI tier skips it).
 */
const realJudgeRuns = ["haswell", "rag-judges", "agent-judges", "custom-judges", "jury", "generate"].map(
  (name) => `test/real-models/${name}.test.ts`,
);

/** Vitest's order, with the judge runs among themselves in `realJudgeRuns`' order. */
class JudgeRunsCostliestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => realJudgeRuns.findIndex((run) => f.moduleId.endsWith(run));
    const slots = sorted.flatMap((f, i) => (rank(f) >= 0 ? [i] : []));
    const runs = slots.map((i) => sorted[i]!).sort((a, b) => rank(a) - rank(b));
    slots.forEach((slot, k) => {
      sorted[slot] = runs[k]!;
    });
    return sorted;
  }
}

export default defineConfig({
  test: {
    setupFiles: ["test/setup/network-guard.ts"],
    // Model loads are slow on 2 cores; run files in a few forks and keep timeouts generous.
    pool: "forks",
    testTimeout: 120_000,
    hookTimeout: 300_000,
    sequence: { sequencer: JudgeRunsCostliestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: "main",
          include: ["test/**/*.test.ts"],
          exclude: realJudgeRuns,
          maxWorkers: 2,
          // The tiny test models; the real-judge runs read only the fetched real models.
          globalSetup: ["test/setup/temp-root.ts", "test/setup/global-setup.ts"],
        },
      },
      ...(realJudgeRunsAsked ? [realJudgeProject()] : []),
    ],
  },
});

/** The real judge runs' project: two files at a time, after every other. */
function realJudgeProject() {
  return {
    extends: true,
    // Two files at a time, each judge at one thread (test/support/real-model-runs.ts, JUDGE_THREADS).
    test: {
      name: "real-judges",
      include: realJudgeRuns,
      maxWorkers: 2,
      sequence: { groupOrder: 1 },
      globalSetup: "test/setup/temp-root.ts",
    },
  } as const;
}
