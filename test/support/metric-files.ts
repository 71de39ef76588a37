// Metric files written to a temporary folder for a test file, removed after its tests.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { stringify } from "yaml";

/**
 * A writer of metric files in a fresh temporary folder (removed after the calling test file): a string is written
 * as is, anything else as YAML. Returns the file's path.
 *
 * @example
 * const metricFile = metricFileWriter("airgap-metric-file-");
 * const file = metricFile("good.yaml", { metrics: [critic] });
 */
export function metricFileWriter(prefix: string): (name: string, data: unknown) => string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return (name, data) => {
    const file = path.join(dir, name);
    writeFileSync(file, typeof data === "string" ? data : stringify(data));
    return file;
  };
}
