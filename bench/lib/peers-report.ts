/**
 * The peers section's result: its types, the metrics compared with our metric of each peer's formula, and the sums
 * and ratios its Markdown (peers-markdown.ts) and the README line (bench/peers-doc.ts) read.
 *
 * @example
 * const faster = speedup(result.judges[0].runs, "ragas"); // { ratio: 6.4, metrics: 4, ... }
 */
import type { MachineInfo } from "./machine.js";
import type { PeersAgreement } from "./peers-agreement.js";
import type { PeersFingerprint } from "./peers-fingerprint.js";
import type { ResumeDecision, ResumedRows } from "./peers-resume.js";
import type { PeersLoad } from "./peers-worker.js";

/** The two peers. */
export type Peer = "ragas" | "deepeval";

/**
 * The metrics compared, and per peer the catalog id of ours that follows that peer's formula: each peer is timed
 * and scored against our metric of its own formula (Ragas' Faithfulness against `faithfulness`, DeepEval's
 * FaithfulnessMetric against `deepeval_faithfulness`, and so on).
 */
export const PEER_PAIRS = {
  faithfulness: { ragas: "faithfulness", deepeval: "deepeval_faithfulness" },
  answer_relevancy: { ragas: "answer_relevancy", deepeval: "deepeval_answer_relevancy" },
  context_precision: { ragas: "context_precision", deepeval: "deepeval_contextual_precision" },
  context_recall: { ragas: "context_recall", deepeval: "deepeval_contextual_recall" },
} as const satisfies Record<string, Record<Peer, string>>;

/** A metric compared, by the name the bench gives it (Ragas' name). */
export type PeerMetric = keyof typeof PEER_PAIRS;

/** The metrics compared. */
export const PEER_METRICS = Object.keys(PEER_PAIRS) as PeerMetric[];

/** The peer whose formula a run follows: the peer's own, or for our runs the formula of the metric we ran. */
export function formulaOf(run: Pick<SideRun, "side" | "formula">): Peer {
  return run.side === "airgap-eval" ? (run.formula ?? "ragas") : run.side;
}

/** The catalog id of our metric a run of ours ran. */
export function ourMetricId(run: Pick<SideRun, "metric" | "side" | "formula">): string {
  const pair = PEER_PAIRS[run.metric as PeerMetric];
  return pair === undefined ? run.metric : pair[formulaOf(run)];
}

/** True when two runs are of the same metric, side and formula (a later block of rows adds to the first). */
export function sameCell(a: Pick<SideRun, "metric" | "side" | "formula">, b: typeof a): boolean {
  return a.metric === b.metric && a.side === b.side && formulaOf(a) === formulaOf(b);
}

