import { askJudge } from "../shared/judge/judge.js";
import { judgeWithSplitting, splitRecord } from "../shared/judge/split.js";
import type { StatementSteps } from "../shared/judge/statements/steps.js";
import { entitiesPromptFor } from "./prompt.js";

/** The entities of the reference and of the contexts. */
export interface EntityJudgement {
  referenceEntities: string[];
  contextEntities: string[];
}

/**
 * The entities of `texts`, joined with newlines into one text (Ragas joins the contexts so). When
 * they overflow the judge's window, they are asked in parts and the entities united.
 */
async function entitiesOf(steps: StatementSteps, texts: readonly string[], field: string): Promise<string[]> {
  const outcome = await judgeWithSplitting(texts, field, (parts) => {
    const text = parts.map((p) => p.text).join("\n");
    return askJudge(steps.llm, entitiesPromptFor(text), { text }, steps.settings, steps.usage, steps.signal);
  });
  const split = splitRecord(field, outcome);
  if (split) steps.splits.push(split);
  const entities = outcome.results.flatMap((r) => r.value.entities).map((e) => e.trim());
  return [...new Set(entities.filter((e) => e !== ""))];
}

/** Entities of the reference, then of the retrieved contexts (none without contexts, no call). */
export async function judgeEntities(
  steps: StatementSteps,
  input: { reference: string; contexts: readonly string[] },
): Promise<EntityJudgement> {
  const referenceEntities = await entitiesOf(steps, [input.reference], "reference");
  const contextEntities =
    input.contexts.length === 0 ? [] : await entitiesOf(steps, input.contexts, "retrievedContexts");
  return { referenceEntities, contextEntities };
}
