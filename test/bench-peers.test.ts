// The peers bench section's pieces: its skip line without the models or the peer environment, and its tables and
// goals on a small made-up result (the section itself runs Ragas, DeepEval and us on real judges for an hour:
// `npm run bench -- --only peers --quick` for a smoke run).
import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { SideRun } from "../bench/lib/peers-report.js";
import {
  formatPeers,
  mergeRuns,
  minilmTorchDir,
  PEERS_ENV,
  type PeersResult,
  peersMissing,
} from "../bench/peers.js";

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
    const env = { ...process.env };
    for (const name of PEERS_ENV) delete env[name];
    const out = execFileSync(process.execPath, ["--import", "tsx", "bench/peers.ts"], {
      cwd: root,
      env,
      encoding: "utf8",
    });
    expect(out.trim().split("\n")).toHaveLength(1);
    expect(out).toContain("AIRGAP_EVAL_PEERS_VENV");
    expect(out).toContain("bash peers/setup.sh bench");
  });

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
        {
          judge: "SmolLM2-135M-Instruct Q4_1",
          peerLoad: {
            importSeconds: 3,
            judgeLoadSeconds: 0.2,
            sentenceTransformersLoadSeconds: 4,
            onnxruntimeLoadSeconds: 0.3,
            versions: {},
          },
          ourJudgeLoadSeconds: 0.5,
          ourEncoderLoadSeconds: 0.1,
          runs: [
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
          ],
        },
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
      /\| faithfulness \| ragas \| 12\.00 \| 6\.00× \| 2\.0 \| 1,000 \| 100 \| 1 \| 1 of 2 \| 0\.500 \|/,
    );
    expect(text).toMatch(/encoder vs sentence-transformers, batch 32 \| 1\.11× \| ≥ 1\.00× \| met/);
    expect(text).toMatch(/encoder vs Python onnxruntime, batch 32 \| 0\.91× \| ≥ 0\.95× \| not met/);
    expect(text).toContain("- faithfulness, ragas: – 0.50");
    expect(text).toContain("- faithfulness, ragas: InstructorRetryException: bad JSON\n");
    expect(text).toContain("15, 14, 13 at start, 16, 15, 14 at end");
  });
});
