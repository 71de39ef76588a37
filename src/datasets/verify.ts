import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { InvalidInputError } from "../errors.js";
import { sha256File } from "../models/hash.js";
import type { DatasetEntry } from "./registry.js";

/** The state of one pinned file on this machine. */
export interface DatasetFileCheck {
  file: string;
  status: "ok" | "missing" | "wrong-size" | "wrong-sha256";
  /** What is wrong, in words, when not ok. */
  problem?: string;
}

/**
 * Checks every pinned file of a data set in `dir`: present, the pinned size, the pinned sha256.
 *
 * @example
 * const checks = await verifyDataset(entry, "/data/halueval-qa-sample");
 */
export async function verifyDataset(entry: DatasetEntry, dir: string): Promise<DatasetFileCheck[]> {
  const out: DatasetFileCheck[] = [];
  for (const f of entry.source.files) {
    const full = path.join(dir, f.file);
    if (!existsSync(full)) {
      out.push({ file: f.file, status: "missing", problem: `${full} does not exist` });
      continue;
    }
    const size = statSync(full).size;
    if (size !== f.size) {
      out.push({ file: f.file, status: "wrong-size", problem: `${size} bytes, pinned ${f.size}` });
      continue;
    }
    const sha = await sha256File(full);
    out.push(
      sha === f.sha256
        ? { file: f.file, status: "ok" }
        : { file: f.file, status: "wrong-sha256", problem: `sha256 ${sha}, pinned ${f.sha256}` },
    );
  }
  return out;
}

/**
 * Throws an `InvalidInputError` naming every pinned file of the set that is missing or no longer matches its size
 * and sha256 (and what to do), so `datasets convert` and `calibrate --dataset` never read altered data.
 *
 * @example
 * await assertDatasetVerified(entry, dir);
 */
export async function assertDatasetVerified(entry: DatasetEntry, dir: string): Promise<void> {
  const failed = (await verifyDataset(entry, dir)).filter((c) => c.status !== "ok");
  if (failed.length === 0) return;
  throw new InvalidInputError(
    `data set "${entry.id}" in ${dir} does not match its pins: ${failed.map((c) => `${c.file} ${c.status} (${c.problem})`).join("; ")}. Pull it again on a connected machine (airgap-eval datasets pull ${entry.id}) and copy it here; airgap-eval datasets verify re-checks it`,
    { file: path.join(dir, failed[0]!.file) },
  );
}
