/**
 * Section "peers": airgap-eval side by side with Ragas 0.4 and DeepEval 4 on the same GGUF judge, rows, threads and
 * context size, and our MiniLM encoder against sentence-transformers (PyTorch) and Python onnxruntime.
 *
 * - Judges: faithfulness, answer relevancy, context precision and context recall on rows of examples/rag-eval.jsonl,
 *   each peer against our metric of the same formula (Ragas' against `faithfulness`, `answer_relevancy`,
 *   `context_precision`, `context_recall`; DeepEval's against `deepeval_faithfulness`, `deepeval_answer_relevancy`,
 *   `deepeval_contextual_precision`, `deepeval_contextual_recall`: PEER_PAIRS), ours through `evaluate()`
 *   (concurrency 1, memo off, no cache), the peers in one `peers/bench_peers.py` process (llama-cpp-python in
 *   process, instructor JSON mode; that file says exactly how each peer is wired). Greedy on every side. The four
 *   sides take turns metric by metric, the first side rotating, so the machine's drift hits all. Per metric and
 *   side: seconds per row, judge calls, prompt and generated tokens, parse failures, rows with no score (error, None,
 *   NaN) and the scores. Model loading and the peers' imports are timed apart.
 * - Agreement (`--agreement <set>`): faithfulness on `--agreement-rows` rows of a labelled faithfulness set (e.g.
 *   halueval-qa-sample, read from AIRGAP_EVAL_DATASETS through its converter), every side taking turns as above;
 *   per side rows scored, parse failures, balanced accuracy, Cohen's κ and AUROC with bootstrap intervals
 *   (calibrate's figures), and seconds per row.
 * - Encoders (run first, so a stopped run's partial JSON has them): all-MiniLM-L6-v2 fp32, ours (TransformersEmbeddings on the ONNX file) against sentence-transformers on
 *   the PyTorch weights it was exported from and Python onnxruntime + tokenizers on the same ONNX file, at the same
 *   threads, texts per second at batch 1 and 32, engines alternating run by run, median of `--runs`.
 *
 * Goals (printed met / not met): ≥ 5× faster per row than Ragas; 0 parse failures where a peer has some; encoder
 * ≥ 1.0× sentence-transformers and ≥ 0.95× Python onnxruntime.
 *
 * Needs the real models (`npm run real-models`) and the peer environment (`bash peers/setup.sh bench`); without them
 * the section prints one line saying how to get them and exits 0.
 *
 * Run alone: node --import tsx bench/peers.ts [--quick] [--rows N] [--threads 2] [--judges smollm2,gemma]
 *   [--metrics faithfulness,...] [--parts judges,agreement,encoders] [--agreement halueval-qa-sample]
 *   [--agreement-rows 20] [--block 1] [--runs 5] [--texts 128] [--json out.json (and, as it goes,
 *   out.json.partial.json)] [--resume earlier.json or earlier.json.partial.json]
 * --resume: continue an earlier run (bench/lib/peers-resume.ts): its peer runs are kept when the model files, rows,
 *   threads, context size, peer versions and peers' code are the same, ours when our src/ is the same too; each
 *   judge's JSON records those facts (bench/lib/peers-fingerprint.ts), and the table says which rows were resumed.
 * --quick: 2 rows (2 labelled rows), SmolLM2 only, 32 texts and 2 encoder runs: a smoke run, not for publishing.
 * bench/peers-doc.ts turns the JSON into the table of docs/performance.md and the README's line.
 */
import { existsSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { datasetsDir } from "../src/datasets/datasets-dir.js";
import { TransformersEmbeddings } from "../src/embeddings/transformers-embeddings.js";
import { LlamaCppLlm } from "../src/llm/llama-cpp-llm.js";
import { DEFAULT_BOOTSTRAP_SEED, DEFAULT_RESAMPLES } from "../src/math/bootstrap.js";
import { makeBenchTexts } from "./embeddings-vs-raw.js";
import { flag, hasFlag, listFlag, numberFlag } from "./lib/cli.js";
import { benchRows, type RagRow } from "./lib/dataset.js";
import { BENCH_CONTEXT_SIZE, timeEvaluate } from "./lib/judges.js";
import { machineInfo, runtimeVersions } from "./lib/machine.js";
import {
  AGREEMENT_METRIC,
  AGREEMENT_THRESHOLD,
  type AgreementRows,
  agreementFigures,
  agreementRows,
  agreementSets,
  type PeersAgreement,
} from "./lib/peers-agreement.js";
import { peersFingerprint } from "./lib/peers-fingerprint.js";
import { formatPeers } from "./lib/peers-markdown.js";
import {
  ourMetricId,
  PEER_METRICS,
  PEER_PAIRS,
  type Peer,
  type PeerMetric,
  type PeersEncoderRow,
  type PeersJudgeResult,
  type PeersResult,
  rowsDone,
  type SideRun,
  sameCell,
} from "./lib/peers-report.js";
import {
  type EarlierResult,
  type ResumeDecision,
  readEarlierResult,
  resumeLine,
  resumeStart,
  rowsLeft,
} from "./lib/peers-resume.js";
import { type PeerJudgeRun, type PeersLoad, type PeersWorker, startPeersWorker } from "./lib/peers-worker.js";
import { makeJudgeMetric } from "./lib/real-judge-metrics.js";
import { finishSection, isMain, note } from "./lib/section.js";
import { REAL_MODEL_ENV } from "./real-models.js";

export type { PeersResult } from "./lib/peers-report.js";
export { formatPeers };

/** The environment the section needs: the real models and the peer venv. */
export const PEERS_ENV = [
  REAL_MODEL_ENV.smollm2,
  REAL_MODEL_ENV.gemma,
  REAL_MODEL_ENV.minilmFp32,
  "AIRGAP_EVAL_PEERS_VENV",
] as const;

/** The judges by `--judges` name. */
const JUDGES = {
  smollm2: { name: "SmolLM2-135M-Instruct Q4_1", env: REAL_MODEL_ENV.smollm2 },
  gemma: { name: "Gemma-3-270M Q4_K_M", env: REAL_MODEL_ENV.gemma },
} as const;

/**
 * The PyTorch weights of the fp32 MiniLM (config.json, model.safetensors, tokenizer.json): `npm run real-models`
 * builds the ONNX file from them and keeps them in its cache's build/ folder, beside models/.
 */
export function minilmTorchDir(onnxModelDir: string): string {
  return path.join(path.dirname(path.dirname(onnxModelDir)), "build", path.basename(onnxModelDir));
}

/** The MiniLM model files a result depends on: the ONNX file (ours, Python onnxruntime) and the PyTorch weights. */
function encoderModelFiles(minilmDir: string): string[] {
  const files = encoderFiles(minilmDir);
  return [files.minilmOnnx, path.join(files.minilmTorch, "model.safetensors")];
}

/** The MiniLM files the peers load: the PyTorch weights for sentence-transformers, the ONNX file and tokenizer. */
function encoderFiles(minilmDir: string) {
  return {
    minilmTorch: minilmTorchDir(minilmDir),
    minilmOnnx: path.join(minilmDir, "onnx", "model.onnx"),
    minilmTokenizer: path.join(minilmDir, "tokenizer.json"),
  };
}

/** Why the section cannot run here, or undefined when it can. */
export function peersMissing(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const unset = PEERS_ENV.filter((name) => !env[name]);
  const how =
    "npm run real-models prints the AIRGAP_EVAL_REAL_* paths; bash peers/setup.sh bench makes the peer environment";
  if (unset.length > 0) return `peers not configured: set ${unset.join(", ")} (${how})`;
  const python = path.join(env.AIRGAP_EVAL_PEERS_VENV!, "bin", "python");
  if (!existsSync(python)) return `no peer environment at ${env.AIRGAP_EVAL_PEERS_VENV} (${how})`;
  const torchDir = minilmTorchDir(env[REAL_MODEL_ENV.minilmFp32]!);
  if (!existsSync(path.join(torchDir, "model.safetensors")))
    return `no PyTorch MiniLM weights at ${torchDir} (npm run real-models builds them)`;
  return undefined;
}

const loadAverage = () => os.loadavg().map((x) => Math.round(x * 100) / 100);
const seconds = (t0: number) => (performance.now() - t0) / 1000;

/** One side of the comparison: ours with the metric of one peer's formula, or a peer. */
type SideSpec = { side: "airgap-eval"; formula: Peer } | { side: Peer };

/** The sides in the order they take turns: each peer right after our metric of its formula. */
const SIDES: readonly SideSpec[] = [
  { side: "airgap-eval", formula: "ragas" },
  { side: "ragas" },
  { side: "airgap-eval", formula: "deepeval" },
  { side: "deepeval" },
];

/** Our metric of `formula`'s formula over the rows, counted as the peers' runs are. */
async function runOurs(
  metric: PeerMetric,
  formula: Peer,
  rows: readonly RagRow[],
  models: { llm: LlamaCppLlm; embeddings: TransformersEmbeddings },
): Promise<SideRun> {
  const before = models.llm.stats();
  const run = await timeEvaluate(rows, [makeJudgeMetric(PEER_PAIRS[metric][formula], models)], 1);
  const after = models.llm.stats();
  const scores = run.records.map((r) => (typeof r.result.value === "number" ? r.result.value : null));
  return {
    side: "airgap-eval",
    metric,
    formula,
    rows: rows.length,
    secondsPerRow: run.seconds / rows.length,
    calls: after.calls - before.calls,
    promptTokens: after.promptTokens - before.promptTokens,
    generatedTokens: after.completionTokens - before.completionTokens,
    // Every error row counted as a parse failure: an upper bound (the grammar makes the answers parse).
    parseFailures: run.errors,
    noScore: scores.filter((s) => s === null || Number.isNaN(s)).length,
    scores,
    ...(run.firstError !== undefined ? { firstError: run.firstError.slice(0, 300) } : {}),
  };
}

function peerSide(r: PeerJudgeRun): SideRun {
  return {
    side: r.side,
    metric: r.metric,
    rows: r.rows,
    secondsPerRow: r.seconds / r.rows,
    calls: r.calls,
    promptTokens: r.promptTokens,
    generatedTokens: r.generatedTokens,
    parseFailures: r.parseFailures,
    noScore: r.none + r.nan,
    scores: r.scores,
    ...(r.firstError ? { firstError: r.firstError } : {}),
    ...(r.parseFailureExamples[0] ? { parseFailureExample: r.parseFailureExamples[0] } : {}),
  };
}

/** `b`'s rows added to `a` (the same metric and side, a later block of rows). */
export function mergeRuns(a: SideRun, b: SideRun): SideRun {
  const rows = a.rows + b.rows;
  return {
    ...a,
    rows,
    secondsPerRow: (a.secondsPerRow * a.rows + b.secondsPerRow * b.rows) / rows,
    calls: a.calls + b.calls,
    promptTokens: a.promptTokens + b.promptTokens,
    generatedTokens: a.generatedTokens + b.generatedTokens,
    parseFailures: a.parseFailures + b.parseFailures,
    noScore: a.noScore + b.noScore,
    scores: [...a.scores, ...b.scores],
    ...((a.firstError ?? b.firstError) ? { firstError: a.firstError ?? b.firstError } : {}),
    ...((a.parseFailureExample ?? b.parseFailureExample)
      ? { parseFailureExample: a.parseFailureExample ?? b.parseFailureExample }
      : {}),
  };
}

/** What a turn needs: the judge's name, our loaded models and the peers' worker. */
interface TurnModels {
  judge: string;
  worker: PeersWorker;
  llm: LlamaCppLlm;
  embeddings: TransformersEmbeddings;
}

/**
 * `metrics` over `rows` in blocks of `block`; per block every metric on every side, the first side rotating metric
 * by metric, so a slow drift of the machine's load hits every side alike and a partial run covers every metric.
 * Each side's run is merged into `runs`, and `progress` is called after it.
 */
async function takeTurns(
  models: TurnModels,
  work: { label: string; metrics: readonly PeerMetric[]; rows: readonly RagRow[]; block: number },
  runs: SideRun[],
  progress: () => Promise<void>,
): Promise<void> {
  const { worker, llm, embeddings } = models;
  for (let from = 0; from < work.rows.length; from += work.block) {
    const block = work.rows.slice(from, from + work.block);
    for (const [i, metric] of work.metrics.entries()) {
      for (let k = 0; k < SIDES.length; k++) {
        const spec = SIDES[(i + k) % SIDES.length]!;
        // Rows a resumed run has already done are left out.
        const done = runs.find((r) => sameCell(r, { metric, ...spec }))?.rows ?? 0;
        const rows = rowsLeft(block, from, done);
        if (rows.length === 0) continue;
        const run =
          spec.side === "airgap-eval"
            ? await runOurs(metric, spec.formula, rows, { llm, embeddings })
            : peerSide(await worker.send<PeerJudgeRun>({ cmd: "judge", side: spec.side, metric, rows }));
        const at = runs.findIndex((r) => sameCell(r, run));
        if (at === -1) runs.push(run);
        else runs[at] = mergeRuns(runs[at]!, run);
        const who = run.side === "airgap-eval" ? `airgap-eval ${ourMetricId(run)}` : run.side;
        note(
          `${models.judge}, ${work.label} rows ${from + block.length - rows.length + 1}-${from + block.length}, ${metric}, ${who}: ${run.secondsPerRow.toFixed(2)} s/row, ${run.parseFailures} parse failures, ${run.noScore} rows without a score${run.firstError ? ` (first error: ${run.firstError.slice(0, 160)})` : ""}`,
        );
        await progress();
      }
    }
  }
}

/** The agreement part's result so far: the rows' labels and ids, each side's run and its figures. */
async function agreementSoFar(set: AgreementRows, runs: readonly SideRun[]): Promise<PeersAgreement> {
  return {
    set: set.set,
    metric: AGREEMENT_METRIC,
    negative: set.negative,
    setRows: set.setRows,
    rows: set.rows.length,
    humans: set.humans,
    groups: set.groups,
    ids: set.ids,
    threshold: AGREEMENT_THRESHOLD,
    bootstrap: { resamples: DEFAULT_RESAMPLES, seed: DEFAULT_BOOTSTRAP_SEED },
    runs: await Promise.all(runs.map(async (r) => ({ ...r, agreement: await agreementFigures(set, r) }))),
  };
}

/**
 * One judge: the example rows (`rows`, every metric, every side), then, with `agreement`, faithfulness on the
 * labelled rows on every side. `progress` gets the judge's result so far after each side's run.
 */
async function runJudge(
  judge: { name: string; path: string },
  worker: PeersWorker,
  common: {
    threads: number;
    minilmDir: string;
    metrics: readonly PeerMetric[];
    rows: readonly RagRow[];
    agreement: AgreementRows | undefined;
    block: number;
    /** With `--resume`: the earlier result, and where to record what was taken from it. */
    resume: { earlier: EarlierResult; decisions: ResumeDecision[] } | undefined;
    progress: (partial: PeersJudgeResult) => void;
  },
): Promise<PeersJudgeResult> {
  const { threads, minilmDir } = common;
  const fingerprint = await peersFingerprint({
    judge: judge.path,
    encoderFiles: encoderModelFiles(minilmDir),
    rows: common.rows,
    agreement: common.agreement,
  });
  const peerLoad = await worker.send<PeersLoad>({
    cmd: "load",
    gguf: judge.path,
    threads,
    contextSize: BENCH_CONTEXT_SIZE,
    ...encoderFiles(minilmDir),
  });
  let t0 = performance.now();
  const llm = await LlamaCppLlm.load({
    modelPath: judge.path,
    threads,
    contextSize: BENCH_CONTEXT_SIZE,
    memoSize: 0,
  });
  const ourJudgeLoadSeconds = seconds(t0);
  t0 = performance.now();
  const embeddings = await TransformersEmbeddings.load({ model: minilmDir, threads, memoSize: 0 });
  const ourEncoderLoadSeconds = seconds(t0);
  const result: PeersJudgeResult = {
    judge: judge.name,
    peerLoad,
    ourJudgeLoadSeconds,
    ourEncoderLoadSeconds,
    fingerprint,
    runs: [],
  };
  let agreementRuns: SideRun[] = [];
  if (common.resume !== undefined) {
    const now = {
      judge: judge.name,
      threads,
      contextSize: BENCH_CONTEXT_SIZE,
      peerVersions: peerLoad.versions,
      runtimes: runtimeVersions(),
      fingerprint,
    };
    const start = resumeStart(
      common.resume.earlier,
      now,
      { rows: common.rows.length, metrics: common.metrics },
      common.agreement,
    );
    common.resume.decisions.push(start.decision);
    note(resumeLine(start.decision));
    if (start.decision.unchecked.length > 0)
      note(
        `WARNING: ${common.resume.earlier.file} is an older result: could not check ${start.decision.unchecked.join(", ")}`,
      );
    result.runs = start.runs;
    agreementRuns = start.agreementRuns;
  }
  const models = { judge: judge.name, worker, llm, embeddings };
  try {
    const work = { metrics: common.metrics, rows: common.rows, block: common.block };
    await takeTurns(models, { label: "example", ...work }, result.runs, async () => common.progress(result));
    const set = common.agreement;
    if (set !== undefined) {
      const runs = agreementRuns;
      await takeTurns(
        models,
        { label: set.set, metrics: [AGREEMENT_METRIC], rows: set.rows, block: common.block },
        runs,
        async () => {
          result.agreement = await agreementSoFar(set, runs);
          common.progress(result);
        },
      );
      result.agreement = await agreementSoFar(set, runs);
    }
  } finally {
    await llm.dispose();
    await embeddings.dispose();
  }
  return result;
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Texts per second of the three encoders at each batch size, engines alternating run by run. */
async function runEncoders(
  worker: PeersWorker,
  options: { minilmDir: string; threads: number; texts: number; runs: number },
) {
  const texts = makeBenchTexts(options.texts);
  const out = [];
  for (const batchSize of [1, 32]) {
    const ours = await TransformersEmbeddings.load({
      model: options.minilmDir,
      threads: options.threads,
      batchSize,
      memoSize: 0,
    });
    const engines = {
      "airgap-eval": async () => {
        const t0 = performance.now();
        await ours.embed(texts);
        return seconds(t0);
      },
      "sentence-transformers": async () =>
        (
          await worker.send<{ seconds: number }>({
            cmd: "encode",
            engine: "sentence-transformers",
            batchSize,
            texts,
          })
        ).seconds,
      onnxruntime: async () =>
        (await worker.send<{ seconds: number }>({ cmd: "encode", engine: "onnxruntime", batchSize, texts }))
          .seconds,
    };
    const names = Object.keys(engines) as (keyof typeof engines)[];
    const samples = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<string, number[]>;
    for (const n of names) await engines[n](); // warm-up
    for (let run = 0; run < options.runs; run++) {
      for (let k = 0; k < names.length; k++) {
        const n = names[(run + k) % names.length]!;
        samples[n]!.push(await engines[n]());
      }
    }
    await ours.dispose();
    const tps = (n: string) => texts.length / median(samples[n]!);
    out.push({
      batchSize,
      texts: texts.length,
      runs: options.runs,
      oursTextsPerSecond: tps("airgap-eval"),
      sentenceTransformersTextsPerSecond: tps("sentence-transformers"),
      onnxruntimeTextsPerSecond: tps("onnxruntime"),
    });
    note(`encoders, batch ${batchSize}: ${JSON.stringify(out.at(-1))}`);
  }
  return out;
}

/** The parts `--parts` can name. */
const PARTS = ["judges", "agreement", "encoders"] as const;

/** Runs the section, or returns `skipped` when the models or the peer environment are missing. */
export async function runPeers(): Promise<PeersResult> {
  const missing = peersMissing();
  if (missing) return { section: "peers", skipped: missing };
  const quick = hasFlag("quick");
  const threads = numberFlag("threads", 2);
  const rows = benchRows({ limit: numberFlag("rows", quick ? 2 : 20) });
  const metrics = (listFlag("metrics") ?? [...PEER_METRICS]) as PeerMetric[];
  for (const m of metrics)
    if (!(m in PEER_PAIRS)) throw new Error(`--metrics: no metric ${m} (${PEER_METRICS.join(", ")})`);
  const judgeNames = (listFlag("judges") ?? ["smollm2"]) as (keyof typeof JUDGES)[];
  for (const j of judgeNames) if (!(j in JUDGES)) throw new Error(`--judges: no judge ${j} (smollm2, gemma)`);
  const minilmDir = process.env[REAL_MODEL_ENV.minilmFp32]!;
  const block = numberFlag("block", 1);
  const agreementSet = flag("agreement");
  const parts = listFlag("parts") ?? [
    "judges",
    ...(agreementSet !== undefined ? ["agreement"] : []),
    "encoders",
  ];
  for (const p of parts)
    if (!(PARTS as readonly string[]).includes(p))
      throw new Error(`--parts: no part ${p} (${PARTS.join(", ")})`);
  if (parts.includes("agreement") && agreementSet === undefined)
    throw new Error(`--parts agreement needs --agreement <set> (${agreementSets().join(", ")})`);
  const agreement = parts.includes("agreement")
    ? agreementRows(agreementSet!, datasetsDir(), numberFlag("agreement-rows", quick ? 2 : 20))
    : undefined;
  const exampleRowsRun = parts.includes("judges") ? rows : [];
  const resumeFile = flag("resume");
  const resume =
    resumeFile === undefined
      ? undefined
      : { earlier: readEarlierResult(resumeFile), decisions: [] as ResumeDecision[] };
  const start = loadAverage();
  const t0 = performance.now();
  const startedAt = new Date().toISOString();
  const header = {
    section: "peers" as const,
    quick,
    command: ["node --import tsx bench/peers.ts", ...process.argv.slice(2)].join(" "),
    machine: machineInfo(),
    plannedRows: exampleRowsRun.length,
    threads,
    contextSize: BENCH_CONTEXT_SIZE,
    startedAt,
    ...(resume !== undefined ? { resumed: resume.decisions } : {}),
  };
  // With --json, the result so far after each side's run, so a long run that is stopped still has its table (with
  // the encoders, which run first for that reason).
  const jsonPath = flag("json");
  let peerVersions: Record<string, string> | undefined;
  let encoders: PeersEncoderRow[] = [];
  const writePartial = (judges: PeersJudgeResult[]) => {
    if (jsonPath === undefined) return;
    const partial: PeersResult = {
      ...header,
      runtimes: runtimeVersions(),
      ...(peerVersions !== undefined ? { peerVersions } : {}),
      judges,
      encoders,
    };
    writeFileSync(
      `${jsonPath}.partial.json`,
      `${JSON.stringify({ ...partial, rows: rowsDone(partial) }, null, 2)}\n`,
    );
  };
  note(`peers: load average ${start.join(", ")} at start; ${exampleRowsRun.length} rows, ${threads} threads`);
  const worker = startPeersWorker(note);
  try {
    if (parts.includes("encoders")) {
      peerVersions = (await worker.send<PeersLoad>({ cmd: "load", threads, ...encoderFiles(minilmDir) }))
        .versions;
      encoders = await runEncoders(worker, {
        minilmDir,
        threads,
        texts: numberFlag("texts", quick ? 32 : 128),
        runs: numberFlag("runs", quick ? 2 : 5),
      });
    }
    const judges: PeersJudgeResult[] = [];
    const judging = parts.includes("judges") || agreement !== undefined;
    for (const j of judging ? judgeNames : []) {
      const spec = JUDGES[j];
      judges.push(
        await runJudge({ name: spec.name, path: process.env[spec.env]! }, worker, {
          threads,
          minilmDir,
          metrics,
          rows: exampleRowsRun,
          agreement,
          block,
          resume,
          progress: (partial) => writePartial([...judges, partial]),
        }),
      );
    }
    return {
      ...header,
      rows: exampleRowsRun.length,
      loadAverage: { start, end: loadAverage() },
      wallSeconds: seconds(t0),
      runtimes: runtimeVersions(),
      peerVersions: peerVersions ?? judges[0]?.peerLoad.versions ?? {},
      judges,
      encoders,
    };
  } finally {
    await worker.close();
  }
}

if (isMain(import.meta.url)) {
  const result = await runPeers();
  if (result.skipped && flag("json") !== undefined)
    process.stderr.write(`bench peers: skipped: ${result.skipped}\n`);
  finishSection(result, formatPeers);
}
