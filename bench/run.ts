/**
 * `npm run bench`: every benchmark section, each in its own child process (one after another, never
 * in parallel: they would compete for the cores), so each section's peak memory is its own. Prints
 * Markdown tables (a summary, the levers, peak memory, then each section) and writes one JSON file with
 * the machine, runtime versions, every model's sha256, the settings and all results.
 *
 *   npm run bench [-- --gguf a.gguf[,b.gguf]] [--onnx dir[,dir]] [--only judge,rows,...]
 *                 [--json out/bench.json] [--concurrency 1,2] [--threads N (the real and peers sections' judges)] [--quick]
 *                 [--judges a,b] [--rows N] [--agreement set] [--agreement-rows N] [--resume file] (passed to peers)
 *
 * Sections: embeddings (library vs raw onnxruntime, bench/embeddings-vs-raw.ts), judge (library vs raw
 * node-llama-cpp), threads (judge threads), embeddings-threads, rows (evaluate() rows/s by
 * concurrency), cpu-build (the portable llama.cpp CPU build vs the fastest for this CPU), prompt-work (prompt tokens evaluated per row, prefix reuse on/off), levers (rows/s with
 * and without each lever), proxy (a Qwen2.5-0.5B-shaped judge, bench/proxy-model.ts), cache (cold vs
 * warm), cache-storage (the cache's reads and writes per second by SQLite driver, bench/cache-storage.ts),
 * judge-free (every metric without a judge on 100,000 generated rows, bench/judge-free.ts), memory
 * (peak RSS of the CLI eval, and of the CLI report of its results, on 10,000 to 1,000,000 generated
 * rows, bench/memory.ts), starter-quality (the starter embedder's sanity set), verifiers (verifier_faithfulness
 * with BERT-base- and MiniLM-size random-weight verifiers, fp32 and int8, against the judge's faithfulness on the Qwen2.5-0.5B-shaped
 * proxy, per row and as a ratio; the RAG triad with int8 verifiers for faithfulness and context relevance,
 * bench/verifiers.ts), split (judgeWithSplitting on huge contexts, bench/split.ts), scaling (the text passes and the
 * tool-call metrics on hostile inputs at 1×, 2× and 4× the size, with the time ratios, bench/scaling.ts), real (the real small judges and MiniLM from `npm run real-models`, named by the
 * AIRGAP_EVAL_REAL_* environment variables: every judge metric and the RAG triad per row, the grammar's share of
 * generation, the encoder vs raw onnxruntime; one line saying it was skipped when they are unset, bench/real-models.ts),
 * triad-cli (the RAG triad through the CLI on the real SmolLM2, defaults and fast options on the portable and the
 * fastest CPU build, per row from an N-row minus a 1-row run; skipped likewise, bench/triad-cli.ts),
 * peers (Ragas and DeepEval against us on the same real judge and rows, and the MiniLM encoder against
 * sentence-transformers and Python onnxruntime, in the peer environment of peers/; skipped likewise; run only when `--only` names it, since it takes hours, bench/peers.ts).
 * Defaults: the generated tiny models (written when missing), the starter GloVe model, and
 * ../shared/models/stories260K.gguf when present. `--quick` is a smoke run (under 3 minutes on a quiet 2-core
 * machine): without --gguf / --onnx one judge (stories260K when present) and one encoder (MiniLM-sized), one
 * timed round, 4 example rows in the judge sections, the proxy on a 64-token prompt, smaller generated inputs
 * (judge-free, memory without the report runs, cache-storage), in verifiers the MiniLM-size verifiers only (fp32 and
 * int8) on 4 rows, one judge row and one triad row with a 16-token answer budget (well under a minute); every
 * section still runs and prints its ratios,
 * not for publishing.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEFAULT_THREADS } from "../src/llm/load-options.js";
import { formatCacheStorage } from "./cache-storage.js";
import { type CpuBuildResult, formatCpuBuild } from "./cpu-build.js";
import { type EmbeddingBatchingResult, formatEmbeddingBatching } from "./embedding-batching.js";
import { type EmbeddingsThreadsResult, formatEmbeddingsThreads } from "./embeddings.js";
import type { EmbeddingsVsRawResult } from "./embeddings-vs-raw.js";
import { formatEvaluateCache } from "./evaluate-cache.js";
import { formatJudgeFree } from "./judge-free.js";
import { formatJudgeScoring, type JudgeScoringResult } from "./judge-scoring.js";
import { formatJudgeSharing, type JudgeSharingResult } from "./judge-sharing.js";
import { formatJudgeVsRaw, type JudgeVsRawResult } from "./judge-vs-raw.js";
import { formatLevers, type LeverResult, type LeversResult, leverLabels } from "./levers.js";
import { flag, hasFlag, listFlag } from "./lib/cli.js";
import { estimateRealJudge, formatRealJudgeEstimate } from "./lib/estimate.js";
import { BENCH_CONTEXT_SIZE, metricLabels } from "./lib/judges.js";
import { machineInfo, runtimeVersions } from "./lib/machine.js";
import { markdownTable, num, percent, times } from "./lib/markdown.js";
import {
  defaultGgufs,
  defaultOnnxDirs,
  describeModel,
  type ModelInfo,
  minilmShapedDir,
  modelName,
  prepareDefaultModels,
  repoRoot,
  starterDir,
} from "./lib/models.js";
import { ratio } from "./lib/stats.js";
import { formatLlmThreads, type LlmThreadsResult } from "./llm-threads.js";
import { formatMemory } from "./memory.js";
import { formatPeers, type PeersResult } from "./peers.js";
import { formatPrefill, type PrefillResult } from "./prefill.js";
import { formatPromptWork, type PromptWorkResult } from "./prompt-work.js";
import { formatRealModels, type RealModelsResult } from "./real-models.js";
import { formatRows, type RowsResult } from "./rows.js";
import { formatTriadCli, type TriadCliResult } from "./triad-cli.js";
import { formatVerifiers, type VerifiersResult } from "./verifiers.js";

const benchDir = path.join(repoRoot, "bench");

/** What a section runs on: each judge, each encoder, all encoders in one process, the first judge, or nothing. */
type Scope = "gguf" | "onnx" | "all-onnx" | "first-gguf" | "none";

