/**
 * Preloaded into every bench child process by bench/run.ts (`--import`): when the process exits, writes
 * its peak resident memory (`process.resourceUsage().maxRSS`, in MB) as JSON to the file named by the
 * environment variable BENCH_RSS_FILE. Covers sections that report no memory of their own.
 *
 * @example
 * // node --import tsx --import ./bench/lib/rss-on-exit.ts bench/starter-quality.ts
 */
import { writeFileSync } from "node:fs";

const target = process.env.BENCH_RSS_FILE;
if (target) {
  process.on("exit", () => {
    const peakRssMb = Math.round((process.resourceUsage().maxRSS / 1024) * 10) / 10;
    writeFileSync(target, JSON.stringify({ peakRssMb }));
  });
}
