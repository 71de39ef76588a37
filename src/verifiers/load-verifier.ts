import { AirgapEvalError } from "../errors.js";
import type { Verifier, VerifierTask } from "./types.js";

/** Loads a verifier by models.json id or directory. Not available in this build. */
export async function loadVerifier(
  source: string,
  _options?: { threads?: number; task?: VerifierTask; modelsDir?: string },
): Promise<Verifier> {
  throw new AirgapEvalError(
    `cannot load verifier ${source}: loading verifiers is not available in this build`,
  );
}
