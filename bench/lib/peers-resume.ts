/**
 * `--resume`: a peers run continued from an earlier run's JSON (or its `.partial.json`). The peers' runs of a judge
 * are reused when everything they depend on is the same: the judge and encoder model files, the rows, threads,
 * context size, the peers' package versions and the peers' code. Ours are reused only when our source tree and
 * runtimes are the same too; else they are measured again over all rows (they are cheap). A fact the earlier result
 * did not record (older results) is not held against it but named, so the run can print what it could not check.
 *
 * @example
 * const decision = resumeDecision(earlier, now);
 * const start = resumeStart(earlier, now, { rows: 20, metrics: ["faithfulness"] }, undefined);
 */
import { readFileSync } from "node:fs";
import { AGREEMENT_METRIC } from "./peers-agreement.js";
import type { PeersFingerprint } from "./peers-fingerprint.js";
import type { PeersJudgeResult, PeersResult, SideRun } from "./peers-report.js";

/** What a run is asked to do: rows and metrics. */
export interface Planned {
  rows: number;
  metrics: readonly string[];
}

/** Rows of a run taken from an earlier run. */
export interface ResumedRows {
  /** The earlier result's file, as given to `--resume`. */
  file: string;
  /** When the earlier run started. */
  startedAt: string;
  rows: number;
}

/** What a judge's run took from an earlier result, and why not more. */
export interface ResumeDecision {
  judge: string;
  file: string;
  startedAt: string;
  /** The earlier run's command, when it recorded one. */
  command?: string;
  /** The peers' runs are reused. */
  peers: boolean;
  /** Our runs are reused. */
  ours: boolean;
  /** Facts that differ from the earlier run's, each with the side(s) it keeps from being reused. */
  differs: string[];
  /** Facts the earlier result did not record, so they could not be checked. */
  unchecked: string[];
}

/** The facts of the run now, to compare with an earlier result's. */
export interface CurrentFacts {
  judge: string;
  threads: number;
  contextSize: number;
  peerVersions: Record<string, string>;
  runtimes: Record<string, string>;
  fingerprint: PeersFingerprint;
}

/** An earlier result read from its file. */
export interface EarlierResult {
  file: string;
  result: PeersResult;
}

/** Reads `file` (a peers JSON or `.partial.json`), saying what is wrong with it when it is not one. */
export function readEarlierResult(file: string, label = "--resume"): EarlierResult {
  let result: PeersResult;
  try {
    result = JSON.parse(readFileSync(file, "utf8")) as PeersResult;
  } catch (error) {
    throw new Error(`${label} ${file}: cannot read it as JSON (${(error as Error).message})`);
  }
  if (result.section !== "peers" || !Array.isArray(result.judges)) {
    throw new Error(
      `${label} ${file}: not a result of the peers section (no "section": "peers" with judges); give the --json file of an earlier run or its .partial.json`,
    );
  }
  return { file, result };
}

type Check = "same" | "differs" | "unrecorded";

/** True when the shorter list is a prefix of the longer one. */
const prefixMatch = (a: readonly string[], b: readonly string[]) =>
  a.slice(0, b.length).every((x, i) => x === b[i]);

/** Whether two version maps agree on the names both have (unrecorded when the earlier has none). */
function versionsCheck(earlier: Record<string, string> | undefined, now: Record<string, string>): Check {
  if (earlier === undefined || Object.keys(earlier).length === 0) return "unrecorded";
  return Object.keys(now).every((k) => earlier[k] === undefined || earlier[k] === now[k])
    ? "same"
    : "differs";
}

/** The earlier result's run of `judge`, or undefined when it has none. */
export function earlierJudge(earlier: EarlierResult, judge: string): PeersJudgeResult | undefined {
  return earlier.result.judges?.find((j) => j.judge === judge);
}

