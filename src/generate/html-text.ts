// HTML read as text, for documents given as .html: headings become Markdown `#` lines (so chunks keep them),
// block elements become line breaks, scripts, styles and comments go, entities are decoded. A small own function
// rather than a dependency: documents are read as text only, and the well-kept converters pull in a DOM parser.
import {
  dropComments,
  dropDoctypes,
  dropElements,
  replaceElementTags,
  replaceHeadings,
  replaceTags,
} from "./html-tags.js";

const namedEntities: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  copy: "©",
  reg: "®",
  trade: "™",
  deg: "°",
  times: "×",
  middot: "·",
  bull: "•",
  euro: "€",
  pound: "£",
  shy: "",
};

/** Decodes `&name;`, `&#123;` and `&#x1F;` entities; unknown names stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);/gi, (whole, body: string) => {
    if (body[0] === "#") {
      const code =
        body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
        ? String.fromCodePoint(code)
        : whole;
    }
    return namedEntities[body.toLowerCase()] ?? whole;
  });
}

const blockTags = new Set(
  "address article aside blockquote body br dd div dl dt fieldset figcaption figure footer form header hr html li main nav ol p pre section table tbody td tfoot th thead tr ul".split(
    " ",
  ),
);

/** Elements dropped with their contents. */
const hiddenElements = ["script", "style", "noscript", "template", "head"];

/**
 * The text of an HTML document: `<h1>`–`<h6>` as `#`–`######` lines, paragraphs and other blocks on lines of their
 * own, inline tags dropped, whitespace inside a block collapsed, at most one blank line between blocks. Each pass
 * reads the text about once (src/generate/html-tags.ts), so the work grows linearly with the document, whatever
 * unclosed tags it holds.
 *
 * @example
 * htmlToText("<h2>Setup</h2><p>Run <b>it</b>.</p>"); // "## Setup\n\nRun it."
 */
export function htmlToText(html: string): string {
  let text = dropDoctypes(dropElements(dropComments(html), hiddenElements));
  text = replaceHeadings(text, (level, inner) => {
    const title = replaceTags(inner, " ").replace(/\s+/g, " ").trim();
    return title === "" ? "\n\n" : `\n\n${"#".repeat(level)} ${title}\n\n`;
  });
  text = replaceTags(replaceElementTags(text, blockTags, "\n\n"), "");
  const blocks = text
    .split(/\n\s*\n/)
    .map((block) => decodeEntities(block.replace(/\s+/g, " ")).replace(/\s+/g, " ").trim())
    .filter((block) => block !== "");
  return blocks.join("\n\n");
}
