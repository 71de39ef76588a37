import { readFileSync } from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { InvalidInputError } from "../errors.js";
import { valueAt } from "../errors-zod.js";
import { packageRoot } from "../version.js";
import { parseJsonText, unreadableJsonFile } from "./json-text.js";
import {
  isBuiltinSource,
  type ModelKind,
  type RegistryEntry,
  type RegistryFileContents,
  registrySchema,
} from "./registry-schema.js";

/** Path of the registry that ships with the package (`<packageRoot>/models.json`). */
export const defaultRegistryPath: string = path.join(packageRoot, "models.json");

/**
 * The models the project knows, loaded from a `models.json` file and validated.
 *
 * @example
 * const registry = loadRegistry();
 * const judge = registry.get(registry.defaults.llm);
 */
/** The kinds that have a default model (a verifier is always named by the caller). */
export type DefaultKind = Exclude<ModelKind, "verifier">;

export class ModelRegistry {
  /** File the registry was read from. */
  readonly file: string;
  /** Ids used when the caller names no model. */
  readonly defaults: Readonly<Record<DefaultKind, string>>;
  /** Ids recommended once pulled. Falls back to `defaults`. */
  readonly recommended: Readonly<Record<DefaultKind, string>>;
  /** Every entry, in file order. */
  readonly models: readonly RegistryEntry[];
  readonly #byId: ReadonlyMap<string, RegistryEntry>;

  constructor(contents: RegistryFileContents, file: string) {
    this.file = file;
    this.defaults = contents.defaults;
    this.recommended = contents.recommended ?? contents.defaults;
    this.models = contents.models;
    this.#byId = new Map(contents.models.map((m) => [m.id, m]));
  }

  /** The entry with this id, or undefined. */
  get(id: string): RegistryEntry | undefined {
    return this.#byId.get(id);
  }

  /** True when the registry lists this id. */
  has(id: string): boolean {
    return this.#byId.has(id);
  }

  /** All ids, in file order. */
  ids(): string[] {
    return this.models.map((m) => m.id);
  }
}

/**
 * Reads and validates a registry file. A broken entry is an `InvalidInputError` naming the file,
 * the entry (by id, or by index when it has no usable id) and the field.
 *
 * @param file Path of the registry. Defaults to the package's `models.json`.
 * @example
 * const registry = loadRegistry();
 * console.log(registry.ids());
 */
export function loadRegistry(file: string = defaultRegistryPath): ModelRegistry {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw unreadableJsonFile(file, "the model registry", err);
  }
  return parseRegistry(parseJsonText(text, file, "the model registry"), file);
}

/**
 * Validates already-parsed registry JSON. See {@link loadRegistry}.
 *
 * @param json Parsed JSON.
 * @param file Name used in error messages.
 */
export function parseRegistry(json: unknown, file: string): ModelRegistry {
  const result = registrySchema.safeParse(json);
  if (!result.success) {
    const issue = pickIssue(result.error.issues, json);
    throw registryError(file, json, issue.path, issue.message);
  }
  checkConsistency(result.data, file, json);
  return new ModelRegistry(result.data, file);
}

type Issue = z.core.$ZodIssue;

interface FlatIssue {
  path: PropertyKey[];
  message: string;
}

/** Picks one issue to report; for a union (hub vs builtin source) reports the branch the data was meant for. */
function pickIssue(issues: readonly Issue[], root: unknown): FlatIssue {
  const first = issues[0];
  if (first === undefined) return { path: [], message: "invalid registry" };
  if (first.code === "invalid_union" && first.errors.length > 0) {
    const value = valueAt(root, first.path);
    const wantsBuiltin = typeof value === "object" && value !== null && "builtin" in value;
    const branch = first.errors[wantsBuiltin ? 1 : 0] ?? first.errors[0] ?? [];
    const inner = pickIssue(branch, value);
    return { path: [...first.path, ...inner.path], message: inner.message };
  }
  let message = first.message;
  if (first.code === "unrecognized_keys") message = `unknown field(s): ${first.keys.join(", ")}`;
  return { path: first.path, message };
}

