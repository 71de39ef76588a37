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

/** Keyphrases held by more chunks than this are too general to link chunks by (and would make pairs quadratic). */
export const MAX_THEME_HOLDERS = 50;
/** Most pairs kept per chunk, best first: enough choice for the plan, linear in the chunks. */
export const MAX_PARTNERS = 5;

/** Cosine similarities computed on demand, each pair once. */
function similarities(vectors: readonly Float32Array[]): (i: number, j: number) => number {
  const memo = new Map<number, number>();
  const n = vectors.length;
  return (i, j) => {
    if (i === j) return 1;
    const key = Math.min(i, j) * n + Math.max(i, j);
    let value = memo.get(key);
    if (value === undefined) {
      value = cosineSimilarity(vectors[i]!, vectors[j]!);
      memo.set(key, value);
    }
    return value;
  };
}

/** For each keyphrase held by 2 to {@link MAX_THEME_HOLDERS} chunks, the chunks holding it, in chunk order. */
function themeHolders(keyphrases: readonly (readonly string[])[]): Map<string, number[]> {
  const holders = new Map<string, number[]>();
  keyphrases.forEach((list, i) => {
    for (const k of list) holders.set(k, [...(holders.get(k) ?? []), i]);
  });
  for (const [k, chunks] of holders)
    if (chunks.length < 2 || chunks.length > MAX_THEME_HOLDERS) holders.delete(k);
  return holders;
}

/**
 * Pairs of chunks sharing at least one keyphrase with similarity at least `minSimilarity`, best first (more
 * shared keyphrases, then higher similarity, then chunk order), at most {@link MAX_PARTNERS} per chunk.
 */
export function relatedPairs(
  keyphrases: readonly (readonly string[])[],
  vectors: readonly Float32Array[],
  minSimilarity = DEFAULT_RELATED_SIMILARITY,
): RelatedGroup[] {
  const sim = similarities(vectors);
  const candidates = new Set<number>();
  const n = keyphrases.length;
  for (const chunks of themeHolders(keyphrases).values()) {
    for (let a = 0; a < chunks.length; a++) {
      for (let b = a + 1; b < chunks.length; b++) candidates.add(chunks[a]! * n + chunks[b]!);
    }
  }
  const pairs: RelatedGroup[] = [];
  for (const key of [...candidates].sort((x, y) => x - y)) {
    const i = Math.floor(key / n);
    const j = key % n;
    const themes = sharedKeyphrases(keyphrases[i]!, keyphrases[j]!);
    const similarity = sim(i, j);
    if (similarity >= minSimilarity) pairs.push({ members: [i, j], themes, similarity });
  }
  pairs.sort((a, b) => b.themes.length - a.themes.length || b.similarity - a.similarity);
  const partners = new Map<number, number>();
  return pairs.filter(({ members: [i, j] }) => {
    const keep = (partners.get(i!) ?? 0) < MAX_PARTNERS || (partners.get(j!) ?? 0) < MAX_PARTNERS;
    if (keep) for (const m of [i!, j!]) partners.set(m, (partners.get(m) ?? 0) + 1);
    return keep;
  });
}

function meanPairwise(members: readonly number[], sim: (i: number, j: number) => number): number {
  let sum = 0;
  let n = 0;
  for (let a = 0; a < members.length; a++) {
    for (let b = a + 1; b < members.length; b++) {
      sum += sim(members[a]!, members[b]!);
      n++;
    }
  }
  return n === 0 ? 1 : sum / n;
}

/**
 * Clusters around each keyphrase that two or more chunks (at most {@link MAX_THEME_HOLDERS}) share: the closest pair of chunks holding it, grown
 * greedily (the chunk that keeps the mean similarity highest) to {@link MAX_CLUSTER} while the mean stays at least
 * `minSimilarity`. Clusters with the same members are kept once (with all their themes); best first (more members,
 * then higher mean similarity).
 */
export function themeClusters(
  keyphrases: readonly (readonly string[])[],
  vectors: readonly Float32Array[],
  minSimilarity = DEFAULT_RELATED_SIMILARITY,
): RelatedGroup[] {
  const sims = similarities(vectors);
  const byMembers = new Map<string, RelatedGroup>();
  for (const [theme, chunks] of themeHolders(keyphrases)) {
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
