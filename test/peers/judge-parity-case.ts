// One case of the judge-metric parity as peers/judge_parity.py writes it, what our side runs for it, and the helpers
// every mapping uses (judge-parity-ragas.ts, judge-parity-deepeval.ts).

import type { Metric, Sample } from "../../src/index.js";
import type { Llm } from "../../src/llm/types.js";

/** One case as peers/judge_parity.py writes it. */
export interface PeerCase {
  metric: string;
  id: string;
  pattern: string;
  /** The sample in Ragas' field names. */
  inputs: Record<string, unknown>;
  options: Record<string, unknown>;
  /** The judge's answers as the peer asked for them: [schema class name, answer], in call order. */
  script: Array<[string, Record<string, unknown>]>;
  /** Answers to the calls ours makes and the peer does not (AspectCritic's further votes). */
  extra_votes?: number[];
  /** Embedding vectors by text, for metrics that embed. */
  vectors?: Record<string, number[]>;
  /** The peer's score: null for NaN/None; `error` when the peer raised. */
  peer: { value: number | null } | { error: string };
}

/** One of our judge calls: the prompt name and the answer the scripted judge gives. */
export type OurCall = [promptName: string, answer: unknown];

/** What the parity test runs for a case: our metric around a judge, and the calls it must make, in order. */
export interface OurRun {
  metric: (llm: Llm) => Metric;
  /**
   * Our value in the peer's unit, where the two report on different scales by design (G-Eval: DeepEval rescales the
   * score to 0-1, ours keeps the scale); absent: compared as is.
   */
  inPeerUnits?: (ours: number) => number;
  sample: Sample;
  calls: OurCall[];
}

export type Mapping = (c: PeerCase) => OurRun;

/** A Ragas sample (snake_case fields) as ours (camelCase). */
export function sampleOf(inputs: Record<string, unknown>): Sample {
  const sample: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(inputs)) {
    sample[key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())] = value;
  }
  return sample as Sample;
}

/** The recorded answer of the peer's `index`-th call; a shorter recording is an error naming the case. */
export function recorded(c: PeerCase, index: number): [string, Record<string, unknown>] {
  const step = c.script[index];
  if (step === undefined) throw new Error(`${c.id}: the recording has no call ${index + 1}`);
  return step;
}

/** Our calls grouped by prompt name, in order: the script of a ScriptedLlm. */
export function scriptOf(calls: readonly OurCall[]): Record<string, unknown[]> {
  const script: Record<string, unknown[]> = {};
  for (const [name, answer] of calls) script[name] = [...(script[name] ?? []), answer];
  return script;
}
