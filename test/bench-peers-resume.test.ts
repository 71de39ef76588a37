// The peers bench's --resume, without models: which earlier runs are reused (the peers' when all they depend on is
// the same, ours only when our source tree is the same too), what an older result without a fingerprint could not
// check, the rows left to measure, and the table saying which rows came from which run.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { PeersFingerprint } from "../bench/lib/peers-fingerprint.js";
import { formatPeers } from "../bench/lib/peers-markdown.js";
import type { PeersJudgeResult, PeersResult, SideRun } from "../bench/lib/peers-report.js";
import {
  type CurrentFacts,
  type EarlierResult,
  readEarlierResult,
  resumeStart,
  rowsLeft,
} from "../bench/lib/peers-resume.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "peers-resume-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const VERSIONS = { ragas: "0.4.3", deepeval: "4.3.1", python: "3.11.7" };
const RUNTIMES = { node: "20.20.2", "node-llama-cpp": "3.21.1" };
const file = (sha256: string) => ({ path: `/m/${sha256}`, bytes: 10, sha256 });

const fingerprint = (over: Partial<PeersFingerprint> = {}): PeersFingerprint => ({
  judgeModel: file("judge"),
  encoderModels: [file("onnx"), file("torch")],
  rows: ["r1", "r2", "r3"],
  peersCodeSha256: "peers-code",
  ourSourceSha256: "src",
  ...over,
});

const run = (side: SideRun["side"], metric: string, rows: number, over: Partial<SideRun> = {}): SideRun => ({
  side,
  metric,
  ...(side === "airgap-eval" ? { formula: "ragas" as const } : {}),
  rows,
  secondsPerRow: 10,
  calls: rows,
  promptTokens: 100 * rows,
  generatedTokens: 10 * rows,
  parseFailures: 0,
  noScore: 0,
  scores: Array.from({ length: rows }, () => 1),
  ...over,
});

function judge(runs: SideRun[], fp?: PeersFingerprint): PeersJudgeResult {
  return {
    judge: "SmolLM2",
    peerLoad: {
      importSeconds: 3,
      judgeLoadSeconds: 0.2,
      sentenceTransformersLoadSeconds: 4,
      onnxruntimeLoadSeconds: 0.3,
      versions: VERSIONS,
    },
    ourJudgeLoadSeconds: 0.5,
    ourEncoderLoadSeconds: 0.1,
    ...(fp ? { fingerprint: fp } : {}),
    runs,
  };
}

const earlier = (runs: SideRun[], fp?: PeersFingerprint, over: Partial<PeersResult> = {}): EarlierResult => ({
  file: "old.json",
  result: {
    section: "peers",
    threads: 1,
    contextSize: 4096,
    startedAt: "2026-12-07T07:09:40.783Z",
    runtimes: RUNTIMES,
    judges: [judge(runs, fp)],
    ...over,
  },
});

const now = (over: Partial<PeersFingerprint> = {}, facts: Partial<CurrentFacts> = {}): CurrentFacts => ({
  judge: "SmolLM2",
  threads: 1,
  contextSize: 4096,
  peerVersions: VERSIONS,
  runtimes: RUNTIMES,
  fingerprint: fingerprint(over),
  ...facts,
});

const METRICS = ["faithfulness", "context_recall"];
const RUNS = [
  run("airgap-eval", "faithfulness", 2),
  run("ragas", "faithfulness", 2),
  run("deepeval", "faithfulness", 1),
];

