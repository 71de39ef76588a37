// The built-in synthesizers and filters as the run's stage (src/generate/synth/ and src/generate/filters/).
import type { GenerationStage } from "./stage.js";
import { createStage } from "./synth/default-stage.js";
import type { Persona, QueryLength, QueryStyle } from "./types.js";

/** What a stage is told beyond the plan's arguments (the built-in one, and a `--stage` module's factory). */
export interface StageOptions {
  /** Who asks; dealt evenly over the rows. Defaults to none: questions are written without a persona. */
  personas?: readonly Persona[];
  /** The query styles dealt over the rows. */
  queryStyles: readonly QueryStyle[];
  /** The query lengths dealt over the rows. */
  queryLengths: readonly QueryLength[];
  /** A question type of the mix the chunks cannot serve is an error (the user chose the mix). Defaults to false. */
  strictMix?: boolean;
}

/**
 * The built-in stage: Ragas' three question types written by the judge, then the filters (context-referring
 * phrases, near duplicates, standalone and answerability verdicts, quotas). See docs/generate.md.
 */
export async function builtinStage(options: StageOptions): Promise<GenerationStage> {
  return createStage({
    ...(options.personas !== undefined ? { personas: options.personas } : {}),
    queryStyles: options.queryStyles,
    queryLengths: options.queryLengths,
    ...(options.strictMix !== undefined ? { strictMix: options.strictMix } : {}),
  });
}
