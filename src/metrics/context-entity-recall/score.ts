/** Ragas' epsilon in the entity recall denominator. */
export const ENTITY_RECALL_EPSILON = 1e-8;

/**
 * Ragas' context entity recall: distinct reference entities also among the context entities,
 * divided by (distinct reference entities + 1e-8). Entities match exactly (after trimming), so one
 * shared entity of one scores 1/(1+1e-8) = 0.99999999, and no reference entity scores 0.
 *
 * @example
 * contextEntityRecall(["Paris", "1889"], ["Paris", "Eiffel"]); // 1 / (2 + 1e-8)
 */
export function contextEntityRecall(
  referenceEntities: readonly string[],
  contextEntities: readonly string[],
): number {
  const reference = new Set(referenceEntities);
  const context = new Set(contextEntities);
  let shared = 0;
  for (const e of reference) if (context.has(e)) shared += 1;
  return shared / (reference.size + ENTITY_RECALL_EPSILON);
}
