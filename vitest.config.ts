import { defineConfig } from "vitest/config";

/**
 * The real-model tier's judge runs (test/real-models/): the built CLI on SmolLM2-135M-Instruct. They run in their own
 * project, after every other test file has finished (`sequence.groupOrder`), so their judge processes have the cores
 * to themselves; each file skips with one line when the real models are not fetched (docs/development.md,
 * "Real-model tier"). They run only when asked for, with AIRGAP_EVAL_REAL_JUDGE_RUNS set: `npm run test:real-judges:tier`
 * runs them at the CI tier's size, `npm run test:real-judges` at the full size. `npm test` leaves them out for now: on
 * the first end-to-end run of the tier, judges that ran on until cut off failed rows (since bounded) and the tier
 * took far over its 10-minute share (docs/development.md says what is left to do).
 */
const realJudgeRunsAsked = ["tier", "full"].includes(process.env.AIRGAP_EVAL_REAL_JUDGE_RUNS ?? "");
const realJudgeRuns = ["rag-judges", "agent-judges", "custom-judges", "generate", "haswell"].map(
  (name) => `test/real-models/${name}.test.ts`,
);

export default defineConfig({
  test: {
    setupFiles: ["test/setup/network-guard.ts"],
    // Model loads are slow on 2 cores; run files in a few forks and keep timeouts generous.
    pool: "forks",
    testTimeout: 120_000,
    hookTimeout: 300_000,
    projects: [
      {
        extends: true,
        test: {
          name: "main",
          include: ["test/**/*.test.ts"],
          exclude: realJudgeRuns,
          maxWorkers: 2,
          // The tiny test models; the real-judge runs read only the fetched real models.
          globalSetup: ["test/setup/global-setup.ts"],
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
    test: { name: "real-judges", include: realJudgeRuns, maxWorkers: 2, sequence: { groupOrder: 1 } },
  } as const;
}
