// Judge-metric parity with the peers running themselves. peers/judge_parity.py runs each Ragas/DeepEval metric we
// name after them on seeded cases with a scripted judge (recorded structured answers, in the peer's call order);
// here the same answers, mapped onto our prompts (judge-parity-mappings.ts), go through the public Llm interface
// (a ScriptedLlm), and the scores must be equal, unless docs/peer-parity.md lists the case as a documented
// difference. A listed case that no longer differs fails too, so the table stays true.
import { describe, expect, it } from "vitest";
import type { MetricResult } from "../../src/index.js";
import { skipWithoutPeers } from "../support/peers.js";
import { ScriptedLlm } from "../support/scripted-llm.js";
import { type PeerCase, scriptOf } from "./judge-parity-case.js";
import { documentedDifferences, documentedMetrics } from "./judge-parity-doc.js";
import { ourRun } from "./judge-parity-mappings.js";
import { peerCases } from "./judge-parity-peer-run.js";

/** Equal scores: numbers within floating-point summation noise (relative to the peer's, at least 1). */
const TOLERANCE = 1e-12;

interface Outcome {
  id: string;
  equal: boolean;
  detail: string;
}

function peerValue(c: PeerCase): number | null {
  return "value" in c.peer ? c.peer.value : null;
}

function describePeer(c: PeerCase): string {
  return "error" in c.peer ? `error (${c.peer.error})` : String(c.peer.value);
}

function describeOurs(result: MetricResult): string {
  return result.status === "error" ? `error (${result.error})` : String(result.value);
}

async function compare(c: PeerCase): Promise<Outcome> {
  const run = ourRun(c);
  const llm = new ScriptedLlm(scriptOf(run.calls));
  // Input ours refuses (InvalidInputError) is an outcome like an error row: no score.
  const result: MetricResult = await run
    .metric(llm)
    .score(run.sample)
    .catch((error: Error) => ({ value: null, status: "error", error: `${error.name}: ${error.message}` }));
  const asked = llm.calls.map((call) => call.prompt.name);
  const expected = run.calls.map(([name]) => name);
  // Ours must ask exactly the mapped calls. A peer that raised may have made calls before failing, so then ours may
  // stop early (a prefix), but never ask for more: an answer the recording lacks would make ours fail for want of
  // it, not for a reason of its own.
  const prefix = asked.every((name, i) => name === expected[i]);
  const sameCalls = "error" in c.peer ? prefix : prefix && asked.length === expected.length;
  if (!sameCalls) {
    const calls = `ours asked ${asked.join(", ") || "nothing"}; the recording maps to ${expected.join(", ") || "nothing"}`;
    return {
      id: c.id,
      equal: false,
      detail: `${calls}; peer ${describePeer(c)}, ours ${describeOurs(result)}`,
    };
  }
  const value = result.status === "error" ? null : (result.value ?? null);
  const ours = value !== null && run.inPeerUnits !== undefined ? run.inPeerUnits(value) : value;
  const peer = peerValue(c);
  // A peer that raised matches only ours refusing the row too (an error row); a score of none (NaN, None, null)
  // matches none.
  const equal =
    "error" in c.peer
      ? result.status === "error"
      : ours === null || peer === null
        ? ours === peer && result.status !== "error"
        : Math.abs(ours - peer) <= TOLERANCE * Math.max(1, Math.abs(peer));
  return { id: c.id, equal, detail: `peer ${describePeer(c)}, ours ${describeOurs(result)}` };
}

const skip = skipWithoutPeers("peers/judge-parity");

describe.skipIf(skip)("judge metrics: ours and the peers on the same scripted judge answers", () => {
  // The cases decide the tests, so they are read while the file is collected (a skipped file reads none).
  const { cases } = skip ? { cases: [] as PeerCase[] } : peerCases();
  const documented = new Map(documentedDifferences().flatMap((d) => d.cases.map((id) => [id, d] as const)));
  const metrics = [...new Set(cases.map((c) => c.metric))];

  it("has cases for every metric, and every documented difference names a case", () => {
    expect(metrics.length).toBeGreaterThan(0);
    const ids = new Set(cases.map((c) => c.id));
    expect([...documented.keys()].filter((id) => !ids.has(id))).toEqual([]);
  });

  it("lists every metric in the doc with its case and difference counts", () => {
    const counted = metrics.map((metric) => {
      const ofMetric = cases.filter((c) => c.metric === metric);
      return {
        metric,
        cases: ofMetric.length,
        differences: ofMetric.filter((c) => documented.has(c.id)).length,
      };
    });
    const byMetric = (a: { metric: string }, b: { metric: string }) => a.metric.localeCompare(b.metric);
    expect(documentedMetrics().sort(byMetric)).toEqual(counted.sort(byMetric));
  });

  for (const metric of metrics) {
    it(metric, async () => {
      const outcomes = await Promise.all(cases.filter((c) => c.metric === metric).map(compare));
      const undocumented = outcomes.filter((o) => !o.equal && !documented.has(o.id));
      const stale = outcomes.filter((o) => o.equal && documented.has(o.id));
      const equal = outcomes.filter((o) => o.equal).length;
      const differ = outcomes.length - equal;
      console.log(
        `judge-parity ${metric}: ${outcomes.length} cases, ${equal} equal, ${differ} differ (${differ - undocumented.length} documented)`,
      );
      expect(undocumented.map((o) => `${o.id}: ${o.detail}`)).toEqual([]);
      // A metric whose every case the peer refuses would be "equal" with no score compared.
      const peerScored = cases.filter((c) => c.metric === metric && peerValue(c) !== null);
      expect(peerScored.length, `${metric}: cases the peer scores`).toBeGreaterThan(0);
      expect(stale.map((o) => `${o.id} is listed as a difference but is equal: ${o.detail}`)).toEqual([]);
    });
  }
});
