/**
 * Which chunks a multi-hop question may join: pairs for the specific kind (chunks that share keyphrases and whose
 * embeddings are close) and clusters for the abstract kind (up to {@link MAX_CLUSTER} chunks around one shared
 * keyphrase, the theme). Ragas links chunks by entity overlap and by summary similarity; here both conditions come
 * from the deterministic keyphrases and the chunks' own embeddings, so no judge call is spent on the plan.
 */
import { cosineSimilarity } from "../../math/cosine.js";
import { sharedKeyphrases } from "./keyphrases.js";

/** Default least cosine similarity of two chunks' embeddings for them to be joined by a multi-hop question. */
export const DEFAULT_RELATED_SIMILARITY = 0.3;
/** Most chunks an abstract question's cluster holds. */
export const MAX_CLUSTER = 3;

/** A group of related chunks (indices into the chunk list), what they share, and how close they are. */
export interface RelatedGroup {
  members: number[];
  /** The shared keyphrases, the theme first. */
  themes: string[];
  /** Mean pairwise cosine similarity of the members' embeddings. */
  similarity: number;
}

function similarityMatrix(vectors: readonly Float32Array[]): number[][] {
  return vectors.map((a, i) => vectors.map((b, j) => (i === j ? 1 : cosineSimilarity(a, b))));
}

/**
 * Every pair of chunks sharing at least one keyphrase with similarity at least `minSimilarity`, best first (more
 * shared keyphrases, then higher similarity, then chunk order).
 */
export function relatedPairs(
  keyphrases: readonly (readonly string[])[],
  vectors: readonly Float32Array[],
  minSimilarity = DEFAULT_RELATED_SIMILARITY,
): RelatedGroup[] {
  const sims = similarityMatrix(vectors);
  const pairs: RelatedGroup[] = [];
  for (let i = 0; i < keyphrases.length; i++) {
    for (let j = i + 1; j < keyphrases.length; j++) {
      const themes = sharedKeyphrases(keyphrases[i]!, keyphrases[j]!);
      const similarity = sims[i]![j]!;
      if (themes.length > 0 && similarity >= minSimilarity)
        pairs.push({ members: [i, j], themes, similarity });
    }
  }
  return pairs.sort((a, b) => b.themes.length - a.themes.length || b.similarity - a.similarity);
}

function meanPairwise(members: readonly number[], sims: readonly number[][]): number {
  let sum = 0;
  let n = 0;
  for (let a = 0; a < members.length; a++) {
    for (let b = a + 1; b < members.length; b++) {
      sum += sims[members[a]!]![members[b]!]!;
      n++;
    }
  }
  return n === 0 ? 1 : sum / n;
}

/**
 * Clusters around each keyphrase that two or more chunks share: the closest pair of chunks holding it, grown
 * greedily (the chunk that keeps the mean similarity highest) to {@link MAX_CLUSTER} while the mean stays at least
 * `minSimilarity`. Clusters with the same members are kept once (with all their themes); best first (more members,
 * then higher mean similarity).
 */
export function themeClusters(
  keyphrases: readonly (readonly string[])[],
  vectors: readonly Float32Array[],
  minSimilarity = DEFAULT_RELATED_SIMILARITY,
): RelatedGroup[] {
  const sims = similarityMatrix(vectors);
  const holders = new Map<string, number[]>();
  keyphrases.forEach((list, i) => {
    for (const k of list) holders.set(k, [...(holders.get(k) ?? []), i]);
  });
  const byMembers = new Map<string, RelatedGroup>();
  for (const [theme, chunks] of holders) {
    if (chunks.length < 2) continue;
    let best: number[] | undefined;
    for (let a = 0; a < chunks.length; a++) {
      for (let b = a + 1; b < chunks.length; b++) {
        const pair = [chunks[a]!, chunks[b]!];
        if (best === undefined || meanPairwise(pair, sims) > meanPairwise(best, sims)) best = pair;
      }
    }
    const members = best!;
    if (meanPairwise(members, sims) < minSimilarity) continue;
    while (members.length < MAX_CLUSTER) {
      const next = chunks
        .filter((c) => !members.includes(c))
        .map((c) => ({ c, mean: meanPairwise([...members, c], sims) }))
        .sort((x, y) => y.mean - x.mean)[0];
      if (next === undefined || next.mean < minSimilarity) break;
      members.push(next.c);
    }
    members.sort((x, y) => x - y);
    const key = members.join(",");
    const existing = byMembers.get(key);
    if (existing !== undefined) existing.themes.push(theme);
    else byMembers.set(key, { members, themes: [theme], similarity: meanPairwise(members, sims) });
  }
  return [...byMembers.values()].sort(
    (a, b) => b.members.length - a.members.length || b.similarity - a.similarity,
  );
}
