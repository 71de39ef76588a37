/**
 * The peers section's result and its Markdown: the goals met or not, per judge a table of every metric and side
 * (seconds per row, calls, tokens, parse failures, rows without a score, mean score) with our speed ratio against
 * each peer, load times, and the encoders' texts per second.
 *
 * @example
 * console.log(formatPeers(result));
 */
import { markdownTable, num, times } from "./markdown.js";
import type { PeersLoad } from "./peers-worker.js";

/** The metrics compared, by our ids (Ragas: the same names; DeepEval: faithfulness, answer relevancy, contextual precision, contextual recall). */
export const PEER_METRICS = [
  "faithfulness",
  "answer_relevancy",
  "context_precision",
  "context_recall",
] as const;

/** Goals of the section. */
export const PEERS_GOALS = { speedupOverRagas: 5, vsSentenceTransformers: 1, vsOnnxruntime: 0.95 };

/** One side's run of one metric over the rows. */
export interface SideRun {
  side: "airgap-eval" | "ragas" | "deepeval";
  metric: string;
  rows: number;
  secondsPerRow: number;
  /** Completions the judge ran (the peers' retries included). */
  calls: number;
  promptTokens: number;
  generatedTokens: number;
  /** Judge answers that did not parse as the metric's output (ours: every error row, an upper bound). */
  parseFailures: number;
  /** Rows without a score: an error, None or NaN. */
  noScore: number;
  scores: (number | null)[];
  firstError?: string;
  parseFailureExample?: string;
}

/** One judge's runs and load times. */
export interface PeersJudgeResult {
  judge: string;
  peerLoad: PeersLoad;
  ourJudgeLoadSeconds: number;
  ourEncoderLoadSeconds: number;
  runs: SideRun[];
}

/** One batch size of the encoder comparison. */
export interface PeersEncoderRow {
  batchSize: number;
  texts: number;
  runs: number;
  oursTextsPerSecond: number;
  sentenceTransformersTextsPerSecond: number;
  onnxruntimeTextsPerSecond: number;
}

/** The section's result. */
export interface PeersResult {
  section: "peers";
  /** Set when the models or the peer environment are missing: why the section did nothing. */
  skipped?: string;
  quick?: boolean;
  threads?: number;
  contextSize?: number;
  rows?: number;
  startedAt?: string;
  loadAverage?: { start: number[]; end: number[] };
  wallSeconds?: number;
  runtimes?: Record<string, string>;
  peerVersions?: Record<string, string>;
  judges?: PeersJudgeResult[];
  encoders?: PeersEncoderRow[];
  peakRssMb?: number;
}

const PEERS = ["ragas", "deepeval"] as const;

/** Sums over the metrics a side ran (only `metrics`, when given): seconds per row, failures, cells. */
function total(runs: readonly SideRun[], side: SideRun["side"], metrics?: ReadonlySet<string>) {
  const mine = runs.filter((r) => r.side === side && (metrics === undefined || metrics.has(r.metric)));
  return {
    secondsPerRow: mine.reduce((s, r) => s + r.secondsPerRow, 0),
    parseFailures: mine.reduce((s, r) => s + r.parseFailures, 0),
    noScore: mine.reduce((s, r) => s + r.noScore, 0),
    cells: mine.reduce((s, r) => s + r.rows, 0),
  };
}

const mean = (scores: readonly (number | null)[]) => {
  const ok = scores.filter((s): s is number => s !== null && Number.isFinite(s));
  return ok.length === 0 ? Number.NaN : ok.reduce((a, b) => a + b, 0) / ok.length;
};

