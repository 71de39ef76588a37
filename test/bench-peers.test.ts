// The peers bench section's pieces: its skip line without the models or the peer environment, and its tables and
// goals on a small made-up result (the section itself runs Ragas, DeepEval and us on real judges for an hour:
// `npm run bench -- --only peers --quick` for a smoke run).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { agreementFigures } from "../bench/lib/peers-agreement.js";
import { ourMetricId, PEER_PAIRS, pairedRun, type SideRun, speedup } from "../bench/lib/peers-report.js";
import {
  formatPeers,
  mergeRuns,
  minilmTorchDir,
  PEERS_ENV,
  type PeersResult,
  peersMissing,
} from "../bench/peers.js";
import { benchOutputWithout } from "./support/bench-script.js";

const root = path.resolve(import.meta.dirname, "..");

const side = (over: Partial<SideRun> & Pick<SideRun, "side" | "metric" | "secondsPerRow">): SideRun => ({
  rows: 2,
  calls: 4,
  promptTokens: 2000,
  generatedTokens: 200,
  parseFailures: 0,
  noScore: 0,
  scores: [1, 0.5],
  ...over,
});

describe("bench peers", () => {
  it("prints one line saying how to get the models and the peers, and exits 0, when they are missing", () => {
    const out = benchOutputWithout("bench/peers.ts", PEERS_ENV);
    expect(out.trim().split("\n")).toHaveLength(1);
    expect(out).toContain("AIRGAP_EVAL_PEERS_VENV");
    expect(out).toContain("bash peers/setup.sh bench");
  });

  // The worker imports llama_cpp and the peers at start, so it stays up only in the bench tier's venv (setup.sh
  // stamps it with .peers-bench.sha256); CI's core tier has no llama_cpp, and its worker exits at once.
  const benchVenv = process.env.AIRGAP_EVAL_PEERS_VENV;
  it.skipIf(!benchVenv || !existsSync(path.join(benchVenv, ".peers-bench.sha256")))(
    "takes the Python worker down when the run is stopped by a signal",
    async () => {
      const script =
        "import { startPeersWorker } from './bench/lib/peers-worker.ts'; startPeersWorker(() => {}); setInterval(() => {}, 1000);";
      const node = spawn(process.execPath, ["--import", "tsx", "-e", script], { cwd: root, stdio: "ignore" });
      const ended = new Promise((resolve) => node.on("exit", resolve));
      let python: number | undefined;
      for (let i = 0; i < 100 && python === undefined; i++) {
        await new Promise((r) => setTimeout(r, 200));
        const found = spawnSync("pgrep", ["-P", String(node.pid)], { encoding: "utf8" }).stdout.trim();
        python = found === "" ? undefined : Number(found.split("\n")[0]);
      }
      expect(python).toBeDefined();
      node.kill("SIGTERM");
      await ended;
      // Gone, or a zombie waiting to be reaped (state Z in /proc), within 5 s.
      const running = () => {
        try {
          return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${python}/stat`, "utf8"));
        } catch {
          return false;
        }
      };
      for (let i = 0; i < 25 && running(); i++) await new Promise((r) => setTimeout(r, 200));
      expect(running()).toBe(false);
    },
    60_000,
  );

  it("names a peer venv that does not exist", () => {
    const env = Object.fromEntries(PEERS_ENV.map((n) => [n, "/nonexistent/x"]));
    expect(peersMissing(env)).toMatch(/no peer environment at \/nonexistent\/x/);
  });

  it("finds the PyTorch MiniLM weights in the real-models build folder beside models/", () => {
    expect(minilmTorchDir("/cache/models/all-MiniLM-L6-v2-fp32")).toBe("/cache/build/all-MiniLM-L6-v2-fp32");
  });

  it("adds a later block of rows to a side's run: time weighted by rows, counts summed, scores in order", () => {
    const a = side({ side: "ragas", metric: "faithfulness", secondsPerRow: 10, parseFailures: 1 });
    const b = side({
      side: "ragas",
      metric: "faithfulness",
      secondsPerRow: 4,
      rows: 1,
      scores: [null],
      noScore: 1,
    });
    const merged = mergeRuns(a, { ...b, firstError: "ValueError: x" });
    expect(merged).toMatchObject({ rows: 3, secondsPerRow: 8, calls: 8, parseFailures: 1, noScore: 1 });
    expect(merged.scores).toEqual([1, 0.5, null]);
    expect(merged.firstError).toBe("ValueError: x");
  });

  it("prints the goals met or not, each side's row with its ratio, failures and scores", () => {
    const result: PeersResult = {
      section: "peers",
      threads: 2,
      contextSize: 4096,
      rows: 2,
      startedAt: "2026-12-07T00:00:00Z",
      loadAverage: { start: [15, 14, 13], end: [16, 15, 14] },
      wallSeconds: 100,
      runtimes: {},
      peerVersions: { ragas: "0.4.3", deepeval: "4.3.1" },
      judges: [
        judge(
          [
            side({ side: "airgap-eval", metric: "faithfulness", secondsPerRow: 2 }),
            side({
              side: "ragas",
              metric: "faithfulness",
              secondsPerRow: 12,
              parseFailures: 1,
              noScore: 1,
              scores: [null, 0.5],
              parseFailureExample:
                'InstructorRetryException: <failed_attempts>\n\n<generation number="1">\n<exception>\n    bad JSON',
            }),
            side({ side: "deepeval", metric: "faithfulness", secondsPerRow: 6 }),
            side({ side: "airgap-eval", formula: "deepeval", metric: "faithfulness", secondsPerRow: 3 }),
          ],
          "SmolLM2-135M-Instruct Q4_1",
        ),
      ],
      encoders: [
        {
          batchSize: 32,
          texts: 128,
          runs: 5,
          oursTextsPerSecond: 100,
          sentenceTransformersTextsPerSecond: 90,
          onnxruntimeTextsPerSecond: 110,
        },
      ],
    };
    const text = formatPeers(result);
    expect(text).toMatch(
      /faster per row than Ragas, SmolLM2-135M-Instruct Q4_1 .*\| 6\.00× \(2\.00 vs 12\.00 s\/row\) \| ≥ 5× \| met/,
    );
    expect(text).toMatch(
      /parse failures, SmolLM2-135M-Instruct Q4_1 \| airgap-eval 0; ragas 1, deepeval 0 \| .* \| met/,
    );
    expect(text).toMatch(
      /\| faithfulness \| ragas \| faithfulness \| 2 \| 12\.00 \| 6\.00× \| – \| 2\.0 \| 1,000 \| 100 \| 1 \| 1 of 2 \| 0\.500 \|/,
    );
    expect(text).toMatch(/\| faithfulness \| airgap-eval \| faithfulness \| 2 \| 2\.00 \| – \| 6\.00× \|/);
    // DeepEval against our metric of DeepEval's formula, listed after it.
    expect(text).toMatch(
      /\| faithfulness \| airgap-eval \| deepeval_faithfulness \| 2 \| 3\.00 \| – [^\n]*\n\| faithfulness \| deepeval \| deepeval_faithfulness \| 2 \| 6\.00 \| 2\.00× \| 2\.00× \|/,
    );
    expect(text).toMatch(
      /faster per row than DeepEval, .* \| 2\.00× \(3\.00 vs 6\.00 s\/row\) \| – \| no goal/,
    );
    expect(text).not.toContain("†");
    expect(text).toMatch(/encoder vs sentence-transformers, batch 32 \| 1\.11× \| ≥ 1\.00× \| met/);
    expect(text).toMatch(/encoder vs Python onnxruntime, batch 32 \| 0\.91× \| ≥ 0\.95× \| not met/);
    expect(text).toContain("- faithfulness, ragas: – 0.50");
    expect(text).toContain("- faithfulness, airgap-eval deepeval_faithfulness: 1.00 0.50");
    expect(text).toContain("- faithfulness, ragas: InstructorRetryException: bad JSON\n");
    expect(text).toContain("15, 14, 13 at start, 16, 15, 14 at end");
  });

  it("pairs each peer with our metric of its own formula, four sides per metric", () => {
    expect(Object.values(PEER_PAIRS).map((p) => p.deepeval)).toEqual([
      "deepeval_faithfulness",
      "deepeval_answer_relevancy",
      "deepeval_contextual_precision",
      "deepeval_contextual_recall",
    ]);
    const runs = [
      side({ side: "airgap-eval", formula: "ragas", metric: "context_recall", secondsPerRow: 1 }),
      side({ side: "airgap-eval", formula: "deepeval", metric: "context_recall", secondsPerRow: 2 }),
      side({ side: "ragas", metric: "context_recall", secondsPerRow: 10 }),
      side({ side: "deepeval", metric: "context_recall", secondsPerRow: 4 }),
    ];
    expect(ourMetricId(runs[1]!)).toBe("deepeval_contextual_recall");
    expect(pairedRun(runs, runs[3]!)).toBe(runs[1]);
    expect(pairedRun(runs, runs[2]!)).toBe(runs[0]);
    expect(speedup(runs, "deepeval")).toMatchObject({ ourFormula: "deepeval", ratio: 2 });
    expect(speedup(runs, "ragas")).toMatchObject({ ourFormula: "ragas", ratio: 10 });
  });

  it("compares an older result's DeepEval runs with our Ragas-formula ones, and says so (†)", () => {
    // Results made before the bench ran DeepEval's formulas: our runs have no formula.
    const runs = [
      side({ side: "airgap-eval", metric: "faithfulness", secondsPerRow: 2 }),
      side({ side: "deepeval", metric: "faithfulness", secondsPerRow: 8 }),
    ];
    expect(ourMetricId(runs[0]!)).toBe("faithfulness");
    expect(pairedRun(runs, runs[1]!)).toBe(runs[0]);
    expect(speedup(runs, "deepeval")).toMatchObject({
      ourFormula: "ragas",
      ratio: 4,
      metrics: ["faithfulness"],
    });
    const text = formatPeers({ section: "peers", startedAt: "x", judges: [judge(runs)] });
    expect(text).toMatch(/\| faithfulness \| deepeval \| faithfulness † \|/);
    expect(text).toContain("† compared with our Ragas-formula metric");
  });

  it("prints each side's agreement with people: rows scored, parse failures, figures with intervals, s/row", async () => {
    const rows = { humans: [1, 0, 1, 0] as (0 | 1)[], groups: ["a", "a", "b", "b"] };
    const runs = [
      side({
        side: "airgap-eval",
        formula: "ragas",
        metric: "faithfulness",
        secondsPerRow: 1,
        scores: [1, 0, 1, 0],
      }),
      side({
        side: "ragas",
        metric: "faithfulness",
        secondsPerRow: 9,
        parseFailures: 3,
        noScore: 3,
        scores: [1, null, null, null],
      }),
    ];
    const agreement = {
      set: "halueval-qa-sample",
      metric: "faithfulness" as const,
      negative: "unfaithful",
      setRows: 20,
      rows: 4,
      ...rows,
      ids: ["0-right", "0-hallucinated", "1-right", "1-hallucinated"],
      threshold: 0.5,
      bootstrap: { resamples: 1000, seed: 7 },
      runs: await Promise.all(
        runs.map(async (r) => ({ ...r, rows: 4, agreement: await agreementFigures(rows, r) })),
      ),
    };
    const text = formatPeers({ section: "peers", startedAt: "x", judges: [{ ...judge([]), agreement }] });
    expect(text).toContain(
      "faithfulness on 4 of the 20 labelled rows of halueval-qa-sample (2 labelled faithful, 2 unfaithful",
    );
    expect(text).toMatch(
      /\| airgap-eval \| faithfulness \| 4 of 4 \| 0 \| 1\.00 \[1\.00, 1\.00\] \| 1\.00 \[[^\]]+\] \| 1\.00 \[[^\]]+\] \| 1\.00 \|/,
    );
    expect(text).toMatch(/\| ragas \| Ragas' faithfulness \| 1 of 4 \| 3 \| n\/a \(.+\) \|/);
  });
});

/** A judge's result with `runs` and made-up load times. */
function judge(runs: SideRun[], name = "SmolLM2") {
  return {
    judge: name,
    peerLoad: {
      importSeconds: 3,
      judgeLoadSeconds: 0.2,
      sentenceTransformersLoadSeconds: 4,
      onnxruntimeLoadSeconds: 0.3,
      versions: {},
    },
    ourJudgeLoadSeconds: 0.5,
    ourEncoderLoadSeconds: 0.1,
    runs,
  };
}
