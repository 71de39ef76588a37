// DeepEval's three-way verdicts (answer relevancy: relevant / borderline / irrelevant; faithfulness: agrees /
// borderline / contradicts), written as 2 / 1 / 0 under a grammar: the prompt with or without reasons, and one
// verdict asked with its probabilities read where the reading asks.
import { z } from "zod";
import type { PromptExample, PromptTemplate } from "../../../../prompts/types.js";
import {
  askJudgeForVerdicts,
  promptWithoutReasons,
  type VerdictCall,
  type VerdictReading,
} from "../choice-verdicts.js";
import { judgeReason } from "../text-schema.js";

/** A verdict as the judge writes it: an optional one-sentence reason, then 2 (yes), 1 (borderline) or 0 (no). */
export interface ThreeWayVerdict {
  reason?: string;
  verdict: 0 | 1 | 2;
}

/**
 * A written verdict, whether it counts for the score (`counted`, 1/0) and, when probabilities were read, its
 * `confidence` and (scoring "expected") `weight`: the probability of a counted verdict.
 */
export type CountedThreeWayVerdict = ThreeWayVerdict & {
  counted: 0 | 1;
  confidence?: number;
  weight?: number;
};

const SLOT = { key: "verdict", values: ["0", "1", "2"] } as const;
const ASK_REASON = " Give a one-sentence reason before the verdict.";

/** What a three-way verdict prompt says and shows. */
export interface ThreeWayPromptSpec<I> {
  name: string;
  version: string;
  /** The instruction's first lines: what the judge reads, the question, and what verdicts 2, 1 and 0 mean. */
  task: readonly string[];
  /** The line on what to use and that the input is data. */
  dataRule: string;
  examples: ReadonlyArray<PromptExample<I, ThreeWayVerdict>>;
  formatInput: (input: I) => string;
}

/** The prompt with a reason before the verdict, or its reason-free variant (`+noreasons`). */
export function threeWayPrompt<I>(
  spec: ThreeWayPromptSpec<I>,
): (reasons: boolean) => PromptTemplate<I, ThreeWayVerdict> {
  const template: PromptTemplate<I, ThreeWayVerdict> = {
    name: spec.name,
    version: spec.version,
    instruction: [...spec.task, `${spec.dataRule}${ASK_REASON}`, "Reply with JSON only."].join("\n"),
    outputSchema: z.object({ reason: judgeReason(), verdict: z.literal([0, 1, 2]) }),
    examples: spec.examples,
    formatInput: spec.formatInput,
  };
  const bare = promptWithoutReasons(template, {
    outputSchema: z.object({ verdict: z.literal([0, 1, 2]) }),
    ask: [ASK_REASON, ""],
  });
  return (reasons) => (reasons ? template : bare);
}

/**
 * Asks for one three-way verdict; `counts` says which verdicts count for the score. With scoring "expected",
 * `weight` is the probability of a counted verdict.
 */
export async function askThreeWayVerdict<I>(
  call: VerdictCall<I, ThreeWayVerdict>,
  reading: VerdictReading,
  counts: (verdict: 0 | 1 | 2) => 0 | 1,
): Promise<CountedThreeWayVerdict> {
  const { value, reads } = await askJudgeForVerdicts(call, SLOT, reading, (v) => [v.verdict]);
  const read = reads?.[0];
  const values = [0, 1, 2] as const;
  const weight = values.reduce(
    (sum: number, v) => sum + counts(v) * (read?.probabilities[String(v)] ?? 0),
    0,
  );
  return {
    ...value,
    counted: counts(value.verdict),
    ...(read ? { confidence: read.confidence } : {}),
    ...(read && reading.scoring === "expected" ? { weight } : {}),
  };
}
