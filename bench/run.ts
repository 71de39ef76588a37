// `npm run bench`: every benchmark in one run, one after another (never in parallel: they would
// compete for the 2 cores). Compare ratios within one run; absolute numbers vary with machine load.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(benchDir, "..");

const benches: Array<{ title: string; file: string; args: string[] }> = [
  { title: "Judge: threads and sequences (tokens/s)", file: "llm-threads.ts", args: [] },
  { title: "Embeddings: batch size and threads (texts/s)", file: "embeddings.ts", args: ["--repeats", "3"] },
  {
    title: "Starter embedder: sanity-set ordering per weighting variant",
    file: "starter-quality.ts",
    args: [],
  },
  { title: "evaluate(): cold vs warm cache on the example dataset", file: "evaluate-cache.ts", args: [] },
];

const only = process.argv.slice(2);
let failed = 0;
for (const bench of benches) {
  if (only.length > 0 && !only.some((name) => bench.file.startsWith(name))) continue;
  process.stdout.write(`\n## ${bench.title} (bench/${bench.file})\n\n`);
  const run = spawnSync(
    process.execPath,
    ["--import", "tsx", path.join(benchDir, bench.file), ...bench.args],
    {
      cwd: root,
      stdio: "inherit",
    },
  );
  if (run.status !== 0) {
    failed += 1;
    process.stdout.write(`bench/${bench.file} exited with ${run.status ?? run.signal}\n`);
  }
}
process.exitCode = failed > 0 ? 1 : 0;
