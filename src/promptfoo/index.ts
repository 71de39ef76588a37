/**
 * `airgap-eval/promptfoo`: the in-process GGUF judge as promptfoo's grading provider (docs/integrations.md).
 *
 * @example
 * // promptfooconfig.yaml
 * // defaultTest:
 * //   options:
 * //     provider: package:airgap-eval/promptfoo:PromptfooGrader
 */

export type {
  PromptfooCallContext,
  PromptfooEmbeddingResponse,
  PromptfooProviderEntry,
  PromptfooProviderResponse,
  PromptfooTokenUsage,
} from "./grader.js";
export { gradedSteps, PromptfooGrader } from "./grader.js";
export type { PromptfooGraderOptions } from "./grader-options.js";

import { PromptfooGrader } from "./grader.js";

/** The grader class, for `file://node_modules/airgap-eval/dist/promptfoo/index.js` (promptfoo reads the default export). */
export default PromptfooGrader;
