// How the text and tool-call passes scale on hostile input: each is timed on an input of a base size, then twice and
// four times that size. Linear work takes about 2× and 4× the time; quadratic work takes 4× and 16×.
//
//   node --import tsx bench/scaling.ts [--quick]
//
// Prints a Markdown table: the case, its base size, seconds at 1×, 2× and 4×, the two ratios, and whether they are
// near-linear (at most 2.5× at 2× the input and 5× at 4×). Fastest of 5 runs per size (the sizes taking turns, so a
// busy moment of a shared machine hits them alike) after a warm-up on the base size (1 run of inputs a quarter the
// size under --quick, a smoke run whose ratios are noisy).
import v8 from "node:v8";
import vm from "node:vm";
import { htmlToText } from "../src/generate/html-text.js";
import { splitSentences } from "../src/generate/sentences.js";
import { contextSentences } from "../src/metrics/context-relevance/sentences.js";
import { ToolCallF1 } from "../src/metrics/tool-call-f1/metric.js";
import { ToolCorrectness } from "../src/metrics/tool-correctness/metric.js";
import type { Sample } from "../src/metrics/types.js";
import { hasFlag } from "./lib/cli.js";

const quick = hasFlag("quick");
const runs = quick ? 1 : 5;

interface Case {
  name: string;
  /** The base size in the case's unit. */
  base: number;
  unit: string;
  /** Builds the input of a size; only running it is timed. */
  input: (size: number) => () => unknown;
}

const dots = (n: number) => `Wait${".".repeat(n)}then more. End.`;

/** A conversation of `n` tool calls, each answered, and `n` expected calls of other tools and arguments. */
function conversation(n: number): Sample {
  const messages: unknown[] = [];
  const referenceToolCalls: unknown[] = [];
  for (let i = 0; i < n; i++) {
    const args = JSON.stringify({ city: `c${i % 97}`, days: i % 7 });
    const call = { id: `c${i}`, type: "function", function: { name: `tool${i % 5}`, arguments: args } };
    messages.push({ role: "assistant", content: "", tool_calls: [call] });
    messages.push({ role: "tool", tool_call_id: `c${i}`, content: `r${i % 13}` });
    referenceToolCalls.push({ name: `tool${(i + 1) % 5}`, args: { city: `c${(i + 3) % 97}`, days: i % 7 } });
  }
  return { messages, referenceToolCalls } as Sample;
}

const scale = quick ? 0.25 : 1;
const cases: Case[] = [
  {
    name: "splitSentences (generate's chunker), a run of dots",
    base: 2_000_000 * scale,
    unit: "dots",
    input: (n) => {
      const text = dots(n);
      return () => splitSentences(text);
    },
  },
  {
    name: "contextSentences (context_relevance prefill), a run of dots",
    base: 2_000_000 * scale,
    unit: "dots",
    input: (n) => {
      const text = dots(n);
      return () => contextSentences([text]);
    },
  },
  {
    name: "htmlToText, `x<` repeated",
    base: 600_000 * scale,
    unit: "characters",
    input: (n) => {
      const html = "x<".repeat(n / 2);
      return () => htmlToText(html);
    },
  },
  {
    name: "tool_call_f1, one conversation",
    base: 8_000 * scale,
    unit: "calls",
    input: (n) => {
      const sample = conversation(n);
      const metric = new ToolCallF1();
      return () => metric.scoreSync(sample);
    },
  },
  {
    name: "tool_correctness (defaults), one conversation",
    base: 8_000 * scale,
    unit: "calls",
    input: (n) => {
      const sample = conversation(n);
      const metric = new ToolCorrectness();
      return () => metric.scoreSync(sample);
    },
  },
];

// A full garbage collection before each run, so no run pays for the garbage of the one before.
v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;

/** The fastest time of each run, in seconds: the runs take turns, so a busy moment of the machine hits them alike. */
function fastest(runners: ReadonlyArray<() => unknown>): number[] {
  const best = runners.map(() => Number.POSITIVE_INFINITY);
  for (let i = 0; i < runs; i++) {
    runners.forEach((run, k) => {
      collectGarbage();
      const start = performance.now();
      run();
      best[k] = Math.min(best[k]!, (performance.now() - start) / 1000);
    });
  }
  return best;
}

const rows = [
  `Fastest of ${runs} run(s) per size, taking turns, after a warm-up. Near-linear: at most 2.5× the time at 2× the input and 5× at 4×.`,
  "",
  "| case | base | 1× s | 2× s | 4× s | 2× ratio | 4× ratio | near-linear |",
  "|---|---:|---:|---:|---:|---:|---:|---|",
];
for (const c of cases) {
  const runners = [1, 2, 4].map((k) => c.input(c.base * k));
  runners[0]!(); // warm-up
  const [t1, t2, t4] = fastest(runners) as [number, number, number];
  const r2 = t2 / t1;
  const r4 = t4 / t1;
  const verdict = r2 <= 2.5 && r4 <= 5 ? "yes" : "NO";
  rows.push(
    `| ${c.name} | ${c.base.toLocaleString("en-US")} ${c.unit} | ${t1.toFixed(3)} | ${t2.toFixed(3)} | ${t4.toFixed(3)} | ${r2.toFixed(2)}× | ${r4.toFixed(2)}× | ${verdict} |`,
  );
}
process.stdout.write(`${rows.join("\n")}\n`);
