// Text shaped to make the text passes slow (long runs of stops, unclosed tags): each must give the result a
// reader expects. How long they take is measured by `npm run bench -- --only scaling`, not here.
import { describe, expect, it } from "vitest";
import { decodeEntities, htmlToText } from "../../src/generate/html-text.js";
import { splitSentences } from "../../src/generate/sentences.js";
import { mulberry32 } from "../../src/math/prng.js";
import { contextSentences } from "../../src/metrics/context-relevance/sentences.js";

/** Random text made of the given pieces, seeded. */
function randomTexts(seed: number, pieces: readonly string[], count: number, most: number): string[] {
  const next = mulberry32(seed);
  return Array.from({ length: count }, () => {
    let text = "";
    const n = Math.floor(next() * most);
    for (let i = 0; i < n; i++) text += pieces[Math.floor(next() * pieces.length)];
    return text;
  });
}

/** htmlToText as regular expressions wrote it before its passes became scans: the oracle of the scans. */
function regexHtmlToText(html: string): string {
  const blockTags =
    "address|article|aside|blockquote|body|br|dd|div|dl|dt|fieldset|figcaption|figure|footer|form|header|hr|html|li|main|nav|ol|p|pre|section|table|tbody|td|tfoot|th|thead|tr|ul";
  let text = html
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<(script|style|noscript|template|head)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<!doctype[^>]*>/gi, " ");
  text = text.replace(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1\s*>/gi, (_m, level: string, inner: string) => {
    const title = inner
      .replace(/<[^>]*>/g, " ")
      .replace(/\s+/g, " ")
      .trim();
    return title === "" ? "\n\n" : `\n\n${"#".repeat(Number(level))} ${title}\n\n`;
  });
  text = text.replace(new RegExp(`<\\/?(?:${blockTags})\\b[^>]*>`, "gi"), "\n\n").replace(/<[^>]*>/g, "");
  return text
    .split(/\n\s*\n/)
    .map((block) => decodeEntities(block.replace(/\s+/g, " ")).replace(/\s+/g, " ").trim())
    .filter((block) => block !== "")
    .join("\n\n");
}

const texts = (spans: ReadonlyArray<{ start: number; end: number }>, text: string) =>
  spans.map((s) => text.slice(s.start, s.end));

describe("sentences of long runs of stops", () => {
  it("20,000 dots inside a sentence leave it one sentence; the next sentence is still cut", () => {
    const dots = ".".repeat(20_000);
    const text = `Wait${dots}then more. End.`;
    expect(texts(splitSentences(text), text)).toEqual([`Wait${dots}then more.`, "End."]);
    expect(contextSentences([text])).toEqual([`Wait${dots}then more.`, "End."]);
  });

  it("150 KB of dots alone, or before a word, is one sentence", () => {
    const dots = ".".repeat(150_000);
    for (const text of [dots, `a${dots}a`, `${dots}a`]) {
      expect(texts(splitSentences(text), text)).toEqual([text]);
      expect(contextSentences([text])).toEqual([text]);
    }
  });

  it("dots on lines of their own: a sentence per line for the chunker; for the judge, joined to the next with a letter", () => {
    const text = ".\n".repeat(50_000);
    expect(splitSentences(text)).toHaveLength(50_000);
    // Segments without a letter are joined to the next one: with no letter at all, they make one sentence.
    expect(contextSentences([`${text}Done.`])).toEqual([`${text}Done.`]);
  });

  it("a run of dots ending a sentence before a space ends it there", () => {
    const text = `Yes${".".repeat(30_000)} No.`;
    expect(texts(splitSentences(text), text)).toEqual([`Yes${".".repeat(30_000)}`, "No."]);
  });
});

describe("htmlToText on unclosed tags", () => {
  it("600 KB of `x<` has no tag: the text stays as written", () => {
    const html = "x<".repeat(300_000);
    expect(htmlToText(html)).toBe(html);
  });

  it("tags before a long unclosed tail are still read", () => {
    const tail = "x<".repeat(100_000);
    expect(htmlToText(`<h1>Title</h1><p>One <b>two</b></p>${tail}`)).toBe(`# Title\n\nOne two\n\n${tail}`);
  });

  it("unclosed comments, scripts, headings and doctypes stay text; closed ones after them are still read", () => {
    for (const open of ["<!--", "<script>", "<h2>", "<!doctype"]) {
      const html = `${open.repeat(20_000)}<p>kept</p>`;
      const text = htmlToText(html);
      expect(text.endsWith("kept"), open).toBe(true);
    }
    // The first <script> runs to the first </script>, as in a browser.
    expect(htmlToText(`${"<script>".repeat(20_000)}<p>a</p><script>x</script>b`)).toBe("b");
  });
});

describe("the scans give what the regular expressions gave", () => {
  it("htmlToText on 20,000 seeded random documents of tags, unclosed tags, comments and entities", () => {
    const pieces = [
      ..."< > </ <p> </p> <P·class=x> <br/> <h1> </h1> <H2·id=a> </h2·> </H2> <h3 <h7> <h1x> <hr> <header>".split(
        " ",
      ),
      ..."<head> </head> <script> </SCRIPT·> </script <style </style> <!-- --> <!--> <!DOCTYPE·html> <!doctype".split(
        " ",
      ),
      ..."&amp; &#65; &bogus; & x Hello <b> </b> <thead> <th> <td> <p-x> <noscript> </noscript> <div / é - <h6>".split(
        " ",
      ),
      " ",
      "\n",
      "\n\n",
      "\u00a0",
    ].map((piece) => piece.replaceAll("·", " "));
    for (const html of randomTexts(20_240_601, pieces, 20_000, 30))
      expect(htmlToText(html), html).toBe(regexHtmlToText(html));
  });
});