interface SectionSpec {
  name: string;
  title: string;
  file: string;
  scope: Scope;
  /** Extra arguments (the model flag is added by the scope). */
  args: string[];
  /** The child writes `--json`; otherwise its stdout is the section's Markdown. */
  json: boolean;
  /** Runs only when `--only` names it (a section that takes hours). Default: false, part of every run. */
  onlyWhenNamed?: boolean;
}

interface SectionRun {
  section: string;
  model: string | undefined;
  exitCode: number | null;
  seconds: number;
  /** Whole-process peak RSS in MB (from the preloaded bench/lib/rss-on-exit.ts). */
  peakRssMb: number | undefined;
  result: Record<string, unknown> | undefined;
  stdout: string;
}

const quick = hasFlag("quick");
// --quick is a smoke run (under 3 minutes on a quiet 2-core machine, docs/performance.md): every section runs
// once on a small input and prints its tables and ratios, which are not numbers to publish.
const quickRounds = ["--rounds", "1,1"];
/** Example rows per timed run in the judge sections under --quick (of 20). */
const quickRows = ["--rows", "4"];
/** The one judge of the sections that pick their own under --quick: stories260K when present, else tiny-llama. */
const quickJudge = ["--gguf", defaultGgufs().at(-1)!];
const concurrency = flag("concurrency") ?? "1,2";
/** Threads of the real judges in the real section (its default is 2). */
const realThreads = flag("threads");
/** The peers section's own flags, passed on when given (bench/peers.ts says what each does). */
const peersArgs = ["judges", "rows", "agreement", "agreement-rows", "resume"].flatMap((name) => {
  const value = flag(name);
  return value === undefined ? [] : [`--${name}`, value];
});

