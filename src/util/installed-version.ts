import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const known = new Map<string, string>();

/**
 * The version of an installed package (scoped names included), read from its package.json without importing it
 * (importing node-llama-cpp alone takes about a second, and some packages do not export their package.json), or
 * "unknown" when it cannot be found.
 *
 * @example
 * installedVersion("onnxruntime-node"); // "1.17.0"
 */
export function installedVersion(pkg: string): string {
  const cached = known.get(pkg);
  if (cached !== undefined) return cached;
  let found = "unknown";
  try {
    const require = createRequire(import.meta.url);
    const tail = path.join(...pkg.split("/"));
    let dir = path.dirname(require.resolve(pkg));
    while (!dir.endsWith(`${path.sep}${tail}`) && path.dirname(dir) !== dir) dir = path.dirname(dir);
    found =
      (JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { version?: string }).version ??
      "unknown";
  } catch {
    // left as "unknown": provenance only
  }
  known.set(pkg, found);
  return found;
}
