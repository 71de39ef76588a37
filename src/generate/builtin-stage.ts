// The built-in synthesizers and filters as the run's stage (src/generate/synth/ and src/generate/filters/).
import { InvalidInputError } from "../errors.js";
import type { GenerationStage } from "./stage.js";
import type { Persona, QueryLength, QueryStyle } from "./types.js";

/** What the built-in stage is told beyond the plan's arguments. */
export interface StageOptions {
  /** Who asks; the stage picks one per row. Defaults to the stage's own (Ragas writes personas from the documents). */
  personas?: readonly Persona[];
  queryStyles: readonly QueryStyle[];
  queryLengths: readonly QueryLength[];
}

/**
 * The built-in stage. This build holds the run without its synthesizers: give a stage of your own
 * (`generateTestset({ stage })`, `generate --stage <module>`).
 */
export async function builtinStage(_options: StageOptions): Promise<GenerationStage> {
  throw new InvalidInputError(
    "this build of airgap-eval has no built-in question synthesizers; give a stage of your own (generateTestset({ stage }) or generate --stage <module.js>)",
  );
}
