// The promptfoo provider: promptfoo calls `callApi(prompt, context)` for each step of a model-graded assertion, with
// the step's label (`llm-rubric`, `factuality`, `context-faithfulness-nli`, ...) and variables in the context. The
// grader finds the answer shape of that label, has the in-process GGUF judge answer promptfoo's prompt under the
// shape's grammar, and returns the text promptfoo's parser reads. `callEmbeddingApi` serves answer-relevance and
// similar from the in-process encoder.
import { ContextOverflowError } from "../errors.js";
import { factsOf, fittingAnswerBudget, suggestedContextSize } from "../llm/overflow-advice.js";
import type { ShapeFor } from "./answer-shape.js";
import { graderEmbeddings, graderJudge } from "./grader-models.js";
import { checkGraderOptions, type PromptfooGraderOptions } from "./grader-options.js";
import { graderPrompt } from "./grader-prompt.js";
import { jsonAnswerShapes } from "./json-answer-shapes.js";
import { ragAnswerShapes } from "./rag-answer-shapes.js";

/** The grading steps the grader answers, by promptfoo's label, each with its answer shape. */
const answerShapes: Readonly<Record<string, ShapeFor>> = { ...jsonAnswerShapes, ...ragAnswerShapes };

/** promptfoo's grading step labels the grader answers (each model-graded assertion's steps). */
export const gradedSteps: readonly string[] = Object.keys(answerShapes);

/** What promptfoo hands a provider besides the prompt (the part the grader reads). */
export interface PromptfooCallContext {
  /** The grading step: `label` names it (`llm-rubric`, `context-recall`, ...). */
  prompt?: { label?: string; raw?: string };
  /** The variables promptfoo rendered the grading prompt with. */
  vars?: Record<string, unknown>;
}

/** Token counts, as promptfoo reads them. */
export interface PromptfooTokenUsage {
  total: number;
  prompt: number;
  completion: number;
  numRequests: number;
}

/** promptfoo's provider response: the text its grader parses, or an error. */
export interface PromptfooProviderResponse {
  output?: string;
  error?: string;
  tokenUsage?: PromptfooTokenUsage;
}

/** promptfoo's embedding response. */
export interface PromptfooEmbeddingResponse {
  embedding?: number[];
  error?: string;
}

/** What promptfoo passes a provider class's constructor: the provider entry's `id`, `label` and `config`. */
export interface PromptfooProviderEntry {
  id?: string;
  label?: string;
  config?: PromptfooGraderOptions & { basePath?: string };
}

/** An error's message; a prompt that does not fit names the grader's own options (its config) as the fix. */
function message(err: unknown): string {
  if (err instanceof ContextOverflowError) {
    const facts = factsOf(err);
    const budget = fittingAnswerBudget(facts);
    const fixes = [
      `contextSize: ${suggestedContextSize(facts)}`,
      ...(budget !== undefined ? [`maxTokens: ${budget}`] : []),
    ];
    return `${err.detail} To fix it, set ${fixes.join(" or ")} in the grader's config (the config of defaultTest.options.provider).`;
  }
  return err instanceof Error ? err.message : String(err);
}

/**
 * airgap-eval's in-process GGUF judge as promptfoo's grading provider, for promptfoo's model-graded assertions
 * (`llm-rubric`, `factuality`, `context-faithfulness`, `answer-relevance`, `context-recall`, `context-relevance`,
 * `model-graded-closedqa`, `g-eval`, `select-best`): every answer is held by a llama.cpp grammar to the form promptfoo
 * parses, greedy and offline. Its embeddings (`answer-relevance`, `similar`) come from the in-process encoder. The
 * models load at the first call and are shared by every grader of the process with the same config. Options:
 * {@link PromptfooGraderOptions}.
 *
 * @example
 * // promptfooconfig.yaml
 * // defaultTest:
 * //   options:
 * //     provider:
 * //       id: package:airgap-eval/promptfoo:PromptfooGrader
 * //       config: { llm: ./judge.gguf }
 */
export class PromptfooGrader {
  private readonly options: PromptfooGraderOptions;
  private readonly providerId: string;
  /** The entry's label, shown by promptfoo. */
  readonly label: string | undefined;

  /** Checks the entry's `config` (an `InvalidInputError` names a wrong option); loads nothing yet. */
  constructor(entry: PromptfooProviderEntry = {}) {
    this.options = checkGraderOptions(entry.config);
    this.providerId = entry.id ?? `airgap-eval:${this.options.llm ?? "default-judge"}`;
    this.label = entry.label;
  }

  /** The provider id promptfoo shows. */
  id(): string {
    return this.providerId;
  }

  /** Answers one grading step; an unknown step or a failure is an `error` naming what to do. */
  async callApi(prompt: string, context?: PromptfooCallContext): Promise<PromptfooProviderResponse> {
    const label = context?.prompt?.label;
    const shapeFor =
      label !== undefined && Object.hasOwn(answerShapes, label) ? answerShapes[label] : undefined;
    if (shapeFor === undefined || label === undefined) {
      return {
        error: `airgap-eval's promptfoo grader answers promptfoo's grading steps ${gradedSteps.join(", ")}; this call is ${label === undefined ? "not a grading step (no label)" : `"${label}"`}. Give that assertion another provider (its own options.provider), or use the grader only as the grading provider (defaultTest.options.provider).`,
      };
    }
    try {
      const shape = shapeFor(context?.vars ?? {}, label);
      const llm = await graderJudge(this.options);
      const { value, usage } = await llm.generateObject(
        graderPrompt(prompt, label, shape.note),
        shape.schema,
        shape.plan !== undefined ? { plan: shape.plan } : {},
      );
      const completion = usage.completionTokens + (usage.prefilledTokens ?? 0);
      return {
        output: shape.render(value),
        tokenUsage: {
          total: usage.promptTokens + completion,
          prompt: usage.promptTokens,
          completion,
          numRequests: 1,
        },
      };
    } catch (err) {
      return { error: `airgap-eval's promptfoo grader (${label}): ${message(err)}` };
    }
  }

  /** The encoder's vector of `text`, for answer-relevance and similar. */
  async callEmbeddingApi(text: string): Promise<PromptfooEmbeddingResponse> {
    try {
      const embeddings = await graderEmbeddings(this.options);
      const [vector] = await embeddings.embed([text]);
      return { embedding: Array.from(vector ?? []) };
    } catch (err) {
      return { error: `airgap-eval's promptfoo grader (embeddings): ${message(err)}` };
    }
  }
}
