// Context entity recall, Ragas-style: prompt.ts (entity extraction), score.ts (recall with Ragas'
// epsilon), judge.ts (reference, then contexts), descriptor.ts. Haystack has no counterpart.

import type { MetricInput, MetricOptionsOf } from "../descriptor.js";
import { JudgeMetric } from "../shared/base/judge-metric.js";
import { statementSteps } from "../shared/judge/statements/steps.js";
import type { MetricResult } from "../types.js";
import { contextEntityRecallDescriptor } from "./descriptor.js";
import { judgeEntities } from "./judge.js";
import { entitiesPrompt } from "./prompt.js";
import { contextEntityRecall } from "./score.js";

/** Options of {@link ContextEntityRecall}. */
export type ContextEntityRecallOptions = MetricOptionsOf<typeof contextEntityRecallDescriptor>;

/**
 * Ragas `context_entity_recall`: the share of the reference's named entities that the retrieved
 * contexts also name. The judge lists the entities of the reference and of the contexts; the score
 * is |shared| / (|reference entities| + 1e-8), exact matches of distinct entities. A reference
 * without entities scores 0, as in Ragas.
 *
 * @example
 * const metric = new ContextEntityRecall({ llm });
 * const { value } = await metric.score({
 *   reference: "The Eiffel Tower was finished in 1889 in Paris.",
 *   retrievedContexts: ["Paris's Eiffel Tower opened in 1889."],
 * });
 */
export class ContextEntityRecall extends JudgeMetric<
  MetricInput<typeof contextEntityRecallDescriptor>,
  typeof contextEntityRecallDescriptor
> {
  static readonly descriptor = contextEntityRecallDescriptor;

  protected async compute(
    input: MetricInput<typeof contextEntityRecallDescriptor>,
    signal: AbortSignal | undefined,
  ): Promise<MetricResult> {
    const steps = statementSteps(this.llm, this.settings, signal);
    const j = await judgeEntities(steps, { reference: input.reference, contexts: input.retrievedContexts });
    const shared = j.referenceEntities.filter((e) => j.contextEntities.includes(e));
    return {
      value: contextEntityRecall(j.referenceEntities, j.contextEntities),
      status: "ok",
      reason:
        j.referenceEntities.length === 0
          ? "the judge found no entities in the reference, so none is recalled (Ragas scores 0 here)"
          : `${shared.length} of ${j.referenceEntities.length} reference entities are in the contexts`,
      details: {
        referenceEntities: j.referenceEntities,
        contextEntities: j.contextEntities,
        sharedEntities: shared,
        usage: steps.usage,
        ...(steps.splits.length > 0 ? { splits: steps.splits } : {}),
      },
    };
  }

  protected override promptVersions(): Record<string, string> {
    return { [entitiesPrompt.name]: entitiesPrompt.version };
  }
}