const SECTIONS: SectionSpec[] = [
  {
    name: "embeddings",
    title: "1. Embeddings: TransformersEmbeddings vs raw onnxruntime-node (texts/s)",
    file: "embeddings-vs-raw.ts",
    scope: "all-onnx",
    args: quick ? ["--runs", "2", "--batch", "1,32", "--texts", "64"] : [],
    json: true,
  },
  {
    name: "judge",
    title: "2. Judge: LlamaCppLlm.generateObject vs raw node-llama-cpp (generated tokens/s)",
    file: "judge-vs-raw.ts",
    scope: "gguf",
    args: quick ? [...quickRounds, "--prompts", "2"] : [],
    json: true,
  },
  {
    name: "threads",
    title: "3. Threads: judge prompt processing and generation by thread count",
    file: "llm-threads.ts",
    scope: "gguf",
    args: quick ? [...quickRounds, "--tokens", "16"] : [],
    json: true,
  },
  {
    name: "cpu-build",
    title:
      "3a. CPU build: the portable llama.cpp build (the default) vs the fastest for this CPU, prompt and generation tokens/s (bench/cpu-build.ts)",
    file: "cpu-build.ts",
    scope: "none",
    args: quick ? ["--rounds", "1", ...quickJudge] : ["--rounds", "3"],
    json: true,
  },
  {
    name: "embeddings-threads",
    title: "3b. Threads: embeddings texts/s by onnxruntime thread count",
    file: "embeddings.ts",
    scope: "onnx",
    args: quick ? [...quickRounds, "--texts", "64"] : [],
    json: true,
  },
  {
    name: "rows",
    title: "4. Rows: evaluate() rows/s by concurrency",
    file: "rows.ts",
    scope: "gguf",
    args: [...(quick ? [...quickRounds, ...quickRows] : []), "--concurrency", concurrency],
    json: true,
  },
  {
    name: "prompt-work",
    title: "5. Prompt work: prompt tokens evaluated per row, prefix reuse on and off",
    file: "prompt-work.ts",
    scope: "gguf",
    args: quick ? quickRows : [],
    json: true,
  },
  {
    name: "levers",
    title: "Levers: rows/s with and without each lever",
    file: "levers.ts",
    scope: "gguf",
    args: quick ? [...quickRounds, ...quickRows] : [],
    json: true,
  },
  {
    name: "judge-sharing",
    title: "Judge work shared within a row: every judge metric together, memo on vs off",
    file: "judge-sharing.ts",
    scope: "gguf",
    args: quick ? ["--rows", "1"] : ["--rows", "2"],
    json: true,
  },
  {
    name: "judge-scoring",
    title: "Judge scoring: verdict probabilities read while the judge writes, and reasons off",
    file: "judge-scoring.ts",
    scope: "gguf",
    // Quick: one metric of each kind of verdict (statements with reasons off, contexts, a custom judge, G-Eval).
    args: quick
      ? ["--rows", "2", "--metrics", "faithfulness,context_precision,aspect_critic,g_eval"]
      : ["--rows", "8", "--proxy"],
    json: true,
  },
  {
    name: "prefill",
    title:
      "Jump-forward: faithfulness verdicts, context relevance and answer relevancy free vs prefilled vs token by token, and the Qwen2.5-0.5B estimate (bench/prefill.ts)",
    file: "prefill.ts",
    scope: "none",
    args: quick
      ? ["--rows", "2", "--rounds", "1", ...quickJudge]
      : ["--rows", "4", "--rounds", "3", "--proxy"],
    json: true,
  },
  {
    name: "embedding-batching",
    title: "Levers: batching embeddings across rows (semantic similarity, 8 rows at once)",
    file: "embedding-batching.ts",
    scope: "onnx",
    args: quick ? quickRounds : [],
    json: true,
  },
  {
    name: "proxy",
    title:
      "Real size: a Qwen2.5-0.5B-shaped random-weight proxy judge, and seconds per row (bench/proxy-model.ts)",
    file: "proxy-model.ts",
    scope: "none",
    args: quick ? [...quickRounds, "--prompt-tokens", "64", "--tokens", "4"] : [],
    json: true,
  },
  {
    name: "cache",
    title: "Cache: evaluate() cold vs warm",
    file: "evaluate-cache.ts",
    scope: "first-gguf",
    args: quick ? ["--rounds", "1"] : [],
    json: true,
  },
  {
    name: "cache-storage",
    title:
      "Cache storage: reads and writes per second of libsql (shipped), node:sqlite and better-sqlite3 where present (bench/cache-storage.ts)",
    file: "cache-storage.ts",
    scope: "none",
    args: quick ? ["--entries", "1000", "--rounds", "1"] : [],
    json: true,
  },
  {
    name: "judge-free",
    title: "Judge-free metrics: rows/s of every metric without a judge on generated short rows, and peak RSS",
    file: "judge-free.ts",
    scope: "none",
    args: quick ? ["--rows", "2000"] : [],
    json: true,
  },
  {
    name: "memory",
    title:
      "Memory as rows grow: peak RSS of `airgap-eval eval`, and of `airgap-eval report` of its results, on 10,000 to 1,000,000 generated rows (bench/memory.ts)",
    file: "memory.ts",
    scope: "none",
    args: quick
      ? ["--rows", "1000,3000", "--light-rows", "1000,3000", "--embedding-rows", "1000", "--no-reports"]
      : [],
    json: true,
  },
  {
    name: "split",
    title: "Splitting huge contexts: judgeWithSplitting time from 100 KB to 10 MB (bench/split.ts)",
    file: "split.ts",
    scope: "none",
    args: [],
    json: false,
  },
  {
    name: "scaling",
    title:
      "Scaling on hostile input: sentence splitting, htmlToText, tool_call_f1 and tool_correctness at 1×, 2× and 4× the input (bench/scaling.ts)",
    file: "scaling.ts",
    scope: "none",
    args: quick ? ["--quick"] : [],
    json: false,
  },
  {
    name: "verifiers",
    title:
      "Verifiers: verifier_faithfulness (BERT-base- and MiniLM-size, fp32 and int8) vs the judge's faithfulness on the Qwen2.5-0.5B-shaped proxy (stories260K under --quick), per row, and the RAG triad with int8 verifiers (bench/verifiers.ts)",
    file: "verifiers.ts",
    scope: "none",
    // Quick: the MiniLM-size verifiers only (never the 435 MB BERT-base graph) on 4 rows; the quick judge
    // (stories260K, not the proxy: a smoke run of every path, its ratios say nothing) on one row with a 16-token
    // answer budget and no retry, the triad on one row.
    args: quick
      ? [
          ...quickJudge,
          "--sizes",
          "minilm-l6",
          "--rows",
          "4",
          "--judge-rows",
          "1",
          "--judge-max-tokens",
          "16",
          "--retry-factor",
          "1",
          "--triad-rows",
          "1",
        ]
      : [],
    json: true,
  },
  {
    name: "real",
    title:
      "Real models: judge metrics and the RAG triad per row on SmolLM2-135M-Instruct and Gemma-3-270M, the grammar's share of generation, the real MiniLM vs raw onnxruntime (bench/real-models.ts)",
    file: "real-models.ts",
    scope: "none",
    // --threads sets the real judges' threads (default 2); the peers section reads it too.
    args: [...(quick ? ["--quick"] : []), ...(realThreads !== undefined ? ["--threads", realThreads] : [])],
    json: true,
  },
  {
    name: "triad-cli",
    title:
      "Real models: the RAG triad through the CLI on SmolLM2-135M-Instruct, defaults and fast options, portable and fastest CPU build (bench/triad-cli.ts)",
    file: "triad-cli.ts",
    scope: "none",
    args: [
      ...(quick ? ["--rows", "2", "--rounds", "1"] : []),
      ...(realThreads !== undefined ? ["--threads", realThreads] : []),
    ],
    json: true,
  },
  {
    name: "peers",
    title:
      "Peers: Ragas and DeepEval on the same GGUF judge, rows and threads, and the MiniLM encoder vs sentence-transformers and Python onnxruntime (bench/peers.ts)",
    file: "peers.ts",
    scope: "none",
    args: [
      ...(quick ? ["--quick"] : []),
      ...(realThreads !== undefined ? ["--threads", realThreads] : []),
      ...peersArgs,
    ],
    json: true,
    // The peers take minutes per row on 2 cores, so a plain `npm run bench` leaves them out.
    onlyWhenNamed: true,
  },
  {
    name: "starter-quality",
    title:
      "Starter embedder: sanity-set ordering (bench/starter-quality.ts --quick; drop --quick for the variant sweep)",
    file: "starter-quality.ts",
    scope: "none",
    args: ["--quick"],
    json: false,
  },
];

