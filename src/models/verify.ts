import { assertModelCheck, type CheckProgress, hashModelFiles, type ModelCheck } from "./integrity.js";
import { type ResolveModelOptions, resolveModel } from "./resolve.js";
import type { ResolvedModel } from "./resolved-model.js";

/** Options of {@link verifyModel}. */
export interface VerifyModelOptions extends Omit<ResolveModelOptions, "verify"> {
  /** Called while files are hashed. Defaults to none. */
  onProgress?: (progress: CheckProgress) => void;
  /**
   * Throw for the first missing or mismatched file. With `false` the per-file result is returned whatever
   * it says (`ok`, `verified` and each file's `status`). Defaults to `true`.
   */
  throwOnFailure?: boolean;
}

/**
 * Hashes every file of a model and compares it with the sha256 in the registry (or, where the registry
 * has none, the digest `pull` recorded in the lock file). Throws `ModelIntegrityError` on the first
 * mismatch and `ModelNotFoundError` when the model or a file is missing; otherwise returns the per-file
 * result (files nothing pins are reported `unpinned`, with their computed digest). The one way to check a
 * model's files; `throwOnFailure: false` reports instead of throwing.
 *
 * @param model A registry id, a path, or a model already returned by `resolveModel`.
 * @example
 * const check = await verifyModel("all-MiniLM-L6-v2");
 * console.log(check.verified); // true
 */
export async function verifyModel(
  model: string | ResolvedModel,
  options: VerifyModelOptions = {},
): Promise<ModelCheck> {
  const resolved =
    typeof model === "string" ? await resolveModel(model, { ...options, verify: "none" }) : model;
  const check = await hashModelFiles(resolved, options.onProgress);
  if (options.throwOnFailure !== false) assertModelCheck(resolved, check);
  return check;
}
