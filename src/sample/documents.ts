import { InvalidInputError } from "../errors.js";
import type { FieldLocation } from "./validate.js";

/**
 * A Haystack `Document` as the retrieval evaluators read it: text, id, metadata and a graded
 * relevance `score` (ground truth) or retriever score (retrieved). Every field is optional.
 */
export interface HaystackDocument {
  /** The document's text. */
  content?: string | null;
  /** The document's id. Haystack derives one from the content when none is given; here a missing id stays missing. */
  id?: string | null;
  /** Metadata; `documentComparisonField: "meta.<key>"` reads a (nested) key from it. */
  meta?: Record<string, unknown> | null;
  /** Graded relevance in ground-truth documents (NDCG); ignored elsewhere. */
  score?: number | null;
}

/** Which document field the retrieval evaluators compare: `content`, `id`, or `meta.<key>` (nested keys with dots). */
export type DocumentComparisonField = "content" | "id" | `meta.${string}`;

/**
 * The comparison value of a document as a string key, or undefined when the field is missing, null
 * or an empty string (such documents never match, but still take up their rank). Values compare as
 * Python compares them: 1 and 1.0 and True are equal, lists and objects compare by content. A string
 * value is its own key (no copy, so its hash is computed once however many metrics read it); other
 * values, and strings that begin with NUL, get a key that begins with NUL and names their kind.
 */
export function comparisonKey(doc: HaystackDocument, field: DocumentComparisonField): string | undefined {
  let value: unknown;
  if (field === "content") value = doc.content;
  else if (field === "id") value = doc.id;
  else {
    value = doc.meta;
    for (const part of field.slice(5).split(".")) {
      if (
        value === null ||
        typeof value !== "object" ||
        Array.isArray(value) ||
        !Object.hasOwn(value, part)
      ) {
        return undefined;
      }
      value = (value as Record<string, unknown>)[part];
    }
  }
  if (value === undefined || value === null || value === "") return undefined;
  return keyOf(value);
}

function keyOf(value: unknown): string {
  if (typeof value === "string") return value.charCodeAt(0) === 0 ? `\u0000s:${value}` : value;
  if (typeof value === "boolean") return `\u0000n:${value ? 1 : 0}`;
  if (typeof value === "number") return `\u0000n:${value}`;
  return `\u0000j:${canonicalJson(value)}`;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(",")}}`;
  }
  if (typeof value === "boolean") return value ? "1" : "0";
  return JSON.stringify(value) ?? "null";
}

/**
 * Returns `value` when it is a list of document objects (`{content?, id?, meta?, score?}`); otherwise
 * throws `InvalidInputError` naming the row and the field, down to `field[i].score`.
 */
export function requireDocuments(value: unknown, where: FieldLocation): HaystackDocument[] {
  const hint = "give a list of documents such as [{ content: ..., id: ..., meta: {...}, score: 1 }]";
  if (value === undefined || value === null) throw new InvalidInputError(`is missing; ${hint}`, where);
  if (!Array.isArray(value)) throw new InvalidInputError(`must be a list of documents; ${hint}`, where);
  for (let i = 0; i < value.length; i++) {
    const problem = documentProblem(value[i]);
    if (problem === undefined) continue;
    const [message, key] = problem;
    throw new InvalidInputError(key === undefined ? `${message}; ${hint}` : message, {
      field: `${where.field}[${i}]${key === undefined ? "" : `.${key}`}`,
      ...(where.row !== undefined ? { row: where.row } : {}),
    });
  }
  return value as HaystackDocument[];
}

/** What is wrong with one document, and in which key (none: the document itself); undefined when valid. */
function documentProblem(doc: unknown): [message: string, key?: string] | undefined {
  if (doc === null || typeof doc !== "object" || Array.isArray(doc)) return ["must be a document object"];
  const d = doc as Record<string, unknown>;
  if (d.content !== undefined && d.content !== null && typeof d.content !== "string") {
    return [`must be a string or left out, got ${typeof d.content}`, "content"];
  }
  if (d.id !== undefined && d.id !== null && typeof d.id !== "string") {
    return [`must be a string or left out, got ${typeof d.id}`, "id"];
  }
  if (d.meta !== undefined && d.meta !== null && (typeof d.meta !== "object" || Array.isArray(d.meta))) {
    return ["must be an object (a mapping of keys to values) or left out", "meta"];
  }
  if (
    d.score !== undefined &&
    d.score !== null &&
    (typeof d.score !== "number" || !Number.isFinite(d.score))
  ) {
    return [`must be a finite number or left out, got ${String(d.score)}`, "score"];
  }
  return undefined;
}

/** The distinct comparison keys of a list of documents (documents without a usable value left out). */
export function comparisonKeySet(
  docs: readonly HaystackDocument[],
  field: DocumentComparisonField,
): Set<string> {
  const keys = new Set<string>();
  for (let i = 0; i < docs.length; i++) {
    const key = comparisonKey(docs[i]!, field);
    if (key !== undefined) keys.add(key);
  }
  return keys;
}