/** Runs one section in a child process; its stderr (progress) goes to ours. */
function runChild(spec: SectionSpec, model: string | undefined, tmp: string): Promise<SectionRun> {
  const tag = `${spec.name}-${model ? modelName(model).replace(/[^\w.-]+/g, "_") : "all"}`;
  const jsonFile = path.join(tmp, `${tag}.json`);
  const rssFile = path.join(tmp, `${tag}.rss.json`);
  const modelArgs =
    model === undefined
      ? []
      : spec.scope === "onnx" || spec.scope === "all-onnx"
        ? ["--onnx", model]
        : ["--gguf", model];
  const args = [
    "--import",
    "tsx",
    "--import",
    path.join(benchDir, "lib", "rss-on-exit.ts"),
    path.join(benchDir, spec.file),
    ...modelArgs,
    ...spec.args,
    ...(spec.json ? ["--json", jsonFile] : []),
  ];
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: repoRoot,
      env: { ...process.env, BENCH_RSS_FILE: rssFile },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let stdout = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.on("close", (code, signal) => {
      const readJson = (file: string): Record<string, unknown> | undefined => {
        try {
          return JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
        } catch {
          return undefined;
        }
      };
      const rss = readJson(rssFile)?.peakRssMb;
      resolve({
        section: spec.name,
        model: model === undefined ? undefined : modelName(model),
        exitCode: code ?? (signal ? 128 : null),
        seconds: Math.round((performance.now() - started) / 100) / 10,
        peakRssMb: typeof rss === "number" ? rss : undefined,
        result: spec.json ? readJson(jsonFile) : undefined,
        stdout,
      });
    });
  });
}

