// The PyPI archives of the manifest, downloaded with pip into `<cache>/archives` and checked against their pins.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Manifest, ManifestArchive } from "./manifest.js";
import { run } from "./subprocess.js";
import type { VerifiedFiles } from "./verified-files.js";

/** The hash-pinned requirement line of an archive: pip refuses any other file. */
export function requirementLine(archive: ManifestArchive): string {
  return `${archive.package}==${archive.version} --hash=sha256:${archive.sha256}`;
}

/**
 * Makes sure every archive of `manifest` is in `<cache>/archives` with its pinned size and sha256, downloading
 * the missing or damaged ones in one `pip download --no-deps --only-binary=:all: --require-hashes` call
 * (nothing is installed anywhere). Returns the path of each archive by package name.
 */
export async function ensureArchives(
  manifest: Manifest,
  verified: VerifiedFiles,
  python: string,
  log: (line: string) => void,
): Promise<Map<string, string>> {
  const dir = path.join(verified.cacheDir, "archives");
  mkdirSync(dir, { recursive: true });
  const paths = new Map(manifest.archives.map((a) => [a.package, path.join(dir, a.file)]));
  const pathOf = (a: ManifestArchive): string => paths.get(a.package) as string;
  const missing: ManifestArchive[] = [];
  for (const archive of manifest.archives) {
    const check = await verified.check(pathOf(archive), archive);
    if (check.ok) continue;
    if (check.reason !== "missing") log(`${pathOf(archive)}: ${check.reason}; downloading it again`);
    verified.forget(pathOf(archive));
    rmSync(pathOf(archive), { force: true });
    missing.push(archive);
  }
  if (missing.length > 0) {
    const requirements = path.join(dir, "requirements.txt");
    writeFileSync(requirements, `${missing.map(requirementLine).join("\n")}\n`);
    log(`downloading ${missing.map((a) => `${a.package}==${a.version}`).join(", ")}`);
    await run(python, [
      "-m",
      "pip",
      "download",
      "--no-deps",
      "--only-binary=:all:",
      "--require-hashes",
      "--progress-bar=off",
      "--dest",
      dir,
      "-r",
      requirements,
    ]);
    for (const archive of missing) {
      const check = await verified.check(pathOf(archive), archive);
      if (!check.ok) {
        throw new Error(
          `${archive.package}==${archive.version}: ${pathOf(archive)}: ${check.reason}. pip did not save the ` +
            "pinned wheel; check that the index serves this exact file",
        );
      }
    }
  }
  return paths;
}
