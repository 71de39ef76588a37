// `report compare --judge <gguf> --criteria <text>`: loads the judge, judges the paired rows head to head
// (arena_g_eval, both orders) and disposes of the judge.
import { InvalidInputError } from "../errors.js";
import { ArenaGEval } from "../metrics/arena-g-eval/metric.js";
import type { Comparison } from "../report/compare.js";
import { judgeComparison } from "../report/judged-compare.js";
import type { JudgedComparison } from "../report/judged-types.js";

/** The judge flags of `report compare`. */
export interface CompareJudgeFlags {
  /** `--judge`: a GGUF judge file. Defaults to none: no judged comparison. */
  judge?: string;
  /** `--criteria`: what makes one response better, in words. Required with `--judge`. */
  criteria?: string;
}

/** The judged comparison the flags ask for, or undefined without `--judge`; both flags or neither. */
export async function judgedComparison(
  comparison: Comparison,
  flags: CompareJudgeFlags,
): Promise<JudgedComparison | undefined> {
  if (flags.judge === undefined && flags.criteria === undefined) return undefined;
  if (flags.judge === undefined || flags.criteria === undefined || flags.criteria.trim() === "") {
    throw new InvalidInputError(
      '--judge and --criteria go together: --judge ./judge.gguf --criteria "Which answer is more correct?"',
    );
  }
  const { LlamaCppLlm } = await import("../llm/llama-cpp-llm.js");
  const llm = await LlamaCppLlm.load({ modelPath: flags.judge });
  try {
    const metric = new ArenaGEval({ llm, criteria: flags.criteria });
    return await judgeComparison(comparison, metric, flags.criteria, llm.id);
  } finally {
    await llm.dispose();
  }
}