function resultsOf<R>(runs: readonly SectionRun[], section: string): R[] {
  return runs.filter((r) => r.section === section && r.result !== undefined).map((r) => r.result as R);
}

/** The one-line-per-goal summary of the issue's items 1–5. */
function summaryTable(runs: readonly SectionRun[]): string {
  const rows: string[][] = [];
  for (const e of resultsOf<EmbeddingsVsRawResult>(runs, "embeddings")) {
    for (const r of e.rows.filter((x) => x.batchSize === 32)) {
      rows.push([
        "1 embeddings vs raw, batch 32",
        r.model,
        `${times(r.ratio)} (paired ${times(r.pairedRatio)})`,
        "≥ 0.90×",
        r.ratio >= 0.9 ? "yes" : "no",
      ]);
    }
  }
  for (const r of resultsOf<JudgeVsRawResult>(runs, "judge")) {
    rows.push([
      "2 judge vs raw, tokens/s",
      r.model,
      `${times(r.ratio)} (paired ${times(r.pairedRatio)}; ${num(r.libTokensPerSecond, 0)} vs ${num(r.rawTokensPerSecond, 0)} tok/s)`,
      "≥ 0.90×",
      r.ratio >= 0.9 ? "yes" : "no",
    ]);
  }
  for (const r of resultsOf<LlmThreadsResult>(runs, "threads")) {
    // A judge call reads its prompt and then generates: the setting that matters is the fastest whole call.
    const callSeconds = (x: LlmThreadsResult["rows"][number]) =>
      r.promptTokens / x.promptTokensPerSecond + x.generatedTokens / x.generatedTokensPerSecond;
    const byCall = [...r.rows].sort((a, b) => callSeconds(a) - callSeconds(b));
    const fastestCall = byCall[0]?.threads;
    rows.push([
      "3 judge threads",
      r.model,
      `fastest: ${r.fastestGeneration} (generation), ${r.fastestPrompt} (prompt), ${fastestCall} (whole call: ` +
        `${r.promptTokens} prompt + ${num(byCall[0]?.generatedTokens, 0)} generated tokens, ` +
        `${times(ratio(callSeconds(byCall[1]!), callSeconds(byCall[0]!)))})`,
      `default ${r.defaultThreads} is fastest per call`,
      fastestCall === r.defaultThreads ? "yes" : "no",
    ]);
  }
  for (const r of resultsOf<EmbeddingsThreadsResult>(runs, "embeddings-threads")) {
    const ok = r.fastest === r.defaultThreads || r.margin < 1.05;
    rows.push([
      "3 embeddings threads",
      r.model,
      `fastest: ${r.fastest} by ${times(r.margin)}`,
      `default ${r.defaultThreads} is fastest (or within 5%)`,
      ok ? "yes" : "no",
    ]);
  }
  for (const r of resultsOf<RowsResult>(runs, "rows")) {
    for (const m of r.metrics) {
      rows.push([
        `4 rows/s, ${metricLabels[m.metric]}`,
        r.model,
        `${m.rows.map((x) => `${num(x.rowsPerSecond, 2)} at ${x.concurrency}`).join(", ")}; best ${m.best} (${times(m.speedup)} vs 1)` +
          (m.errors > 0 ? `; ${m.errors}/${m.ok + m.errors} error rows` : ""),
        "speed-up reported",
        "–",
      ]);
    }
  }
  for (const r of resultsOf<PromptWorkResult>(runs, "prompt-work")) {
    for (const x of r.results) {
      rows.push([
        `5 prompt tokens/row, ${x.metric === "all" ? "all three" : metricLabels[x.metric]}`,
        r.model,
        `${num(x.reuse.evaluatedPerRow, 0)} vs ${num(x.noReuse.evaluatedPerRow, 0)}: ${percent(x.fewer)} fewer; scores ${x.sameScores ? "identical" : "DIFFER"}`,
        "≥ 60% fewer, same scores",
        x.fewer >= 0.6 && x.sameScores ? "yes" : "no",
      ]);
    }
  }
  return markdownTable(["item", "model", "measured", "goal", "met"], rows);
}

