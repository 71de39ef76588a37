import { wellFormedJson } from "../util/well-formed.js";

/**
 * Escapes text for HTML element content and quoted attribute values: `&`, `<`, `>`, `"` and `'`.
 *
 * @example
 * escapeHtml("<script>alert(1)</script>"); // "&lt;script&gt;alert(1)&lt;/script&gt;"
 */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/**
 * JSON for a `<script type="application/json">` block: `<`, `>`, `&`, U+2028 and U+2029 are written as
 * `\uXXXX` escapes, so no string in the data can close the script element or open a comment, and
 * `JSON.parse` of the element's text gives the value back unchanged.
 *
 * @example
 * jsonForScript({ text: "</script>" }); // '{"text":"\\u003c/script\\u003e"}'
 */
export function jsonForScript(value: unknown): string {
  return wellFormedJson(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** HTML that is already safe: produced by {@link html} or a trusted constant. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/**
 * Tagged template that escapes every interpolated value unless it is {@link SafeHtml}; arrays are joined,
 * and null, undefined and false render as nothing.
 *
 * @example
 * html`<td>${row.userInput}</td>`.value; // user text escaped
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? "";
  for (let i = 0; i < values.length; i++) {
    out += render(values[i]) + (strings[i + 1] ?? "");
  }
  return new SafeHtml(out);
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  if (value === null || value === undefined || value === false) return "";
  return escapeHtml(String(value));
}