function goalsTable(r: PeersResult): string {
  const rows: string[][] = [];
  for (const j of r.judges ?? []) {
    const ours = total(j.runs, "airgap-eval");
    // The metrics both sides ran (a stopped run may have one side ahead).
    const ranBy = (side: SideRun["side"]) =>
      new Set(j.runs.filter((r) => r.side === side).map((r) => r.metric));
    const both = new Set([...ranBy("airgap-eval")].filter((m) => ranBy("ragas").has(m)));
    const oursBoth = total(j.runs, "airgap-eval", both);
    const ragas = total(j.runs, "ragas", both);
    if (both.size > 0) {
      const speedup = ragas.secondsPerRow / oursBoth.secondsPerRow;
      rows.push([
        `faster per row than Ragas, ${j.judge} (${both.size} metrics together)`,
        `${times(speedup)} (${num(oursBoth.secondsPerRow, 2)} vs ${num(ragas.secondsPerRow, 2)} s/row)`,
        `≥ ${PEERS_GOALS.speedupOverRagas}×`,
        speedup >= PEERS_GOALS.speedupOverRagas ? "met" : "not met",
      ]);
    }
    const peerFailures = PEERS.map((p) => `${p} ${total(j.runs, p).parseFailures}`).join(", ");
    const anyPeerFailure = PEERS.some((p) => total(j.runs, p).parseFailures > 0);
    rows.push([
      `parse failures, ${j.judge}`,
      `airgap-eval ${ours.parseFailures}; ${peerFailures}`,
      "0 where a peer has some",
      ours.parseFailures === 0 ? (anyPeerFailure ? "met" : "met (the peers had none either)") : "not met",
    ]);
  }
  for (const e of r.encoders ?? []) {
    const st = e.oursTextsPerSecond / e.sentenceTransformersTextsPerSecond;
    const ort = e.oursTextsPerSecond / e.onnxruntimeTextsPerSecond;
    rows.push([
      `encoder vs sentence-transformers, batch ${e.batchSize}`,
      times(st),
      `≥ ${times(PEERS_GOALS.vsSentenceTransformers)}`,
      st >= PEERS_GOALS.vsSentenceTransformers ? "met" : "not met",
    ]);
    rows.push([
      `encoder vs Python onnxruntime, batch ${e.batchSize}`,
      times(ort),
      `≥ ${times(PEERS_GOALS.vsOnnxruntime)}`,
      ort >= PEERS_GOALS.vsOnnxruntime ? "met" : "not met",
    ]);
  }
  return markdownTable(["goal", "measured", "target", "verdict"], rows);
}

function judgeTable(j: PeersJudgeResult): string {
  const rows = j.runs.map((run) => {
    const ours = j.runs.find((x) => x.metric === run.metric && x.side === "airgap-eval");
    return [
      run.metric,
      run.side,
      num(run.secondsPerRow, 2),
      ours && run.side !== "airgap-eval" ? times(run.secondsPerRow / ours.secondsPerRow) : "–",
      num(run.calls / run.rows, 1),
      num(run.promptTokens / run.rows, 0),
      num(run.generatedTokens / run.rows, 0),
      String(run.parseFailures),
      `${run.noScore} of ${run.rows}`,
      num(mean(run.scores), 3),
    ];
  });
  return markdownTable(
    [
      "metric",
      "side",
      "s/row",
      "peer ÷ ours",
      "judge calls/row",
      "prompt tok/row",
      "generated tok/row",
      "parse failures",
      "rows without a score",
      "mean score",
    ],
    rows,
    ["l", "l", "r", "r", "r", "r", "r", "r", "r", "r"],
  );
}