/** Every lever with and without, including sequences from the rows section and prompt tokens from prompt-work. */
function leverRows(runs: readonly SectionRun[]): LeverResult[] {
  const out: LeverResult[] = [];
  for (const r of resultsOf<RowsResult>(runs, "rows")) {
    for (const m of r.metrics) {
      const base = m.rows.find((x) => x.concurrency === 1);
      const more = m.rows
        .filter((x) => x.concurrency > 1)
        .sort((a, b) => b.rowsPerSecond - a.rowsPerSecond)[0];
      if (!base || !more) continue;
      out.push({
        lever: "sequences",
        setup: `${r.model}: ${metricLabels[m.metric]}, concurrency ${more.concurrency} vs 1`,
        withRowsPerSecond: more.rowsPerSecond,
        withoutRowsPerSecond: base.rowsPerSecond,
        speedup: ratio(more.rowsPerSecond, base.rowsPerSecond),
        samples: { with: more.samples, without: base.samples },
      });
    }
  }
  for (const r of resultsOf<LeversResult>(runs, "levers")) {
    for (const l of r.levers) out.push({ ...l, setup: `${r.model}: ${l.setup}` });
  }
  for (const r of resultsOf<EmbeddingBatchingResult>(runs, "embedding-batching")) out.push(r.lever);
  return out;
}

function leversTable(runs: readonly SectionRun[]): string {
  const tokens = new Map(
    resultsOf<PromptWorkResult>(runs, "prompt-work").map((r) => [
      r.model,
      r.results.find((x) => x.metric === "all"),
    ]),
  );
  const rows = leverRows(runs).map((l) => {
    const verdict = l.speedup >= 1.05 ? "helps" : l.speedup > 0.95 ? "no measurable effect" : "hurts";
    let extra = "";
    if (l.lever === "prefix") {
      const t = tokens.get(l.setup.split(":")[0] ?? "");
      if (t)
        extra = `; prompt tokens evaluated/row ${num(t.reuse.evaluatedPerRow, 0)} vs ${num(t.noReuse.evaluatedPerRow, 0)} (all three metrics)`;
    }
    if (l.lever === "memo" && l.modelCalls)
      extra = `; model calls ${num(l.modelCalls.with)} vs ${num(l.modelCalls.without)}`;
    return [
      leverLabels[l.lever],
      l.setup,
      num(l.withRowsPerSecond, 2),
      num(l.withoutRowsPerSecond, 2),
      times(l.speedup) + extra,
      verdict,
    ];
  });
  return markdownTable(
    ["lever", "measured on", "rows/s with", "rows/s without", "with / without", "verdict"],
    rows,
    ["l", "l", "r", "r", "l", "l"],
  );
}

function rssTable(runs: readonly SectionRun[]): string {
  return markdownTable(
    ["section", "model", "peak RSS MB", "wall s"],
    runs.map((r) => {
      const own = r.result?.peakRssMb;
      return [
        r.section,
        r.model ?? "–",
        num(typeof own === "number" ? own : r.peakRssMb, 0),
        num(r.seconds, 1),
      ];
    }),
    ["l", "l", "r", "r"],
  );
}

/** The proxy section's own formatter, loaded only when that section ran (bench/proxy-model.ts has its own owner). */
async function formatProxy(results: readonly Record<string, unknown>[]): Promise<string> {
  try {
    const { formatProxyModel } = await import("./proxy-model.js");
    return results
      .map((r) => formatProxyModel(r as unknown as Parameters<typeof formatProxyModel>[0]))
      .join("\n\n");
  } catch (err) {
    return `(could not format: ${err instanceof Error ? err.message : String(err)}; see the JSON)`;
  }
}

/** A section's formatter, fed the JSON results of its runs. */
type SectionFormatter = (results: readonly Record<string, unknown>[]) => string | Promise<string>;

/** `format` taking the JSON results as the result type it was written for. */
const fromJson =
  <R>(format: (results: R[]) => string): SectionFormatter =>
  (results) =>
    format(results as unknown as R[]);

