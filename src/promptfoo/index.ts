/**
 * `airgap-eval/promptfoo`: the in-process GGUF judge as promptfoo's grading provider (docs/integrations.md).
 *
 * @example
 * // promptfooconfig.yaml
 * // defaultTest:
 * //   options:
 * //     provider: package:airgap-eval/promptfoo:PromptfooGrader
 *
 * No default export: promptfoo would look `PromptfooGrader` up on it. The file:// form is `dist/promptfoo/provider.js`.
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
