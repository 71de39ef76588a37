// The default of each `generate` flag in words, in one place: --help shows each as "(default: ...)", and a test checks
// that the flag tables of docs/generate.md and docs/cli.md give the same words.
import {
  defaultCallMaxTokens,
  defaultCallTimeoutMs,
  defaultChunkTokens,
  defaultSeed,
} from "../generate/defaults.js";

/** Rows generated when `--size` is not given. */
export const defaultGenerateSize = 10;
/** The test set file when `--out` is not given. */
export const defaultGenerateOut = "testset.jsonl";

/** Each `generate` flag's default as --help and the docs state it. */
export const generateFlagDefaults = {
  "--size": String(defaultGenerateSize),
  "--out": defaultGenerateOut,
  "--llm": "the registry's default judge",
  "--embeddings": "the registry's default embedder",
  "--models-dir": "$AIRGAP_EVAL_MODELS, else the user cache directory",
  "--seed": String(defaultSeed),
  "--mix": "an equal share each (Ragas' default)",
  "--personas": "none: questions without a persona",
  "--query-styles": "all",
  "--query-lengths": "all",
  "--chunk-tokens": `${defaultChunkTokens}, or less where two chunks and the prompt would not fit the judge's context`,
  "--max-tokens": String(defaultCallMaxTokens),
  "--call-timeout": String(defaultCallTimeoutMs / 1000),
  "--stage": "the built-in synthesizers",
  "--shard": "the whole plan",
} as const;

/** A flag's help text with its default: `text (default: words)`. */
export function withDefault(flag: keyof typeof generateFlagDefaults, text: string): string {
  return `${text} (default: ${generateFlagDefaults[flag]})`;
}
