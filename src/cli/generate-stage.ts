// `generate --stage <module>`: a stage of the user's own, from a JS module's default export.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { InvalidInputError } from "../errors.js";
import type { StageOptions } from "../generate/builtin-stage.js";
import type { GenerationStage } from "../generate/stage.js";

function isStage(value: unknown): value is GenerationStage {
  const v = value as Partial<GenerationStage> | null;
  return typeof v?.plan === "function" && typeof v.produce === "function";
}

/**
 * The stage a module exports as default: a `GenerationStage` ({ plan, produce }), or a function given the stage
 * options that returns one (or a promise of one).
 */
export async function loadStageModule(file: string, options: StageOptions): Promise<GenerationStage> {
  let module: { default?: unknown };
  try {
    module = (await import(pathToFileURL(path.resolve(file)).href)) as { default?: unknown };
  } catch (err) {
    throw new InvalidInputError(
      `cannot be loaded as a stage module (${(err as Error).message})`,
      { file },
      { cause: err },
    );
  }
  const exported = module.default;
  const stage =
    typeof exported === "function" ? await (exported as (o: StageOptions) => unknown)(options) : exported;
  if (!isStage(stage)) {
    throw new InvalidInputError(
      "has no stage as its default export: export { plan, produce } (a GenerationStage) or a function of the stage options that returns one",
      { file },
    );
  }
  return stage;
}