/** Whether the earlier result's runs of `now.judge` can be reused, side by side. */
export function resumeDecision(earlier: EarlierResult, now: CurrentFacts): ResumeDecision {
  const r = earlier.result;
  const j = earlierJudge(earlier, now.judge);
  const fp = j?.fingerprint;
  const pick = <T>(key: string, value: T | undefined, is: (v: T) => boolean): [string, Check] => [
    key,
    value === undefined ? "unrecorded" : is(value) ? "same" : "differs",
  ];
  const sameFile = (a: { sha256: string }, b: { sha256: string }) => a.sha256 === b.sha256;
  const both: [string, Check][] = [
    pick("threads", r.threads, (v) => v === now.threads),
    pick("context size", r.contextSize, (v) => v === now.contextSize),
    pick("the judge model file's sha256", fp?.judgeModel, (v) => sameFile(v, now.fingerprint.judgeModel)),
    pick("the encoder model files' sha256", fp?.encoderModels, (v) =>
      now.fingerprint.encoderModels.every((m, i) => v[i] !== undefined && sameFile(v[i], m)),
    ),
    pick("the rows' text", fp?.rows, (v) => prefixMatch(v, now.fingerprint.rows)),
  ];
  const peersOnly: [string, Check][] = [
    ["the peers' package versions", versionsCheck(j?.peerLoad.versions, now.peerVersions)],
    pick(
      "the peers' code (peers/bench_peers.py, run.sh, env.sh)",
      fp?.peersCodeSha256,
      (v) => v === now.fingerprint.peersCodeSha256,
    ),
  ];
  const oursOnly: [string, Check][] = [
    pick("our source tree (src/)", fp?.ourSourceSha256, (v) => v === now.fingerprint.ourSourceSha256),
    ["our runtimes' versions", versionsCheck(r.runtimes, now.runtimes)],
  ];
  const bad = (checks: [string, Check][]) => checks.filter(([, c]) => c === "differs").map(([k]) => k);
  const peers = j !== undefined && bad([...both, ...peersOnly]).length === 0;
  // Ours are cheap to measure again: reused only on the evidence that our source is the same.
  const ours =
    j !== undefined && bad([...both, ...oursOnly]).length === 0 && fp?.ourSourceSha256 !== undefined;
  return {
    judge: now.judge,
    file: earlier.file,
    startedAt: r.startedAt ?? "an unknown time",
    ...(r.command !== undefined ? { command: r.command } : {}),
    peers,
    ours,
    differs: [
      ...(j === undefined ? [`${earlier.file} has no run of this judge`] : []),
      ...bad(both).map((k) => `${k} (both sides measured again)`),
      ...bad(peersOnly).map((k) => `${k} (the peers measured again)`),
      ...bad(oursOnly).map((k) => `${k} (ours measured again)`),
    ],
    unchecked: [...both, ...peersOnly, ...oursOnly].filter(([, c]) => c === "unrecorded").map(([k]) => k),
  };
}

/** Rows of `run` measured by the run that wrote it (the rest it had itself resumed). */
const ownRows = (run: SideRun) => run.rows - (run.resumed ?? []).reduce((s, x) => s + x.rows, 0);

/**
 * The earlier runs to start from, each marked with where its rows came from: the sides `decision` allows, of the
 * metrics asked now, at most the rows asked now (a run over more rows than asked is measured again).
 */
export function resumedRuns(
  earlier: EarlierResult,
  decision: ResumeDecision,
  runs: readonly SideRun[],
  planned: Planned,
): SideRun[] {
  const from = { file: earlier.file, startedAt: decision.startedAt };
  return runs
    .filter((run) => (run.side === "airgap-eval" ? decision.ours : decision.peers))
    .filter((run) => planned.metrics.includes(run.metric) && run.rows > 0 && run.rows <= planned.rows)
    .map(({ agreement: _figures, ...run }: SideRun & { agreement?: unknown }) => ({
      ...run,
      resumed: [...(run.resumed ?? []), ...(ownRows(run) > 0 ? [{ ...from, rows: ownRows(run) }] : [])],
    }));
}

