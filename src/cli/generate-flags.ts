// Parsers for the flags of `airgap-eval generate` that take more than a number.
import { InvalidArgumentError } from "commander";
import { z } from "zod";
import { InvalidInputError } from "../errors.js";
import { queryLengths, queryStyles, synthesizerNames, synthesizerShortNames } from "../generate/defaults.js";
import type { Persona, QueryLength, QueryStyle, SynthesizerName } from "../generate/types.js";
import { readTextInput } from "../util/read-input.js";

/**
 * `--mix single=0.5,multi=0.25,abstract=0.25`: shares by short or full synthesizer name, each named once, each a
 * finite number >= 0 written in digits.
 */
export function parseMix(value: string): Partial<Record<SynthesizerName, number>> {
  const mix: Partial<Record<SynthesizerName, number>> = {};
  const usage = `--mix takes name=share pairs with names ${Object.keys(synthesizerShortNames).join(", ")} and shares >= 0, e.g. single=0.5,multi=0.25,abstract=0.25`;
  for (const part of value.split(",")) {
    const [key = "", share = "", ...extra] = part.split("=").map((s) => s.trim());
    const name = Object.hasOwn(synthesizerShortNames, key)
      ? synthesizerShortNames[key]
      : synthesizerNames.find((known) => known === key);
    const n = /^\d*\.?\d+$/.test(share) && extra.length === 0 ? Number(share) : Number.NaN;
    if (name === undefined || !Number.isFinite(n))
      throw new InvalidArgumentError(`${usage} (got "${part}").`);
    if (mix[name] !== undefined)
      throw new InvalidArgumentError(
        `--mix names ${name} twice (got "${value}"); give each question type once.`,
      );
    mix[name] = n;
  }
  if (!Object.values(mix).some((n) => n > 0))
    throw new InvalidArgumentError(
      `--mix gives every question type a share of 0 (got "${value}"); give at least one a share above 0.`,
    );
  return mix;
}

function listParser<T extends string>(flag: string, allowed: readonly T[]) {
  return (value: string): T[] => {
    const items = value.split(",").map((s) => s.trim());
    const bad = items.filter((item) => !(allowed as readonly string[]).includes(item));
    if (bad.length > 0 || items.length === 0) {
      throw new InvalidArgumentError(
        `${flag} takes a comma-separated list of ${allowed.join(", ")} (got "${bad.join(",")}").`,
      );
    }
    return [...new Set(items)] as T[];
  };
}

/** `--query-styles perfect_grammar,web_search_like`. */
export const parseQueryStyles: (value: string) => QueryStyle[] = listParser("--query-styles", queryStyles);
/** `--query-lengths short,medium`. */
export const parseQueryLengths: (value: string) => QueryLength[] = listParser(
  "--query-lengths",
  queryLengths,
);

const personaSchema = z
  .object({
    name: z.string().min(1),
    role_description: z.string().min(1).optional(),
    roleDescription: z.string().min(1).optional(),
  })
  .refine((p) => (p.role_description ?? p.roleDescription) !== undefined, {
    message: "needs a role_description",
  });

/**
 * Personas from a JSON array or a JSONL file of `{name, role_description}` (Ragas' Persona fields;
 * `roleDescription` is taken too).
 */
export function readPersonas(file: string): Persona[] {
  const text = readTextInput(
    file,
    "--personas file",
    'give a JSON array or JSONL of {"name", "role_description"}',
  ).replace(/^\uFEFF/, "");
  const trimmed = text.trim();
  let items: Array<{ value: unknown; line?: number }>;
  try {
    items = trimmed.startsWith("[")
      ? (JSON.parse(trimmed) as unknown[]).map((value) => ({ value }))
      : text
          .split("\n")
          .map((line, i) => ({ line: i + 1, raw: line.trim() }))
          .filter((l) => l.raw !== "")
          .map((l) => ({ value: JSON.parse(l.raw) as unknown, line: l.line }));
  } catch (err) {
    throw new InvalidInputError(
      'is not JSON: give a JSON array or JSONL of {"name": "...", "role_description": "..."}',
      { file },
      { cause: err },
    );
  }
  if (items.length === 0) throw new InvalidInputError("holds no personas", { file });
  return items.map(({ value, line }, i) => {
    const parsed = personaSchema.safeParse(value);
    if (!parsed.success) {
      throw new InvalidInputError(
        `persona ${i + 1} is not {"name": "...", "role_description": "..."} (${parsed.error.issues[0]?.message ?? "invalid"})`,
        { file, ...(line !== undefined ? { line } : {}) },
      );
    }
    return {
      name: parsed.data.name,
      roleDescription: (parsed.data.role_description ?? parsed.data.roleDescription)!,
    };
  });
}
