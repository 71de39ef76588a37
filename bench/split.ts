// Splitting time for huge contexts: judgeWithSplitting with a stand-in judge that
// overflows above a fixed number of characters, so only the splitting work is timed.
//
//   node --import tsx bench/split.ts [--limit 8000]
//
// Prints a Markdown table: context size, parts, judge calls, seconds, and ms per MB (flat = linear).
import { ContextOverflowError } from "../src/errors.js";
import { judgeWithSplitting, type TextPart } from "../src/metrics/shared/judge/split.js";
import { flag } from "./lib/cli.js";

const limit = Number(flag("limit") ?? "8000");
const sizes = [100_000, 400_000, 1_000_000, 2_500_000, 5_000_000, 10_000_000];
const sentences = [
  "Green plants turn light, water and carbon dioxide into sugar. ",
  "Dr. Smith measured 3.5 g of it at 10 a.m. on a cold day! ",
  "Was that enough? ",
  "The chloroplasts hold the pigment that absorbs red and blue light, and reflects green. ",
];

function context(chars: number): string {
  let text = "";
  for (let i = 0; text.length < chars; i++) text += sentences[i % sentences.length];
  return text.slice(0, chars);
}

async function timeSplit(text: string): Promise<{ seconds: number; parts: number; calls: number }> {
  let calls = 0;
  const start = performance.now();
  const outcome = await judgeWithSplitting([text], "contexts", async (parts: TextPart[]) => {
    calls++;
    const size = parts.reduce((n, p) => n + p.text.length, 0);
    if (size > limit) throw new ContextOverflowError("too long", size, limit);
    return size;
  });
  const seconds = (performance.now() - start) / 1000;
  return { seconds, parts: outcome.results.length, calls };
}

const rows: string[] = [
  `Stand-in judge window: ${limit} characters (about a 2,048-token context). Fastest of 3 runs per size, after a warm-up.`,
  "",
  "| context | parts | judge calls | split s | ms per MB |",
  "|---:|---:|---:|---:|---:|",
];
await timeSplit(context(200_000));
for (const size of sizes) {
  const text = context(size);
  const runs = [await timeSplit(text), await timeSplit(text), await timeSplit(text)];
  const { parts, calls } = runs[0]!;
  const seconds = Math.min(...runs.map((r) => r.seconds));
  const mb = size / 1_000_000;
  rows.push(
    `| ${size >= 1_000_000 ? `${mb} MB` : `${size / 1000} KB`} | ${parts} | ${calls} | ${seconds.toFixed(3)} | ${((seconds * 1000) / mb).toFixed(0)} |`,
  );
}
process.stdout.write(`${rows.join("\n")}\n`);
