import type { GbnfJsonSchema } from "node-llama-cpp";
import { z } from "zod";

type JsonNode = Record<string, unknown>;

const SUPPORTED_FORMATS = new Set(["date-time", "time", "date"]);
/** An unconstrained value, as closely as node-llama-cpp's JSON grammar can say it. */
const ANY_SCALAR: JsonNode = { type: ["string", "number", "boolean", "null"] };

function isNode(value: unknown): value is JsonNode {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Converts a zod schema into the JSON Schema dialect that node-llama-cpp turns into a grammar.
 *
 * zod writes draft-7 JSON Schema of the *input* side (what the model must write before zod
 * parses it). node-llama-cpp understands a subset, so this rewrites: `anyOf` to `oneOf`,
 * `definitions` / `#/definitions/...` to `$defs` / `#/$defs/...`, tuple `items: [...]` to
 * `prefixItems`, an `allOf` of objects to one object, and `{}` (any) to any scalar. Keywords the
 * grammar cannot express (`minimum`, `pattern`, most `format`s, refinements) are dropped: the
 * result is always re-checked with the zod schema itself.
 *
 * @example
 * const grammar = await llama.createGrammarForJsonSchema(zodToGrammarSchema(z.object({ ok: z.boolean() })));
 */
export function zodToGrammarSchema(schema: z.ZodType): GbnfJsonSchema {
  const json = z.toJSONSchema(schema, { target: "draft-7", io: "input", unrepresentable: "any" }) as JsonNode;
  const { $schema: _drop, ...rest } = json;
  return convert(rest, true) as GbnfJsonSchema;
}

function convert(node: unknown, isRoot = false): JsonNode {
  if (node === true || (isNode(node) && Object.keys(node).length === 0)) return { ...ANY_SCALAR };
  if (!isNode(node)) return { ...ANY_SCALAR };
  const out: JsonNode = {};

  const defs = node.$defs ?? node.definitions;
  if (isNode(defs)) {
    const converted: JsonNode = {};
    for (const [name, def] of Object.entries(defs)) converted[name] = convert(def);
    out.$defs = converted;
  }

  if (typeof node.$ref === "string") {
    const ref = node.$ref.replace(/^#\/definitions\//, "#/$defs/");
    // A reference to the root ("#") cannot be expressed; fall back to any scalar.
    return ref.startsWith("#/$defs/") ? { ...out, $ref: ref } : { ...out, ...ANY_SCALAR };
  }
  if (Array.isArray(node.anyOf) || Array.isArray(node.oneOf)) {
    const alternatives = (node.anyOf ?? node.oneOf) as unknown[];
    return { ...out, oneOf: alternatives.map((alt) => convert(alt)) };
  }
  if (Array.isArray(node.allOf)) return { ...out, ...mergeAllOf(node.allOf) };
  if (node.const !== undefined) return { ...out, const: node.const };
  if (Array.isArray(node.enum)) return { ...out, enum: node.enum };

  const type = node.type;
  if (type === "object") {
    out.type = "object";
    if (isNode(node.properties)) {
      const props: JsonNode = {};
      for (const [key, value] of Object.entries(node.properties)) props[key] = convert(value);
      out.properties = props;
    }
    if (node.additionalProperties !== undefined && node.additionalProperties !== false) {
      out.additionalProperties =
        node.additionalProperties === true ? true : convert(node.additionalProperties);
    } else if (node.properties === undefined && node.additionalProperties === undefined) {
      out.additionalProperties = true;
    }
    copyNumbers(node, out, ["minProperties", "maxProperties"]);
    return out;
  }
  if (type === "array") {
    out.type = "array";
    if (Array.isArray(node.items)) {
      out.prefixItems = node.items.map((item) => convert(item));
      if (isNode(node.additionalItems)) out.items = convert(node.additionalItems);
      else if (node.maxItems === undefined) out.maxItems = node.items.length;
    } else if (Array.isArray(node.prefixItems)) {
      out.prefixItems = node.prefixItems.map((item) => convert(item));
      if (node.items !== undefined && node.items !== false) out.items = convert(node.items);
    } else if (node.items !== undefined) {
      out.items = convert(node.items);
    }
    copyNumbers(node, out, ["minItems", "maxItems"]);
    return out;
  }
  if (type === "string") {
    out.type = "string";
    if (typeof node.format === "string" && SUPPORTED_FORMATS.has(node.format)) out.format = node.format;
    else copyNumbers(node, out, ["minLength", "maxLength"]);
    return out;
  }
  if (typeof type === "string" || Array.isArray(type)) return { ...out, type };
  return isRoot ? { ...out, ...ANY_SCALAR } : { ...ANY_SCALAR };
}

function copyNumbers(from: JsonNode, to: JsonNode, keys: readonly string[]): void {
  for (const key of keys) if (typeof from[key] === "number") to[key] = from[key];
}

/** Merges an `allOf` of object schemas (zod intersections); anything else keeps the first part. */
function mergeAllOf(parts: unknown[]): JsonNode {
  const converted = parts.map((part) => convert(part));
  if (!converted.every((part) => part.type === "object")) return converted[0] ?? { ...ANY_SCALAR };
  const properties: JsonNode = {};
  for (const part of converted) if (isNode(part.properties)) Object.assign(properties, part.properties);
  return { type: "object", properties };
}
