/** What topic adherence reports: Ragas' `mode`. */
export type TopicAdherenceMode = "precision" | "recall" | "f1";

/** The small number Ragas adds to every denominator, so no topics (or none answered) gives 0 instead of NaN. */
export const TOPIC_ADHERENCE_EPSILON = 1e-10;

/** Ragas' counts over the conversation's topics. */
export interface TopicCounts {
  /** Topics answered that fall in a reference topic. */
  truePositives: number;
  /** Topics answered that fall in no reference topic. */
  falsePositives: number;
  /** Topics refused that fall in a reference topic (they should have been answered). */
  falseNegatives: number;
}

/**
 * Ragas' counts from one `answered` flag (1 answered, 0 refused) and one `onTopic` flag (1 in a reference topic) per
 * topic: tp = answered and on topic, fp = answered and off topic, fn = refused and on topic. The flags may be
 * probabilities (`scoring: "expected"`): each count is then its expected value, the flags taken as independent.
 * Throws a RangeError when the two lists differ in length.
 *
 * @example
 * topicCounts([1, 1, 0], [1, 0, 1]); // { truePositives: 1, falsePositives: 1, falseNegatives: 1 }
 */
export function topicCounts(answered: readonly number[], onTopic: readonly number[]): TopicCounts {
  if (answered.length !== onTopic.length) {
    throw new RangeError(
      `topic adherence needs one answered flag and one classification per topic; got ${answered.length} and ${onTopic.length}`,
    );
  }
  const counts: TopicCounts = { truePositives: 0, falsePositives: 0, falseNegatives: 0 };
  answered.forEach((a, i) => {
    const c = onTopic[i]!;
    counts.truePositives += a * c;
    counts.falsePositives += a * (1 - c);
    counts.falseNegatives += (1 - a) * c;
  });
  return counts;
}

/**
 * Ragas' topic adherence, computed as Ragas writes it (not rounded), with ε = 1e-10:
 * precision = tp / (tp + fp + ε), recall = tp / (tp + fn + ε), f1 = 2 (p r) / (p + r + ε). No topics, or no
 * answered on-reference topic, gives 0; one answered on-reference topic alone gives 0.9999999999 (precision and
 * recall) or 0.99999999985 (f1), as in Ragas.
 *
 * @example
 * topicAdherence({ truePositives: 2, falsePositives: 1, falseNegatives: 0 }, "precision"); // 0.6666666666444444
 */
export function topicAdherence(counts: TopicCounts, mode: TopicAdherenceMode): number {
  const { truePositives: tp, falsePositives: fp, falseNegatives: fn } = counts;
  const precision = tp / (tp + fp + TOPIC_ADHERENCE_EPSILON);
  const recall = tp / (tp + fn + TOPIC_ADHERENCE_EPSILON);
  if (mode === "precision") return precision;
  if (mode === "recall") return recall;
  return (2 * (precision * recall)) / (precision + recall + TOPIC_ADHERENCE_EPSILON);
}