/** Formatters by section name; the others (embeddings, starter-quality) print their own Markdown. */
const FORMATTERS: Partial<Record<string, SectionFormatter>> = {
  judge: fromJson(formatJudgeVsRaw),
  threads: fromJson(formatLlmThreads),
  "cpu-build": fromJson((results: CpuBuildResult[]) => results.map(formatCpuBuild).join("\n\n")),
  "embeddings-threads": fromJson(formatEmbeddingsThreads),
  rows: fromJson(formatRows),
  "prompt-work": fromJson(formatPromptWork),
  levers: fromJson(formatLevers),
  cache: fromJson(formatEvaluateCache),
  "cache-storage": fromJson(formatCacheStorage),
  proxy: formatProxy,
  "embedding-batching": fromJson(formatEmbeddingBatching),
  "judge-free": fromJson(formatJudgeFree),
  memory: fromJson(formatMemory),
  "judge-sharing": fromJson((results: JudgeSharingResult[]) => results.map(formatJudgeSharing).join("\n\n")),
  "judge-scoring": fromJson((results: JudgeScoringResult[]) => results.map(formatJudgeScoring).join("\n\n")),
  prefill: fromJson((results: PrefillResult[]) => results.map(formatPrefill).join("\n\n")),
  verifiers: fromJson((results: VerifiersResult[]) => results.map(formatVerifiers).join("\n\n")),
  real: fromJson((results: RealModelsResult[]) => results.map(formatRealModels).join("\n\n")),
  "triad-cli": fromJson((results: TriadCliResult[]) => results.map(formatTriadCli).join("\n\n")),
  peers: fromJson((results: PeersResult[]) => results.map(formatPeers).join("\n\n")),
};

async function sectionMarkdown(spec: SectionSpec, runs: readonly SectionRun[]): Promise<string> {
  const mine = runs.filter((r) => r.section === spec.name);
  const results = mine.map((r) => r.result).filter((r) => r !== undefined);
  const failed = mine.filter((r) => r.exitCode !== 0);
  const failures = failed.map(
    (r) => `- FAILED: ${spec.file}${r.model ? ` on ${r.model}` : ""} (exit ${r.exitCode})`,
  );
  const format = FORMATTERS[spec.name];
  // Without a formatter (embeddings: its own formatter printed it; starter-quality): the child's stdout.
  const body = format ? await format(results) : mine.map((r) => r.stdout.trim()).join("\n\n");
  return [`### ${spec.title}`, "", body, ...(failures.length > 0 ? ["", ...failures] : [])].join("\n");
}