/** One side's run of one metric over the rows. */
export interface SideRun {
  side: "airgap-eval" | Peer;
  /** The metric compared (a key of {@link PEER_PAIRS}). */
  metric: string;
  /**
   * Our runs: whose formula our metric follows (the id run is `PEER_PAIRS[metric][formula]`). Absent in results
   * made before the bench ran DeepEval's formulas, whose runs of ours are all Ragas-formula ones.
   */
  formula?: Peer;
  rows: number;
  /** The first rows' part taken from earlier runs (`--resume`), in order; the rest this run measured. */
  resumed?: ResumedRows[];
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
  /** What the results depend on, for `--resume` (absent in results made before the bench recorded it). */
  fingerprint?: PeersFingerprint;
  /** Faithfulness on a labelled set, every side, and each side's agreement with people (with `--agreement`). */
  agreement?: PeersAgreement;
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
  /** The bench's arguments (absent in results made before the bench recorded them). */
  command?: string;
  /** The machine the run was on (absent in results made before the bench recorded it). */
  machine?: MachineInfo;
  /** With `--resume`: per judge, what was taken from the earlier result and why not more. */
  resumed?: ResumeDecision[];
  /** Rows the run was asked for; `rows` of a partial result is the rows done so far. */
  plannedRows?: number;
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

/** Goals of the section. */
export const PEERS_GOALS = { speedupOverRagas: 5, vsSentenceTransformers: 1, vsOnnxruntime: 0.95 };

/** The peers, in the order the tables list them. */
export const PEERS: readonly Peer[] = ["ragas", "deepeval"];

/** Each peer's name as written, and its possessive ("Ragas' faithfulness"). */
export const PEER_NAME = { ragas: "Ragas", deepeval: "DeepEval" } as const satisfies Record<Peer, string>;
export const PEER_POSSESSIVE = { ragas: "Ragas'", deepeval: "DeepEval's" } as const satisfies Record<
  Peer,
  string
>;

/** The runs of one side (of one formula, for ours, when given). */
export function runsOf(runs: readonly SideRun[], side: SideRun["side"], formula?: Peer): SideRun[] {
  return runs.filter((r) => r.side === side && (formula === undefined || formulaOf(r) === formula));
}

/** Sums over runs: seconds per row of the metrics together, parse failures, rows without a score, cells. */
export function totals(runs: readonly SideRun[]) {
  return {
    secondsPerRow: runs.reduce((s, r) => s + r.secondsPerRow, 0),
    parseFailures: runs.reduce((s, r) => s + r.parseFailures, 0),
    noScore: runs.reduce((s, r) => s + r.noScore, 0),
    cells: runs.reduce((s, r) => s + r.rows, 0),
  };
}

/** Seconds per row of ours and of a peer over the metrics both ran, and the peer's time over ours. */
export interface Speedup {
  peer: Peer;
  /** The formula of our metrics compared: the peer's own, or Ragas' in a result with none of the peer's. */
  ourFormula: Peer;
  metrics: string[];
  oursSecondsPerRow: number;
  peerSecondsPerRow: number;
  ratio: number;
}

/**
 * How much longer `peer` took per row than ours, over the metrics both ran (a stopped run may have one side ahead):
 * against our metrics of the peer's formula, or, in a result with none of them (made before the bench ran
 * DeepEval's formulas), against our Ragas-formula ones (`ourFormula` says which). Undefined when no metric pairs up.
 */
export function speedup(runs: readonly SideRun[], peer: Peer): Speedup | undefined {
  const ourFormula: Peer = runsOf(runs, "airgap-eval", peer).length > 0 ? peer : "ragas";
  const ours = runsOf(runs, "airgap-eval", ourFormula);
  const theirs = runsOf(runs, peer);
  const metrics = ours.map((r) => r.metric).filter((m) => theirs.some((t) => t.metric === m));
  if (metrics.length === 0) return undefined;
  const of = (rs: SideRun[]) => totals(rs.filter((r) => metrics.includes(r.metric))).secondsPerRow;
  const oursSecondsPerRow = of(ours);
  const peerSecondsPerRow = of(theirs);
  return {
    peer,
    ourFormula,
    metrics,
    oursSecondsPerRow,
    peerSecondsPerRow,
    ratio: peerSecondsPerRow / oursSecondsPerRow,
  };
}

/** Our run a peer's run is compared with: the same metric of the peer's formula, else (older results) Ragas'. */
export function pairedRun(runs: readonly SideRun[], peerRun: SideRun): SideRun | undefined {
  const ours = (formula: Peer) =>
    runs.find((r) => r.side === "airgap-eval" && r.metric === peerRun.metric && formulaOf(r) === formula);
  return ours(formulaOf(peerRun)) ?? ours("ragas");
}

/** The mean of the finite scores; NaN when there is none. */
export function meanScore(scores: readonly (number | null)[]): number {
  const ok = scores.filter((s): s is number => s !== null && Number.isFinite(s));
  return ok.length === 0 ? Number.NaN : ok.reduce((a, b) => a + b, 0) / ok.length;
}

/** The rows a result has done: the most any run has scored. */
export function rowsDone(r: PeersResult): number {
  return Math.max(0, ...(r.judges ?? []).flatMap((j) => j.runs.map((run) => run.rows)));
}