/** Builds the error: `models.json: entry "id" (models[3]), field "source.revision": message`. */
function registryError(
  file: string,
  root: unknown,
  p: readonly PropertyKey[],
  message: string,
): InvalidInputError {
  if (p[0] === "models" && typeof p[1] === "number") {
    const index = p[1];
    const rawId = valueAt(root, ["models", index, "id"]);
    const entry =
      typeof rawId === "string" && rawId.length > 0 ? `"${rawId}" (models[${index}])` : `models[${index}]`;
    const field = p.slice(2).map(String).join(".") || "(the entry itself)";
    return new InvalidInputError(`model registry entry ${entry}: ${message}`, { file, field });
  }
  const field = p.map(String).join(".") || "(top level)";
  return new InvalidInputError(`model registry: ${message}`, { file, field });
}

/** "an" before a kind read as a word ("an embedding") or as letters ("an llm"), else "a" ("a verifier"). */
function article(kind: string): string {
  return kind === "llm" || /^[aeiou]/i.test(kind) ? "an" : "a";
}

/** Checks what the schema cannot: unique ids, kind/format agreement, defaults that exist. */
function checkConsistency(data: RegistryFileContents, file: string, root: unknown): void {
  const seen = new Map<string, number>();
  data.models.forEach((entry, index) => {
    const at = (field: string, message: string) =>
      registryError(file, root, ["models", index, ...field.split(".")], message);
    const previous = seen.get(entry.id);
    if (previous !== undefined) throw at("id", `duplicate id, already used by models[${previous}]`);
    seen.set(entry.id, index);
    const expectedFormat = entry.kind === "llm" ? "gguf" : "onnx";
    if (entry.format !== expectedFormat) {
      throw at(
        "format",
        `${article(entry.kind)} ${entry.kind} model must have format "${expectedFormat}", not "${entry.format}"`,
      );
    }
    const files = entry.source.files;
    const filePaths = new Set<string>();
    files.forEach((f, fi) => {
      if (filePaths.has(f.path)) throw at(`source.files.${fi}.path`, `duplicate file "${f.path}"`);
      filePaths.add(f.path);
    });
    if (entry.format === "gguf") {
      const ggufs = files.filter((f) => f.path.endsWith(".gguf"));
      if (ggufs.length !== 1)
        throw at("source.files", `a gguf model must list exactly one .gguf file, found ${ggufs.length}`);
    } else if (!files.some((f) => f.path.endsWith(".onnx"))) {
      throw at("source.files", "an onnx model must list at least one .onnx file");
    }
    if (entry.kind === "embedding" && entry.llm !== undefined)
      throw at("llm", "an embedding model cannot have llm settings");
    if (entry.kind === "llm" && entry.embedding !== undefined) {
      throw at("embedding", "an llm model cannot have embedding settings");
    }
    if (entry.kind !== "verifier" && entry.verifier !== undefined)
      throw at("verifier", `${article(entry.kind)} ${entry.kind} model cannot have verifier settings`);
    if (entry.kind === "verifier" && (entry.embedding !== undefined || entry.llm !== undefined))
      throw at(
        entry.embedding !== undefined ? "embedding" : "llm",
        "a verifier model has only verifier settings",
      );
    if (entry.kind !== "llm" && entry.tier !== undefined) throw at("tier", "only llm models have a tier");
    if (isBuiltinSource(entry.source) && !entry.id.startsWith(`${entry.source.builtin}/`)) {
      throw at(
        "id",
        `a built-in "${entry.source.builtin}" model id must start with "${entry.source.builtin}/"`,
      );
    }
  });
  for (const group of ["defaults", "recommended"] as const) {
    const ids = data[group];
    if (ids === undefined) continue;
    for (const kind of ["embedding", "llm"] as const) {
      const id = ids[kind];
      const index = seen.get(id);
      if (index === undefined) {
        throw registryError(file, root, [group, kind], `"${id}" is not the id of any model in the registry`);
      }
      const entry = data.models[index];
      if (entry !== undefined && entry.kind !== kind) {
        throw registryError(
          file,
          root,
          [group, kind],
          `"${id}" is ${article(entry.kind)} ${entry.kind} model, not ${article(kind)} ${kind} model`,
        );
      }
    }
  }
}
