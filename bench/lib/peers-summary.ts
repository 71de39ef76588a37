/**
 * The peers section in one paragraph for the top of the README: per judge, seconds per row of the metrics together
 * on our side and each peer's (with the ratio), judge answers that did not parse and rows without a score on every
 * side, and, with the agreement part, each side's balanced accuracy against people. Every figure comes from the
 * result, through the same sums as the docs' table (peers-report.ts).
 *
 * @example
 * const line = peersSummary(result); // "Measured beside the peers on the same SmolLM2-135M-Instruct Q4_1 judge …"
 */
import { num, times } from "./markdown.js";
import type { PeersAgreement } from "./peers-agreement.js";
import { rowsText, threadsText } from "./peers-markdown.js";
import {
  formulaOf,
  PEER_NAME,
  PEER_POSSESSIVE,
  PEERS,
  type Peer,
  type PeersJudgeResult,
  type PeersResult,
  rowsDone,
  runsOf,
  type SideRun,
  speedup,
  totals,
} from "./peers-report.js";

/** "airgap-eval 0 of 80, Ragas 12 of 80, …" of one count over each side's runs. */
function perSide(runs: readonly SideRun[], count: (t: ReturnType<typeof totals>) => string): string {
  const sides = [
    ["airgap-eval", runsOf(runs, "airgap-eval")] as const,
    ...PEERS.map((p) => [PEER_NAME[p], runsOf(runs, p)] as const),
  ];
  return sides.map(([name, rs]) => `${name} ${count(totals(rs))}`).join(", ");
}

function speedSentence(j: PeersJudgeResult, versions: Record<string, string>): string {
  const parts = PEERS.flatMap((peer: Peer) => {
    const s = speedup(j.runs, peer);
    if (s === undefined) return [];
    const ours = s.ourFormula === peer ? `our metrics of ${PEER_POSSESSIVE[peer]} formulas` : "our metrics";
    return [
      `${PEER_NAME[peer]}${versions[peer] ? ` ${versions[peer]}` : ""} ${num(s.peerSecondsPerRow, 1)} s against ${num(s.oursSecondsPerRow, 1)} s for ${ours} (${times(s.ratio)})`,
    ];
  });
  return parts.length === 0 ? "" : `seconds per row of the metrics together: ${parts.join("; ")}`;
}

function agreementSentence(a: PeersAgreement): string {
  const cells = a.runs.map((r) => {
    const who =
      r.side === "airgap-eval" ? `airgap-eval (${PEER_POSSESSIVE[formulaOf(r)]} formula)` : PEER_NAME[r.side];
    const ba = r.agreement.balancedAccuracy.value;
    return `${who} ${ba === null ? "n/a" : ba.toFixed(2)} on ${r.agreement.scored} scored`;
  });
  return `balanced accuracy of faithfulness against people on ${a.rows} labelled rows of ${a.set}: ${cells.join(", ")}`;
}

/** One sentence per judge, and a note when the result is partial or a quick run. */
export function peersSummary(r: PeersResult): string {
  if (r.skipped) return `The side-by-side with the peers was skipped: ${r.skipped}.`;
  const versions = r.peerVersions ?? r.judges?.[0]?.peerLoad.versions ?? {};
  const done = rowsDone(r);
  const planned = r.plannedRows ?? r.rows ?? done;
  const rows =
    done === planned ? rowsText(planned) : `${done} of ${rowsText(planned)} (the run did not finish)`;
  const date = (r.startedAt ?? "").slice(0, 10);
  const sentences = (r.judges ?? []).map((j) => {
    const figures = [
      speedSentence(j, versions),
      `judge answers that did not parse: ${perSide(j.runs, (t) => String(t.parseFailures))}`,
      `rows without a score: ${perSide(j.runs, (t) => `${t.noScore} of ${t.cells}`)}`,
      ...(j.agreement ? [agreementSentence(j.agreement)] : []),
    ].filter((x) => x !== "");
    return `Measured beside the peers on the same ${j.judge} judge, ${rows} of examples/rag-eval.jsonl, ${threadsText(r.threads)}, ${date}: ${figures.join("; ")}.`;
  });
  return [...sentences, ...(r.quick ? ["(A quick smoke run, not for publishing.)"] : [])].join(" ");
}
