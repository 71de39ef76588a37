/**
 * The peers section as Markdown: the run (date, machine, command, versions, rows done), the goals met or not, per
 * judge a table of every metric and side (seconds per row, calls, tokens, parse failures, rows without a score, mean
 * score) with each peer's time over our metric of the same formula, the agreement with people on a labelled set,
 * load times, and the encoders' texts per second.
 *
 * @example
 * console.log(formatPeers(result));
 */
import type { Figure } from "../../src/calibrate/figure.js";
import { markdownTable, num, times } from "./markdown.js";
import type { PeersAgreement } from "./peers-agreement.js";
import {
  formulaOf,
  meanScore,
  ourMetricId,
  PEER_METRICS,
  PEER_NAME,
  PEER_POSSESSIVE,
  PEERS,
  PEERS_GOALS,
  type PeersJudgeResult,
  type PeersResult,
  pairedRun,
  rowsDone,
  runsOf,
  type SideRun,
  speedup,
  totals,
} from "./peers-report.js";
import { resumedRanges, resumeLine } from "./peers-resume.js";

function goalsTable(r: PeersResult): string {
  const rows: string[][] = [];
  for (const j of r.judges ?? []) {
    for (const peer of PEERS) {
      const s = speedup(j.runs, peer);
      if (s === undefined) continue;
      const against =
        s.ourFormula === peer
          ? `our ${PEER_NAME[peer]}-formula metrics`
          : "our Ragas-formula metrics (no run of ours in this result follows DeepEval's formulas)";
      const isGoal = peer === "ragas";
      rows.push([
        `faster per row than ${PEER_NAME[peer]}, ${j.judge} (${s.metrics.length} metrics together, against ${against})`,
        `${times(s.ratio)} (${num(s.oursSecondsPerRow, 2)} vs ${num(s.peerSecondsPerRow, 2)} s/row)`,
        isGoal ? `≥ ${PEERS_GOALS.speedupOverRagas}×` : "–",
        isGoal ? (s.ratio >= PEERS_GOALS.speedupOverRagas ? "met" : "not met") : "no goal",
      ]);
    }
    const ours = totals(runsOf(j.runs, "airgap-eval")).parseFailures;
    const peerFailures = PEERS.map((p) => `${p} ${totals(runsOf(j.runs, p)).parseFailures}`).join(", ");
    const anyPeerFailure = PEERS.some((p) => totals(runsOf(j.runs, p)).parseFailures > 0);
    rows.push([
      `parse failures, ${j.judge}`,
      `airgap-eval ${ours}; ${peerFailures}`,
      "0 where a peer has some",
      ours === 0 ? (anyPeerFailure ? "met" : "met (the peers had none either)") : "not met",
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

/** The runs in table order: metric by metric, then Ragas' formula (ours, Ragas), then DeepEval's (ours, DeepEval). */
function tableOrder<T extends SideRun>(runs: readonly T[]): T[] {
  const metricRank = (m: string) => {
    const at = (PEER_METRICS as readonly string[]).indexOf(m);
    return at === -1 ? PEER_METRICS.length : at;
  };
  const rank = (r: SideRun) =>
    metricRank(r.metric) * 4 + PEERS.indexOf(formulaOf(r)) * 2 + (r.side === "airgap-eval" ? 0 : 1);
  return [...runs].sort((a, b) => rank(a) - rank(b));
}

/** The "our metric" cell: the id we ran, or for a peer the id it is compared with († when not of its formula). */
function ourMetricCell(runs: readonly SideRun[], run: SideRun): string {
  if (run.side === "airgap-eval") return ourMetricId(run);
  const ours = pairedRun(runs, run);
  if (ours === undefined) return "–";
  return formulaOf(ours) === run.side ? ourMetricId(ours) : `${ourMetricId(ours)} †`;
}

function judgeTable(j: PeersJudgeResult): string {
  const rows = tableOrder(j.runs).map((run) => {
    const ours = run.side === "airgap-eval" ? undefined : pairedRun(j.runs, run);
    return [
      run.metric,
      run.side,
      ourMetricCell(j.runs, run),
      rowsCell(run),
      num(run.secondsPerRow, 2),
      ours ? times(run.secondsPerRow / ours.secondsPerRow) : "–",
      ragasOverThis(j.runs, run),
      num(run.calls / run.rows, 1),
      num(run.promptTokens / run.rows, 0),
      num(run.generatedTokens / run.rows, 0),
      String(run.parseFailures),
      `${run.noScore} of ${run.rows}`,
      num(meanScore(run.scores), 3),
    ];
  });
  return markdownTable(
    [
      "metric",
      "side",
      "our metric (same formula)",
      "rows",
      "s/row",
      "peer ÷ ours",
      "Ragas ÷ this",
      "judge calls/row",
      "prompt tok/row",
      "generated tok/row",
      "parse failures",
      "rows without a score",
      "mean score",
    ],
    rows,
    ["l", "l", "l", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r"],
  );
}

/** Ragas' seconds per row on the run's metric over the run's: how many times faster than Ragas this side is. */
function ragasOverThis(runs: readonly SideRun[], run: SideRun): string {
  const ragas = runs.find((r) => r.side === "ragas" && r.metric === run.metric);
  return ragas === undefined || run.side === "ragas" ? "–" : times(ragas.secondsPerRow / run.secondsPerRow);
}

/** A run's rows, and which of them came from earlier runs (`--resume`). */
function rowsCell(run: SideRun): string {
  const ranges = resumedRanges(run);
  return ranges.length === 0 ? String(run.rows) : `${run.rows} (${ranges.join("; ")})`;
}

/** A figure with its interval, e.g. `0.62 [0.50, 0.75]`; "n/a" with its reason when undefined. */
export function figureCell(f: Figure): string {
  if (f.value === null) return `n/a (${f.reason ?? "undefined"})`;
  const interval = f.interval ? ` [${f.interval[0].toFixed(2)}, ${f.interval[1].toFixed(2)}]` : "";
  return `${f.value.toFixed(2)}${interval}`;
}

function agreementTable(a: PeersAgreement): string {
  const rows = tableOrder(a.runs).map((run) => [
    run.side,
    run.side === "airgap-eval" ? ourMetricId(run) : `${PEER_POSSESSIVE[run.side]} faithfulness`,
    `${run.agreement.scored} of ${rowsCell(run)}`,
    String(run.parseFailures),
    figureCell(run.agreement.balancedAccuracy),
    figureCell(run.agreement.cohensKappa),
    figureCell(run.agreement.auroc),
    num(run.secondsPerRow, 2),
  ]);
  return markdownTable(
    ["side", "metric", "rows scored", "parse failures", "balanced accuracy", "Cohen's κ", "AUROC", "s/row"],
    rows,
    ["l", "l", "r", "r", "r", "r", "r", "r"],
  );
}

function agreementPart(j: PeersJudgeResult, a: PeersAgreement): string[] {
  const positives = a.humans.filter((h) => h === 1).length;
  return [
    "",
    `${j.judge}: agreement with people, faithfulness on ${a.rows} of the ${num(a.setRows)} labelled rows of ${a.set} ` +
      `(${positives} labelled faithful, ${a.rows - positives} ${a.negative}; drawn per label with seed ${a.bootstrap.seed}, as calibrate --limit draws them), ` +
      `every side on this judge; a score ≥ ${a.threshold} counts as faithful; bootstrap 95% intervals (${a.bootstrap.resamples} resamples, grouped by the set's item); ` +
      "rows without a score (an error, None or NaN) are left out of the figures:",
    "",
    agreementTable(a),
  ];
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

const runLabel = (r: SideRun) =>
  `${r.metric}, ${r.side === "airgap-eval" ? `airgap-eval ${ourMetricId(r)}` : r.side}`;

/** Per-row scores of every side, one line per metric and side (for agreement checks by eye). */
function scoreLines(j: PeersJudgeResult): string[] {
  return tableOrder(j.runs).map(
    (r) =>
      `- ${runLabel(r)}: ${r.scores.map((s) => (s === null || !Number.isFinite(s) ? "–" : s.toFixed(2))).join(" ")}`,
  );
}

/** "1 row", "2 rows". */
export const rowsText = (n: number | undefined) => `${n} row${n === 1 ? "" : "s"}`;

/** "1 thread", "2 threads". */
export const threadsText = (n: number | undefined) => `${n} thread${n === 1 ? "" : "s"}`;

/** The run in one paragraph: when, where, how, with what, how far it got. */
function header(r: PeersResult): string {
  const v = r.runtimes ?? {};
  const pv = r.peerVersions ?? r.judges?.[0]?.peerLoad.versions ?? {};
  const partial = r.wallSeconds === undefined;
  const done = rowsDone(r);
  const planned = r.plannedRows ?? (partial ? undefined : r.rows);
  const rowsRun =
    planned === undefined
      ? rowsText(done)
      : done === planned
        ? rowsText(planned)
        : `${done} of ${rowsText(planned)}`;
  const m = r.machine;
  const machine = m
    ? `machine: ${m.cpus} CPUs (${m.cpuModel}), ${num(m.memoryMb / 1024, 0)} GiB, ${m.platform} ${m.arch}; `
    : "";
  return (
    `${r.startedAt}; ${rowsRun} of examples/rag-eval.jsonl${partial ? " (a partial result: the run was still going or was stopped)" : ""}, ` +
    `judges at ${threadsText(r.threads)}, context ${r.contextSize}, greedy, memo off; ${machine}` +
    (r.command !== undefined ? `command: \`${r.command}\`; ` : "") +
    `node ${v.node}, node-llama-cpp ${v["node-llama-cpp"]}, onnxruntime-node ${v["onnxruntime-node"]}; ` +
    `Python ${pv.python}, ragas ${pv.ragas}, deepeval ${pv.deepeval}, instructor ${pv.instructor}, llama-cpp-python ${pv.llama_cpp_python}, ` +
    `torch ${pv.torch}, sentence-transformers ${pv["sentence-transformers"]}, onnxruntime ${pv.onnxruntime}, tokenizers ${pv.tokenizers}; ` +
    (r.loadAverage
      ? `load average (1, 5, 15 min) ${r.loadAverage.start.join(", ")} at start, ${r.loadAverage.end.join(", ")} at end; `
      : "") +
    (partial ? "" : `${num(r.wallSeconds, 0)} s in all`) +
    `${r.quick ? "; QUICK RUN, not for publishing" : ""}.`
  );
}

/** The section as Markdown. */
export function formatPeers(r: PeersResult): string {
  if (r.skipped) return `Skipped: ${r.skipped}.`;
  const resumed = (r.resumed ?? []).map((d) => `- ${resumeLine(d)}`);
  const parts = [
    header(r),
    ...(resumed.length > 0
      ? ["", "Resumed (the rows column says which rows came from which run):", "", ...resumed]
      : []),
    "",
    "Goals:",
    "",
    goalsTable(r),
  ];
  for (const j of r.judges ?? []) {
    const fallback = j.runs.some((x) => x.side !== "airgap-eval" && ourMetricCell(j.runs, x).endsWith("†"));
    const errors = [...tableOrder(j.runs), ...(j.agreement?.runs ?? [])]
      .filter((x) => x.firstError || x.parseFailureExample)
      // One line each: instructor's retry error spans lines of XML-like markup around the pydantic error.
      .map((x) => `- ${runLabel(x)}: ${oneLine(x.parseFailureExample ?? x.firstError ?? "")}`);
    parts.push(
      "",
      `${j.judge}: seconds per row of each metric and side (sides taking turns metric by metric), each peer's time over our metric of its formula (peer ÷ ours), and Ragas' time over each side's (Ragas ÷ this):`,
      "",
      judgeTable(j),
      ...(fallback
        ? [
            "",
            "† compared with our Ragas-formula metric: this result has no run of our metric of DeepEval's formula.",
          ]
        : []),
      ...(j.agreement ? agreementPart(j, j.agreement) : []),
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
      `Encoders: all-MiniLM-L6-v2 fp32, ${threadsText(r.threads)}, texts/s (median of runs, engines alternating):`,
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