/**
 * Whether the earlier agreement part was on the same labelled rows: the same set, and its rows' hashes (or, in a
 * result without them, its row ids: then the rows' text is named unchecked) a prefix of now's.
 */
export function sameAgreementRows(
  earlier: PeersJudgeResult | undefined,
  now: { set: string; ids: readonly string[]; rows: readonly string[] },
): Check {
  const a = earlier?.agreement;
  if (a === undefined || a.set !== now.set || !prefixMatch(a.ids, now.ids)) return "differs";
  const hashes = earlier?.fingerprint?.agreementRows;
  if (hashes === undefined) return "unrecorded";
  return hashes.set === now.set && prefixMatch(hashes.rows, now.rows) ? "same" : "differs";
}

/** The rows of `block` (starting at row `from` of the run) left to measure when a run has `done` rows already. */
export function rowsLeft<T>(block: readonly T[], from: number, done: number): T[] {
  return block.slice(Math.max(0, done - from));
}

/** Where a run's rows came from: "rows 1–9 from the run of <startedAt>" per earlier run. */
export function resumedRanges(run: Pick<SideRun, "resumed">): string[] {
  let first = 1;
  return (run.resumed ?? []).map((r) => {
    const range = r.rows === 1 ? `row ${first}` : `rows ${first}–${first + r.rows - 1}`;
    first += r.rows;
    return `${range} from the run of ${r.startedAt}`;
  });
}

/** What a judge's run starts from: the decision, and the runs of the example rows and of the labelled rows. */
export interface ResumeStart {
  decision: ResumeDecision;
  runs: SideRun[];
  agreementRuns: SideRun[];
}

/**
 * The runs a judge starts from when resuming `earlier`: the example rows' runs `decision` allows (at most
 * of the metrics and at most the rows `planned`), and the agreement part's when it was on the same labelled rows.
 */
export function resumeStart(
  earlier: EarlierResult,
  now: CurrentFacts,
  planned: Planned,
  agreement: { set: string; ids: readonly string[] } | undefined,
): ResumeStart {
  const decision = resumeDecision(earlier, now);
  const j = earlierJudge(earlier, now.judge);
  const runs = resumedRuns(earlier, decision, j?.runs ?? [], planned);
  let agreementRuns: SideRun[] = [];
  if (agreement !== undefined && j?.agreement !== undefined) {
    const rows = now.fingerprint.agreementRows?.rows ?? [];
    const check = sameAgreementRows(j, { ...agreement, rows });
    if (check === "differs") decision.differs.push("the labelled rows (the agreement part measured again)");
    else {
      if (check === "unrecorded") decision.unchecked.push("the labelled rows' text (their ids are the same)");
      agreementRuns = resumedRuns(earlier, decision, j.agreement.runs, {
        rows: agreement.ids.length,
        metrics: [AGREEMENT_METRIC],
      });
    }
  }
  return { decision, runs, agreementRuns };
}

/** The decision in one line: what was reused, what was measured again and why, what could not be checked. */
export function resumeLine(d: ResumeDecision): string {
  const taken = [d.peers ? "the peers' runs" : "", d.ours ? "our runs" : ""].filter((x) => x !== "");
  return (
    `${d.judge}: resumed from ${d.file} (run of ${d.startedAt}${d.command !== undefined ? `, \`${d.command}\`` : ""}): ` +
    (taken.length > 0 ? `${taken.join(" and ")} reused, the rows they had done kept` : "nothing reused") +
    (d.ours ? "" : "; our runs measured over all rows") +
    (d.differs.length > 0 ? `; differs: ${d.differs.join("; ")}` : "") +
    (d.unchecked.length > 0 ? `; not recorded by that run, so not checked: ${d.unchecked.join(", ")}` : "")
  );
}