describe("bench peers --resume", () => {
  it("reuses both sides when everything they depend on is the same, marking the rows as resumed", () => {
    const start = resumeStart(earlier(RUNS, fingerprint()), now(), { rows: 3, metrics: METRICS }, undefined);
    expect(start.decision).toMatchObject({ peers: true, ours: true, differs: [], unchecked: [] });
    expect(start.runs.map((r) => [r.side, r.rows, r.resumed])).toEqual([
      ["airgap-eval", 2, [{ file: "old.json", startedAt: "2026-12-07T07:09:40.783Z", rows: 2 }]],
      ["ragas", 2, [{ file: "old.json", startedAt: "2026-12-07T07:09:40.783Z", rows: 2 }]],
      ["deepeval", 1, [{ file: "old.json", startedAt: "2026-12-07T07:09:40.783Z", rows: 1 }]],
    ]);
  });

  it("measures ours again when our source tree changed, and the peers again when their code did", () => {
    const src = resumeStart(
      earlier(RUNS, fingerprint()),
      now({ ourSourceSha256: "src2" }),
      { rows: 3, metrics: METRICS },
      undefined,
    );
    expect(src.decision).toMatchObject({ peers: true, ours: false });
    expect(src.decision.differs).toEqual(["our source tree (src/) (ours measured again)"]);
    expect(src.runs.map((r) => r.side)).toEqual(["ragas", "deepeval"]);
    const code = resumeStart(
      earlier(RUNS, fingerprint()),
      now({ peersCodeSha256: "x" }),
      { rows: 3, metrics: METRICS },
      undefined,
    );
    expect(code.decision).toMatchObject({ peers: false, ours: true });
    expect(code.runs.map((r) => r.side)).toEqual(["airgap-eval"]);
  });

  it("reuses nothing when the judge model, threads, rows or peer versions differ", () => {
    const cases: [Partial<PeersFingerprint>, Partial<CurrentFacts>, RegExp][] = [
      [{ judgeModel: file("other") }, {}, /judge model file's sha256 \(both sides/],
      [{}, { threads: 2 }, /threads \(both sides/],
      [{ rows: ["r1", "changed"] }, {}, /rows' text \(both sides/],
      [{}, { peerVersions: { ...VERSIONS, ragas: "0.5.0" } }, /peers' package versions \(the peers/],
    ];
    for (const [fp, facts, why] of cases) {
      const start = resumeStart(
        earlier(RUNS, fingerprint()),
        now(fp, facts),
        { rows: 3, metrics: METRICS },
        undefined,
      );
      expect(start.decision.peers).toBe(false);
      expect(start.decision.differs.join("; ")).toMatch(why);
    }
  });

  it("accepts an older result without a fingerprint: the peers' runs reused, ours measured again, the gaps named", () => {
    const old = earlier(
      RUNS.map(({ formula: _, ...r }) => r),
      undefined,
    );
    const start = resumeStart(old, now(), { rows: 3, metrics: METRICS }, undefined);
    expect(start.decision).toMatchObject({ peers: true, ours: false, differs: [] });
    expect(start.decision.unchecked).toEqual([
      "the judge model file's sha256",
      "the encoder model files' sha256",
      "the rows' text",
      "the peers' code (peers/bench_peers.py, run.sh, env.sh)",
      "our source tree (src/)",
    ]);
    expect(start.runs.map((r) => r.side)).toEqual(["ragas", "deepeval"]);
  });

  it("leaves out runs of metrics not asked now", () => {
    const start = resumeStart(
      earlier(RUNS, fingerprint()),
      now(),
      { rows: 3, metrics: ["context_recall"] },
      undefined,
    );
    expect(start.runs).toEqual([]);
  });

  it("leaves out runs over more rows than asked now, and keeps a run's own earlier sources in order", () => {
    const chained = run("ragas", "context_recall", 3, {
      resumed: [{ file: "first.json", startedAt: "2026-12-06T00:00:00Z", rows: 2 }],
    });
    const start = resumeStart(
      earlier([...RUNS, chained], fingerprint()),
      now(),
      { rows: 3, metrics: METRICS },
      undefined,
    );
    expect(start.runs.find((r) => r.metric === "context_recall")?.resumed).toEqual([
      { file: "first.json", startedAt: "2026-12-06T00:00:00Z", rows: 2 },
      { file: "old.json", startedAt: "2026-12-07T07:09:40.783Z", rows: 1 },
    ]);
    const fewer = resumeStart(earlier(RUNS, fingerprint()), now(), { rows: 1, metrics: METRICS }, undefined);
    expect(fewer.runs.map((r) => r.side)).toEqual(["deepeval"]);
  });

  it("reuses nothing of a judge the earlier result did not run", () => {
    const start = resumeStart(
      earlier(RUNS, fingerprint()),
      now({}, { judge: "Gemma" }),
      { rows: 3, metrics: METRICS },
      undefined,
    );
    expect(start.runs).toEqual([]);
    expect(start.decision.differs).toEqual(["old.json has no run of this judge"]);
  });

  it("resumes the agreement part only on the same labelled rows", () => {
    const agreementRun = { ...run("ragas", "faithfulness", 1), agreement: {} };
    const withAgreement = (ids: string[]) => {
      const e = earlier(RUNS, fingerprint({ agreementRows: { set: "halueval-qa-sample", rows: ["h1"] } }));
      e.result.judges![0]!.agreement = {
        set: "halueval-qa-sample",
        metric: "faithfulness",
        negative: "unfaithful",
        setRows: 20,
        rows: 2,
        humans: [1, 0],
        groups: ["a", "a"],
        ids,
        threshold: 0.5,
        bootstrap: { resamples: 1000, seed: 1 },
        runs: [agreementRun as SideRun & { agreement: never }],
      };
      return e;
    };
    const fp = { agreementRows: { set: "halueval-qa-sample", rows: ["h1", "h2"] } };
    const same = resumeStart(
      withAgreement(["0-right", "0-hallucinated"]),
      now(fp),
      { rows: 3, metrics: METRICS },
      {
        set: "halueval-qa-sample",
        ids: ["0-right", "0-hallucinated"],
      },
    );
    expect(same.agreementRuns).toHaveLength(1);
    expect(same.agreementRuns[0]).not.toHaveProperty("agreement");
    const other = resumeStart(
      withAgreement(["5-right"]),
      now(fp),
      { rows: 3, metrics: METRICS },
      {
        set: "halueval-qa-sample",
        ids: ["0-right", "0-hallucinated"],
      },
    );
    expect(other.agreementRuns).toEqual([]);
    expect(other.decision.differs).toContain("the labelled rows (the agreement part measured again)");
  });

  it("measures only the rows of a block a resumed run has not done", () => {
    expect(rowsLeft(["r3", "r4"], 2, 3)).toEqual(["r4"]);
    expect(rowsLeft(["r3", "r4"], 2, 0)).toEqual(["r3", "r4"]);
    expect(rowsLeft(["r3", "r4"], 2, 4)).toEqual([]);
  });

  it("says in the table which rows came from which run, and what the resume reused", () => {
    const start = resumeStart(
      earlier(RUNS, fingerprint()),
      now({ ourSourceSha256: "src2" }),
      { rows: 3, metrics: METRICS },
      undefined,
    );
    const merged = { ...start.runs[0]!, rows: 3, scores: [1, 1, 1] };
    const result: PeersResult = {
      section: "peers",
      startedAt: "2026-12-08T00:00:00Z",
      resumed: [start.decision],
      judges: [judge([run("airgap-eval", "faithfulness", 3), merged])],
    };
    const text = formatPeers(result);
    expect(text).toContain(
      "- SmolLM2: resumed from old.json (run of 2026-12-07T07:09:40.783Z): the peers' runs reused, the rows they had done kept; our runs measured over all rows; differs: our source tree (src/) (ours measured again)",
    );
    expect(text).toMatch(
      /\| faithfulness \| ragas \| faithfulness \| 3 \(rows 1–2 from the run of 2026-12-07T07:09:40\.783Z\) \|/,
    );
  });

  it("reads an earlier result, saying what is wrong with a file that is not one", () => {
    const good = path.join(dir, "good.json");
    writeFileSync(good, JSON.stringify(earlier(RUNS).result));
    expect(readEarlierResult(good).result.judges).toHaveLength(1);
    const bad = path.join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify({ section: "judges" }));
    expect(() => readEarlierResult(bad)).toThrow(/--resume .*bad\.json: not a result of the peers section/);
    writeFileSync(bad, "{");
    expect(() => readEarlierResult(bad)).toThrow(/--resume .*bad\.json: cannot read it as JSON/);
  });
});