/** An error text on one line, without instructor's `<failed_attempts>` markup, at most 240 characters. */
function oneLine(text: string): string {
  const flat = text
    .replace(/<\/?[a-z_]+(?: [a-z_]+="[^"]*")*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return flat.length > 240 ? `${flat.slice(0, 239)}…` : flat;
}

function loadLine(j: PeersJudgeResult): string {
  const p = j.peerLoad;
  return (
    `- ${j.judge}: peers' Python imports ${num(p.importSeconds, 1)} s; model load: llama-cpp-python ${num(p.judgeLoadSeconds, 2)} s, ` +
    `sentence-transformers ${num(p.sentenceTransformersLoadSeconds, 2)} s, Python onnxruntime ${num(p.onnxruntimeLoadSeconds, 2)} s; ` +
    `ours: node-llama-cpp ${num(j.ourJudgeLoadSeconds, 2)} s, TransformersEmbeddings ${num(j.ourEncoderLoadSeconds, 2)} s (not in s/row)`
  );
}

/** Per-row scores of every side, one line per metric and side (for agreement checks by eye). */
function scoreLines(j: PeersJudgeResult): string[] {
  return j.runs.map(
    (r) =>
      `- ${r.metric}, ${r.side}: ${r.scores.map((s) => (s === null || !Number.isFinite(s) ? "–" : s.toFixed(2))).join(" ")}`,
  );
}

/** The section as Markdown. */
export function formatPeers(r: PeersResult): string {
  if (r.skipped) return `Skipped: ${r.skipped}.`;
  const v = r.runtimes ?? {};
  const pv = r.peerVersions ?? {};
  const header =
    `${r.startedAt}; ${r.rows} rows of examples/rag-eval.jsonl, judges at ${r.threads} threads, context ${r.contextSize}, greedy, memo off; ` +
    `node ${v.node}, node-llama-cpp ${v["node-llama-cpp"]}, onnxruntime-node ${v["onnxruntime-node"]}; ` +
    `Python ${pv.python}, ragas ${pv.ragas}, deepeval ${pv.deepeval}, instructor ${pv.instructor}, llama-cpp-python ${pv.llama_cpp_python}, ` +
    `torch ${pv.torch}, sentence-transformers ${pv["sentence-transformers"]}, onnxruntime ${pv.onnxruntime}, tokenizers ${pv.tokenizers}; ` +
    `load average (1, 5, 15 min) ${r.loadAverage?.start.join(", ")} at start, ${r.loadAverage?.end.join(", ")} at end; ` +
    `${num(r.wallSeconds, 0)} s in all${r.quick ? "; QUICK RUN, not for publishing" : ""}.`;
  const parts = [header, "", "Goals:", "", goalsTable(r)];
  for (const j of r.judges ?? []) {
    const errors = j.runs
      .filter((x) => x.firstError || x.parseFailureExample)
      // One line each: instructor's retry error spans lines of XML-like markup around the pydantic error.
      .map((x) => `- ${x.metric}, ${x.side}: ${oneLine(x.parseFailureExample ?? x.firstError ?? "")}`);
    parts.push(
      "",
      `${j.judge}: seconds per row of each metric and side (sides taking turns metric by metric), and peer ÷ ours:`,
      "",
      judgeTable(j),
      "",
      loadLine(j),
      ...(errors.length > 0 ? ["", "First failure of each run:", "", ...errors] : []),
      "",
      "Scores per row (– = no score):",
      "",
      ...scoreLines(j),
    );
  }
  if ((r.encoders ?? []).length > 0) {
    parts.push(
      "",
      `Encoders: all-MiniLM-L6-v2 fp32, ${r.threads} threads, texts/s (median of runs, engines alternating):`,
      "",
      markdownTable(
        [
          "batch",
          "texts",
          "airgap-eval",
          "sentence-transformers",
          "Python onnxruntime",
          "ours ÷ ST",
          "ours ÷ ORT",
        ],
        (r.encoders ?? []).map((e) => [
          String(e.batchSize),
          String(e.texts),
          num(e.oursTextsPerSecond, 1),
          num(e.sentenceTransformersTextsPerSecond, 1),
          num(e.onnxruntimeTextsPerSecond, 1),
          times(e.oursTextsPerSecond / e.sentenceTransformersTextsPerSecond),
          times(e.oursTextsPerSecond / e.onnxruntimeTextsPerSecond),
        ]),
        ["r", "r", "r", "r", "r", "r", "r"],
      ),
    );
  }
  return parts.join("\n");
}