async function main(): Promise<void> {
  const only = listFlag("only");
  const unknown = only?.filter((name) => !SECTIONS.some((s) => s.name === name)) ?? [];
  if (unknown.length > 0) {
    throw new Error(
      `--only: unknown section(s) ${unknown.join(", ")}; choose from ${SECTIONS.map((s) => s.name).join(", ")}`,
    );
  }
  const jsonPath = path.resolve(repoRoot, flag("json") ?? path.join("out", "bench.json"));
  const machine = machineInfo();
  const started = new Date();
  await prepareDefaultModels();
  // --quick without --gguf / --onnx: one judge (stories260K when present) and one encoder (the MiniLM-sized one).
  const ggufs = (listFlag("gguf") ?? (quick ? defaultGgufs().slice(-1) : defaultGgufs())).map((p) =>
    path.resolve(p),
  );
  const onnxDirs = (listFlag("onnx") ?? (quick ? [minilmShapedDir] : defaultOnnxDirs())).map((p) =>
    path.resolve(p),
  );
  for (const file of [...ggufs, ...onnxDirs]) {
    if (!existsSync(file)) throw new Error(`${file} does not exist; check the --gguf / --onnx paths`);
  }
  const selected = SECTIONS.filter((s) => (only === undefined ? !s.onlyWhenNamed : only.includes(s.name)));
  const tmp = mkdtempSync(path.join(os.tmpdir(), "airgap-eval-bench-"));
  const runs: SectionRun[] = [];
  try {
    for (const spec of selected) {
      const targets: Array<string | undefined> =
        spec.scope === "gguf"
          ? ggufs
          : spec.scope === "onnx"
            ? onnxDirs
            : spec.scope === "all-onnx"
              ? [onnxDirs.join(",")]
              : spec.scope === "first-gguf"
                ? ggufs.slice(0, 1)
                : [undefined];
      for (const target of targets) {
        const label = target === undefined ? "" : ` on ${target.split(",").map(modelName).join(", ")}`;
        process.stderr.write(`bench: ${spec.name}${label}\n`);
        const run = await runChild(spec, target, tmp);
        if (spec.scope === "all-onnx") run.model = "all encoders";
        runs.push(run);
        if (run.exitCode !== 0) process.stderr.write(`bench: ${spec.file} exited with ${run.exitCode}\n`);
      }
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }

  const models: ModelInfo[] = [];
  for (const p of [...ggufs, ...onnxDirs, ...(onnxDirs.includes(starterDir) ? [] : [starterDir])]) {
    models.push(...(await describeModel(p)));
  }
  const finished = new Date();
  const failed = runs.filter((r) => r.exitCode !== 0);
  const output = {
    startedAt: started.toISOString(),
    finishedAt: finished.toISOString(),
    command: ["npm run bench --", ...process.argv.slice(2)].join(" "),
    machine: { ...machine, loadAverageAtEnd: Math.round((os.loadavg()[0] ?? 0) * 100) / 100 },
    runtimes: runtimeVersions(),
    models,
    settings: {
      quick,
      sections: selected.map((s) => ({
        name: s.name,
        file: `bench/${s.file}`,
        scope: s.scope,
        args: s.args,
      })),
      judgeDefaultThreads: DEFAULT_THREADS,
      judgeContextSizeInEvaluateSections: BENCH_CONTEXT_SIZE,
      rowsConcurrency: concurrency,
      dataset:
        "examples/rag-eval.jsonl (20 rows, marked per round so no memo answers a row from an earlier round)",
      answerRelevancyEmbeddings: "starter/glove-100d",
    },
    sections: Object.fromEntries(
      selected.map((s) => [
        s.name,
        runs
          .filter((r) => r.section === s.name)
          .map((r) => ({
            model: r.model,
            exitCode: r.exitCode,
            seconds: r.seconds,
            processPeakRssMb: r.peakRssMb,
            ...(r.result !== undefined ? { result: r.result } : { stdout: r.stdout }),
          })),
      ]),
    ),
    levers: leverRows(runs),
    estimate: estimateRealJudge(
      resultsOf<LlmThreadsResult>(runs, "threads"),
      resultsOf<PromptWorkResult>(runs, "prompt-work"),
    ),
    failures: failed.map((r) => ({ section: r.section, model: r.model, exitCode: r.exitCode })),
  };
  mkdirSync(path.dirname(jsonPath), { recursive: true });
  writeFileSync(jsonPath, `${JSON.stringify(output, null, 2)}\n`);

  const minutes = ((finished.getTime() - started.getTime()) / 60_000).toFixed(1);
  const sectionTexts: string[] = [];
  for (const s of selected) sectionTexts.push(await sectionMarkdown(s, runs), "");
  const markdown = [
    "## Benchmark",
    "",
    `Machine: ${machine.cpus} CPUs (${machine.cpuModel}), ${num(machine.memoryMb / 1024, 1)} GB, ${machine.platform}-${machine.arch}, ` +
      `node ${machine.node}; node-llama-cpp ${output.runtimes["node-llama-cpp"]}, onnxruntime-node ${output.runtimes["onnxruntime-node"]}, ` +
      `@huggingface/tokenizers ${output.runtimes["@huggingface/tokenizers"]}. Load average ${machine.loadAverage} at start, ` +
      `${output.machine.loadAverageAtEnd} at end; ${minutes} min. Models: ${models
        .filter((m) => !m.file.endsWith("model_quantized.onnx"))
        .map((m) => `${m.name} (sha256 ${m.sha256.slice(0, 12)}…)`)
        .join(", ")}.${quick ? " QUICK RUN: fewer rounds, not for publishing." : ""}`,
    "",
    "### Summary",
    "",
    summaryTable(runs),
    "",
    "### Levers (keep a lever only where it helps)",
    "",
    leversTable(runs),
    "",
    "### Estimate: Qwen2.5-0.5B-Instruct as the judge on this machine",
    "",
    formatRealJudgeEstimate(output.estimate),
    "",
    "### 6. Peak memory (RSS) per section and model",
    "",
    rssTable(runs),
    "",
    ...sectionTexts,
    `JSON: ${path.relative(repoRoot, jsonPath)}`,
  ];
  process.stdout.write(`${markdown.join("\n")}\n`);
  if (failed.length > 0) {
    process.stderr.write(
      `bench: ${failed.length} section run(s) failed: ${failed.map((f) => f.section).join(", ")}\n`,
    );
    process.exitCode = 1;
  }
}

await main();
