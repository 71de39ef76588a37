import { AirgapEvalError } from "../errors.js";

/**
 * `models pull` could not fetch a file: the hub was unreachable, answered with an HTTP error, or the
 * transfer stopped. The message says what happened and what to do next. Integrity failures are
 * `ModelIntegrityError` instead.
 */
export class ModelPullError extends AirgapEvalError {
  override name = "ModelPullError";
  constructor(
    message: string,
    /** URL that was being fetched. */
    readonly url: string,
    /** HTTP status when the server answered with an error, else undefined. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
