/**
 * What every bench section shares: its peak memory, writing its result as JSON for `bench/run.ts`
 * (`--json <file>`), or printing its Markdown when run alone.
 *
 * @example
 * if (isMain(import.meta.url)) await finishSection(await runThreads(opts), formatThreads);
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { flag } from "./cli.js";

/** Peak resident memory of this process so far, in MB (`process.resourceUsage().maxRSS`). */
export function peakRssMb(): number {
  return Math.round((process.resourceUsage().maxRSS / 1024) * 10) / 10;
}

/** True when the module at `moduleUrl` is the script node was started with. */
export function isMain(moduleUrl: string): boolean {
  return process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(moduleUrl);
}

/** Writes `result` (plus `peakRssMb`) to the `--json` file when given, else prints `format(result)`. */
export function finishSection<R extends object>(
  result: R,
  format: (result: R & { peakRssMb: number }) => string,
): void {
  const withRss = { ...result, peakRssMb: peakRssMb() };
  const jsonPath = flag("json");
  if (jsonPath !== undefined) {
    mkdirSync(path.dirname(path.resolve(jsonPath)), { recursive: true });
    writeFileSync(jsonPath, `${JSON.stringify(withRss, null, 2)}\n`);
  } else {
    process.stdout.write(`${format(withRss)}\n`);
  }
}

/** A line on stderr (progress of a long section; stdout stays for the tables). */
export function note(message: string): void {
  process.stderr.write(`  ${message}\n`);
}
