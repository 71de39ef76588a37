/**
 * What a judge's results in the peers section depend on, recorded in its JSON so that a later run (`--resume`) can
 * tell which of them still hold: the model files (sha256), each row scored (a hash of its fields), the peers' code
 * (peers/bench_peers.py and the scripts that start it) and our source tree (src/). Threads, context size, the peers'
 * package versions and our runtimes' versions are recorded beside it in the result already.
 *
 * @example
 * const fp = await peersFingerprint({ judge: gguf, minilmDir, rows, agreement });
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { sha256File } from "../../src/models/hash.js";
import type { RagRow } from "./dataset.js";
import { repoRoot } from "./models.js";

/** A file a result depends on. */
export interface FileFingerprint {
  path: string;
  bytes: number;
  sha256: string;
}

/** What one judge's results depend on, beside threads, context size and versions. */
export interface PeersFingerprint {
  /** The GGUF judge every side ran. */
  judgeModel: FileFingerprint;
  /** The encoder files: ours and Python onnxruntime read the ONNX file, sentence-transformers (Ragas) the weights. */
  encoderModels: FileFingerprint[];
  /** Per example row, in order, {@link rowHash} of its fields. */
  rows: string[];
  /** The agreement part's set and, per labelled row in order, {@link rowHash} of its fields. */
  agreementRows?: { set: string; rows: string[] };
  /** sha256 over the peers' code: {@link PEERS_CODE} in order, each file's path and bytes. */
  peersCodeSha256: string;
  /** sha256 over our source tree: every file under src/ in path order, each file's path and bytes. */
  ourSourceSha256: string;
}

/** The peers' code the bench runs: the worker and the scripts that start it (relative to the repository). */
export const PEERS_CODE = ["peers/bench_peers.py", "peers/run.sh", "peers/env.sh"] as const;

/** A short hash of a row's fields (16 hex digits of the sha256 of its JSON). */
export function rowHash(row: RagRow): string {
  return createHash("sha256").update(JSON.stringify(row)).digest("hex").slice(0, 16);
}

/** sha256 over files: each one's path (relative to `root`) and bytes, in the order given. */
export function filesSha256(root: string, files: readonly string[]): string {
  const hash = createHash("sha256");
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** The files under `dir` (relative to `root`), in path order. */
function filesUnder(root: string, dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

/** sha256 over our source tree (src/ of the repository at `root`). */
export function ourSourceSha256(root: string = repoRoot): string {
  return filesSha256(root, filesUnder(root, "src"));
}

async function fileFingerprint(file: string): Promise<FileFingerprint> {
  return { path: file, bytes: statSync(file).size, sha256: await sha256File(file) };
}

/** The fingerprint of one judge's run (hashing the model files takes a second or two). */
export async function peersFingerprint(inputs: {
  judge: string;
  encoderFiles: readonly string[];
  rows: readonly RagRow[];
  agreement?: { set: string; rows: readonly RagRow[] } | undefined;
}): Promise<PeersFingerprint> {
  return {
    judgeModel: await fileFingerprint(inputs.judge),
    encoderModels: await Promise.all(inputs.encoderFiles.map(fileFingerprint)),
    rows: inputs.rows.map(rowHash),
    ...(inputs.agreement
      ? { agreementRows: { set: inputs.agreement.set, rows: inputs.agreement.rows.map(rowHash) } }
      : {}),
    peersCodeSha256: filesSha256(repoRoot, PEERS_CODE),
    ourSourceSha256: ourSourceSha256(),
  };
}
