/**
 * The chunk groups whose rows fit the judge's window (window.ts): a group that is too long is trimmed to fewer of
 * its chunks (the most that fit, the shortest among equals), or left out when no two of them fit; a single chunk
 * that does not fit is left out. Deterministic: the same groups, chunks and window give the same groups.
 */
import type { Chunk, SynthesizerName } from "../types.js";
import type { RelatedGroup } from "./relations.js";
import type { WindowFit } from "./window.js";

/** Most themes a request carries. */
export const MAX_THEMES = 3;

/** The themes a row of `group` may carry: the longest one for a single chunk (one a row), else the first few. */
function widestThemes(group: RelatedGroup): string[] {
  if (group.members.length > 1) return group.themes.slice(0, MAX_THEMES);
  const longest = [...group.themes].sort((a, b) => b.length - a.length)[0];
  return longest === undefined ? [] : [longest];
}

/** Every subset of `members` of `size`, in order. */
function subsets(members: readonly number[], size: number): number[][] {
  if (size === 0) return [[]];
  const out: number[][] = [];
  for (let i = 0; i + size <= members.length; i++) {
    for (const rest of subsets(members.slice(i + 1), size - 1)) out.push([members[i]!, ...rest]);
  }
  return out;
}

/** The group trimmed to the most members that fit (fewest tokens among equals), or undefined. */
function trimmed(
  synthesizer: SynthesizerName,
  group: RelatedGroup,
  chunks: readonly Chunk[],
  fit: WindowFit,
): RelatedGroup | undefined {
  const least = group.members.length > 1 ? 2 : 1;
  const themes = widestThemes(group);
  const tokens = (members: readonly number[]) => members.reduce((sum, m) => sum + chunks[m]!.tokens, 0);
  for (let size = group.members.length; size >= least; size--) {
    const fitting = subsets(group.members, size)
      .filter((members) =>
        fit.fits(
          synthesizer,
          members.map((m) => chunks[m]!),
          themes,
        ),
      )
      .sort((a, b) => tokens(a) - tokens(b));
    if (fitting[0] !== undefined)
      return size === group.members.length ? group : { ...group, members: fitting[0] };
  }
  return undefined;
}

/**
 * The groups of `synthesizer` whose rows fit `fit`'s window, trimmed where needed, in the given order; groups
 * trimmed to the same chunks are kept once, with the themes of both. Every group when `fit` is undefined (a judge
 * that reports no window).
 */
export function fittingGroups(
  synthesizer: SynthesizerName,
  groups: readonly RelatedGroup[],
  chunks: readonly Chunk[],
  fit: WindowFit | undefined,
): RelatedGroup[] {
  if (fit === undefined) return [...groups];
  const byMembers = new Map<string, RelatedGroup>();
  for (const group of groups) {
    const kept = trimmed(synthesizer, group, chunks, fit);
    if (kept === undefined) continue;
    const key = kept.members.join(",");
    const existing = byMembers.get(key);
    if (existing === undefined) byMembers.set(key, { ...kept, themes: [...kept.themes] });
    else existing.themes.push(...kept.themes.filter((t) => !existing.themes.includes(t)));
  }
  return [...byMembers.values()];
}
