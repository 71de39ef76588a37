/** What the measuring scripts share: a synthetic batch, and the median time of sessions run alternately. */
import { paddedFeeds } from "../../src/onnx/feeds.js";
import type { openOnnxSession } from "../../src/onnx/session.js";

type Opened = Awaited<ReturnType<typeof openOnnxSession>>;

/** `batch` rows of `seq` token ids (deterministic, inside every fixture tokenizer's vocabulary). */
export const syntheticRows = (batch: number, seq: number) =>
  Array.from({ length: batch }, (_, r) => ({
    ids: Array.from({ length: seq }, (_, j) => 5 + ((r * 31 + j * 7) % 500)),
  }));

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Runs one batch on each session in turn, `runs` rounds (after one untimed warm-up each): ms per run, by key. */
export async function timeAlternately<K extends string | number>(
  sessions: Record<K, Opened>,
  rows: ReturnType<typeof syntheticRows>,
  runs: number,
): Promise<Record<K, number[]>> {
  const keys = Object.keys(sessions) as K[];
  const feedsOf = (k: K) => paddedFeeds(sessions[k].ort, sessions[k].session.inputNames, rows, 0).feeds;
  for (const k of keys) await sessions[k].session.run(feedsOf(k));
  const times = Object.fromEntries(keys.map((k) => [k, [] as number[]])) as Record<K, number[]>;
  for (let i = 0; i < runs; i++)
    for (const k of keys) {
      const feeds = feedsOf(k);
      const start = performance.now();
      await sessions[k].session.run(feeds);
      times[k].push(performance.now() - start);
    }
  return times;
}
