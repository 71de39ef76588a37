/**
 * Errors thrown by airgap-eval. Every error extends {@link AirgapEvalError}, so
 * `err instanceof AirgapEvalError` separates our errors from everything else.
 *
 * @example
 * try { await metric.score(sample); } catch (err) {
 *   if (err instanceof InvalidInputError) console.error(err.row, err.field, err.message);
 * }
 */
export class AirgapEvalError extends Error {
  override name = "AirgapEvalError";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** Where a piece of bad input sits: the row (0-based index or 1-based line, as `location` says), field, file. */
export interface InputLocation {
  /** Row index (0-based) in a list or dataset. */
  row?: number;
  /** 1-based line number in a file, when the input came from one. */
  line?: number;
  /** Field (column) name, e.g. `response` or `retrieved_contexts[2]`. */
  field?: string;
  /** File the input came from. */
  file?: string;
}

/** Bad input from the caller: an empty string, a wrong type, mismatched list lengths, a malformed file. */
export class InvalidInputError extends AirgapEvalError {
  override name = "InvalidInputError";
  // Declared, not initialised: only the parts of the location that are set become properties, so printing the
  // error (console.error, util.inspect) shows no `row: undefined`.
  declare readonly row: number | undefined;
  declare readonly line: number | undefined;
  declare readonly field: string | undefined;
  declare readonly file: string | undefined;
  /** What is wrong, without the location the message starts with (not enumerable, so printing shows it once). */
  declare readonly detail: string;
  constructor(message: string, location: InputLocation = {}, options?: { cause?: unknown }) {
    super(formatWithLocation(message, location), options);
    for (const key of ["row", "line", "field", "file"] as const) {
      if (location[key] !== undefined)
        Object.defineProperty(this, key, { value: location[key], enumerable: true });
    }
    Object.defineProperty(this, "detail", { value: message, enumerable: false });
  }
}

/** A model is not on this machine. The message names the `models pull` command and the directory to copy into. */
export class ModelNotFoundError extends AirgapEvalError {
  override name = "ModelNotFoundError";
  constructor(
    message: string,
    readonly modelId: string,
    readonly searchedPaths: readonly string[] = [],
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A model file's sha256 does not match the registry or lock file. */
export class ModelIntegrityError extends AirgapEvalError {
  override name = "ModelIntegrityError";
  constructor(
    message: string,
    readonly file: string,
    readonly expectedSha256: string,
    readonly actualSha256: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The judge produced output that could not be used (truncated, or not matching the schema). Carries the raw text. */
export class JudgeOutputError extends AirgapEvalError {
  override name = "JudgeOutputError";
  constructor(
    message: string,
    readonly rawText: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * A prompt does not fit the judge's context window. The metric layer catches it to split its input.
 * `promptTokens` counts the prompt (with an answer plan's known tokens), `answerTokens` the answer budget the call
 * reserved (absent for a choice call); `detail` is the message without its advice, so a wrapper can restate it.
 */
export class ContextOverflowError extends AirgapEvalError {
  override name = "ContextOverflowError";
  /** What did not fit, without the advice on what to do. Defaults to the message. */
  readonly detail: string;
  /** The answer budget (maxTokens) the call reserved, when it had one. */
  readonly answerTokens: number | undefined;
  constructor(
    message: string,
    readonly promptTokens: number,
    readonly contextSize: number,
    options?: { cause?: unknown; detail?: string; answerTokens?: number },
  ) {
    super(message, options?.cause !== undefined ? { cause: options.cause } : undefined);
    this.detail = options?.detail ?? message;
    this.answerTokens = options?.answerTokens;
  }
}

function formatWithLocation(message: string, loc: InputLocation): string {
  const parts: string[] = [];
  if (loc.file !== undefined) parts.push(loc.file);
  if (loc.line !== undefined) parts.push(`line ${loc.line}`);
  if (loc.row !== undefined) parts.push(`row ${loc.row}`);
  if (loc.field !== undefined) parts.push(`field "${loc.field}"`);
  return parts.length > 0 ? `${parts.join(", ")}: ${message}` : message;
}
