import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { verdictOptionsShape } from "../shared/judge/choice-verdicts.js";
import {
  customJudgeDescriptorBase,
  customJudgeOptionFields,
  definitionField,
} from "../shared/judge/custom-options.js";

/** Largest seed llama.cpp takes (an unsigned 32-bit integer). */
const MAX_SEED = 2 ** 32 - 1;

/** Most votes (judge calls) per row AspectCritic takes. */
const MAX_STRICTNESS = 11;

/** `aspect_critic`: a user-defined binary criterion; opt-in, since it needs a definition. */
export const aspectCriticDescriptor = defineMetric({
  id: "aspect_critic",
  description:
    "1 when the row meets a criterion you define in words, else 0 (majority of `strictness` votes).",
  ...customJudgeDescriptorBase,
  definable: true,
  valueRange: [0, 1],
  options: z
    .strictObject({
      ...customJudgeOptionFields,
      ...definitionField,
      /**
       * Judge calls per row, an odd number; the verdict is their majority. Votes at temperature 0 would all be the
       * same, so with more than one vote each call samples (temperature > 0) with its own seed. 1 to 11. Defaults to 1.
       */
      strictness: z
        .number()
        .int()
        .min(1)
        .max(MAX_STRICTNESS, {
          error: `must be at most ${MAX_STRICTNESS}: each vote is one judge call per row, and ${MAX_STRICTNESS} votes already settle a majority; use 1, 3 or 5`,
        })
        .refine((n) => n % 2 === 1, { error: "must be odd (1, 3, 5, ...) so the majority vote cannot tie" })
        .default(1),
      /** Seed of the first vote; vote i uses `seed + i`. Defaults to 0. */
      seed: z.number().int().min(0).max(MAX_SEED).default(0),
      ...verdictOptionsShape,
    })
    .refine((o) => o.seed + o.strictness - 1 <= MAX_SEED, {
      path: ["seed"],
      error: `leaves no room for the votes' seeds (vote i uses seed + i, and seeds go up to ${2 ** 32 - 1}); use a smaller seed`,
    }),
});
