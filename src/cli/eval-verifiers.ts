// The verifiers of an `eval` run's verifier metrics, found on disk before anything loads, so a default verifier that
// is not on this machine is handled as a missing default judge is: its metrics are left out of a default run with
// one note, and listed as skipped when asked for with --metrics.
import { InvalidInputError, ModelNotFoundError } from "../errors.js";
import { metricDescriptor } from "../metrics/catalog.js";
import { findVerifierFiles } from "../verifiers/verifier-files.js";
import { type AbsentModels, missingModelReason } from "./eval-models.js";

/**
 * The verifier a metric of the catalog loads: its `verifier` option as given (a models.json id or a directory),
 * else the descriptor's default. Undefined for a metric without a verifier, or one whose verifier is required and
 * not given (building the metric then says what to give).
 *
 * @example
 * verifierSourceOf("verifier_faithfulness"); // "nli-deberta-v3-small"
 */
export function verifierSourceOf(id: string, options: Record<string, unknown> = {}): string | undefined {
  const descriptor = metricDescriptor(id);
  if (descriptor.needsVerifier === undefined || descriptor.needsVerifier.length === 0) return undefined;
  if (typeof options.verifier === "string") return options.verifier;
  const field = (descriptor.options.shape as Record<string, { safeParse(v: unknown): { data?: unknown } }>)
    .verifier;
  const fallback = field?.safeParse(undefined).data;
  return typeof fallback === "string" ? fallback : undefined;
}

/**
 * Checks that the verifier of each verifier metric among `ids` is on this machine (its files, as loading would find
 * them), without loading it. A default verifier that is absent gives a one-line reason naming the `models pull`
 * command (`verifiersMissing`) and its full message (`notes`); a verifier given with `--metric-option` that cannot
 * be found throws `InvalidInputError` (bad input, as an absent `--llm` is).
 */
export async function locateVerifiers(
  ids: readonly string[],
  metricOptions: ReadonlyMap<string, Record<string, unknown>>,
): Promise<Pick<AbsentModels, "verifiersMissing" | "notes">> {
  const missing = new Map<string, string>();
  const notes: AbsentModels["notes"] = [];
  const found = new Map<string, Promise<ModelNotFoundError | undefined>>();
  for (const id of ids) {
    const source = verifierSourceOf(id, metricOptions.get(id));
    if (source === undefined) continue;
    let pending = found.get(source);
    if (pending === undefined) {
      pending = findVerifierFiles(source, undefined).then(
        () => undefined,
        (err: unknown) => {
          if (err instanceof ModelNotFoundError) return err;
          throw err;
        },
      );
      found.set(source, pending);
    }
    const absent = await pending;
    if (absent === undefined) continue;
    if (typeof metricOptions.get(id)?.verifier === "string") {
      throw new InvalidInputError(`--metric-option ${id}.verifier: ${absent.message}`, {}, { cause: absent });
    }
    if (missing.has(source)) continue;
    missing.set(source, missingModelReason("verifier", absent));
    notes.push({ kind: "verifier", source, message: absent.message });
  }
  return { verifiersMissing: missing, notes };
}

/**
 * For a command that scores one metric and cannot go on without its verifier (`calibrate`): checks that the
 * verifier it names (its `verifier` option, else the descriptor's default) is on this machine, without loading it.
 * Throws `InvalidInputError` (bad usage, exit 2) naming the metric, the directory and the missing file.
 *
 * @example
 * await requireVerifier("faithfulness", { verifier: "./my-nli" }, undefined);
 */
export async function requireVerifier(
  id: string,
  options: Record<string, unknown>,
  modelsDir: string | undefined,
): Promise<void> {
  const source = typeof options.verifier === "string" ? options.verifier : verifierSourceOf(id, options);
  if (source === undefined) return;
  try {
    await findVerifierFiles(source, modelsDir);
  } catch (err) {
    if (!(err instanceof ModelNotFoundError)) throw err;
    const given =
      typeof options.verifier === "string" ? `--metric-option ${id}.verifier` : `${id}'s verifier`;
    throw new InvalidInputError(`${given}: ${err.message}`, {}, { cause: err });
  }
}
