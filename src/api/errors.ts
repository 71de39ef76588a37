// The public names of the group "Errors" (src/index.ts re-exports this file; docs/api.md lists the groups):
// one base class and a subclass per kind of failure.
export {
  AirgapEvalError,
  ContextOverflowError,
  type InputLocation,
  InvalidInputError,
  JudgeOutputError,
  ModelIntegrityError,
  ModelNotFoundError,
} from "../errors.js";
export { ModelPullError } from "../models/pull-error.js";
