// What a generate run was made with, written beside the test set (`<out>.config.json`): a resumed run must have the
// same, and merged shards must agree on it. Holds no time or path, so the same run writes the same bytes.
import path from "node:path";
import type { ModelProvenance } from "../provenance.js";
import { canonicalJson, sha256OfData } from "../util/hash.js";
import { keyDifferences } from "../util/key-differences.js";
import type { Persona, QueryLength, QueryStyle, SourceDocument, SynthesizerName } from "./types.js";

/** `format` of a generate run's config file. */
export const testsetFormat = "airgap-eval-testset";
/** Version of the test set files' layout. */
export const testsetFormatVersion = 1;

/** A model as the config records it: what changes its outputs (no path, no speed settings). */
export type RecordedModel = Pick<ModelProvenance, "id" | "kind" | "sha256" | "runtime" | "settings">;

/** The shard a run generated, when sharded. */
export interface ConfigShard {
  index: number;
  count: number;
}

/** The config file's content. */
export interface GenerationConfig {
  format: typeof testsetFormat;
  formatVersion: number;
  /** Rows asked for (the whole test set, also in a shard). */
  size: number;
  seed: number;
  mix: Record<SynthesizerName, number>;
  chunkTokens: number;
  personas: readonly Persona[] | null;
  queryStyles: readonly QueryStyle[];
  queryLengths: readonly QueryLength[];
  callBudget: { maxTokens: number; timeoutMs: number };
  /** The stage's name (`default`, or the user's). */
  stage: string;
  /** sha256 of the documents (ids and texts, in order). */
  documents: string;
  documentCount: number;
  llm: RecordedModel;
  embeddings: RecordedModel;
  /** Whether rows carry a filled response (`fillResponse` given). */
  filledResponses: boolean;
  shard: ConfigShard | null;
}

/**
 * The part of a provenance that can change outputs. A model loaded from a path is named by its file name (its
 * sha256 tells it apart), so the config holds no path and a moved model file still resumes.
 */
export function recordedModel(provenance: ModelProvenance): RecordedModel {
  const fromPath =
    provenance.path !== undefined && path.resolve(provenance.id) === path.resolve(provenance.path);
  return {
    id: fromPath ? path.basename(provenance.id) : provenance.id,
    kind: provenance.kind,
    sha256: provenance.sha256 ?? null,
    runtime: provenance.runtime,
    settings: provenance.settings,
  };
}

/** sha256 of documents: ids and texts, in order. */
export function documentsHash(documents: readonly SourceDocument[]): string {
  return sha256OfData(canonicalJson(documents.map((d) => [d.id, d.text])));
}

function flatten(value: unknown, prefix: string, into: Record<string, unknown>): Record<string, unknown> {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value))
      flatten(inner, prefix === "" ? key : `${prefix}.${key}`, into);
  } else {
    into[prefix] = Array.isArray(value) ? canonicalJson(value) : value;
  }
  return into;
}

/**
 * How two configs differ, one line per field (`config seed 42 -> 7`); `ignore` leaves top-level fields out (a
 * merge ignores `shard`). Empty when they agree.
 */
export function configDifferences(
  before: GenerationConfig,
  after: GenerationConfig,
  ignore: readonly (keyof GenerationConfig)[] = [],
): string[] {
  const strip = (config: GenerationConfig) =>
    flatten(
      Object.fromEntries(
        Object.entries(config).filter(([key]) => !ignore.includes(key as keyof GenerationConfig)),
      ),
      "",
      {},
    );
  return keyDifferences("config", strip(before), strip(after));
}
