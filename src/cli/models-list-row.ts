import { statSync } from "node:fs";
import { ModelNotFoundError } from "../errors.js";
import { DEFAULT_NLI_VERIFIER, DEFAULT_RELEVANCE_VERIFIER } from "../metrics/shared/verifier/defaults.js";
import type { ModelRegistry } from "../models/registry.js";
import { isBuiltinSource, type RegistryEntry } from "../models/registry-schema.js";
import { type ResolvedModel, resolveModel } from "../models/resolve.js";
import { verifyModel } from "../models/verify.js";

/** The models-directory flag every `models` subcommand takes. */
export interface DirFlags {
  modelsDir?: string;
}

/** The verifiers the verifier metrics load when their `verifier` option is unset (marked default in the list). */
const VERIFIER_DEFAULTS: ReadonlySet<string> = new Set([DEFAULT_NLI_VERIFIER, DEFAULT_RELEVANCE_VERIFIER]);

/** One row of `models list --json`. */
export interface ListRow {
  id: string;
  kind: string;
  format: string;
  tier: string | null;
  default: boolean;
  recommended: boolean;
  builtin: boolean;
  size: number | null;
  licence: string;
  present: boolean;
  verified: "yes" | "no" | "unpinned" | "not checked" | null;
  path: string | null;
  description: string;
}

/**
 * One registry entry as `models list` shows it: kind, size (pinned, else measured once present), whether it is
 * here and, unless `quick`, whether its files' digests match.
 */
export async function listRow(
  reg: ModelRegistry,
  entry: RegistryEntry,
  flags: DirFlags,
  env: NodeJS.ProcessEnv,
  quick: boolean,
): Promise<ListRow> {
  const sizes = entry.source.files.map((f) => f.size);
  const row: ListRow = {
    id: entry.id,
    kind: entry.kind,
    format: entry.format,
    tier: entry.tier ?? null,
    default:
      entry.kind === "verifier" ? VERIFIER_DEFAULTS.has(entry.id) : reg.defaults[entry.kind] === entry.id,
    recommended: entry.kind !== "verifier" && reg.recommended[entry.kind] === entry.id,
    builtin: isBuiltinSource(entry.source),
    size: sizes.every((s) => s !== null) ? sizes.reduce<number>((a, s) => a + (s ?? 0), 0) : null,
    licence: entry.licence,
    present: false,
    verified: null,
    path: null,
    description: entry.description,
  };
  let resolved: ResolvedModel;
  try {
    resolved = await resolveModel(entry.id, {
      registry: reg,
      modelsDir: flags.modelsDir,
      env,
      verify: "none",
    });
  } catch (e) {
    if (e instanceof ModelNotFoundError) return row;
    throw e;
  }
  row.present = true;
  row.path = resolved.path;
  if (row.size === null) row.size = resolved.files.reduce((sum, f) => sum + statSync(f.absolutePath).size, 0);
  if (quick) {
    const sizeOk = resolved.files.every((f) => f.size === null || statSync(f.absolutePath).size === f.size);
    row.verified = sizeOk ? "not checked" : "no";
    return row;
  }
  const check = await verifyModel(resolved, { throwOnFailure: false });
  row.verified = !check.ok ? "no" : check.verified ? "yes" : "unpinned";
  return row;
}
