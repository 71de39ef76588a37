import { type CheckProgress, checkModel, type ModelCheck, throwOnFailure } from "./integrity.js";
import { type ResolvedModel, type ResolveModelOptions, resolveModel } from "./resolve.js";

/** Options of {@link verifyModel}. */
export interface VerifyModelOptions extends Omit<ResolveModelOptions, "verify"> {
  /** Called while files are hashed. Defaults to none. */
  onProgress?: (progress: CheckProgress) => void;
}

/**
 * Hashes every file of a model and compares it with the sha256 in the registry (or, where the registry
 * has none, the digest `pull` recorded in the lock file). Throws `ModelIntegrityError` on the first
 * mismatch and `ModelNotFoundError` when the model or a file is missing; otherwise returns the per-file
 * result (files nothing pins are reported `unpinned`, with their computed digest).
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
  const check = await checkModel(resolved, options.onProgress);
  throwOnFailure(resolved, check);
  return check;
}
