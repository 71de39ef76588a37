import { InvalidInputError } from "../../../errors.js";
import { loadRegistry } from "../../../models/registry.js";
import type { PairVerifier, SpanVerifier, Verifier, VerifierTask } from "../../../verifiers/types.js";
import { type VerifierSourceIdentity, verifierSourceIdentity } from "../../../verifiers/verifier-files.js";
import { sharedVerifier } from "./shared-verifiers.js";

/** The verifier kind a metric asks for: pair tasks or the span task. */
type TaskVerifier<T extends VerifierTask> = T extends "spans" ? SpanVerifier : PairVerifier;

/**
 * A metric's verifier: given as a loaded `Verifier` or as a source (models.json id or directory) loaded on first
 * use through {@link sharedVerifier}. Checks that the verifier does one of the tasks the metric reads, naming the
 * metric and the option when it does not.
 */
export class VerifierHandle<T extends VerifierTask> {
  /** The models.json id or directory as given, or the loaded verifier's identity id. */
  readonly source: string;
  /**
   * The identity of a verifier passed as an object; for a source, found by the first `config()` and kept (config()
   * runs on every row for the prompt versions: the registry is not read again, nor the files stat'ed, per row).
   */
  private identity: VerifierSourceIdentity | undefined;
  private pending: Promise<TaskVerifier<T>> | undefined;

  constructor(
    private readonly given: string | Verifier,
    private readonly threads: number | undefined,
    private readonly tasks: readonly T[],
    /** The metric's id and option as a user names them, e.g. `{ metric: "verifier_faithfulness", option: "verifier" }`. */
    private readonly where: { metric: string; option: string },
  ) {
    this.source = typeof given === "string" ? given : given.identity.id;
    this.identity =
      typeof given === "string"
        ? undefined
        : { sha256: given.identity.sha256, filesSha256: given.identity.filesSha256 ?? null };
    if (typeof given !== "string") this.checkTask(given);
  }

  /** The verifier, loaded on the first call (a load failure rejects, and the next call tries again). */
  get(): Promise<TaskVerifier<T>> {
    if (typeof this.given !== "string") return Promise.resolve(this.given as TaskVerifier<T>);
    if (this.pending === undefined) {
      this.pending = sharedVerifier(this.given, this.threads).then(
        (v) => {
          this.checkTask(v);
          return v as TaskVerifier<T>;
        },
        (err: unknown) => {
          throw this.named(err);
        },
      );
      this.pending.catch(() => {
        this.pending = undefined;
      });
    }
    return this.pending;
  }

  /**
   * What config() records: the source, the ONNX file's sha256 (a models.json id's pinned digest, a directory's file
   * hashed once per process, a loaded verifier's own) and the digest over all the files that change its numbers
   * (ONNX, config.json, tokenizer files; null when the source names nothing on disk), so a changed verifier, its
   * labels reordered or its tokenizer replaced, is a changed config for `--resume`, the rerun check and the cache.
   */
  config(): Record<string, string | null> {
    if (this.identity === undefined && typeof this.given === "string")
      this.identity = verifierSourceIdentity(this.given);
    return {
      verifier: this.source,
      verifierSha256: this.identity?.sha256 ?? null,
      verifierFilesSha256: this.identity?.filesSha256 ?? null,
    };
  }

  private checkTask(verifier: Verifier): void {
    if ((this.tasks as readonly VerifierTask[]).includes(verifier.task)) return;
    const wanted = this.tasks.join(" or ");
    const ids = registryVerifierIds(this.tasks);
    throw new InvalidInputError(
      `${this.where.metric}: the verifier ${verifier.identity.id} does ${verifier.task}; this metric needs a ${wanted} verifier. ` +
        `Give ${this.where.option} ${ids.length > 0 ? `one of the models.json ids ${ids.join(", ")} or ` : ""}a directory holding a ${wanted} model (docs/verifiers.md)`,
      { field: this.where.option },
    );
  }

  /**
   * A load failure with the metric and the option in front of its message, as a copy (class and details kept): the
   * load is shared by every metric naming the same verifier, so each metric gets its own error naming only itself.
   */
  private named(err: unknown): unknown {
    if (!(err instanceof Error)) return err;
    return withMessage(err, `${this.where.metric} option ${this.where.option}: ${err.message}`);
  }
}

/** The models.json verifier ids whose task is one of `tasks` (none when the registry cannot be read). */
function registryVerifierIds(tasks: readonly VerifierTask[]): string[] {
  try {
    return loadRegistry()
      .models.filter(
        (m) => m.kind === "verifier" && m.verifier !== undefined && tasks.includes(m.verifier.task),
      )
      .map((m) => m.id);
  } catch {
    return [];
  }
}

/** A copy of `err` (same class, same own properties such as `modelId`) with another message; `err` is untouched. */
function withMessage(err: Error, message: string): Error {
  const copy = Object.create(Object.getPrototypeOf(err) as object) as Error;
  Object.defineProperties(copy, Object.getOwnPropertyDescriptors(err));
  Object.defineProperty(copy, "message", { value: message, writable: true, configurable: true });
  if (typeof err.stack === "string") {
    const firstLine = `${err.name}: ${err.message}`;
    const stack = err.stack.startsWith(firstLine)
      ? `${err.name}: ${message}${err.stack.slice(firstLine.length)}`
      : err.stack;
    Object.defineProperty(copy, "stack", { value: stack, writable: true, configurable: true });
  }
  return copy;
}
