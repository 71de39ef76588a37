import { z } from "zod";
import { judgeReason } from "../../metrics/shared/judge/text-schema.js";

/** A filter's answer: a short reason first (so the verdict follows from it), then 1 (keep) or 0 (reject). */
export interface FilterVerdict {
  reason: string;
  verdict: 0 | 1;
}

/** Longest reason a filter writes, in characters (bounded in the grammar, so a small judge cannot ramble). */
export const MAX_REASON_CHARS = 200;

/** The filters' output schema: the verdict is 0 or 1 by grammar. */
export const filterVerdictSchema: z.ZodType<FilterVerdict> = z.object({
  reason: judgeReason(MAX_REASON_CHARS),
  verdict: z.literal([0, 1]),
});
