// Differential parity of the judge-free metrics against the real Python peers (docs/peer-parity.md, "Judge-free
// metrics"): peers/parity/judge_free.py generates the seeded cases (peers/parity/cases.py), runs sacrebleu,
// rouge_score, rapidfuzz, Ragas, Haystack, DeepEval and agentevals on them in the pinned peer venv and writes every
// peer number; this file scores the same cases with airgap-eval's metric of the same meaning (createMetric +
// scoreSync, as a user's row is scored) and compares. Equal, or within 1e-12 where the last bits of a float differ
// (BLEU's exp and log); a peer's NaN or exception and our null (no score) agree. Any other difference fails unless the
// documented-differences table in docs/peer-parity.md lists it. The Python side runs once per input change: its
// output is cached under AIRGAP_EVAL_PEERS_CACHE/parity (test/support/peers.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import { createMetric } from "../../src/metrics/catalog.js";
import type { Sample } from "../../src/metrics/types.js";
import { peerOutput, skipWithoutPeers } from "../support/peers.js";
import { type DocumentedDifference, documentedDifferences } from "./documented-differences.js";
import { parityDoc } from "./parity-doc.js";

/**
 * The largest gap taken as equal: the last bits of a float (BLEU's exp and log are the C library's in sacrebleu and
 * V8's here, a few units in the last place apart; docs/peer-parity.md, "Equal means").
 */
const TOLERANCE = 1e-12;

type PeerValue = number | { error: string };
interface Check {
  id: string;
  family: string;
  ours: { metric: string; options: Record<string, unknown> };
  peer: string;
  values: PeerValue[];
  seconds: number;
}
type Case = Record<string, unknown> & { kind: string };
interface JudgeFreeOutput {
  seed: number;
  versions: Record<string, string>;
  families: Record<string, Case[]>;
  checks: Check[];
  seconds: number;
}

/** Our value of one case: a number, or null where the metric gives no score or refuses the input as invalid. */
function ours(metric: ReturnType<typeof createMetric>, sample: Case, row: number): number | null {
  if (!("scoreSync" in metric) || typeof metric.scoreSync !== "function") {
    throw new Error(`${metric.name} has no scoreSync; the judge-free parity scores synchronously`);
  }
  try {
    return (metric.scoreSync(sample as Sample, row) as { value: number | null }).value;
  } catch (error) {
    // Our refusal of an input (InvalidInputError naming the row and field) is "no score"; any other throw is a bug.
    if (error instanceof InvalidInputError) return null;
    throw error;
  }
}

type Outcome = "exact" | "tolerance" | "both-none" | "differs";
function compare(mine: number | null, peer: PeerValue): Outcome {
  if (typeof peer !== "number") return mine === null ? "both-none" : "differs";
  if (mine === null) return "differs";
  if (mine === peer) return "exact";
  return Math.abs(mine - peer) <= TOLERANCE ? "tolerance" : "differs";
}

const documents = (d: DocumentedDifference, check: Check, kind: string) =>
  check.id.startsWith(d.check) && (d.kinds === undefined || d.kinds.includes(kind));

const clip = (v: unknown) => {
  const s = JSON.stringify(v);
  return s.length > 160 ? `${s.slice(0, 160)}…` : s;
};

describe.skipIf(skipWithoutPeers("peers/judge-free"))("judge-free metrics against the Python peers", () => {
  let output: JudgeFreeOutput;
  const table = documentedDifferences("judge-free-differences");
  const used = new Set<DocumentedDifference>();

  beforeAll(() => {
    const run = peerOutput<JudgeFreeOutput>("parity/judge_free.py");
    output = run.value;
    console.info(
      `peers/judge-free: ${output.checks.length} checks on ${Object.values(output.families).flat().length} cases ` +
        `(seed ${output.seed}), peers ${JSON.stringify(output.versions)}; ` +
        (run.cached ? `read from ${run.file}` : `Python side ran in ${output.seconds} s`),
    );
  }, 900_000);

  it("every check's metric equals its peer on every case, or the difference is documented", () => {
    const undocumented: string[] = [];
    const summary: string[] = [];
    expect(output.checks.length, "checks in the peers' output").toBeGreaterThan(0);
    for (const check of output.checks) {
      const cases = output.families[check.family] ?? [];
      expect(cases.length, `${check.id}: cases of family ${check.family}`).toBeGreaterThan(0);
      expect(check.values, check.id).toHaveLength(cases.length);
      const metric = createMetric(check.ours.metric, {}, check.ours.options);
      const undocumentedKinds = new Set<string>();
      const counts: Record<Outcome | "documented", number> = {
        exact: 0,
        tolerance: 0,
        "both-none": 0,
        differs: 0,
        documented: 0,
      };
      cases.forEach((sample, i) => {
        const peer = check.values[i] as PeerValue;
        const mine = ours(metric, sample, i);
        const outcome = compare(mine, peer);
        if (outcome !== "differs") {
          counts[outcome]++;
          return;
        }
        const row = table.find((d) => documents(d, check, sample.kind));
        if (row !== undefined) {
          used.add(row);
          counts.documented++;
          return;
        }
        counts.differs++;
        undocumentedKinds.add(sample.kind);
        if (counts.differs <= 3) {
          const { kind, ...input } = sample;
          undocumented.push(
            `${check.id} (${check.peer}), case ${i} (${kind}): ours ${mine}, peer ${clip(peer)}; input ${clip(input)}`,
          );
        }
      });
      summary.push(
        `${check.id}: ${cases.length} cases, ${counts.exact} exact, ${counts.tolerance} within ${TOLERANCE}, ` +
          `${counts["both-none"]} no score on both sides, ${counts.documented} documented, ${counts.differs} undocumented` +
          (undocumentedKinds.size > 0 ? ` (kinds: ${[...undocumentedKinds].join(", ")})` : ""),
      );
    }
    console.info(`peers/judge-free:\n  ${summary.join("\n  ")}`);
    expect(undocumented, `differences not in ${parityDoc}, "Judge-free metrics"`).toEqual([]);
  });

  it("every documented difference still occurs (no stale rows)", () => {
    const stale = table.filter((d) => !used.has(d)).map((d) => `${parityDoc}:${d.line}: ${d.check}`);
    expect(stale).toEqual([]);
  });
});
