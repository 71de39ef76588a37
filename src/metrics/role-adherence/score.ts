import { passShare } from "../shared/judge/deepeval-verdicts.js";

/**
 * Role adherence: the share of assistant replies in character (verdict 1, or its probability with scoring
 * "expected"), DeepEval's `(assistant turns − out-of-character turns) / assistant turns`; 1 when there is no
 * assistant reply; with `strict`, 0 below 1.
 *
 * @example
 * roleAdherence([1, 1, 0], false); // 0.6666666666666666
 */
export function roleAdherence(inCharacter: readonly number[], strict: boolean): number {
  return passShare(inCharacter, strict);
}
